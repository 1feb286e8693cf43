"""The strategic bombing options kept for the process (campaign._bombing_target): after whole
lab campaigns, each is the option its key would make afresh; a force of another name or class
type (even one of the same id whose data changed) gets its own."""

from __future__ import annotations

import attrs

from nimitz.engine import campaign
from nimitz.engine.campaign import _bombing_target
from nimitz.engine.requests import Option
from nimitz.lab.runner import CampaignSpec, lab_game, play_out
from nimitz.model.data import GameData
from nimitz.model.journal import Decision
from nimitz.model.state import RulesProfile, new_force
from nimitz.persist.campaign_file import new_game


def _fresh(fid: str, name: str, type_: str) -> Option:
    return Option(Decision("bombing_target", forces=(fid,)), f"{name} ({type_})")


def test_kept_bombing_targets_are_fresh_after_campaigns() -> None:
    for seed in (1, 2):
        game = lab_game(CampaignSpec(1945, seed, "sensible"))
        play_out(game, "sensible")
        game.close()
    assert campaign._BOMBING_TARGETS  # (the wings bombed Japan)
    for (fid, name, type_), option in campaign._BOMBING_TARGETS.items():
        assert option == _fresh(fid, name, type_)


def test_another_name_or_class_type_gets_its_own_target(data: GameData) -> None:
    state = new_game(data, 1945, 1, RulesProfile()).state
    f = next(f for f in state.forces.values() if f.side == "JA")
    c = data.years[1945].cls[f.cls]
    first = _bombing_target(f, c)
    assert first == _fresh(f.id, f.name, c.type)
    assert _bombing_target(f, c) is first  # kept
    changed = attrs.evolve(c, type="BB" if c.type != "BB" else "CRU")
    assert _bombing_target(f, changed) == _fresh(f.id, f.name, changed.type)
    renamed = new_force(f.id, "JA", f.name + " II", f.cls, "JA")
    assert _bombing_target(renamed, c) == _fresh(f.id, renamed.name, c.type)
