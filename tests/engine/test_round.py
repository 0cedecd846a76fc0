"""One hand through Round: kitty, misère, open misère, nomination, leads, views, undo, records."""

from __future__ import annotations

import random

import pytest

from .engine_helpers import MIXED_HANDS, E, N, S, W, bids, mixed, play_out, suited
from fivehundred import Card, IllegalActionError, IllegalPlayError, NotationError, Round, Rules, Suit, pack
from fivehundred.actions import Nominate, Play
from fivehundred.round import Phase


def cards(text: str) -> set[Card]:
    return {Card.parse(x) for x in text.split()}


def n_7nt(rules: Rules | None = None) -> Round:
    """Mixed deal: E, S, W pass; N (who holds the joker) bids 7NT and wins the auction."""
    r = mixed(rules)
    bids(r, "PASS PASS PASS 7NT")
    return r


# ---------------------------------------------------------------- kitty exchange
def test_contractor_takes_the_kitty() -> None:
    r = n_7nt()
    assert r.phase is Phase.KITTY and r.contractor == N and r.to_act == N
    assert set(r.hand(N)) == cards("JK JH AH KH AS KS AC KC AD KD 6D 5D 4D")


def test_discard_any_three_including_own_cards() -> None:
    r = n_7nt()
    r.discard("AS KS 6D")
    assert set(r.hand(N)) == cards("JK JH AH KH AC KC AD KD 5D 4D")
    assert set(r.discards) == cards("AS KS 6D")


@pytest.mark.parametrize(
    ("discard", "match"),
    [
        ("6D 5D", "exactly 3"),
        ("6D 5D 4D AS", "exactly 3"),
        ("6D 5D QH", "don't hold Q♥"),
        ("6D 6D 5D", "You chose 6♦ twice: discard 3 different cards"),
    ],
)
def test_bad_discards_rejected_state_unchanged(discard: str, match: str) -> None:
    r = n_7nt()
    before = r.record()
    with pytest.raises(IllegalPlayError, match=match):
        r.apply("discard " + discard)
    assert r.record() == before
    assert r.phase is Phase.KITTY and len(r.hand(N)) == 13


def test_discard_outside_kitty_phase() -> None:
    r = mixed()
    with pytest.raises(NotationError):
        r.apply("discard 6D 5D 4D")  # during the auction the text is read as a bid
    from fivehundred.actions import Discard

    before = r.record()
    with pytest.raises(IllegalPlayError, match="Discards are made only by the contractor"):
        r.apply(Discard.of("JK JH AH"))
    assert r.record() == before


# ---------------------------------------------------------------- nomination
def test_nomination_in_nt_when_contractor_holds_joker() -> None:
    r = n_7nt()
    r.discard("6D 5D 4D")
    assert r.phase is Phase.NOMINATION and r.to_act == N
    assert set(r.legal_actions()) == {Nominate(None), *(Nominate(s) for s in Suit)}
    r.nominate("H")
    assert r.phase is Phase.PLAY and r.nominated is Suit.HEARTS and r.to_act == N
    # nominated, the joker is an ordinary heart to lead: no suit to name
    assert Play.parse("JK") in r.legal_actions()
    assert not any(isinstance(a, Play) and a.named is not None for a in r.legal_actions())


def test_no_nomination_if_joker_discarded() -> None:
    r = n_7nt()
    r.discard("JK 5D 4D")
    assert r.phase is Phase.PLAY


def test_no_nomination_in_suit_contract() -> None:
    r = mixed()
    bids(r, "PASS PASS PASS 7H")
    r.discard("6D 5D 4D")
    assert r.phase is Phase.PLAY


def test_no_nomination_when_flag_forbids() -> None:
    r = n_7nt(Rules(joker_nomination_allowed=False))
    r.discard("6D 5D 4D")
    assert r.phase is Phase.PLAY


def test_no_nomination_when_contractor_lacks_joker() -> None:
    r = mixed()
    bids(r, "7NT PASS PASS PASS")  # E wins; N holds the joker
    assert r.contractor == E
    r.discard(" ".join(str(c) for c in r.hand(E)[:3]))
    assert r.phase is Phase.PLAY and r.to_act == E


def test_nomination_in_misere() -> None:
    r = mixed()
    bids(r, "7S PASS PASS MIS PASS")  # N bids misère after a seven
    assert str(r.contract) == "MIS" and r.contractor == N
    r.discard("6D 5D 4D")
    assert r.phase is Phase.NOMINATION


def test_nominate_outside_phase_rejected() -> None:
    r = mixed()
    bids(r, "PASS PASS PASS 7H")
    r.discard("6D 5D 4D")
    before = r.record()
    with pytest.raises(IllegalPlayError, match="nominates"):
        r.apply(Nominate(Suit.HEARTS))
    assert r.record() == before


