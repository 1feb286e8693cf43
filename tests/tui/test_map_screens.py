"""The campaign screen's use of the terminal, the area panel's words, the guided first turn and
the warnings before ending movement, as a player meets them (issue 14)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tui_helpers import run, screen_text, top

from nimitz.model.journal import Decision
from nimitz.tui.app import NimitzApp
from nimitz.tui.controller import Controller


def test_the_area_panel_never_splits_a_word_at_80x24(saves: Path, at_movement: Path) -> None:
    """A force's name too long for the panel ends in an ellipsis ('Chester/Louis…'), never
    carries on at the next line's start ('ille CRU'); its values wrap between pairs."""
    app = NimitzApp(saves, open_path=at_movement)

    async def check(app: NimitzApp, pilot) -> None:
        from nimitz.tui.view_model import campaign_view
        from nimitz.tui.widgets.area_panel import area_text

        view = campaign_view(app.controller.game, "")
        whole = area_text(view.areas["HI"], view, 1000).plain.split()  # every word, unwrapped
        for keys in ((), ("m",)):
            await pilot.press(*keys)
            await pilot.pause()
            rows = screen_text(app).splitlines()[:-1]  # not the footer (its palette key has a ▏ too)
            panel = [line.split("▏", 1)[1] for line in rows if "▏" in line[:70]]
            text = re.sub("[▁-█]", "", " ".join(panel))  # the scrollbar's thumb
            for word in text.split():
                if word != "…":
                    assert any(w.startswith(word.rstrip("…")) for w in whole), word  # no 'ille' of 'Louisville'
        assert any("Chester/Louis…" in line for line in panel)  # m shows more: Chester/Louisville CRU

    run(check, app, size=(80, 24))


@pytest.mark.parametrize(("size", "log_rows"), [((80, 24), 3), ((100, 30), 4), ((200, 50), 7)])
def test_the_log_grows_with_the_window(saves: Path, at_movement: Path, size, log_rows: int) -> None:
    """The log takes a sixth of the rows at least (3 at 80x24); the map takes the rest, and the
    off-map boxes keep a line under it."""
    app = NimitzApp(saves, open_path=at_movement)

    async def check(app: NimitzApp, pilot) -> None:
        await pilot.pause()
        assert app.screen.query_one("#log-tail").size.height >= log_rows
        assert "P1" in str(app.screen.query_one("#boxes").content)

    run(check, app, size=size)


def test_the_guided_first_turn_hints_in_the_dialogs(saves: Path, data) -> None:
    Controller(saves, data).create(1942, 7, "rulebook", "guided")
    app = NimitzApp(saves, open_path=saves / "guided.nimitz.json", briefings=True)

    async def check(app: NimitzApp, pilot) -> None:
        await pilot.pause()
        assert top(app) == "BriefingScreen"
        await pilot.press("t")
        await pilot.pause()
        assert top(app) == "ResupplyDialog"
        assert "Hint: Spend SP on reinforcements" in screen_text(app)
        await pilot.press("d")  # no scouting points bought: movement next, hinted on the map
        await pilot.pause()
        assert "Hint: Select an area with arrows" in screen_text(app)

    run(check, app, size=(80, 24))


def test_ending_movement_warns_but_never_blocks(saves: Path, data) -> None:
    ctl = Controller(saves, data)
    ctl.create(1942, 7, "rulebook", "reckless")
    ctl.answer(Decision("end_resupply"))
    hawaii = tuple(f.id for f in ctl.game.state.at("HI", "US") if f.id in ctl.request.info["movable"])
    assert ctl.answer(Decision("move", forces=hawaii, area="WC")).ok
    ctl.close()
    app = NimitzApp(saves, open_path=saves / "reckless.nimitz.json")

    async def check(app: NimitzApp, pilot) -> None:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        text = screen_text(app)
        assert top(app) == "ConfirmDialog" and "⚠ Hawaii is held by 0 US forces" in text
        await pilot.press("n")  # No: back to the map, still moving
        await pilot.pause()
        assert app.controller.request.kind == "movement"
        await pilot.press("e", "y")  # Yes: the warnings advise, they never refuse
        await pilot.pause()
        assert app.controller.game.state.step != "movement"

    run(check, app, size=(80, 24))


