"""What the battle screen shows, read from `game.state.battle` through the engine's Board (plain
Python, read-only)."""

from __future__ import annotations

import re

from attrs import define, field

from nimitz.engine.game import Game
from nimitz.model.battle import AREAS, DECK, ISLAND_BOXES, ON_TRANSPORT
from nimitz.model.journal import JournalEntry
from nimitz.views import words

AREA_NAMES = {"JO": "Japanese Ocean", "IS": "Island", "CO": "Coastal", "UO": "US Ocean"}


@define
class PieceView:
    id: str
    name: str
    type: str
    side: str
    damaged: bool
    values: str
    note: str = ""  # "on deck: 4 aircraft", "aboard: 2 INF"
    aboard: list[PieceView] = field(factory=list)
    where: str = ""  # its box on the board (JO, IS, US_AF, ..., DECK, TR)

    @property
    def label(self) -> str:
        return f"{self.name} {self.type}{'*' if self.damaged else ''}"


@define
class BattleView:
    area: str
    turn: int
    length: int
    step: str
    ended: str
    sea: dict[str, dict[str, list[PieceView]]]  # JO/IS/CO/UO -> side -> pieces there (flying too)
    island: dict[str, list[PieceView]]  # US_AF ... JA_AF -> pieces
    airfields: dict[str, int]
    ja_plans_now: list[str]
    ja_plans_drawn: list[str]
    ja_plans_per_turn: int
    us_plans: list[tuple[str, str]]  # (name, "held" / "playing" / "used")
    us_bpp: int
    us_sp_spent: int
    destroyed: list[str]
    out: list[str]


def battle_view(game: Game) -> BattleView | None:
    from nimitz.engine.battle.board import Board

    bs = game.state.battle
    if bs is None:
        return None
    board = Board(game)

    def piece(pid: str) -> PieceView:
        c = board.cls(pid)
        dmg = board.damaged(pid)
        return PieceView(
            id=pid,
            name=board.name(pid),
            type=c.type,
            side=board.side(pid),
            damaged=dmg,
            values=c.values_text(dmg),
            where=board.box(pid),
        )

    sea: dict[str, dict[str, list[PieceView]]] = {a: {"US": [], "JA": []} for a in AREAS}
    island: dict[str, list[PieceView]] = {b: [] for b in ISLAND_BOXES}
    by_id: dict[str, PieceView] = {}
    deck: list[tuple[str, PieceView]] = []
    aboard: list[tuple[str, PieceView]] = []
    for pid in board.ids():
        box = bs.positions.get(pid, "")
        pv = piece(pid)
        by_id[pid] = pv
        if box in AREAS:
            sea[box][pv.side].append(pv)
        elif box in ISLAND_BOXES:
            island[box].append(pv)
        elif box == DECK:
            home = bs.pieces[pid].home if pid in bs.pieces else ""
            deck.append((home, pv))
        elif box == ON_TRANSPORT:
            aboard.append((f"{pv.side}:Transport", pv))
    for home, pv in deck:
        carrier = by_id.get(home)
        if carrier is not None:
            carrier.aboard.append(pv)
    for tid, pv in aboard:
        transport = by_id.get(tid)
        if transport is not None:
            transport.aboard.append(pv)
        else:
            island[f"{pv.side}_BE"].append(pv)  # should not happen; never hide a piece
    for pv in by_id.values():
        if pv.aboard:
            what = "aircraft on deck" if pv.type in ("CV", "CVL", "CVE") else "infantry aboard"
            pv.note = f"{len(pv.aboard)} {what}"
    ja_now = [plan.name for plan, _pip in board.ja_in_force()]
    drawn = [board.plan_def("JA", p.plan).name + (f" (turn {p.turn})" if p.turn else "") for p in bs.ja_plans]
    us_plans = []
    for pip in bs.us_plans:
        name = board.plan_def("US", pip.plan).name
        state = "used" if pip.used else ("playing" if pip.plan in bs.us_playing else "held")
        us_plans.append((name, state))
    names = {f: game.state.forces[f].name for f in bs.destroyed if f in game.state.forces}
    destroyed = [names.get(f, f.split(":", 1)[-1]) for f in bs.destroyed]
    destroyed += [bs.pieces[p].name if p in bs.pieces else p.split(":", 1)[-1] for p in bs.lost_pieces]
    out = [game.state.forces[f].name for f in bs.out if f in game.state.forces]
    step = game.state.step.split(":", 2)[-1] if game.state.step.startswith("battle:") else game.state.step
    return BattleView(
        area=bs.area,
        turn=bs.turn,
        length=bs.length,
        step=step,
        ended=bs.ended,
        sea=sea,
        island=island,
        airfields=dict(bs.airfields),
        ja_plans_now=ja_now,
        ja_plans_drawn=drawn,
        ja_plans_per_turn=bs.ja_plans_per_turn,
        us_plans=us_plans,
        us_bpp=bs.us_bpp,
        us_sp_spent=bs.us_sp_spent,
        destroyed=destroyed,
        out=out,
    )


