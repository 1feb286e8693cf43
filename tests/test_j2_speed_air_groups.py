"""The carriers' air groups kept for the process (battle/setup.py _air_group): after whole lab
campaigns, each kept group is the one the year's table gives its carrier afresh; another
carrier, name, class or sheet gets its own."""

from __future__ import annotations

import attrs

from nimitz.engine.battle import setup
from nimitz.engine.battle.setup import _air_group
from nimitz.lab.runner import CampaignSpec, lab_game, play_out
from nimitz.model.data import CounterClass, GameData, YearSheet


def _fresh(
    sheet: YearSheet, side: str, carrier_cls: CounterClass, carrier: str, name: str
) -> tuple[tuple[str, CounterClass, str], ...]:
    group = sheet.air_group(side, carrier_cls)
    return tuple(
        (f"{carrier} air {i}", sheet.cls[cid], f"{sheet.cls[cid].name} ({name})")
        for i, cid in enumerate(group.aircraft if group else (), 1)
    )


def test_kept_air_groups_are_fresh_after_campaigns() -> None:
    for year, seed in ((1942, 1), (1944, 1), (1945, 2)):
        game = lab_game(CampaignSpec(year, seed, "sensible"))
        play_out(game, "sensible")
        game.close()
    assert setup._AIR_GROUPS  # (the campaigns fought carrier battles)
    for (_, side, carrier, name, _), (sheet, carrier_cls, aircraft) in setup._AIR_GROUPS.items():
        assert aircraft == _fresh(sheet, side, carrier_cls, carrier, name)


def test_another_carrier_name_class_or_sheet_gets_its_own(data: GameData) -> None:
    sheet = data.years[1942]
    carrier_cls = next(c for c in sheet.classes if c.side == "US" and c.is_carrier and sheet.air_group("US", c))
    first = _air_group(sheet, "US", carrier_cls, "US:Test", "Test")
    assert first and first == _fresh(sheet, "US", carrier_cls, "US:Test", "Test")
    assert _air_group(sheet, "US", carrier_cls, "US:Test", "Test") is first  # kept
    assert _air_group(sheet, "US", carrier_cls, "US:Other", "Test") == _fresh(
        sheet, "US", carrier_cls, "US:Other", "Test"
    )
    assert _air_group(sheet, "US", carrier_cls, "US:Test", "Renamed") == _fresh(
        sheet, "US", carrier_cls, "US:Test", "Renamed"
    )
    # another sheet (evolved: its air groups changed) and another class (a changed purchase)
    group = sheet.air_group("US", carrier_cls)
    assert group is not None
    shorter = attrs.evolve(group, aircraft=group.aircraft[:1])
    other_sheet = attrs.evolve(sheet, air_groups=tuple(shorter if g is group else g for g in sheet.air_groups))
    assert _air_group(other_sheet, "US", carrier_cls, "US:Test", "Test") == _fresh(
        other_sheet, "US", carrier_cls, "US:Test", "Test"
    )
    assert len(_air_group(other_sheet, "US", carrier_cls, "US:Test", "Test")) == 1 < len(first)
    other_cls = attrs.evolve(carrier_cls, purchase=carrier_cls.purchase + 99)
    assert _air_group(sheet, "US", other_cls, "US:Test", "Test") == _fresh(sheet, "US", other_cls, "US:Test", "Test")
