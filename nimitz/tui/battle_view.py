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


def battle_view(game: Game, seen: dict[str, str] | None = None) -> BattleView | None:
    """The board now; `seen` names the pieces seen earlier (a carrier aircraft lost leaves the
    battle's pieces, and its id is no name)."""
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
            name=re.sub(r"^JA ", "Japanese ", board.name(pid)),  # 'JA transport
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
    seen = seen or {}
    destroyed += [bs.pieces[p].name if p in bs.pieces else seen.get(p) or p.split(":", 1)[-1] for p in bs.lost_pieces]
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


def is_battle_start(e: JournalEntry) -> bool:
    """The event that opens a battle (its set-up, naming the map area)."""
    return e.step == "battle:setup" and e.kind == "event" and "area" in e.data


def battle_entries(journal: list[JournalEntry], area: str | None = None) -> list[JournalEntry]:
    """The journal entries of the latest battle (in `area` if given), from its start on."""
    start = None
    for i in range(len(journal) - 1, -1, -1):
        e = journal[i]
        if is_battle_start(e) and (area is None or e.data["area"] == area):
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
    text = _ENDED_LENGTH.sub(lambda m: f"its length of {_plural(int(m[1]), 'battle turn')} is reached", text)
    text = _BATTLE_IN.sub(lambda m: "Battle in " + area_name(m[1]), text)
    text = _COUNTED.sub(lambda m: f"{m[1]} {m[2]}{'' if m[1] == '1' else 's'}", text)
    text = _JA_VERB.sub("Japan ", text)
    text = re.sub(r"\bJA:", "Japan:", text)
    text = re.sub(r"\bJA (?=[A-Za-z])", "Japanese ", text)
    return words.player_text(text).replace("->", "→")


_BATTLE_IN = re.compile(r"\bBattle in ([A-Z][A-Z0-9]{1,3})\b")  # the engine's 'Battle in GI ends'


def area_name(code: str) -> str:
    """A map area by its name ('GI' -> 'Gilbert Islands'), from the game data."""
    from nimitz.model.load import load_game_data

    return next((a.name for a in load_game_data().map.areas if a.code == code), code)


_COUNTED = re.compile(r"\b(\d+) (\w+)\(s\)")  # the engine's '2 hit(s)': said as '2 hits'
# 'JA' as a subject ('JA scores 2 hits') is Japan; before a noun ('JA plans') it is Japanese
_JA_VERB = re.compile(r"\bJA (?=(?:scores|takes|draws|places|rolls|has|plays|loses|uses)\b)")
# why a battle ended (engine/battle/turn.py `over`), as a player would say it
ENDED_WORDS = {
    "no forces left on the sheet": "no force of either side is left on the battle sheet",
    "only Japanese forces remain": "only Japanese forces are left on the battle sheet",
    "only US forces remain": "only US forces are left on the battle sheet",
    "one side has no forces on the battle sheet": "one side has no force on the battle sheet",
}
_ENDED_LENGTH = re.compile(r"the battle turn counter leaves the track \(length (\d+)\)")


def ended_words(why: str) -> str:
    """Why the battle ended, for a player: 'it has lasted its 2 battle turns, the length rolled at
    the start'."""
    m = _ENDED_LENGTH.fullmatch(why)
    if m:
        n = int(m[1])
        return f"it has lasted its {_plural(n, 'battle turn')}, the length rolled at the start"
    return ENDED_WORDS.get(why, why)


def plan_names(game: Game) -> dict[str, str]:
    return {p.id: p.name for p in (*game.data.us_plans.plan, *game.data.ja_plans.plan)}


def need_text(rating: str) -> str:
    """'5/2' -> 'needs 5 or less (2 or less: 2 hits)'."""
    value, _, superior = rating.partition("/")
    return f"needs {value} or less" + (f" ({superior} or less: 2 hits)" if superior else "")


# --- snapshots: the board at every battle entry, so each beat shows the board as it was ---------


