"""The transport class kept per year sheet and side (battle/setup.py transport_class): the
same as reading the sheet's classes afresh, and never another sheet's."""

from __future__ import annotations

import attrs

from nimitz.engine.battle.setup import transport_class
from nimitz.model.data import CounterClass, GameData, YearSheet


def _first_transport(sheet: YearSheet, side: str) -> CounterClass:
    return next(c for c in sheet.classes if c.side == side and c.type == "TR")


def test_transport_class_is_the_sheets_first_tr(data: GameData) -> None:
    for sheet in data.years.values():
        for side in ("US", "JA"):
            assert transport_class(sheet, side) is _first_transport(sheet, side)
            assert transport_class(sheet, side) is _first_transport(sheet, side)  # (kept: the same)


def test_another_sheet_gets_its_own_transport_class(data: GameData) -> None:
    """A changed sheet (a new object, maybe at a freed one's address) is read afresh."""
    sheet = next(iter(data.years.values()))
    for side in ("US", "JA"):
        transport_class(sheet, side)  # kept for the original sheet
        tr = _first_transport(sheet, side)
        renamed = attrs.evolve(tr, id=tr.id + " (new)")
        changed = attrs.evolve(sheet, classes=tuple(renamed if c is tr else c for c in sheet.classes))
        assert transport_class(changed, side) is renamed
        assert transport_class(sheet, side) is tr
