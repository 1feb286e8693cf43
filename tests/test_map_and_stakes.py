"""The drawn map, the stakes, the briefing, the guided hints and the movement warnings
(nimitz/views/map.py, stakes.py; issue 14), on campaign states a test builds by hand."""

from __future__ import annotations

import pytest

from nimitz.engine.setup import new_campaign
from nimitz.views.map import ZOOMS, boxes_strip, map_areas, map_boxes, render_map
from nimitz.views.stakes import briefing, movement_warnings, stakes


@pytest.fixture
def state(data):
    return new_campaign(data, 1942, 7)


def test_every_area_is_drawn_with_its_connections_at_every_zoom(data, state) -> None:
    areas = map_areas(state, data)
    for zoom in ZOOMS:
        canvas = render_map(areas, zoom, selected="HI", destinations={"MI"})
        text = "\n".join(canvas.lines())
        for code in areas:
            assert code in text, (zoom.name, code)
        assert "▶HI" in text and "→MI" in text
        assert any(g in text for g in "─╱╲│")  # movement lines between adjacent areas
        assert canvas.width == zoom.width and canvas.height == zoom.height


def test_damaged_forces_are_marked_on_the_map(data, state) -> None:
    hawaii = state.at("HI", "US")[0]
    hawaii.damaged = True
    canvas = render_map(map_areas(state, data), ZOOMS[0])
    assert any("*" in line for line in canvas.lines())


@pytest.mark.parametrize("year", [1942, 1945])
@pytest.mark.parametrize("width", [60, 80, 120, 200])
def test_the_off_map_boxes_fit_one_line(data, year: int, width: int) -> None:
    boxes = map_boxes(new_campaign(data, year, 7), data)
    line = boxes_strip(boxes, width)
    assert len(line) <= width
    assert line.split(":")[0] in ("Off-map", "Boxes") or line.startswith("Boxes ")
    if width >= 120:
        for b in boxes:
            assert b.short in line or b.title in line


def test_the_stakes_name_the_ladder_the_level_and_hawaii(data, state) -> None:
    s = stakes(state, data)
    assert (s.turn, s.turns) == (0, 6)  # before turn 1 begins
    assert f"[{s.level}" in s.ladder_text and s.ladder_text.startswith("Replaced")
    assert s.hawaii_held and "Hawaii falls" in s.hawaii_text


def test_the_briefing_says_what_wins_and_loses(data, state) -> None:
    text = dict(briefing(state, data))
    assert "HI Hawaiian Islands" in text["Your objectives"]
    assert "Replaced" in text["What wins"] and "Great" in text["What wins"]
    assert "Hawaii is sudden death" in text["What loses"]


def test_no_warning_in_the_opening_position(data, state) -> None:
    assert movement_warnings(state, data) == []


def test_warnings_on_an_emptied_hawaii(data, state) -> None:
    """Hawaii left with fewer US forces than the Japanese that can reach it (sudden death, R21),
    the objective then held by nobody, and the US forces ashore whose supply ran through Hawaii,
    which the supply check will hit: battalions too, as the check does (R20)."""
    for f in state.at("HI", "US"):
        f.location = "WC"
    assert movement_warnings(state, data) == [
        "Hawaii is held by 0 US forces while 1 Japanese force can reach it; losing Hawaii ends the campaign.",
        "Objectives left empty (held by nobody, so they count for nobody): HI.",
        "US infantry, battalions or aircraft out of supply in BO, NC, NG, SA, SI: each takes a hit at "
        "the supply check.",
    ]


def test_a_guided_hint_for_every_us_question() -> None:
    from nimitz.tui.helptext import guide_hint
    from nimitz.views.words import REQUEST_WORDS

    for kind in ["resupply", "scouting", "movement", *REQUEST_WORDS]:
        assert guide_hint(kind), kind
