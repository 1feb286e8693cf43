"""What is at stake, always in view: the turn, the objectives held against the year's ladder,
Hawaii and its sudden-death rule; and the briefing shown when a campaign starts. Plain Python.
"""

from __future__ import annotations

from attrs import frozen

from nimitz.engine.control import objectives_held
from nimitz.engine.fog import hidden_forces, us_view
from nimitz.engine.variants import ATTACK_PENALTY_SP, landing_battle_ahead
from nimitz.model.data import GameData
from nimitz.model.state import CampaignState
from nimitz.views.words import counted

HAWAII = "HI"


@frozen
class Stakes:
    year: int
    turn: int
    turns: int
    held: int
    objectives: int
    level: str  # the level the objectives held now would give
    ladder: tuple[tuple[str, int], ...]  # (level, lowest objectives held for it), worst first
    hawaii_held: bool
    ja_near_hawaii: int  # JA forces in Hawaii or one move away
    us_in_hawaii: int
    result: str = ""
    replaced_max: int = -1

    @property
    def ladder_text(self) -> str:
        """'Replaced 0-3 · Poor 4 · Historical 5-6 · Good 7 · Great 8', the current one in []."""
        parts = []
        for i, (name, lo) in enumerate(self.ladder):
            hi = self.ladder[i + 1][1] - 1 if i + 1 < len(self.ladder) else None
            band = f"{lo}+" if hi is None else (str(lo) if hi == lo else f"{lo}-{hi}")
            text = f"{name} {band}"
            parts.append(f"[{text}]" if name == self.level else text)
        return " · ".join(parts)

    @property
    def hawaii_text(self) -> str:
        if not self.hawaii_held:
            return "Hawaii LOST: the campaign ends in defeat at the defeat check"
        threat = f"; {self.ja_near_hawaii} JA within reach" if self.ja_near_hawaii else ""
        return f"Hawaii held ({self.us_in_hawaii} US{threat}) · if Hawaii falls, the campaign is lost"


def stakes(state: CampaignState, data: GameData) -> Stakes:
    """The stakes as the US player may know them (fog of war hides some JA forces, R86)."""
    sheet = data.year(state.year)
    held = objectives_held(state, data)
    ladder = tuple((lv.name, lv.min) for lv in reversed(sheet.evaluation))
    near = {HAWAII, *data.map.area[HAWAII].adjacent}
    hidden = hidden_forces(state)  # fog of war: only the Japanese forces the US sees (R86)
    ja_near = sum(1 for f in state.forces.values() if f.side == "JA" and f.location in near and f.id not in hidden)
    return Stakes(
        year=state.year,
        turn=state.turn,
        turns=sheet.turns,
        held=len(held),
        objectives=len(sheet.objectives),
        level=sheet.level_for(len(held)),
        ladder=ladder,
        hawaii_held=HAWAII in held,
        ja_near_hawaii=ja_near,
        us_in_hawaii=len(state.at(HAWAII, "US")),
        result=state.result,
        replaced_max=sheet.replaced_max,
    )


def stakes_lines(state: CampaignState, data: GameData, *, name: str = "", width: int = 80) -> list[str]:
    s = stakes(state, data)
    title = f"{name}: " if name else ""
    first = f"{title}{s.year}, turn {s.turn}/{s.turns} · objectives {s.held}/{s.objectives} ({s.level})"
    if s.result:
        first += f" · over: {s.result}"
    return [first, "Ladder: " + s.ladder_text, s.hawaii_text]


