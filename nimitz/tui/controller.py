"""The one place the TUI changes a campaign: it owns the Session and applies decisions to it.

Screens and widgets never touch the game. They post a message naming a Decision; the app hands
it to `Controller.answer`, which checks it, applies it through `Session.answer` (which saves the
campaign after every decision) and returns an `Outcome`: the next request, the journal entries
the decision produced, or the message that refused it. The app then pushes the new state down.

No Textual import here: the controller is plain Python and tested without a terminal.
"""

from __future__ import annotations

import secrets
import traceback
from collections.abc import Callable
from pathlib import Path

from attrs import define, field

from nimitz.engine.fog import journal_seen
from nimitz.engine.game import Game
from nimitz.engine.requests import Request
from nimitz.errors import IllegalDecision, NimitzError, SaveError
from nimitz.model.data import GameData
from nimitz.model.journal import Decision, JournalEntry
from nimitz.model.load import load_game_data
from nimitz.model.optional_rules import OPTION_TITLES
from nimitz.persist.bounds import disk_error_message
from nimitz.persist.campaign_file import Session
from nimitz.persist.saves import SaveNotWritten
from nimitz.persist.store import SUFFIX, SaveStore, check_name
from nimitz.views.words import step_words

CAMPAIGN_KINDS = ("resupply", "scouting", "movement", "bombing_target", "battle_order")


def is_battle_kind(kind: str) -> bool:
    """A request the battle screen asks (the others are the campaign screens')."""
    return bool(kind) and kind not in CAMPAIGN_KINDS


@define
class Outcome:
    """What one decision did."""

    request: Request | None = None  # what the engine asks now (None: the campaign is over)
    entries: list[JournalEntry] = field(factory=list)  # journal entries the decision added
    error: str = ""  # why nothing changed ("" when the decision was applied)
    rule: str = ""  # the rule cited by a refused decision
    reopened: bool = False  # the campaign was reopened from its save (the move was not kept)
    title: str = ""  # what happened, as the message box's title

    @property
    def ok(self) -> bool:
        return not self.error


@define
class SaveInfo:
    """One save in the saves folder, as the load list shows it."""

    path: Path
    name: str
    summary: str = ""  # "1942, turn 2, US Movement"
    error: str = ""  # why it cannot be read ("" when it can)


