"""TableView's hooks for lessons built on it: ``vet`` (refuse a legal move, with a reason) and ``on_change``."""

from __future__ import annotations

from fivehundred.actions import Action, Play
from fivehundred.round import Phase, Round
from widgets import MoveRefused, TableView
from widgets.table import LEARNER


def _to_learner_play(table: TableView) -> None:
    """Bid and discard through the API until the learner is to play a card."""
    for _ in range(40):
        r = table.round
        if r.phase is Phase.PLAY and table.my_turn:
            return
        assert table.my_turn, table.status
        if r.phase is Phase.AUCTION:
            assert table.pass_() or table.bid(r.legal_bids()[1]), table.feedback
        elif r.phase is Phase.KITTY:
            assert table.discard([str(c) for c in r.hand(LEARNER)[:3]]), table.feedback
        elif r.phase is Phase.NOMINATION:
            assert table.nominate(None), table.feedback
    raise AssertionError("never reached the play")


def test_vet_refuses_a_legal_card_with_its_message_and_leaves_the_round_alone() -> None:
    seen: list[Action] = []

    def vet(r: Round, act: Action) -> str | None:
        seen.append(act)
        if isinstance(act, Play) and act.card != legal[-1]:
            return f"Not the {act.card} here: try again."
        return None

    table = TableView.deal(seed=5, pace=0, vet=vet)
    legal: list = []
    _to_learner_play(table)
    r = table.round
    legal = list(dict.fromkeys(p.card for p in r.legal_plays()))
    before = r.record()
    if len(legal) > 1:
        assert not table.play(str(legal[0]))
        assert table.feedback == f"Not the {legal[0]} here: try again."
        assert r.record() == before
    assert table.play(str(legal[-1])), table.feedback
    assert r.record() != before
    assert isinstance(seen[-1], Play) and seen[-1].card == legal[-1]


def test_vet_refusal_is_a_move_refused_error_for_clicks() -> None:
    table = TableView.deal(seed=5, pace=0, vet=lambda r, a: "No." if isinstance(a, Play) else None)
    _to_learner_play(table)
    card = table.round.legal_plays()[0].card
    try:
        table._hand_chose(card)
    except MoveRefused as err:
        assert err.explanation == "No."
    else:
        raise AssertionError("the click was not refused")


def test_on_change_runs_after_moves_and_undo() -> None:
    table = TableView.deal(seed=5, pace=0)
    lengths: list[int] = []
    table.on_change(lambda t: lengths.append(len(t.round.history)))
    _to_learner_play(table)
    assert lengths and lengths[-1] == len(table.round.history)
    n = len(lengths)
    assert table.undo()
    assert len(lengths) > n and lengths[-1] == len(table.round.history)
