"""The player's TUI settings (today: the battle speed), a small JSON file in the user's config
folder. `settings_path` is the one place that says where it lives."""

from __future__ import annotations

import json
import os
from pathlib import Path

SPEEDS = ("step", "turn", "battle")
SPEED_WORDS = {"step": "step by step", "turn": "a battle turn at a time", "battle": "whole battle"}


def settings_path() -> Path:
    """$NIMITZ_CONFIG/settings.json, else the platform's user config folder."""
    folder = os.environ.get("NIMITZ_CONFIG")
    if not folder:
        import platformdirs

        folder = platformdirs.user_config_dir("nimitz")
    return Path(folder) / "settings.json"


def load() -> dict:
    """The saved settings; a missing or unreadable file gives the defaults (never an error)."""
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def battle_speed() -> str:
    speed = load().get("battle_speed")
    return speed if speed in SPEEDS else "step"


def set_battle_speed(speed: str) -> str:
    """Remember the speed; '' on success, else why it could not be saved (it still applies)."""
    if speed not in SPEEDS:
        raise ValueError(f"unknown battle speed {speed!r}")
    data = load()
    data["battle_speed"] = speed
    path = settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        return f"the setting could not be saved in {path}: {exc.strerror or exc}"
    return ""
