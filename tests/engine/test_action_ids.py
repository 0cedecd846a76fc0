"""The action-id codec (fivehundred.action_ids): every legal action's id decodes to that action and back,
at every table, and the codec refuses what is not an action of the phase."""

from __future__ import annotations

import pickle
import random

import pytest

from fivehundred import PRESETS, Round
from fivehundred.action_ids import BID_ID, DISCARD_ID, PASS_ID, codec_for
from fivehundred.bidding import Bid
from fivehundred.errors import NotationError

TABLES = [PRESETS["australian"].replace(players=n) for n in (2, 3, 4, 5, 6)] + [
    PRESETS["american"], PRESETS["australian"].replace(players=5, five_player_partner="call_card")]


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p-{r.five_player_partner}-{r.deal_pattern}")
def test_every_legal_action_round_trips_through_its_id(rules) -> None:
    codec = codec_for(rules)
    rng = random.Random(rules.players)
    phases = set()
    for seed in range(25):
        r = Round.deal(rules, dealer=seed % rules.players, seed=seed)
        while not r.is_over:
            ids = r.legal_action_ids()
            actions = r.legal_actions()
            assert [codec.decode(r.phase.value, i) for i in ids] == list(actions)
            assert [codec.encode(a) for a in actions] == ids
            phases.add(r.phase.value)
            r.apply_legal_id(ids[rng.randrange(len(ids))])
    assert {"auction", "play"} <= phases


def test_ids_are_the_documented_numbers_and_wrong_ids_are_refused() -> None:
    codec = codec_for(PRESETS["australian"])
    assert codec.encode(Bid.parse("PASS")) == PASS_ID and codec.encode(Bid.parse("6S")) == BID_ID
    assert codec.decode("kitty", DISCARD_ID | 0b111).cards[0].label == "2♠"
    for phase, bad in (("auction", 3), ("play", 70), ("nomination", 75), ("kitty", 5), ("partner", 256), ("over", 0)):
        with pytest.raises(NotationError, match="no action with id"):
            codec.decode(phase, bad)
    with pytest.raises(NotationError, match="not an action"):
        codec.encode("7H")  # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(codec)) is codec  # one codec per rules
