"""What a save must be before anything uses it (persist/saves.py runs this on every read: play,
show, undo...): cheap checks that every state the save holds (each checkpoint) is a position the
game can be in (model/validation.py), that the journal's entries are numbered and shaped as the
engine writes them, and that the header and the last commit agree with them. Nothing the engine,
the bot or a view follows can then be missing. The full proof is `check` (persist/verify.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nimitz.model.data import GameData
from nimitz.model.journal import JournalEntry
from nimitz.model.validation import SIDES, validate_checkpoint_state

if TYPE_CHECKING:
    from nimitz.persist.saves import SaveEnvelope

ENTRY_KINDS = ("created", "decision", "roll", "bot", "event")
MAX_SHOWN = 5


def envelope_problems(env: SaveEnvelope, data: GameData) -> list[str]:
    """Every reason the save cannot be used as it is; [] when it can."""
    problems: list[str] = []
    last = env.summary
    if (last.journal_len, last.checkpoints) != (len(env.journal), len(env.checkpoints)):
        problems.append(
            f"$.commit: the last commit counts {last.journal_len} journal entries and "
            f"{last.checkpoints} checkpoints, the file holds {len(env.journal)} and "
            f"{len(env.checkpoints)}"
        )
    if not env.checkpoints:
        return problems + ["$.checkpoints: the save has no checkpoint to resume from"]
    problems += _journal_shape(env.journal, data)
    previous = 0
    for k, cp in enumerate(env.checkpoints):
        where = f"$.checkpoints[{k}]"
        if not previous <= cp.journal_len <= len(env.journal) or cp.journal_len < 1:
            problems.append(
                f"{where}.journal_len: {cp.journal_len} is not a journal position "
                f"after {previous} (the journal has {len(env.journal)} entries)"
            )
        previous = max(previous, cp.journal_len)
        problems += validate_checkpoint_state(cp.state, cp.turn, data, f"{where}.state")
        if cp.state.rules != env.header.rules:
            problems.append(f"{where}.state.rules: the options differ from the header's")
        if len(problems) > 50:  # enough to say what is wrong; a hostile file could list millions
            return problems
    first = env.checkpoints[0].state
    if env.header.seed != first.dice.seed:
        problems.append(f"$.header.seed: {env.header.seed}, but the campaign was dealt with seed {first.dice.seed}")
    return problems


def _journal_shape(journal: list[JournalEntry], data: GameData) -> list[str]:
    problems: list[str] = []
    if not journal or journal[0].kind != "created":
        problems.append("$.journal[0]: the journal does not start with the campaign's creation")
    for i, e in enumerate(journal):
        where = f"$.journal[{i}]"
        if e.seq != i:
            problems.append(f"{where}.seq: {e.seq}, but it is entry {i}")
        if e.kind not in ENTRY_KINDS:
            problems.append(f"{where}.kind: {e.kind!r} is no kind of journal entry")
        if (e.kind == "decision") != (e.decision is not None):
            problems.append(f"{where}.decision: only a decision entry holds a decision")
        if e.side not in SIDES and e.side != "":
            problems.append(f"{where}.side: {e.side!r} is neither US nor JA")
        if e.turn < 0 or (e.year not in data.years and e.year != 0):
            problems.append(f"{where}: turn {e.turn} of {e.year} is not in any campaign")
        if len(problems) > MAX_SHOWN:
            break
    return problems
