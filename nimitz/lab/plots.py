"""Pictures of a lab run: text bar charts for the terminal and the TUI, and a picture file
(SVG or PNG, drawn by matplotlib, an optional dependency: `pip install 'nimitz[plot]'`)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from nimitz.errors import NimitzError
from nimitz.lab.stats import Summary
from nimitz.views.words import counted

BAR = "█"


def _bars(rows: list[tuple[str, float, str]], width: int, top: float) -> list[str]:
    label_w = max(len(label) for label, _, _ in rows)
    room = max(10, width - label_w - 12)
    return [
        f"  {label:<{label_w}} {BAR * round(room * value / top) if top else '':<{room}} {text}"
        for label, value, text in rows
    ]


def text_plot(s: Summary, width: int = 78) -> str:
    """The outcome distribution and the objectives held by turn, as bars of text."""
    title = f"{s.year} linked series" if s.linked else f"{s.year}"
    lines = [f"{title}: outcomes ({counted(s.campaigns, 'campaign')}, policy {s.policy})"]
    lines += _bars([(o.label, o.percent, f"{o.percent:5.1f}%") for o in s.every_outcome()], width, 100)
    lines.append(f"{title}: objectives held at the end of each turn (mean)")
    top = max((h.high for h in s.held_by_turn), default=0)
    lines += _bars([(f"turn {t}", h.mean, f"{h.mean:5.2f}") for t, h in enumerate(s.held_by_turn, 1)], width, top)
    return "\n".join(lines)


def check_plot_file(path: Path) -> None:
    """Raise unless a picture can be drawn to `path`: asked before a lab runs, so a missing
    matplotlib is said at once rather than after the campaigns have been played."""
    if path.suffix.lower() not in (".svg", ".png"):
        raise NimitzError(f"--plot {path}: the picture must be a .svg or .png file")
    if importlib.util.find_spec("matplotlib") is None:
        raise NimitzError("--plot needs matplotlib: pip install 'nimitz[plot]'")


def save_plot(summaries: list[Summary], path: Path) -> None:
    """Outcome shares (with their 95% intervals) and objectives held by turn, one row per year."""
    check_plot_file(path)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:  # installed, but broken
        raise NimitzError(f"--plot: matplotlib does not load: {exc}") from None

    fig, axes = plt.subplots(len(summaries), 2, figsize=(11, 3.2 * len(summaries)), squeeze=False)
    for (left, right), s in zip(axes, summaries, strict=True):
        outcomes = s.every_outcome()
        labels = [o.label for o in outcomes]
        shares = [o.percent for o in outcomes]
        errors = [[o.percent - 100 * o.low for o in outcomes], [100 * o.high - o.percent for o in outcomes]]
        left.barh(labels, shares, xerr=errors, color="#4a6fa5", capsize=3)
        left.invert_yaxis()
        left.set_xlim(0, 100)
        left.set_xlabel("% of campaigns (bars: 95% interval)")
        title = f"{s.year}{' linked' if s.linked else ''}: outcomes, {counted(s.campaigns, 'campaign')}"
        left.set_title(title, fontsize=10)
        turns = list(range(1, len(s.held_by_turn) + 1))
        means = [h.mean for h in s.held_by_turn]
        sds = [h.sd for h in s.held_by_turn]
        right.errorbar(turns, means, yerr=sds, marker="o", capsize=3, color="#a54a4a")
        right.set_xticks(turns)
        right.set_xlabel("turn")
        right.set_ylabel("objectives held (mean ± sd)")
        right.set_title(f"policy {s.policy}; {s.rules}", fontsize=9)
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as exc:
        raise NimitzError(f"cannot write {path}: {exc.strerror}") from None
    finally:
        plt.close(fig)
