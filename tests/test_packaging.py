"""Packaging (DESIGN.md "Tests"): build the wheel, install it in a clean venv, run the CLI from
outside the repository, so the game data must come from inside the wheel."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from nimitz import __version__
from nimitz.model.load import load_game_data

REPO = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def _run(args, cwd: Path, timeout: int = 600) -> subprocess.CompletedProcess:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "PIP_REQUIRE_VIRTUALENV")
    }
    env["NIMITZ_HOME"] = str(cwd / "home")
    proc = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, f"{args}\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path, Path]:
    """(wheel, venv bin folder, working folder outside the repo)."""
    work = tmp_path_factory.mktemp("packaging")
    assert REPO not in work.parents
    dist = work / "dist"
    _run([sys.executable, "-m", "build", "--wheel", "--outdir", dist, REPO], cwd=work)
    wheels = list(dist.glob("nimitz-*.whl"))
    assert len(wheels) == 1
    venv = work / "venv"
    _run([sys.executable, "-m", "venv", venv], cwd=work)  # no system site packages
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    _run([bin_dir / "python", "-m", "pip", "install", "--quiet", wheels[0]], cwd=work)
    return wheels[0], bin_dir, work


def test_wheel_contains_the_game_data(installed):
    wheel, _, _ = installed
    assert wheel.name.startswith(f"nimitz-{__version__}-")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "nimitz/_data/campaigns/1942.toml" in names
    assert "nimitz/_data/bot_tables/orders.toml" in names
    assert "nimitz/_data/docs/rulings-added.md" in names  # the in-game rulings ledger
    for rel in (
        "campaigns/map.toml",
        "campaigns/1943.toml",
        "campaigns/1944.toml",
        "campaigns/1945.toml",
        "bot_tables/battle.toml",
        "bot_tables/ja_plans.toml",
        "bot_tables/us_plans.toml",
        "bot_tables/reinforcements.toml",
    ):
        assert f"nimitz/_data/{rel}" in names, rel
    assert "nimitz/cli/__init__.py" in names
    assert not any(n.startswith("tests/") for n in names)


def test_installed_package_reads_its_data_from_the_wheel(installed):
    _, bin_dir, work = installed
    proc = _run(
        [
            bin_dir / "python",
            "-c",
            "import nimitz, nimitz.model.data as d; print(d.data_root()); print(nimitz.__file__)",
        ],
        cwd=work,
    )
    root, module = proc.stdout.split()
    venv = bin_dir.parent.resolve()
    assert Path(root).resolve().is_relative_to(venv), root
    assert Path(root).name == "_data"
    assert Path(module).resolve().is_relative_to(venv), module  # not the editable source tree


def test_installed_cli_data_check(installed):
    _, bin_dir, work = installed
    proc = _run([bin_dir / "nimitz", "data", "check"], cwd=work)
    assert "All game data is valid" in proc.stdout
    # the same bytes as the source tree's data
    assert f"fingerprint {load_game_data().fingerprint}" in proc.stdout


def test_installed_cli_new_show_check(installed):
    _, bin_dir, work = installed
    saves = work / "saves"
    proc = _run([bin_dir / "nimitz", "--saves", saves, "new", "--year", "1942", "--no-tui", "--seed", "3"], cwd=work)
    assert "Created the 1942 campaign 'campaign-1942' (seed 3" in proc.stdout
    assert (saves / "campaign-1942.nimitz.json").is_file()
    show = _run([bin_dir / "nimitz", "--saves", saves, "show", "campaign-1942"], cwd=work)
    assert re.search(r"^campaign-1942: 1942 campaign, turn \d of 6, step: ", show.stdout, re.M)
    _run([bin_dir / "nimitz", "--saves", saves, "check", "campaign-1942"], cwd=work)
    version = _run([bin_dir / "nimitz", "--version"], cwd=work)
    assert version.stdout.startswith(f"nimitz {__version__}")
