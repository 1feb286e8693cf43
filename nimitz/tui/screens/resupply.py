"""US Resupply: a shop with costs, repairs, scouting points and the SP left."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from nimitz.engine.requests import Request
from nimitz.model.journal import Decision
from nimitz.model.state import DESTROYED, US_POOL
from nimitz.tui.messages import Decide
from nimitz.tui.screens.base import RequestDialog
from nimitz.tui.widgets.shown import show
from nimitz.views.words import place


def _row(label: str, cost: int, width: int = 44, note: str = "") -> Text:
    t = Text(label)
    price = f"{cost} SP" + (f" {note}" if note else "")
    t.append(" " * max(1, width - len(label) - len(price)))
    t.append(price, style="bold")
    return t


class ResupplyDialog(RequestDialog):
    kind = "resupply"
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("plus,equals_sign", "scout", "+1 scouting"),
        Binding("d", "done", "Done"),
        Binding("a", "auto", "Auto"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="shop"):
            yield Static(id="shop-title", classes="dialog-title")
            yield OptionList(id="shop")
            yield Static(id="shop-detail", classes="detail")
            yield Static(id="error")
            yield Static(
                Text(
                    "Enter buys the line · + buys a scouting point · d done (keep the "
                    "rest) · a auto · Esc back to the map",
                    style="dim",
                ),
                classes="hint",
            )

    def on_mount(self) -> None:
        self.clear_error()
        self.refresh_state()
        self.query_one("#shop", OptionList).focus()

    def keeps(self, request: Request | None) -> bool:
        return request is not None and request.kind == "resupply"

    def refresh_state(self) -> None:
        request = self.napp.controller.request
        if request is None or request.kind != "resupply":
            return
        game = self.game
        state = game.state
        sheet = game.sheet
        info = request.info
        title = Text("US Resupply: ")
        title.append(f"{state.sp} SP left", style="bold reverse")
        title.append(f" · scouting points {info.get('scouting_points', 0)}/{info.get('scouting_cap', 6)}")
        show(self.query_one("#shop-title", Static), title)
        offered = {(o.decision.kind, o.decision.forces): o for o in request.options}
        shop = self.query_one("#shop", OptionList)
        old = shop.highlighted_option.id if shop.highlighted_option else None
        old_index = shop.highlighted or 0
        old_scroll = shop.scroll_y
        shop.clear_options()
        options: list[Option] = [Option(Text("Buy reinforcements", style="bold underline"), disabled=True)]
        pool = sorted(state.at(US_POOL), key=lambda f: (sheet.cls[f.cls].buy_cost, f.name))
        for f in pool:
            c = sheet.cls[f.cls]
            label = f"  {f.name} ({c.type}{', Australian' if c.australian else ''})"
            if ("buy", (f.id,)) in offered:
                options.append(Option(_row(label, c.buy_cost), id=f"buy|{f.id}"))
            else:
                options.append(Option(_row(label, c.buy_cost, note="✗ too dear"), id=f"buy|{f.id}", disabled=True))
        if not pool:
            options.append(Option(Text("  the reinforcement pool is empty", style="dim"), disabled=True))
        options.append(
            Option(Text("Repair damaged forces (half cost, at least 1)", style="bold underline"), disabled=True)
        )
        damaged = [
            f for f in state.forces.values() if f.side == "US" and f.damaged and f.location not in (DESTROYED, US_POOL)
        ]
        for f in damaged:
            c = sheet.cls[f.cls]
            label = f"  {f.name} {c.type}* at {place(f.location)}"
            ok = ("repair", (f.id,)) in offered
            options.append(
                Option(
                    _row(label, c.repair_cost, note="" if ok else "✗ too dear"), id=f"repair|{f.id}", disabled=not ok
                )
            )
        if not damaged:
            options.append(Option(Text("  no damaged US forces", style="dim"), disabled=True))
        options.append(Option(Text("Scouting", style="bold underline"), disabled=True))
        can_scout = any(o.decision.kind == "buy_scouting" for o in request.options)
        options.append(
            Option(
                _row("  one scouting point (+)", 1, note="" if can_scout else "✗ none left to buy"),
                id="scout",
                disabled=not can_scout,
            )
        )
        options.append(Option(Text(f"Done: keep the {state.sp} SP left (d)", style="bold"), id="done"))
        shop.add_options(options)
        ids = [o.id for o in options]
        target = old if old in ids and not options[ids.index(old)].disabled else None
        if target is None:  # the line bought is gone: stay at the same place in the list
            target = next((o.id for o in options[old_index:] if not o.disabled), None)
        if target is None:
            target = next((o.id for o in options if not o.disabled), "done")
        shop.highlighted = ids.index(target)
        # the list stays where it was: after a purchase the next line is under the cursor
        shop.scroll_to(y=old_scroll, animate=False, immediate=True)
        shop.scroll_to_highlight()
        self._detail(target)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._detail(event.option.id)

    def _detail(self, oid: str | None) -> None:
        box = self.query_one("#shop-detail", Static)
        if not oid or "|" not in oid:
            show(
                box,
                Text(
                    "Scouting points make Japanese forces take their orders before you "
                    "move; SP kept pay for battle plans."
                    if oid == "scout"
                    else "",
                    style="dim",
                ),
            )
            return
        fid = oid.split("|", 1)[1]
        f = self.game.state.forces[fid]
        c = self.game.sheet.cls[f.cls]
        t = Text(f"{f.name}: {c.name} {c.type}. ", style="bold")
        t.append(f"Full: {c.values_text(False)}. Damaged: {c.values_text(True)}.")
        show(box, t)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        oid = event.option.id or ""
        self.clear_error()
        if oid == "done":
            self.action_done()
        elif oid == "scout":
            self.action_scout()
        elif "|" in oid:
            kind, fid = oid.split("|", 1)
            self.post_message(Decide(Decision(kind, forces=(fid,))))

    def action_scout(self) -> None:
        self.clear_error()
        self.post_message(Decide(Decision("buy_scouting", count=1)))

    def action_done(self) -> None:
        self.clear_error()
        self.post_message(Decide(Decision("end_resupply")))
