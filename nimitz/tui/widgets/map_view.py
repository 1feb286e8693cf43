"""The campaign map widget: the canvas of nimitz/views/map.py (the same picture as
`nimitz show --map`) drawn with the Line API, scrolled to keep the selection in view.

Arrows or hjkl move the selection to the nearest area that way, Enter or a second click acts on
it, `z` cycles the zoom (auto picks the largest that fits). The selected area is marked ▶, its
movement lines are bright and its neighbours tinted; `destinations` (legal moves of the forces
picked) are marked →. Colour only repeats those marks.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from nimitz.tui.view_model import CampaignView
from nimitz.views.map import ZOOMS, Canvas, Zoom, render_map, zoom_for

NO_STYLE = Style()
US_STYLE = "bold #6cb6ff"
JA_STYLE = "bold #ff7b72"
ZOOM_NAMES = ("auto",) + tuple(z.name for z in ZOOMS)

# canvas tags -> styles; a tag "frame+part" combines the box's frame with the part's own style
TAG_STYLES = {
    "": NO_STYLE,
    "us": Style.parse(US_STYLE),
    "ja": Style.parse(JA_STYLE),
    "warn": Style.parse("bold yellow"),
    "battle": Style.parse("bold yellow"),
    "obj": Style.parse("bold"),
    "code": Style.parse("bold"),
    "mark": Style.parse("bold"),
    "dim": Style.parse("dim"),
    "name": NO_STYLE,
    "line": Style.parse("#768390"),
    "line-sel": Style.parse("bold #e3b341"),
    "sel": Style.parse("reverse"),
    "nb": Style.parse("on #2d333b"),
    "dest": Style.parse("bold on #1f4d2b"),
}


def tag_style(tag: str) -> Style:
    if "+" in tag:
        frame, part = tag.split("+", 1)
        return TAG_STYLES.get(part, NO_STYLE) + TAG_STYLES.get(frame, NO_STYLE)
    return TAG_STYLES.get(tag, NO_STYLE)


class MapView(ScrollView, can_focus=True):
    """Posts AreaSelected when the selection moves and AreaActivated on Enter or a click."""

    BINDINGS = [
        Binding("left,h", "move(-1,0)", "Left", show=False),
        Binding("right,l", "move(1,0)", "Right", show=False),
        Binding("up,k", "move(0,-1)", "Up", show=False),
        Binding("down,j", "move(0,1)", "Down", show=False),
        Binding("enter", "activate", "Act", show=False),
        Binding("z", "zoom", "Zoom", show=False),
    ]

    selected: reactive[str] = reactive("HI")
    zoom_name: reactive[str] = reactive("auto")

    class AreaSelected(Message):
        def __init__(self, code: str) -> None:
            super().__init__()
            self.code = code

    class AreaActivated(Message):
        def __init__(self, code: str) -> None:
            super().__init__()
            self.code = code

    def __init__(self, *, id: str | None = None, side_room: int = 22) -> None:
        super().__init__(id=id)
        self.view: CampaignView | None = None
        self.destinations: set[str] = set()
        self.side_room = side_room  # columns the screen keeps beside the map (auto zoom)
        self._canvas: Canvas | None = None
        self._strips: list[Strip] = []
        self._key: tuple = ()

    # --- state pushed down -------------------------------------------------------------------

    def show(self, view: CampaignView, destinations: set[str] | None = None) -> None:
        self.view = view
        if destinations is not None:
            self.destinations = destinations
        if view.areas and self.selected not in view.areas:
            self.selected = next(iter(view.areas))
        self._redraw()

    def set_destinations(self, codes: set[str]) -> None:
        self.destinations = set(codes)
        self._redraw()

    # --- geometry ----------------------------------------------------------------------------

    def zoom(self, width: int | None = None, height: int | None = None) -> Zoom:
        if self.zoom_name != "auto":
            return next(z for z in ZOOMS if z.name == self.zoom_name)
        return zoom_for((width or self.size.width) - 1, height or self.size.height)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The map's width at the zoom that leaves the screen its side room (+1 scrollbar)."""
        return self.zoom(container.width - self.side_room, container.height).width + 1

    def area_at(self, x: int, y: int) -> str | None:
        """The area under a point of the widget (scrolling taken into account)."""
        if self._canvas is None:
            return None
        return self._canvas.area_at(x + int(self.scroll_x), y + int(self.scroll_y))

    def region_of(self, code: str) -> Region | None:
        if self._canvas is None or code not in self._canvas.boxes:
            return None
        return Region(*self._canvas.boxes[code])

    # --- navigation --------------------------------------------------------------------------

    def action_move(self, dx: int, dy: int) -> None:
        if self.view is None or self.selected not in self.view.areas:
            return
        cur = self.view.areas[self.selected]
        best, best_score = None, None
        for a in self.view.areas.values():
            ddx, ddy = a.col - cur.col, a.row - cur.row
            primary = ddx * dx + ddy * dy
            if primary <= 0:
                continue
            secondary = abs(ddy) if dx else abs(ddx)
            score = (primary + 2 * secondary, secondary)
            if best_score is None or score < best_score:
                best, best_score = a.code, score
        if best is not None:
            self.select(best)

    def select(self, code: str) -> None:
        if self.view is not None and code in self.view.areas and code != self.selected:
            self.selected = code
            self.post_message(self.AreaSelected(code))

    def action_activate(self) -> None:
        self.post_message(self.AreaActivated(self.selected))

    def action_zoom(self) -> None:
        self.zoom_name = ZOOM_NAMES[(ZOOM_NAMES.index(self.zoom_name) + 1) % len(ZOOM_NAMES)]
        self.notify(f"Map zoom: {self.zoom_name}", timeout=2)

    def on_click(self, event: events.Click) -> None:
        code = self.area_at(event.x, event.y)
        if code is None:
            return
        if code == self.selected or event.chain > 1:
            self.post_message(self.AreaActivated(code))
        else:
            self.select(code)

    def watch_selected(self) -> None:
        self._redraw()
        region = self.region_of(self.selected)
        if region is not None:
            self.scroll_to_region(region.grow((1, 2, 1, 2)), animate=False, force=True)

    def watch_zoom_name(self) -> None:
        self.refresh(layout=True)
        self.call_after_refresh(self._redraw)

    def on_resize(self) -> None:
        self._redraw()

    # --- drawing -----------------------------------------------------------------------------

    def _redraw(self) -> None:
        if self.view is None:
            return
        zoom = self.zoom()
        # the areas by value: after a decision most of the map is as it was drawn
        key = (self.view.areas, self.selected, zoom.name, frozenset(self.destinations), self.app.no_color)
        if key == self._key:
            return
        self._key = key
        self._canvas = render_map(self.view.areas, zoom, selected=self.selected, destinations=self.destinations)
        self._strips = [
            Strip([Segment(text, tag_style(tag)) for text, tag in self._canvas.runs(y)])
            for y in range(self._canvas.height)
        ]
        self.virtual_size = Size(self._canvas.width, self._canvas.height)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        width = self.scrollable_content_region.width
        if self.view is None and y == 0:
            return Strip([Segment("No campaign open.", NO_STYLE)]).crop_extend(0, width, NO_STYLE)
        if 0 <= row < len(self._strips):
            return self._strips[row].crop_extend(scroll_x, scroll_x + width, NO_STYLE)
        return Strip.blank(width, NO_STYLE)


def canvas_text(canvas: Canvas) -> Text:
    """A canvas as one Rich Text (for a Static: the reference's map tab)."""
    t = Text(no_wrap=True, overflow="crop")
    for y in range(canvas.height):
        if y:
            t.append("\n")
        for text, tag in canvas.runs(y):
            t.append(text, style=tag_style(tag))
    t.rstrip()
    return t
