"""The replay viewer: a saved campaign entry by entry (every decision, roll, bot decision and
event), with the map, or the battle board while a battle is on, as they stood when that entry
was written; the entry's text and explanation; and "what if": a new campaign that starts from
the current point, marked as a branch of this one.

The states come from `nimitz.persist.history.EntryStates`, which re-runs one turn at a time from
its checkpoint and keeps a light snapshot per entry (cached). Nothing here changes the campaign.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from nimitz.errors import NimitzError, SaveError
from nimitz.model.journal import JournalEntry
from nimitz.persist.history import (
    EntryStates,
    ReplayCursor,
    Snapshot,
    battle_starts,
    battle_turn_of,
    battle_turn_starts,
    decision_indices,
    turn_starts,
)
from nimitz.tui.battle_view import battle_view
from nimitz.tui.screens.base import NimitzModal, NimitzScreen
from nimitz.tui.screens.help import HelpScreen
from nimitz.tui.screens.load_campaign import LoadDialog
from nimitz.tui.view_model import campaign_view, step_name
from nimitz.tui.widgets.battle_board import BattleBoard
from nimitz.tui.widgets.explanation import ExplanationView
from nimitz.tui.widgets.footer import KeysFooter
from nimitz.tui.widgets.journal_list import JournalList
from nimitz.tui.widgets.map_view import MapView
from nimitz.tui.widgets.status_bar import StatusBar
from nimitz.views.words import step_words

if TYPE_CHECKING:
    from nimitz.persist.campaign_file import Session

SIDE_STYLE = {"US": "#6cb6ff", "JA": "#ff7b72"}
PLACES = {
    "US_RE": "the US pool",
    "JA_RE": "the JA pool",
    "BW": "the bombing box",
    "RAID": "the raiding box",
    "DESTROYED": "destroyed",
    "BATTALIONS": "the battalion box",
    "INVASION": "the invasion box",
    "DECK": "its carrier's deck",
    "TR": "its transport",
}

HELP_PARAGRAPHS = [
    "The replay viewer walks through a saved campaign one journal entry at a time: each US "
    "decision, each die rolled, each Japanese decision and each event, in the order they "
    "happened. Nothing you do here changes the campaign.",
    "The map (or, while a battle is being fought, the battle board) shows the game exactly as "
    "it stood when the highlighted entry was written. A decision is written before it takes "
    "effect, so its result shows on the entries that follow it. Below, the entry is explained "
    "(dice, modifiers, chart rows, candidates, rulings) and 'Changed' lists what moved, was "
    "damaged or was spent since the entry before.",
    "Moving: → or l or n goes one entry on, ← or h or p one back (↓ and ↑ too); ] and [ jump "
    "to the next or previous US decision; } and { to the start of the next or previous turn; t "
    "lists the turns, battles and battle turns to go to one; b goes to the next battle and B to "
    "the previous one; g to the start of the next battle turn and G the one before; Home and "
    "End to the first and last entries. A click on "
    "a journal line goes there. j and k scroll the map or battle board, PgUp and PgDn the "
    "explanation; v changes the map's second line, or shows or hides the values of the "
    "pieces on the battle board.",
    "What if: x starts a new campaign from the highlighted point. It asks for a name and saves "
    "the new campaign as it stood after every US decision up to and including this entry "
    "(the dice come with it, so nothing is rolled again), marked as a branch of this one. "
    "Open it from the title screen to play on. The original is not touched.",
    "q or Esc leaves the viewer (back to where you opened it from).",
]


def place(code: str) -> str:
    return PLACES.get(code, code)


def changes(before: Snapshot | None, after: Snapshot, limit: int = 14) -> list[str]:
    """What differs between two snapshots, in words: forces that moved, were damaged or
    repaired, embarked or landed; battle pieces that moved or were lost; SP and the JA track."""
    lines: list[str] = []
    if before is None:
        return []
    old_forces = before.forces
    for fid, t in after.forces.items():
        b = old_forces.get(fid)
        if b is t or b == t:
            continue
        name = t[2]
        if b is None:
            lines.append(f"{name}: new, in {place(t[4])}")
            continue
        parts = []
        if b[4] != t[4]:
            parts.append(f"{place(b[4])} → {place(t[4])}")
        if b[5] != t[5]:
            parts.append("damaged" if t[5] else "repaired")
        if b[7] != t[7]:
            parts.append("embarked" if t[7] else "ashore")
        if parts:
            lines.append(f"{name}: {', '.join(parts)}")
    ob, nb = before.battle, after.battle
    if nb is not None and ob is not None and ob.area == nb.area:
        names = {pid: p.name for pid, p in nb.pieces.items()}
        names.update({fid: t[2] for fid, t in after.forces.items()})
        for pid, box in nb.positions.items():
            was = ob.positions.get(pid)
            if was != box:
                where = f"{place(was)} → {place(box)}" if was else f"onto the board: {place(box)}"
                lines.append(f"{names.get(pid, pid.split(':', 1)[-1])} (board): {where}")
        for pid, piece in nb.pieces.items():
            op = ob.pieces.get(pid)
            if op is not None and op.damaged != piece.damaged:
                lines.append(f"{piece.name} (board): {'damaged' if piece.damaged else 'repaired'}")
        for fid in nb.destroyed:
            if fid not in ob.destroyed:
                lines.append(f"{names.get(fid, fid.split(':', 1)[-1])}: destroyed")
        for pid in nb.lost_pieces:
            if pid not in ob.lost_pieces:
                lost = nb.pieces.get(pid) or ob.pieces.get(pid)
                lines.append(f"{lost.name if lost else pid.split(':', 1)[-1]} (board): destroyed")
    elif nb is not None and ob is None:
        lines.append(f"The battle board is set up for {nb.area}")
    elif nb is None and ob is not None:
        lines.append(f"The battle in {ob.area} is over; the board is cleared")
    for key, label in (("sp", "US SP"), ("ja_track", "JA track"), ("scouting_points", "scouting points")):
        a = before.fields.get(key)
        b = after.fields.get(key)
        if a != b:
            lines.append(f"{label}: {a} → {b}")
    if after.fields.get("result") and not before.fields.get("result"):
        lines.append(f"The campaign ends: {after.fields['result']}")
    if len(lines) > limit:
        lines = lines[: limit - 1] + [f"… and {len(lines) - limit + 1} more"]
    return lines


def entry_area(e: JournalEntry, codes: set[str], battle_area: str = "") -> str:
    """The map area an entry is about (its order's area, a move's destination, the battle)."""
    d = e.data or {}
    for key in ("battle_area", "area", "destination"):
        v = d.get(key)
        if isinstance(v, str) and v in codes:
            return v
    if e.decision is not None and e.decision.area in codes:
        return e.decision.area
    return battle_area if battle_area in codes else ""


class ReplayScreen(NimitzScreen):
    """A saved campaign, entry by entry. `back`: "title" (pop to the title screen), "pop"
    (back to the screen below, e.g. the campaign being played) or "quit" (opened by
    `nimitz replay`: leave the program)."""

    help_topic = "replay"
    AUTO_FOCUS = None
    STEP = Binding.Group("step", compact=True)
    DECISION = Binding.Group("US", compact=True)
    TURN = Binding.Group("turn", compact=True)
    BATTLE = Binding.Group("battle", compact=True)
    BINDINGS = [
        Binding("left,h,p", "step(-1)", "back", key_display="←", group=STEP),
        Binding("right,l,n", "step(1)", "next", key_display="→", group=STEP),
        Binding("up", "step(-1)", "back", show=False),
        Binding("down", "step(1)", "next", show=False),
        Binding("left_square_bracket", "decision(-1)", "previous US decision", key_display="[", group=DECISION),
        Binding("right_square_bracket", "decision(1)", "next US decision", key_display="]", group=DECISION),
        Binding("left_curly_bracket", "turn(-1)", "previous turn", key_display="{", group=TURN),
        Binding("right_curly_bracket", "turn(1)", "next turn", key_display="}", group=TURN),
        Binding("t", "choose_turn", "go to"),
        Binding("b", "battle(1)", "next battle", group=BATTLE),
        Binding("B", "battle(-1)", "previous battle", group=BATTLE),
        Binding("g", "battle_turn(1)", "b-turn"),
        Binding("G", "battle_turn(-1)", "previous battle turn", show=False),
        Binding("home", "edge(0)", "first entry", show=False),
        Binding("end", "edge(1)", "last entry", show=False),
        Binding("x", "what_if", "what-if"),
        Binding("v", "layer", "map zoom or piece values", show=False),
        Binding("j", "scroll_board(1)", "scroll board down", show=False),
        Binding("k", "scroll_board(-1)", "scroll board up", show=False),
        Binding("pagedown", "scroll_entry(1)", "scroll explanation down", show=False),
        Binding("pageup", "scroll_entry(-1)", "scroll explanation up", show=False),
        Binding("question_mark", "help", "help", key_display="?"),
        Binding("q,escape", "leave", "back"),
    ]

    def __init__(self, session: Session, back: str = "title") -> None:
        super().__init__()
        self.session = session
        game = session.game
        self.data = game.data
        self.journal: list[JournalEntry] = game.journal
        self.cursor = ReplayCursor(data=game.data, checkpoints=game.checkpoints, journal=self.journal)
        self.states = EntryStates(game.data, game.checkpoints, self.journal)
        self.decisions = decision_indices(self.journal)
        self.turns = turn_starts(self.journal)
        self.battles = battle_starts(self.journal)
        self.battle_turns = battle_turn_starts(self.journal)
        self.codes = {a.code for a in game.data.map.areas}
        self.back = back
        self.in_battle = False
        self.values: bool | None = None  # battle board piece values: None = when there is room

    # --- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="rp-where", classes="screen-title")
        yield StatusBar(id="rp-status")
        # Nothing takes the focus: every key belongs to the screen (the map's own arrow keys
        # and the scroll views' keys would otherwise take ← → ↑ ↓ Home End PgUp PgDn).
        the_map = MapView(id="rp-map")
        board = VerticalScroll(id="rp-board")
        entry = VerticalScroll(id="rp-entry")
        for widget in (the_map, board, entry):
            widget.can_focus = False
        with Horizontal(id="rp-main"):
            yield the_map
            with board:
                yield Static(id="rp-plans")
                yield BattleBoard(id="rp-battle")
            yield JournalList(id="rp-journal")
        with entry:
            yield ExplanationView(id="rp-explain")
            yield Static(id="rp-changes")
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.set_focus(None)
        self.query_one("#rp-board").display = False
        self.sub_title = f"replay: {self.session.name}"
        self.show_entry(0)

    # --- showing one entry --------------------------------------------------------------------

    @property
    def index(self) -> int:
        return self.cursor.index

    def show_entry(self, index: int) -> None:
        """Move the cursor to `index` and show everything as it stood there."""
        if not self.journal:
            return
        index = max(0, min(len(self.journal) - 1, index))
        self.cursor.index = index
        e = self.journal[index]
        game = self.states.game(index)
        state = game.state
        view = campaign_view(game, self.session.name)
        self.query_one(StatusBar).show(view)
        self.query_one("#rp-where", Static).update(self.where_text(e))
        battle = state.battle
        self.in_battle = battle is not None
        board_box = self.query_one("#rp-board", VerticalScroll)
        m = self.query_one(MapView)
        m.display = not self.in_battle
        board_box.display = self.in_battle
        if self.in_battle:
            bv = battle_view(game)
            self.query_one("#rp-plans", Static).update(self.plans_text(bv, state.sp))
            board = self.query_one(BattleBoard)
            board.forced = self._values_shown()
            board.show(bv)
        else:
            area = entry_area(e, self.codes)
            if area:
                m.selected = area
            m.show(view)
        self.query_one(JournalList).show(self.journal, index)
        heading = f"#{index} · turn {e.turn} · {step_words(e.step)} · {e.side or 'game'} {e.kind}: "
        self.query_one(ExplanationView).show(e, heading)
        seg = self.states.segment(index)
        start, _ = self.states.bounds(seg)
        before = self.states.snapshot(index - 1) if index > start else (self.states.before(seg) if index > 0 else None)
        lines = changes(before, self.states.snapshot(index))
        t = Text()
        if lines:
            t.append("\nChanged\n", style="bold")
            for line in lines:
                t.append(f"  {line}\n")
        problem = self.states.mismatch.get(seg)
        if problem:
            t.append(f"\n⚠ The replay of this turn differs from the save: {problem}\n", style="bold")
        self.query_one("#rp-changes", Static).update(t)
        self.query_one("#rp-entry", VerticalScroll).scroll_home(animate=False)

    def where_text(self, e: JournalEntry) -> Text:
        n = len(self.journal)
        done = self.cursor.decisions_before(self.index)
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append("REPLAY ", style="bold reverse")
        t.append(
            f" {self.session.name} · entry {self.index + 1}/{n} · US decisions {done}/"
            f"{len(self.decisions)} · turn {e.turn}"
        )
        bt = battle_turn_of(e.step)
        if bt:
            t.append(f" · battle {bt.split(':')[1]}")
        if self.session.branch_of:
            t.append(f" · branch of {self.session.branch_of}", style="dim")
        return t

    def plans_text(self, view, sp: int) -> Text:
        t = Text()
        if view is None:
            return t
        t.append(f"Battle in {view.area}", style="bold")
        t.append(f" · battle turn {view.turn} of {view.length}" if view.turn else " · set-up")
        t.append(f" · SP {sp}\n")
        t.append("JA plans: ", style=SIDE_STYLE["JA"])
        t.append(", ".join(view.ja_plans_now) or "none")
        t.append(" · US plans: ", style=SIDE_STYLE["US"])
        t.append(", ".join(f"{name} ({how})" for name, how in view.us_plans) or "none")
        return t

    # --- moving ------------------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        self.show_entry(self.index + delta)

    def action_edge(self, last: int) -> None:
        self.show_entry(len(self.journal) - 1 if last else 0)

    def _seek(self, positions: list[int], forward: bool, what: str) -> None:
        if self.cursor.seek(positions, forward) is None:
            self.notify(f"No {'later' if forward else 'earlier'} {what}.", timeout=3)
            return
        self.show_entry(self.cursor.index)

    def action_decision(self, direction: int) -> None:
        self._seek(self.decisions, direction > 0, "US decision")

    def action_turn(self, direction: int) -> None:
        if direction < 0:
            # { from inside a turn goes to its start first, then to the turn before.
            current = max((p for p in self.turns if p <= self.index), default=None)
            if current is not None and current < self.index:
                self.show_entry(current)
                return
        self._seek(self.turns, direction > 0, "turn")

    def action_battle(self, direction: int) -> None:
        self._seek(self.battles, direction > 0, "battle")

    def action_battle_turn(self, direction: int = 1) -> None:
        self._seek(self.battle_turns, direction > 0, "battle turn")

    def on_journal_list_picked(self, event: JournalList.Picked) -> None:
        self.show_entry(event.index)

    def action_choose_turn(self) -> None:
        def done(index: int | None) -> None:
            if index is not None:
                self.show_entry(index)

        self.app.push_screen(TurnDialog(self.turn_choices(), self.index), callback=done)

    def turn_choices(self) -> list[tuple[int, str]]:
        """(first entry, label) for each turn, each battle under its turn and each battle turn
        under its battle, in journal order."""
        out = []
        bounds = self.turns + [len(self.journal)]
        for k, start in enumerate(self.turns):
            e = self.journal[start]
            areas = [self.journal[b].data.get("battle_area", "?") for b in self.battles if start <= b < bounds[k + 1]]
            label = f"{e.year} turn {e.turn}: entries {start + 1}-{bounds[k + 1]}"
            label += f", battles {' '.join(areas)}" if areas else ", no battle"
            out.append((start, label))
        for b in self.battles:
            out.append((b, f"   battle in {self.journal[b].data.get('battle_area', '?')} (entry {b + 1})"))
        for t in self.battle_turns:
            e = self.journal[t]
            if e.step.startswith("battle:turn "):
                out.append((t, f"      battle {battle_turn_of(e.step).split(':')[1]}"))
        out.sort(key=lambda item: item[0])
        return out

    def action_layer(self) -> None:
        """v: the map's zoom; on the board, piece values."""
        if self.in_battle:
            self.values = not self._values_shown()
            self.show_entry(self.index)
        else:
            self.query_one(MapView).action_zoom()

    def _values_shown(self) -> bool:
        """Values beside the pieces when the board has the room (or as v last set them)."""
        if self.values is not None:
            return self.values
        return self.query_one("#rp-board").size.width >= 96 or self.app.size.width >= 150

    def action_scroll_board(self, direction: int) -> None:
        box = self.query_one("#rp-board", VerticalScroll)
        if direction > 0:
            box.scroll_page_down(animate=False)
        else:
            box.scroll_page_up(animate=False)

    def action_scroll_entry(self, direction: int) -> None:
        box = self.query_one("#rp-entry", VerticalScroll)
        if direction > 0:
            box.scroll_page_down(animate=False)
        else:
            box.scroll_page_up(animate=False)

    # --- what if -----------------------------------------------------------------------------

    def decisions_here(self) -> int:
        """US decisions up to and including the current entry (what a branch keeps)."""
        return self.cursor.decisions_before(self.index)

    def action_what_if(self) -> None:
        count = self.decisions_here()
        state = self.states.state(self.index)
        where = f"{state.year} turn {state.turn}, {step_name(state)}"

        def done(name: str | None) -> None:
            if name:
                self.branch(name)

        self.app.push_screen(WhatIfDialog(self.session.name, count, where), callback=done)

    def branch_error(self, name: str) -> str:
        """'' if a branch may be saved under `name`, else why not."""
        from nimitz.persist.store import check_name

        try:
            check_name(name)
        except NimitzError as exc:
            return str(exc)
        path = self.napp.controller.store.path_for(name)
        if path.exists():
            return f"a campaign named {name!r} already exists ({path}); choose another name"
        return ""

    def branch(self, name: str) -> Path | None:
        """Save the campaign as it stood here under a new name; returns its path."""
        count = self.decisions_here()
        store = self.napp.controller.store
        try:
            problem = self.branch_error(name)
            if problem:
                raise SaveError(problem)
            path = store.path_for(name)
            path.parent.mkdir(parents=True, exist_ok=True)
            other = self.session.branch(path, name, count)
            other.save()
        except NimitzError as exc:
            self.napp.show_message("The branch was not saved", str(exc))
            return None
        except OSError as exc:
            from nimitz.persist.bounds import disk_error_message

            self.napp.show_message("The branch was not saved", disk_error_message(exc, name))
            return None
        self.napp.show_message(
            "What if: a new campaign",
            f"Saved {name!r} to {path}: {self.session.name} as it stood after US decision "
            f"{count} (turn {other.game.state.turn}, {step_name(other.game.state)}), marked as a "
            f"branch of {self.session.name}. Open it from the title screen (o) or with "
            f"`nimitz play {name}`.",
        )
        return path

    # --- leaving and help --------------------------------------------------------------------

    def action_help(self) -> None:
        self.app.push_screen(ReplayHelp())

    def action_leave(self) -> None:
        if self.back == "quit":
            self.app.exit()
            return
        if self.back == "title":
            from nimitz.tui.screens.title import TitleScreen

            while len(self.app.screen_stack) > 1 and not isinstance(self.app.screen, TitleScreen):
                self.app.pop_screen()
            if isinstance(self.app.screen, TitleScreen):
                self.app.screen.refresh_state()
            return
        self.dismiss(None)


