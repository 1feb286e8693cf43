"""Save files: a JSON envelope written through one private cattrs converter.

Writes go to a temporary file in the same folder, are fsynced, then renamed over the save, so a
crash never leaves a half-written save. Reading checks, in order: JSON, the envelope's format
name, the schema version (older ones migrate, newer ones are refused), the structure (cattrs
error paths name the bad key), the state's hash, and the state against the game data. Any
problem is one SaveError with a message naming what is wrong and where.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

import cattrs
from cattrs.gen import make_dict_unstructure_fn, override
from attrs import define, field

from nimitz import RULES_VERSION, __version__
from nimitz.errors import SaveError
from nimitz.model.data import GameData
from nimitz.model.journal import Checkpoint, JournalEntry
from nimitz.model.state import CampaignState, RulesProfile
from nimitz.model.invariants import state_problems

FORMAT = "nimitz-save"
SCHEMA_VERSION = 2


def _v1_to_v2(raw: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 records the objectives held at set-up (ruling R53). A schema-1 campaign does not
    know it; 99 keeps the literal R21 reading those campaigns were played under."""
    for state in [raw.get("state")] + [cp.get("state") for cp in raw.get("checkpoints", [])
                                       if isinstance(cp, dict)]:
        if isinstance(state, dict):
            state.setdefault("held_at_start", 99)
    return {**raw, "schema_version": 2}


# Migrations: MIGRATIONS[n] turns a raw schema-n envelope into schema n+1. Each schema has a
# fixture save in tests/fixtures/ that must keep loading.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}


@define
class SaveEnvelope:
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
    schema_version: int = SCHEMA_VERSION
    format: str = FORMAT


# Fields added after saves existed: left out of a save (and so of the state hash) while they
# hold their default, so every older campaign keeps its hash and replays unchanged.
OMITTED_WHEN_DEFAULT: dict[type, tuple[str, ...]] = {
    RulesProfile: ("options", "objective_hold_track", "battalion_pool", "extra_supply", "extra_bpp"),
    CampaignState: ("variant",),
}


def make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    for cls, names in OMITTED_WHEN_DEFAULT.items():
        conv.register_unstructure_hook(cls, make_dict_unstructure_fn(
            cls, conv, **{n: override(omit_if_default=True) for n in names}))
    return conv


CONVERTER = make_converter()


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def state_hash(state: CampaignState) -> str:
    """A short, stable digest of the whole state (dice positions included)."""
    return hashlib.sha256(canonical_json(CONVERTER.unstructure(state)).encode()).hexdigest()[:32]


def now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def to_json(envelope: SaveEnvelope) -> str:
    envelope.state_hash = state_hash(envelope.state)
    return json.dumps(CONVERTER.unstructure(envelope), separators=(",", ":"), ensure_ascii=False)


def write_save(path: Path, envelope: SaveEnvelope) -> None:
    """Atomically write the envelope: temp file, fsync, rename."""
    envelope.saved = now()
    write_bytes_atomically(path, to_json(envelope).encode("utf-8"))


def write_bytes_atomically(path: Path, payload: bytes) -> None:
    """Temp file in the same folder, fsync, rename: a crash leaves the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:  # make the rename itself durable where the platform allows
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass


def _migrate(raw: dict[str, Any], where: str) -> dict[str, Any]:
    version = raw.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{where}: schema_version is missing or not a number")
    if version > SCHEMA_VERSION:
        raise SaveError(
            f"{where}: written by a newer nimitz (save schema {version}; this program reads up "
            f"to {SCHEMA_VERSION}). Upgrade nimitz to open it; the file was not changed.")
    if version == SCHEMA_VERSION:
        return raw
    # The hash covers the state as written; check it before the migration changes the state.
    state = raw.get("state")
    if not isinstance(state, dict) or raw.get("state_hash") != _raw_hash(state):
        raise SaveError(f"{where}: the state does not match its hash ($.state_hash): the file "
                        f"was changed outside nimitz or damaged")
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"{where}: save schema {version} is too old to migrate")
        raw = step(raw)
        version = raw["schema_version"]
    raw["state_hash"] = MIGRATED  # recomputed from the migrated state once structured
    return raw


MIGRATED = "migrated"


def _raw_hash(state: dict[str, Any]) -> str:
    return hashlib.sha256(canonical_json(state).encode()).hexdigest()[:32]


def envelope_from_json(text: str, where: str, data: GameData | None = None) -> SaveEnvelope:
    """Parse and check a save's text; `where` names the file in messages."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        if not text.strip():
            raise SaveError(f"{where}: the file is empty") from None
        raise SaveError(f"{where}: not a nimitz save, or damaged: invalid JSON at line "
                        f"{exc.lineno}, column {exc.colno} ({exc.msg})") from None
    except RecursionError:  # e.g. thousands of nested brackets: still a message, not a traceback
        raise SaveError(f"{where}: not a nimitz save, or damaged: JSON nested too deeply") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError(f"{where}: not a nimitz save (no \"format\": \"{FORMAT}\" at the top)")
    raw = _migrate(raw, where)
    try:
        envelope = CONVERTER.structure(raw, SaveEnvelope)
    except cattrs.BaseValidationError as exc:
        details = cattrs.transform_error(exc, path="$")
        shown = "; ".join(details[:5]) + (f"; and {len(details) - 5} more" if len(details) > 5 else "")
        raise SaveError(f"{where}: the save is damaged: {shown}") from None
    expected = state_hash(envelope.state)
    if envelope.state_hash == MIGRATED:  # the old hash was checked before migrating
        envelope.state_hash = expected
    if envelope.state_hash != expected:
        raise SaveError(f"{where}: the state does not match its hash ($.state_hash): the file "
                        f"was changed outside nimitz or damaged")
    if data is not None:
        problems = state_problems(envelope.state, data)
        if problems:
            raise SaveError(f"{where}: the state is not a legal position: " + "; ".join(problems[:5]))
    return envelope


def read_save(path: Path, data: GameData | None = None) -> SaveEnvelope:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a folder, not a save") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path}: not a nimitz save (not UTF-8 text at byte {exc.start})") from None
    return envelope_from_json(text, str(path), data)