def test_the_shop_cursor_stays_in_place_after_a_purchase(saves: Path, campaign: Path) -> None:
    """The line bought leaves the list; the cursor stays on the same row (the next line), it
    does not jump back to the top."""
    from textual.widgets import OptionList

    app = NimitzApp(saves, open_path=campaign)

    async def check(app: NimitzApp, pilot) -> None:
        await pilot.press("enter")
        await pilot.pause()
        shop = app.screen.query_one("#shop", OptionList)
        await pilot.press("down", "down", "down")
        row, sp = shop.highlighted, app.controller.game.state.sp
        await pilot.press("enter")
        await pilot.pause()
        assert app.controller.game.state.sp < sp  # bought
        assert shop.highlighted == row

    run(check, app)


def test_the_orders_viewer_counts_what_it_lists(saves: Path, data) -> None:
    from textual.widgets import OptionList

    ctl = Controller(saves, data)
    ctl.create(1942, 7, "rulebook", "ordered")
    ctl.answer(Decision("end_resupply"))
    ctl.answer(Decision("end_movement"))
    ctl.close()
    app = NimitzApp(saves, open_path=saves / "ordered.nimitz.json")

    async def check(app: NimitzApp, pilot) -> None:
        await pilot.pause()
        for _ in range(3):
            if top(app) == "CampaignScreen":
                break
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("O")
        await pilot.pause()
        assert top(app) == "ReportScreen"
        title = str(app.screen.query_one("#report-title").content)
        match = re.search(r"(\d+) orders?(?: and (\d+) other entr)?", title)
        assert match is not None, title
        listed = app.screen.query_one("#report-list", OptionList).option_count
        assert int(match.group(1)) + int(match.group(2) or 0) == listed

    run(check, app)


def test_auto_in_the_shop_says_why_inside_the_shop(saves: Path, campaign: Path) -> None:
    """a in the shop buys what the expert would and says why on the shop's own message line
    (the shop stays open for the next purchase); no notice covers the dialog (80x24)."""
    app = NimitzApp(saves, open_path=campaign)

    async def check(app: NimitzApp, pilot) -> None:
        await pilot.press("enter")
        await pilot.pause()
        assert top(app) == "ResupplyDialog"
        journal = len(app.controller.game.journal)
        await pilot.press("a")
        await pilot.pause()
        assert len(app.controller.game.journal) > journal
        assert top(app) == "ResupplyDialog"  # it bought something and stays open
        assert str(app.screen.query_one("#error").render()).startswith("The expert chose: ")
        assert not any(n.title == "The expert chose" for n in app._notifications)

    run(check, app, size=(80, 24))


def test_auto_that_opens_a_report_says_why_under_its_title(saves: Path, campaign: Path) -> None:
    """a in the scouting dialog: the report of the scouted orders it led to says why the expert
    scouted there, under the report's title, and no notice covers the report (80x24)."""
    app = NimitzApp(saves, open_path=campaign)

    async def check(app: NimitzApp, pilot) -> None:
        app.decide(Decision("buy_scouting", count=1))
        await pilot.pause()
        app.decide(Decision("end_resupply"))
        await pilot.pause()
        assert app.controller.request.kind == "scouting"
        if top(app) != "ScoutingDialog":
            await pilot.press("enter")
            await pilot.pause()
        assert top(app) == "ScoutingDialog"
        await pilot.press("a")
        await pilot.pause()
        assert top(app) == "ReportScreen"
        assert str(app.screen.query_one("#report-note").render()).startswith("The expert chose: ")
        assert not any(n.title == "The expert chose" for n in app._notifications)
        await pilot.press("enter")  # the next report (if any) has no note of its own
        await pilot.pause()
        if top(app) == "ReportScreen":
            assert not app.screen.query("#report-note")

    run(check, app, size=(80, 24))
