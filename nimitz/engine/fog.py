"""Fog of war (optional rule; docs/optional-rules.md, rulings R85 and R86).

The bot sees and plays everything as before. This module keeps, in the state, what the US may
know: a hidden stack of chips (real ones and blanks) for each area holding Japanese forces that
no US force watches, and the Japanese forces the US has seen, each until it moves. The engine
calls `refresh` after every step that moves forces; blanks and peeks roll on the "fog" stream.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from attrs import frozen

from nimitz.engine.variants import active, contact_modifier, variant_state
from nimitz.model.optional_rules import OPTION_STREAMS
from nimitz.model.state import HiddenStack

if TYPE_CHECKING:
    from nimitz.engine.game import Game
    from nimitz.model.journal import JournalEntry
    from nimitz.model.state import CampaignState

OPTION = "fog-of-war"
STREAM = OPTION_STREAMS[OPTION]
UNSEEN = "UNSEEN"  # where a hidden force stands in the US player's view of the state


def replay_refusal(options: list[str], finished: bool) -> str:
    """Why a campaign may not be replayed yet ('' when it may): under fog of war the replay
    would show every Japanese force, so it waits for the campaign's end (R86)."""
    if OPTION in options and not finished:
        return (
            "this campaign plays with fog of war: its replay would show the Japanese forces you "
            "cannot see, so it opens when the campaign is over (R86)"
        )
    return ""


def refresh(game: Game) -> None:
    """Bring the hidden stacks and the revealed forces up to date with the map (R85)."""
    if not active(game, OPTION) or game.state.finished:
        return
    state = game.state
    v = variant_state(game)
    by_location = state.by_location()
    stacks: dict[str, HiddenStack] = {}
    for area in game.data.map.areas:
        here = by_location.get(area.code, [])
        ja = [f.id for f in here if f.side == "JA"]
        if not ja:
            continue
        if any(f.side == "US" for f in here):  # US forces watch the area (contact)
            for fid in ja:
                v.revealed[fid] = area.code
            continue
        old = v.fog.get(area.code)
        if old is not None and set(old.forces) == set(ja):
            stacks[area.code] = old
            continue
        table = game.data.optional_rules.fog
        face = game.dice.roll(STREAM, table.sides, f"fog of war: blanks in {area.code}")
        stacks[area.code] = HiddenStack(forces=ja, blanks=table.blanks_for(face))
    v.fog = stacks
    v.revealed = {
        fid: where for fid, where in v.revealed.items() if fid in state.forces and state.forces[fid].location == where
    }


def reveal(game: Game, force_ids: list[str]) -> None:
    """The US watched these forces (e.g. a scouted order moving them): known where they are."""
    if not active(game, OPTION):
        return
    v = variant_state(game)
    for fid in force_ids:
        v.revealed[fid] = game.state.forces[fid].location


def peek(game: Game, area: str) -> str:
    """A scouting point's recon peek (R85): 2d6; a total within the threshold turns over as many
    unknown chips as the lower die, picked at random. Returns the log line."""
    if not active(game, OPTION):
        return ""
    refresh(game)
    v = variant_state(game)
    table = game.data.optional_rules.fog
    stack = v.fog.get(area)
    if stack is None:
        return f"Recon peek at {area}: nothing hidden there"
    dice = [game.dice.roll(STREAM, table.peek_sides, f"recon peek at {area}") for _ in range(table.peek_dice)]
    threshold = table.peek_max + contact_modifier(game)
    total = sum(dice)
    if total > threshold:
        return f"Recon peek at {area}: {'+'.join(map(str, dice))} = {total}, over {threshold}: nothing seen (R85)"
    looks = min(dice)
    seen: list[str] = []
    blanks = 0
    for _ in range(looks):
        unknown = [fid for fid in stack.forces if fid not in v.revealed]
        chips = unknown + ["blank"] * (stack.blanks - stack.blanks_seen)
        if not chips:
            break
        chip = chips[game.dice.roll(STREAM, len(chips), f"recon peek at {area}: which chip") - 1]
        if chip == "blank":
            stack.blanks_seen += 1
            blanks += 1
        else:
            v.revealed[chip] = area
            seen.append(game.state.forces[chip].name)
    found = ", ".join(seen + ([_count(blanks, "blank")] if blanks else [])) or "no chip left to turn over"
    return (
        f"Recon peek at {area}: {'+'.join(map(str, dice))} = {total} (at most {threshold}): "
        f"{_count(looks, 'chip')} to turn over: {found} (R85)"
    )


def _count(n: int, noun: str) -> str:
    return f"a {noun}" if n == 1 else f"{n} {noun}s"