def battle_entries(journal: list[JournalEntry], area: str | None = None) -> list[JournalEntry]:
    """The journal entries of the latest battle (in `area` if given), from its start on."""
    start = None
    for i in range(len(journal) - 1, -1, -1):
        e = journal[i]
        if (
            e.step == "battle:setup"
            and e.kind == "event"
            and "area" in e.data
            and (area is None or e.data["area"] == area)
        ):
            start = i
            break
    if start is None:
        return []
    out = []
    for e in journal[start:]:
        if not e.step.startswith("battle"):
            break
        out.append(e)
    return out


def combat_line(e: JournalEntry) -> str:
    """A battle entry on one line in player words, with the dice of a combat step."""
    text = say(e.text)
    rolls = e.data.get("rolls") if isinstance(e.data, dict) else None
    if rolls:
        faces = ", ".join(f"{r.get('face')}{'✓' if r.get('hits') else ''}" for r in rolls)
        text += f"  dice: {faces}"
    return text


SHORT_AREAS = {"JO": "JA Ocean", "IS": "Island", "CO": "Coastal", "UO": "US Ocean"}


def side_summary(view: BattleView, side: str) -> str:
    """'JA Ocean 2 CV, 1 DD · Island 1 LBA, 2 BN · Coastal - · US Ocean -': where a side's
    pieces are, by type."""
    from collections import Counter

    parts = []
    for area in ("JO", "IS", "CO", "UO"):
        pieces = list(view.sea[area][side])
        if area == "IS":
            for box, ps in view.island.items():
                if box.startswith(side):
                    pieces += ps
        counts = Counter(p.type for p in pieces)
        parts.append(f"{SHORT_AREAS[area]} " + (", ".join(f"{n} {t}" for t, n in counts.items()) or "-"))
    return " · ".join(parts)


def brought(forces: list[dict]) -> str:
    """'2 BB, 1 CV, 3 BN': what a side brings to the battle, by type (placement request info)."""
    from collections import Counter

    counts = Counter(f.get("type", "") for f in forces)
    return ", ".join(f"{n} {t}" for t, n in counts.items()) or "nothing"


def since_last_decision(journal: list[JournalEntry], limit: int = 2) -> list[str]:
    """What the battle did since the player last decided (events and Japanese decisions, with
    the dice of combat steps), newest last."""
    out: list[JournalEntry] = []
    for e in reversed(journal):
        if e.kind == "decision" or not e.step.startswith("battle:"):
            break
        if e.kind != "roll" and not e.text.endswith(" begins"):
            out.append(e)
    return [combat_line(e) for e in reversed(out)][-limit:]


# --- player words (the shared ones are in nimitz/views/words.py) --------------------------------

SIDE_WORDS = words.SIDE_NAME
STEP_WORDS = {k: v[:1].upper() + v[1:] for k, v in words.COMBAT_STEP_WORDS.items()}
# the battle sheet's own labels for the Island's boxes (board headings)
BOX_WORDS = {
    "US_AF": "US Airfields",
    "US_FH": "US Foxholes",
    "US_BE": "US Beaches",
    "JA_BE": "Japanese Beaches",
    "JA_FH": "Japanese Foxholes",
    "JA_AF": "Japanese Airfields",
}
AREA_RANGES = {"JO": "1-2", "IS": "3-5", "CO": "6", "UO": "7-10"}  # the JA aircraft d10 (facts 1.8)
_AREA_IN = re.compile(r"(\(|\bin |\bto |->|, )(JO|IS|CO|UO)\b")


