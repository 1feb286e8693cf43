"""What the campaign screen shows, computed from the game in one pass (plain Python).

The controller pushes a fresh `CampaignView` down after every decision; widgets only read it.
"""

from __future__ import annotations

from attrs import define, field

from nimitz.engine.control import holder, objectives_held, supplied_areas
from nimitz.engine.game import Game
from nimitz.model.state import (
    BATTALIONS, BOMBING, DESTROYED, INVASION, JA_POOL, RAID, US_POOL, Force,
)

# Holder letters on the map (colour is never the only sign).
HOLDER_MARK = {"US": "U", "JA": "J", "contested": "x", "US-unsupplied": "~", "": "-"}
HOLDER_WORDS = {"US": "held by the US", "JA": "JA forces ashore", "contested": "contested",
                "US-unsupplied": "US ashore but out of supply", "": "nobody ashore"}

SEQUENCE = (("resupply", "Resupply", "Resup"), ("scouting", "Scouting", "Scout"),
            ("movement", "Movement", "Move"), ("orders", "JA Orders", "Orders"),
            ("battles", "Battles", "Battle"), ("reinforce", "JA Reinforce", "Reinf"),
            ("repair", "JA Repair", "Repair"), ("return_to_port", "Port", "Port"),
            ("supply", "Supply", "Supply"), ("defeat_check", "Defeat check", "Defeat"))


@define
class ForceView:
    id: str
    name: str
    type: str
    side: str
    damaged: bool
    embarked: bool
    moved: bool
    values: str  # the printed values of the side in use (damaged side when damaged)
    cost: int

    @property
    def marks(self) -> str:
        """* damaged, ~ on a transport, + moved this turn."""
        return ("*" if self.damaged else "") + ("~" if self.embarked else "") + (
            "+" if self.moved else "")

    @property
    def label(self) -> str:
        return f"{self.name} {self.type}{self.marks}"


@define
class AreaView:
    code: str
    name: str
    col: int
    row: int
    us: list[ForceView] = field(factory=list)
    ja: list[ForceView] = field(factory=list)
    objective: bool = False
    holder: str = ""  # control.holder(): "US", "JA", "contested", "US-unsupplied", ""
    battle: bool = False  # a battle is due here (both sides present and able to fight)
    us_lba: int = 0
    ja_lba: int = 0
    airfield: int = 0
    unlimited: bool = False
    supplied: bool = False
    australian: bool = False
    home: str = ""

    @property
    def holder_mark(self) -> str:
        return HOLDER_MARK.get(self.holder, "?")

    @property
    def airfield_text(self) -> str:
        cap = "*" if self.unlimited else str(self.airfield)
        return f"{self.us_lba}/{cap}"


@define
class CampaignView:
    name: str
    year: int
    turn: int
    turns: int
    step: str
    step_name: str
    sp: int
    ja_track: int
    held: list[str]
    objectives: list[str]
    level: str
    scouting_points: int
    areas: dict[str, AreaView]
    boxes: list[tuple[str, str]]  # (label, contents) for the off-map boxes and pools
    result: str = ""
    prompt: str = ""  # the pending request's prompt ("" when the campaign is over)
    request_kind: str = ""
    linked: bool = False


def force_view(game: Game, f: Force) -> ForceView:
    c = game.sheet.cls[f.cls]
    return ForceView(id=f.id, name=f.name, type=c.type, side=f.side, damaged=f.damaged,
                     embarked=f.embarked, moved=f.moved, values=c.values_text(f.damaged),
                     cost=c.buy_cost)


def _count_line(game: Game, forces: list[Force]) -> str:
    if not forces:
        return "empty"
    bn = [f for f in forces if game.sheet.cls[f.cls].type == "BN"]
    rest = [f"{f.name}{'*' if f.damaged else ''}" for f in forces if f not in bn]
    if bn:
        rest.append(f"{len(bn)} battalion{'s' if len(bn) > 1 else ''}")
    return ", ".join(rest)


def step_name(state) -> str:  # noqa: ANN001
    """'US Movement'; inside a battle 'Resolve Battles: NG, turn 2, bomb runs'."""
    from nimitz.engine.campaign import STEP_NAMES

    if state.step.startswith("battle:") and state.battle is not None:
        detail = state.step.split(":", 1)[1].replace("turn ", "turn ", 1).replace(":", ", ")
        return f"Resolve Battles: {state.battle.area}, {detail}"
    return STEP_NAMES.get(state.step, state.step)


def campaign_view(game: Game, name: str = "") -> CampaignView:
    from nimitz.engine.campaign import STEP_NAMES, battle_areas

    state = game.state
    data = game.data
    sheet = game.sheet
    supplied = supplied_areas(state, data)
    held = objectives_held(state, data)
    try:
        battles = set(battle_areas(game))
    except Exception:  # noqa: BLE001 - a display must not fail on an engine helper
        battles = set()
    where = state.by_location()
    areas: dict[str, AreaView] = {}
    for a in data.map.areas:
        here = where.get(a.code, [])
        us = [force_view(game, f) for f in here if f.side == "US"]
        ja = [force_view(game, f) for f in here if f.side == "JA"]
        areas[a.code] = AreaView(
            code=a.code, name=a.name, col=a.map_col, row=a.map_row, us=us, ja=ja,
            objective=a.code in sheet.objectives, holder=holder(state, data, a.code, supplied),
            battle=a.code in battles,
            us_lba=sum(1 for f in us if f.type == "LBA"), ja_lba=sum(1 for f in ja if f.type == "LBA"),
            airfield=a.airfield, unlimited=a.unlimited_airfield, supplied=a.code in supplied,
            australian=a.australian, home=a.home)
    boxes: list[tuple[str, str]] = []
    for code in sheet.port_boxes:
        boxes.append((f"Port {code}", _count_line(game, where.get(code, []))))
    boxes.append(("Raiding", _count_line(game, where.get(RAID, []))))
    if sheet.special.strategic_bombing:
        boxes.append(("Bombing", _count_line(game, where.get(BOMBING, []))))
    if sheet.special.invasion_box:
        boxes.append(("Invasion", _count_line(game, where.get(INVASION, []))))
    pool = where.get(US_POOL, [])
    boxes.append(("US pool", f"{len(pool)} force(s) to buy"))
    boxes.append(("JA pool", ", ".join(f"{k} {len(v)}" for k, v in state.ja_stacks.items())))
    boxes.append(("JA battalions", f"{len(where.get(BATTALIONS, []))} in the box"))
    lost = where.get(DESTROYED, [])
    boxes.append(("Destroyed", f"US {sum(f.side == 'US' for f in lost)}, "
                               f"JA {sum(f.side == 'JA' for f in lost)}"))
    request = game.pending
    return CampaignView(
        name=name, year=state.year, turn=state.turn, turns=sheet.turns, step=state.step,
        step_name=step_name(state), sp=state.sp, ja_track=state.ja_track,
        held=held, objectives=list(sheet.objectives), level=sheet.level_for(len(held)),
        scouting_points=state.scouting_points, areas=areas, boxes=boxes, result=state.result,
        prompt=request.prompt if request else "", request_kind=request.kind if request else "",
        linked=getattr(state, "linked", False))
