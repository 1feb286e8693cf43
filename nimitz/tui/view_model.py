"""What the campaign screen shows, computed from the game in one pass (plain Python).

The controller pushes a fresh `CampaignView` down after every decision; widgets only read it.
"""

from __future__ import annotations

from attrs import define

from nimitz.engine.control import objectives_held
from nimitz.engine.game import Game
from nimitz.views.map import AreaView, BoxView, box_contents, map_areas, map_boxes
from nimitz.views.situation import this_turn_text
from nimitz.views.stakes import Stakes, stakes

SEQUENCE = (
    ("resupply", "Resupply", "Resup"),
    ("scouting", "Scouting", "Scout"),
    ("movement", "Movement", "Move"),
    ("orders", "JA Orders", "Orders"),
    ("battles", "Battles", "Battle"),
    ("reinforce", "JA Reinforce", "Reinf"),
    ("repair", "JA Repair", "Repair"),
    ("return_to_port", "Port", "Port"),
    ("supply", "Supply", "Supply"),
    ("defeat_check", "Defeat check", "Defeat"),
)


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
    box_views: list[BoxView]  # the same boxes, for the one-line strip
    result: str = ""
    prompt: str = ""  # the pending request's prompt ("" when the campaign is over)
    request_kind: str = ""
    linked: bool = False
    stakes: Stakes | None = None
    this_turn: str = ""  # optional rules: this turn's weather and event (docs/optional-rules.md)


def step_name(state) -> str:
    """'US Movement'; inside a battle 'Resolve Battles: NG, turn 2, bomb runs'."""
    from nimitz.engine.campaign import STEP_NAMES

    if state.step.startswith("battle:") and state.battle is not None:
        detail = state.step.split(":", 1)[1].replace("turn ", "turn ", 1).replace(":", ", ")
        return f"Resolve Battles: {state.battle.area}, {detail}"
    return STEP_NAMES.get(state.step, state.step)


def campaign_view(game: Game, name: str = "") -> CampaignView:
    from nimitz.engine.campaign import battle_areas

    state = game.state
    data = game.data
    sheet = game.sheet
    held = objectives_held(state, data)
    try:
        battles = set(battle_areas(game))
    except Exception:  # a display must not fail on an engine helper
        battles = set()
    areas = map_areas(state, data, battles)
    box_views = map_boxes(state, data)
    boxes = [(b.title, box_contents(b)) for b in box_views]
    request = game.pending
    return CampaignView(
        name=name,
        year=state.year,
        turn=state.turn,
        turns=sheet.turns,
        step=state.step,
        step_name=step_name(state),
        sp=state.sp,
        ja_track=state.ja_track,
        held=held,
        objectives=list(sheet.objectives),
        level=sheet.level_for(len(held)),
        scouting_points=state.scouting_points,
        areas=areas,
        boxes=boxes,
        box_views=box_views,
        result=state.result,
        prompt=request.prompt if request else "",
        request_kind=request.kind if request else "",
        linked=getattr(state, "linked", False),
        stakes=stakes(state, data),
        this_turn=this_turn_text(state, data),
    )