def say(text: str, plan_names: dict[str, str] | None = None) -> str:
    """A battle journal line in the player's words: battle areas by name, plan ids by the
    plan's name, then the shared last pass (box and step ids, doubled words)."""
    text = _AREA_IN.sub(lambda m: m[1] + AREA_NAMES[m[2]], text)
    text = re.sub(r"\b(Japanese Ocean|Island|Coastal|US Ocean) \(\1\)", r"\1", text)
    for pid, name in (plan_names or {}).items():
        if "_" in pid:
            text = re.sub(rf"\b{pid}\b", name, text)
    text = re.sub(r"\baaa\b", "AAA", text).replace(" in TR", " on transports")
    return words.player_text(text).replace("->", "→")


def plan_names(game: Game) -> dict[str, str]:
    return {p.id: p.name for p in (*game.data.us_plans.plan, *game.data.ja_plans.plan)}


def need_text(rating: str) -> str:
    """'5/2' -> 'needs 5 or less (2 or less: 2 hits)'."""
    value, _, superior = rating.partition("/")
    return f"needs {value} or less" + (f" ({superior} or less: 2 hits)" if superior else "")


# --- snapshots: the board at every battle entry, so each beat shows the board as it was ---------


class BoardHistory:
    """The battle board at each journal entry written while the TUI watched (a journal listener),
    and every piece's name ever seen (destroyed pieces leave the board)."""

    def __init__(self) -> None:
        self.at: dict[int, BattleView] = {}
        self.names: dict[str, str] = {}

    def record(self, game: Game, entry: JournalEntry) -> None:
        if not entry.step.startswith("battle") or game.state.battle is None:
            return
        view = battle_view(game)
        if view is None:
            return
        self.at[entry.seq] = view
        for pv in all_pieces(view):
            self.names[pv.id] = pv.name

    def before(self, seq: int) -> BattleView | None:
        """The board just before entry `seq`."""
        earlier = [s for s in self.at if s < seq]
        return self.at[max(earlier)] if earlier else None

    def name(self, pid: str) -> str:
        if pid.endswith(":airfield"):
            return f"{SIDE_WORDS.get(pid.split(':')[0], '')} airfield".strip()
        return self.names.get(pid) or pid.split(":", 1)[-1]


def all_pieces(view: BattleView) -> list[PieceView]:
    out = []
    for area in view.sea.values():
        for pieces in area.values():
            out += pieces
    for pieces in view.island.values():
        out += pieces
    return out + [a for p in list(out) for a in p.aboard]


def losses(before: BattleView | None, after: BattleView | None, combat: bool = False) -> dict[str, list[str]]:
    """What changed between two boards, per side: 'Shokaku sunk', 'F4F fighter damaged', '1
    airfield lost'."""
    out: dict[str, list[str]] = {"US": [], "JA": []}
    if before is None or after is None:
        return out
    now = {p.id: p for p in all_pieces(after)}
    for p in all_pieces(before):
        q = now.get(p.id)
        if q is None:
            if p.type == "TR":  # an empty transport leaves the board (R31): no loss
                continue
            if p.type in ("CAG", "LBA"):
                word = "shot down" if combat and p.where in AREA_NAMES else "lost"
            else:
                word = "sunk" if p.where in AREA_NAMES else "destroyed"
            out[p.side].append(f"{p.name} {word}")
        elif q.damaged and not p.damaged:
            out[p.side].append(f"{p.name} damaged")
    for side in ("US", "JA"):
        lost = before.airfields.get(side, 0) - after.airfields.get(side, 0)
        if lost > 0:
            out[side].append(f"{lost} airfield{'s' if lost > 1 else ''} lost")
    return out


# --- beats: what the player sees, one combat exchange or one event at a time ---------------------


@define
class Beat:
    """One thing the battle did, shown as a unit: a combat exchange (both sides' rolls and the
    hits), a group of events, a battle-turn summary or the end."""

    kind: str  # "combat", "event", "turn", "end"
    title: str
    lines: list[tuple[str, str]] = field(factory=list)  # (side, text); side "" for neutral
    summary: str = ""
    seq: int = 0  # the last journal entry it covers
    turn: int = 0
    first: int = 0  # its first journal entry
    area: str = ""  # the battle area a combat beat happens in (JO, IS, CO, UO)