class ReplayHelp(HelpScreen):
    """`?` in the replay viewer: our own words, then the keys in force."""

    def __init__(self) -> None:
        super().__init__("replay")

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="help"):
            yield Static("Help: the replay viewer", classes="dialog-title")
            with VerticalScroll(id="help-body"):
                yield Static(Group(*[Text(p + "\n") for p in HELP_PARAGRAPHS]), id="help-text")
                yield Static(id="help-keys")
            yield Static(Text("Esc or ? closes · ↑↓ scroll", style="dim"), classes="hint")


class TurnDialog(NimitzModal):
    """Every turn of the campaign, its battles and their battle turns; Enter jumps there."""

    help_topic = "replay"

    def __init__(self, turns: list[tuple[int, str]], index: int) -> None:
        super().__init__()
        self.turns = turns
        self.index = index

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="turns"):
            yield Static("Go to a turn, a battle or a battle turn", classes="dialog-title")
            yield OptionList(*[Option(label, id=str(start)) for start, label in self.turns], id="turn-list")
            yield Static(Text("Enter goes to its first entry, Esc closes.", style="dim"))

    def on_mount(self) -> None:
        options = self.query_one("#turn-list", OptionList)
        current = max((k for k, (start, _) in enumerate(self.turns) if start <= self.index), default=0)
        if self.turns:
            options.highlighted = current
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(int(event.option.id) if event.option.id is not None else None)


