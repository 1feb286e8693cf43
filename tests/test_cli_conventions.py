"""The command line's conventions (docs/cli.md): exit statuses 0 ok / 1 a check that fails /
2 bad usage or input; `--json` on every command a script reads, errors as JSON too; `-o -` is
stdout; `--policy` is a closed choice; shell completion for bash, zsh and fish completes the
saved campaigns' names; the TUI refuses to start without a terminal instead of hanging."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nimitz.cli import cli
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import Session
from nimitz.persist.saves import CONVERTER, read_save, state_hash, write_save
from nimitz.policies import get_policy, policy_names


def _run(runner, saves_dir: Path, *args: str, env: dict | None = None):
    return runner.invoke(cli, ["--saves", str(saves_dir), *args], env=env, prog_name="nimitz")


def _json(result) -> dict:
    return json.loads(result.stdout)


@pytest.fixture
def played(saves_dir, data) -> Path:
    """A 1942 campaign 12 decisions in, saved as `played`."""
    session = Session.create(saves_dir / "played.nimitz.json", data, 1942, 4, RulesProfile(), "played")
    chooser = get_policy("passive")
    request = session.game.pending
    for _ in range(12):
        request = session.answer(chooser(request, session.game))
    return session.path


def _tamper_a_roll(path: Path) -> None:
    """Edit a roll's text in the journal (rewritten by the format's writer): the save reads, the
    replay differs."""
    env = read_save(path)
    roll = next(e for e in env.journal if e.kind == "roll")
    roll.text = "d10 = 1: a roll I would have liked"
    write_save(path, env)


# --- exit statuses ---------------------------------------------------------------------------


def test_check_exits_1_when_the_replay_differs(runner, saves_dir, played):
    _tamper_a_roll(played)
    result = _run(runner, saves_dir, "check", "played")
    assert result.exit_code == 1
    assert "does not verify: $.journal[" in result.stderr
    assert _run(runner, saves_dir, "replay", "played", "--verify").exit_code == 1


def test_check_exits_2_on_a_file_that_is_not_a_save(runner, saves_dir, tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("hello", encoding="utf-8")
    result = _run(runner, saves_dir, "check", str(other))
    assert result.exit_code == 2 and "not a nimitz save" in result.stderr


def test_check_exits_0_on_a_sound_save(runner, saves_dir, played):
    assert _run(runner, saves_dir, "check", "played").exit_code == 0


def test_data_check_with_a_problem_exits_1(runner, data_copy, monkeypatch):
    import nimitz.model.data as data_mod

    path = data_copy / "campaigns" / "1942.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('SA = ["MAG 13"]', 'XX = ["MAG 13"]'), encoding="utf-8")
    monkeypatch.setattr(data_mod, "data_root", lambda: data_copy)
    result = runner.invoke(cli, ["data", "check", "--json"])
    assert result.exit_code == 1
    payload = _json(result)
    assert payload["error"] == "check_failed"
    assert any("setup.US.XX" in p for p in payload["problems"])


# --- --json ----------------------------------------------------------------------------------


def test_new_json_creates_without_opening_the_game(runner, saves_dir):
    result = _run(runner, saves_dir, "new", "--year", "1943", "--seed", "9", "--name", "j", "--json")
    assert result.exit_code == 0, result.output
    assert _json(result) == {
        "name": "j",
        "path": str(saves_dir / "j.nimitz.json"),
        "year": 1943,
        "seed": 9,
        "rules_preset": "map",
        "ja_ties": "bot",
        "linked": False,
        "options": [],
        "difficulty": "Rulebook",
    }
    assert (saves_dir / "j.nimitz.json").exists()


def test_list_json(runner, saves_dir, played):
    (saves_dir / "broken.nimitz.json").write_text("{", encoding="utf-8")
    payload = _json(_run(runner, saves_dir, "list", "--json"))
    assert payload["folder"] == str(saves_dir)
    by_name = {c["name"]: c for c in payload["campaigns"]}
    assert by_name["played"]["year"] == 1942 and by_name["played"]["error"] is None
    assert set(by_name["played"]) == {
        "name",
        "path",
        "year",
        "turn",
        "step",
        "objectives_held",
        "objectives",
        "saved",
        "options",
        "error",
    }
    assert "invalid JSON" in by_name["broken"]["error"]


def test_list_json_when_empty(runner, saves_dir):
    assert _json(_run(runner, saves_dir, "list", "--json")) == {"folder": str(saves_dir), "campaigns": []}


def test_show_json_carries_the_state_as_resumed(runner, saves_dir, played, data):
    payload = _json(_run(runner, saves_dir, "show", "played", "--json"))
    state = Session.open(played, data).game.state
    assert payload["state"] == CONVERTER.unstructure(state)
    assert payload["state_hash"] == state_hash(state)
    assert (payload["year"], payload["turn"], payload["step"]) == (1942, state.turn, state.step)


def test_check_json_sound_and_failed(runner, saves_dir, played):
    payload = _json(_run(runner, saves_dir, "check", "played", "--json"))
    assert payload["sound"] is True and payload["path"] == str(played)
    _tamper_a_roll(played)
    result = _run(runner, saves_dir, "check", "played", "--json")
    assert result.exit_code == 1
    payload = _json(result)
    assert payload["error"] == "check_failed" and payload["problems"]
    assert payload["detail"].startswith(str(played))


def test_data_check_json(runner, data):
    payload = _json(runner.invoke(cli, ["data", "check", "--json"]))
    assert payload["valid"] is True and payload["fingerprint"] == data.fingerprint


@pytest.mark.parametrize(
    "args, error, status",
    [
        (["show", "nobody", "--json"], "bad_input", 2),
        (["bot", "orders", "nobody", "--json"], "bad_input", 2),
        (["bot", "place", "nobody", "--json"], "bad_input", 2),
        (["new", "--year", "1941", "--json"], "usage", 2),
        (["autoplay", "--year", "1942", "--policy", "clever", "--json"], "usage", 2),
        (["list", "--json", "--bogus"], "usage", 2),
    ],
)
def test_errors_under_json_are_json_on_stdout(runner, saves_dir, args, error, status):
    result = _run(runner, saves_dir, *args)
    assert result.exit_code == status
    payload = _json(result)
    assert payload["error"] == error and payload["detail"]
    assert result.stderr == ""
    assert list(saves_dir.iterdir()) == []


def test_errors_without_json_stay_one_line_on_stderr(runner, saves_dir):
    result = _run(runner, saves_dir, "show", "nobody")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("nimitz: no campaign named 'nobody'")


# --- -o - and --policy -----------------------------------------------------------------------


def test_aar_dash_o_is_stdout(runner, saves_dir, played, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = _run(runner, saves_dir, "aar", "played", "-o", "-")
    assert result.exit_code == 0 and result.stdout.startswith("# After-action report: played")
    assert not (tmp_path / "-").exists()
    to_file = _run(runner, saves_dir, "aar", "played", "-o", "report.md")
    assert to_file.exit_code == 0
    assert (tmp_path / "report.md").read_text(encoding="utf-8").startswith("# After-action report")


def test_lab_csv_dash_is_stdout_and_the_summary_goes_to_stderr(runner, saves_dir, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = _run(runner, saves_dir, "lab", "--year", "1942", "--runs", "1", "--jobs", "1", "--csv", "-")
    assert result.exit_code == 0, result.output
    header, row = result.stdout.splitlines()
    assert header.startswith("seed,year,policy") and row.startswith("1,1942,sensible")
    assert "Rebuild any campaign" in result.stderr
    assert not (tmp_path / "-").exists()
    both = _run(runner, saves_dir, "lab", "--year", "1942", "--runs", "1", "--csv", "-", "--json")
    assert both.exit_code == 2 and "both want standard output" in _json(both)["detail"]


def test_policy_is_a_choice_from_the_registry(runner, saves_dir):
    help_text = _run(runner, saves_dir, "autoplay", "--help").stdout
    assert f"[{'|'.join(policy_names())}]" in help_text
    result = _run(runner, saves_dir, "autoplay", "--year", "1942", "--policy", "clever")
    assert result.exit_code == 2
    assert "'clever' is not one of" in result.stderr and "'passive'" in result.stderr


# --- shell completion ------------------------------------------------------------------------


def _complete(runner, saves_dir, shell: str, words: str, cword: int | str) -> str:
    env = {"_NIMITZ_COMPLETE": f"{shell}_complete", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    result = runner.invoke(cli, [], env=env, prog_name="nimitz")
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts_exist_for_each_shell(runner, shell):
    result = runner.invoke(cli, [], env={"_NIMITZ_COMPLETE": f"{shell}_source"}, prog_name="nimitz")
    assert result.exit_code == 0 and "_NIMITZ_COMPLETE" in result.stdout


def test_completion_offers_the_saved_campaigns(runner, saves_dir, played):
    (saves_dir / "pacific.nimitz.json").write_text("{}", encoding="utf-8")
    words = f"nimitz --saves {saves_dir} show p"
    assert _complete(runner, saves_dir, "bash", words, 4).split() == ["plain,pacific", "plain,played"]
    assert _complete(runner, saves_dir, "zsh", words, 4).split("\n")[:6] == [
        "plain",
        "pacific",
        "_",
        "plain",
        "played",
        "_",
    ]
    fish = _complete(runner, saves_dir, "fish", f"nimitz --saves {saves_dir} check pl", "pl")
    assert fish.split() == ["plain,played"]


def test_completion_falls_back_to_files_for_a_path(runner, saves_dir, played):
    out = _complete(runner, saves_dir, "bash", f"nimitz --saves {saves_dir} play ./sav", 4)
    assert out.split() == ["file,./sav"]


def test_completion_of_commands_and_policies(runner, saves_dir):
    assert "plain,show" in _complete(runner, saves_dir, "bash", "nimitz sh", 1).split()
    out = _complete(runner, saves_dir, "bash", "nimitz autoplay --policy ", 3).split()
    assert out == [f"plain,{name}" for name in policy_names()]


# --- the TUI without a terminal --------------------------------------------------------------


@pytest.mark.parametrize("args", [[], ["new", "--year", "1942", "--name", "x"], ["play", "played"]])
def test_the_game_without_a_terminal_says_so_and_exits_2(tmp_path, saves_dir, played, args):
    """Started from a pipe or cron (stdin and stdout not a tty) it would wait forever; it says
    so in one line and exits 2, and creates nothing."""
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    before = sorted(p.name for p in saves_dir.iterdir())
    proc = subprocess.run(
        [sys.executable, "-m", "nimitz", "--saves", str(saves_dir), *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("nimitz: the game needs a terminal")
    assert len(proc.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in saves_dir.iterdir()) == before


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path):
    """`nimitz lab ... | head`: when the reader has gone, nimitz stops without a message (exit 1,
    click's way, like other Unix tools), not with 'nimitz: Broken pipe' and status 2."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before a word is written
    try:
        done = subprocess.run(
            [sys.executable, "-m", "nimitz", "lab", "--year", "1945", "--runs", "1", "--jobs", "1"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "NIMITZ_HOME": str(tmp_path)},
            timeout=120,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 1
    assert "Broken pipe" not in done.stderr and "Traceback" not in done.stderr