def entry_turn(step: str) -> int:
    m = re.match(r"battle:turn (\d+):", step)
    return int(m[1]) if m else 0


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class BeatMaker:
    """Turns the battle's journal entries into beats as they come (one answer at a time). What a
    beat did to the board (damage, losses) is read from the boards before and after it."""

    def __init__(self, history: BoardHistory, names: dict[str, str]) -> None:
        self.history = history
        self.plans = names
        self.turn = 0
        self.turn_start = 0  # seq of the turn's first entry
        self.open: Beat | None = None  # the combat beat still open to its hit placements
        self.key: tuple = ()  # (step, area, row) of the open combat beat
        self.sides_rolled: set[str] = set()
        self.pending: Beat | None = None  # the beat whose losses are not measured yet
        self.mark: BattleView | None = None  # the board where the last measured beat ended
        self.start: BattleView | None = None  # the board where the pending beat began

    def feed(self, entries: list[JournalEntry]) -> list[Beat]:
        beats: list[Beat] = []
        for e in entries:
            if not e.step.startswith("battle:") or e.kind in ("roll", "decision"):
                continue
            t = entry_turn(e.step)
            if t and t != self.turn:
                if self.turn:
                    self._add(beats, self.turn_summary(e.seq - 1, True), e.seq)
                self.turn, self.turn_start, self.open = t, e.seq, None
            if e.step == "battle:end":
                if self.turn:
                    self._add(beats, self.turn_summary(e.seq, False), e.seq)
                why = say(e.data.get("why", ""), self.plans)
                self._add(
                    beats,
                    Beat(
                        "end",
                        "The battle is over",
                        [("", why[:1].upper() + why[1:])],
                        seq=e.seq,
                        turn=self.turn,
                        first=e.seq,
                    ),
                    e.seq,
                )
                self.open = None
                continue
            d = e.data if isinstance(e.data, dict) else {}
            if d.get("rolls") is not None and "step" in d:
                self.combat(e, beats)
            elif self.open is not None and (d.get("step"), d.get("area")) == self.key[:2]:
                self._placement(e, beats)
            elif self.open is not None and "plan" in d and d.get("step") == self.key[0]:
                beat = self._open_here(e, beats)
                beat.lines.append((e.side, say(e.text, self.plans)))
                beat.seq = e.seq
            else:
                self.event(e, beats)
        mine = [e.seq for e in entries if e.seq in self.history.at and e.step.startswith("battle:")]
        self._measure(self.history.at[max(mine)] if mine else None)
        self.pending = None  # shown now: what follows a question is a beat of its own
        return beats

    def _add(self, beats: list[Beat], beat: Beat, seq: int) -> None:
        """A new beat: the one before it is measured on the board just before `seq`."""
        # state changes between two entries belong to the earlier one (the bot logs its losses
        # before applying them), so measure up to the board at the new beat's first entry
        self._measure(self.history.at.get(seq) or self.history.before(seq))
        beats.append(beat)
        if beat.kind in ("combat", "event"):
            self.pending = beat
            self.start = self.mark or self.history.before(beat.first)

    def _measure(self, upto: BattleView | None) -> None:
        """Give the pending beat what changed from where it began to `upto`; each change on the
        board falls in exactly one beat."""
        beat = self.pending
        if beat is None:
            return
        if upto is not None:
            self.mark = upto
        lost = losses(self.start, upto, combat=beat.kind == "combat")
        parts = [s for s in beat.summary.split("; ") if s and ":" not in s]
        parts += [f"{SIDE_WORDS[side]}: " + ", ".join(lost[side]) for side in ("JA", "US") if lost[side]]
        beat.summary = "; ".join(parts) or ("no losses" if beat.kind == "combat" else "")

    def combat(self, e: JournalEntry, beats: list[Beat]) -> None:
        d = e.data
        row = d["rolls"][0].get("note", "") if d["rolls"] else ""
        key = (d["step"], d["area"], "" if "extra roll" in row else row)
        if self.open is None or key != self.key or e.side in self.sides_rolled:
            where = AREA_NAMES.get(d["area"], d["area"])
            title = f"{STEP_WORDS.get(d['step'], d['step'])} · {where}" + (f" · {key[2]}" if key[2] else "")
            self.open = Beat("combat", title, seq=e.seq, turn=self.turn, first=e.seq, area=d["area"])
            self.key, self.sides_rolled = key, set()
            self._add(beats, self.open, e.seq)
        beat = self.open
        self.sides_rolled.add(e.side)
        who = SIDE_WORDS.get(e.side, e.side)
        rolls = d["rolls"]
        beat.lines.append((e.side, f"{who} rolls {_plural(len(rolls), 'die')}:".replace("dies", "dice")))
        for r in rolls:
            mods = ", ".join(
                say(m.get("source", ""), self.plans).replace("JA plan ", "").replace("US plan ", "")
                + f" {m.get('from')}→{m.get('to')}"
                for m in r.get("modifiers", [])
            )
            hits = r.get("hits", 0)
            mark = "miss" if not hits else "HIT" if hits == 1 else "2 HITS"
            extra = f" [{r['note']}]" if "extra roll" in r.get("note", "") else ""
            beat.lines.append(
                (
                    e.side,
                    f"  {self.history.name(r['attacker'])}{extra}: "
                    f"{need_text(r.get('rating', ''))}"
                    + (f" ({mods})" if mods else "")
                    + f", rolled {r.get('face')}: {mark}",
                )
            )
        n = d.get("hits", 0)
        beat.lines.append((e.side, f"{who} scores {_plural(n, 'hit')}."))
        beat.summary = "; ".join(filter(None, [beat.summary, f"{who} {_plural(n, 'hit')}"]))
        beat.seq = e.seq

    def _placement(self, e: JournalEntry, beats: list[Beat]) -> None:
        """Hits placed on one side (Japan by its rule, the US by the player's choice)."""
        beat = self._open_here(e, beats)
        d = e.data
        who = SIDE_WORDS.get(e.side, e.side)
        n = d.get("hits", 0)
        cancelled = len(d.get("cancelled", []))
        line = f"{who} takes {_plural(n, 'hit')}" + (f", {cancelled} cancelled by a plan" if cancelled else "")
        if d.get("lost"):
            line += f", {d['lost']} with no target left"
        beat.lines.append((e.side, line + "."))
        beat.seq = e.seq

    def _open_here(self, e: JournalEntry, beats: list[Beat]) -> Beat:
        """The open combat beat, or its continuation when the player decided in between (what
        was shown before the question stays as it was)."""
        beat = self.open
        assert beat is not None
        if not any(b is beat for b in beats):
            title = beat.title if beat.title.endswith(" · hits placed") else beat.title + " · hits placed"
            beat = Beat("combat", title, seq=e.seq, turn=self.turn, first=e.seq, area=beat.area)
            self.open = beat
            self._add(beats, beat, e.seq)
        return beat

    def event(self, e: JournalEntry, beats: list[Beat]) -> None:
        self.open = None
        text = event_text(e, self.plans)
        if not text:
            return
        last = beats[-1] if beats else None
        if last is not None and last.kind == "event" and last.title == step_title(e.step):
            last.lines.append((e.side, text))
            last.seq = e.seq
            return
        self._add(
            beats, Beat("event", step_title(e.step), [(e.side, text)], seq=e.seq, turn=self.turn, first=e.seq), e.seq
        )

    def turn_summary(self, seq: int, more: bool) -> Beat:
        start = self.history.before(self.turn_start)
        end = self.history.at.get(seq) or self.history.before(seq + 1)
        lost = losses(start, end)
        lines = [
            (side, f"{SIDE_WORDS[side]} damage and losses: " + (", ".join(lost[side]) or "none"))
            for side in ("US", "JA")
        ]
        length = end.length if end is not None else 0
        if end is not None:
            used = [n for n, s in end.us_plans if s == "used"]
            lines.append(("US", "US plans used so far: " + (", ".join(used) or "none")))
            lines.append(("JA", "Japanese plans this turn: " + (", ".join(end.ja_plans_now) or "none")))
        nxt = (
            f"Next: battle turn {self.turn + 1} of {length}: Japan draws its plans, then you send your aircraft."
            if more
            else "Next: the battle ends."
        )
        return Beat("turn", f"End of battle turn {self.turn}", lines, nxt, seq=seq, turn=self.turn, first=seq)


