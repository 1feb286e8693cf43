"""The battle screen: the board, the plans in play, the combat steps with their dice and hits,
and the question of the moment (Enter opens its dialog, a answers automatically)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from nimitz.tui.battle_view import battle_entries, battle_view, combat_line
from nimitz.tui.screens.base import NimitzScreen
from nimitz.tui.widgets.battle_board import BattleBoard
from nimitz.tui.widgets.decision_bar import decision_text

SIDE_STYLE = {"US": "#6cb6ff", "JA": "#ff7b72"}


class BattleScreen(NimitzScreen):
    help_topic = "battles"
    BINDINGS = [
        Binding("enter", "answer", "Answer"),
        Binding("a", "app.auto", "Auto"),
        Binding("v", "values", "Values"),
        Binding("L", "app.log", "Log"),
        Binding("R", "app.reference", "Ref"),
        Binding("q", "app.close_campaign", "Title", show=False),
        Binding("pageup,k", "scroll(-1)", "Board up", show=False),
        Binding("pagedown,j", "scroll(1)", "Board down", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.area = ""

    def compose(self) -> ComposeResult:
        yield Static(id="battle-title", classes="screen-title")
        yield Static(id="battle-plans")
        with VerticalScroll(id="battle-scroll"):
            yield BattleBoard(id="board")
        yield Static(id="battle-log")
        yield Static(id="battle-decision")
        yield Footer()

    def on_mount(self) -> None:
        battle = self.napp.controller.game.state.battle
        self.area = battle.area if battle is not None else ""
        self.refresh_state()
        self.query_one("#battle-scroll").focus()

    def refresh_state(self) -> None:
        ctl = self.napp.controller
        if ctl.session is None:
            return
        game = ctl.game
        view = battle_view(game)
        if view is None:
            return
        title = Text(f"Battle in {view.area}", style="bold")
        if view.turn:
            title.append(f" · battle turn {view.turn} of {view.length} · {view.step}")
        else:
            title.append(" · set-up" + (f" ({view.length} battle turns)" if view.length else "")
                         + f" · {view.step}")
        title.append(f" · SP {game.state.sp}")
        self.query_one("#battle-title", Static).update(title)
        plans = Text()
        plans.append("JA plans now: ", style=SIDE_STYLE["JA"])
        plans.append(", ".join(view.ja_plans_now) or "none")
        plans.append(f" ({view.ja_plans_per_turn}/turn)", style="dim")
        plans.append(" · US plans: ", style=SIDE_STYLE["US"])
        plans.append(", ".join(f"{n} ({s})" for n, s in view.us_plans) or "none")
        if view.us_bpp:
            plans.append(f" · {view.us_bpp} BPP from {view.us_sp_spent} SP", style="dim")
        plans.append("\nUS/JA pieces: ", style="dim")
        plans.append(" · ".join(f"{a} {len(view.sea[a]['US']) + (sum(len(v) for k, v in view.island.items() if k.startswith('US')) if a == 'IS' else 0)}"
                                f"/{len(view.sea[a]['JA']) + (sum(len(v) for k, v in view.island.items() if k.startswith('JA')) if a == 'IS' else 0)}"
                                for a in ("JO", "IS", "CO", "UO")))
        if view.destroyed:
            plans.append(f" · destroyed {len(view.destroyed)}", style="dim")
        self.query_one("#battle-plans", Static).update(plans)
        self.query_one(BattleBoard).show(view)
        entries = [e for e in battle_entries(game.journal, view.area) if e.kind != "roll"]
        log = Text(no_wrap=True, overflow="ellipsis")
        for i, e in enumerate(entries[-4:]):
            if i:
                log.append("\n")
            log.append(f"{e.side or '--':>2} ", style=SIDE_STYLE.get(e.side, "dim"))
            log.append(combat_line(e))
        self.query_one("#battle-log", Static).update(log)
        request = ctl.request
        self.query_one("#battle-decision", Static).update(
            decision_text(request.kind if request else "", request.prompt if request else ""))

    def show_entries(self, entries) -> None:  # noqa: ANN001
        self.refresh_state()

    def action_answer(self) -> None:
        self.napp.open_request()

    def action_values(self) -> None:
        board = self.query_one(BattleBoard)
        board.forced = not board.values_shown()
        board.show(battle_view(self.napp.controller.game))

    def action_scroll(self, direction: int) -> None:
        scroll = self.query_one("#battle-scroll", VerticalScroll)
        if direction < 0:
            scroll.scroll_page_up()
        else:
            scroll.scroll_page_down()
