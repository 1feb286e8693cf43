"""`nimitz lab`: many seeded autoplayed campaigns and the tables they add up to (docs/lab.md)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import click

from nimitz.cli.common import (
    YEARS,
    PolicyChoice,
    UserError,
    chosen_options,
    difficulty_id,
    difficulty_option,
    json_option,
    optional_rules_option,
)
from nimitz.views.words import counted


class _Progress:
    """done/total, campaigns per second and time left, on stderr; silent unless stdout is a terminal."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.start = time.monotonic()
        self.bar = (
            click.progressbar(
                length=total,
                label="campaigns",
                file=sys.stderr,
                show_pos=True,
                show_eta=True,
                item_show_func=lambda rate: rate,
            )
            if enabled
            else None
        )
        self.shown = 0

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            return
        rate = done / max(1e-9, time.monotonic() - self.start)
        self.bar.update(done - self.shown, f"{rate:.1f}/s")
        self.shown = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.render_finish()


def _check_destination(option: str, path: str) -> None:
    """Refuse an output file whose folder is missing or closed to us, before anything is played."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise UserError(f"{option} {path}: that is a folder; give a file name")
    if not folder.is_dir():
        raise UserError(f"{option} {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise UserError(f"{option} {path}: cannot write there (permission denied)")


@click.command()
@click.option("--year", type=click.Choice(YEARS + ("all",)), required=True, help="The campaign year, or all four.")
@click.option("--runs", type=click.IntRange(1, 1_000_000), default=100, show_default=True, help="Campaigns per year.")
@click.option("--policy", type=PolicyChoice(), default="sensible", show_default=True, help="The scripted US player.")
@difficulty_option
@click.option(
    "--rules-preset", type=click.Choice(["map", "rulebook"]), default=None, help="JA order-roll modifiers (ruling R1)."
)
@click.option(
    "--ja-ties",
    type=click.Choice(["bot", "player"]),
    default="bot",
    show_default=True,
    help="Who breaks ties among equal Japanese targets (ruling R24).",
)
@click.option("--linked", is_flag=True, help="Linked campaigns from YEAR to 1945.")
@optional_rules_option
@click.option(
    "--seed-start",
    type=click.IntRange(0, 2**63 - 1_000_001),
    default=1,
    show_default=True,
    help="The first seed; the campaigns use seeds SEED-START, SEED-START+1, ...",
)
@click.option(
    "--jobs",
    type=click.IntRange(1, 256),
    default=None,
    help="Worker processes (default: every core). Results do not depend on it.",
)
@click.option(
    "--csv",
    "csv_path",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Also write one row per campaign to this CSV file ('-': standard output, the summary then goes to stderr).",
)
@click.option(
    "--plot",
    "plot_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also draw the outcomes and objectives by turn to FILE.svg or FILE.png (needs matplotlib).",
)
@json_option
def lab(
    year: str,
    runs: int,
    policy: str,
    difficulty: str | None,
    rules_preset: str | None,
    ja_ties: str,
    linked: bool,
    options: tuple[str, ...],
    seed_start: int,
    jobs: int | None,
    csv_path: str | None,
    plot_path: str | None,
    as_json: bool,
) -> None:
    """Play RUNS seeded campaigns per year with a scripted US player and print how they went:
    outcomes with 95% intervals, Hawaii lost, objectives held by turn, JA orders, losses and
    battles. Every row rebuilds with `nimitz autoplay` (the same seed and options).

    Ctrl-C stops the run and reports the campaigns that finished."""
    import json

    from nimitz.cli.common import game_data
    from nimitz.errors import NimitzError
    from nimitz.lab.plots import check_plot_file, save_plot, text_plot
    from nimitz.lab.runner import process_pool, run_lab, year_specs
    from nimitz.lab.stats import records_csv, summaries_json, summarise, summary_text

    csv_to_stdout = csv_path == "-"
    if csv_to_stdout and as_json:
        raise UserError("--csv - and --json both want standard output: give --csv a file name")
    # Everything that could refuse the output files is asked now, not after the campaigns.
    if csv_path and not csv_to_stdout:
        _check_destination("--csv", csv_path)
    if plot_path:
        try:
            check_plot_file(Path(plot_path))
        except NimitzError as exc:
            raise UserError(str(exc)) from None
        _check_destination("--plot", plot_path)
    years = [int(y) for y in YEARS] if year == "all" else [int(year)]
    specs = year_specs(
        years,
        runs,
        seed_start,
        policy=policy,
        rules_preset=rules_preset or "",
        ja_ties=ja_ties,
        linked=linked,
        options=tuple(chosen_options(options)),
        difficulty=difficulty_id(difficulty),
    )
    jobs = jobs or os.cpu_count() or 1
    progress = _Progress(len(specs), enabled=sys.stdout.isatty() and not as_json)
    try:
        if jobs == 1:
            run = run_lab(specs, None, progress)
        else:
            with process_pool(min(jobs, len(specs))) as executor:
                run = run_lab(specs, executor, progress)
    finally:
        progress.close()
    data = game_data()
    summaries = summarise(run.records, data)
    # A file that cannot be written now (a full disk) is said after the tables, which are
    # printed all the same: the campaigns played are never thrown away.
    not_written: list[str] = []
    if csv_to_stdout:
        click.echo(records_csv(run.records), nl=False)
    elif csv_path:
        try:
            Path(csv_path).write_text(records_csv(run.records), encoding="utf-8")
        except OSError as exc:
            not_written.append(f"cannot write {csv_path}: {exc.strerror}")
    if plot_path and summaries:
        try:
            save_plot(summaries, Path(plot_path))
        except NimitzError as exc:
            not_written.append(str(exc))
    stopped = (
        (
            f"Stopped (Ctrl-C) after {len(run.records)} of {counted(len(specs), 'campaign')}; "
            "the tables cover those that finished."
        )
        if run.stopped
        else ""
    )
    if as_json:
        summary = summaries_json(summaries, run.stopped, len(specs))
        if not_written:
            summary["not_written"] = not_written
        click.echo(json.dumps(summary, indent=1))
    else:
        if stopped:
            click.echo(stopped, err=csv_to_stdout)
        for s in summaries:
            click.echo(summary_text(s), err=csv_to_stdout)
            if sys.stdout.isatty() and not csv_to_stdout:
                click.echo("\n" + text_plot(s))
            click.echo("", err=csv_to_stdout)
        rebuild = specs[0].autoplay_command().replace(f"--seed {specs[0].seed}", "--seed SEED")
        click.echo(f"Rebuild any campaign: {rebuild} --save NAME", err=csv_to_stdout)
    for problem in not_written:
        click.echo(f"nimitz: {problem}", err=True)
    if not_written:
        sys.exit(2)
    if run.stopped:
        if stopped and as_json:
            click.echo(stopped, err=True)
        sys.exit(130)