def step_title(step: str) -> str:
    """'battle:turn 2:JA aircraft' -> 'Japanese aircraft take off'."""
    part = step.split(":")[-1]
    return {
        "setup": "Setting up",
        "US placement": "Setting up",
        "JA placement": "Japan places its forces",
        "US submarines": "The board is set",
        "length": "Battle length",
        "US plans": "Battle plans",
        "draw plans": "Japan draws its plans",
        "plans": "Plans at the start of the turn",
        "US aircraft": "Your aircraft take off",
        "JA aircraft": "Japanese aircraft take off",
        "infantry advance": "Infantry advance",
        "return aircraft": "Aircraft return",
        "airfield losses": "Airfield losses",
        "end": "End of the turn",
    }.get(part, STEP_WORDS.get(part.replace(" ", "_"), part.capitalize()))


def event_text(e: JournalEntry, plans: dict[str, str]) -> str:
    """An event's line for the beat (the board set-up line is the board itself)."""
    d = e.data if isinstance(e.data, dict) else {}
    if "positions" in d or e.text.endswith(" begins"):
        return ""
    if "moves" in d and isinstance(d["moves"], dict):  # the US aircraft moves
        moved: dict[str, int] = {}
        for _pid, area in d["moves"].items():
            if area != "home":
                moved[area] = moved.get(area, 0) + 1
        text = "US aircraft fly: " + (
            ", ".join(f"{n} to the {AREA_NAMES.get(a, a)}" for a, n in moved.items()) or "none"
        )
        if d.get("plans"):
            text += "; plans played: " + ", ".join(plans.get(p, p) for p in d["plans"])
        return text
    return say(e.text, plans)


