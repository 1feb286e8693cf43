"""The battle board as the battle sheet lays it out: the Japanese Ocean (1-2), the Island (3-5)
with its six boxes (US Airfields, US Foxholes, US Beaches, Japanese Beaches, Japanese Foxholes,
Japanese Airfields), Coastal (6) and the US Ocean (7-10). Every force is a tile with its name,
type, values and damage; carrier aircraft sit on their carrier's tile, infantry on its
transport's; aircraft in the air are listed in the area they fly over."""

from __future__ import annotations

import re

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, RichVisual
from textual.widget import Widget
from textual.widgets import Static

from nimitz.tui.battle_view import AREA_NAMES, AREA_RANGES, BOX_WORDS, BattleView, PieceView
from nimitz.tui.widgets.shown import show

US_STYLE = "bold #6cb6ff"
JA_STYLE = "bold #ff7b72"
SIDE_STYLE = {"US": US_STYLE, "JA": JA_STYLE}
DAMAGED = "✱"  # a damaged force (its values are the damaged side's)


def tile(p: PieceView, values: bool, width: int, show_type: bool = True) -> Text:
    """A force's tile: 'Lexington CV✱' (+ its values, + what it carries). In a narrow Island
    box the box says what it holds, so the type is left out and the name gets the room."""
    t = Text(no_wrap=True, overflow="ellipsis")
    name = p.name if width >= 16 else p.name.replace("Battalion ", "Bn ")
    if p.type == "CAG" and width < 28:  # 'F4F (Lexington)': the model says what it is
        name = re.sub(r" (fighter|dive bomber|torpedo bomber|bomber)\b", "", name)
    room = width - (len(p.type) + 1 if show_type else 0) - (2 if p.damaged else 0)
    if len(name) > room:
        name = name[: max(3, room - 1)] + "…"
    t.append(name, style=SIDE_STYLE.get(p.side, ""))
    if show_type and p.type not in name:
        t.append(f" {p.type}", style="dim")
    if p.damaged:
        t.append(f" {DAMAGED}", style="bold yellow")
    if values:
        t.append(f"\n {p.values}", style="dim")
    if p.aboard:
        what = "on deck" if p.type in ("CV", "CVL", "CVE") else "aboard"
        kinds = ", ".join(a.name.split(" ")[0] + (DAMAGED if a.damaged else "") for a in p.aboard)
        t.append(f"\n {len(p.aboard)} {what}" + (f": {kinds}" if values else ""), style="dim")
    return t


def _tiles(pieces: list[PieceView], values: bool, width: int) -> Columns | Text:
    if not pieces:
        return Text("—", style="dim")
    return Columns([tile(p, values, width) for p in pieces], padding=(0, 2), expand=False)


def area_panel(v: BattleView, area: str, values: bool, width: int) -> Panel:
    title = Text(f" {AREA_RANGES[area]} {AREA_NAMES[area]} ", style="bold")
    tile_width = 28 if values else 22
    rows: list = []
    for side in ("JA", "US"):
        pieces = v.sea[area][side]
        flying = [p for p in pieces if p.type in ("CAG", "LBA")]
        ships = [p for p in pieces if p not in flying]
        if area == "IS":
            ships = []
        head = Text(("Japan" if side == "JA" else "US") + ": ", style=SIDE_STYLE[side])
        if ships or (not flying and area != "IS"):
            rows.append(
                Group(head, _tiles(ships, values, tile_width))
                if width >= 100
                else Columns([head, _tiles(ships, values, tile_width)])
            )
        if flying:
            rows.append(
                Group(
                    Text(f"{'Japanese' if side == 'JA' else 'US'} aircraft in the air:", style=SIDE_STYLE[side]),
                    _tiles(flying, values, tile_width),
                )
            )
    if area == "IS":
        rows.append(island_table(v, values, width))
    return Panel(Group(*rows), title=title, title_align="left", padding=(0, 1), expand=True)


