"""Where saves live and how campaigns are named.

The folder is `--saves DIR`, else `$NIMITZ_HOME/saves`, else the user's data folder
(`click.get_app_dir("nimitz")/saves`). A campaign is named by a plain word; anything that could
leave the folder (`../x`, `/etc/x`, `a/b`) is refused.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from attrs import define

from nimitz.errors import SaveError
from nimitz.model.data import GameData
from nimitz.persist.saves import SaveEnvelope, read_save, write_save

SUFFIX = ".nimitz.json"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


def default_saves_dir() -> Path:
    home = os.environ.get("NIMITZ_HOME")
    if home:
        return Path(home).expanduser() / "saves"
    import click  # only for its platform-aware folder; the store stays usable without a CLI

    return Path(click.get_app_dir("nimitz")) / "saves"


def check_name(name: str) -> str:
    if not _NAME.match(name) or ".." in name or name.endswith(SUFFIX):
        raise SaveError(
            f"{name!r} is not a campaign name: use letters, digits, '-', '_' or '.', starting "
            f"with a letter or digit, at most 64 characters (no folders, no '..')")
    return name


@define
class SaveStore:
    folder: Path

    def path_for(self, name: str) -> Path:
        return self.folder / f"{check_name(name)}{SUFFIX}"

    def resolve(self, name_or_path: str) -> Path:
        """A campaign name in the folder, or a path to a save file anywhere."""
        candidate = Path(name_or_path).expanduser()
        if os.sep in name_or_path or name_or_path.endswith(".json") or candidate.is_file():
            if candidate.exists():
                return candidate
            if name_or_path.endswith(".json") or os.sep in name_or_path:
                raise SaveError(f"{name_or_path}: no such save file")
        path = self.path_for(name_or_path)
        if not path.exists():
            raise SaveError(f"no campaign named {name_or_path!r} in {self.folder} "
                            f"(`nimitz list` shows the saved ones)")
        return path

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

    def saves(self) -> list[Path]:
        if not self.folder.is_dir():
            return []
        return sorted(self.folder.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime,
                      reverse=True)

    def load(self, name_or_path: str, data: GameData | None = None) -> tuple[Path, SaveEnvelope]:
        path = self.resolve(name_or_path)
        return path, read_save(path, data)