# --- odds before the player commits (nimitz/engine/battle/odds.py does the arithmetic) ----------


def air_odds(game: Game, assignment: dict[str, str]) -> list[str]:
    """One line per area the player sends aircraft to: the AAA waiting there and the bombs'
    chances if the aircraft get through."""
    from nimitz.engine.battle import odds
    from nimitz.engine.battle.board import Board

    board = Board(game)
    waiting = []
    for area in ("JO", "CO", "UO"):
        values = [str(board.rating(p, "aaa")[0]) for p in board.ships("JA", area) if board.rating(p, "aaa")[0]]
        waiting.append(f"{SHORT_AREAS[area]} " + (", ".join(values) or "none"))
    lines = [
        "Japanese AAA (each ship fires once per aircraft, escorts then carriers): "
        + " · ".join(waiting)
        + " · none over the Island"
    ]
    by_area: dict[str, list[str]] = {}
    for pid, area in assignment.items():
        if area in AREA_NAMES:
            by_area.setdefault(area, []).append(pid)
    for area in ("JO", "IS", "CO", "UO"):
        group = by_area.get(area)
        if not group:
            continue
        aaa = odds.aaa_odds(board, "US", area, len(group))
        bombs = odds.bomb_odds(board, "US", area, group)
        text = f"{AREA_NAMES[area]} ({len(group)} aircraft): "
        text += f"AAA on them {aaa.text()}" if aaa else ("no AAA over the Island" if area == "IS" else "no AAA there")
        text += f" | bombs {bombs.text()}" if bombs else " | nothing to bomb there now"
        lines.append(text)
    return lines


def coastal_odds(game: Game, ships: list[str]) -> str:
    """The naval guns of the ships the player puts in Coastal (Japan places after the US, so
    its targets there are not known yet)."""
    from nimitz.engine.battle import odds
    from nimitz.engine.battle.board import Board

    board = Board(game)
    ratings = [board.rating(p, "surface")[0] for p in ships]
    ratings = [r for r in ratings if r]
    if not ratings:
        return "No ship in Coastal: no naval guns (only ships in Coastal fire them)."
    return f"Naval guns from Coastal ({len(ratings)} ships), if Japan has targets there: {odds.odds(ratings).text()}"


