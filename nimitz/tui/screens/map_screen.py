"""`m`: the campaign map on the whole screen, with the stakes, the selected area's forces, the
off-map boxes and the legend beside it. The same canvas as `nimitz show --map`."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from nimitz.tui.screens.base import NimitzScreen
from nimitz.tui.view_model import CampaignView, campaign_view
from nimitz.tui.widgets.area_panel import area_text
from nimitz.tui.widgets.boxes_bar import BoxesBar
from nimitz.tui.widgets.footer import KeysFooter
from nimitz.tui.widgets.map_view import MapView
from nimitz.tui.widgets.status_bar import StatusBar
from nimitz.views.map import LEGEND


def legend_text() -> Text:
    t = Text("\nLegend\n", style="bold")
    for line in LEGEND:
        for part in line.split("  "):
            t.append(part.strip() + "\n", style="dim")
    t.append("g glossary · z zoom · Esc back\n", style="dim")
    return t


class MapScreen(NimitzScreen):
    help_topic = "map"
    BINDINGS = [
        Binding("escape,q,m", "close", "Back"),
        Binding("i", "inspect", "Area"),
        Binding("z", "zoom", "Zoom"),
        Binding("g", "app.glossary", "Glossary"),
    ]

    def __init__(self, selected: str = "HI") -> None:
        super().__init__()
        self.selected = selected
        self.view: CampaignView | None = None

    def compose(self) -> ComposeResult:
        yield StatusBar(id="map-status", classes="status")
        with Horizontal(id="map-main"):
            yield MapView(id="full-map", side_room=24)
            with VerticalScroll(id="map-side"):
                yield Static(id="map-area")
                yield Static(legend_text(), id="map-legend")
        yield BoxesBar(id="map-boxes")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(MapView).selected = self.selected
        self.refresh_state()
        self.query_one(MapView).focus()

    def refresh_state(self) -> None:
        ctl = self.napp.controller
        if ctl.session is None:
            return
        self.view = campaign_view(ctl.game, ctl.session.name)
        m = self.query_one(MapView)
        m.show(self.view)
        self.query_one(StatusBar).show(self.view)
        self.query_one(BoxesBar).show(self.view)
        self._area(m.selected)

    def _area(self, code: str) -> None:
        if self.view is None or code not in self.view.areas:
            return
        side = self.query_one("#map-side", VerticalScroll)
        width = max(side.scrollable_content_region.width - 1, 12)
        self.query_one("#map-area", Static).update(area_text(self.view.areas[code], self.view, width))

    def on_map_view_area_selected(self, event: MapView.AreaSelected) -> None:
        self._area(event.code)

    def on_map_view_area_activated(self, event: MapView.AreaActivated) -> None:
        self.action_inspect()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        if self.view is not None:
            self.call_after_refresh(self.refresh_state)

    def action_inspect(self) -> None:
        from nimitz.tui.screens.area import AreaDialog

        self.app.push_screen(AreaDialog(self.query_one(MapView).selected))

    def action_zoom(self) -> None:
        self.query_one(MapView).action_zoom()

    def action_close(self) -> None:
        self.dismiss(self.query_one(MapView).selected)
