"""Mutation fuzzer over the save format: damaged and forged saves against every way a save is read.

From a few genuine saves (a campaign a few turns in, with checkpoints and many commits; a schema-2
save), each case applies one seeded mutation and runs what a player's commands run on the file:
the header read of `list`, `read_save` + `verify` (= `check`), `Session.open` (= `play`) and
then what `show`, `aar`, `undo` and `branch` do with the opened campaign (without writing).
Counted:

- tracebacks: any exception that is not a NimitzError (the CLI would show a traceback);
- hangs: a case that takes longer than --timeout seconds;
- accepted forgeries: `check` calls the file sound although what the program reads from it
  (header, journal, checkpoints, commits) differs from the genuine save.

Mutations: bytes (flip, cut, insert, truncate, duplicate or swap lines) and JSON (a value changed,
retyped, grown huge; a key dropped or added), each JSON edit half the time "re-sealed" by a
forger who knows the format (the batch hashes and the header checksum recomputed), which only
replay verification can catch.

    python benchmarks/fuzz_saves.py --cases 20000 --seed 1
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import random
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from attrs import define, field

from nimitz.errors import NimitzError
from nimitz.model.data import GameData
from nimitz.model.load import load_game_data
from nimitz.model.state import RulesProfile
from nimitz.persist import saves
from nimitz.persist.campaign_file import Session
from nimitz.persist.history import UNDO_TARGETS, decision_indices
from nimitz.persist.verify import blame_an_unverified_save, verify
from nimitz.policies import get_policy
from nimitz.views.aar import aar_markdown
from nimitz.views.situation import last_turn_bot_text, situation_text


@define
class FuzzReport:
    cases: int = 0
    refused_unreadable: int = 0  # check would exit 2
    refused_unverified: int = 0  # check would exit 1
    accepted_same: int = 0  # sound, and the program reads exactly the genuine content
    accepted_cut_write: int = 0  # sound: the state a write cut short leaves (an older header copy)
    accepted_time_only: int = 0  # sound: only a creation or save time differs (not replayable)
    tracebacks: list[str] = field(factory=list)
    hangs: list[str] = field(factory=list)
    forgeries: list[str] = field(factory=list)
    seconds: float = 0.0

    def lines(self) -> list[str]:
        return [
            f"cases {self.cases} in {self.seconds:.0f} s ({self.cases / max(self.seconds, 1e-9):.0f}/s)",
            f"  refused, not a readable save (exit 2): {self.refused_unreadable}",
            f"  refused, does not verify (exit 1):     {self.refused_unverified}",
            f"  accepted, content unchanged:           {self.accepted_same}",
            f"  accepted, as a cut write leaves it:    {self.accepted_cut_write}",
            f"  accepted, only a time changed:         {self.accepted_time_only}",
            f"  tracebacks: {len(self.tracebacks)}",
            f"  hangs: {len(self.hangs)}",
            f"  accepted forgeries: {len(self.forgeries)}",
        ]


class _Timeout(Exception):
    pass


def _alarm(_signum, _frame):
    raise _Timeout()


# --- genuine saves -------------------------------------------------------------------------------


def genuine_saves(folder: Path, data: GameData) -> list[Path]:
    """A 1942 campaign in its second turn (autosaved decision by decision: many commits, two
    checkpoints), a linked 1944 one just started, and a schema-2 save of the first. Small, so
    that a case costs milliseconds."""
    chooser = get_policy("passive")
    out = []
    session = Session.create(folder / "genuine.nimitz.json", data, 1942, 3, RulesProfile(), "genuine")
    session.save()
    while len(session.game.checkpoints) < 2:
        session.answer(chooser(session.game.pending, session.game))
    for _ in range(2):
        session.answer(chooser(session.game.pending, session.game))
    out.append(session.path)
    linked = Session.create(
        folder / "linked.nimitz.json",
        data,
        1944,
        8,
        RulesProfile(order_modifiers="rulebook", ja_ties="player"),
        "linked",
        linked=True,
    )
    linked.save()
    for _ in range(4):
        linked.answer(chooser(linked.game.pending, linked.game))
    out.append(linked.path)
    out.append(_legacy_copy(folder / "legacy.nimitz.json", session.game, data))
    return out


def _legacy_copy(path: Path, game, data: GameData) -> Path:
    env = saves.LegacyEnvelope(
        name="legacy",
        seed=game.state.dice.seed,
        rules=game.state.rules,
        data_fingerprint=data.fingerprint,
        created=saves.now(),
        saved=saves.now(),
        state=game.state,
        journal=game.journal,
        checkpoints=game.checkpoints,
        state_hash=saves.state_hash(game.state),
    )
    path.write_bytes(json.dumps(saves.CONVERTER.unstructure(env)).encode())
    return path


# --- what the program reads from a save ----------------------------------------------------------


def content(env) -> tuple[str, str]:
    """Everything the program uses from a save, as strings: the header (its write counter aside),
    journal, checkpoints and commits; and the summary the header copy holds (what `list` shows)."""
    plain = saves.CONVERTER.unstructure
    header = plain(env.header)
    header.pop("seq", None)
    return (
        saves.canonical_json([header, plain(env.journal), plain(env.checkpoints), plain(env.commits)]),
        saves.canonical_json(plain(env.slot_summary)),
    )


def timeless(env) -> str:
    """The content with the creation and save times blanked (a replay cannot prove a time)."""
    plain = saves.CONVERTER.unstructure
    header = plain(env.header)
    header.pop("seq", None)
    header["created"] = header["summary"]["saved"] = ""
    commits = [{**c, "saved": ""} for c in plain(env.commits)]
    return saves.canonical_json([header, plain(env.journal), plain(env.checkpoints), commits])


def _cut_write(env) -> str:
    """The header copy a write cut between its batch and its header leaves: the commit before."""
    return saves.canonical_json(saves.CONVERTER.unstructure(env.commits[-2] if len(env.commits) > 1 else None))


# --- mutations -----------------------------------------------------------------------------------

_STRANGE: list[Any] = [
    0,
    -1,
    1,
    2**63,
    -(2**63),
    1.5,
    "",
    "x",
    "JA:Kaga",
    "1942",
    True,
    False,
    None,
    [],
    {},
    [1],
    {"a": 1},
    "é" * 3,
    10**30,
]


def _strange(rng: random.Random, old: Any) -> Any:
    roll = rng.random()
    if roll < 0.15 and isinstance(old, int) and not isinstance(old, bool):
        return old + rng.choice([-1, 1, 7, -100])
    if roll < 0.3 and isinstance(old, str) and old:
        i = rng.randrange(len(old))
        return old[:i] + rng.choice("aZ0:_ .-") + old[i + 1 :]
    if roll < 0.35:
        return "s" * rng.choice([1000, 300_000])
    if roll < 0.38:
        return [0] * 50_000
    return rng.choice(_STRANGE)


def _mutate_json(rng: random.Random, obj: Any) -> Any:
    """One random edit somewhere inside `obj` (returned, possibly a new object)."""
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for k in node:
                paths.append((node, k))
                walk(node[k])
        elif isinstance(node, list):
            for i in range(len(node)):
                paths.append((node, i))
                walk(node[i])

    walk(obj)
    if not paths:
        return _strange(rng, obj)
    parent, key = rng.choice(paths)
    action = rng.random()
    if action < 0.1 and isinstance(parent, dict):
        del parent[key]
    elif action < 0.15 and isinstance(parent, dict):
        parent[rng.choice(["extra", "hp", key + "x" if isinstance(key, str) else "k"])] = 1
    elif action < 0.2 and isinstance(parent, list):
        parent.insert(key, parent[key])  # a duplicated element
    else:
        parent[key] = _strange(rng, parent[key])
    return obj


def _reseal(raw: bytes) -> bytes:
    """Recompute what a forger who read saves.py would: every batch's hash, both header checks."""
    head, body = raw[: saves.HEADER_BYTES], raw[saves.HEADER_BYTES :]
    slots = []
    for i in (0, 1):
        chunk = head[i * saves.SLOT : (i + 1) * saves.SLOT]
        try:
            obj = json.loads(chunk)
            obj["check"] = saves._header_check(obj)
            text = json.dumps(obj, separators=(",", ":"), ensure_ascii=True)
            slots.append((text.ljust(saves.SLOT - 1) + "\n").encode("ascii") if len(text) < saves.SLOT else chunk)
        except (ValueError, TypeError, AttributeError, RecursionError):
            slots.append(chunk)
    out, batch = [], b""
    for line in body.split(b"\n")[:-1]:
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            record = None
        if isinstance(record, dict) and "commit" in record:
            record["sha"] = hashlib.sha256(batch).hexdigest()
            line = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode()
            out.append(batch + line + b"\n")
            batch = b""
        else:
            batch += line + b"\n"
    return b"".join(slots) + b"".join(out) + batch


