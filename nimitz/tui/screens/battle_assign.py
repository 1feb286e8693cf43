"""Battle placement and aircraft moves: give each piece a box (←/→ cycles it), and for aircraft
moves also choose the plans played this turn."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from nimitz.model.journal import Decision
from nimitz.tui.battle_view import AREA_NAMES
from nimitz.tui.messages import Decide
from nimitz.tui.screens.base import RequestDialog
from nimitz.tui.widgets.shown import show

TITLES = {
    "battle_place_ships": "Place your ships: US Ocean or Coastal",
    "battle_place_subs": "Place your submarines (or keep them out)",
    "battle_air": "Move your aircraft and play plans for this turn",
}
HELP = {
    "battle_place_ships": "Carriers always sit in the US Ocean; other ships go to the US "
    "Ocean (safer) or the Coastal area (naval guns reach Japanese ships and "
    "the Island there).",
    "battle_place_subs": "Submarines join an area with Japanese ships, or stay out of the battle.",
    "battle_air": "Each aircraft flies to a battle area or stays home (it can still be "
    "attacked there). Plans marked 'play' act this turn.",
}


DIALOG_WIDTH = 76  # #dialog in nimitz.tcss
WIDE_DIALOG = 110  # App.-wide #dialog.battle-dialog in battle.tcss

CHOICE_WORDS = {
    "JO": "JA Ocean",
    "IS": "Island",
    "CO": "Coastal",
    "UO": "US Ocean",
    "home": "home",
    "out": "out",
    "keep": "keep",
    "play": "play",
}


class AssignDialog(RequestDialog):
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("right,l,space", "cycle(1)", "Next box"),
        Binding("left,h", "cycle(-1)", "Prev box"),
        Binding("asterisk", "all", "Same for all"),
        Binding("c", "confirm", "Confirm"),
        Binding("a", "auto", "Auto"),
    ]

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind
        self.items: list[dict] = []  # {"id", "label", "values", "choices", "value", "plan"}

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="battle-dialog assign"):
            yield Static(TITLES.get(self.kind, self.kind), classes="dialog-title")
            yield self.recent_widget()
            yield Static(Text(HELP.get(self.kind, ""), style="dim"), id="assign-help")
            yield Static(id="assign-sides")
            yield OptionList(id="items")
            yield Static(id="assign-detail", classes="detail")
            yield Static(id="assign-odds", classes="detail")
            yield Static(id="error")
            yield Static(
                Text("←/→ change · * same for all · Enter or c confirms · a auto · Esc board", style="dim"),
                classes="hint",
            )

    def on_mount(self) -> None:
        from nimitz.tui.battle_view import battle_view, brought, side_summary

        self.clear_error()
        view = battle_view(self.game)
        request = self.napp.controller.request
        if self.kind == "battle_place_ships" and request is not None:
            t = Text("Japan brings: ", style="bold")
            t.append(brought(request.info.get("japanese", [])))
            t.append(" (Japan places after you, by its rule)", style="dim")
            show(self.query_one("#assign-sides", Static), t)
        elif view is not None:
            t = Text("Japan: ", style="bold")
            t.append(side_summary(view, "JA"))
            t.append("\nUS:    ", style="bold")
            t.append(side_summary(view, "US"))
            show(self.query_one("#assign-sides", Static), t)
        if self.app.has_class("-short"):  # 80x24: the beats just told what led here; room for the odds
            self.query_one("#recent").display = False
        self._build()
        self.query_one("#items", OptionList).focus()

    def _build(self) -> None:
        request = self.napp.controller.request
        if request is None:
            return
        info = request.info
        items: list[dict] = []
        if self.kind == "battle_place_ships":
            for s in info.get("ships", []):
                items.append(
                    {
                        "id": s["id"],
                        "label": f"{s['name']} {s['type']}{'*' if s['damaged'] else ''}",
                        "values": s["values"],
                        "choices": ["UO", "CO"],
                        "value": "UO",
                    }
                )
        elif self.kind == "battle_place_subs":
            areas = list(info.get("areas", []))
            first = next((a for a in areas if a != "out"), "out")
            ships = info.get("japanese_ships", {})
            for s in info.get("subs", []):
                items.append(
                    {
                        "id": s["id"],
                        "label": f"{s['name']} {s['type']}{'*' if s['damaged'] else ''}",
                        "values": s["values"],
                        "choices": areas,
                        "value": first,
                        "notes": {a: ", ".join(ships.get(a, [])) for a in areas},
                    }
                )
        else:
            blocked = set(info.get("blocked", []))
            areas = ["home"] + [a for a in info.get("areas", []) if a not in blocked]
            for a in info.get("aircraft", []):
                items.append(
                    {
                        "id": a["id"],
                        "label": a["name"] + ("*" if a.get("damaged") else ""),
                        "values": a["values"],
                        "choices": areas,
                        "value": "home",
                    }
                )
            for p in info.get("plans", []):
                items.append(
                    {
                        "id": p["id"],
                        "label": f"Plan: {p['name']}",
                        "values": p["description"],
                        "choices": ["keep", "play"],
                        "value": "keep",
                        "plan": True,
                    }
                )
            if blocked:
                show(
                    self.query_one("#assign-help", Static),
                    Text(
                        HELP[self.kind] + f" Japan's No Contact keeps US aircraft out of "
                        f"{', '.join(AREA_NAMES[b] for b in sorted(blocked))} this turn.",
                        style="dim",
                    ),
                )
        self.items = items
        lst = self.query_one("#items", OptionList)
        lst.clear_options()
        lst.add_options([Option(self._prompt(item), id=str(i)) for i, item in enumerate(items)])
        if items:
            lst.highlighted = 0
            self._detail(0)
        self._odds()

    def _label_width(self) -> int:
        """The names get what the choices leave of the list's width (at least 21)."""
        if not self.items:
            return 21
        choices = max(sum(len(CHOICE_WORDS.get(c, c)) + 2 for c in i["choices"]) for i in self.items)
        dialog = min(self.app.size.width, WIDE_DIALOG if self.app.has_class("-wide") else DIALOG_WIDTH)
        room = dialog - 10 - choices  # the dialog's and the list's borders and padding
        return max(21, min(max(len(i["label"]) for i in self.items), room))

    def _prompt(self, item: dict) -> Text:
        width = self._label_width()
        t = Text(f"{item['label'][:width]:<{width}} ", no_wrap=True, overflow="ellipsis")
        for c in item["choices"]:
            word = CHOICE_WORDS.get(c, c)
            if c == item["value"]:
                t.append(f"[{word}]", style="bold reverse")
            else:
                t.append(f" {word} ", style="dim")
        return t

    def _detail(self, index: int) -> None:
        if not 0 <= index < len(self.items):
            return
        item = self.items[index]
        t = Text(f"{item['label']}: ", style="bold")
        t.append(item["values"])
        v = item["value"]
        note = item.get("notes", {}).get(v)
        if note:
            t.append(f" · JA ships there: {note}", style="dim")
        show(self.query_one("#assign-detail", Static), t)

    def _odds(self) -> None:
        """The exact odds of what is set now (nimitz/engine/battle/odds.py)."""
        from nimitz.tui.battle_view import air_odds, placement_odds

        t = Text()
        if self.kind == "battle_air":
            lines = air_odds(self.game, {i["id"]: i["value"] for i in self.items if not i.get("plan")})
            t.append("Odds: ", style="bold")
            t.append(
                "\n".join(lines)
                + ("" if len(lines) > 1 else "\nNo aircraft sent yet (Japan's aircraft move after yours).")
            )
            t.append("\nBombs score only if the aircraft get through; hits beyond the targets are lost.", style="dim")
        elif self.kind == "battle_place_ships":
            t.append("Odds: ", style="bold")
            t.append("\n".join(placement_odds(self.game, {i["id"]: i["value"] for i in self.items})))
        show(self.query_one("#assign-odds", Static), t)
        self.query_one("#assign-odds", Static).display = bool(t.plain)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self._detail(int(event.option.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_confirm()

    def _index(self) -> int:
        return self.query_one("#items", OptionList).highlighted or 0

    def action_cycle(self, delta: int) -> None:
        if not self.items:
            return
        i = self._index()
        item = self.items[i]
        choices = item["choices"]
        item["value"] = choices[(choices.index(item["value"]) + delta) % len(choices)]
        self.query_one("#items", OptionList).replace_option_prompt_at_index(i, self._prompt(item))
        self._detail(i)
        self._odds()

    def action_all(self) -> None:
        if not self.items:
            return
        value = self.items[self._index()]["value"]
        lst = self.query_one("#items", OptionList)
        for i, item in enumerate(self.items):
            if value in item["choices"] and not item.get("plan"):
                item["value"] = value
                lst.replace_option_prompt_at_index(i, self._prompt(item))
        self._odds()

    def action_confirm(self) -> None:
        self.clear_error()
        if self.kind == "battle_air":
            targets = {i["id"]: i["value"] for i in self.items if not i.get("plan") and i["value"] != "home"}
            plans = tuple(i["id"] for i in self.items if i.get("plan") and i["value"] == "play")
            decision = Decision(self.kind, targets=targets, forces=plans)
        else:
            decision = Decision(self.kind, targets={i["id"]: i["value"] for i in self.items})
        self.post_message(Decide(decision))
