"""Which dialog answers which battle request; the others (reactive plans, First Light, Japanese
ties) use the choice dialog with the battle's context in player words."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

from nimitz.engine.requests import Request
from nimitz.tui.screens.choice import ChoiceDialog
from nimitz.tui.widgets.shown import show


def battle_info_text(info: dict[str, Any], name) -> Text:  # name(id) -> str
    """A battle request's context as a wargamer would say it (no keys, no ids)."""
    from nimitz.tui.battle_view import AREA_NAMES, STEP_WORDS, need_text

    t = Text()

    def line(label: str, value: str) -> None:
        t.append(f"{label}: ", style="bold")
        t.append(value + "\n")

    if info.get("step"):
        where = AREA_NAMES.get(info.get("area", ""), "")
        the = "" if info.get("area") == "CO" else "the "
        line("Now", STEP_WORDS.get(info["step"], info["step"]) + (f" in {the}{where}" if where else ""))
    if info.get("hits") and isinstance(info["hits"], list):
        line("Hits about to land on", ", ".join(name(h) for h in info["hits"]))
    elif info.get("hits_scored"):
        line("Hits just scored", str(info["hits_scored"]))
    for r in info.get("rolls", []) or []:
        line(name(r["attacker"]), f"{need_text(r.get('rating', ''))}, rolled {r.get('face')}")
    if "length" in info:
        line(
            "Battle",
            f"turn {info.get('turn', '?')} of {info['length']}; forces on the sheet: "
            f"US {info.get('us_forces', '?')}, Japan {info.get('ja_forces', '?')}",
        )
    if info.get("rulings"):
        line("Rules", ", ".join(info["rulings"]))
    return t


def hits_at_stake(game, info: dict[str, Any], name) -> Text:
    """What the hits about to land do if no plan stops them (a reactive plan's question)."""
    from nimitz.engine.battle.board import Board
    from nimitz.tui.battle_view import hit_effect

    hits = info.get("hits")
    t = Text()
    if not isinstance(hits, list) or game.state.battle is None:
        return t
    board = Board(game)
    done: dict[str, int] = {}
    t.append("If no plan stops them:\n", style="bold")
    for h in hits:
        kind = "airfield" if h.endswith(":airfield") else "force"
        damaged = kind == "force" and board.alive(h) and board.damaged(h)
        target = {"id": h, "kind": kind, "damaged": damaged}
        t.append(f"  a hit on {name(h)} {hit_effect(game, target, done.get(h, 0))}\n")
        done[h] = done.get(h, 0) + 1
    return t


class BattleChoiceDialog(ChoiceDialog):
    """The choice dialog for a battle question."""

    def on_mount(self) -> None:
        self.query_one("#dialog").add_class("battle-dialog")  # wider on a large window, taller info
        super().on_mount()

    def refresh_state(self) -> None:
        from nimitz.tui.battle_view import say
        from nimitz.views.words import request_words

        super().refresh_state()
        request = self.napp.controller.request
        if request is None or request.kind != self.kind:
            return
        words = request_words(request.kind)
        show(self.query_one("#choice-title", Static), f"Battle: {words[:1].upper()}{words[1:]}")
        show(self.query_one("#choice-prompt", Static), Text(say(request.prompt), style="bold"))
        info = battle_info_text(request.info, self.napp.battle_history.name)
        info.append_text(hits_at_stake(self.game, request.info, self.napp.battle_history.name))
        show(self.query_one("#choice-info-text", Static), info)
        show(
            self.query_one(".hint", Static),
            Text("Enter chooses · a auto (the expert's answer) · Esc board", style="dim"),
        )


def battle_dialog(request: Request) -> Screen:
    from nimitz.tui.screens.battle_assign import AssignDialog
    from nimitz.tui.screens.battle_hits import HitsDialog
    from nimitz.tui.screens.battle_pick import PickDialog
    from nimitz.tui.screens.battle_plans import PlansDialog

    kind = request.kind
    if kind in ("battle_place_ships", "battle_place_subs", "battle_air"):
        return AssignDialog(kind)
    if kind == "battle_plans":
        return PlansDialog()
    if kind == "battle_allocate_hits":
        return HitsDialog()
    if kind in ("battle_excess_aircraft", "battle_airfield_losses"):
        return PickDialog(kind)
    return BattleChoiceDialog(kind)
