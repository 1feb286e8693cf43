"""The US Resupply options kept for the process (campaign._purchase, _repair, the scouting
points'): after whole lab campaigns, each is the option a fresh one would be; a force of another
name, class or (for a repair) place gets its own."""

from __future__ import annotations

from nimitz.engine import campaign
from nimitz.engine.campaign import _purchase, _repair
from nimitz.engine.requests import Option
from nimitz.lab.runner import CampaignSpec, lab_game, play_out
from nimitz.model.data import GameData
from nimitz.model.journal import Decision
from nimitz.model.state import RulesProfile, new_force
from nimitz.persist.campaign_file import new_game


def _fresh(data: GameData, year: int, fid: str, name: str, cls_id: str) -> Option:
    c = data.years[year].cls[cls_id]
    return Option(Decision("buy", forces=(fid,)), f"Buy {name} ({c.name} {c.type})", c.buy_cost)


def test_kept_purchases_are_fresh_after_campaigns(data: GameData) -> None:
    for year, seed in ((1942, 1), (1944, 2), (1942, 2)):
        game = lab_game(CampaignSpec(year, seed, "sensible"))
        play_out(game, "sensible")
        game.close()
    kept = {key: option for key, option in campaign._PURCHASES.items() if key[0] == data.fingerprint}
    assert kept  # (the campaigns bought from the pool)
    for (_, year, fid, name, cls_id), option in kept.items():
        assert option == _fresh(data, year, fid, name, cls_id)
    repairs = {key: option for key, option in campaign._REPAIRS.items() if key[0] == data.fingerprint}
    assert repairs  # (the campaigns repaired damaged forces)
    for (_, year, fid, name, cls_id, location), option in repairs.items():
        c = data.years[year].cls[cls_id]
        assert option == Option(Decision("repair", forces=(fid,)), f"Repair {name} at {location}", c.repair_cost)
    assert campaign._SCOUTING_PURCHASES
    for n, option in campaign._SCOUTING_PURCHASES.items():
        assert option == Option(Decision("buy_scouting", count=n), f"Buy {n} scouting point(s)", n)


def test_a_force_of_another_name_or_class_gets_its_own_purchase(data: GameData) -> None:
    state = new_game(data, 1943, 1, RulesProfile()).state
    year_key = (data.fingerprint, 1943)
    f = next(f for f in state.forces.values() if f.side == "US")
    cls = data.years[1943].cls
    first = _purchase(year_key, f, cls[f.cls])
    assert first == _fresh(data, 1943, f.id, f.name, f.cls)
    assert _purchase(year_key, f, cls[f.cls]) is first  # kept
    other_cls = next(c.id for c in cls.values() if c.side == "US" and c.id != f.cls)
    for name, cls_id in ((f.name + " II", f.cls), (f.name, other_cls)):
        g = new_force(f.id, "US", name, cls_id, "WC")
        assert _purchase(year_key, g, cls[cls_id]) == _fresh(data, 1943, f.id, name, cls_id)


def test_a_repair_elsewhere_or_of_another_force_is_its_own(data: GameData) -> None:
    state = new_game(data, 1943, 1, RulesProfile()).state
    year_key = (data.fingerprint, 1943)
    f = next(f for f in state.forces.values() if f.side == "US")
    cls = data.years[1943].cls
    first = _repair(year_key, f, cls[f.cls])
    assert first.label == f"Repair {f.name} at {f.location}"
    assert _repair(year_key, f, cls[f.cls]) is first  # kept
    other_cls = next(c for c in cls.values() if c.side == "US" and c.repair_cost != cls[f.cls].repair_cost)
    elsewhere = "AU" if f.location != "AU" else "WC"
    for name, c, location in (
        (f.name + " II", cls[f.cls], f.location),
        (f.name, other_cls, f.location),
        (f.name, cls[f.cls], elsewhere),
    ):
        g = new_force(f.id, "US", name, c.id, location)
        assert _repair(year_key, g, c) == Option(
            Decision("repair", forces=(f.id,)), f"Repair {name} at {location}", c.repair_cost
        )
