"""Updating a Static only when what it shows changes.

Textual's `Static.update` always asks for a layout of the whole screen, then a repaint. The
screens push the whole state down after every decision and every battle beat, and most of what
they push is what is already shown; a widget whose size its CSS fixes never needs the layout.
"""

from __future__ import annotations

from rich.text import Text
from textual.visual import VisualType
from textual.widgets import Static


def size_is_fixed(widget: Static) -> bool:
    """True when the CSS fixes the widget's height and width (cells, %, fr): new content cannot
    change its size, so a repaint is enough."""
    styles = widget.styles
    height, width = styles.height, styles.width
    return height is not None and not height.is_auto and (width is None or not width.is_auto)


def same(a: VisualType, b: VisualType) -> bool:
    """Texts and strings by value (a Text's own style and wrapping too), anything else by identity."""
    if isinstance(a, Text) and isinstance(b, Text):
        return a == b and (a.style, a.justify, a.overflow, a.no_wrap, a.end) == (
            b.style,
            b.justify,
            b.overflow,
            b.no_wrap,
            b.end,
        )
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    return a is b


def show(widget: Static, content: VisualType) -> bool:
    """Show `content` in `widget` unless it shows it already; True if it changed."""
    if same(widget.content, content):
        return False
    widget.update(content, layout=not size_is_fixed(widget))
    return True
