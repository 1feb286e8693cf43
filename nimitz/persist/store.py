"""Where saves live and how campaigns are named.

The folder is `--saves DIR`, else `$NIMITZ_HOME/saves`, else the user's data folder
(platformdirs: `~/.local/share/nimitz/saves` on Linux, `$XDG_DATA_HOME` when set and absolute).
Versions up to 0.1 kept saves in the config folder (`click.get_app_dir`); `move_old_saves` moves
them once and says where. A campaign is named by a plain word; anything that could leave the
folder (`../x`, `/etc/x`, `a/b`), look like a file name (`x.json`) or is reserved on Windows
(`CON`, `nul`, `aux.txt`) is refused, so a save made on one system opens on another.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from attrs import define

from nimitz.errors import SaveError
from nimitz.model.data import GameData
from nimitz.persist.bounds import disk_error_message
from nimitz.persist.saves import SaveEnvelope, SaveHeader, read_header, read_save, write_save

SUFFIX = ".nimitz.json"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
# Device names Windows reserves whatever the extension (CON, con.txt, LPT1...).
_WINDOWS_RESERVED = re.compile(r"^(CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9])(\..*)?$", re.IGNORECASE)
# A write in flight leaves `.NAME.nimitz.json.XXXX.tmp` for milliseconds; one older than this was
# left by a write that was killed, and is removed the next time the folder is opened.
STALE_TEMP_SECONDS = 60


def default_saves_dir() -> Path:
    home = os.environ.get("NIMITZ_HOME")
    if home:
        return Path(home).expanduser() / "saves"
    import platformdirs

    folder = Path(platformdirs.user_data_dir("nimitz", appauthor=False))
    if not folder.is_absolute():  # a relative XDG_DATA_HOME is invalid (XDG spec): ignore it
        folder = Path.home() / ".local" / "share" / "nimitz"
    return folder / "saves"


def old_saves_dir() -> Path | None:
    """Where versions up to 0.1 saved (the config folder); None when that was not a real folder
    (an empty XDG_CONFIG_HOME made it relative to wherever nimitz ran)."""
    import click

    config = os.environ.get("XDG_CONFIG_HOME")
    if config is not None and not Path(config).is_absolute():
        return None
    old = Path(click.get_app_dir("nimitz")) / "saves"
    return old if old.is_absolute() else None


MOVED_NOTE = "MOVED.txt"


def move_old_saves(folder: Path, old: Path | None) -> str:
    """Move the saves of the old folder into `folder`, once; '' when there was nothing to move,
    else the message saying where they went. A name already taken in `folder` stays behind."""
    import shutil

    if old is None or not old.is_dir() or old.resolve() == folder.resolve():
        return ""
    found = sorted(old.glob(f"*{SUFFIX}"))
    if not found:
        return ""
    folder.mkdir(parents=True, exist_ok=True)
    moved, kept = [], []
    for path in found:
        target = folder / path.name
        if target.exists():
            kept.append(path.name)
            continue
        shutil.move(str(path), str(target))
        moved.append(path.name)
    note = f"nimitz now keeps its saves in {folder}.\nMoved there from this folder: {', '.join(moved) or 'nothing'}.\n"
    if kept:
        note += f"Left here (a save of the same name was already there): {', '.join(kept)}.\n"
    (old / MOVED_NOTE).write_text(note, encoding="utf-8")
    message = f"moved {len(moved)} saved campaign(s) from {old} to {folder}"
    if kept:
        message += f"; {len(kept)} left in {old} (their names are taken): {', '.join(kept)}"
    return message


def check_name(name: str) -> str:
    shown = repr(name) if len(name) <= 70 else repr(name[:60]) + "..."
    if _WINDOWS_RESERVED.match(name):
        raise SaveError(f"{shown} is not a campaign name: Windows reserves it for a device; choose another")
    if not _NAME.match(name) or ".." in name or name.endswith((".", ".json")):
        raise SaveError(
            f"{shown} is not a campaign name: use letters, digits, '-', '_' or '.', starting "
            f"with a letter or digit, at most 64 characters (no folders, no '..', not ending "
            f"in '.json' or '.')"
        )
    return name


def _is_file(path: Path) -> bool:
    """Path.is_file, but a name the system cannot even look up is simply not a file."""
    try:
        return path.is_file()
    except OSError:
        return False


def _existing(path: Path, missing: str) -> Path:
    """`path` if there is something there (reading it says what is wrong with it, if anything)."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        raise SaveError(missing) from None
    except OSError as exc:
        raise SaveError(disk_error_message(exc, str(path))) from None
    return path