# ---------------------------------------------------------------- leads and trick winners
def test_winner_of_each_trick_leads_next() -> None:
    r = mixed()
    bids(r, "PASS PASS PASS 7H")
    r.discard("6D 5D 4D")
    assert r.to_act == N  # the contractor leads to the first trick
    for card in ("AS", "QS", "9S", "6S"):
        r.play(card)
    assert r.tricks[-1].winner(Suit.HEARTS) == N and r.to_act == N
    r.play("KD")
    r.play("QD")
    # S's only printed diamond is JD, the left bower (a heart): S is void in diamonds
    assert set(a.card for a in r.legal_actions()) == cards("8H 7H 6H 8S 7S 9C 8C 7C JD")  # type: ignore[union-attr]
    r.play("JD")
    r.play("7D")
    assert r.tricks_won == [1, 0, 1, 0] and r.to_act == S


def test_must_follow_in_round_with_message() -> None:
    r = mixed()
    bids(r, "PASS PASS PASS 7H")
    r.discard("6D 5D 4D")
    r.play("AS")
    before = r.record()
    with pytest.raises(IllegalPlayError, match="must follow with a spade"):
        r.play("QH")
    with pytest.raises(IllegalPlayError, match="don't hold"):
        r.play("8H")
    assert r.record() == before


def test_play_out_of_turn_phase() -> None:
    r = mixed()
    with pytest.raises(IllegalPlayError, match="not time to play"):
        r.apply(Play.parse("AS"))


def test_joker_lead_names_an_unled_suit() -> None:
    r = n_7nt()
    r.discard("6D 5D 4D")
    r.nominate(None)
    plays = {str(a) for a in r.legal_actions()}
    assert {"JK:S", "JK:C", "JK:D", "JK:H"} <= plays and "JK" not in plays
    with pytest.raises(IllegalPlayError, match="must name a suit"):
        r.play("JK")
    for card in ("AS", "QS", "9S", "6S"):  # N wins with AS; spades have been led
        r.play(card)
    assert r.to_act == N
    assert "JK:S" not in {str(a) for a in r.legal_actions()}
    with pytest.raises(IllegalPlayError, match="already been led"):
        r.play("JK", "S")
    r.play("JK", "C")
    assert {str(a) for a in r.legal_actions()} == {"QC", "JC", "10C"}  # E must follow clubs
    r.play("QC")
    r.play("9C")
    r.play("6C")
    assert r.to_act == N  # the joker won
    assert set(r.suits_led) == {Suit.SPADES, Suit.CLUBS}


def test_naming_a_suit_with_a_plain_card_rejected() -> None:
    r = n_7nt()
    r.discard("6D 5D 4D")
    r.nominate(None)
    with pytest.raises(IllegalPlayError, match="name a suit only when you lead the joker"):
        r.play("AS", "H")


# ---------------------------------------------------------------- misère
def s_misere(rules: Rules | None = None) -> Round:
    r = mixed(rules)
    bids(r, "7S MIS PASS PASS PASS")  # E 7S, S misère, W, N, E pass
    assert str(r.contract) == "MIS" and r.contractor == S
    r.discard("6D 5D 4D")
    return r


def test_misere_partner_sits_out_three_card_tricks() -> None:
    r = s_misere()
    assert r.phase is Phase.PLAY and r.sitting_out == (N,)
    assert r.to_act == S  # the contractor leads, not the eldest hand
    seen = []
    for _ in range(3):
        seen.append(r.to_act)
        r.apply(r.legal_actions()[0])
    assert seen == [S, W, E]
    assert len(r.tricks) == 1 and len(r.tricks[0].plays) == 3
    play_out(r, random.Random(1))
    assert len(r.tricks) == 10
    assert all(len(t.plays) == 3 for t in r.tricks)
    assert N not in {seat for t in r.tricks for seat in t.seats}
    assert len(r.hand(N)) == 10
    assert r.result is not None and r.result.points_by_side[1] == 0  # defenders score nothing


def test_stop_when_misere_lost() -> None:
    def build(stop: bool) -> Round:
        r = suited(Rules(stop_when_misere_lost=stop))
        bids(r, "7S MIS PASS PASS PASS")
        r.discard("JK 4H 4D")
        r.play("AD")  # nobody else holds a diamond: S wins trick 1
        r.play("AH")
        r.play("AC")
        return r

    stopped = build(True)
    assert stopped.phase is Phase.OVER and len(stopped.tricks) == 1
    assert stopped.result is not None and stopped.result.points_by_side == (-250, 0)
    going = build(False)
    assert going.phase is Phase.PLAY and going.to_act == S and len(going.tricks) == 1


