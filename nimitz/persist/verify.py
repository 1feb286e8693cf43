"""The full proof `nimitz check` gives (the cheap checks every read makes are persist/sound.py).

`verify` is `check`: it re-derives the whole campaign from what a player chose at the start (year,
seed, rules options, linked) and the journal's decisions, and compares everything the save holds
with the replay: every journal entry field (dice included), every checkpoint, every commit's
summary and the header (seed, name, rules, data fingerprint, versions, branch_of, its summary).
An edited save cannot pass: whatever the replay does not reproduce is named with where it is.
"""

from __future__ import annotations

import contextlib
import itertools
import re
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nimitz import RULES_VERSION, __version__
from nimitz.errors import NimitzError, SaveError
from nimitz.model.data import GameData
from nimitz.model.digest import canonical_json
from nimitz.model.journal import JournalEntry, decisions_in
from nimitz.persist.sound import envelope_problems

if TYPE_CHECKING:
    from nimitz.persist.saves import SaveEnvelope, SaveSummary

Plain = Callable[[Any], str]  # a record as canonical JSON text


# --- check: the whole campaign replayed from its creation ------------------------------------

_BRANCH = re.compile(
    r"^([A-Za-z0-9][A-Za-z0-9_.-]*)( after decision \d+|, restarted at "
    r"turn \d+ under rules \S+ \(the old file: [A-Za-z0-9][A-Za-z0-9_.-]*\))$"
)


def verify(env: SaveEnvelope, data: GameData, path: Path | None = None) -> list[str]:
    """[] when the save is exactly what this nimitz, with this data, writes for the campaign's
    decisions; otherwise what differs first in each part, and where."""
    from nimitz.persist.campaign_file import new_game, summary_for
    from nimitz.persist.saves import CONVERTER

    problems = envelope_problems(env, data)
    if problems:  # nothing safe to replay
        return problems
    problems = _header_problems(env, data, path)
    start = env.checkpoints[0].state
    header = env.header
    # The replay's summary at every point the game waited for a decision (journal length ->
    # summary): each commit of the save must be one of them.
    waiting: dict[int, SaveSummary] = {}  # journal length where the game waited -> its summary
    try:
        from nimitz.persist.position import replay_from_position

        # a campaign begun from a position file starts at its first checkpoint (docs/positions.md)
        game = replay_from_position(env, data) or new_game(data, start.year, header.seed, header.rules, start.linked)
        waiting[len(game.journal)] = summary_for(game, 0)
        decisions = decisions_in(env.journal)
        for n, decision in enumerate(decisions, start=1):
            if game.pending is None:
                problems.append(
                    f"$.journal: decision {n} of {len(decisions)} "
                    f"({decision.describe()}) comes after the campaign ended"
                )
                break
            game.answer(decision)
            waiting[len(game.journal)] = summary_for(game, n)
    except NimitzError as exc:
        problems.append(f"$.journal: the decisions cannot be replayed: {exc}")

    def plain(obj: Any) -> str:
        return canonical_json(CONVERTER.unstructure(obj))

    def as_json(items: list[JournalEntry]) -> list[str]:  # exact text: 4.0 or true is not the face 4 or 1
        return [canonical_json(item) for item in CONVERTER.unstructure(items)]

    ours, theirs = as_json(game.journal), as_json(env.journal)
    for k in range(min(len(ours), len(theirs))):
        if ours[k] != theirs[k]:
            saved = env.journal[k]
            problems.append(
                f"$.journal[{saved.seq}] (turn {saved.turn}, {saved.step}): "
                + _first_difference(game.journal[k], saved, plain)
            )
            break
    if len(game.journal) != len(env.journal):
        problems.append(f"$.journal: the replay has {len(game.journal)} entries, the save {len(env.journal)}")
    for k, (mine_cp, saved_cp) in enumerate(zip(game.checkpoints, env.checkpoints, strict=False)):  # lengths below
        if plain(mine_cp) != plain(saved_cp):
            problems.append(
                f"$.checkpoints[{k}] (start of turn {saved_cp.turn + 1}): "
                + _first_difference(mine_cp, saved_cp, plain)
            )
            break
    if len(game.checkpoints) != len(env.checkpoints):
        problems.append(f"$.checkpoints: the replay has {len(game.checkpoints)}, the save {len(env.checkpoints)}")
    problems += _commit_problems(env, waiting, plain)
    return problems


