"""The campaign screen: the map, the selected area, the sequence of play, the log, the question."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from nimitz.model.journal import Decision, JournalEntry
from nimitz.tui.screens.base import NimitzScreen
from nimitz.tui.view_model import CampaignView, campaign_view
from nimitz.tui.widgets.area_panel import AreaPanel
from nimitz.tui.widgets.boxes_bar import BoxesBar
from nimitz.tui.widgets.decision_bar import DecisionBar
from nimitz.tui.widgets.footer import KeysFooter
from nimitz.tui.widgets.log_tail import LogTail
from nimitz.tui.widgets.map_view import MapView
from nimitz.tui.widgets.sequence_bar import SequenceBar
from nimitz.tui.widgets.shown import show
from nimitz.tui.widgets.status_bar import StatusBar


class CampaignScreen(NimitzScreen):
    help_topic = "campaign"
    BINDINGS = [
        Binding("enter", "act", "Act"),
        Binding("i", "inspect", "Area"),
        Binding("e", "end_movement", "End move"),
        Binding("a", "app.auto", "Auto", show=False),  # the decision bar names it
        Binding("L", "app.log", "Log"),
        Binding("O", "app.orders", "Orders"),
        Binding("R", "app.reference", "Ref"),
        Binding("m", "map", "Map"),
        Binding("g", "app.glossary", "Glossary", show=False),
        Binding("u", "app.undo", "Undo", show=False),
        Binding("z", "zoom", "Zoom", show=False),
        Binding("q", "close", "Close"),
        Binding("pageup,[", "panel(-1)", "Panel up", show=False),
        Binding("pagedown,]", "panel(1)", "Panel down", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.view: CampaignView | None = None
        # Why auto made the last move (movement asks again and again: a notice each time would
        # cover the map), and the journal entry it holds for: any later entry (or an undo) ends it.
        self.expert_note: tuple[str, JournalEntry | None] = ("", None)

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            yield MapView(id="campaign-map")
            yield AreaPanel(id="panel")
        with Vertical(id="bottom"):
            yield BoxesBar(id="boxes")
            yield SequenceBar(id="sequence")
            yield Static(id="guide")
            yield LogTail(id="log-tail")
            yield DecisionBar(id="decision")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_state()
        self.query_one(MapView).focus()

    # --- state pushed down -------------------------------------------------------------------

    def refresh_state(self) -> None:
        ctl = self.napp.controller
        if ctl.session is None:
            return
        self.view = campaign_view(ctl.game, ctl.session.name)
        m = self.query_one(MapView)
        m.show(self.view)
        self.query_one(AreaPanel).show(self.view, m.selected)
        self.query_one(StatusBar).show(self.view)
        self.query_one(BoxesBar).show(self.view)
        self.query_one(SequenceBar).show(self.view.step)
        self.query_one(LogTail).show(ctl.journal_seen)
        note, at = self.expert_note
        journal = ctl.game.journal
        note = note if journal and journal[-1] is at else ""
        self.query_one(DecisionBar).show(self.view.request_kind, self.view.prompt, self.view.result, note)
        self._guide()
        self.refresh_bindings()

    def _guide(self) -> None:
        """The guided first turn: one hint for the step at hand, until turn 1 is over."""
        from nimitz.tui.helptext import guide_hint

        guide = self.query_one("#guide", Static)
        hint = guide_hint(self.view.request_kind) if self.view is not None else ""
        guide.display = bool(self.napp.guided and self.view is not None and self.view.turn == 1 and hint)
        if guide.display:
            show(guide, Text.assemble(("Hint: ", "bold"), hint))
        self._share_height()

    def on_map_view_area_selected(self, event: MapView.AreaSelected) -> None:
        if self.view is not None:
            self.query_one(AreaPanel).show(self.view, event.code)

    def on_map_view_area_activated(self, event: MapView.AreaActivated) -> None:
        self._act(event.code)

    def on_resize(self, event: events.Resize) -> None:  # the app checks the size (NimitzApp.on_resize)
        self._share_height()
        if self.view is not None:
            self.call_after_refresh(self.refresh_state)

    def _share_height(self) -> None:
        """The map gets the rows its zoom needs (it scrolls beyond); the log takes the rest and
        a sixth of the rows at least (3 lines at 80x24), so a tall terminal shows more of what
        just happened: at 200x50 the log's 18 lines beat the large zoom's names (m shows them)."""
        guide = 2 if self.query_one("#guide").display else 0
        bar = self.query_one(DecisionBar)
        decision = bar.rows(self.size.width)
        bar.styles.height = decision
        rows = self.size.height - 2 - 1 - 1 - decision - 1 - guide  # status, boxes, sequence, decision, footer
        log_rows = max(3, rows // 6)
        m = self.query_one(MapView)
        zoom = m.zoom(self.size.width - m.side_room, rows - log_rows)
        map_rows = max(1, min(zoom.height, rows - log_rows))
        self.query_one("#main").styles.height = map_rows
        self.query_one(LogTail).styles.height = max(log_rows, rows - map_rows)

    # --- actions -----------------------------------------------------------------------------

    def goto(self, code: str, act: bool = False) -> None:
        m = self.query_one(MapView)
        m.select(code)
        m.focus()
        if act:
            self._act(code)

    def action_act(self) -> None:
        self._act(self.query_one(MapView).selected)

    def _act(self, code: str) -> None:
        request = self.napp.controller.request
        if request is None:
            self.action_inspect()
            return
        if request.kind == "movement":
            movable = set(request.info.get("movable", []))
            if not any(f.id in movable for f in self.napp.controller.game.state.at(code, "US")):
                self.notify(f"No US force in {code} can move now (i shows what is there).", timeout=3)
                return
            self.napp.open_request(area=code)
        else:
            self.napp.open_request()

    def action_inspect(self) -> None:
        from nimitz.tui.screens.area import AreaDialog

        if self.view is not None:
            self.app.push_screen(AreaDialog(self.query_one(MapView).selected))

    def action_end_movement(self) -> None:
        from nimitz.tui.screens.confirm import ConfirmDialog
        from nimitz.views.stakes import movement_warnings

        ctl = self.napp.controller
        request = ctl.request
        if request is None or request.kind != "movement":
            self.notify("e ends US Movement; it is not the movement step now.", timeout=3)
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.napp.decide(Decision("end_movement"))

        warnings = movement_warnings(ctl.game.state, ctl.data)
        detail = "Japan's orders are rolled next, then the battles."
        if warnings:
            detail = "\n".join(f"⚠ {w}" for w in warnings) + "\n\n" + detail
        self.app.push_screen(ConfirmDialog("End US Movement?", detail), callback=done)

    def action_map(self) -> None:
        from nimitz.tui.screens.map_screen import MapScreen

        def back(code: str | None) -> None:
            if code:
                self.goto(code)

        self.app.push_screen(MapScreen(self.query_one(MapView).selected), callback=back)

    def action_zoom(self) -> None:
        self.query_one(MapView).action_zoom()

    def action_panel(self, direction: int) -> None:
        panel = self.query_one(AreaPanel)
        if direction < 0:
            panel.scroll_page_up()
        else:
            panel.scroll_page_down()

    def action_close(self) -> None:
        self.napp.close_campaign()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "end_movement":
            request = self.napp.controller.request
            return True if request is not None and request.kind == "movement" else None
        return True
