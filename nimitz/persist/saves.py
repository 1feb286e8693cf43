"""Save files (schema 3): two header slots, then an append-only journal in JSON Lines.

    bytes 0-4095     header slot A: one JSON object, padded with spaces, ending in a newline
    bytes 4096-8191  header slot B: the same, one write older or newer
    then, one JSON object a line:
        {"entry": {...}}        a journal entry
        {"checkpoint": {...}}   the full state at a turn's start
        {"commit": {...}, "sha": "..."}   the end of one decision's batch: the summary after it
                                          and the SHA-256 of the batch's lines before it

An autosave appends only the batch the decision added (its journal entries, any checkpoint,
one commit line) and then rewrites the older header slot in place: the save costs the same at
turn 1 and turn 60. A header carries the static facts (name, seed, rules...) and the summary of
the last commit (year, turn, step, objectives held...), so `nimitz list` and the title screen
read 8 KiB of each save and never its journal.

Kill-safety. A write is a prefix: a kill leaves the batch in flight without its commit line
(or with a torn last line); the reader drops everything after the last commit whose hash
matches, so at most the decision in flight is lost and never an earlier one. A header slot is
one page written by one pwrite, with its own checksum and a sequence number; the reader takes
the newest valid slot, so a torn header falls back to the other slot. A batch whose hash does
not match but is followed by a later commit is damage, never silently dropped.

Saves of schemas 1 and 2 (one JSON envelope with the current state) still load: MIGRATIONS
brings them to schema 2, `_from_legacy` to the schema-3 envelope; the first autosave rewrites
them in this format. Every read goes through `read_save` (`envelope_from_bytes`); `_validate` is
the one place that checks what was read against the game data.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import cattrs
from attrs import define, field

from nimitz import RULES_VERSION, __version__
from nimitz.errors import SaveError
from nimitz.model.data import GameData
from nimitz.model.digest import canonical_json, omit_defaults
from nimitz.model.digest import state_hash as state_hash  # saves, check and the tests hash states here
from nimitz.model.journal import Checkpoint, JournalEntry
from nimitz.model.state import CampaignState, RulesProfile
from nimitz.model.validation import validate_state
from nimitz.persist.bounds import (
    disk_error_words,
    make_strict,
    read_save_bytes,
    structure_problems,
)
from nimitz.persist.sound import envelope_problems

FORMAT = "nimitz-save"
SCHEMA_VERSION = 3
SLOT = 4096  # bytes per header slot: one page, written by one pwrite
HEADER_BYTES = 2 * SLOT


@define
class SaveSummary:
    """Where the campaign stands after the last committed decision (what the list shows)."""

    saved: str = ""
    year: int = 0
    turn: int = 0
    step: str = ""
    result: str = ""
    held: int = 0  # objectives the US holds now
    objectives: int = 0  # objectives of the year
    decisions: int = 0
    journal_len: int = 0
    checkpoints: int = 0


@define(kw_only=True)
class SaveHeader:
    format: str = FORMAT
    schema_version: int = SCHEMA_VERSION
    seq: int = 0  # which header write this is; the newer valid slot wins
    name: str
    seed: int
    rules: RulesProfile
    data_fingerprint: str
    created: str
    branch_of: str = ""
    program_version: str = __version__
    rules_version: str = RULES_VERSION
    summary: SaveSummary = field(factory=SaveSummary)


@define
class SaveEnvelope:
    """A save as read (or about to be written): the header, the journal and the checkpoints.
    The current position is not stored: it is the replay of the last turn's decisions from the
    last checkpoint (campaign_file.game_from_envelope)."""

    header: SaveHeader
    journal: list[JournalEntry] = field(factory=list)
    checkpoints: list[Checkpoint] = field(factory=list)
    end: int = 0  # bytes of committed content: the next batch is written here
    legacy: bool = False  # read from a schema 1-2 file: the next save rewrites it whole
    # As read, for `check` (persist/verify.py): every commit's summary in order, and the summary
    # the header slot itself holds (the last commit's, or the one before if a write was cut).
    commits: list[SaveSummary] = field(factory=list)
    slot_summary: SaveSummary | None = None

    @property
    def name(self) -> str:
        return self.header.name

    @property
    def summary(self) -> SaveSummary:
        return self.header.summary


def make_converter() -> cattrs.Converter:
    return omit_defaults(make_strict(cattrs.Converter(forbid_extra_keys=True)))


CONVERTER = make_converter()


def now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


# --- writing -----------------------------------------------------------------------------------


def _line(obj: Any) -> bytes:
    return (json.dumps(obj, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")


def encode_header(header: SaveHeader) -> bytes:
    """One header slot: exactly SLOT bytes, its checksum inside."""
    raw = CONVERTER.unstructure(header)
    raw["check"] = _header_check(raw)
    text = json.dumps(raw, separators=(",", ":"), ensure_ascii=True)
    if len(text) > SLOT - 1:
        raise SaveError(f"the save header of {header.name!r} is too long ({len(text)} bytes)")
    return (text.ljust(SLOT - 1) + "\n").encode("ascii")


def _header_check(raw: dict[str, Any]) -> str:
    return hashlib.sha256(canonical_json({k: v for k, v in raw.items() if k != "check"}).encode()).hexdigest()[:16]


def encode_batch(entries: list[JournalEntry], checkpoints: list[Checkpoint], summary: SaveSummary) -> bytes:
    """One decision's records and the commit line that makes them count."""
    body = b"".join(
        [
            *(_line({"entry": CONVERTER.unstructure(e)}) for e in entries),
            *(_line({"checkpoint": CONVERTER.unstructure(c)}) for c in checkpoints),
        ]
    )
    commit = _line({"commit": CONVERTER.unstructure(summary), "sha": hashlib.sha256(body).hexdigest()})
    return body + commit


