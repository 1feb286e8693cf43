"""The strategic bombing options kept for the process (campaign._bombing_target): after whole
lab campaigns, each is the option a fresh one would be; a force of another name or class gets
its own."""

from __future__ import annotations

from nimitz.engine import campaign
from nimitz.engine.campaign import _bombing_target
from nimitz.engine.requests import Option
from nimitz.lab.runner import CampaignSpec, lab_game, play_out
from nimitz.model.data import GameData
from nimitz.model.journal import Decision
from nimitz.model.state import RulesProfile, new_force
from nimitz.persist.campaign_file import new_game


def _fresh(data: GameData, year: int, fid: str, name: str, cls_id: str) -> Option:
    c = data.years[year].cls[cls_id]
    return Option(Decision("bombing_target", forces=(fid,)), f"{name} ({c.type})")


def test_kept_bombing_targets_are_fresh_after_campaigns(data: GameData) -> None:
    for seed in (1, 2):
        game = lab_game(CampaignSpec(1945, seed, "sensible"))
        play_out(game, "sensible")
        game.close()
    kept = {key: option for key, option in campaign._BOMBING_TARGETS.items() if key[0] == data.fingerprint}
    assert kept  # (the wings bombed Japan)
    for (_, year, fid, name, cls_id), option in kept.items():
        assert option == _fresh(data, year, fid, name, cls_id)


def test_a_force_of_another_name_or_class_gets_its_own_target(data: GameData) -> None:
    state = new_game(data, 1945, 1, RulesProfile()).state
    year_key = (data.fingerprint, 1945)
    cls = data.years[1945].cls
    f = next(f for f in state.forces.values() if f.side == "JA")
    first = _bombing_target(year_key, f, cls[f.cls])
    assert first == _fresh(data, 1945, f.id, f.name, f.cls)
    assert _bombing_target(year_key, f, cls[f.cls]) is first  # kept
    other_cls = next(c.id for c in cls.values() if c.side == "JA" and c.type != cls[f.cls].type)
    for name, cls_id in ((f.name + " II", f.cls), (f.name, other_cls)):
        g = new_force(f.id, "JA", name, cls_id, "JA")
        assert _bombing_target(year_key, g, cls[cls_id]) == _fresh(data, 1945, f.id, name, cls_id)
