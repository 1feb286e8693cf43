"""The campaign map: the 20 areas on their map_col/map_row grid, navigated with arrows or hjkl.

Each cell shows, line by line (as many lines as the height allows):
  1. a selection arrow, the area code, the objective mark (diamond; a dot if not an objective),
     the holder letter (U US, J Japan, x contested, ~ US out of supply, - nobody) and ! when a
     battle is due;
  2. US/JA force counts;
  3. the airfield: US LBA / capacity (* unlimited), then ~ when US forces there are out of
     supply.
Colour repeats what the letters say, never replaces them. At two lines per cell, `v` switches
the second line between counts, airfields and supply.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from nimitz.tui.view_model import AreaView, CampaignView

COLS, ROWS = 10, 7
NO_STYLE = Style()
US_STYLE = "bold #6cb6ff"
JA_STYLE = "bold #ff7b72"
LAYERS = ("forces", "airfields", "supply")


class MapView(Widget, can_focus=True):
    """Posts AreaSelected when the selection moves and AreaActivated on Enter or a click."""

    BINDINGS = [
        Binding("left,h", "move(-1,0)", "Left", show=False),
        Binding("right,l", "move(1,0)", "Right", show=False),
        Binding("up,k", "move(0,-1)", "Up", show=False),
        Binding("down,j", "move(0,1)", "Down", show=False),
        Binding("enter", "activate", "Act", show=False),
        Binding("v", "layer", "Map layer", show=False),
    ]

    selected: reactive[str] = reactive("HI")
    map_layer: reactive[str] = reactive("forces")

    class AreaSelected(Message):
        def __init__(self, code: str) -> None:
            super().__init__()
            self.code = code

    class AreaActivated(Message):
        def __init__(self, code: str) -> None:
            super().__init__()
            self.code = code

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: CampaignView | None = None
        self.marked: set[str] = set()  # areas to flag (e.g. legal destinations), shown with '?'

    # --- state pushed down -------------------------------------------------------------------

    def show(self, view: CampaignView) -> None:
        self.view = view
        if view.areas and self.selected not in view.areas:
            self.selected = next(iter(view.areas))
        self.refresh()

    # --- geometry ----------------------------------------------------------------------------

    def _cell(self) -> tuple[int, int]:
        width = max(self.size.width, 1)
        height = max(self.size.height, 1)
        cw = max(6, min(9, width // COLS))
        ch = 3 if height >= ROWS * 3 else 2
        return cw, ch

    def get_content_width(self, container, viewport) -> int:  # noqa: ANN001
        """Leave the side panel about 28 columns when the terminal allows."""
        return COLS * max(6, min(9, (container.width - 28) // COLS))

    def area_at(self, x: int, y: int) -> str | None:
        if self.view is None:
            return None
        cw, ch = self._cell()
        col, row = x // cw, y // ch
        for a in self.view.areas.values():
            if a.col == col and a.row == row:
                return a.code
        return None

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

    def action_layer(self) -> None:
        self.map_layer = LAYERS[(LAYERS.index(self.map_layer) + 1) % len(LAYERS)]
        self.notify(f"Map shows {self.map_layer} on each area's second line", timeout=2)

    def on_click(self, event: events.Click) -> None:
        code = self.area_at(event.x, event.y)
        if code is None:
            return
        if code == self.selected or event.chain > 1:
            self.post_message(self.AreaActivated(code))
        else:
            self.select(code)

    def watch_selected(self) -> None:
        self.refresh()

    def watch_map_layer(self) -> None:
        self.refresh()

    # --- drawing -----------------------------------------------------------------------------

    def _lines(self, a: AreaView, ch: int) -> list[Text]:
        sel = a.code == self.selected
        first = Text()
        first.append("▶" if sel else ("?" if a.code in self.marked else " "))
        first.append(a.code, style="bold")
        first.append("◆" if a.objective else "·")
        holder_style = {"US": US_STYLE, "JA": JA_STYLE, "US-unsupplied": "bold yellow",
                        "contested": "bold magenta"}.get(a.holder, "dim")
        first.append(a.holder_mark, style=holder_style)
        if a.battle:
            first.append("!", style="bold yellow")
        counts = Text(" ")
        counts.append(str(len(a.us)), style=US_STYLE if a.us else "dim")
        counts.append("/")
        counts.append(str(len(a.ja)), style=JA_STYLE if a.ja else "dim")
        air = Text(" ✈" + a.airfield_text, style="" if a.us_lba else "dim")
        supply = Text(" ")
        us_ashore = any(f.type in ("INF", "BN", "LBA") and not f.embarked for f in a.us)
        if us_ashore and not a.supplied:
            supply.append("~out", style="bold yellow")
        elif a.supplied:
            supply.append("in", style="dim")
        else:
            supply.append("-", style="dim")
        if ch >= 3:
            if us_ashore and not a.supplied:
                air.append("~", style="bold yellow")  # the legend's "~ no supply"
            return [first, counts, air]
        second = {"forces": counts, "airfields": air, "supply": supply}[self.map_layer]
        return [first, second]

    def _strips(self) -> list[Strip]:
        """The map's lines as Strips, rebuilt only when something shown changed."""
        key = (id(self.view), self.selected, self.map_layer, tuple(self.size),
               frozenset(self.marked), self.app.no_color)
        if getattr(self, "_cache_key", None) != key:
            text = Text("No campaign open.") if self.view is None else self._draw(self.view)
            console = self.app.console
            width = self.size.width
            strips = []
            for line in text.split("\n", allow_blank=True):
                # every segment needs a Style (Textual's NO_COLOR filter reads each one)
                segments = [seg if seg.style is not None else Segment(seg.text, NO_STYLE, seg.control)
                            for seg in line.render(console)]
                strips.append(Strip(segments).crop_extend(0, width, NO_STYLE))
            self._cache_strips = strips
            self._cache_key = key
        return self._cache_strips

    def render_line(self, y: int) -> Strip:
        strips = self._strips()
        if 0 <= y < len(strips):
            return strips[y]
        return Strip.blank(self.size.width, NO_STYLE)

    def _draw(self, view: CampaignView) -> Text:
        cw, ch = self._cell()
        grid: list[list[Text | None]] = [[None] * COLS for _ in range(ROWS)]
        for a in view.areas.values():
            if 0 <= a.row < ROWS and 0 <= a.col < COLS:
                grid[a.row][a.col] = a  # type: ignore[assignment]
        out = Text(no_wrap=True, overflow="crop")
        for r in range(ROWS):
            for line in range(ch):
                row_text = Text()
                for c in range(COLS):
                    a = grid[r][c]
                    if a is None:
                        row_text.append(" " * cw)
                        continue
                    # No two areas sit side by side in a row of the grid, so a cell may use
                    # its full width (6 columns: arrow, code, objective mark, holder, !).
                    seg = self._lines(a, ch)[line]  # type: ignore[arg-type]
                    seg.truncate(cw)
                    seg.pad_right(cw - seg.cell_len)
                    if a.code == self.selected:  # type: ignore[union-attr]
                        seg.stylize("reverse", 0, max(6, cw - 1))
                    row_text.append_text(seg)
                out.append_text(row_text)
                if not (r == ROWS - 1 and line == ch - 1):
                    out.append("\n")
        if self.size.height >= ROWS * ch + 3:
            second = "n/m US/JA forces" if ch >= 3 or self.map_layer == "forces" else (
                "✈ US LBA/airfield" if self.map_layer == "airfields" else "supply")
            out.append_text(Text("\n◆ objective  U/J holder  x contested  ~ no supply  - none\n"
                                 f"! battle  {second}" + ("  ✈ US LBA/airfield" if ch >= 3 else
                                                         "  v: next layer"), style="dim"))
        return out