def to_bytes(envelope: SaveEnvelope) -> bytes:
    """The whole save file: both header slots, then every record in one committed batch."""
    envelope.header.seq += 1
    slot = encode_header(envelope.header)
    return slot + slot + encode_batch(envelope.journal, envelope.checkpoints, envelope.header.summary)


def write_save(path: Path, envelope: SaveEnvelope) -> None:
    """Write the whole save atomically (temp file, fsync, rename). Used for a new campaign,
    after an undo and to convert an older schema; autosave appends (`append_batch`)."""
    payload = to_bytes(envelope)
    write_bytes_atomically(path, payload)
    envelope.end = len(payload)
    envelope.legacy = False


def append_batch(
    path: Path,
    envelope: SaveEnvelope,
    entries: list[JournalEntry],
    checkpoints: list[Checkpoint],
    summary: SaveSummary,
    sync: bool,
) -> None:
    """Append one decision's batch at `envelope.end` (dropping any torn tail after it), then
    rewrite the older header slot. `sync` also fsyncs (a power cut then loses nothing)."""
    batch = encode_batch(entries, checkpoints, summary)
    header = envelope.header
    header.summary = summary
    header.seq += 1
    slot = encode_header(header)
    try:
        fd = os.open(path, os.O_WRONLY)
        try:
            if os.fstat(fd).st_size != envelope.end:
                os.ftruncate(fd, envelope.end)  # an uncommitted tail left by a kill
            _pwrite_all(fd, batch, envelope.end)
            _pwrite_all(fd, slot, (header.seq % 2) * SLOT)  # only once the batch is whole
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        raise SaveNotWritten(path, exc) from None
    envelope.journal.extend(entries)
    envelope.checkpoints.extend(checkpoints)
    envelope.end += len(batch)


def _pwrite_all(fd: int, payload: bytes, offset: int) -> None:
    """Write all of `payload` at `offset`. A disk that fills up may take part of a write and
    report no error: that was taken for a save, while the rest of the batch (and the header
    after it) never reached the disk. The rest is written again, which raises the real error."""
    view = memoryview(payload)
    while view:
        written = os.pwrite(fd, view, offset)
        if written <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view, offset = view[written:], offset + written