def _commit_problems(env: SaveEnvelope, waiting: dict[int, SaveSummary], plain: Plain) -> list[str]:
    """Each commit's summary must be the replay's at that point (its time aside), in order; the
    header's own copy is the last commit's, or the one before (a write cut before the header)."""
    previous, times = -1, []
    for k, commit in enumerate(env.commits):
        where = f"$.commits[{k}]"
        mine = waiting.get(commit.journal_len)
        if commit.journal_len <= previous or mine is None:
            return [
                f"{where}: a commit after journal entry {commit.journal_len}, where the game "
                f"did not wait for a decision"
            ]
        previous = commit.journal_len
        mine.saved = commit.saved
        if plain(mine) != plain(commit):
            return [f"{where}: " + _first_difference(mine, commit, plain)]
        times.append(commit.saved)
    problems = _time_problems([env.header.created, *times], "$.commits[].saved")
    if env.slot_summary is not None and plain(env.slot_summary) not in {plain(c) for c in env.commits[-2:]}:
        problems.append("$.header.summary: not the summary of the save's last commit")
    return problems


def _time_problems(stamps: list[str], where: str) -> list[str]:
    """Times written by nimitz: ISO dates with a zone, never going backwards from `created`."""
    try:
        times = [datetime.fromisoformat(t) for t in stamps]
        if any(t.tzinfo is None for t in times):
            raise ValueError
    except ValueError:
        return [f"{where}: not a date and time with its zone, as nimitz writes it"]
    if any(b < a for a, b in itertools.pairwise(times)):
        return [f"{where}: the times go backwards from the campaign's creation"]
    return []


def _first_difference(mine: Any, saved: Any, plain: Plain) -> str:
    """Which field of a journal entry or checkpoint differs from the replay, and how."""
    import attrs

    for a in attrs.fields(type(saved)):
        ours, theirs = plain(getattr(mine, a.name)), plain(getattr(saved, a.name))
        if ours != theirs:
            if a.name == "state":
                return "the state differs from the replay's"
            return f"{a.name} is {theirs[:80]}, the replay gives {ours[:80]}"
    return "differs from the replay"


def _header_problems(env: SaveEnvelope, data: GameData, path: Path | None) -> list[str]:
    """The fields outside the game that this program writes: they must be what it writes."""
    from nimitz.persist.store import SUFFIX

    header = env.header
    problems = []
    if path is not None and path.name.endswith(SUFFIX) and path.name != f"{env.name}{SUFFIX}":
        problems.append(f"$.header.name: the save calls itself {env.name!r} but its file is {path.name}")
    if header.data_fingerprint != data.fingerprint:
        problems.append(
            f"$.header.data_fingerprint: written with other game data "
            f"({header.data_fingerprint!r}; this nimitz has {data.fingerprint!r})"
        )
    if header.rules_version != RULES_VERSION:
        problems.append(
            f"$.header.rules_version: written under rules {header.rules_version!r}; this nimitz plays {RULES_VERSION!r}"
        )
    if header.program_version != __version__:
        problems.append(
            f"$.header.program_version: written by nimitz {header.program_version!r}; this is {__version__!r}"
        )
    from nimitz.persist.store import check_name

    try:  # a name nimitz would never give: it names files and appears in messages
        check_name(header.name)
    except SaveError as exc:
        problems.append(f"$.header.name: {exc}")
    branch = _BRANCH.match(header.branch_of)
    if header.branch_of and (branch is None or branch[1] == env.name):
        problems.append(f"$.header.branch_of: {header.branch_of[:80]!r} is not how nimitz records a branch")
    elif branch is not None and branch[2].startswith(" after decision "):
        after = int(branch[2].rsplit(" ", 1)[1])
        if after > len(decisions_in(env.journal)):
            problems.append(
                f"$.header.branch_of: a branch after decision {after}, but the "
                f"campaign has {len(decisions_in(env.journal))}"
            )
    return problems


@contextlib.contextmanager
def blame_an_unverified_save(path: Path, data: GameData) -> Iterator[None]:
    """Around what reads a save beyond its last turn (the after-action report, undo, branch,
    the journal of `show`): opening a save replays only its last turn, so an earlier journal
    entry or checkpoint that was edited is met here first. A failure on a save that does not
    verify is that save's fault: one message saying where it differs (as `check` would). On a
    save that verifies it is a bug, and is raised as it is."""
    try:
        yield
    except NimitzError:
        raise
    except Exception:
        from nimitz.persist.saves import read_save

        problems = verify(read_save(path, data), data, path)
        if not problems:
            raise
        raise SaveError(
            f"{path}: the save was edited or damaged and does not verify: {problems[0]} "
            f"(`nimitz check` lists every difference)"
        ) from None
