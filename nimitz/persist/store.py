"""Where saves live and how campaigns are named.

The folder is `--saves DIR`, else `$NIMITZ_HOME/saves`, else the user's data folder
(`click.get_app_dir("nimitz")/saves`). A campaign is named by a plain word; anything that could
leave the folder (`../x`, `/etc/x`, `a/b`), look like a file name (`x.json`) or is reserved on
Windows (`CON`, `nul`, `aux.txt`) is refused, so a save made on one system opens on another.
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
from nimitz.persist.saves import SaveEnvelope, read_save, write_save

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
    import click  # only for its platform-aware folder; the store stays usable without a CLI

    return Path(click.get_app_dir("nimitz")) / "saves"


def check_name(name: str) -> str:
    shown = repr(name) if len(name) <= 70 else repr(name[:60]) + "..."
    if _WINDOWS_RESERVED.match(name):
        raise SaveError(f"{shown} is not a campaign name: Windows reserves it for a device; "
                        f"choose another")
    if (not _NAME.match(name) or ".." in name or name.endswith((".", ".json"))):
        raise SaveError(
            f"{shown} is not a campaign name: use letters, digits, '-', '_' or '.', starting "
            f"with a letter or digit, at most 64 characters (no folders, no '..', not ending "
            f"in '.json' or '.')")
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
        return _existing(self.path_for(name_or_path),
                         f"no campaign named {name_or_path!r} in {self.folder} "
                         f"(`nimitz list` shows the saved ones)")

    def create(self, envelope: SaveEnvelope) -> Path:
        """Write a new campaign; never overwrites an existing one."""
        path = self.path_for(envelope.name)
        if path.exists():
            raise SaveError(f"a campaign named {envelope.name!r} already exists at {path}; "
                            f"choose another --name")
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
            raise SaveError(disk_error_message(exc, f"the saves folder {self.folder} cannot be "
                                                    f"used")) from None
        return True

    def saves(self) -> list[Path]:
        """The saves in the folder, newest first ([] when there is no folder yet)."""
        if not self.usable_folder():
            return []

        def age(path: Path) -> float:
            try:
                return path.stat().st_mtime
            except OSError:  # e.g. a dangling symlink: listed, and its reading says why
                return 0.0
        return sorted(self.folder.glob(f"*{SUFFIX}"), key=age, reverse=True)

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
