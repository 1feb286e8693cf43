"""The Japanese battle bot keeps, for the process, the battle area of each d10 face by battle table
(bot/battle.py `_area_for`): it must be what the table says, and a second table (other rows)
must get its own areas, not the first one's."""

from __future__ import annotations

import attrs

from nimitz.bot.battle import _area_for


def test_kept_area_of_each_face_is_the_tables(data):
    table = data.battle
    # a table with other rows: each row's faces moved to the next row's area
    codes = [a.code for a in table.battle_area]
    shifted = attrs.evolve(
        table,
        battle_area=tuple(attrs.evolve(a, code=codes[(i + 1) % len(codes)]) for i, a in enumerate(table.battle_area)),
    )
    faces = range(1, 11)
    for _ in range(2):  # (asked again: read from the memo)
        for t in (table, shifted, table):
            assert [_area_for(t, face) for face in faces] == [t.area_for(face) for face in faces]
    assert [_area_for(shifted, face) for face in faces] != [_area_for(table, face) for face in faces]
