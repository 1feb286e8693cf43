"""What must be true of every campaign state: checked on load and after every step in tests."""

from __future__ import annotations

from collections import Counter

from nimitz.model.data import GameData
from nimitz.model.state import (
    BATTALIONS,
    BOMBING,
    DESTROYED,
    INVASION,
    JA_POOL,
    RAID,
    US_POOL,
    CampaignState,
)

_SIDE_BOXES = {"US": {US_POOL, RAID, BOMBING, INVASION}, "JA": {JA_POOL, BATTALIONS}}


def state_problems(state: CampaignState, data: GameData, where: str = "$.state") -> list[str]:
    """Every broken invariant, each naming the force or field (`where`, e.g. $.state...)."""
    if state.year not in data.years:
        return [f"{where}.year: no campaign for {state.year}"]
    sheet = data.year(state.year)
    m = data.map
    p: list[str] = []
    if state.rules.order_modifiers not in data.orders.modifier_presets:
        p.append(f"{where}.rules.order_modifiers: unknown preset {state.rules.order_modifiers!r}")
    if not 0 <= state.turn <= sheet.turns:
        p.append(f"{where}.turn: {state.turn} is outside 0-{sheet.turns}")
    if state.sp < 0:
        p.append(f"{where}.sp: {state.sp} supply points is negative")
    if not data.orders.track_min <= state.ja_track <= data.orders.track_max:
        p.append(f"{where}.ja_track: {state.ja_track} is off the track")
    for fid, f in state.forces.items():
        w = f"{where}.forces[{fid!r}]"
        if f.id != fid:
            p.append(f"{w}.id: says {f.id!r}")
        cls = sheet.cls.get(f.cls)
        if cls is None or cls.side != f.side:
            p.append(f"{w}.cls: {f.cls!r} is no {f.side} counter class of {state.year}")
            continue
        loc = f.location
        if loc in m.area:
            home = m.area[loc].home
            if home and home != f.side:
                p.append(f"{w}.location: {f.side} forces cannot be in {loc}")
            if f.side == "US" and cls.australian and not m.area[loc].australian:
                p.append(f"{w}.location: Australian forces cannot be in {loc}")
        elif loc in m.box and m.box[loc].kind == "port":
            if f.side != "US" or not cls.is_ship:
                p.append(f"{w}.location: only US ships go to the port box {loc}")
        elif loc != DESTROYED and loc not in _SIDE_BOXES[f.side]:
            p.append(f"{w}.location: {loc!r} is no place for a {f.side} force")
        if f.embarked and (cls.type not in ("INF", "BN") or loc not in m.area):
            p.append(f"{w}.embarked: only infantry in an area can be on a transport")
    stacked = Counter(fid for ids in state.ja_stacks.values() for fid in ids)
    for fid, n in stacked.items():
        if n > 1:
            p.append(f"{where}.ja_stacks: {fid!r} is in the stacks {n} times")
        if fid not in state.forces or state.forces[fid].location != JA_POOL:
            p.append(f"{where}.ja_stacks: {fid!r} is not in the JA reinforcement pool")
    for f in state.at(JA_POOL):
        if f.id not in stacked:
            p.append(f"{where}.forces[{f.id!r}]: in the JA pool but in no stack")
    return p
