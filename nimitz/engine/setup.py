"""Creating a campaign from its year sheet."""

from __future__ import annotations

from nimitz.engine.dice import SeededDice, shuffled
from nimitz.model.data import REINFORCEMENT_POOL, SIDES, GameData, YearSheet
from nimitz.model.state import (
    BATTALIONS,
    DESTROYED,
    JA_POOL,
    STACKS,
    US_POOL,
    CampaignState,
    DiceState,
    Force,
    IndexLayout,
    RulesProfile,
    new_force,
    set_damaged,
)


def stack_of(type_: str) -> str:
    """The JA reinforcement stack a force type belongs to."""
    if type_ in ("INF", "BN"):
        return "infantry"
    if type_ == "LBA":
        return "lba"
    return "ships"


def pool_of(side: str) -> str:
    return US_POOL if side == "US" else JA_POOL


def return_to_pool(state: CampaignState, sheet: YearSheet, f: Force) -> None:
    """A JA force back to its reinforcement pool, full, at the bottom of its stack (a battalion
    to the battalion box): after repair, strategic bombing, or a destroyed LBA (ed3)."""
    _restore(f)
    type_ = sheet.cls[f.cls].type
    if type_ == "BN":
        f.location = BATTALIONS
    else:
        f.location = JA_POOL
        state.ja_stacks[stack_of(type_)].append(f.id)


def destroy_force(state: CampaignState, sheet: YearSheet, f: Force) -> None:
    """A destroyed force's next place: LBA to their side's pool (ed3), JA battalions to the box,
    everything else out of the game."""
    type_ = sheet.cls[f.cls].type
    if f.side == "JA" and type_ in ("LBA", "BN"):
        return_to_pool(state, sheet, f)
        return
    _restore(f)
    f.location = US_POOL if type_ == "LBA" else DESTROYED


def _restore(f: Force) -> None:
    """A force leaving play comes back full and ashore (if it comes back)."""
    if f.damaged:
        set_damaged(f, False)  # (not whereabouts: past Force.__setattr__)
    if f.embarked:
        f.embarked = False


def new_battalion(state: CampaignState, sheet: YearSheet, side: str, location: str) -> Force:
    """A fresh battalion counter (the JA battalion pool is unlimited, ruling R10)."""
    cls = sheet.battalion_class[side]
    fid = f"{side}:Battalion {state.next_battalion}"
    state.next_battalion += 1
    force = new_force(fid, side, fid.split(":", 1)[1], cls.id, location)
    state.forces[fid] = force
    return force


def spare_battalion(state: CampaignState, sheet: YearSheet, side: str, location: str) -> Force | None:
    """A battalion from the battalion box, else a new counter while the pool is unlimited (R10);
    None when the campaign's R10 option limits Japan to the counters in the box and it is empty."""
    boxed = state.at(BATTALIONS, side)
    if boxed:
        return boxed[0]
    if state.rules.battalion_pool == "counters":
        return None
    return new_battalion(state, sheet, side, location)


class _SetUp:
    """A year's starting counters as its sheet gives them, worked out once for the data and the
    year (a lab plays thousands of campaigns of the same four years): each counter's
    (id, side, name, class id, location) in the order they are made, the battalions numbered
    from 1, and the JA pool's forces of each reinforcement stack, in that order (unshuffled)."""

    __slots__ = ("counters", "next_battalion", "stacks", "layout")

    def __init__(self, sheet: YearSheet) -> None:
        counters: list[tuple[str, str, str, str, str]] = []
        battalions = 0
        for side in SIDES:
            for place, names in sheet.setup.get(side, {}).items():
                location = pool_of(side) if place == REINFORCEMENT_POOL else place
                for name in names:
                    counters.append((f"{side}:{name}", side, name, sheet.unit_class[(side, name)].id, location))
            for place, count in sheet.battalions.get(side, {}).items():
                location = pool_of(side) if place == REINFORCEMENT_POOL else place
                cls = sheet.battalion_class[side].id
                for _ in range(count):
                    battalions += 1  # (numbered as new_battalion numbers them, from 1)
                    name = f"Battalion {battalions}"
                    counters.append((f"{side}:{name}", side, name, cls, location))
        self.counters = tuple(counters)
        self.next_battalion = battalions + 1
        stacks: dict[str, list[str]] = {stack: [] for stack in STACKS}
        for fid, _, _, cls, location in counters:
            if location == JA_POOL:
                stacks[stack_of(sheet.cls[cls].type)].append(fid)
        self.stacks = {stack: tuple(members) for stack, members in stacks.items()}
        self.layout: IndexLayout | None = None  # where the first campaign's forces were filed (set_out)


_SET_UPS: dict[tuple[str, int], _SetUp] = {}  # (data fingerprint, year) -> its set-up


def new_campaign(
    data: GameData, year: int, seed: int, rules: RulesProfile | None = None, dice: DiceState | None = None
) -> CampaignState:
    """Every counter of the year's sheet in its starting place; JA stacks shuffled.

    `dice`: carry on with existing dice streams (the next year of a linked campaign)."""
    key = (data.fingerprint, year)
    setup = _SET_UPS.get(key)
    if setup is None:
        setup = _SET_UPS[key] = _SetUp(data.year(year))
    state = CampaignState(
        year=year,
        rules=rules or RulesProfile(),
        dice=dice or DiceState(seed=seed),
        forces={},
        ja_stacks={},
        next_battalion=setup.next_battalion,
    )
    setup.layout = state.set_out(setup.counters, setup.layout)
    from nimitz.engine.control import held_as_set_up

    state.held_at_start = held_as_set_up(state, data)
    stack_dice = SeededDice(state.dice)
    for stack, members in setup.stacks.items():
        state.ja_stacks[stack] = shuffled(stack_dice, members, f"shuffle the JA {stack} stack")
    return state