class Controller:
    """Opens, creates and plays campaigns for the TUI."""

    def __init__(self, saves_folder: Path, data: GameData | None = None):
        self.store = SaveStore(Path(saves_folder))
        self.store.remove_stale_temp_files()
        self._data = data
        self.session: Session | None = None
        # called with (game, entry) for each journal entry a decision writes (the battle screen
        # keeps the board as it was at each entry)
        self.watchers: list[Callable[[Game, JournalEntry], None]] = []
        self.auto_reason = ""  # why the expert chose the last automatic answer

    @property
    def journal_seen(self) -> list[JournalEntry]:
        """The journal as the US player may read it now (fog of war hides some, R86)."""
        game = self.game
        return journal_seen(game.journal, game.state)

    # --- data and saves --------------------------------------------------------------------

    @property
    def data(self) -> GameData:
        if self._data is None:
            self._data = load_game_data()
        return self._data

    def saves(self, limit: int | None = None) -> list[SaveInfo]:
        """Every save in the folder (or the `limit` newest), newest first, with a one-line
        summary or its problem (from each save's header: no journal is read). Disk work: the
        screens call it from a worker."""
        out = []
        try:
            headers = self.store.headers(limit)
        except SaveError as exc:  # the folder itself is unusable: say so where saves are listed
            return [SaveInfo(self.store.folder, "(the saves folder)", error=str(exc))]
        for path, header in headers:
            name = path.name.removesuffix(SUFFIX)
            if isinstance(header, NimitzError):
                out.append(SaveInfo(path, name, error=str(header)))
                continue
            s = header.summary
            sheet = self.data.years.get(s.year)
            turns = f" of {sheet.turns}" if sheet is not None else ""
            where = f"over: {s.result}" if s.result else f"turn {s.turn}{turns}, {step_words(s.step)}"
            options = ", ".join(OPTION_TITLES.get(o, o).lower() for o in header.rules.options)
            where += f" (optional rules: {options})" if options else ""
            out.append(SaveInfo(path, name, summary=f"{s.year}, {where}"))
        return out

    def default_name(self, year: int) -> str:
        return self.store.free_name(f"campaign-{year}")

    # --- opening and creating --------------------------------------------------------------

    def load(self, path: Path) -> Session:
        """Read and resume a save without making it the open campaign (raises SaveError with
        the message to show). Disk and replay: the app calls it from a worker."""
        try:
            session = Session.open(Path(path), self.data)
        except NimitzError:
            raise
        except OSError as exc:
            raise SaveError(disk_error_message(exc, f"{path}: cannot be read")) from None
        except Exception as exc:  # a save must never crash the program
            raise SaveError(f"{path}: cannot be opened ({type(exc).__name__}: {exc})") from None
        session.sync = "decision"  # a player's decision is worth an fsync (in the worker)
        return session

    def open(self, path: Path) -> Session:
        """Load a save and make it the open campaign."""
        session = self.load(path)
        self.close()
        self.session = session
        return session

    def create(
        self,
        year: int,
        seed: int | None,
        preset: str | None,
        name: str = "",
        linked: bool = False,
        ja_ties: str = "bot",
        options: list[str] | None = None,
        difficulty: str | None = None,
    ) -> Session:
        """A new campaign, saved at once under a free name (raises SaveError on a bad name).
        `difficulty`: a preset of campaigns/difficulty.toml (default Rulebook); `preset`, when
        given, the R1 order-modifier table instead of the difficulty's."""
        from nimitz.model.difficulty import load_difficulties

        name = check_name(name) if name else self.default_name(year)
        path = self.store.path_for(name)
        if path.exists():
            raise SaveError(f"a campaign named {name!r} already exists; choose another name")
        seed = secrets.randbelow(2**31) if seed is None else seed
        rules = load_difficulties().profile(
            difficulty, order_modifiers=preset, ja_ties=ja_ties, options=list(options or [])
        )
        session = Session.create(path, self.data, year, seed, rules, name, linked=linked)
        session.sync = "decision"
        session.save()
        self.close()
        self.session = session
        return session

    def close(self) -> None:
        """Save and forget the campaign (quitting never loses anything: it is saved already)."""
        if self.session is not None:
            try:
                self.session.save()
                self.session.flush()
            except OSError:
                pass
        self.session = None

    # --- playing ---------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        assert self.session is not None, "no campaign is open"
        return self.session.game

    @property
    def request(self) -> Request | None:
        return self.session.game.pending if self.session else None

    def check(self, decision: Decision) -> str:
        """'' if the decision is legal now, else the message that refuses it (nothing changes)."""
        request = self.request
        if request is None:
            return "the campaign is over: there is nothing to decide"
        try:
            request.check(decision)
        except IllegalDecision as exc:
            return str(exc)
        return ""

    def answer(self, decision: Decision) -> Outcome:
        """Apply a US decision; the campaign is saved after it."""
        session = self.session
        if session is None:
            return Outcome(error="no campaign is open")
        game = session.game
        before = len(game.journal)
        listeners = [lambda entry, w=w: w(game, entry) for w in self.watchers]
        game.listeners.extend(listeners)
        try:
            request = session.answer(decision)
        except IllegalDecision as exc:
            if len(game.journal) == before:  # refused before anything changed
                return Outcome(request=game.pending, error=str(exc), rule=exc.rule)
            return self._reopen(f"{exc}")
        except SaveNotWritten as exc:
            return self._reopen(
                f"Your move ({decision.describe()}) was made but could not be "
                f"saved: {exc.reason} ({exc.path}). It was taken back so that "
                f"the game and its save agree; make it again once the problem "
                f"is fixed",
                title="The campaign could not be saved",
            )
        except NimitzError as exc:
            return self._reopen(f"{exc}")
        except Exception as exc:  # an engine failure must not end the program
            detail = traceback.format_exception_only(type(exc), exc)[-1].strip()
            return self._reopen(f"the engine failed on {decision.describe()!r}: {detail}")
        finally:
            for listener in listeners:
                if listener in game.listeners:
                    game.listeners.remove(listener)
        return Outcome(request=request, entries=journal_seen(list(game.journal[before:]), game.state))

    def auto_decision(self) -> Decision:
        """What the expert player answers now (its heuristics: instant), with its reason kept in
        `auto_reason` (for the 'auto' choice)."""
        from nimitz.policies.lookahead import ExpertPolicy

        request = self.request
        if request is None:
            raise NimitzError("the campaign is over: there is nothing to decide")
        expert = ExpertPolicy(budget=0)
        try:
            decision = expert(request, self.game)
            self.auto_reason = expert.last_reason
            if is_battle_kind(request.kind):  # what it chose and why, on the board it chose on
                from nimitz.tui.battle_view import auto_note

                self.auto_reason = auto_note(self.game, request, decision, expert.last_reason)
            return decision
        except NimitzError:
            raise
        except Exception as exc:
            if request.options:
                self.auto_reason = "the first legal choice"
                return request.options[0].decision
            raise NimitzError(f"no automatic answer for {request.kind!r}: {exc}") from None

    def auto(self) -> Outcome:
        try:
            decision = self.auto_decision()
        except NimitzError as exc:
            return Outcome(request=self.request, error=str(exc))
        return self.answer(decision)

    def _reopen(self, message: str, title: str = "The engine stopped") -> Outcome:
        """The game object may be half-changed: reopen the campaign from its last save."""
        session = self.session
        assert session is not None
        try:
            self.session = self.load(session.path)
        except Exception as exc:  # keep the message, never a traceback
            self.session = session
            return Outcome(
                request=None, error=f"{message}; reopening the save failed too: {exc}", reopened=True, title=title
            )
        return Outcome(
            request=self.session.game.pending,
            error=f"{message}. Nothing was lost: the campaign is back at its last save.",
            reopened=True,
            title=title,
        )