class BoardHistory:
    """The battle board at each journal entry written while the TUI watched (a journal listener),
    and every piece's name ever seen (destroyed pieces leave the board).

    Only the boards of the last `keep_battles` battles are kept, or a campaign's boards would
    pile up to its end (each a copy of the battle sheet). A battle's beats are shown right after
    the decision that fought them, and a decision ends a battle and may begin the next (never
    more than one begun, over 12 campaigns of the sensible player): three leave room."""

    KEEP_BATTLES = 3

    def __init__(self, keep_battles: int = KEEP_BATTLES) -> None:
        self.at: dict[int, BattleView] = {}
        self.names: dict[str, str] = {}
        self.keep_battles = keep_battles
        self._starts: list[int] = []  # the first entry of each battle kept

    def record(self, game: Game, entry: JournalEntry) -> None:
        if not entry.step.startswith("battle"):
            return
        if is_battle_start(entry):
            self._starts = [*self._starts, entry.seq][-self.keep_battles :]
            oldest = self._starts[0]
            for seq in [s for s in list(self.at) if s < oldest]:  # (a copy: the UI thread reads it)
                del self.at[seq]
        if game.state.battle is None:
            return
        view = battle_view(game, self.names)
        if view is None:
            return
        self.at[entry.seq] = view
        for pv in all_pieces(view):
            self.names[pv.id] = pv.name

    def before(self, seq: int) -> BattleView | None:
        """The board just before entry `seq`."""
        earlier = [s for s in list(self.at) if s < seq]
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


