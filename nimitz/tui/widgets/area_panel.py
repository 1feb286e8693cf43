"""The side panel: the selected area's status and every force there with its values."""

from __future__ import annotations

import re
import textwrap

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from nimitz.tui.view_model import CampaignView
from nimitz.tui.widgets.shown import show
from nimitz.views.map import AreaView, ForceView
from nimitz.views.words import HOLDER_WORDS

US_STYLE = "bold #6cb6ff"
JA_STYLE = "bold #ff7b72"


def force_lines(f: ForceView, width: int) -> Text:
    """'Lexington CV*' and its values, on one line when they fit, else indented below."""
    t = Text()
    label = f"{f.name} {f.type}"
    t.append(label)
    if f.marks:
        t.append(f.marks, style="bold yellow")
    values = f.values + (" (damaged)" if f.damaged else "")
    if len(label) + len(f.marks) + 2 + len(values) <= width:
        t.append("  " + values, style="dim")
    else:  # below, indented, wrapped between values ('AAA 2 SURF 4' / 'DC 2'), never inside one
        pairs = re.sub(r"([A-Z]+) (?=\S)", "\\1\xa0", values)  # a value stays with its label
        for line in textwrap.wrap(pairs, max(8, width - 3)):
            t.append("\n   " + line.replace("\xa0", " "), style="dim")
    return t


def area_text(a: AreaView, view: CampaignView | None, width: int) -> Text:
    """The area's lines, none wider than `width`: long names end in an ellipsis rather than
    breaking mid-word (callers show it without wrapping)."""
    t = _area_text(a, view, width)
    lines = []
    for line in t.split("\n", allow_blank=True):
        if line.cell_len <= width or line.plain.startswith(" "):  # a force: cut, never split
            lines.append(line)
            continue
        words, current = line.plain.split(" "), ""  # prose: wrap at spaces
        for word in words:
            if current and len(current) + 1 + len(word) > width:
                lines.append(Text(current, style=line.style))
                current = " " + word
            else:
                current = f"{current} {word}" if current else word
        lines.append(Text(current, style=line.style))
    out = Text("\n").join(lines)
    out.no_wrap = True
    out.overflow = "ellipsis"
    return out


def _area_text(a: AreaView, view: CampaignView | None, width: int) -> Text:
    t = Text()
    t.append(f"{a.code} {a.name}\n", style="bold")
    if a.objective:
        t.append("◆ Objective: ")
    else:
        t.append("· Not an objective: ")
    t.append(HOLDER_WORDS.get(a.holder, a.holder) + "\n")
    cap = "unlimited" if a.unlimited else str(a.airfield)
    t.append(f"✈ Airfield: {a.us_lba} US LBA of {cap}")
    if a.ja_lba:
        t.append(f", {a.ja_lba} JA LBA")
    t.append("\n")
    us_ashore = any(f.type in ("INF", "BN", "LBA") and not f.embarked for f in a.us)
    if us_ashore:
        t.append(
            "Supply: " + ("in supply\n" if a.supplied else "OUT OF SUPPLY\n"), style="" if a.supplied else "bold yellow"
        )
    elif a.supplied:
        t.append("Supply: a supply chain reaches here\n", style="dim")
    flags = []
    if a.australian:
        flags.append("Australian flag")
    if a.home == "JA":
        flags.append("closed to the US")
    if a.home == "US":
        flags.append("closed to Japan")
    if flags:
        t.append(", ".join(flags) + "\n", style="dim")
    if a.battle:
        t.append("! A battle is due here\n", style="bold yellow")
    for side, forces, style in (("US", a.us, US_STYLE), ("JA", a.ja, JA_STYLE)):
        seen = f"{len(forces)} known" if side == "JA" and a.hidden_chips else str(len(forces))
        t.append(f"\n{side} forces: {seen}\n", style=style)
        for f in forces:
            t.append(" ")
            t.append_text(force_lines(f, width - 1))
            t.append("\n")
        if side == "JA" and a.hidden_chips:
            t.append(
                f" + {a.hidden_chips} unknown chip{'s' if a.hidden_chips != 1 else ''}: a hidden "
                f"stack (fog of war); some are blanks\n",
                style=JA_STYLE,
            )
    t.append("\nMarks: * damaged, ~ on a transport, + moved\n", style="dim")
    if view is not None:
        t.append("\n")
        for label, contents in view.boxes:
            t.append(f"{label}: ", style="bold")
            t.append(f"{contents}\n")
    return t


class AreaPanel(VerticalScroll, can_focus=False):
    """Shows one area; the campaign screen pushes the view and the selected code down."""

    def compose(self):
        yield Static(id="area-text")

    def show(self, view: CampaignView, code: str) -> None:
        a = view.areas.get(code)
        if a is None:
            return
        width = max(self.scrollable_content_region.width - 1, 12)
        show(self.query_one("#area-text", Static), area_text(a, view, width))
