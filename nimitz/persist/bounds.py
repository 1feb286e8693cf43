"""Reading a save without trusting it: a regular file of bounded size, JSON types checked before
anything is built from them, and operating-system errors told in the player's words.

cattrs on its own turns whatever it is given into the declared type: `str(x)` for a string,
`int("7")` for a number, and any iterable, a string included, into a list (a 3-million-character
string where the journal belongs became 3 million journal entries). The strict hooks here accept
only the JSON type that the field's type calls for, and refuse anything else at once with the
path of the field (cattrs' error paths: `$.journal`, `$.state.forces['JA:Kaga'].cls`).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import cattrs
from cattrs.cols import is_mapping, is_mutable_sequence, is_sequence
from cattrs.dispatch import StructureHook
from cattrs.errors import IterableValidationError, IterableValidationNote

from nimitz.errors import SaveError

# A finished linked 1942-1945 campaign is a few MiB; anything far larger is not a save.
MAX_SAVE_BYTES = 64 * 2**20
# Wrong elements of one list or object reported before giving up: cattrs collects an error (and
# its traceback) for every element, so 3 million zeros where the journal belongs took 49 s and
# 5 GB before the message.
MAX_ERRORS = 5


class WrongType(ValueError):
    """A JSON value of the wrong type (cattrs reports it with the field's path)."""


HookFactory = Callable[[Any, cattrs.Converter], StructureHook]  # (type, converter) -> hook


def _json_type(value: Any) -> str:
    names = {
        str: "a string",
        bool: "true/false",
        int: "a whole number",
        float: "a number",
        list: "a list",
        dict: "an object",
        type(None): "null",
    }
    return names.get(type(value), type(value).__name__)


def _exact(kind: type, wanted: str) -> StructureHook:
    def hook(value: Any, _type: type) -> Any:
        if type(value) is not kind:
            raise WrongType(f"expected {wanted}, found {_json_type(value)}")
        return value

    return hook


def _float(value: Any, _type: type) -> float:
    if type(value) not in (int, float):
        raise WrongType(f"expected a number, found {_json_type(value)}")
    return float(value)


def _checked(kind: type, wanted: str, factory: HookFactory) -> HookFactory:
    """Wrap a cattrs hook factory so that the hook first checks the container's JSON type."""

    def make(type_: Any, converter: cattrs.Converter) -> StructureHook:
        inner = factory(type_, converter)

        def hook(value: Any, t: Any) -> Any:
            if type(value) is not kind:
                raise WrongType(f"expected {wanted}, found {_json_type(value)}")
            return inner(value, t)

        return hook

    return make


def _noted(exc: Exception, note: str, key: Any, type_: Any) -> Exception:
    exc.__notes__ = [*getattr(exc, "__notes__", []), IterableValidationNote(note, key, type_)]
    return exc


def _sequence(kind: type) -> HookFactory:
    """cattrs' list and homogeneous-tuple hooks, stopping at MAX_ERRORS wrong elements."""

    def make(type_: Any, converter: cattrs.Converter) -> StructureHook:
        args = getattr(type_, "__args__", None)
        elem = args[0] if args else Any
        try:
            handler = converter.get_structure_hook(elem)
        except RecursionError:  # a type that contains itself: bind late
            handler = converter.structure

        def hook(value: Any, _t: Any) -> Any:
            out, errors = [], []
            for ix, item in enumerate(value):
                try:
                    out.append(handler(item, elem))
                except Exception as exc:
                    errors.append(_noted(exc, f"Structuring {type_} @ index {ix}", ix, elem))
                    if len(errors) == MAX_ERRORS:
                        break
            if errors:
                raise IterableValidationError(f"While structuring {type_!r}", errors, type_)
            return out if kind is list else kind(out)

        return hook

    return make


def _mapping(type_: Any, converter: cattrs.Converter) -> StructureHook:
    """cattrs' dict hook, stopping at MAX_ERRORS wrong keys or values."""
    args = getattr(type_, "__args__", None)
    if not args or args == (Any, Any):
        return lambda value, _t: dict(value)
    key_type, value_type = args
    keys, values = converter.get_structure_hook(key_type), converter.get_structure_hook(value_type)

    def hook(value: Any, _t: Any) -> dict[Any, Any]:
        out, errors = {}, []
        for k, v in value.items():
            try:
                out[keys(k, key_type)] = values(v, value_type)
            except Exception as exc:
                errors.append(_noted(exc, f"Structuring mapping value @ key {k!r}", k, value_type))
                if len(errors) == MAX_ERRORS:
                    break
        if errors:
            raise IterableValidationError(f"While structuring {type_!r}", errors, type_)
        return out

    return hook


def make_strict(converter: cattrs.Converter) -> cattrs.Converter:
    """Make `converter` structure only what JSON of the right type gives (unstructuring is
    unchanged). Lists and tuples must be JSON lists, mappings JSON objects, a string a string,
    a whole number an int (not true/false, not "7", not 7.0)."""
    converter.register_structure_hook(str, _exact(str, "a string"))
    converter.register_structure_hook(int, _exact(int, "a whole number"))
    converter.register_structure_hook(bool, _exact(bool, "true or false"))
    converter.register_structure_hook(float, _float)
    converter.register_structure_hook_factory(is_mapping, _checked(dict, "an object", _mapping))
    converter.register_structure_hook_factory(is_sequence, _checked(list, "a list", _sequence(tuple)))
    converter.register_structure_hook_factory(is_mutable_sequence, _checked(list, "a list", _sequence(list)))
    converter.register_structure_hook_factory(
        attrs.has, _checked(dict, "an object", lambda t, c: c.gen_structure_attrs_fromdict(t))
    )
    return converter


def format_structure_error(exc: BaseException, type_: Any) -> str:
    """cattrs' words, or ours for a value of the wrong JSON type."""
    if isinstance(exc, WrongType):
        return str(exc)
    return cattrs.v.format_exception(exc, type_)


def structure_problems(exc: cattrs.BaseValidationError, path: str = "$", limit: int = MAX_ERRORS) -> str:
    details = cattrs.transform_error(exc, path=path, format_exception=format_structure_error)
    more = f"; and {len(details) - limit} more" if len(details) > limit else ""
    return "; ".join(details[:limit]) + more


# --- the file ------------------------------------------------------------------------------

_OS_WORDS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "your disk quota is used up",
    errno.EROFS: "the disk or folder is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENAMETOOLONG: "the name is too long for the file system",
    errno.ENOTDIR: "part of the path is a file, not a folder",
    errno.EISDIR: "it is a folder, not a file",
    errno.ENOENT: "no such file or folder",
    errno.EEXIST: "it already exists",
    errno.ELOOP: "too many symbolic links",
    errno.EIO: "the disk reported an input/output error",
    errno.EMFILE: "too many files are open",
    errno.EFBIG: "the file would be too large",
}


