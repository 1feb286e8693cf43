"""Readable explanations of journal entries, from their structured `data` (plain Python).

`explain(entry)` gives (label, text) rows: the dice, modifiers and their source, the chart row,
the forces moved, the candidates with their distances and JA counts, the tie-break and the
rulings cited. Widgets render the rows; tests read them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from nimitz.model.journal import JournalEntry
from nimitz.tui.rulings import ruling_line, ruling_title
from nimitz.views.words import counted, decision_words, player_text

Row = tuple[str, str]


def short(fid: str) -> str:
    """'JA:Kaga' -> 'Kaga'."""
    return fid.split(":", 1)[-1]


def names(ids: Iterable[str]) -> str:
    return ", ".join(short(i) for i in ids) or "none"


def _unique(items: Iterable[str]) -> list[str]:
    seen: list[str] = []
    for i in items:
        if i not in seen:
            seen.append(i)
    return seen


def rulings_rows(ids: Iterable[str], full: bool = False) -> list[Row]:
    """The rulings cited: their titles on one row (full: each with its summary)."""
    ids = _unique(ids)
    if not ids:
        return []
    if full:
        return [("Ruling" if i == 0 else "", ruling_line(r)) for i, r in enumerate(ids)]
    return [("Rulings", " · ".join(ruling_title(r) for r in ids))]


_ROW = re.compile(r"^(.*) \((-?\d+)\.\.(-?\d+)\)$")


def chart_row(text: str) -> str:
    """'Hold (-99..3)' -> 'Hold (roll 3 or less)'."""
    m = _ROW.match(text)
    if not m:
        return text
    name, lo, hi = m[1], int(m[2]), int(m[3])
    if lo <= -50:
        band = f"{hi} or less"
    elif hi >= 50:
        band = f"{lo} or more"
    else:
        band = str(lo) if lo == hi else f"{lo}-{hi}"
    return f"{name} (roll {band})"


def is_order(entry: JournalEntry) -> bool:
    return entry.kind == "bot" and "order" in entry.data and "area" in entry.data


def order_title(entry: JournalEntry) -> str:
    d = entry.data
    kind = "scouted " if d.get("scouted") else ""
    dest = f" -> {d['destination']}" if d.get("destination") else ""
    area = d.get("area", "?")
    # the area Japan by name: lists put the side first, and 'JA JA: Hold' reads as a stutter
    return f"{'Japan' if area == 'JA' else area}: {kind}{d.get('order', '?')}{dest}"


def roll_text(roll: dict[str, Any]) -> str:
    if roll.get("automatic"):
        return f"no roll: {roll['automatic']}"
    dice = roll.get("dice", [])
    n = len(dice)
    faces = " + ".join(str(x) for x in dice)
    mod = roll.get("modifier", 0)
    return f"{n}d10: {faces}, modifier {mod:+d} = {roll.get('total')}"


def explain_order(d: dict[str, Any]) -> list[Row]:
    rows: list[Row] = []
    roll = d.get("roll", {})
    rows.append(("Roll", roll_text(roll)))
    if roll.get("modifier_source"):
        rows.append(("Modifier", str(roll["modifier_source"])))
    if d.get("row"):
        rows.append(("Chart row", chart_row(str(d["row"]))))
    tried = d.get("tried") or []
    if len(tried) > 1:
        rows.append(("Tried", " -> ".join(tried) + f" (carried out: {d.get('order')})"))
    for extra in d.get("extra_rolls") or []:
        rows.append(("Extra roll", f"{extra.get('table', '')}: {extra.get('roll')} -> {extra.get('result')}"))
    rows.append(("Order", str(d.get("order", "?"))))
    moved = [i for i in d.get("moved", []) if i not in set(d.get("battalions_added", []))]
    if d.get("destination"):
        rows.append(("Moved", f"{names(moved)} -> {d['destination']}"))
    elif moved:
        rows.append(("Moved", names(moved)))
    if d.get("held"):
        rows.append(("Stayed", names(d["held"])))
    sel = d.get("selection")
    if isinstance(sel, dict) and sel:
        parts = []
        for cat, pick in sel.items():
            if not isinstance(pick, dict):
                continue
            eligible, limit = pick.get("eligible", []), pick.get("limit", "?")
            if limit == 0:
                parts.append(f"{cat}: none taken by this order")
            else:
                parts.append(f"{cat} (up to {limit}): {names(eligible) if eligible else 'none here'}")
        if parts:
            rows.append(("Picked from", "; ".join(parts) + " (random picks, R4)"))
    if d.get("battalions_added"):
        rows.append(
            (
                "Battalions",
                f"+{len(d['battalions_added'])} from the battalion box "
                f"({names(d['battalions_added'])}) for missing infantry",
            )
        )
    if d.get("lba_to_japan"):
        rows.append(("LBA to Japan", f"{names(d['lba_to_japan'])} (no JA forces ashore to land with)"))
    if d.get("destination_rule"):
        rows.append(("Destination", str(d["destination_rule"])))
    cands = d.get("candidates") or []
    if cands:
        parts = []
        for c in cands:
            bits = [f"{c.get('ja_forces', '?')} JA"]
            if c.get("distance") is not None:
                bits.append(f"{c['distance']} away")
            mark = " ◀ chosen" if c.get("area") == d.get("destination") else ""
            parts.append(f"{c.get('area')} ({', '.join(bits)}){mark}")
        rows.append(("Candidates", "; ".join(parts)))
    if d.get("tie_break"):
        rows.append(("Tie-break", str(d["tie_break"])))
    track = d.get("track")
    if track:
        rows.append(
            (
                "JA track",
                f"{track.get('before')} -> {track.get('after')} ({track.get('order')} {track.get('change', 0):+d})",
            )
        )
    elif d.get("scouted"):
        rows.append(("JA track", "unchanged (scouted orders never move it)"))
    rows += rulings_rows(d.get("rulings", []))
    return rows


def explain_reinforce(d: dict[str, Any]) -> list[Row]:
    roll = d.get("roll", {})
    dice = roll.get("dice", [])
    rows: list[Row] = [
        (
            "Roll",
            f"1d10 {dice[0] if dice else '?'} + track {roll.get('track')} "
            f"- {len(roll.get('damaged', []))} damaged - 3 x "
            f"{len(roll.get('raiding_subs', []))} raiding subs = {roll.get('total')}",
        )
    ]
    if roll.get("damaged"):
        rows.append(("Damaged", names(roll["damaged"])))
    if roll.get("raiding_subs"):
        rows.append(("Raiding", names(roll["raiding_subs"])))
    row = d.get("row", {})
    if row:
        extra = f" +{row['extra_infantry']} INF (year rule)" if row.get("extra_infantry") else ""
        rows.append(
            (
                "Chart row",
                f"{row.get('lo')}..{row.get('hi')}: {row.get('ships')} ships, "
                f"{row.get('infantry')} INF, {row.get('lba')} LBA{extra}",
            )
        )
    rows.append(("To Japan", names(d.get("arrived", []))))
    if d.get("battalions"):
        rows.append(("Battalions", f"{d['battalions']} for counters the stacks lacked"))
    rows.append(("JA track", "back to 0"))
    rows += rulings_rows(d.get("rulings", []))
    return rows


def explain_combat(d: dict[str, Any]) -> list[Row]:
    """A combat step: every die with the value it needed and its modifiers."""
    rows: list[Row] = [
        (
            "Step",
            f"{str(d.get('step', '')).replace('_', ' ')} in {d.get('area', '')}: "
            f"{d.get('side', '')} scores {counted(d.get('hits', 0), 'hit')}",
        )
    ]
    for i, r in enumerate(d.get("rolls", [])):
        mods = r.get("modifiers") or []
        mod_text = "; ".join(str(m.get("source", m)) if isinstance(m, dict) else str(m) for m in mods)
        hit = counted(r["hits"], "hit") if r.get("hits") else "miss"
        line = f"{short(str(r.get('attacker', '?')))} needs {r.get('rating')}: rolled {r.get('face')} -> {hit}"
        if mod_text:
            line += f" ({mod_text})"
        if r.get("note"):
            line += f" [{r['note']}]"
        rows.append(("Dice" if i == 0 else "", line))
    return rows


def explain(entry: JournalEntry) -> list[Row]:
    """Every detail of an entry worth reading, as (label, text) rows in player words."""
    return [(label, player_text(text)) for label, text in _explain(entry)]


def _explain(entry: JournalEntry) -> list[Row]:
    d = entry.data or {}
    if is_order(entry):
        return explain_order(d)
    if isinstance(d.get("rolls"), list) and "hits" in d:
        return explain_combat(d)
    if "arrived" in d and "roll" in d:
        return explain_reinforce(d)
    if "processing_order" in d:
        order = ", ".join(f"{p['area']} ({p['unmoved']})" for p in d["processing_order"])
        return [
            ("Areas", order or "none"),
            (
                "",
                "Areas roll from the fewest unmoved JA forces to the most (map order on "
                "ties); the track starts again from 0.",
            ),
        ] + rulings_rows(d.get("rulings", []))
    if "repaired" in d:
        rows = [("Repaired", names(d.get("repaired", [])))]
        if d.get("kept"):
            rows.append(("Kept", "; ".join(d["kept"])))
        return rows + rulings_rows(["R47"])
    if "lone" in d and "pinned" in d:
        return [("Lone", names(d["lone"])), ("Pinned", names(d["pinned"]))] + rulings_rows(d.get("rulings", []))
    if entry.kind == "decision" and entry.decision is not None:
        return [("Decision", "US " + decision_words(entry.decision))]
    return generic_rows(d)


def generic_rows(d: dict[str, Any]) -> list[Row]:
    rows: list[Row] = []
    for key, value in d.items():
        if key == "rulings" or value is None:
            continue
        label = key.replace("_", " ").capitalize()
        rows.append((label, _value_text(value)))
    rows += rulings_rows(d.get("rulings", []) if isinstance(d.get("rulings"), list) else [])
    return rows


def _value_text(value: Any) -> str:
    if isinstance(value, list):
        if all(isinstance(v, str) for v in value):
            return names(value) if any(":" in v for v in value) else ", ".join(value) or "none"
        return "; ".join(_value_text(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{str(k).replace('_', ' ')} {_value_text(v)}" for k, v in value.items())
    if isinstance(value, str) and ":" in value and value.split(":", 1)[0] in ("US", "JA"):
        return short(value)
    return str(value)


def entry_line(entry: JournalEntry) -> str:
    """The one line a list shows for an entry, in player words (nimitz/views/words.py)."""
    if is_order(entry):
        return player_text(order_title(entry))
    if "processing_order" in entry.data:
        return "Order of areas: " + ", ".join(f"{p['area']} ({p['unmoved']})" for p in entry.data["processing_order"])
    if entry.kind == "decision" and entry.decision is not None:
        return "US " + decision_words(entry.decision)
    return player_text(entry.text)


def entry_full_text(entry: JournalEntry) -> str:
    """The entry's whole text when the list line says less ('' when it says it all)."""
    text = player_text(entry.text)
    return "" if text == entry_line(entry) or entry.kind == "decision" else text


def entry_body(entry: JournalEntry) -> str:
    """The entry's line for lists with a side column: 'US US Resupply' or 'JA JA: 2 aircraft...'
    would say it twice."""
    line = entry_line(entry)
    for prefix in (f"{entry.side} ", f"{entry.side}: "):
        if entry.side and line.startswith(prefix):
            return line[len(prefix) :]
    return line
