"""`nimitz lab` (issue 12): the same results whatever runs them, any row rebuilt by autoplay,
a stopped run keeps what finished, and the statistics are right."""

from __future__ import annotations

import csv
import gc
import io
import json
import weakref

import pytest

from nimitz.cli import cli
from nimitz.lab.runner import CampaignSpec, collector_paused, play_one, process_pool, run_lab, year_specs
from nimitz.lab.stats import records_csv, summarise, summary_text, wilson

SPECS = year_specs([1942, 1945], 2, seed_start=5)


@pytest.fixture(scope="module")
def inline_run():
    return run_lab(SPECS)


def test_results_do_not_depend_on_the_executor(inline_run):
    """The local process pool gives the very records the in-process run gives, in spec order."""
    with process_pool(2) as executor:
        pooled = run_lab(SPECS, executor)
    assert not pooled.stopped and not inline_run.stopped
    assert pooled.records == inline_run.records
    assert [r.spec for r in pooled.records] == SPECS


def test_cli_json_is_the_same_for_any_jobs(runner):
    args = ["lab", "--year", "1944", "--runs", "2", "--seed-start", "3", "--json"]
    one = runner.invoke(cli, args + ["--jobs", "1"])
    two = runner.invoke(cli, args + ["--jobs", "2"])
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    assert json.loads(one.output) == json.loads(two.output)
    summary = json.loads(one.output)["summaries"][0]
    assert summary["campaigns"] == 2 and summary["policy"] == "sensible"
    assert sum(o["count"] for o in summary["outcomes"]) == 2


def test_a_csv_row_rebuilds_its_campaign_with_autoplay(runner, tmp_path):
    """Seed + options + policy of any row: `nimitz autoplay ... --save` plays that very campaign."""
    path = tmp_path / "runs.csv"
    result = runner.invoke(
        cli,
        [
            "lab",
            "--year",
            "1943",
            "--runs",
            "2",
            "--seed-start",
            "11",
            "--rules-preset",
            "rulebook",
            "--jobs",
            "1",
            "--csv",
            str(path),
        ],
    )
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    assert [r["seed"] for r in rows] == ["11", "12"]
    row = rows[1]
    spec = CampaignSpec(
        year=int(row["year"]),
        seed=int(row["seed"]),
        policy=row["policy"],
        rules_preset=row["rules_preset"],
        ja_ties=row["ja_ties"],
    )
    args = spec.autoplay_command().split()[1:] + ["--save", "again", "--json"]
    again = runner.invoke(cli, args)
    assert again.exit_code == 0, again.output
    played = json.loads(again.output)
    assert played["state_hash"] == row["state_hash"]
    assert played["result"] == row["result"]
    assert " ".join(map(str, played["objectives_held"])) == row["objectives_by_turn"]
    assert played["saved_to"]


def test_a_stopped_inline_run_keeps_the_campaigns_that_finished(inline_run):
    def stop_after_three(done, total):
        if done == 3:
            raise KeyboardInterrupt

    run = run_lab(SPECS, None, stop_after_three)
    assert run.stopped
    assert run.records == inline_run.records[:3]


def test_a_stopped_pool_run_keeps_the_campaigns_that_finished():
    """Ctrl-C at the first result: campaigns not started are cancelled, running ones finish."""
    specs = year_specs([1942], 16)

    def stop_at_first(done, total):
        raise KeyboardInterrupt

    with process_pool(2) as executor:
        run = run_lab(specs, executor, stop_at_first)
    assert run.stopped
    assert 1 <= len(run.records) < len(specs)
    kept = [r.spec for r in run.records]
    assert kept == [s for s in specs if s in kept]
    assert run.records[0] == play_one(run.records[0].spec)


def test_the_cli_reports_a_stopped_run(runner, monkeypatch):
    import nimitz.lab.runner as runner_module

    real = runner_module.play_one
    played = []

    def play_then_stop(spec):
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(spec)
        return real(spec)

    monkeypatch.setattr(runner_module, "play_one", play_then_stop)
    result = runner.invoke(cli, ["lab", "--year", "1942", "--runs", "5", "--jobs", "1"])
    assert result.exit_code == 130
    assert "Stopped (Ctrl-C) after 2 of 5 campaigns" in result.output
    assert "1942 campaign: 2 campaigns (seeds 1..2)" in result.output


def test_wilson_interval_known_values():
    """Wilson 95% score interval: 5 of 10 -> 23.7%..76.3%; 0 of 10 -> 0..27.8%."""
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775


def test_tables_name_policy_rules_and_add_up(inline_run, data):
    summaries = summarise(inline_run.records, data)
    assert [s.year for s in summaries] == [1942, 1945]
    for s in summaries:
        assert sum(o.count for o in s.outcomes) == s.campaigns == 2
        text = summary_text(s)
        assert "policy sensible, map modifiers, bot breaks ties" in text
        assert "95% interval" in text and "Hawaii lost" in text
    lines = records_csv(inline_run.records).splitlines()
    assert len(lines) == 1 + len(SPECS)


