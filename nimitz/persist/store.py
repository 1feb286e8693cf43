"""Where saves live and how campaigns are named.

The folder is `--saves DIR`, else `$NIMITZ_HOME/saves`, else the user's data folder
(platformdirs: `~/.local/share/nimitz/saves` on Linux, `$XDG_DATA_HOME` when set and absolute).
Versions up to 0.1 kept saves in the config folder (`click.get_app_dir`); `move_old_saves` moves
them once and says where. A campaign is named by a plain word; anything that could leave the
folder (`../x`, `/etc/x`, `a/b`) is refused.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from attrs import define

from nimitz.errors import SaveError
from nimitz.model.data import GameData
from nimitz.persist.saves import SaveEnvelope, SaveHeader, read_header, read_save, write_save

SUFFIX = ".nimitz.json"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


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
    note = (f"nimitz now keeps its saves in {folder}.\n"
            f"Moved there from this folder: {', '.join(moved) or 'nothing'}.\n")
    if kept:
        note += f"Left here (a save of the same name was already there): {', '.join(kept)}.\n"
    (old / MOVED_NOTE).write_text(note, encoding="utf-8")
    message = f"moved {len(moved)} saved campaign(s) from {old} to {folder}"
    if kept:
        message += f"; {len(kept)} left in {old} (their names are taken): {', '.join(kept)}"
    return message


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
        """The saves in the folder, the most recently saved first."""
        if not self.folder.is_dir():
            return []
        stamped = []
        for path in self.folder.glob(f"*{SUFFIX}"):
            try:
                stamped.append((path.stat().st_mtime_ns, path.name, path))
            except OSError:  # removed meanwhile
                continue
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

    def load(self, name_or_path: str, data: GameData | None = None) -> tuple[Path, SaveEnvelope]:
        path = self.resolve(name_or_path)
        return path, read_save(path, data)