def write_bytes_atomically(path: Path, payload: bytes) -> None:
    """Temp file in the same folder, fsync, rename: a crash leaves the old file or the new one.
    A symlinked save stays a symlink (the file it points to is replaced). A failure (disk full,
    read-only folder...) leaves nothing behind and is a SaveNotWritten naming the file. A target
    that is not a regular file (`-o /dev/stdout`, /dev/null, a pipe) is written to, never
    replaced (as root, a rename would put a file in place of the device)."""
    if _is_special(path):  # through its link as given: /dev/stdout's target is no real path
        try:
            with open(path, "wb") as fh:
                fh.write(payload)
        except OSError as exc:
            raise SaveNotWritten(path, exc) from None
        return
    path = Path(os.path.realpath(path)) if os.path.islink(path) else path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise SaveNotWritten(path, exc) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise SaveNotWritten(path, exc) from None
        raise
    try:  # make the rename itself durable where the platform allows
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass


def _is_special(path: Path) -> bool:
    """Something other than a regular file or a folder stands at `path` (a device, a pipe)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


class SaveNotWritten(SaveError):
    """Writing a file failed; what the file held before still stands (a whole-file write left
    nothing behind; an append left at most an uncommitted tail, which readers drop)."""

    def __init__(self, path: Path, exc: OSError):
        self.path, self.reason = path, disk_error_words(exc)
        super().__init__(f"{path}: cannot be written: {self.reason}; nothing on disk was changed")


# --- reading -----------------------------------------------------------------------------------


T = TypeVar("T")


def _structure(raw: Any, cls: type[T], where: str, path: str) -> T:
    try:
        return CONVERTER.structure(raw, cls)
    except cattrs.BaseValidationError as exc:
        raise SaveError(f"{where}: the save is damaged: {structure_problems(exc, path)}") from None
    except (ValueError, TypeError) as exc:
        raise SaveError(f"{where}: the save is damaged at {path}: {exc}") from None


def _header_slots(raw: bytes) -> list[dict[str, Any]]:
    """The header slots that are whole and match their checksum (newest first)."""
    slots = []
    for i in (0, 1):
        chunk = raw[i * SLOT : (i + 1) * SLOT]
        if len(chunk) != SLOT or not chunk.endswith(b"\n"):
            continue
        try:
            obj = json.loads(chunk)
        except (ValueError, RecursionError):
            continue
        if isinstance(obj, dict) and obj.get("format") == FORMAT and obj.get("check") == _header_check(obj):
            slots.append(obj)
    return sorted(slots, key=_slot_seq, reverse=True)


def _slot_seq(slot: dict[str, Any]) -> int:
    seq = slot.get("seq")
    return seq if isinstance(seq, int) else -1


def _header(raw_header: dict[str, Any], where: str) -> SaveHeader:
    version = raw_header.get("schema_version")
    if isinstance(version, int) and version > SCHEMA_VERSION:
        raise SaveError(
            f"{where}: written by a newer nimitz (save schema {version}; this program reads up "
            f"to {SCHEMA_VERSION}). Upgrade nimitz to open it; the file was not changed."
        )
    body = {k: v for k, v in raw_header.items() if k != "check"}
    return _structure(body, SaveHeader, where, "$.header")


def _records(raw: bytes, where: str) -> tuple[list[Any], list[Any], list[Any], int]:
    """The committed entries and checkpoints (raw), every commit's summary, and the end of
    the last commit. Lines after the last commit (the decision in flight) are dropped."""
    entries: list[Any] = []
    checkpoints: list[Any] = []
    summaries: list[Any] = []
    pos = batch_start = committed = HEADER_BYTES
    batch: list[Any] = []
    number = 0
    while pos < len(raw):
        nl = raw.find(b"\n", pos)
        if nl < 0:
            break  # a torn last line
        line = raw[pos:nl]
        number += 1
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            record = None
        if isinstance(record, dict) and "commit" in record:
            if record.get("sha") != hashlib.sha256(raw[batch_start:pos]).hexdigest() or len(record) != 2:
                raise SaveError(
                    f"{where}: the save is damaged before byte {pos} (record {number} "
                    f"does not match the lines before it)"
                )
            for item in batch:
                if not isinstance(item, dict) or len(item) != 1 or not ("entry" in item or "checkpoint" in item):
                    raise SaveError(
                        f"{where}: the save is damaged before byte {pos}: a line is not a journal entry or checkpoint"
                    )
                (entries if "entry" in item else checkpoints).append(item.get("entry", item.get("checkpoint")))
            summaries.append(record["commit"])
            batch = []
            batch_start = committed = nl + 1
        else:
            batch.append(record)
        pos = nl + 1
    return entries, checkpoints, summaries, committed


def envelope_from_bytes(raw: bytes, where: str, data: GameData | None = None) -> SaveEnvelope:
    """Parse and check a save's bytes (any schema); `where` names the file in messages."""
    slots = _header_slots(raw)
    if not slots:
        return _from_legacy(raw, where, data)
    header = _header(slots[0], where)
    slot_summary = header.summary
    entries_raw, checkpoints_raw, summaries_raw, end = _records(raw, where)
    if not summaries_raw:
        raise SaveError(f"{where}: the save has no complete record (it was cut short while being created)")
    commits = _structure(summaries_raw, list[SaveSummary], where, "$.commits")
    header.summary = commits[-1]
    envelope = SaveEnvelope(
        header=header,
        journal=_structure(entries_raw, list[JournalEntry], where, "$.journal"),
        checkpoints=_structure(checkpoints_raw, list[Checkpoint], where, "$.checkpoints"),
        end=end,
        commits=commits,
        slot_summary=slot_summary,
    )
    _validate(envelope, where, data)
    return envelope