@frozen
class AreaView:
    """What the US sees of the Japanese forces in one area."""

    known: tuple[str, ...]  # JA force ids the US sees
    unknown_chips: int  # chips of a hidden stack not yet turned over (real ones and blanks)

    @property
    def hidden(self) -> bool:
        return self.unknown_chips > 0


def area_view(state: CampaignState, area: str) -> AreaView | None:
    """None when fog of war does not hide this area (option off, campaign over, or all seen)."""
    v = state.variant
    if v is None or not state.rules.has(OPTION) or state.finished:
        return None
    stack = v.fog.get(area)
    if stack is None:
        return None
    known = tuple(fid for fid in stack.forces if fid in v.revealed)
    unknown = len(stack.forces) - len(known) + stack.blanks - stack.blanks_seen
    return AreaView(known, unknown)


def seen_count(state: CampaignState, area: str) -> str:
    """The Japanese forces in `area` as the US may count them: '3', or under fog of war '1+4?'
    (one known, four unknown chips) or '4?' (R86)."""
    view = area_view(state, area)
    if view is None:
        return str(len(state.at(area, "JA")))
    known = str(len(view.known)) if view.known else ""
    if not view.unknown_chips:
        return known or "0"
    return f"{known}+{view.unknown_chips}?" if known else f"{view.unknown_chips}?"


def hidden_forces(state: CampaignState) -> set[str]:
    """The JA force ids the US player cannot see now (empty without fog of war)."""
    v = state.variant
    if v is None or not state.rules.has(OPTION) or state.finished:
        return set()
    return {fid for stack in v.fog.values() for fid in stack.forces if fid not in v.revealed}


def us_view(state: CampaignState) -> CampaignState:
    """A copy of the state as the US player knows it (R86): every hidden Japanese force stands
    in UNSEEN, off the map. Scripted and expert players plan on this, never on the real state."""
    hidden = hidden_forces(state)
    if not hidden:
        return state
    seen = state.copy()
    for fid in hidden:
        seen.forces[fid].location = UNSEEN
    return seen


def mentions_hidden(value: object, hidden: set[str]) -> bool:
    """Whether a journal entry's data names a force the US cannot see now (R86)."""
    if isinstance(value, str):
        return value in hidden
    if isinstance(value, dict):
        return any(mentions_hidden(v, hidden) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(mentions_hidden(v, hidden) for v in value)
    return False


def entry_hidden(entry: JournalEntry, state: CampaignState, hidden: set[str] | None = None) -> bool:
    """A Japanese decision the US may not read yet: once its explanation's asides about unseen
    forces are taken out (`_redacted`), it still names a force hidden by the fog (R86)."""
    if entry.kind != "bot":
        return False
    hidden = hidden_forces(state) if hidden is None else hidden
    return bool(hidden) and mentions_hidden(_redacted(entry.data, state, hidden), hidden)


HIDDEN_DECISION = "a Japanese decision hidden by the fog of war (it names forces you cannot see)"


def _redacted(data: dict[str, Any], state: CampaignState, hidden: set[str]) -> dict[str, Any]:
    """An order's explanation without what the US cannot know: the forces an order could have
    picked but left where the fog hides them, and the Japanese counts in hidden areas (its
    candidates, the order of areas). What it moved or held stays: if that is hidden, the whole
    decision is (R86)."""
    if not any(k in data for k in ("selection", "candidates", "processing_order")):
        return data
    hidden_areas = (
        {area for area in state.variant.fog if (view := area_view(state, area)) and view.hidden}
        if state.variant
        else set()
    )
    out = dict(data)
    if mentions_hidden(out.get("selection"), hidden):
        del out["selection"]
    for key, count in (("candidates", "ja_forces"), ("processing_order", "unmoved")):
        if key in out:
            out[key] = [
                {k: ("?" if k == count and c.get("area") in hidden_areas else v) for k, v in c.items()}
                if isinstance(c, dict)
                else c  # some decisions list their candidates as bare area codes
                for c in out[key]
            ]
    return out


def journal_seen(entries: list[JournalEntry], state: CampaignState) -> list[JournalEntry]:
    """The entries as the US player may read them now (R86): a Japanese decision naming a
    hidden force says only that Japan decided something; the others lose the asides about what
    the fog hides. The same list when nothing is hidden."""
    import attrs

    hidden = hidden_forces(state)
    if not hidden:
        return entries
    out = []
    for e in entries:
        if e.kind != "bot":
            out.append(e)
        elif entry_hidden(e, state, hidden):
            out.append(attrs.evolve(e, text=HIDDEN_DECISION, data={}))
        else:
            seen = _redacted(e.data, state, hidden)
            out.append(e if seen is e.data else attrs.evolve(e, data=seen))
    return out