def test_bad_plot_file_is_one_line_exit_2(runner):
    result = runner.invoke(cli, ["lab", "--year", "1942", "--runs", "1", "--plot", "out.gif"])
    assert result.exit_code == 2
    assert "must be a .svg or .png" in result.output
    assert "Traceback" not in result.output


def test_unknown_policy_is_refused(runner):
    result = runner.invoke(cli, ["lab", "--year", "1942", "--policy", "nobody"])
    assert result.exit_code == 2
    assert "nobody" in result.output


def test_plot_file_is_an_svg_picture(runner, tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "lab.svg"
    result = runner.invoke(cli, ["lab", "--year", "1945", "--runs", "2", "--jobs", "1", "--plot", str(path)])
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert text.lstrip().startswith("<?xml") and "<svg" in text


def test_the_lab_runs_headless():
    """Workers on other machines (Dask, Ray) import nimitz.lab without textual, rich or click."""
    from test_layers import _probe

    result = _probe(packages=["nimitz.lab"])
    assert "nimitz.lab.runner" in result["imported"] and "nimitz.lab.stats" in result["imported"]
    assert result["ui"] == []


def test_historical_or_better_and_the_score_at_the_end(inline_run, data):
    """The lines that measure an option's effect (docs/optional-rules.md): the share of the
    Historical level or better, and the mean score at the end with its 95% interval."""
    import attrs

    for s in summarise(inline_run.records, data):
        ladder = [lv.name for lv in data.years[s.year].evaluation]
        good = ladder[: ladder.index("Historical") + 1]
        mine = [r for r in inline_run.records if r.spec.year == s.year]
        assert s.historical_or_better.count == sum(r.result in good for r in mine)
        assert s.final.mean == sum(r.score for r in mine) / len(mine)
        text = summary_text(s)
        assert "Historical or better" in text and "score at the end: mean" in text
    spread = attrs.evolve(summarise(inline_run.records, data)[0].final, n=4, mean=5.0, sd=2.0)
    assert spread.interval == pytest.approx((5.0 - 1.959964, 5.0 + 1.959964))


def test_a_lab_campaign_leaves_the_collector_as_it_was_and_no_garbage_behind():
    """Lab campaigns play with the cycle collector paused (speed); after each, it is on again
    and the cyclic garbage made meanwhile (a played game is a web of cycles) is gone."""

    class Node:
        pass

    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        cycle = Node()
        cycle.me = cycle  # type: ignore[attr-defined]
        gone = weakref.ref(cycle)
        del cycle
        assert gone() is not None  # only the sweep can free a cycle
    assert gc.isenabled() and gone() is None


@pytest.mark.parametrize("year", [1942, 1943, 1944, 1945])
def test_a_lab_campaign_streams_its_journal_and_comes_to_the_same_record(year):
    """A lab game keeps no journal and makes only the entries its tally reads (speed): every
    roll, decision and result is the same, so its records (state hash included) are those of
    the same campaign played with the full journal, as `nimitz autoplay` plays it."""
    from nimitz.lab.runner import _played

    for seed in (1, 2):
        spec = CampaignSpec(year, seed)
        assert play_one(spec) == _played(spec, keep_journal=True)


@pytest.mark.parametrize(
    "spec",
    [
        CampaignSpec(1942, 3, linked=True),
        CampaignSpec(1944, 3, "expert"),
        CampaignSpec(1943, 3, options=("fog-of-war", "weather", "events", "variable-end")),
    ],
    ids=["linked", "expert", "options"],
)
def test_a_streamed_lab_campaign_of_any_kind_comes_to_the_same_record(spec):
    """Linked years (the last year's result is the end), the expert and the optional rules:
    the lab's streamed game still comes to the record of the full-journal game."""
    from nimitz.lab.runner import _played

    assert play_one(spec) == _played(spec, keep_journal=True)


def test_a_streamed_game_hands_its_listeners_the_entries_of_the_full_journal():
    """A streamed game (`Game.stream_entries`) keeps nothing and hands its listeners exactly the
    entries of those kinds and steps the full journal has, numbered as there; the rolls are all
    kept, some without the purpose that only their skipped entries read."""
    import attrs

    from nimitz.lab.runner import lab_game
    from nimitz.policies import get_policy

    spec = CampaignSpec(1943, 4)
    games = {}
    seen: dict[bool, list] = {True: [], False: []}
    for keep in (True, False):
        games[keep] = game = lab_game(spec, keep_journal=keep)
        game.listeners.append(seen[keep].append)
        while game.pending is not None:
            game.answer(get_policy("sensible")(game.pending, game))
    full, streamed = games[True], games[False]
    assert streamed.journal == [] and len(full.journal) > 1000
    wanted = {("bot", "orders"), ("event", "battle:end"), ("event", "end")}
    made = [attrs.astuple(e) for e in seen[True] if (e.kind, e.step) in wanted]
    # A JA order's entry in a streamed game has no text and, of its explanation, only what was
    # ordered and moved (the tally reads the order alone: the orders bot explains nothing there).
    told = ("area", "order", "moved", "held", "destination")
    made = [
        e[:5] + ("", {k: e[6][k] for k in told}) + e[7:] if (e[4], e[2]) == ("bot", "orders") and "order" in e[6] else e
        for e in made
    ]
    assert [attrs.astuple(e) for e in seen[False]] == made
    assert {(e.kind, e.step) for e in seen[False]} == wanted
    assert streamed.entries_written == len(full.journal)
    faces = [(r.stream, r.sides, r.face) for r in full.dice.rolls]
    assert [(r.stream, r.sides, r.face) for r in streamed.dice.rolls] == faces
    pairs = zip(streamed.dice.rolls, full.dice.rolls, strict=True)
    assert all(s.purpose in ("", f.purpose) for s, f in pairs)


def _no_campaign_may_run(monkeypatch):
    import nimitz.lab.runner as runner_module

    def refuse(*args, **kwargs):
        raise AssertionError("the lab ran campaigns before refusing its output file")

    monkeypatch.setattr(runner_module, "run_lab", refuse)


def test_a_plot_without_matplotlib_is_refused_before_any_campaign(runner, tmp_path, monkeypatch):
    """Without matplotlib, `--plot` says so at once, not after the whole run (nothing lost)."""
    import nimitz.lab.plots as plots

    monkeypatch.setattr(plots.importlib.util, "find_spec", lambda name: None)
    _no_campaign_may_run(monkeypatch)
    result = runner.invoke(cli, ["lab", "--year", "1942", "--runs", "50", "--plot", str(tmp_path / "lab.svg")])
    assert result.exit_code == 2
    assert "--plot needs matplotlib: pip install 'nimitz[plot]'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("option", ["--csv", "--plot"])
def test_an_output_file_in_a_missing_folder_is_refused_before_any_campaign(runner, tmp_path, monkeypatch, option):
    import nimitz.lab.plots as plots

    monkeypatch.setattr(plots.importlib.util, "find_spec", lambda name: object())  # as if installed
    _no_campaign_may_run(monkeypatch)
    target = tmp_path / "no-such-folder" / ("runs.csv" if option == "--csv" else "lab.svg")
    result = runner.invoke(cli, ["lab", "--year", "1942", "--runs", "50", option, str(target)])
    assert result.exit_code == 2
    assert f"the folder {target.parent} does not exist" in result.output


def test_a_csv_that_cannot_be_written_after_the_run_keeps_the_tables(runner, tmp_path, monkeypatch):
    """A disk that fills during the run: the tables are still printed, then the error, exit 2."""
    import errno
    from pathlib import Path

    real_write = Path.write_text

    def full_disk(self, *args, **kwargs):
        if self.suffix == ".csv":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full_disk)
    path = tmp_path / "runs.csv"
    result = runner.invoke(cli, ["lab", "--year", "1945", "--runs", "2", "--jobs", "1", "--csv", str(path)])
    assert result.exit_code == 2
    assert "1945 campaign: 2 campaigns" in result.stdout
    assert f"cannot write {path}: No space left on device" in result.stderr
    as_json = runner.invoke(cli, ["lab", "--year", "1945", "--runs", "2", "--jobs", "1", "--csv", str(path), "--json"])
    assert as_json.exit_code == 2
    summary = json.loads(as_json.stdout)
    assert summary["finished"] == 2 and summary["not_written"] == [f"cannot write {path}: No space left on device"]


def test_the_pictures_draw_the_whole_ladder_even_levels_no_campaign_reached(inline_run, data):
    """Every level a year can end on gets its bar (0 of n still has an interval above 0), so the
    years and the options line up bar for bar; the tables keep listing the levels reached."""
    from nimitz.lab.plots import text_plot

    for s in summarise(inline_run.records, data):
        ladder = [lv.name for lv in data.years[s.year].evaluation] + ["Defeat: Hawaii lost"]
        ladder += ["Replaced"] if "Replaced" not in ladder else []
        every = s.every_outcome()
        assert {o.label for o in every} == set(ladder) and [o.label for o in every] == list(s.ladder)
        assert sum(o.count for o in every) == s.campaigns
        unreached = [o for o in every if o.count == 0]
        assert unreached, "two campaigns cannot reach every level"
        assert all(0 < o.high < 1 and o.low == 0 for o in unreached)
        assert [o.label for o in s.outcomes] == [o.label for o in every if o.count]
        plot = text_plot(s)
        assert all(f"  {label} " in plot for label in ladder)