def _validate(envelope: SaveEnvelope, where: str, data: GameData | None) -> None:
    """What is read must agree with itself and be a position the game can be in
    (persist/sound.py), before anything follows what it names."""
    from nimitz.model.load import load_game_data

    problems = envelope_problems(envelope, data if data is not None else load_game_data())
    if problems:
        raise SaveError(f"{where}: the save is damaged or was edited: " + "; ".join(problems[:5]))


def read_save(path: Path, data: GameData | None = None) -> SaveEnvelope:
    """The one way a save is read (any schema): bytes, structure, then `_validate`."""
    return envelope_from_bytes(read_save_bytes(path), str(path), data)


def read_header(path: Path) -> SaveHeader:
    """Only the header (8 KiB): what `nimitz list` and the title screen show. A save of an
    older schema has no header: it is read whole (once; its first autosave converts it)."""
    slots = _header_slots(read_save_bytes(path, head=HEADER_BYTES))
    if not slots:
        return read_save(path).header
    return _header(slots[0], str(path))


# --- saves of schemas 1 and 2 ------------------------------------------------------------------

LEGACY_SCHEMA = 2


def _v1_to_v2(raw: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 records the objectives held at set-up (ruling R53). A schema-1 campaign does not
    know it; 99 keeps the literal R21 reading those campaigns were played under."""
    for state in [raw.get("state")] + [cp.get("state") for cp in raw.get("checkpoints", []) if isinstance(cp, dict)]:
        if isinstance(state, dict):
            state.setdefault("held_at_start", 99)
    return {**raw, "schema_version": 2}


# Migrations of the one-envelope saves: MIGRATIONS[n] turns a raw schema-n envelope into schema
# n+1, up to 2; `_from_legacy` then turns a schema-2 envelope into a schema-3 SaveEnvelope.
# Each schema has a fixture save in tests/fixtures/ that must keep loading.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}


@define
class LegacyEnvelope:
    """A schema-2 save: one JSON object with the current state and its hash."""

    name: str
    seed: int
    rules: RulesProfile
    data_fingerprint: str
    created: str
    state: CampaignState
    journal: list[JournalEntry] = field(factory=list)
    checkpoints: list[Checkpoint] = field(factory=list)
    branch_of: str = ""
    saved: str = ""
    state_hash: str = ""
    program_version: str = __version__
    rules_version: str = RULES_VERSION
    schema_version: int = LEGACY_SCHEMA
    format: str = FORMAT


def _raw_hash(state: dict[str, Any]) -> str:
    return hashlib.sha256(canonical_json(state).encode()).hexdigest()[:32]


def _legacy_json(raw: bytes, where: str) -> dict[str, Any]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{where}: not a nimitz save (not UTF-8 text at byte {exc.start})") from None
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        if not text.strip():
            raise SaveError(f"{where}: the file is empty") from None
        raise SaveError(
            f"{where}: not a nimitz save, or damaged: invalid JSON at line {exc.lineno}, column {exc.colno} ({exc.msg})"
        ) from None
    except RecursionError:  # e.g. thousands of nested brackets: still a message, not a traceback
        raise SaveError(f"{where}: not a nimitz save, or damaged: JSON nested too deeply") from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise SaveError(f'{where}: not a nimitz save (no "format": "{FORMAT}" at the top)')
    return obj


def _migrate(raw: dict[str, Any], where: str) -> dict[str, Any]:
    version = raw.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{where}: schema_version is missing or not a number")
    if LEGACY_SCHEMA < version <= SCHEMA_VERSION:  # a header slot that lost its checksum or tail
        raise SaveError(
            f"{where}: the save is damaged: no whole header (it was cut short, or both header copies were changed)"
        )
    if version > LEGACY_SCHEMA:
        raise SaveError(
            f"{where}: written by a newer nimitz (save schema {version}; this program reads up "
            f"to {SCHEMA_VERSION}). Upgrade nimitz to open it; the file was not changed."
        )
    # The hash covers the state as written; check it before a migration changes the state.
    state = raw.get("state")
    if not isinstance(state, dict) or raw.get("state_hash") != _raw_hash(state):
        raise SaveError(
            f"{where}: the state does not match its hash ($.state_hash): the file was changed outside nimitz or damaged"
        )
    while version < LEGACY_SCHEMA:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"{where}: save schema {version} is too old to migrate")
        raw = step(raw)
        version = raw["schema_version"]
    return raw


def _from_legacy(raw: bytes, where: str, data: GameData | None) -> SaveEnvelope:
    from nimitz.engine.control import objectives_held

    old: LegacyEnvelope = _structure(_migrate(_legacy_json(raw, where), where), LegacyEnvelope, where, "$")
    state = old.state
    if data is None:
        from nimitz.model.load import load_game_data

        data = load_game_data()
    problems = validate_state(state, data)
    if problems:
        raise SaveError(f"{where}: the state is not a legal position: " + "; ".join(problems[:5]))
    summary = SaveSummary(
        saved=old.saved,
        year=state.year,
        turn=state.turn,
        step=state.step,
        result=state.result,
        held=len(objectives_held(state, data)),
        objectives=len(data.year(state.year).objectives),
        decisions=sum(1 for e in old.journal if e.kind == "decision"),
        journal_len=len(old.journal),
        checkpoints=len(old.checkpoints),
    )
    header = SaveHeader(
        name=old.name,
        seed=old.seed,
        rules=old.rules,
        data_fingerprint=old.data_fingerprint,
        created=old.created,
        summary=summary,
        branch_of=old.branch_of,
        program_version=old.program_version,
        rules_version=old.rules_version,
    )
    envelope = SaveEnvelope(
        header=header,
        journal=old.journal,
        checkpoints=old.checkpoints,
        legacy=True,
        commits=[summary],
        slot_summary=summary,
    )
    _validate(envelope, where, data)
    return envelope
