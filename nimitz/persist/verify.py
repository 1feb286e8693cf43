"""What a save must be before anything uses it, and the full proof `nimitz check` gives.

`envelope_problems` runs on every read (play, show, list, undo...): cheap checks that every state
the save holds (the current one and each checkpoint) is a position the game can be in
(model/validation.py), that the journal's entries are numbered and shaped as the engine writes
them, and that the header agrees with the states. Nothing the engine, the bot or a view follows
can then be missing.

`verify` is `check`: it re-derives the whole campaign from what a player chose at the start (year,
seed, rules options, linked) and the journal's decisions, and compares everything the save holds
with the replay: every journal entry field (dice included), every checkpoint, the final state and
the header (seed, name, rules, data fingerprint, versions, branch_of). An edited save cannot
pass: whatever the replay does not reproduce is named with where it is.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any

from nimitz import RULES_VERSION, __version__
from nimitz.errors import NimitzError
from nimitz.model.data import GameData
from nimitz.model.journal import JournalEntry
from nimitz.model.validation import SIDES, validate_checkpoint_state, validate_state

ENTRY_KINDS = ("created", "decision", "roll", "bot", "event")
MAX_SHOWN = 5


def envelope_problems(env, data: GameData) -> list[str]:  # noqa: ANN001 - a SaveEnvelope
    """Every reason the save cannot be used as it is; [] when it can."""
    problems = validate_state(env.state, data, "$.state")
    if not env.checkpoints:
        return problems + ["$.checkpoints: the save has no checkpoint to resume from"]
    problems += _journal_shape(env.journal, data)
    previous = 0
    for k, cp in enumerate(env.checkpoints):
        where = f"$.checkpoints[{k}]"
        if not previous <= cp.journal_len <= len(env.journal) or cp.journal_len < 1:
            problems.append(f"{where}.journal_len: {cp.journal_len} is not a journal position "
                            f"after {previous} (the journal has {len(env.journal)} entries)")
        previous = max(previous, cp.journal_len)
        problems += validate_checkpoint_state(cp.state, cp.turn, data, f"{where}.state")
        if len(problems) > 50:  # enough to say what is wrong; a hostile file could list millions
            return problems
    first = env.checkpoints[0].state
    if env.seed != first.dice.seed:
        problems.append(f"$.seed: {env.seed}, but the campaign was dealt with seed {first.dice.seed}")
    if env.rules != first.rules or env.rules != env.state.rules:
        problems.append("$.rules: the options differ from the ones the campaign is played under")
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


# --- check: the whole campaign replayed from its creation ------------------------------------

_BRANCH = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_.-]*)( after decision \d+|, restarted at "
                     r"turn \d+ under rules \S+ \(the old file: [A-Za-z0-9][A-Za-z0-9_.-]*\))$")


def verify(env, data: GameData, path: Path | None = None) -> list[str]:  # noqa: ANN001
    """[] when the save is exactly what this nimitz, with this data, writes for the campaign's
    decisions; otherwise what differs first in each part, and where."""
    from nimitz.persist.campaign_file import decisions_in, new_game
    from nimitz.persist.saves import CONVERTER, canonical_json, state_hash

    problems = envelope_problems(env, data)
    if problems:  # nothing safe to replay
        return problems
    problems = _header_problems(env, data, path)
    start = env.checkpoints[0].state
    try:
        game = new_game(data, start.year, env.seed, env.rules, start.linked)
        decisions = decisions_in(env.journal)
        for n, decision in enumerate(decisions, start=1):
            if game.pending is None:
                problems.append(f"$.journal: decision {n} of {len(decisions)} "
                                f"({decision.describe()}) comes after the campaign ended")
                break
            game.answer(decision)
    except NimitzError as exc:
        problems.append(f"$.journal: the decisions cannot be replayed: {exc}")

    def plain(obj: Any) -> str:
        return canonical_json(CONVERTER.unstructure(obj))

    for mine, saved in zip(game.journal, env.journal):
        if plain(mine) != plain(saved):
            problems.append(f"$.journal[{saved.seq}] (turn {saved.turn}, {saved.step}): "
                            + _first_difference(mine, saved, plain))
            break
    if len(game.journal) != len(env.journal):
        problems.append(f"$.journal: the replay has {len(game.journal)} entries, the save "
                        f"{len(env.journal)}")
    for k, (mine, saved) in enumerate(zip(game.checkpoints, env.checkpoints)):
        if plain(mine) != plain(saved):
            problems.append(f"$.checkpoints[{k}] (start of turn {saved.turn + 1}): "
                            + _first_difference(mine, saved, plain))
            break
    if len(game.checkpoints) != len(env.checkpoints):
        problems.append(f"$.checkpoints: the replay has {len(game.checkpoints)}, the save "
                        f"{len(env.checkpoints)}")
    if state_hash(game.state) != state_hash(env.state):
        problems.append("$.state: the current position differs from the replay's")
    return problems


def _first_difference(mine: Any, saved: Any, plain) -> str:  # noqa: ANN001
    """Which field of a journal entry or checkpoint differs from the replay, and how."""
    import attrs

    for a in attrs.fields(type(saved)):
        ours, theirs = plain(getattr(mine, a.name)), plain(getattr(saved, a.name))
        if ours != theirs:
            if a.name == "state":
                return "the state differs from the replay's"
            return f"{a.name} is {theirs[:80]}, the replay gives {ours[:80]}"
    return "differs from the replay"


def _header_problems(env, data: GameData, path: Path | None) -> list[str]:  # noqa: ANN001
    """The fields outside the game that this program writes: they must be what it writes."""
    from nimitz.persist.campaign_file import decisions_in
    from nimitz.persist.store import SUFFIX

    problems = []
    if path is not None and path.name.endswith(SUFFIX) and path.name != f"{env.name}{SUFFIX}":
        problems.append(f"$.name: the save calls itself {env.name!r} but its file is {path.name}")
    if env.data_fingerprint != data.fingerprint:
        problems.append(f"$.data_fingerprint: written with other game data "
                        f"({env.data_fingerprint!r}; this nimitz has {data.fingerprint!r})")
    if env.rules_version != RULES_VERSION:
        problems.append(f"$.rules_version: written under rules {env.rules_version!r}; this "
                        f"nimitz plays {RULES_VERSION!r}")
    if env.program_version != __version__:
        problems.append(f"$.program_version: written by nimitz {env.program_version!r}; this "
                        f"is {__version__!r}")
    branch = _BRANCH.match(env.branch_of)
    if env.branch_of and (branch is None or branch[1] == env.name):
        problems.append(f"$.branch_of: {env.branch_of[:80]!r} is not how nimitz records a branch")
    elif branch is not None and branch[2].startswith(" after decision "):
        after = int(branch[2].rsplit(" ", 1)[1])
        if after > len(decisions_in(env.journal)):
            problems.append(f"$.branch_of: a branch after decision {after}, but the campaign has "
                            f"{len(decisions_in(env.journal))}")
    times = []
    for name in ("created", "saved"):
        try:
            times.append(datetime.fromisoformat(getattr(env, name)))
        except ValueError:
            problems.append(f"$.{name}: {getattr(env, name)[:40]!r} is not a date and time")
    if len(times) == 2 and (times[0].tzinfo is None or times[1].tzinfo is None
                            or times[0] > times[1]):
        problems.append("$.saved: the save's times are not a creation followed by a save")
    return problems