def mutate(rng: random.Random, raw: bytes) -> tuple[bytes, str]:
    """One mutation of a save file's bytes; returns the bytes and what was done."""
    legacy = not raw.startswith(b'{"format"') or len(raw) < saves.HEADER_BYTES
    kind = rng.random()
    if kind < 0.25:  # bytes
        b = bytearray(raw)
        op = rng.choice(["flip", "cut", "insert", "truncate", "dupline", "swaplines"])
        i = rng.randrange(len(b))
        if op == "flip":
            b[i] ^= 1 << rng.randrange(8)
        elif op == "cut":
            del b[i : i + rng.randrange(1, 200)]
        elif op == "insert":
            b[i:i] = rng.choice([b"\n", b"{", b"]", b"\x00", b"\xff", b" ", b'"x":1,'])
        elif op == "truncate":
            del b[i:]
        else:
            lines = bytes(b).split(b"\n")
            j, k = rng.randrange(len(lines)), rng.randrange(len(lines))
            if op == "dupline":
                lines.insert(j, lines[k])
            else:
                lines[j], lines[k] = lines[k], lines[j]
            b = bytearray(b"\n".join(lines))
        return bytes(b), f"bytes {op} at {i}"
    if legacy:
        obj = json.loads(raw)
        obj = _mutate_json(rng, obj)
        if rng.random() < 0.5 and isinstance(obj, dict) and isinstance(obj.get("state"), dict):
            obj["state_hash"] = saves._raw_hash(obj["state"])
            return json.dumps(obj).encode(), "legacy json, rehashed"
        return json.dumps(obj).encode(), "legacy json"
    # One line of the schema-3 file: a header slot or a record.
    head, body = raw[: saves.HEADER_BYTES], raw[saves.HEADER_BYTES :]
    lines = body.split(b"\n")
    which = rng.randrange(len(lines) - 1 + 2)
    if which < 2:
        chunk = head[which * saves.SLOT : (which + 1) * saves.SLOT]
        obj = _mutate_json(rng, json.loads(chunk))
        text = json.dumps(obj, separators=(",", ":"), ensure_ascii=True)
        padded = (text.ljust(saves.SLOT - 1) + "\n").encode() if len(text) < saves.SLOT else text.encode()
        head = head[: which * saves.SLOT] + padded + head[(which + 1) * saves.SLOT :]
        where = f"header slot {which}"
    else:
        n = which - 2
        obj = _mutate_json(rng, json.loads(lines[n]))
        lines[n] = json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode()
        body = b"\n".join(lines)
        where = f"record {n}"
    out = head + body
    if rng.random() < 0.5:
        return _reseal(out), f"json {where}, resealed"
    return out, f"json {where}"


