"""Building the save envelope of a new campaign."""

from __future__ import annotations

import copy

from nimitz.engine.setup import new_campaign
from nimitz.model.data import GameData
from nimitz.model.journal import JournalEntry
from nimitz.model.state import RulesProfile
from nimitz.persist.saves import Checkpoint, SaveEnvelope, now


def new_envelope(data: GameData, year: int, seed: int, rules: RulesProfile, name: str) -> SaveEnvelope:
    state = new_campaign(data, year, seed, rules)
    created = JournalEntry(
        seq=0, turn=0, step=state.step, side="", kind="created",
        text=f"{year} campaign created (seed {seed}, order modifiers: {rules.order_modifiers})",
        data={"year": year, "seed": seed})
    return SaveEnvelope(
        name=name, seed=seed, rules=rules, data_fingerprint=data.fingerprint, created=now(),
        state=state, journal=[created],
        checkpoints=[Checkpoint(turn=0, journal_len=1, state=copy.deepcopy(state))])
