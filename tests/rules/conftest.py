"""Fixtures for the campaign-turn rules tests (issue 3); the helpers live in rules_kit.py."""

from __future__ import annotations

import pytest

from nimitz.model.data import GameData
from nimitz.model.load import load_game_data


@pytest.fixture(scope="session")
def data() -> GameData:
    return load_game_data()
