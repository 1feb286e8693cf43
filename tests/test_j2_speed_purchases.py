"""The US Resupply options kept for the process (campaign._purchase, _repair, the scouting
points'): after whole lab campaigns, each is the option its key would make afresh; a force of
another name, place or class (even one of the same id whose data changed) gets its own."""

from __future__ import annotations

import attrs

from nimitz.engine import campaign
from nimitz.engine.campaign import _purchase, _repair
from nimitz.engine.requests import Option
from nimitz.lab.runner import CampaignSpec, lab_game, play_out
from nimitz.model.data import CounterClass, GameData
from nimitz.model.journal import Decision
from nimitz.model.state import RulesProfile, new_force
from nimitz.persist.campaign_file import new_game


def _fresh_purchase(fid: str, name: str, c: CounterClass) -> Option:
    return Option(Decision("buy", forces=(fid,)), f"Buy {name} ({c.name} {c.type})", c.buy_cost)


def _fresh_repair(fid: str, name: str, location: str, c: CounterClass) -> Option:
    return Option(Decision("repair", forces=(fid,)), f"Repair {name} at {location}", c.repair_cost)


def test_kept_options_are_fresh_after_campaigns() -> None:
    for year, seed in ((1942, 1), (1944, 2), (1942, 2)):
        game = lab_game(CampaignSpec(year, seed, "sensible"))
        play_out(game, "sensible")
        game.close()
    assert campaign._PURCHASES and campaign._REPAIRS and campaign._SCOUTING_PURCHASES
    for (fid, name, cls_name, cls_type, cost), option in campaign._PURCHASES.items():
        assert option == Option(Decision("buy", forces=(fid,)), f"Buy {name} ({cls_name} {cls_type})", cost)
    for (fid, name, location, cost), option in campaign._REPAIRS.items():
        assert option == Option(Decision("repair", forces=(fid,)), f"Repair {name} at {location}", cost)
    for n, option in campaign._SCOUTING_PURCHASES.items():
        assert option == Option(Decision("buy_scouting", count=n), f"Buy {n} scouting point(s)", n)


def test_another_name_place_or_class_gets_its_own_option(data: GameData) -> None:
    state = new_game(data, 1943, 1, RulesProfile()).state
    f = next(f for f in state.forces.values() if f.side == "US")
    c = data.years[1943].cls[f.cls]
    first, repair = _purchase(f, c), _repair(f, c)
    assert first == _fresh_purchase(f.id, f.name, c) and repair == _fresh_repair(f.id, f.name, f.location, c)
    assert _purchase(f, c) is first and _repair(f, c) is repair  # kept
    # the same force in data changed (as a test's evolved data would be, fingerprint and all)
    for changed in (
        attrs.evolve(c, cost=c.cost + 2, purchase=(c.purchase + 2) if c.purchase else 0),
        attrs.evolve(c, name=c.name + " II"),
        attrs.evolve(c, type="BB" if c.type != "BB" else "CRU"),
    ):
        assert _purchase(f, changed) == _fresh_purchase(f.id, f.name, changed)
        assert _repair(f, changed) == _fresh_repair(f.id, f.name, f.location, changed)
    elsewhere = "AU" if f.location != "AU" else "WC"
    for name, location in ((f.name + " II", f.location), (f.name, elsewhere)):
        g = new_force(f.id, "US", name, f.cls, location)
        assert _purchase(g, c) == _fresh_purchase(f.id, name, c)
        assert _repair(g, c) == _fresh_repair(f.id, name, location, c)
