"""The battle screen: the board as the battle sheet lays it out, the plans in play, and the battle
shown one beat at a time (each combat exchange with its dice, each battle turn's summary), at
the speed the player chose. Every beat goes into the battle log, which scrolls back at any time.

Keys: space/Enter the next beat (Enter opens the question when every beat is seen), s the speed,
l the battle log, a auto, v values."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import RichLog, Static

from nimitz.model.journal import JournalEntry
from nimitz.tui import settings
from nimitz.tui.battle_view import (
    AREA_NAMES,
    BattleView,
    Beat,
    BeatMaker,
    BoardHistory,
    battle_entries,
    battle_view,
    entry_turn,
    plan_names,
    step_title,
)
from nimitz.tui.screens.base import NimitzScreen
from nimitz.tui.widgets.battle_board import SIDE_STYLE, BattleSheet
from nimitz.tui.widgets.footer import KeysFooter
from nimitz.tui.widgets.shown import show
from nimitz.tui.widgets.status_bar import stakes_text
from nimitz.views.stakes import stakes

WIDE = 140  # from this width the battle log stands beside the board


def beat_text(beat: Beat, note: Text | None = None) -> Text:
    """The beat for the panel under the board; `note` (why auto chose what led to it) goes
    right under the summary, where a short terminal still shows it."""
    t = Text()
    t.append(f"{beat.title}", style="bold reverse")
    if beat.turn:
        t.append(f"  battle turn {beat.turn}", style="dim")
    if beat.summary:  # first, so a short terminal always shows it
        t.append("\n» ", style="bold")
        t.append(beat.summary, style="bold")
    if note is not None:
        t.append("\n")
        t.append_text(note)
    for side, line in beat.lines:
        t.append("\n")
        t.append(line, style=SIDE_STYLE.get(side, "") if not line.startswith("  ") else "")
    return t


class BattleScreen(NimitzScreen):
    help_topic = "battles"
    BINDINGS = [
        Binding("space", "next", "Next"),
        Binding("enter", "answer", "Next/Answer"),
        Binding("a", "auto", "Auto"),
        Binding("s", "speed", "Speed"),
        Binding("l", "toggle_log", "Battle log"),
        Binding("v", "values", "Values"),
        Binding("L", "app.log", "Log", show=False),
        Binding("R", "app.reference", "Ref", show=False),
        Binding("q", "app.close_campaign", "Title", show=False),
        Binding("pageup,k", "scroll(-1)", "Board up", show=False),
        Binding("pagedown,j", "scroll(1)", "Board down", show=False),
    ]

    def __init__(self, area: str = "") -> None:
        super().__init__()
        self.area = area
        self.queue: list[Beat] = []
        self.current: Beat | None = None
        self.done: Callable[[], None] | None = None
        self.speed = settings.battle_speed()
        self.last_view: BattleView | None = None
        self.log_open = False
        self.seen: list[Beat] = []  # every beat shown (the result screen picks the key rolls)
        self._maker: BeatMaker | None = None
        self.first_fed: int | None = None  # the first entry shown as a beat
        self.ready = False  # composed and mounted: beats can be drawn
        # What auto chose and why: said under the next beat (what the choice led to), not in a
        # notice over the board; `beat_note` keeps it with that beat while it stays in view.
        self.expert_note: Text | None = None
        self.beat_note: tuple[Beat, Text] | None = None

    @property
    def history(self) -> BoardHistory:
        return self.napp.battle_history

    def compose(self) -> ComposeResult:
        yield Static(id="battle-title", classes="screen-title")
        yield Static(id="battle-stakes")  # the campaign's stakes stay in view in a battle too
        yield Static(id="battle-plans")
        with Horizontal(id="battle-main"):
            with VerticalScroll(id="battle-scroll"):
                yield BattleSheet(id="board")
            yield RichLog(id="battle-log", wrap=True, markup=False, min_width=20)
        with VerticalScroll(id="battle-beat"):
            yield Static(id="beat")
        yield Static(id="battle-next")
        yield KeysFooter()

    def on_mount(self) -> None:
        battle = self.napp.controller.game.state.battle
        if not self.area:
            self.area = battle.area if battle is not None else ""
        self.ready = True
        self._earlier_into_log()
        self._layout()
        self.refresh_state()
        self.query_one("#battle-scroll").focus()
        if self.done is not None and not self._advance():  # play() came before the mount
            self._finish()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._layout()

    def _layout(self) -> None:
        wide = self.app.size.width >= WIDE
        log = self.query_one("#battle-log", RichLog)
        log.display = wide or self.log_open
        self.query_one("#battle-scroll").display = wide or not self.log_open
        log.set_class(wide, "-side")

    def _earlier_into_log(self) -> None:
        """A battle resumed from its save: what happened before goes to the log as it was."""
        from nimitz.tui.battle_view import say

        game = self.napp.controller.game
        names = plan_names(game)
        log = self.query_one("#battle-log", RichLog)
        for e in battle_entries(game.journal, self.area or None):
            if self.first_fed is not None and e.seq >= self.first_fed:
                break  # from here on the beats tell it
            if e.kind not in ("roll", "decision"):
                log.write(Text(say(e.text, names), style=SIDE_STYLE.get(e.side, "")))

    # --- beats ------------------------------------------------------------------------------

    def feed(self, entries: list[JournalEntry]) -> None:
        """New journal entries of this battle: their beats wait to be shown."""
        if self._maker is None:
            self._maker = BeatMaker(self.history, plan_names(self.napp.controller.game))
            if entries:  # reopened part-way through a battle turn: its summary starts from here
                earlier = [
                    e
                    for e in battle_entries(self.napp.controller.game.journal, self.area or None)
                    if e.seq < entries[0].seq
                ]
                turn = entry_turn(entries[0].step)
                if earlier and turn and entry_turn(earlier[-1].step) == turn:
                    self._maker.resumed_turn = turn
        if self.first_fed is None and entries:
            self.first_fed = entries[0].seq
        self.queue += self._maker.feed(entries)

    def play(self, done: Callable[[], None]) -> bool:
        """Show the waiting beats at the chosen speed; True if `done` will be called once the
        player has stepped through them, False if there was nothing to wait for."""
        self.done = done
        if not self.ready:
            return True  # on_mount starts
        if self._advance():
            return True
        self.done = None
        return False

    def _finish(self) -> None:
        done, self.done = self.done, None
        self.refresh_state()
        if done is not None:
            done()

    def _advance(self) -> bool:
        """Log beats the speed skips and show the next one that stops; False when none is left."""
        while self.queue:
            beat = self.queue.pop(0)
            self._show(beat)
            if self._stops_at(beat):
                return True
        self.current = None
        self.refresh_state()
        return False

    def _stops_at(self, beat: Beat) -> bool:
        if self.speed == "step":
            return True
        if self.speed == "turn":
            return beat.kind in ("turn", "end")
        return False  # whole battle: the result screen sums it up

    def _show(self, beat: Beat) -> None:
        self.current = beat
        self.seen.append(beat)
        log = self.query_one("#battle-log", RichLog)
        log.write(beat_text(beat))  # (the note is in the log already, before the beat)
        note, self.expert_note = self.expert_note, None
        self.beat_note = (beat, note) if note is not None else None
        show(self.query_one("#beat", Static), beat_text(beat, note))
        self.query_one("#battle-beat", VerticalScroll).scroll_home(animate=False)
        self.refresh_state()
        if beat.area:  # bring the area it happens in into view
            self.query_one("#battle-scroll", VerticalScroll).scroll_to_widget(
                self.query_one(BattleSheet).panel(beat.area), animate=False, top=True
            )

    def action_next(self) -> None:
        if self.done is None:
            return
        if not self._advance():
            # The key that showed the last beat often comes with more behind it (a player
            # tapping through): the question that opens now must not take them as answers.
            self.napp.hold_answer_keys()
            self._finish()

    def action_answer(self) -> None:
        if self.done is not None:
            self.action_next()
        elif self.napp.controller.request is not None:
            self.napp.open_request()

    def action_auto(self) -> None:
        """The expert answers the question, once every beat before it is seen."""
        if self.done is not None:  # said on the hint line, not in a notice over the board
            hint = Text("Space shows the rest of what happened first, then a answers.", style="bold")
            show(self.query_one("#battle-next", Static), hint)
            return
        self.napp.action_auto()

    def note(self, title: str, text: str) -> bool:
        """What auto chose and why: a line for the battle log, and for the beat panel under the
        next beat. True if the panel will show it (the speed stops at beats)."""
        line = Text(f"{title}: ", style="bold")
        line.append(text)
        self.query_one("#battle-log", RichLog).write(line)
        self.expert_note = line
        if self.ready and self.current is None:
            self.refresh_state()  # waiting for the question: shown at once
        return self.speed != "battle"

    def action_speed(self) -> None:
        self.speed = settings.SPEEDS[(settings.SPEEDS.index(self.speed) + 1) % len(settings.SPEEDS)]
        problem = settings.set_battle_speed(self.speed)
        self.notify(problem or f"Battle speed: {settings.SPEED_WORDS[self.speed]} (remembered)", timeout=4)
        self.refresh_state()

    def action_toggle_log(self) -> None:
        self.log_open = not self.log_open
        self._layout()
        if self.log_open:
            self.query_one("#battle-log").focus()
        else:
            self.query_one("#battle-scroll").focus()

    # --- drawing ----------------------------------------------------------------------------

    def refresh_state(self) -> None:
        ctl = self.napp.controller
        if ctl.session is None or not self.ready:
            return
        game = ctl.game
        live = game.state.battle is not None and game.state.battle.area == self.area
        view = None
        if self.current is not None:
            view = self.history.at.get(self.current.seq)
        if view is None and live:
            view = battle_view(game, self.history.names)
        if view is None:
            view = self.last_view
        if view is None:
            return
        self.last_view = view
        where = next((a.name for a in game.data.map.areas if a.code == view.area), view.area)
        title = Text(f"Battle in {where}", style="bold", no_wrap=True, overflow="ellipsis")
        if view.turn:
            title.append(f" · battle turn {view.turn} of {view.length}")
        else:
            title.append(
                " · set-up" + (f" · {view.length} battle turn{'' if view.length == 1 else 's'}" if view.length else "")
            )
        if self.current is not None:
            title.append(f" · {self.current.title}")
        elif live:
            title.append(f" · {step_title(game.state.step)}")
        title.append(f" · SP {game.state.sp}", style="dim")
        show(self.query_one("#battle-title", Static), title)
        show(self.query_one("#battle-stakes", Static), self._stakes_line())
        plans = Text()
        plans.append("Japan's plans this turn: ", style=SIDE_STYLE["JA"])
        if view.ja_plans_per_turn:
            plans.append(", ".join(view.ja_plans_now) or "none")
            plans.append(f" ({view.ja_plans_per_turn} a turn)", style="dim")
        else:
            plans.append("drawn each battle turn", style="dim")
        plans.append("   Your plans: ", style=SIDE_STYLE["US"])
        words = {"held": "ready", "playing": "in play", "used": "used"}
        plans.append(", ".join(f"{n} ({words.get(s, s)})" for n, s in view.us_plans) or "none")
        show(self.query_one("#battle-plans", Static), plans)
        self.query_one(BattleSheet).show(view)
        if self.current is None:
            last = self.seen[-1] if self.seen else None
            note = self.expert_note
            if note is None and self.beat_note is not None and self.beat_note[0] is last:
                note = self.beat_note[1]
            waiting = beat_text(last, note) if last is not None else (note.copy() if note else Text())
            question = self._waiting_text()
            if question.plain:
                waiting.append("\n" if waiting.plain else "")
                waiting.append_text(question)
            show(self.query_one("#beat", Static), waiting)
        show(self.query_one("#battle-next", Static), self._hint())

    def _stakes_line(self) -> Text:
        """Campaign turn, objectives against the ladder and Hawaii, as on the campaign screen."""
        game = self.napp.controller.game
        s = stakes(game.state, game.data)
        t = Text(f"Turn {s.turn}/{s.turns} · ", no_wrap=True, overflow="ellipsis")
        t.append_text(stakes_text(s, (self.size.width or self.app.size.width) - 2 - len(t)))
        return t

    def _waiting_text(self) -> Text:
        request = self.napp.controller.request
        t = Text()
        from nimitz.tui.battle_view import say
        from nimitz.tui.controller import is_battle_kind

        if request is not None and is_battle_kind(request.kind):
            t.append("Your decision: ", style="bold")
            t.append(say(request.prompt, plan_names(self.napp.controller.game)))
        return t

    def _hint(self) -> Text:
        t = Text(style="dim")
        left = len(self.queue)
        if self.done is not None:
            t.append("Space/Enter: next" + (f" ({left} more)" if left else " (then your turn)"), style="bold")
        else:
            t.append("Enter: answer the question", style="bold")
        t.append(f" · s speed: {settings.SPEED_WORDS[self.speed]} · l battle log · a auto · ? help")
        return t

    def action_values(self) -> None:
        board = self.query_one(BattleSheet)
        board.forced = not board.values_shown()
        self.refresh_state()

    def action_scroll(self, direction: int) -> None:
        scroll = self.query_one("#battle-scroll", VerticalScroll)
        if direction < 0:
            scroll.scroll_page_up()
        else:
            scroll.scroll_page_down()


__all__ = ["BattleScreen", "beat_text", "AREA_NAMES"]