class WhatIfDialog(NimitzModal):
    """Ask for the new campaign's name; refuse a bad or taken one in place."""

    help_topic = "replay"
    BINDINGS = [Binding("escape", "close", "Cancel")]

    def __init__(self, original: str, count: int, where: str) -> None:
        super().__init__()
        self.original = original
        self.count = count
        self.where = where

    def compose(self) -> ComposeResult:
        store = self.napp.controller.store
        suggestion = store.free_name(f"{self.original}-whatif")
        with Vertical(id="dialog", classes="what-if"):
            yield Static("What if: branch from here", classes="dialog-title")
            yield Static(
                Text(
                    f"A new campaign: {self.original} as it stood after US decision "
                    f"{self.count} ({self.where}), up to the next US decision (only a "
                    f"decision can go another way). The original stays as it is."
                )
            )
            with Horizontal(classes="form-row"):
                yield Label("Name", classes="form-label")
                yield Input(value=suggestion, id="branch-name", compact=True)
            yield Static(id="error")
            yield Static(Text("Enter saves, Esc cancels.", style="dim"))
            with Horizontal(classes="buttons"):
                yield Button("Save", variant="primary", id="save", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#error", Static).display = False
        self.query_one("#branch-name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.submit()
        else:
            self.dismiss(None)

    def submit(self) -> None:
        name = self.query_one("#branch-name", Input).value.strip()
        below = next((s for s in reversed(self.app.screen_stack) if isinstance(s, ReplayScreen)), None)
        problem = below.branch_error(name) if below is not None else ""
        if not name:
            problem = "type a name for the new campaign"
        if problem:
            box = self.query_one("#error", Static)
            box.update(Text("✗ " + problem, style="bold"))
            box.display = True
            return
        self.dismiss(name)


class ReplayLoadDialog(LoadDialog):
    """The load list, but Enter opens the save in the replay viewer."""

    def on_mount(self) -> None:  # LoadDialog.on_mount runs too (Textual calls both)
        self.query_one(".dialog-title", Static).update("Replay a saved campaign")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.prevent_default()  # not LoadDialog's handler: that one opens the campaign to play
        info = self.picked(event)
        if info is None:
            return
        if self.napp.controller.session is None:
            self.napp.open_replay(info.path, back="title")
        else:  # from the palette while playing: q comes back to the campaign
            self.dismiss(None)
            self.napp.open_replay(info.path, back="pop")
