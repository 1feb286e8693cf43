"""Soak: thousands of seeded random battles (random forces, random legal US answers) with the
invariants checked after each one (DESIGN.md "Properties")."""

from __future__ import annotations

import random

import pytest
from battle_helpers import DATA, random_scenario

from nimitz.model.invariants import state_problems
from nimitz.model.state import BATTALIONS, DESTROYED, JA_POOL, US_POOL
from nimitz.persist.players import bot_game
from nimitz.policies.battle import play_battle, randomized

N_BATTLES = 2400  # "thousands of random battles" (issue 4): about 15 s


def _one(seed: int):
    rng = random.Random(seed)
    state, area = random_scenario(rng, seed)
    before = {fid: (f.location, f.damaged, f.embarked) for fid, f in state.forces.items()}
    game = bot_game(DATA, state)
    play_battle(game, area, randomized(rng))
    return state, area, before, game


@pytest.mark.parametrize("chunk", range(8))
def test_random_battles_keep_every_invariant(chunk):
    for seed in range(chunk * N_BATTLES // 8, (chunk + 1) * N_BATTLES // 8):
        state, area, before, game = _one(seed)
        where = f"seed {seed} ({state.year}, {area})"
        assert state.battle is None, where
        assert state_problems(state, DATA) == [], where
        # no force lost or duplicated; forces outside the battle untouched
        assert set(before) <= set(state.forces), where
        for fid, (loc, dmg, emb) in before.items():
            f = state.forces[fid]
            if loc != area:
                assert (f.location, f.damaged, f.embarked) == (loc, dmg, emb), f"{where}: {fid} changed"
            else:
                assert f.location in (area, DESTROYED, JA_POOL, US_POOL, BATTALIONS), where
        stacked = [fid for ids in state.ja_stacks.values() for fid in ids]
        assert len(stacked) == len(set(stacked)), where
        # every hit batch placed no more hits than were scored
        for e in game.journal:
            if e.kind == "bot" and e.data.get("procedure") == "hit allocation":
                d = e.data
                assert len(d["placed"]) + len(d["cancelled"]) + d["lost"] == d["hits"], where
            if e.kind == "event" and e.side == "US" and "placed" in e.data:
                assert len(e.data["placed"]) <= e.data["hits"], where
        # the battle ended within its length (plans may extend it, never past the track)
        end = next(e for e in game.journal if e.text.startswith(f"Battle in {area} ends"))
        length_lines = [e for e in game.journal if e.text.startswith("battle length")]
        if length_lines:
            turns = int(end.text.split("after ")[1].split(" ")[0])
            length = length_lines[0].data["length"]
            changes = [
                (int(e.step.split("turn ")[1].split(":")[0]), e.data["after"])
                for e in game.journal
                if "max" in e.data and "after" in e.data
            ]
            for t in range(1, turns + 1):
                in_force = next((after for turn, after in reversed(changes) if turn < t), length)
                assert t <= in_force <= DATA.battle.max_turns, f"{where}: turn {t} played with length {in_force}"


def test_same_seed_same_battle():
    """Determinism: the same seed and answers give the same journal."""
    a = [e.text for e in _one(7)[3].journal]
    b = [e.text for e in _one(7)[3].journal]
    assert a == b