def island_table(v: BattleView, values: bool, width: int) -> Table:
    """The Island's six boxes side by side, as on the sheet."""
    table = Table(box=None, expand=True, padding=(0, 1), show_edge=False, pad_edge=False)
    col = max(10, (width - 13) // 6)
    for box in ("US_AF", "US_FH", "US_BE", "JA_BE", "JA_FH", "JA_AF"):
        side = box[:2]
        who, what = BOX_WORDS[box].split(" ", 1)
        label = f"{who}\n{what}" + (f" {v.airfields.get(side, 0)}" if box.endswith("AF") else "")
        table.add_column(Text(label, style=SIDE_STYLE[side]), ratio=1, no_wrap=True, overflow="ellipsis")
    cells = []
    for box in ("US_AF", "US_FH", "US_BE", "JA_BE", "JA_FH", "JA_AF"):
        pieces = v.island[box]
        cell = Text(no_wrap=True, overflow="ellipsis")
        for i, p in enumerate(pieces):
            if i:
                cell.append("\n")
            cell.append_text(tile(p, values and width >= 140, col, show_type=width >= 120))
        cells.append(cell if pieces else Text("—", style="dim"))
    table.add_row(*cells)
    return table


def notes_text(v: BattleView) -> Text:
    """Below the board: destroyed, out of the battle, the damage mark."""
    gone = []
    if v.destroyed:
        gone.append("Destroyed: " + ", ".join(v.destroyed))
    if v.out:
        gone.append("Out of the battle: " + ", ".join(v.out))
    gone.append(f"{DAMAGED} damaged (its values are the damaged side's)")
    return Text("\n".join(gone), style="dim")


def board_renderable(v: BattleView, values: bool = True, width: int = 100) -> Group:
    """The whole board; its last part is the notes (destroyed, out, the damage mark)."""
    parts: list = [area_panel(v, area, values, width) for area in ("JO", "IS", "CO", "UO")]
    parts.append(notes_text(v))
    return Group(*parts)


class BattleBoard(Static):
    """The board; values beside every force when there is room (v toggles them)."""

    forced: bool | None = None

    def show(self, view: BattleView | None) -> None:
        if view is None:
            self.update(Text("No battle is being fought.", style="dim"))
            return
        self.update(board_renderable(view, values=self.values_shown(), width=self.app.size.width))

    def values_shown(self) -> bool:
        if self.forced is not None:
            return bool(self.forced)
        return self.app.size.width >= 100


class DrawnOnce(RichVisual):
    """A Rich renderable rendered once per width and style. Textual renders a Static's Rich
    renderable twice, to measure its height at layout and again to paint it; a battle panel (a
    Panel of tile Columns, the Island's Table) is costly to render."""

    def __init__(self, widget: Widget, renderable: RenderableType) -> None:
        super().__init__(widget, renderable)
        self._drawn: tuple[int, VisualStyle, list[Strip]] | None = None

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self.render_strips(width, None, self._widget.visual_style, None))

    def render_strips(
        self, width: int, height: int | None, style: VisualStyle, options: RenderOptions | None
    ) -> list[Strip]:
        drawn = self._drawn
        if drawn is not None and drawn[:2] == (width, style) and height in (None, len(drawn[2])):
            return drawn[2]
        strips = super().render_strips(width, height, style, options)  # type: ignore[arg-type]
        if height in (None, len(strips)):  # its natural height: the same lines either way
            self._drawn = (width, style, strips)
        return strips


class BattleSheet(Vertical):
    """The board as one panel per area, so the screen can bring the area a beat happens in
    into view (the replay viewer uses the single-widget BattleBoard)."""

    forced: bool | None = None

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._drawn: dict[str, tuple] = {}  # area -> what its panel was drawn from

    def compose(self) -> ComposeResult:
        for area in ("JO", "IS", "CO", "UO"):
            yield Static(id=f"sheet-{area}", classes="sheet-area")
        yield Static(id="sheet-notes", classes="sheet-area")

    def show(self, view: BattleView) -> None:
        """Redraw the areas whose pieces changed (a beat mostly changes one or two: a panel is
        costly to measure and draw)."""
        values, width = self.values_shown(), self.app.size.width
        for area in ("JO", "IS", "CO", "UO"):
            drawn_from = (view.sea[area], values, width, (view.island, view.airfields) if area == "IS" else None)
            if self._drawn.get(area) != drawn_from:
                self._drawn[area] = drawn_from
                panel = self.query_one(f"#sheet-{area}", Static)
                panel.update(DrawnOnce(panel, area_panel(view, area, values, width)))
        show(self.query_one("#sheet-notes", Static), notes_text(view))

    def panel(self, area: str) -> Static:
        return self.query_one(f"#sheet-{area}", Static)

    def values_shown(self) -> bool:
        if self.forced is not None:
            return bool(self.forced)
        return self.app.size.width >= 100
