"""Helpers for the campaign-turn rules tests (issue 3): hand-made situations on an empty map.

A situation starts from a real set-up (`new_campaign`), then `clear_map` takes every counter off
the map and out of the boxes (to DESTROYED; the reinforcement pools and JA stacks are left as
they are), and `place` puts chosen counters, by id, where a test wants them. The bot and the
engine steps then run on that state with scripted dice (`ScriptedDice`: faces in order, whatever
the stream, so the bot's random tie-break rolls must be scripted too).
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from nimitz.engine.dice import ScriptedDice
from nimitz.engine.game import Game
from nimitz.engine.setup import new_battalion, new_campaign
from nimitz.model.data import GameData
from nimitz.model.invariants import state_problems
from nimitz.model.journal import Decision
from nimitz.model.state import (
    BATTALIONS,
    BOMBING,
    DESTROYED,
    INVASION,
    RAID,
    CampaignState,
    Force,
    RulesProfile,
)
from nimitz.persist.players import bot_game
from nimitz.persist.saves import state_hash

OFF_MAP_BOXES = {"P1", "P2", "P3", RAID, BOMBING, INVASION, BATTALIONS}


def fresh(data: GameData, year: int = 1942, seed: int = 1, preset: str = "map") -> CampaignState:
    """A new campaign of `year` with every map counter removed."""
    state = new_campaign(data, year, seed, RulesProfile(order_modifiers=preset))
    clear_map(state, data)
    return state


def clear_map(state: CampaignState, data: GameData) -> None:
    """Every counter on the map or in a box (ports, raiding, bombing, invasion, battalions) goes
    to DESTROYED; the US and JA reinforcement pools (and the JA stacks) are untouched."""
    for f in state.forces.values():
        if f.location in data.map.area or f.location in OFF_MAP_BOXES:
            f.location = DESTROYED
        f.moved = f.embarked = f.damaged = False


def place(
    state: CampaignState, area: str, *ids: str, damaged: bool = False, embarked: bool = False, moved: bool = False
) -> list[Force]:
    """Put the named counters (full ids, e.g. "JA:Kaga") in `area` (an area or a box)."""
    out = []
    for fid in ids:
        f = state.forces[fid]
        for stack in state.ja_stacks.values():
            if fid in stack:
                stack.remove(fid)
        f.location = area
        f.damaged, f.embarked, f.moved = damaged, embarked, moved
        out.append(f)
    return out


def of_type(
    state: CampaignState, data: GameData, side: str, type_: str, n: int, exclude: Iterable[str] = (), **flags
) -> list[str]:
    """`n` ids of counters of a side and type (stable order), optionally filtered by class flags
    (e.g. australian=False)."""
    sheet = data.year(state.year)
    skip = set(exclude)
    out = []
    for f in state.forces.values():
        c = sheet.cls[f.cls]
        if f.side != side or c.type != type_ or f.id in skip:
            continue
        if any(getattr(c, k) != v for k, v in flags.items()):
            continue
        out.append(f.id)
        if len(out) == n:
            return out
    raise AssertionError(f"only {len(out)} {side} {type_} counters in {state.year}, {n} wanted")


def battalion(state: CampaignState, data: GameData, side: str, area: str) -> Force:
    return new_battalion(state, data.year(state.year), side, area)


def ids_at(state: CampaignState, location: str, side: str | None = None) -> set[str]:
    return {f.id for f in state.at(location, side)}


def game_with(data: GameData, state: CampaignState, faces: list[int] | None = None) -> Game:
    """A Game on `state` rolling the scripted faces (no faces: any roll fails loudly)."""
    return bot_game(data, state, dice=ScriptedDice(list(faces or [])))


class Step:
    """Drive one engine generator step (e.g. `movement(game)`) through Game.answer, so a
    decision is checked before the engine sees it, exactly as in play."""

    def __init__(self, game: Game, gen):
        self.game = game
        game._engine = gen
        game._advance(None)

    @property
    def request(self):
        return self.game.pending

    def send(self, decision: Decision):
        return self.game.answer(decision)


def assert_refused(step: Step, decision: Decision, *fragments: str) -> str:
    """The decision raises IllegalDecision naming the reason, and the state does not change."""
    from nimitz.errors import IllegalDecision

    before = state_hash(step.game.state)
    journal = len(step.game.journal)
    with pytest.raises(IllegalDecision) as exc:
        step.send(decision)
    assert state_hash(step.game.state) == before, "an illegal decision changed the state"
    assert len(step.game.journal) == journal, "an illegal decision was journaled"
    message = str(exc.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in the refusal {message!r}"
    return message


def assert_legal(state: CampaignState, data: GameData) -> None:
    assert state_problems(state, data) == []


def used_all(dice: ScriptedDice) -> bool:
    return dice.used == len(dice.faces)