# ---------------------------------------------------------------- open misère
def e_open_misere(rules: Rules | None = None) -> Round:
    r = mixed(rules)
    bids(r, "OMIS PASS PASS PASS")
    assert str(r.contract) == "OMIS" and r.contractor == E
    r.discard("QH 10H 9H")
    return r


def test_open_misere_exposed_after_first_trick() -> None:
    r = e_open_misere()
    assert r.sitting_out == (W,) and r.to_act == E
    for seat in (N, S, W, E):
        assert r.view(seat).exposed == ()
    for _ in range(2):
        r.apply(r.legal_actions()[0])
    assert r.view(N).exposed == ()
    r.apply(r.legal_actions()[0])
    assert len(r.tricks) == 1
    for seat in (N, S, W):
        assert set(r.view(seat).exposed) == set(r.hand(E)) and len(r.view(seat).exposed) == 9
    assert r.view(E).exposed == ()


def test_open_misere_exposed_before_lead_with_flag() -> None:
    r = e_open_misere(Rules(open_misere_exposure="before_lead"))
    assert r.phase is Phase.PLAY and not r.tricks
    for seat in (N, S, W):
        assert set(r.view(seat).exposed) == set(r.hand(E)) and len(r.view(seat).exposed) == 10


def test_ordinary_misere_never_exposed() -> None:
    r = s_misere()
    play_out(r, random.Random(2))
    assert all(r.view(seat).exposed == () for seat in range(4))


# ---------------------------------------------------------------- views
def test_views_in_auction_show_only_own_hand() -> None:
    r = mixed()
    bids(r, "7H")
    for seat in range(4):
        v = r.view(seat)
        assert set(v.hand) == cards(MIXED_HANDS[seat])
        assert v.hand == r.hand(seat)
        assert v.kitty == () and v.discards == ()
        assert v.auction == ((E, r.auction[0][1]),)
        assert v.hand_sizes == (10, 10, 10, 10)
    assert r.view(S).legal_actions and r.view(N).legal_actions == ()


def test_kitty_only_to_its_owner_after_auction() -> None:
    r = n_7nt()
    assert set(r.view(N).kitty) == cards("6D 5D 4D")
    for seat in (E, S, W):
        assert r.view(seat).kitty == ()
    r.discard("AS KS 6D")
    assert set(r.view(N).discards) == cards("AS KS 6D")
    for seat in (E, S, W):
        v = r.view(seat)
        assert v.discards == () and v.kitty == ()
        assert not (set(v.hand) & set(r.hand(N)))


def test_views_show_played_cards_to_everyone() -> None:
    r = mixed()
    bids(r, "PASS PASS PASS 7H")
    r.discard("6D 5D 4D")
    r.play("AS")
    r.play("QS")
    for seat in range(4):
        assert r.view(seat).played == (Card.parse("AS"), Card.parse("QS"))
        assert Card.parse("AS") not in r.view(seat).unseen


def test_view_bad_seat() -> None:
    with pytest.raises(NotationError, match="no seat"):
        mixed().view(4)


# ---------------------------------------------------------------- undo and records
def test_undo_restores_exact_state_through_a_hand() -> None:
    r = mixed()
    rng = random.Random(7)
    steps = 0
    while r.phase is not Phase.OVER:
        before = (r.record(), r.to_act, r.phase, r.legal_actions(), [r.hand(s) for s in range(4)])
        act = r.legal_actions()[rng.randrange(len(r.legal_actions()))]
        r.apply(act)
        assert r.undo() == act
        assert (r.record(), r.to_act, r.phase, r.legal_actions(), [r.hand(s) for s in range(4)]) == before
        r.apply(act)
        steps += 1
    assert steps > 40


def test_undo_nothing() -> None:
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        mixed().undo()


def test_record_round_trip_at_every_step() -> None:
    r = n_7nt()
    r.discard("6D 5D 4D")
    r.nominate("D")
    rng = random.Random(3)
    while True:
        text = r.record()
        again = Round.from_record(text)
        assert again.record() == text and again.phase is r.phase and again.to_act == r.to_act
        if r.phase is Phase.OVER:
            break
        r.apply(r.legal_actions()[rng.randrange(len(r.legal_actions()))])
    assert "result:" in r.record() and "nominate: D" in r.record()


def test_record_with_wrong_result_rejected() -> None:
    r = mixed()
    bids(r, "PASS PASS PASS PASS")
    text = r.record().replace("thrown in", "7H by N made with 10 tricks")
    with pytest.raises(NotationError, match="does not match"):
        Round.from_record(text)