def os_error_words(exc: OSError) -> str:
    """An operating-system error as a player would say it ("the disk is full")."""
    words = _OS_WORDS.get(exc.errno) if exc.errno is not None else None
    return words or exc.strerror or str(exc)


def disk_error_words(exc: OSError) -> str:
    """What went wrong, in a player's words; a file standing where a folder is needed is named."""
    words = os_error_words(exc)
    if isinstance(exc, (FileExistsError, NotADirectoryError)) and exc.filename:
        blocker = Path(exc.filename)
        while not blocker.exists() and blocker != blocker.parent:
            blocker = blocker.parent
        if blocker.exists() and not blocker.is_dir():
            words = f"{blocker} is a file where a folder is needed"
    return words


def disk_error_message(exc: OSError, context: str = "") -> str:
    """One line for a failed read or write: where (`context`, else the file) and what."""
    where = context or (str(exc.filename) if exc.filename else "")
    return f"{where}: {disk_error_words(exc)}" if where else disk_error_words(exc)


def read_save_bytes(path: Path, limit: int = MAX_SAVE_BYTES, head: int | None = None) -> bytes:
    """The bytes of a save file (only the first `head` bytes if given): a regular file (not a
    FIFO, a device or a folder, which could block or never end) of at most `limit` bytes.
    Anything else is a SaveError."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        if os.path.islink(path):
            raise SaveError(f"{path}: a link to {os.readlink(path)}, which does not exist") from None
        raise SaveError(f"{path}: no such save") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a folder, not a save") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read: {os_error_words(exc)}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(f"{path}: is a folder, not a save")
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{path}: is not a regular file (a pipe, device or socket), not a save")
        if info.st_size > limit:
            raise SaveError(
                f"{path}: {info.st_size:,} bytes is far larger than any save (at most {limit:,}); not a nimitz save"
            )
        chunks, size = [], 0
        want = limit + 1 if head is None else min(head, limit + 1)
        while size < want:
            chunk = os.read(fd, min(1 << 20, want - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise SaveError(f"{path}: larger than any save (over {limit:,} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read: {os_error_words(exc)}") from None
    finally:
        os.close(fd)
