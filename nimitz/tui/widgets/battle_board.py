"""The battle board: the Japanese Ocean, the Island with its six boxes, the Coastal area and the
US Ocean, every piece with its values (damaged marked *), carrier aircraft under their carrier
and infantry under their transport."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from nimitz.tui.battle_view import AREA_NAMES, BattleView, PieceView

US_STYLE = "bold #6cb6ff"
JA_STYLE = "bold #ff7b72"


def pieces_text(pieces: list[PieceView], values: bool = True) -> Text:
    t = Text()
    if not pieces:
        t.append("-", style="dim")
        return t
    for i, p in enumerate(pieces):
        if i:
            t.append("\n")
        t.append(p.label, style="bold" if p.damaged else "")
        if values:
            t.append(f"  {p.values}", style="dim")
        if p.aboard and p.type in ("CV", "CVL", "CVE"):
            t.append(f"\n  └ on deck: ", style="dim")
            t.append(" ".join(a.name.split(" ")[0] + ("*" if a.damaged else "") for a in p.aboard))
        else:
            for a in p.aboard:
                t.append(f"\n  └ {a.label}")
                if values:
                    t.append(f"  {a.values}", style="dim")
    return t


def _area_table(title: str) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold reverse", expand=True,
                  show_edge=False, pad_edge=False, show_header=True, header_style="bold",
                  box=None, padding=(0, 1))
    table.add_column("US", style="", ratio=1, header_style=US_STYLE)
    table.add_column("JA", style="", ratio=1, header_style=JA_STYLE)
    return table


def board_renderable(v: BattleView, values: bool = True) -> Group:
    parts = []
    for area in ("JO", "IS", "CO", "UO"):
        table = _area_table(f" {area} {AREA_NAMES[area]} ")
        if area == "IS":
            table.add_row(Text("in the air:", style="dim"), Text("in the air:", style="dim"))
            table.add_row(pieces_text(v.sea["IS"]["US"], values), pieces_text(v.sea["IS"]["JA"], values))
            for box in ("AF", "FH", "BE"):
                us, ja = v.island[f"US_{box}"], v.island[f"JA_{box}"]
                label = {"AF": "airfields", "FH": "foxholes", "BE": "beach"}[box]
                us_head = Text(f"{label}" + (f" ({v.airfields.get('US', 0)})" if box == "AF" else "") + ":",
                               style="dim")
                ja_head = Text(f"{label}" + (f" ({v.airfields.get('JA', 0)})" if box == "AF" else "") + ":",
                               style="dim")
                table.add_row(us_head, ja_head)
                table.add_row(pieces_text(us, values), pieces_text(ja, values))
        else:
            table.add_row(pieces_text(v.sea[area]["US"], values), pieces_text(v.sea[area]["JA"], values))
        parts += [table, Text("")]
    if v.destroyed:
        parts.append(Text("Destroyed: " + ", ".join(v.destroyed), style="dim"))
    if v.out:
        parts.append(Text("Out of the battle: " + ", ".join(v.out), style="dim"))
    return Group(*parts)


class BattleBoard(Static):
    def show(self, view: BattleView | None) -> None:
        if view is None:
            self.update(Text("No battle is being fought.", style="dim"))
            return
        self.update(board_renderable(view, values=self.values_shown()))

    def values_shown(self) -> bool:
        """Values beside every piece when there is room (v toggles them)."""
        if getattr(self, "forced", None) is not None:
            return bool(self.forced)
        return self.app.size.width >= 100