def test_from_hands_rejects_bad_deals() -> None:
    from .engine_helpers import MIXED_KITTY

    with pytest.raises(NotationError, match="10 cards"):
        Round.from_hands(MIXED_HANDS[:3] + ("5H 4H 10D 6S 5S 6C 5C 9D 8D",), MIXED_KITTY)
    with pytest.raises(NotationError, match="exactly the 43-card pack"):
        Round.from_hands(MIXED_HANDS[:3] + ("5H 4H 10D 6S 5S 6C 5C 9D 8D AS",), MIXED_KITTY)
    with pytest.raises(NotationError, match="need 4 hands"):
        Round.from_hands(MIXED_HANDS[:3], MIXED_KITTY)


# ---------------------------------------------------------------- the deal
def _expected_deal(order: list[str], dealer: int, pattern: list[tuple[int, int]]) -> tuple[list[set[str]], set[str]]:
    """Deal by hand: for each round, ``each`` cards to every player from the dealer's left, then ``kitty`` cards."""
    hands: list[set[str]] = [set() for _ in range(4)]
    kitty: set[str] = set()
    it = iter(order)
    for each, to_kitty in pattern:
        for i in range(1, 5):
            seat = (dealer + i) % 4
            hands[seat] |= {next(it) for _ in range(each)}
        kitty |= {next(it) for _ in range(to_kitty)}
    return hands, kitty


@pytest.mark.parametrize(
    ("deal_pattern", "pattern"),
    [("australian", [(3, 1), (4, 1), (3, 1)]), ("american", [(3, 3), (4, 0), (3, 0)])],
)
@pytest.mark.parametrize("dealer", [N, E, W])
def test_deal_pattern(deal_pattern: str, pattern: list[tuple[int, int]], dealer: int) -> None:
    # RULES.md §1: Australian 3-1-4-1-3-1 from the dealer's left; American 3, 3 to the widow, 4, 3
    order = [str(c) for c in pack(4)]
    random.Random(dealer).shuffle(order)
    r = Round.deal(Rules(deal_pattern=deal_pattern), dealer=dealer, order=" ".join(order))  # type: ignore[arg-type]
    hands, kitty = _expected_deal(order, dealer, pattern)
    assert [set(map(str, r.hand(s))) for s in range(4)] == hands
    assert set(map(str, r.kitty)) == kitty and len(kitty) == 3


@pytest.mark.parametrize(("players", "dead"), [(2, 10), (3, 0), (4, 0), (5, 0), (6, 0)])
def test_deal_sizes(players: int, dead: int) -> None:
    r = Round.deal(Rules(players=players), seed=4)
    assert [len(r.hand(s)) for s in range(players)] == [10] * players
    assert len(r.kitty) == 3 and len(r.dead_hand) == dead


def test_deal_rejects_wrong_order() -> None:
    with pytest.raises(NotationError, match="43-card pack"):
        Round.deal(order="AS KS")


# ---------------------------------------------------------------- explanations and compulsion through Round
def test_round_explain_sentences() -> None:
    r = mixed()
    assert "legal opening bid" in r.explain("7H")
    assert "seven" in r.explain("MIS")
    r.apply("7H")
    assert "higher on the ladder" in r.explain("8S")
    assert "lower than the standing bid" in r.explain("7D")
    assert "pass" in r.explain("PASS")
    bids(r, "PASS PASS PASS")
    r.discard("6D 5D 4D")
    r.play("QH")  # E is the contractor and leads a trump
    assert "must follow with a heart" in r.explain("9S")
    assert "follows suit" in r.explain("8H")
    v = r.explain_card("9S", seat=N)
    assert not v.legal and "turn" in v.reason


@pytest.mark.parametrize("compulsory", [True, False])
def test_misere_joker_compulsory_through_round(compulsory: bool) -> None:
    r = suited(Rules(misere_joker_compulsory=compulsory))
    bids(r, "7S MIS PASS PASS PASS")  # S (all the diamonds) takes the kitty 4D 4H JK
    r.discard("AD KD QD")
    assert r.phase is Phase.NOMINATION
    r.nominate(None)
    r.play("4H")
    r.play("AH")  # W wins with the ace of hearts
    r.play("AC")
    assert r.to_act == W
    r.play("KH")
    r.play("KC")  # E (void in hearts) plays next; S is last
    assert r.to_act == S
    held = {str(c) for c in r.hand(S)}
    assert held == {"JD", "10D", "9D", "8D", "7D", "6D", "5D", "4D", "JK"}
    legal = {str(a) for a in r.legal_actions()}
    assert legal == ({"JK"} if compulsory else held)  # S is void in hearts
    if compulsory:
        with pytest.raises(IllegalPlayError, match="must play the joker"):
            r.play("5D")