_plural = words.counted  # '1 hit', '2 hits'


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
        self.resumed_turn = 0  # the battle turn the battle was reopened in from its save, part-way

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
                why = ended_words(e.data.get("why", ""))
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
                say(m.get("source", ""), self.plans).replace("Japanese plan ", "").replace("US plan ", "")
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
        since = " since you reopened the battle" if self.turn == self.resumed_turn else ""
        lines = [
            (side, f"{SIDE_WORDS[side]} damage and losses{since}: " + (", ".join(lost[side]) or "none"))
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
    if d.get("procedure") == "JA battle plan draw" and d.get("result"):  # what each plan does
        from nimitz.model.load import load_game_data

        by_id = load_game_data().ja_plans.by_id
        got = [by_id[p] for p in d["result"] if p in by_id]
        return "Japan's plans this battle turn:\n" + "\n".join(f"  {p.name}: {p.description}" for p in got)
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
    text = say(e.text, plans)
    return text[:1].upper() + text[1:]


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
    lines = ["Japanese AAA, each ship once per aircraft: " + " · ".join(waiting) + " · none over the Island"]
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
        lines.append(f"{AREA_NAMES[area]}, {_plural(len(group), 'aircraft').replace('aircrafts', 'aircraft')}:")
        lines.append(
            f"  AAA on them: {aaa.text()}"
            if aaa
            else ("  no AAA over the Island" if area == "IS" else "  no AAA there")
        )
        lines.append(f"  your bombs: {bombs.text()}" if bombs else "  nothing to bomb there now")
        fighters = [r for r in (board.rating(p, "dogfight")[0] for p in group) if r]
        if fighters and board.aircraft("JA"):  # Japan's aircraft roll for their area after yours move
            lines.append(f"  dogfight, if Japan's aircraft come: {odds.odds(fighters).text()}")
    return lines


def placement_odds(game: Game, placed: dict[str, str]) -> list[str]:
    """Ship placement (`placed`: ship -> UO/CO): the AAA your ships will fire in each area (each
    ship once per Japanese aircraft attacking there, escorts then carriers; carriers always sit
    in the US Ocean) and the naval guns of the ships in Coastal."""
    from nimitz.engine.battle.board import Board

    board = Board(game)
    by_area: dict[str, list[str]] = {"UO": [p for p in board.carriers("US")], "CO": []}
    for pid, area in placed.items():
        by_area.setdefault(area, []).append(pid)
    aaa = []
    for area in ("UO", "CO"):
        values = sorted(
            (board.rating(p, "aaa")[0] for p in by_area[area]), key=lambda r: (r.value, r.superior), reverse=True
        )
        aaa.append(f"{AREA_NAMES[area]} " + (", ".join(str(r) for r in values if r) or "none"))
    return [
        "Your AAA, each ship once per attacking aircraft: " + " · ".join(aaa),
        coastal_odds(game, by_area["CO"]),
    ]


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
    ships_text = _plural(len(ratings), "ship")
    return f"Naval guns from Coastal ({ships_text}), if Japan has targets there: {odds.odds(ratings).text()}"


# the step a plan acts in -> (the value its forces roll, which US forces fire in it, in words)
STEP_FIRERS = {
    "dogfight": ("dogfight", "aircraft"),
    "aaa": ("aaa", "ships"),
    "bomb_runs": ("ship", "aircraft"),
    "naval_guns": ("surface", "ships"),
    "infantry": ("infantry", "infantry"),
}


def step_ratings(game: Game, step: str) -> list:
    """The current values (Ratings) of the US forces that fire in `step`: every aircraft, ship
    (not submarines or transports) or infantry unit in the battle."""
    from nimitz.engine.battle.board import Board

    board = Board(game)
    rating, who = STEP_FIRERS[step]

    def fires(p: str) -> bool:
        c = board.cls(p)
        if who == "aircraft":
            return c.is_aircraft
        if who == "infantry":
            return c.type in ("INF", "BN")
        return c.is_ship and c.type not in ("SS", "TR")

    pieces = [p for p in board.ids("US") if fires(p)]  # carrier aircraft included (battle pieces)
    return [r for r in (board.rating(p, rating)[0] for p in pieces) if r]


def infantry_can_fight(game: Game) -> bool:
    """Whether US infantry can be in the foxholes in some battle turn: ashore now, or aboard and
    the battle lasts past the first advance (infantry land at the end of a battle turn)."""
    from nimitz.engine.battle.board import Board
    from nimitz.policies.battle import ground_fight_possible

    return ground_fight_possible(Board(game))


def reroll_distribution(ratings: list) -> list:
    """P(hits = k) when one missed roll may be rolled again (Envelop): the best-valued miss is
    rerolled. Exact: every roll's three outcomes (miss, 1 hit, 2 hits) are enumerated."""
    import itertools
    from fractions import Fraction

    from nimitz.engine.battle.odds import roll_outcomes

    per = [roll_outcomes(r) for r in ratings]
    out: list[Fraction] = [Fraction(0)] * (2 * len(ratings) + 3)
    for combo in itertools.product(range(3), repeat=len(ratings)):
        p = Fraction(1)
        for outcomes, k in zip(per, combo, strict=True):
            p *= outcomes[k]
        if not p:
            continue
        scored = sum(combo)
        missed = [i for i, k in enumerate(combo) if k == 0]
        if not missed:
            out[scored] += p
            continue
        best = max(missed, key=lambda i: (ratings[i].value, ratings[i].superior))
        for k, q in enumerate(per[best]):
            out[scored + k] += p * q
    while len(out) > 1 and not out[-1]:
        out.pop()
    return out


def plan_odds(game: Game, plan_id: str) -> str:
    """What a plan does to the odds, exactly (engine/battle/odds.py): the chance of 0, 1, 2+
    hits and the expected hits of the step it acts in, without and with it, if every US force
    that fires in that step does. First Light: its chance to strike."""
    from fractions import Fraction

    from nimitz.engine.battle import odds

    plan = game.data.us_plans.by_id.get(plan_id)
    if plan is None:
        return ""
    effect = plan.effect
    kind = effect["kind"]
    if kind == "first_light":
        bs = game.state.battle
        turns = max(1, bs.length - bs.turn) if bs is not None and bs.length else 1
        single = Fraction(odds.FACES + 1 - effect["roll_min"], odds.FACES)  # 7+: faces 7-10
        over = 1 - (1 - single) ** turns
        return (
            f"Strikes on a roll of {effect['roll_min']}+: {odds.pct(single)} each battle turn, "
            f"{odds.pct(over)} within the battle's {_plural(turns, 'turn')} (it stays until it strikes)"
        )
    if kind == "cancel_hit":
        n = effect.get("count", 1)
        return f"No odds to change: it takes {_plural(n, 'hit')} off your forces after the dice."
    step = effect.get("step", "")
    if kind not in ("extra_hit_after_hit", "extra_roll", "automatic_hit", "reroll") and step not in STEP_FIRERS:
        return ""
    if kind == "reroll":
        step = effect["steps"][0]
    if step not in STEP_FIRERS:
        return ""
    if step == "infantry" and not infantry_can_fight(game):
        return (
            "Your infantry are still aboard their transports, and the battle ends before the advance "
            "brings them to the foxholes: they have no infantry step in this battle."
        )
    ratings = step_ratings(game, step)
    if not ratings and kind != "automatic_hit":
        return f"You have nothing that fires in the {words.COMBAT_STEP_WORDS[step]} step here."
    without = odds.odds(ratings)
    if kind == "extra_hit_after_hit":
        with_plan = odds.odds(ratings, extra_after_hit=effect["hits"])
    elif kind == "extra_roll":
        best = max(ratings, key=lambda r: (r.value, r.superior))
        with_plan = odds.odds([*ratings, best])
    elif kind == "automatic_hit":
        with_plan = odds.odds(ratings, sure_hits=effect["hits"])
    else:
        with_plan = odds.Odds.of(reroll_distribution(ratings), len(ratings))
    who = STEP_FIRERS[step][1]
    name = words.COMBAT_STEP_WORDS[step]
    return (
        f"{name[:1].upper()}{name[1:]} step, "
        + (
            f"if your {len(ratings)} {who} able to fire all do:\n"
            if len(ratings) != 1
            else f"if your one {who.removesuffix('s')} able to fire does:\n"
        )
        + f"  without it {without.text()}\n"
        f"  with it    {with_plan.text()}"
    )


def hit_refused(info: dict, placed: tuple[str, ...], target_id: str) -> str:
    """Why one more hit may not go on `target_id` after `placed` (R15: the lowest values first;
    no airfield while infantry hold foxholes), or '' when it may."""
    from nimitz.policies.battle import alloc_of

    if "targets" not in info:  # not a hit allocation
        return ""
    alloc = alloc_of(info, placed)
    t = alloc.by_id.get(target_id)
    if t is None:
        return ""
    legal = alloc.legal()
    if t not in legal:
        if alloc.remaining(t) <= 0:
            return "it can take no more hits"
        return "not while infantry hold the foxholes: they take the hits before any airfield"
    if not alloc.r15_ok(t, legal):
        cheaper = [u.name for u in legal if u.cost < t.cost and not alloc.damaged_now(u)]
        return "lower values first (R15): " + ", ".join(cheaper[:3]) + (" …" if len(cheaper) > 3 else "")
    return ""


def hit_effect(game: Game, target: dict, already: int) -> str:
    """What one more hit on `target` does (battle_allocate_hits target info), after `already`
    hits placed on it in this allocation."""
    from nimitz.engine.battle.board import Board

    kind = target.get("kind", "")
    if game.state.battle is None:  # the battle is over: nothing left to hit
        return ""
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


# --- auto: what the expert chose, and why (said before the answer is applied) -------------------

# why, by request kind, when no closer reason is known (the expert's battle answers are the
# sensible battle player's, policies/battle.py, except plan buying)
AUTO_WHY = {
    "battle_place_subs": "submarines go where Japan has the most ships",
    "battle_allocate_hits": "hits go on your lowest values first, the rule's own order (R15), so the "
    "forces that fight best survive",
    "battle_reactive": "a plan that applies is used when it is offered: it was bought for this",
    "battle_first_light": "a First Light strike hits before Japan's aircraft move",
    "battle_excess_aircraft": "damaged aircraft go first, then the lowest values",
    "battle_airfield_losses": "damaged aircraft go first, then the lowest values",
    "battle_ja_tie": "a damaged Japanese force is hit first: one more hit sinks it",
    "battle_order": "the battles are fought in the order offered",
}


def auto_note(game: Game, request, decision, reason: str = "") -> str:  # Request, Decision
    """'<what it chose>. Why: <why>.' for the notification after `a`, computed on the board
    before the answer is applied (the odds are those of the moment of choosing). `reason`: the
    policy's own reason, used when there is no closer one."""
    kind = request.kind
    offered = next((o.label for o in request.options if o.decision == decision), "")
    why = AUTO_WHY.get(kind, reason)
    if kind == "battle_air":
        what, why = _auto_air(game, request, decision)
    elif kind == "battle_plans":
        plans = ", ".join(words.plan_name(p) for p in decision.forces)
        what = f"{_plural(decision.count, 'SP')} for {plans}" if plans else "no plan bought"
        why = _auto_plans_why(game, decision, reason)
    elif kind == "battle_place_ships":
        what, why = _auto_ships(game, request, decision)
    elif kind == "battle_allocate_hits":
        names = {t["id"]: t["name"] for t in request.info.get("targets", [])}
        order = decision.forces if decision.choice != "auto" else tuple(request.info.get("auto", []))
        what = "the hits on " + (_hit_list([names.get(f, f) for f in order]) or "nothing")
    elif kind in ("battle_excess_aircraft", "battle_airfield_losses") and decision.choice == "auto":
        what = "the automatic choice of losses"
    elif offered:
        what = say(offered)
    else:
        what = words.player_text(words.decision_words(decision))
    # after "The expert chose: " (a line of its own in the battle log, the beat panel or a
    # notice), so no capital and no verb; a name may end the sentence with its own full stop
    return what + ("" if what.endswith(".") else ".") + (f" Why: {why}." if why else "")


def _hit_list(names: list[str]) -> str:
    """'6th (2 hits), 24th': each target once, in order, with its count of hits."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(f"{n} ({c} hits)" if c > 1 else n for n, c in counts.items())


def area_phrase(area: str) -> str:
    """A battle area as a destination: 'the Coastal area', 'the Island', 'the US Ocean'."""
    return "the Coastal area" if area == "CO" else f"the {AREA_NAMES[area]}"


def _auto_air(game: Game, request, decision) -> tuple[str, str]:
    from nimitz.engine.battle import odds
    from nimitz.engine.battle.board import Board

    board = Board(game)
    per_area: dict[str, list[str]] = {}
    for pid, area in decision.targets.items():
        if area in AREA_NAMES:
            per_area.setdefault(area, []).append(pid)
    what = (
        ", ".join(f"{len(g)} aircraft to {area_phrase(a)}" for a, g in per_area.items())
        if per_area
        else "every aircraft kept home"
    )
    if decision.forces:
        what += "; plans played: " + ", ".join(words.plan_name(p) for p in decision.forces)
    reasons = []
    for area, group in per_area.items():
        ships = [board.name(p) for p in board.ships("JA", area)] if area != "IS" else []
        carriers = [board.name(p) for p in board.carriers("JA") if board.box(p) == area]
        if carriers:
            target = "Japan's carriers are there (" + ", ".join(carriers) + ")"
        elif ships:
            target = "Japan's ships are there (" + ", ".join(ships[:3]) + ")"
        elif area == "IS":
            target = "there is nothing better to bomb than the Island"
        else:
            target = "to meet Japan's aircraft"
        bombs = odds.bomb_odds(board, "US", area, group)
        aaa = odds.aaa_odds(board, "US", area, len(group))
        bits = [target]
        if bombs:
            bits.append(f"expected {float(bombs.expected):.1f} bomb hits if they get through")
        if aaa:
            bits.append(f"Japanese AAA there expects {float(aaa.expected):.1f} hits on them")
        reasons.append(": ".join(bits[:1]) + ("; " + ", ".join(bits[1:]) if bits[1:] else ""))
    if not per_area:
        reasons.append("there is no Japanese target its aircraft can reach this turn")
    if decision.forces:
        idle = idle_plans(game, decision.forces)
        acting = [words.plan_name(p) for p in decision.forces if p not in idle]
        if acting:
            reasons.append(", ".join(acting) + " can act this turn")
        if idle:
            reasons.append(
                "beware: " + ", ".join(words.plan_name(p) for p in idle) + " cannot act this turn (no infantry "
                "of yours in the foxholes yet) and is spent for nothing"
            )
    return what, "; ".join(reasons)


def idle_plans(game: Game, plans) -> list[str]:
    """The plans among `plans` that cannot act in this battle turn: a requirement not met (your
    infantry ashore for Artillery) or an infantry-step plan with none of your infantry in the
    foxholes, where the infantry step fires from (the advance comes after combat)."""
    from nimitz.engine.battle.board import Board
    from nimitz.policies.battle import plan_idle_now

    board = Board(game)
    return [p for p in plans if p in game.data.us_plans.by_id and plan_idle_now(board, game.data.us_plans.by_id[p])]


def _auto_plans_why(game: Game, decision, reason: str) -> str:
    bs = game.state.battle
    length = f"the battle lasts {_plural(bs.length, 'battle turn')}" if bs is not None and bs.length else ""
    if not decision.forces:
        return "; ".join(filter(None, [reason or "no plan is worth its cost here", length]))
    idle = [
        words.plan_name(p)
        for p in decision.forces
        if (plan := game.data.us_plans.by_id.get(p)) is not None
        and "infantry" in (plan.effect.get("step", ""), *plan.effect.get("steps", ()))
    ]
    caveat = (
        f"beware: {', '.join(idle)} {'acts' if len(idle) == 1 else 'act'} only once your infantry reach "
        "the foxholes, and this battle may end first"
        if idle and not infantry_can_fight(game)
        else ""
    )
    return "; ".join(
        filter(
            None,
            [
                reason,
                "its order: damage control and extra-hit plans first, ground plans first on a contested island",
                length,
                caveat,
            ],
        )
    )


def _auto_ships(game: Game, request, decision) -> tuple[str, str]:
    ships = {s["id"]: s["name"] for s in request.info.get("ships", [])}
    coastal = [ships.get(p, p) for p, a in decision.targets.items() if a == "CO"]
    if not coastal:
        what = "every ship kept in the US Ocean"
    elif len(coastal) == len(decision.targets):
        what = "every ship to the Coastal area"
    else:
        what = ", ".join(coastal) + " to the Coastal area, the rest to the US Ocean"
    japanese = request.info.get("japanese", [])
    island = sum(1 for j in japanese if j.get("type") in ("INF", "BN", "LBA"))
    carriers = sum(1 for j in japanese if j.get("type") in ("CV", "CVL", "CVE"))
    if coastal and island:
        why = (
            f"Japan brings {_plural(island, 'island force')}: from Coastal the naval guns reach the Island "
            "and Japan's ships there"
        )
        why += f" ({coastal_odds(game, [p for p, a in decision.targets.items() if a == 'CO']).split(': ', 1)[-1]})"
    elif coastal:
        why = "Japan brings no carrier: Coastal is where the naval guns fire"
    elif carriers:
        why = f"Japan brings {_plural(carriers, 'carrier')}: ships stay in the US Ocean with yours, away from the guns"
    else:
        why = "the US Ocean is the safer area"
    return what, why
