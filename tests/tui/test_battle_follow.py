"""Battles a player can follow (issue 15), without a terminal: the odds shown before the player
commits are the engine's exact arithmetic on the forces there, auto says what the expert chose
and why, hit allocation says which targets R15 allows, and the battle's words are a player's."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from nimitz.engine.battle import odds
from nimitz.model.journal import Decision
from nimitz.policies import get_policy
from nimitz.policies.lookahead import ExpertPolicy
from nimitz.tui import battle_view as bv
from nimitz.tui.controller import Controller
from nimitz.views.words import find_leaks


@pytest.fixture(scope="module")
def asked(tmp_path_factory) -> dict:
    """{request kind: (game copy is not needed) what the battle views said at its first asking}
    over turn 1's battles of 1942 seed 7, the sensible player answering."""
    ctl = Controller(Path(tmp_path_factory.mktemp("saves")), None)
    ctl.create(1942, 7, "rulebook", "follow")
    policy = get_policy("sensible")
    history = bv.BoardHistory()
    ctl.watchers.append(history.record)
    seen: dict = {"destroyed": set()}
    while ctl.game.state.turn == 1:
        request, game = ctl.request, ctl.game
        decision = policy(request, game)
        key = (request.kind, game.state.battle.area if game.state.battle else "")
        if request.kind.startswith("battle_") and key not in seen:
            expert = ExpertPolicy(budget=0)
            chosen = expert(request, game)
            entry = {"auto": bv.auto_note(game, request, chosen, expert.last_reason), "info": request.info}
            if request.kind == "battle_plans":
                entry["length"] = game.state.battle.length
                entry["plans"] = {p["id"]: bv.plan_odds(game, p["id"]) for p in request.info["plans"]}
                entry["bombs"] = bv.step_ratings(game, "bomb_runs")
                entry["ground"] = bv.auto_note(game, request, Decision("battle_plans", count=1, forces=("artillery",)))
            if request.kind == "battle_air":
                entry["air"] = bv.air_odds(game, decision.targets)
                entry["idle"] = bv.idle_plans(game, ("artillery", "charge", "anti_aircraft"))
                played = Decision("battle_air", targets=decision.targets, forces=("artillery", "anti_aircraft"))
                entry["wasted"] = bv.auto_note(game, request, played, "")
            seen[key] = entry
        assert ctl.answer(decision).ok
    for view in history.at.values():
        seen["destroyed"] |= set(view.destroyed)
    return seen


def test_plan_odds_are_the_steps_exact_odds_without_and_with_the_plan(asked) -> None:
    """Diving Attack: the bomb runs of every US aircraft, one more hit after a hit (facts 1.10)."""
    entry = asked[("battle_plans", "GI")]
    ratings = entry["bombs"]
    text = entry["plans"]["diving_attack"]
    assert f"without it {odds.odds(ratings).text()}" in text
    assert f"with it    {odds.odds(ratings, extra_after_hit=1).text()}" in text
    assert odds.odds(ratings).text() != odds.odds(ratings, extra_after_hit=1).text()


def test_first_light_chance_over_the_battles_length(asked) -> None:
    """7+ on a d10 is 40% a turn; a plan kept on a failed roll tries every turn: 1 - 0.6^turns."""
    for area in ("GI", "NG"):
        entry = asked[("battle_plans", area)]
        turns = entry["length"]
        over = odds.pct(1 - Fraction(6, 10) ** turns)
        assert f"40% each battle turn, {over} within the battle's {turns} turn" in entry["plans"]["first_light"]


def test_ground_plans_say_when_infantry_cannot_fight(asked) -> None:
    """In a one-turn battle the US infantry are still aboard when the infantry step comes: the
    ground plans' odds say so, the expert buys none, and a note on buying one warns."""
    entry = asked[("battle_plans", "GI")]
    assert entry["length"] == 1
    for plan in ("artillery", "charge", "envelop"):
        assert "no infantry step in this battle" in entry["plans"][plan]
    assert entry["auto"].startswith("1 SP for Damage Control")
    assert not any(name in entry["auto"] for name in ("Artillery", "Charge", "Envelop", "Leathernecks"))
    assert "beware: Artillery acts only once your infantry reach the foxholes" in entry["ground"]


def test_auto_says_what_it_chose_and_why_in_player_words(asked) -> None:
    air = asked[("battle_air", "GI")]["auto"]
    assert air.startswith("8 aircraft to the Japanese Ocean")
    assert "Japan's carriers are there (Shokaku)" in air and "expected" in air
    # the expert (the sensible battle player) plays every plan it holds, ground plans on turn 1 too
    assert asked[("battle_air", "GI")]["idle"] == ["artillery", "charge"]
    wasted = asked[("battle_air", "GI")]["wasted"]
    assert "Anti-Aircraft can act this turn; beware: Artillery cannot act this turn" in wasted
    ships = asked[("battle_place_ships", "GI")]["auto"]
    assert "Why: Japan brings 5 island forces" in ships
    for key, entry in asked.items():
        if key != "destroyed":
            assert "Why:" in entry["auto"] and not find_leaks(entry["auto"]), (key, entry["auto"])
            assert "expert player's choice" not in entry["auto"]


def test_air_odds_name_the_aaa_of_every_area(asked) -> None:
    lines = asked[("battle_air", "GI")]["air"]
    assert lines[0].startswith("Japanese AAA, each ship once per aircraft: JA Ocean 5/2, 3 · Coastal 3, 3")
    assert "Japanese Ocean, 8 aircraft:" in lines
    assert any(line.startswith("  AAA on them: 0 hits ") for line in lines)


def test_hit_allocation_says_which_targets_r15_allows(asked) -> None:
    """R15: a hit goes to a force only when every cheaper one is damaged."""
    info = asked[("battle_allocate_hits", "GI")]["info"]
    targets = sorted(info["targets"], key=lambda t: t["cost"])
    cheapest, dearer = targets[0], [t for t in targets if t["cost"] > targets[0]["cost"] and not t["damaged"]]
    assert bv.hit_refused(info, (), cheapest["id"]) == ""
    if not cheapest["damaged"] and dearer:
        assert "lower values first (R15)" in bv.hit_refused(info, (), dearer[0]["id"])


def test_lost_carrier_aircraft_keep_their_names(asked) -> None:
    assert asked["destroyed"] and not any(" air " in name for name in asked["destroyed"]), asked["destroyed"]


def test_battle_lines_in_player_words() -> None:
    assert bv.say("JA scores 2 hit(s) with 1 roll(s)") == "Japan scores 2 hits with 1 roll"
    assert bv.say("JA plans this turn: Furball") == "Japanese plans this turn: Furball"
    assert bv.ended_words("the battle turn counter leaves the track (length 2)") == (
        "it has lasted its 2 battle turns, the length rolled at the start"
    )
    assert bv.say("Battle in GI ends after 1 turn(s): the battle turn counter leaves the track (length 1)") == (
        "Battle in Gilbert Islands ends after 1 turn: its length of 1 battle turn is reached"
    )


def test_auto_note_reads_after_the_expert_chose() -> None:
    """The note follows "The expert chose: ": a target hit twice is named once with its count,
    and a name ending in a full stop ("1 Aust.") does not end the sentence twice."""
    assert bv._hit_list(["6th", "6th", "24th", "1 Aust.", "6th"]) == "6th (3 hits), 24th, 1 Aust."
    assert bv.area_phrase("CO") == "the Coastal area"
    assert bv.area_phrase("IS") == "the Island"
