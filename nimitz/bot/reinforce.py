"""JA Reinforce (ruling R18) and JA Repair (facts 1.11): the Japanese side of the post-battle steps."""

from __future__ import annotations

from typing import Any

from nimitz.engine.control import holding_classes
from nimitz.engine.dice import Dice
from nimitz.engine.setup import return_to_pool, spare_battalion
from nimitz.model.data import GameData
from nimitz.model.state import RAID, CampaignState, Force, set_damaged, set_moved


def _name(fid: str) -> str:
    return fid.split(":", 1)[1]


def reinforce(state: CampaignState, data: GameData, dice: Dice) -> tuple[str, dict[str, Any]]:
    """1d10 + track - 1 per damaged JA force on the map (not damaged infantry facing US forces)
    - 3 per raiding US sub; read the table; take the tops of the stacks to Japan; 2 battalions
    per missing counter; the track goes back to 0."""
    sheet = data.year(state.year)
    cls = sheet.cls
    roll = dice.roll("ja", 10, "JA reinforcement roll")
    damaged = [
        f
        for f in state.forces.values()
        if f.damaged  # (first: most forces are not)
        and f.side == "JA"
        and f.location in data.map.area
        and not (cls[f.cls].type in ("INF", "BN") and state.count(f.location, "US"))
    ]
    subs = [f for f in state.at(RAID, "US") if cls[f.cls].type == "SS"]
    total = roll + state.ja_track - len(damaged) - 3 * len(subs)
    row = data.reinforcements.for_roll(total)
    extra = sheet.special.extra_ja_infantry_per_reinforce
    wanted = {"ships": row.ships, "infantry": row.infantry + extra, "lba": row.lba}
    arrived: list[str] = []
    # the tops of the stacks, moved to Japan together after the loop (move_forces: one call, not
    # a call of Force.__setattr__ from C for each); the battalions taken meanwhile are boxed ones
    # or new, never these
    arriving: list[Force] = []
    battalions = 0
    for stack, n in wanted.items():
        for _ in range(n):
            ids = state.ja_stacks[stack]
            if ids:
                f = state.forces[ids.pop(0)]
                arriving.append(f)
                # (reading is cheap, setting is a call; damaged and moved past Force.__setattr__,
                # which must see `embarked`: it is whereabouts)
                if f.damaged or f.moved:
                    set_damaged(f, False)
                    set_moved(f, False)
                if f.embarked:
                    f.embarked = False
                arrived.append(f.id)
                continue
            for _ in range(data.reinforcements.battalions_per_missing):
                b = spare_battalion(state, sheet, "JA", "JA")
                if b is None:
                    break
                b.location = "JA"
                if b.damaged:
                    set_damaged(b, False)
                battalions += 1
    state.move_forces(arriving, "JA")
    text = (
        f"JA Reinforce: d10 {roll} + track {state.ja_track} - {len(damaged)} damaged - "
        f"3x{len(subs)} raiding subs = {total}: {row.ships} ship / {row.infantry} INF / "
        f"{row.lba} LBA"
        + (f" (+{extra} INF, {state.year} special rule)" if extra else "")
        + f"; to Japan: {', '.join(_name(i) for i in arrived) or 'nothing'}"
        + (f", {battalions} battalions for missing counters" if battalions else "")
    )
    explanation = {
        "roll": {
            "dice": [roll],
            "track": state.ja_track,
            "damaged": [f.id for f in damaged],
            "raiding_subs": [f.id for f in subs],
            "total": total,
        },
        "row": {
            "lo": row.lo,
            "hi": row.hi,
            "ships": row.ships,
            "infantry": row.infantry,
            "lba": row.lba,
            "extra_infantry": extra,
        },
        "arrived": arrived,
        "battalions": battalions,
        "rulings": ["R18"],
    }
    state.ja_track = data.orders.track_min
    return text, explanation


def repair(state: CampaignState, data: GameData) -> tuple[str, dict[str, Any]]:
    """Damaged JA forces on the map go, repaired, to the bottom of their stack; except infantry
    facing US forces and the last INF or LBA ashore in an area (not in JA or EA)."""
    sheet = data.year(state.year)
    cls = sheet.cls
    repaired: list[str] = []
    kept: list[str] = []
    holding = holding_classes(state, data)
    for code in state.occupied(data.map.area, "JA"):
        here = state.at(code, "JA")
        damaged = []  # (a loop: a comprehension is a call of its own, made for every area)
        for f in here:
            if f.damaged:
                damaged.append(f)
        if not damaged:
            continue  # (most areas: nothing to repair, nothing to count)
        us_here = state.count(code, "US") > 0
        # (a count, not a list searched with `in`: that compares forces with attrs' __eq__)
        ashore_left = 0
        for f in here:
            if f.cls in holding and not f.embarked:
                ashore_left += 1
        for f in damaged:
            c = cls[f.cls]
            if c.type in ("INF", "BN") and us_here:
                kept.append(f"{f.name} (infantry facing US forces)")
                continue
            is_ashore = f.cls in holding and not f.embarked
            if is_ashore and code not in ("JA", "EA") and ashore_left == 1:
                kept.append(f"{f.name} (last INF/LBA in {code})")
                continue
            if is_ashore:
                ashore_left -= 1
            return_to_pool(state, sheet, f)
            repaired.append(f.id)
    if not repaired and not kept:
        return "", {}
    text = (
        "JA Repair: "
        + (", ".join(_name(i) for i in repaired) or "none")
        + " back to the reinforcement pool"
        + (f"; kept: {', '.join(kept)}" if kept else "")
    )
    return text, {"repaired": repaired, "kept": kept}
