"""The Lab: a small `nimitz lab` run in a worker thread, its tables and bars shown when done."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Label, Select, Static
from textual.worker import get_current_worker

from nimitz.tui.screens.base import NimitzScreen
from nimitz.tui.widgets.footer import KeysFooter
from nimitz.views.words import counted

YEARS = ("1942", "1943", "1944", "1945")
RUNS = 20  # a small lab: a few seconds a year on one core


class LabScreen(NimitzScreen):
    help_topic = "lab"
    BINDINGS = [
        Binding("ctrl+r", "run", "Run", priority=True),
        Binding("ctrl+s", "stop", "Stop", priority=True),
        Binding("escape", "close", "Close"),
    ]

    def compose(self) -> ComposeResult:
        from nimitz.model.difficulty import load_difficulties
        from nimitz.policies import policy_names

        presets = load_difficulties()
        with Horizontal(id="lab-controls", classes="lab-row"):
            yield Label("Year")
            yield Select([(y, y) for y in YEARS + ("all",)], value="1942", allow_blank=False, id="lab-year")
            yield Label("Runs")
            yield Input(str(RUNS), type="integer", id="lab-runs", max_length=4)
            yield Label("Policy")
            yield Select([(p, p) for p in policy_names()], value="sensible", allow_blank=False, id="lab-policy")
        with Horizontal(id="lab-controls-rules", classes="lab-row"):
            yield Label("Difficulty")
            yield Select(
                [(p.name, p.id) for p in presets.preset],
                value=presets.default,
                allow_blank=False,
                id="lab-difficulty",
            )
        yield Static(
            Text("Ctrl+R plays them (seeds 1, 2, ...); Ctrl+S stops. Bigger runs: `nimitz lab`.", style="dim"),
            id="lab-status",
        )
        with VerticalScroll(id="lab-results"):
            yield Static(id="lab-tables")
        yield KeysFooter()

    def action_close(self) -> None:
        self.workers.cancel_group(self, "lab")
        self.app.pop_screen()

    def action_stop(self) -> None:
        self.workers.cancel_group(self, "lab")

    def action_run(self) -> None:
        raw = self.query_one("#lab-runs", Input).value
        runs = int(raw) if raw.isdigit() else 0
        if not 1 <= runs <= 1000:
            self.notify("Runs: give a number from 1 to 1000.", severity="warning", timeout=4)
            return
        year = str(self.query_one("#lab-year", Select).value)
        policy = str(self.query_one("#lab-policy", Select).value)
        difficulty = str(self.query_one("#lab-difficulty", Select).value)
        years = [int(y) for y in YEARS] if year == "all" else [int(year)]
        self._status(f"Playing {counted(runs * len(years), 'campaign')}...")
        self.run_lab(years, runs, policy, difficulty)

    def _status(self, text: str) -> None:
        self.query_one("#lab-status", Static).update(text)

    @work(thread=True, exclusive=True, group="lab")
    def run_lab(self, years: list[int], runs: int, policy: str, difficulty: str) -> None:
        from nimitz.lab.plots import text_plot
        from nimitz.lab.runner import run_lab, year_specs
        from nimitz.lab.stats import summarise, summary_text

        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise KeyboardInterrupt  # run_lab stops and keeps what finished
            self.app.call_from_thread(self._status, f"{done} of {total} campaigns played...")

        specs = year_specs(years, runs, policy=policy, difficulty=difficulty)
        run = run_lab(specs, None, progress)
        summaries = summarise(run.records, self.napp.controller.data)
        text = "\n\n".join(summary_text(s) + "\n\n" + text_plot(s) for s in summaries)
        status = (
            f"Stopped after {len(run.records)} of {counted(len(specs), 'campaign')}."
            if run.stopped
            else f"{counted(len(run.records), 'campaign')} played."
        )
        if not worker.is_cancelled or run.records:
            self.app.call_from_thread(self._show, status, text)

    def _show(self, status: str, text: str) -> None:
        if not self.is_attached:
            return
        self._status(status)
        self.query_one("#lab-tables", Static).update(Text(text))