@define
class SaveStore:
    folder: Path

    def path_for(self, name: str) -> Path:
        return self.folder / f"{check_name(name)}{SUFFIX}"

    def resolve(self, name_or_path: str) -> Path:
        """A campaign name in the folder, or a path to a save file anywhere."""
        candidate = Path(name_or_path).expanduser()
        if os.sep in name_or_path or name_or_path.endswith(".json") or _is_file(candidate):
            return _existing(candidate, f"{name_or_path}: no such save file")
        return _existing(
            self.path_for(name_or_path),
            f"no campaign named {name_or_path!r} in {self.folder} (`nimitz list` shows the saved ones)",
        )

    def create(self, envelope: SaveEnvelope) -> Path:
        """Write a new campaign; never overwrites an existing one."""
        path = self.path_for(envelope.name)
        if path.exists():
            raise SaveError(f"a campaign named {envelope.name!r} already exists at {path}; choose another --name")
        write_save(path, envelope)
        return path

    def free_name(self, stem: str) -> str:
        """`stem`, or `stem-2`, `stem-3`... whichever is not taken yet."""
        name, n = stem, 1
        while self.path_for(name).exists():
            n += 1
            name = f"{stem}-{n}"
        return name

    def usable_folder(self) -> bool:
        """False when there is no saves folder yet; a SaveError when what is there is no
        folder or cannot be read."""
        try:
            os.listdir(self.folder)
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise SaveError(disk_error_message(exc, f"the saves folder {self.folder} cannot be used")) from None
        return True

    def saves(self) -> list[Path]:
        """The saves in the folder, the most recently saved first ([] when there is no folder
        yet; a SaveError when the folder cannot be used)."""
        if not self.usable_folder():
            return []
        stamped = []
        for path in self.folder.glob(f"*{SUFFIX}"):
            try:
                info = path.stat()
            except OSError:  # a dangling or looping link is listed (with why it cannot be read)
                try:
                    info = path.lstat()
                except OSError:  # removed meanwhile
                    continue
            stamped.append((info.st_mtime_ns, path.name, path))
        return [path for *_key, path in sorted(stamped, reverse=True)]

    def headers(self, limit: int | None = None) -> list[tuple[Path, SaveHeader | SaveError]]:
        """Each save's header (8 KiB read; never its journal), or why it cannot be read; the
        `limit` most recent only when given."""
        out: list[tuple[Path, SaveHeader | SaveError]] = []
        for path in self.saves()[:limit]:
            try:
                out.append((path, read_header(path)))
            except SaveError as exc:
                out.append((path, exc))
        return out

    def remove_stale_temp_files(self) -> list[Path]:
        """Remove what killed writes left (`.NAME.nimitz.json.XXXX.tmp` older than a minute)."""
        removed = []
        try:
            leftovers = list(self.folder.glob(f".*{SUFFIX}.*.tmp"))
        except OSError:
            return []
        for path in leftovers:
            try:
                if path.is_file() and time.time() - path.stat().st_mtime > STALE_TEMP_SECONDS:
                    path.unlink()
                    removed.append(path)
            except OSError:
                pass  # not ours to fight over: the next start tries again
        return removed

    def load(self, name_or_path: str, data: GameData | None = None) -> tuple[Path, SaveEnvelope]:
        path = self.resolve(name_or_path)
        return path, read_save(path, data)