def briefing(state: CampaignState, data: GameData) -> list[tuple[str, str]]:
    """The start-of-campaign briefing as (heading, paragraph) pairs, in our own words."""
    sheet = data.year(state.year)
    s = stakes(state, data)
    names = {a.code: a.name for a in data.map.areas}
    objectives = ", ".join(f"{c} {names.get(c, c)}" for c in sheet.objectives)
    best = s.ladder[-1]
    historical = next((lo for n, lo in s.ladder if n == "Historical"), None)
    situation = {
        1942: "Six months after Pearl Harbor, Japan holds the western Pacific and is reaching "
        "for New Guinea, the Solomons and Midway. Your carriers are few and precious.",
        1943: "The tide is turning: the Solomons and New Guinea are contested, and the new "
        "fleet carriers start to arrive. Japan still has a strong fleet.",
        1944: "The US fleet is now the stronger one. Drive through the central Pacific to the "
        "Marianas and the Philippines while Japan's carriers can still strike back.",
        1945: "The last year: take the islands on Japan's doorstep and gather the fleet for "
        "the invasion of Japan, while kamikazes and Japan's last ships resist.",
    }.get(state.year, "")
    optional = optional_rules_paragraph(state, data)
    return [
        ("The situation", situation),
        (
            "Your objectives",
            f"{len(sheet.objectives)} areas: {objectives}. You hold {s.held} "
            f"now. An objective counts when US infantry or aircraft hold it in "
            f"supply and no Japanese force is ashore.",
        ),
        (
            "What wins",
            f"After turn {sheet.turns} the objectives held give the result: "
            f"{s.ladder_text}. Holding {best[1]} is the best result"
            + (f"; {historical} matches history." if historical is not None else "."),
        ),
        (
            "What loses",
            "Hawaii is sudden death: if it is not held at the end of any turn, the "
            "campaign is lost at once. Falling to the Replaced level (below where "
            "you started) also ends it: you are relieved of command.",
        ),
        (
            "Each turn",
            "Resupply (spend SP), scouting, your movement, then Japan's orders, the "
            "battles, Japan's reinforcements and repairs, return to port, supply and "
            "the defeat check. The status line always shows the turn, the objectives "
            "against the ladder and Hawaii.",
        ),
    ] + ([("Optional rules", optional)] if optional else [])


def movement_warnings(state: CampaignState, data: GameData) -> list[str]:
    """What a player would regret on ending US Movement (advice only, never a refusal):
    Hawaii thinly held with Japanese forces one move away, objectives with no US force,
    US infantry or aircraft ashore where no supply reaches."""
    from nimitz.engine.control import holder, supplied_areas

    state = us_view(state)  # fog of war: warn only about what the US can see (R86)
    sheet = data.year(state.year)
    cls = sheet.cls
    out = []
    s = stakes(state, data)
    us_hawaii = state.at(HAWAII, "US")
    if s.ja_near_hawaii and len(us_hawaii) <= s.ja_near_hawaii:
        out.append(
            f"Hawaii is held by {counted(len(us_hawaii), 'US force')} while "
            f"{counted(s.ja_near_hawaii, 'Japanese force')} can reach it; losing Hawaii ends the campaign."
        )
    supplied = supplied_areas(state, data)
    empty = [c for c in sheet.objectives if holder(state, data, c, supplied) == ""]
    if empty:
        out.append(f"Objectives left empty (held by nobody, so they count for nobody): {', '.join(empty)}.")
    stranded = sorted(
        {
            f.location
            for f in state.forces.values()
            if f.side == "US"
            and f.location in data.map.area
            and not f.embarked
            and cls[f.cls].ashore_type  # the forces the supply check hits (R20)
            and f.location not in supplied
        }
    )
    if stranded:
        out.append(
            f"US infantry, battalions or aircraft out of supply in {', '.join(stranded)}: each takes a hit "
            f"at the supply check."
        )
    demand = _attack_demand(state, data)
    if demand:
        out.append(demand)
    return out


def _attack_demand(state: CampaignState, data: GameData) -> str:
    """The events option's demanded attack, while it stands unmet (R83)."""
    v = state.variant
    if v is None or not state.rules.has("events") or not v.event or v.attack_met:
        return ""
    if data.optional_rules.events.for_roll(v.event).kind != "attack_demanded":
        return ""
    if landing_battle_ahead(state, data):
        return ""
    return (
        "High command demands an attack this turn and no US infantry is set to land where "
        f"Japanese forces are: ending movement now costs {ATTACK_PENALTY_SP} SP (R83)."
    )


def optional_rules_paragraph(state: CampaignState, data: GameData) -> str:
    """The briefing's word on the optional rules chosen (docs/optional-rules.md)."""
    words = {
        "fog-of-war": "fog of war: Japanese forces where you have none are hidden stacks of chips, "
        "some of them blanks; scouting also peeks at a few chips, contact shows all",
        "weather": "weather: clear, hazy or bad, rolled each turn; it shortens battles and, when "
        "bad, weakens every aircraft's attacks",
        "events": "events: one each turn, for you or against you, from veteran crews to storms and a demanded attack",
        "variable-end": "variable end: after turn 5 a die may end the campaign there, so hold "
        "your objectives from turn 5 on",
    }
    end = data.optional_rules.variable_end
    turns = data.year(state.year).turns
    if turns <= end.after_turn:  # 1945 has four turns: the die is never rolled
        words["variable-end"] = f"variable end: this year has only {turns} turns, so it never comes into play"
    chosen = [words[o] for o in state.rules.options if o in words]
    return (
        (
            "This campaign plays with " + "; ".join(chosen) + ". The log shows each roll "
            "and its effect; docs/optional-rules.md has the details."
        )
        if chosen
        else ""
    )
