"""The Textual app: screens, routing after each decision, the size check and the commands.

Attributes down, messages up: screens and widgets post `Decide` / `AutoDecide`; the app hands
the decision to the Controller (the only code that changes the campaign, saved after every
decision), then pushes the new state down to every open screen and shows what the decision led
to: the Japanese orders, a battle, the end-of-turn report, the next question.

The UI thread only draws. Opening a save (read and replay), creating one, each decision (the
engine, the bot's thinking and the autosave), the automatic answer and undo run in a thread
worker (`off_thread`); their result comes back to the UI thread. One runs at a time: a key
that asks for another meanwhile gets a note, never a wait, and a note shows what is running
when it takes more than a moment.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.screen import ModalScreen, Screen

from nimitz.errors import NimitzError
from nimitz.model.journal import JournalEntry
from nimitz.tui.collector import IDLE_AFTER, QuietCollector
from nimitz.tui.commands import NimitzCommands
from nimitz.tui.controller import Controller, Outcome, is_battle_kind
from nimitz.tui.messages import AutoDecide, Decide
from nimitz.tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from nimitz.views.words import counted

if TYPE_CHECKING:
    from nimitz.tui.screens.battle import BattleScreen

POST_BATTLE_STEPS = ("reinforce", "repair", "return_to_port", "supply", "defeat_check", "end")


class _Wait(enum.Enum):
    WAIT = "wait"


WAIT = _Wait.WAIT  # a queued step that resumes the queue itself (the battle beats)
Step = Callable[[], Screen | _Wait | None]  # a queued step: the screen to show, WAIT, or nothing


def battle_segments(journal: list[JournalEntry], entries: list[JournalEntry]) -> list[tuple[str, list[JournalEntry]]]:
    """The battle entries among `entries`, split by battle: (map area, its entries), in order."""
    from nimitz.tui.battle_view import is_battle_start

    out: list[tuple[str, list[JournalEntry]]] = []
    for e in entries:
        if not e.step.startswith("battle:"):
            continue
        if is_battle_start(e):
            out.append((e.data["area"], []))
        elif not out:  # a battle going on before these entries
            start = e.seq
            while start > 0 and not is_battle_start(journal[start]):
                start -= 1
            out.append((journal[start].data.get("area", ""), []))
        out[-1][1].append(e)
    return out


class NimitzApp(App):
    """Fleet Commander Nimitz in the terminal."""

    CSS_PATH = ["nimitz.tcss", "battle.tcss"]
    TITLE = "nimitz"
    COMMANDS = App.COMMANDS | {NimitzCommands}
    BINDINGS = [
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("A", "advice", "Advice", show=False),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("f2", "glossary", "Glossary", show=False),
    ]

    def __init__(
        self,
        saves_folder: Path,
        open_path: Path | None = None,
        *,
        data=None,
        new_campaign: bool = False,
        replay_path: Path | None = None,
        briefings: bool = False,
    ) -> None:
        super().__init__()
        self.briefings = briefings  # brief a campaign that has just begun (off in Pilot tests)
        self.start_new = new_campaign
        self.replay_path = Path(replay_path) if replay_path is not None else None
        self.controller = Controller(Path(saves_folder), data)
        self.open_path = Path(open_path) if open_path is not None else None
        self._queue: list[Step] = []
        self._last_kind = ""
        # Why auto chose the answer being routed: the first report or battle screen it opens
        # says it (the rest of auto's notes: action_auto)
        self.auto_note = ""
        self.guided = False  # the guided first turn (chosen on the briefing)
        from nimitz.tui.battle_view import BoardHistory

        self.battle_history = BoardHistory()  # the battle board at each entry (battle beats)
        self.controller.watchers.append(self.battle_history.record)
        self.busy = ""  # what a worker is doing now ("" when nothing is)
        self.collector = QuietCollector()  # full garbage collections at idle moments only
        self._answer_keys_held_until = 0.0  # see hold_answer_keys

    # --- work off the UI thread --------------------------------------------------------------

    BUSY_NOTE_AFTER = 0.25  # seconds before the progress note appears

    def off_thread(self, doing: str, work: Callable[[], Any], done: Callable[[Any], None]) -> bool:
        """Run `work()` in a thread worker, then `done(result)` on the UI thread. `doing` says
        what runs ("Japan is thinking"), shown if it takes a moment. False (with a note) when
        another piece of work is still running: the key is answered at once, never queued."""
        if self.busy:
            self.notify(f"{self.busy}: one moment.", timeout=2)
            return False
        self.busy = doing
        running = [True]

        def show_note() -> None:
            # The timer's event may already be queued when the work finishes: no stale note then.
            if running[0]:
                self.notify(f"{doing}…", title="Working", timeout=30)

        note = self.set_timer(self.BUSY_NOTE_AFTER, show_note)

        def finish(result: Any) -> None:
            running[0] = False
            note.stop()
            self.clear_notifications()
            self.busy = ""
            done(result)

        def task() -> None:
            result = work()
            self.call_from_thread(finish, result)

        self.run_worker(task, thread=True, group="engine", name=doing, exit_on_error=True)
        return True

    # --- start-up ----------------------------------------------------------------------------

    def on_mount(self) -> None:
        from nimitz.tui.screens.title import TitleScreen

        self.collector.start()
        self.set_interval(IDLE_AFTER / 2, lambda: self.collector.collect_if_idle(bool(self.busy)))
        self.push_screen(TitleScreen())
        if self.replay_path is not None:
            self.open_replay(self.replay_path, back="quit")
        elif self.open_path is not None:
            self.open_campaign(self.open_path)
        elif self.start_new:
            from nimitz.tui.screens.new_campaign import NewCampaignDialog

            self.push_screen(NewCampaignDialog())
        self.check_size()

    def on_unmount(self) -> None:
        self.collector.stop()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.InputEvent):
            self.collector.input_seen()
            if self._answer_key_held(event):
                event.stop()
                return
        await super().on_event(event)

    # --- size --------------------------------------------------------------------------------

    def check_size(self) -> None:
        width, height = self.size
        self.set_class(height < 30, "-short")  # dialogs shorten their lists (nimitz.tcss)
        self.set_class(width >= 140, "-wide")  # battle dialogs widen (battle.tcss)
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small and not isinstance(self.screen, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not small and isinstance(self.screen, TooSmallScreen):
            self.pop_screen()

    def on_resize(self) -> None:
        self.call_after_refresh(self.check_size)

    # --- opening campaigns -------------------------------------------------------------------

    def open_campaign(self, path: Path) -> None:
        """Open a save (read and replayed in a worker); one that cannot be loaded shows its
        message (never a traceback)."""

        def work():
            try:
                session = self.controller.load(path)
            except NimitzError as exc:
                return exc
            self.collector.sweep()  # the campaign as opened: out of later collections
            return session

        def done(result) -> None:
            if isinstance(result, NimitzError):
                self.show_message("This save cannot be opened", str(result))
                return
            self.controller.close()
            self.controller.session = result
            self._enter_campaign()

        self.off_thread(f"Opening {Path(path).name.removesuffix('.nimitz.json')}", work, done)

    def open_replay(self, path: Path | None = None, back: str = "title") -> None:
        """Open a save in the replay viewer (None: the campaign being played; a save is read
        and verified by replay in a worker). `back` says where q goes: "title", "pop" (the
        screen below) or "quit". A save that cannot be loaded shows its message (never a
        traceback)."""
        if path is None:
            if self.controller.session is None:
                self.notify("No campaign is open.", timeout=4)
            else:
                self._show_replay(self.controller.session, back)
            return

        def work():
            try:
                return self.controller.load(Path(path))
            except NimitzError as exc:
                return exc

        def done(result) -> None:
            if isinstance(result, NimitzError):
                self.show_message("This save cannot be replayed", str(result))
            else:
                self._show_replay(result, back)

        self.off_thread(f"Replaying {Path(path).name.removesuffix('.nimitz.json')}", work, done)

    def _show_replay(self, session, back: str) -> None:
        from nimitz.engine.fog import replay_refusal
        from nimitz.tui.screens.replay import ReplayScreen
        from nimitz.tui.screens.title import TitleScreen

        state = session.game.state
        refusal = replay_refusal(state.rules.options, state.finished)
        if refusal:
            self.show_message("Not yet", refusal[0].upper() + refusal[1:] + ".")
            return

        if back == "title":
            while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
                self.pop_screen()
        self.push_screen(ReplayScreen(session, back=back))

    def new_campaign(
        self,
        year: int,
        seed: int | None,
        preset: str | None,
        name: str = "",
        linked: bool = False,
        ja_ties: str = "bot",
        options: list[str] | None = None,
        refused: Callable[[str], None] | None = None,
        difficulty: str | None = None,
    ) -> None:
        """Create (in a worker: set-up and the first save) and open a campaign; a refusal (a
        taken or bad name) goes to `refused`, else to a message."""

        def work():
            try:
                session = self.controller.create(
                    year, seed, preset, name, linked, ja_ties, options, difficulty=difficulty
                )
            except NimitzError as exc:
                return exc
            self.collector.sweep()  # the new campaign: out of later collections
            return session

        def done(result) -> None:
            if isinstance(result, NimitzError):
                (refused or (lambda m: self.show_message("Cannot create the campaign", m)))(str(result))
            else:
                self._enter_campaign()

        self.off_thread("Setting up the campaign", work, done)

    def _enter_campaign(self) -> None:
        from nimitz.tui.screens.campaign import CampaignScreen
        from nimitz.tui.screens.title import TitleScreen

        # Back to the title screen, then the campaign screen above it.
        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        session = self.controller.session
        self.sub_title = session.name if session else ""
        self._last_kind = ""
        self.push_screen(CampaignScreen())
        request = self.controller.request
        self._last_kind = request.kind if request else ""
        if self.briefings and not any(e.kind == "decision" for e in self.controller.game.journal):
            from nimitz.tui.screens.briefing import BriefingScreen

            self._queue.append(BriefingScreen)  # a campaign just begun: the briefing first
        if request is not None and is_battle_kind(request.kind):
            self._queue.append(self._battle_screen)
            self._queue.append(self.request_dialog)
        elif request is not None and request.kind != "movement":
            self._queue.append(self.request_dialog)
        elif self.controller.game.finished:
            self._queue.append(self._end_screen)
        self._show_next()

    def close_campaign(self) -> None:
        """Back to the title screen (the campaign is saved after every decision)."""
        from nimitz.tui.screens.title import TitleScreen

        self.controller.close()
        self.collector.thaw()  # the closed campaign can be collected now
        self._queue.clear()
        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        if isinstance(self.screen, TitleScreen):
            self.screen.refresh_state()

    # --- decisions ---------------------------------------------------------------------------

    def on_decide(self, message: Decide) -> None:
        message.stop()
        self.decide(message.decision)

    def on_auto_decide(self, message: AutoDecide) -> None:
        message.stop()
        self.action_auto()

    def decide(self, decision) -> None:
        """Apply a decision in a worker (the engine and the bot run, then the autosave); the
        outcome is shown when it is back. Commands use it too."""
        self.off_thread("Japan is thinking", lambda: self.controller.answer(decision), self.apply)

    def apply(self, outcome: Outcome) -> None:
        if not outcome.ok:
            if outcome.reopened:
                self.refresh_all()
                self.show_message(outcome.title or "The engine stopped", outcome.error)
                return
            screen = self.screen
            if hasattr(screen, "show_error"):
                screen.show_error(outcome.error)
            else:
                self.notify(outcome.error, title="Refused", severity="error", timeout=8)
            return
        # A report of Japan's orders opens over everything at once: the screens under it
        # catch up when it closes, rather than be drawn now for nobody to see.
        self.refresh_all(routing=True, covered=self._report_first(outcome.entries))
        self._route(outcome)

    def refresh_all(self, routing: bool = False, covered: bool = False) -> None:
        """Push the new state down to the screens in view: the top one and those its dialogs
        let show through. A screen covered by another is marked stale and redraws when it is
        shown again (screens.base.CatchesUp). `routing`: the routing that follows closes the
        dialogs that do not answer the new request, so they are not drawn again. `covered`:
        a full screen is about to cover them all."""
        from nimitz.tui.screens.base import CatchesUp, RequestDialog

        in_view = [] if covered else self.screens_in_view()
        request = self.controller.request
        for screen in list(self.screen_stack):
            if not isinstance(screen, CatchesUp):
                continue
            if screen in in_view and not (routing and isinstance(screen, RequestDialog) and not screen.keeps(request)):
                screen.refresh_state()
            else:
                screen.stale = True

    def screens_in_view(self) -> list[Screen]:
        """The top screen and the screens its dialogs let show through (a full screen hides
        every screen below it)."""
        stack = self.screen_stack
        shown = [stack[-1]]
        for screen in reversed(stack[:-1]):
            if not isinstance(shown[-1], ModalScreen):
                break
            shown.append(screen)
        return shown

    def _route(self, outcome: Outcome) -> None:
        from nimitz.tui.screens.base import RequestDialog

        request = outcome.request
        kind = request.kind if request else ""
        # Close dialogs that do not answer the new request.
        while isinstance(self.screen, RequestDialog) and not self.screen.keeps(request):
            self.pop_screen()
        self._queue_reports(outcome.entries)
        if request is None:
            if self.controller.game.finished:
                self._queue.append(self._end_screen)
        elif is_battle_kind(kind):
            self._queue.append(self._battle_screen)
            self._queue.append(self.request_dialog)
        elif kind != self._last_kind and kind != "movement":
            self._queue.append(self.request_dialog)
        self._last_kind = kind
        self._show_next()

    @staticmethod
    def _order_reports(entries: list[JournalEntry]) -> tuple[list[JournalEntry], list[JournalEntry]]:
        """The entries of the scouted-orders report and of the JA Orders report."""
        from nimitz.tui.explain import is_order

        scouted = [e for e in entries if e.step == "scouting" and is_order(e)]
        orders = [e for e in entries if e.step == "orders" and e.kind == "bot"]
        return scouted, orders

    def _report_first(self, entries: list[JournalEntry]) -> bool:
        """Whether routing these entries shows a report of scouted or JA orders first (a
        full screen, before any battle: _queue_reports queues them first)."""
        return any(self._order_reports(entries))

    def _queue_reports(self, entries: list[JournalEntry]) -> None:
        journal = self.controller.game.journal
        scouted, orders = self._order_reports(entries)
        after = [e for e in entries if e.step in POST_BATTLE_STEPS and e.kind in ("bot", "event")]
        if scouted:
            self._queue.append(lambda: self._report("Scouted orders", scouted, "scouting"))
        if orders:
            self._queue.append(lambda: self._report("JA Orders", orders, "orders"))
        for area, segment in battle_segments(journal, entries):
            self._queue.append(partial(self._battle_beats, area, segment))
            end = next((e for e in segment if e.step == "battle:end" and e.kind == "event"), None)
            if end is not None:
                self._queue.append(partial(self._battle_result, area, end))
                self._queue.append(partial(self._close_battle, area))
        if after:
            turn = after[0].turn
            self._queue.append(lambda: self._report(f"End of turn {turn}", after, "reinforce"))

    def _report(self, title: str, entries: list[JournalEntry], topic: str, last: bool = False) -> Screen:
        from nimitz.tui.screens.report import ReportScreen

        note, self.auto_note = self.auto_note, ""
        return ReportScreen(title, entries, topic, start_at_end=last, note=note)

    def _new_battle_screen(self, area: str) -> BattleScreen:
        from rich.text import Text

        from nimitz.tui.screens.battle import BattleScreen

        screen = BattleScreen(area)
        if self.auto_note:  # (the battle order auto chose): under the battle's first beat
            screen.expert_note = Text.assemble(("The expert chose: ", "bold"), self.auto_note)
            self.auto_note = ""
        return screen

    def _battle_screen(self) -> Screen | None:
        """The battle screen of the battle being fought, unless it is already open."""
        from nimitz.tui.screens.battle import BattleScreen

        if self.controller.request is None or not is_battle_kind(self.controller.request.kind):
            return None
        battle = self.controller.game.state.battle
        area = battle.area if battle is not None else ""
        if any(isinstance(s, BattleScreen) and s.area == area for s in self.screen_stack):
            return None
        return self._new_battle_screen(area)

    def _battle_beats(self, area: str, entries: list[JournalEntry]) -> _Wait | None:
        """Show a battle's new entries beat by beat on its screen (opened if needed); WAIT while
        the player steps through them."""
        from nimitz.tui.screens.battle import BattleScreen

        screen = next((s for s in self.screen_stack if isinstance(s, BattleScreen) and s.area == area), None)
        if screen is None:
            while isinstance(self.screen, BattleScreen):  # another battle's screen
                self.pop_screen()
            screen = self._new_battle_screen(area)
            self.push_screen(screen)
        screen.feed(entries)
        return WAIT if screen.play(self._show_next) else None

    def _battle_result(self, area: str, end: JournalEntry) -> Screen:
        from nimitz.engine.control import holder
        from nimitz.tui.screens.battle import BattleScreen
        from nimitz.tui.screens.battle_result import BattleResultScreen, result_text

        game = self.controller.game
        screen = next((s for s in self.screen_stack if isinstance(s, BattleScreen) and s.area == area), None)
        beats = screen.seen if screen is not None else []
        name = next((a.name for a in game.data.map.areas if a.code == area), area)
        text = result_text(
            name,
            end.data.get("why", ""),
            end.data,
            beats,
            self.battle_history.name,
            holder(game.state, game.data, area),
        )
        return BattleResultScreen(text)

    def _close_battle(self, area: str) -> None:
        from nimitz.tui.screens.battle import BattleScreen

        stale = next((s for s in self.screen_stack if isinstance(s, BattleScreen) and s.area == area), None)
        if stale is not None:
            while stale in self.screen_stack:
                self.pop_screen()
        return None

    def _end_screen(self) -> Screen:
        from nimitz.tui.screens.end import EndScreen

        return EndScreen()

    def _show_next(self, _result: object = None) -> None:
        """Show the queued screens: each report waits for the player to close it; a battle
        screen stays underneath while the dialogs that follow open on top of it."""
        from nimitz.tui.screens.battle import BattleScreen

        while self._queue:
            make = self._queue.pop(0)
            screen = make()
            if screen is WAIT:
                return  # the battle screen calls _show_next when its beats are seen
            if screen is None:
                continue
            if isinstance(screen, BattleScreen):
                self.push_screen(screen)
                continue
            self.push_screen(screen, callback=self._show_next)
            return

    # --- dialogs and screens -----------------------------------------------------------------

    def request_dialog(self, area: str = "") -> Screen | None:
        """The dialog that answers the pending request (None in movement without an area)."""
        from nimitz.tui.screens.choice import ChoiceDialog
        from nimitz.tui.screens.movement import MoveDialog
        from nimitz.tui.screens.resupply import ResupplyDialog
        from nimitz.tui.screens.scouting import ScoutingDialog

        request = self.controller.request
        if request is None:
            return None
        if request.kind == "resupply":
            return ResupplyDialog()
        if request.kind == "scouting":
            return ScoutingDialog()
        if request.kind == "movement":
            return MoveDialog(area) if area else None
        if is_battle_kind(request.kind):
            from nimitz.tui.screens.battle_dialogs import battle_dialog

            return battle_dialog(request)
        return ChoiceDialog(request.kind)

    # How long a question that opens as the player taps through battle beats ignores Space and
    # Enter: long enough for the taps already on their way (key repeat, a laggy SSH link), short
    # enough not to be noticed.
    ANSWER_KEY_HOLD = 0.5

    def hold_answer_keys(self) -> None:
        """Make the next moment's Space and Enter presses do nothing in a question's dialog."""
        self._answer_keys_held_until = time.monotonic() + self.ANSWER_KEY_HOLD

    def _answer_key_held(self, event: events.Event) -> bool:
        """Space or Enter in a question's dialog while the keys are held back (before any
        binding sees it: a dialog's Enter is a priority binding, a list's Space its own)."""
        from nimitz.tui.screens.base import RequestDialog

        return (
            isinstance(event, events.Key)
            and event.key in ("space", "enter")
            and time.monotonic() < self._answer_keys_held_until
            and isinstance(self.screen, RequestDialog)
        )

    def open_request(self, area: str = "") -> None:
        screen = self.request_dialog(area)
        if screen is not None:
            self.push_screen(screen)

    def show_message(self, title: str, text: str) -> None:
        from nimitz.tui.screens.message import MessageDialog

        self.push_screen(MessageDialog(title, text))

    def help_topic(self) -> str:
        screen = self.screen
        topic = getattr(screen, "help_topic", "general")
        if topic in ("general", "campaign") and self.controller.session is not None:
            request = self.controller.request
            if request is not None:
                return request.kind
            return "end" if self.controller.game.finished else self.controller.game.state.step
        return topic

    def action_help(self) -> None:
        from nimitz.tui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss()
            return
        self.push_screen(HelpScreen(self.help_topic()))

    def action_glossary(self) -> None:
        from nimitz.tui.screens.glossary import GlossaryScreen

        if not isinstance(self.screen, GlossaryScreen):
            self.push_screen(GlossaryScreen())

    def action_briefing(self) -> None:
        from nimitz.tui.screens.briefing import BriefingScreen

        if self.controller.session is not None:
            self.push_screen(BriefingScreen())

    def action_log(self) -> None:
        from nimitz.tui.screens.log import LogScreen

        if self.controller.session is not None and not isinstance(self.screen, LogScreen):
            self.push_screen(LogScreen())

    def action_reference(self) -> None:
        from nimitz.tui.screens.reference import ReferenceScreen

        if not isinstance(self.screen, ReferenceScreen):
            self.push_screen(ReferenceScreen())

    def action_lab(self) -> None:
        from nimitz.tui.screens.lab import LabScreen

        if not isinstance(self.screen, LabScreen):
            self.push_screen(LabScreen())

    def action_orders(self) -> None:
        """Replay the latest Japanese orders (JA Orders or scouted)."""
        from nimitz.tui.explain import is_order

        if self.controller.session is None:
            return
        journal = self.controller.journal_seen
        last = [e for e in journal if is_order(e) or "processing_order" in e.data]
        if not last:
            self.notify("No Japanese orders yet this campaign.", timeout=4)
            return
        turn = last[-1].turn
        entries = [e for e in journal if e.turn == turn and e.kind == "bot" and e.step in ("scouting", "orders")]
        self.push_screen(self._report(f"Japanese orders of turn {turn}", entries, "orders"))

    def set_battle_speed(self, speed: str) -> None:
        """The battle speed option: saved in settings.json and used by a battle on screen now."""
        from nimitz.tui import settings
        from nimitz.tui.screens.battle import BattleScreen

        problem = settings.set_battle_speed(speed)
        for screen in self.screen_stack:
            if isinstance(screen, BattleScreen):
                screen.speed = speed
                screen.refresh_state()
        self.notify(problem or f"Battle speed: {settings.SPEED_WORDS[speed]} (remembered)", timeout=4)

    def action_auto(self) -> None:
        """The expert answers the current question and says what it chose and why."""
        request = self.controller.request
        if request is None:
            return

        from nimitz.tui.screens.base import RequestDialog
        from nimitz.tui.screens.campaign import CampaignScreen

        def done(outcome: Outcome) -> None:
            reason = self.controller.auto_reason if outcome.ok else ""
            said = False  # already said where the player is looking
            if reason and is_battle_kind(request.kind):  # (battle_view.auto_note: with the odds)
                from nimitz.tui.screens.battle import BattleScreen

                for screen in self.screen_stack:
                    if isinstance(screen, BattleScreen):
                        said = screen.note("The expert chose", reason) or said
            elif reason and request.kind == "movement" and isinstance(self.screen, CampaignScreen):
                self.screen.expert_note = (reason, self.controller.game.journal[-1])
                said = True  # on the decision line, in place of the keys hint
            asked_in = self.screen
            self.auto_note = "" if said else reason  # for a report or battle screen the answer opens
            self.apply(outcome)
            if self.auto_note:  # none took it
                self.auto_note = ""
                if self.screen is asked_in and isinstance(asked_in, RequestDialog):
                    said = asked_in.show_note("The expert chose", reason)  # the dialog stays open (the shop)
                if not said:
                    self.clear_notifications()  # one at a time: pressing a again never piles them up
                    self.notify(reason, title="The expert chose", timeout=6)

        self.off_thread("The expert is thinking", self.controller.auto, done)

    def action_advice(self) -> None:
        """The expert's advice for the current question, computed in a worker thread from a
        snapshot of the campaign (the look-ahead plays rollouts on copies)."""
        session = self.controller.session
        if session is None or session.game.pending is None:
            self.notify("There is no question to advise on.", timeout=4)
            return
        game = session.game
        snapshot = (game.data, list(game.journal), list(game.checkpoints))
        self.notify("The expert is thinking...", timeout=3)
        self.run_worker(lambda: self._advice(snapshot), thread=True, exclusive=True, group="advice", name="advice")

    def _advice(self, snapshot) -> None:  # runs in a worker thread
        from nimitz.model.journal import decisions_in
        from nimitz.persist.players import bot_replay
        from nimitz.policies import ADVISE_BUDGET
        from nimitz.policies.lookahead import advice_lines, advice_payload, advise
        from nimitz.views.words import player_text

        data, journal, checkpoints = snapshot
        cp = checkpoints[-1]
        try:
            game = bot_replay(data, cp, journal, checkpoints[:-1], decisions_in(journal, cp.journal_len))
            lines = [player_text(x) for x in advice_lines(advice_payload(game, advise(game, ADVISE_BUDGET)))]
        except NimitzError as exc:
            lines = [f"No advice: {exc}"]
        self.call_from_thread(self.notify, "\n".join(lines[1:]), title="Expert advice", timeout=30)

    def action_undo(self) -> None:
        from nimitz.tui.screens.confirm import ConfirmDialog

        session = self.controller.session
        if session is None or not hasattr(session, "undo"):
            self.notify("Undo is not available.", timeout=4)
            return

        def undo():
            try:
                return session.undo("decision")
            except NimitzError as exc:
                return exc

        def undone(result) -> None:
            if isinstance(result, NimitzError):
                self.show_message("Cannot undo", str(result))
                return
            self.notify(f"Undid {counted(result, 'decision')}; the dice come back with the state.", timeout=4)
            self._last_kind = self.controller.request.kind if self.controller.request else ""
            self.refresh_all()

        def done(yes: bool | None) -> None:
            if yes:
                self.off_thread("Undoing", undo, undone)

        self.push_screen(
            ConfirmDialog(
                "Undo the last decision?",
                "The campaign goes back to before your last decision (the dice are not rolled again).",
            ),
            callback=done,
        )

    def action_replay_saved(self) -> None:
        from nimitz.tui.screens.replay import ReplayLoadDialog

        self.push_screen(ReplayLoadDialog())

    def action_close_campaign(self) -> None:
        self.close_campaign()

    async def action_quit(self) -> None:
        self.controller.close()
        self.exit()

    # --- the command palette -----------------------------------------------------------------

    def palette_commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        """Every command that makes sense now: (title, help, callback)."""
        from nimitz.tui.screens.campaign import CampaignScreen
        from nimitz.tui.screens.load_campaign import LoadDialog
        from nimitz.tui.screens.new_campaign import NewCampaignDialog
        from nimitz.tui.screens.title import TitleScreen

        cmds: list[tuple[str, str, Callable[[], object]]] = [
            (
                "New campaign",
                "Start a new campaign (year, seed, rules preset)",
                lambda: self.push_screen(NewCampaignDialog()),
            ),
            ("Load campaign", "Open a saved campaign", lambda: self.push_screen(LoadDialog())),
            (
                "Replay a saved campaign",
                "Step through a save entry by entry; branch a 'what if'",
                self.action_replay_saved,
            ),
            ("Reference", "Charts, tables and the rulings the game follows", self.action_reference),
            ("Lab", "Play many seeded campaigns with a scripted player: how often is each outcome?", self.action_lab),
            ("Help", "Help for the current step", self.action_help),
            ("Glossary", "What every abbreviation and notation means", self.action_glossary),
            ("Quit", "Leave nimitz (everything is saved)", self.action_quit),
        ]
        from nimitz.tui import settings

        cmds += [  # the battle speed option (also `s` on the battle screen), remembered
            (
                f"Battle speed: {settings.SPEED_WORDS[speed]}",
                "How battles are shown; every beat still goes to the battle log",
                partial(self.set_battle_speed, speed),
            )
            for speed in settings.SPEEDS
        ]
        title = next((s for s in self.screen_stack if isinstance(s, TitleScreen)), None)
        last = title.last if title is not None else None  # read by the title screen's worker
        if last is not None:
            cmds.append(("Continue last campaign", f"Open {last.name}", lambda: self.open_campaign(last.path)))
        if self.controller.session is None:
            return cmds
        game = self.controller.game
        cmds += [
            ("Log", "The whole journal, with filters and explanations", self.action_log),
            ("Briefing", "The year's situation, objectives, what wins and loses", self.action_briefing),
            ("JA orders replay", "The latest Japanese orders, one by one", self.action_orders),
            ("Undo last decision", "Go back one decision without re-rolling", self.action_undo),
            (
                "Replay this campaign",
                "Step through its journal from the start; branch a 'what if'",
                lambda: self.open_replay(None, back="pop"),
            ),
            ("Close campaign", "Back to the title screen (saved)", self.close_campaign),
        ]
        request = self.controller.request
        if request is not None:
            cmds.append(("Auto-answer", f"Let the expert answer: {request.prompt}", self.action_auto))
            cmds.append(("Expert advice", "The expert's choice and its best alternatives (A)", self.action_advice))
            if request.kind != "movement":
                cmds.append(("Answer the current question", request.prompt, self.open_request))
            if request.kind == "movement":
                from nimitz.model.journal import Decision

                cmds.append(
                    (
                        "End movement",
                        "Finish US Movement; the JA orders follow",
                        lambda: self.decide(Decision("end_movement")),
                    )
                )
            if request.kind == "resupply":
                from nimitz.model.journal import Decision

                cmds.append(("End resupply", "Keep the remaining SP", lambda: self.decide(Decision("end_resupply"))))
        campaign = next((s for s in self.screen_stack if isinstance(s, CampaignScreen)), None)
        if campaign is not None:
            cmds.append(("Map", "The map on the whole screen", campaign.action_map))
            for a in game.data.map.areas:
                cmds.append(
                    (
                        f"Go to {a.code} {a.name}",
                        "Select the area on the map",
                        partial(campaign.goto, a.code),
                    )
                )
                if request is not None and request.kind == "movement":
                    cmds.append(
                        (
                            f"Move forces from {a.code} {a.name}",
                            "Open the move dialog",
                            partial(campaign.goto, a.code, act=True),
                        )
                    )
        return cmds
