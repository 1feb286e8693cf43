"""The game data as the program uses it: read and structured (`data.load_raw`), cross-checked
(`datacheck.check_data`), and kept per data folder."""

from __future__ import annotations

from pathlib import Path

from nimitz.errors import DataError
from nimitz.model.data import GameData, data_root, load_raw
from nimitz.model.datacheck import check_data

_CACHE: dict[Path, GameData] = {}


def load_game_data(root: Path | None = None) -> GameData:
    """The validated game data (cached per folder). Raises DataError listing every problem."""
    root = (root or data_root()).resolve()
    if root not in _CACHE:
        data, problems = load_raw(root)
        if data is not None:
            problems = check_data(data)
        if problems or data is None:
            raise DataError(problems)
        _CACHE[root] = data
    return _CACHE[root]