def plan_odds(game: Game, plan_id: str) -> str:
    """What an extra-hit plan adds, if every US force able to fire in its step does."""
    from nimitz.engine.battle import odds
    from nimitz.engine.battle.board import Board

    board = Board(game)
    plan = game.data.us_plans.by_id.get(plan_id)
    if plan is None or plan.effect["kind"] != "extra_hit_after_hit":
        return ""
    step = plan.effect["step"]
    rating = {"dogfight": "dogfight", "bomb_runs": "ship", "naval_guns": "surface", "aaa": "aaa"}[step]
    pieces = [
        p
        for p in board.ids("US")
        if (
            board.cls(p).is_aircraft
            if step in ("dogfight", "bomb_runs")
            else board.cls(p).is_ship and board.cls(p).type not in ("SS", "TR")
        )
    ]
    ratings = [r for r in (board.rating(p, rating)[0] for p in pieces) if r]
    if not ratings:
        return "You have nothing that fires in that step."
    without = odds.odds(ratings)
    with_plan = odds.odds(ratings, extra_after_hit=plan.effect["hits"])
    return (
        f"If all {len(ratings)} of your forces that can fire in the {words.COMBAT_STEP_WORDS[step]} step "
        f"do: expected {float(without.expected):.1f} hits without it, "
        f"{float(with_plan.expected):.1f} with it"
    )


def hit_effect(game: Game, target: dict, already: int) -> str:
    """What one more hit on `target` does (battle_allocate_hits target info), after `already`
    hits placed on it in this allocation."""
    from nimitz.engine.battle.board import Board

    kind = target.get("kind", "")
    if kind == "airfield":
        return "removes one airfield; land-based aircraft beyond the airfields are lost at the end of the turn"
    if kind == "transport":
        return "becomes 2 hits on the infantry aboard"
    board = Board(game)
    damaged = bool(target.get("damaged")) or already > 0
    if damaged:
        return "destroys it" + (" (and any aircraft on its deck)" if board.cls(target["id"]).is_carrier else "")
    cls = board.cls(target["id"])
    deck = " and loses the aircraft on its deck (R30)" if cls.is_carrier else ""
    return f"damages it{deck}: its values drop to {cls.values_text(True)}"


# --- auto: what the scripted player chose, and why ------------------------------------------------

AUTO_WHY = {
    "battle_place_ships": "ships go to Coastal when Japan brings island forces or no carriers (their "
    "guns reach the Island there); destroyers stay with your carriers",
    "battle_place_subs": "submarines go where Japan has the most ships",
    "battle_plans": "it spends 1 SP with 4 or more (2 with 8 or more) and buys the most useful plans "
    "it can afford, damage control and extra-hit plans first",
    "battle_air": "every aircraft flies where Japan's carriers are, else its other ships, else the "
    "Island; plans that can help this turn are played",
    "battle_allocate_hits": "hits go on your lowest values first (the automatic rule, R15)",
    "battle_reactive": "a plan that applies is used when it is offered",
    "battle_first_light": "the first carrier and area offered strike",
    "battle_excess_aircraft": "damaged aircraft go first, then the lowest values",
    "battle_airfield_losses": "damaged aircraft go first, then the lowest values",
    "battle_ja_tie": "a damaged Japanese force is hit first (it sinks)",
}


def auto_note(policy: str, request, decision) -> str:  # Request, Decision
    """'Auto (sensible player): <what>. Why: <why>.' for the notification after `a`."""
    kind = request.kind
    offered = next((o.label for o in request.options if o.decision == decision), "")
    if offered and kind not in ("battle_allocate_hits", "battle_air", "battle_plans"):
        what = say(offered)
    elif kind == "battle_air":
        per_area: dict[str, int] = {}
        for area in decision.targets.values():
            if area in AREA_NAMES:
                per_area[area] = per_area.get(area, 0) + 1
        what = (
            "sends " + ", ".join(f"{n} aircraft to the {AREA_NAMES[a]}" for a, n in per_area.items())
            if per_area
            else "keeps every aircraft home"
        )
        if decision.forces:
            what += "; plays " + ", ".join(words.plan_name(p) for p in decision.forces)
    elif kind == "battle_plans":
        what = f"spends {decision.count} SP and buys " + (
            ", ".join(words.plan_name(p) for p in decision.forces) or "no plan"
        )
    else:
        what = words.player_text(words.decision_words(decision))
    why = AUTO_WHY.get(kind, "") if policy == "sensible" else f"the {policy} player's choice"
    return f"Auto ({policy} player): {what}" + (f". Why: {why}." if why else ".")
