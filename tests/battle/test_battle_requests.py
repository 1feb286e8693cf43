"""Illegal US answers raise IllegalDecision naming a rule and change nothing (DESIGN.md), through
Game.answer as the front ends use it; every request kind is answered by the policies."""

from __future__ import annotations

import random

import pytest
from battle_helpers import DATA, empty_state, put, random_scenario

from nimitz.engine.battle import resolve_battle
from nimitz.engine.game import Game
from nimitz.errors import IllegalDecision
from nimitz.model.journal import Decision
from nimitz.persist.players import bot_game
from nimitz.persist.saves import CONVERTER
from nimitz.policies.battle import BATTLE_KINDS, passive, play_battle, randomized, sensible

BAD = {
    "battle_place_ships": [
        Decision(kind="battle_place_ships", targets={"US:Chester/Louisville": "JO"}),
        Decision(kind="battle_place_ships", count=3),
    ],
    "battle_place_subs": [Decision(kind="battle_place_subs", targets={"US:SS Gp 1": "UO"})],
    "battle_plans": [
        Decision(kind="battle_plans", count=99),
        Decision(kind="battle_plans", forces=("x",)),
        Decision(kind="battle_air"),
    ],
    "battle_air": [Decision(kind="battle_air", targets={"US:Nowhere": "JO"}), Decision(kind="battle_air", choice="go")],
    "battle_allocate_hits": [
        Decision(kind="battle_allocate_hits", forces=("US:Nowhere",)),
        Decision(kind="battle_allocate_hits", choice="later"),
    ],
    "battle_reactive": [Decision(kind="battle_reactive", choice="nope")],
    "battle_first_light": [Decision(kind="battle_first_light", area="XX")],
    "battle_excess_aircraft": [Decision(kind="battle_excess_aircraft", forces=("US:Nowhere",))],
    "battle_airfield_losses": [Decision(kind="battle_airfield_losses", forces=())],
}


def _start(game: Game, area: str) -> None:
    game._engine = resolve_battle(game, area)
    game._advance(None)


def _snapshot(game: Game):
    return CONVERTER.unstructure(game.state), len(game.journal)


def test_illegal_answers_raise_and_change_nothing():
    """Random battles; at every request of each kind, the illegal answers are refused with a
    rule named, and the state and journal stay exactly as they were."""
    seen = set()
    for seed in range(60):
        rng = random.Random(seed)
        state, area = random_scenario(rng, seed)
        game = bot_game(DATA, state)
        _start(game, area)
        policy = randomized(rng)
        while game.pending is not None:
            req = game.pending
            if req.kind not in seen or rng.random() < 0.1:
                seen.add(req.kind)
                before = _snapshot(game)
                for bad in BAD[req.kind]:
                    with pytest.raises(IllegalDecision) as exc:
                        game.answer(bad)
                    assert "(" in str(exc.value), f"{req.kind}: no rule named in {exc.value}"
                    assert _snapshot(game) == before
                with pytest.raises(IllegalDecision):
                    game.answer(Decision(kind="resupply"))  # not an answer to this request
                assert _snapshot(game) == before
            game.answer(policy(req, game))
    # battle_ja_tie comes only with the R24 'player' profile (test_battle_r24.py)
    assert seen >= set(BATTLE_KINDS) - {"battle_first_light", "battle_ja_tie"}


@pytest.mark.parametrize("policy", [passive, sensible], ids=["passive", "sensible"])
def test_policies_answer_every_request(policy):
    for seed in range(40):
        rng = random.Random(1000 + seed)
        state, area = random_scenario(rng, seed)
        game = bot_game(DATA, state)
        play_battle(game, area, policy)
        assert state.battle is None


def test_sensible_spends_sp_and_attacks():
    s = empty_state()
    s.sp = 10
    put(s, "US", "Lexington")
    put(s, "US", "Enterprise")
    put(s, "JA", "Kaga")
    put(s, "JA", "DD Gp 1")
    game = bot_game(DATA, s)
    kinds = []
    play_battle(game, "MI", sensible, on_request=lambda r: kinds.append(r.kind))
    assert s.sp < 10
    moves = [e for e in game.journal if e.kind == "decision" and e.decision.kind == "battle_air"]
    assert any(m.decision.targets for m in moves)


def test_game_answer_journals_battle_decisions_and_steps():
    s = empty_state()
    put(s, "US", "Lexington")
    put(s, "JA", "Kaga")
    game = bot_game(DATA, s)
    _start(game, "MI")
    assert game.pending.kind == "battle_plans"
    assert s.step == "battle:setup:US plans"
    game.answer(Decision(kind="battle_plans"))
    steps = {e.step for e in game.journal}
    assert any(st.startswith("battle:turn 1:") for st in steps)
    assert all(e.data.get("purpose") for e in game.journal if e.kind == "roll")
