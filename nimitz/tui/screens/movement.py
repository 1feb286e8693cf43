"""US Movement from one area: pick forces, pick a destination (an area or a special box).

Each destination shows ✓ or ✗ with the rule that refuses it (engine.campaign.move_problem);
choosing a refused one shows the engine's IllegalDecision message and changes nothing.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from nimitz.engine.campaign import cls_of, move_problem
from nimitz.engine.fog import seen_count
from nimitz.engine.requests import Request
from nimitz.model.journal import Decision
from nimitz.tui.messages import Decide
from nimitz.tui.screens.base import RequestDialog
from nimitz.tui.widgets.check_list import CheckList

# Special boxes: (destination id, decision kind, label, year-sheet flag or "" for always).
BOXES = (
    ("RAID", "raid", "Submarine raiding box (SS only: -3 on Japan's reinforcement roll)", ""),
    ("BW", "strategic_bombing", "Strategic bombing box (B-29 wings from MA, 1 SP each)", "strategic_bombing"),
    ("INVASION", "invade", "Invasion of Japan box (from HI or WC)", "invasion_box"),
)


class MoveDialog(RequestDialog):
    kind = "movement"
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("enter", "enter", "Next / move", priority=True),
        Binding("asterisk,ctrl+a", "select_all", "All", show=True),
        Binding("tab", "switch", "Forces/destinations", priority=True),
    ]

    def __init__(self, area: str) -> None:
        super().__init__()
        self.area = area
        self.problems: dict[str, str | None] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="move"):
            yield Static(id="move-title", classes="dialog-title")
            with Horizontal(id="move-body"):
                with Vertical(id="move-left"):
                    yield Static("Forces (space picks)", classes="column-title")
                    yield CheckList(id="forces")
                with Vertical(id="move-right"):
                    yield Static("Destination (Enter moves)", classes="column-title")
                    yield OptionList(id="dests")
            yield Static(id="move-detail", classes="detail")
            yield Static(id="error")
            yield Static(
                Text(
                    "space picks forces · * all · Tab switches lists · Enter: forces -> destinations -> move · Esc map",
                    style="dim",
                ),
                classes="hint",
            )

    def on_mount(self) -> None:
        self.clear_error()
        self.refresh_state()
        self.query_one("#forces", CheckList).focus()

    def keeps(self, request: Request | None) -> bool:
        return False

    # --- content -----------------------------------------------------------------------------

    def refresh_state(self) -> None:
        game = self.game
        state = game.state
        a = game.data.map.area.get(self.area)
        self.query_one("#move-title", Static).update(
            Text(f"US Movement from {self.area} {a.name if a else ''}", style="bold")
        )
        lst = self.query_one("#forces", CheckList)
        before = list(lst.selected)
        items = []
        movable = 0
        for f in state.at(self.area, "US"):
            c = cls_of(game, f)
            why = ""
            if f.moved:
                why = "moved"
            elif c.type in ("INF", "BN") and state.at(self.area, "JA"):
                why = "pinned by JA"
            label = f"{f.name} {c.type}{'*' if f.damaged else ''}{'~' if f.embarked else ''}"
            if why:
                label += f" ({why})"
            else:
                movable += 1
            items.append((f.id, label, bool(why)))
        lst.set_items(items, before)
        if not movable:
            self.show_error(f"no US force in {self.area} can move now")
        self._update_destinations()

    def _selected_forces(self):
        lst = self.query_one("#forces", CheckList)
        state = self.game.state
        return [state.forces[i] for i in lst.selected if i in state.forces]

    def _update_destinations(self) -> None:
        game = self.game
        forces = self._selected_forces()
        dests = self.query_one("#dests", OptionList)
        keep = dests.highlighted_option.id if dests.highlighted_option else None
        dests.clear_options()
        self.problems = {}
        for a in game.data.map.areas:
            if a.code == self.area:
                continue
            problem = None
            if not forces:
                problem = "pick the forces to move first (space)"
            else:
                for f in forces:
                    problem = move_problem(game, f, a.code, forces)
                    if problem:
                        break
            self.problems[a.code] = problem
            if not forces:
                t = Text("· ", style="dim")
            else:
                t = Text("✗ " if problem else "✓ ", style="dim" if problem else "bold")
            ja = seen_count(game.state, a.code)  # fog of war: only the chips (R86)
            width = 18 - max(0, len(ja) - 3)  # a fog count ('12+3?') takes room from the name, not a line
            t.append(f"{a.code} {a.name[:width]:<{width}}", style="dim" if problem and forces else "")
            if ja != "0":
                t.append(f" JA {ja}", style="dim")
            dests.add_option(Option(t, id=a.code))
        special = game.sheet.special
        for box, _kind, label, flag in BOXES:
            if flag and not getattr(special, flag, False):
                continue
            self.problems[box] = None if forces else "pick the forces to move first (space)"
            dests.add_option(Option(Text(f"→ {label}"), id=box))
        self._mark_map(
            {
                code
                for code, problem in self.problems.items()
                if forces and problem is None and code in game.data.map.area
            }
        )
        ids = [o.id for o in dests.options]
        if keep in ids:
            dests.highlighted = ids.index(keep)
        elif ids:
            dests.highlighted = 0
        self._detail()

    def _mark_map(self, codes: set[str]) -> None:
        """Show the legal destinations (→) on the campaign map under the dialog."""
        from nimitz.tui.widgets.map_view import MapView

        for screen in self.app.screen_stack:
            for m in screen.query(MapView):
                m.set_destinations(codes)

    def on_unmount(self) -> None:
        self._mark_map(set())

    def _detail(self) -> None:
        dests = self.query_one("#dests", OptionList)
        opt = dests.highlighted_option
        box = self.query_one("#move-detail", Static)
        forces = self._selected_forces()
        picked = ", ".join(f.name for f in forces) or "no forces picked"
        if opt is None:
            box.update(Text(picked, style="dim"))
            return
        problem = self.problems.get(opt.id or "")
        t = Text(f"{picked} -> {opt.id}: ")
        if problem:
            t.append(f"✗ {problem}", style="bold")
        else:
            t.append(
                "✓ allowed (Enter moves)"
                if opt.id not in ("RAID", "BW", "INVASION")
                else "the engine checks this box's rule when you press Enter"
            )
        box.update(t)

    # --- events ------------------------------------------------------------------------------

    def on_check_list_selected_changed(self, event: CheckList.SelectedChanged) -> None:
        self.clear_error()
        self._update_destinations()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "dests":
            self._detail()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "dests":
            self._move(event.option.id or "")

    def action_enter(self) -> None:
        focused = self.focused
        forces = self.query_one("#forces", CheckList)
        dests = self.query_one("#dests", OptionList)
        if focused is forces:
            if not forces.selected and forces.highlighted_value is not None:
                forces.toggle_value(forces.highlighted_value, True)
            dests.focus()
        elif focused is dests:
            opt = dests.highlighted_option
            if opt is not None:
                self._move(opt.id or "")

    def action_switch(self) -> None:
        forces = self.query_one("#forces", CheckList)
        dests = self.query_one("#dests", OptionList)
        (dests if self.focused is forces else forces).focus()

    def action_select_all(self) -> None:
        self.query_one("#forces", CheckList).select_all()

    def _move(self, dest: str) -> None:
        self.clear_error()
        ids = tuple(f.id for f in self._selected_forces())
        if not ids:
            self.show_error("pick the forces to move first (space on a force, * for all)")
            return
        kind = next((k for box, k, _, _ in BOXES if box == dest), "move")
        decision = Decision("move", forces=ids, area=dest) if kind == "move" else Decision(kind, forces=ids)
        self.post_message(Decide(decision))
