"""The battle board memo's moves tables are kept per counter type and side, for the whole process
(board._TYPE_MOVES, issue 12 speed): every class of a type, in every year sheet, must leave and
join the same memo groups in every move, or a piece of one class would be grouped as another's."""

from __future__ import annotations

from itertools import product

from nimitz.engine.battle.board import _TYPE_MOVES, _group_keys, _move_change
from nimitz.lab.runner import CampaignSpec, play_one
from nimitz.model.battle import AREAS, DECK, ISLAND_BOXES, ON_TRANSPORT
from nimitz.model.data import GameData

BOXES = (*AREAS, *ISLAND_BOXES, DECK, ON_TRANSPORT)
YEARS = (1942, 1943, 1944, 1945)


def test_every_class_of_a_type_belongs_to_the_groups_of_its_type(data: GameData):
    by_type: dict[tuple[str, str], dict[str, tuple]] = {}
    for year in YEARS:
        for c in data.year(year).classes:
            for side, box in product(("US", "JA"), BOXES):
                keys = _group_keys(c, side, box)
                first = by_type.setdefault((c.type, side), {}).setdefault(box, keys)
                assert keys == first, (year, c.id, side, box)


def test_the_kept_moves_are_those_of_every_class_of_the_type(data: GameData):
    """After whole campaigns of every year, each move a table keeps is what a fresh working out
    gives for every class of that type in every year sheet."""
    for year in YEARS:
        play_one(CampaignSpec(year, 1))
    assert _TYPE_MOVES
    classes = [c for year in YEARS for c in data.year(year).classes]
    for (type_, side), moves in _TYPE_MOVES.items():
        of_type = [c for c in classes if c.type == type_]
        assert of_type, type_
        for (old, new), change in moves.items():
            for c in of_type:
                assert _move_change(c, side, old, new) == change, (c.id, side, old, new)
