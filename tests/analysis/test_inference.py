"""The search player's inference (issue #24, item 4): its sampled deals fit the auction as the computer players
bid it (the bidding method), and fit the cards played, and never use a card the seat cannot see."""

from __future__ import annotations

import pytest

from fivehundred import Round
from fivehundred.analysis.hints import _method_calls, sample_positions
from fivehundred.bidding_method import method_call
from fivehundred.cards import ALL_CARDS, Card
from fivehundred.errors import FiveHundredError
from fivehundred.players import RulesPlayer
from fivehundred.round import Phase, View


def _first_lead_view(seed: int) -> View | None:
    """Rules players at every seat bid and take the kitty; the view of the seat to lead trick 1 (or to follow),
    from the first seat in play that is not the contractor, once the auction had at least one hidden call."""
    r = Round.deal(seed=seed, dealer=seed % 4)
    players = [RulesPlayer() for _ in range(4)]
    while not r.is_over and r.phase is not Phase.PLAY:
        assert r.to_act is not None
        r.apply(players[r.to_act].choose(r.view(r.to_act)))
    if r.is_over:
        return None
    for _ in range(2):  # a card or two into trick 1, so a defender is to play
        if r.to_act is not None and r.to_act != r.contractor:
            break
        r.apply(players[r.to_act].choose(r.view(r.to_act)))
    assert r.to_act is not None
    return r.view(r.to_act)


def _cards(position: object, seat: int, view: View) -> list[Card]:
    held = getattr(position, "hands")[seat]
    played = [c for t in (*view.tricks, view.current) if t is not None for s, c in t.plays if s == seat]
    return [c for c in ALL_CARDS if held & c.bit] + played


def _views(n: int) -> list[View]:
    out = []
    for seed in range(300):
        v = _first_lead_view(seed)
        if v is not None and _method_calls(v, [s for s in range(4) if s != v.seat]):
            out.append(v)
        if len(out) == n:
            break
    return out


def test_with_full_trust_every_hidden_seats_calls_are_the_methods_calls_with_its_sampled_cards() -> None:
    """Every sampled deal fits, but for a view where none of ``tries`` draws fits (then the last draw is used,
    as before the inference): with enough tries, all of them."""
    checked = 0
    for view in _views(12):
        calls = _method_calls(view, [s for s in range(4) if s != view.seat])
        for p in sample_positions(view, 20, seed=5, trust=1.0, tries=5000):
            for c in calls:
                made, _ = method_call(_cards(p, c.seat, view), c.seat, c.before, c.legal, rules=view.rules, to_win=c.to_win)
                assert made == c.call, (view.auction, c)
                checked += 1
    assert checked >= 500


def test_without_trust_the_samples_often_do_not_fit_and_the_trust_makes_the_difference() -> None:
    fit_loose = fit_trusted = total = 0
    for view in _views(12):
        calls = _method_calls(view, [s for s in range(4) if s != view.seat])
        for trust, counter in ((0.0, "loose"), (1.0, "trusted")):
            for p in sample_positions(view, 20, seed=5, trust=trust):
                ok = all(method_call(_cards(p, c.seat, view), c.seat, c.before, c.legal, rules=view.rules,
                                     to_win=c.to_win)[0] == c.call for c in calls)
                if counter == "loose":
                    fit_loose += ok
                    total += 1
                else:
                    fit_trusted += ok
    assert fit_trusted >= 0.95 * total, (fit_trusted, total)  # 200 tries a sample: a rare view finds no fit
    assert fit_loose < 0.6 * total, (fit_loose, total)  # the auction says something the samples did not know


def test_the_contractor_and_the_viewer_are_not_read_by_the_method() -> None:
    for view in _views(6):
        seats = [s for s in range(4) if s != view.seat]
        assert all(c.seat != view.contractor and c.seat != view.seat for c in _method_calls(view, seats))


def test_samples_keep_to_the_view_whatever_the_trust() -> None:
    for view in _views(4):
        for trust in (0.0, 0.9, 1.0):
            for p in sample_positions(view, 10, seed=2, trust=trust):
                assert p.hands[view.seat] == sum(c.bit for c in view.hand)
                played = sum(c.bit for c in view.played)
                assert not any(h & played for h in p.hands)
                for s in p.order:
                    assert bin(p.hands[s]).count("1") == view.hand_sizes[s]


@pytest.mark.parametrize("trust", [-0.1, 1.5, True, "high"])
def test_a_trust_outside_0_to_1_is_refused(trust: object) -> None:
    view = _views(1)[0]
    with pytest.raises(FiveHundredError, match="trust"):
        sample_positions(view, 1, trust=trust)  # type: ignore[arg-type]
