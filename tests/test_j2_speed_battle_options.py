"""The Resolve Battles step's options, kept for the process once made (campaign._battle_options):
each the same as one made afresh, in the order of the areas asked, whatever was asked before."""

from __future__ import annotations

from nimitz.engine.campaign import _battle_options
from nimitz.engine.requests import Option
from nimitz.model.data import GameData
from nimitz.model.journal import Decision


def _fresh(areas: list[str]) -> list[Option]:
    return [Option(Decision("battle", area=a), f"Battle in {a}") for a in areas]


def test_battle_options_are_the_fresh_ones_in_order(data: GameData) -> None:
    codes = list(data.map.area)
    for areas in (codes[:3], codes[2:5][::-1], codes[:1], codes[4:9], []):
        options = _battle_options(areas)
        assert options == _fresh(areas)
        assert [o.decision.area for o in options] == areas