# --- running ---------------------------------------------------------------------------------


def _what_commands_do(session: Session, data: GameData) -> None:
    """What `show`, `aar`, `undo` and `branch` do with an opened save (nothing is written):
    they read the journal and checkpoints of earlier turns, which opening does not replay."""
    session.autosave = False
    state, journal = session.game.state, session.game.journal
    situation_text(state, data, name=session.name)
    last_turn_bot_text(journal, state)
    with blame_an_unverified_save(session.path, data):
        aar_markdown(session.envelope(), state, data)
        decisions = len(decision_indices(journal))
        for count in {0, decisions // 2, max(decisions - 1, 0)}:
            session.branch(session.path, session.name, count)
        for to in UNDO_TARGETS:
            with contextlib.suppress(NimitzError):  # e.g. nothing to undo
                copy = Session.open(session.path, data)
                copy.autosave = False
                copy.undo(to)


def run_case(
    path: Path,
    data: GameData,
    genuine: tuple[tuple[str, str], str, str],
    report: FuzzReport,
    label: str,
    timeout: float,
) -> None:
    report.cases += 1
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        with contextlib.suppress(NimitzError):  # a refused header is an answer too
            saves.read_header(path)
        try:
            env = saves.read_save(path, data)
        except NimitzError:
            report.refused_unreadable += 1
            return
        problems = verify(env, data, path)
        with contextlib.suppress(NimitzError):
            _what_commands_do(Session.open(path, data), data)
        (body, slot), cut = content(env), genuine[1]
        if problems:
            report.refused_unverified += 1
        elif (body, slot) == genuine[0]:
            report.accepted_same += 1
        elif body == genuine[0][0] and slot == cut:
            report.accepted_cut_write += 1
        elif timeless(env) == genuine[2]:
            report.accepted_time_only += 1
        else:
            report.forgeries.append(label)
    except _Timeout:
        report.hangs.append(label)
    except Exception:  # what the fuzzer is looking for
        report.tracebacks.append(f"{label}\n{traceback.format_exc(limit=6)}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def fuzz(
    cases: int, seed: int, folder: Path, timeout: float = 20.0, data: GameData | None = None, progress: int = 0
) -> FuzzReport:
    data = data or load_game_data()
    rng = random.Random(seed)
    sources = genuine_saves(folder, data)
    originals = [(p.read_bytes(), p.name) for p in sources]
    genuine = {}
    for p, (_, name) in zip(sources, originals, strict=True):
        env = saves.read_save(p, data)
        genuine[name] = (content(env), _cut_write(env), timeless(env))
    for p in sources:  # the genuine saves themselves must verify
        assert verify(saves.read_save(p, data), data, p) == [], p
    report = FuzzReport()
    t0 = time.perf_counter()
    for n in range(cases):
        raw, name = originals[n % len(originals)]
        mutated, what = mutate(rng, raw)
        target = folder / "cases" / name
        target.parent.mkdir(exist_ok=True)
        target.write_bytes(mutated)
        run_case(target, data, genuine[name], report, f"case {n} ({name}): {what}", timeout)
        if progress and report.cases % progress == 0:
            report.seconds = time.perf_counter() - t0
            print(" | ".join(line.strip() for line in report.lines()), flush=True)
    report.seconds = time.perf_counter() - t0
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds before a case is a hang")
    parser.add_argument("--show", type=int, default=5, help="failures to print of each kind")
    parser.add_argument("--progress", type=int, default=500, help="print the counts every N cases")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        report = fuzz(args.cases, args.seed, Path(tmp), args.timeout, progress=args.progress)
    print("\n".join(report.lines()))
    for title, items in (
        ("tracebacks", report.tracebacks),
        ("hangs", report.hangs),
        ("accepted forgeries", report.forgeries),
    ):
        for item in items[: args.show]:
            print(f"--- {title}: {item}")
    return 1 if report.tracebacks or report.hangs or report.forgeries else 0


if __name__ == "__main__":
    sys.exit(main())
