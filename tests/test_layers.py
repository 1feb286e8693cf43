"""DESIGN.md's import contract: the model, engine and bot never import textual, rich or click,
so the rules run headless (autoplay, replay checks, a companion tool). Checked in a fresh
interpreter, where sys.modules shows everything an import pulled in."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

UI_MODULES = ("textual", "rich", "click")

_PROBE = textwrap.dedent("""
    import importlib, json, pkgutil, sys
    packages = {packages!r}
    modules = {modules!r}
    imported = []
    for name in packages:
        pkg = importlib.import_module(name)
        imported.append(name)
        for info in pkgutil.walk_packages(pkg.__path__, name + "."):
            importlib.import_module(info.name)
            imported.append(info.name)
    for name in modules:
        importlib.import_module(name)
        imported.append(name)
    ui = sorted(m for m in sys.modules if m.split(".")[0] in {ui!r})
    print(json.dumps({{"imported": imported, "ui": ui}}))
""")


def _probe(packages=(), modules=()) -> dict:
    code = _PROBE.format(packages=list(packages), modules=list(modules), ui=set(UI_MODULES))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_model_engine_and_bot_never_import_ui_libraries():
    """Every module under nimitz.model, nimitz.engine and nimitz.bot, present and future."""
    result = _probe(packages=["nimitz.model", "nimitz.engine", "nimitz.bot"], modules=["nimitz", "nimitz.errors"])
    assert "nimitz.model.data" in result["imported"]
    assert "nimitz.model.state" in result["imported"]
    assert "nimitz.engine.dice" in result["imported"]
    assert "nimitz.engine.setup" in result["imported"]
    assert "nimitz.bot" in result["imported"]
    assert result["ui"] == []


def test_persist_imports_no_ui_libraries_at_import_time():
    """persist/store.py asks click for the platform's data folder only when called without
    NIMITZ_HOME; importing the persist layer pulls in no UI library."""
    result = _probe(packages=["nimitz.persist"])
    assert "nimitz.persist.saves" in result["imported"]
    assert result["ui"] == []


def test_views_import_no_ui_libraries():
    result = _probe(modules=["nimitz.views.situation"])
    assert result["ui"] == []


def test_the_probe_sees_a_ui_import():
    """The checks above can fail: importing the CLI does bring click in."""
    result = _probe(modules=["nimitz.cli"])
    assert "click" in result["ui"]
