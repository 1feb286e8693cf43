"""What the battle screen shows, read from `game.state.battle` through the engine's Board (plain
Python, read-only)."""

from __future__ import annotations

from attrs import define, field

from nimitz.engine.game import Game
from nimitz.model.battle import AREAS, DECK, ISLAND_BOXES, ON_TRANSPORT
from nimitz.model.journal import JournalEntry

AREA_NAMES = {"JO": "Japanese Ocean", "IS": "Island", "CO": "Coastal", "UO": "US Ocean"}
BOX_NAMES = {"AF": "airfields", "FH": "foxholes", "BE": "beach"}


@define
class PieceView:
    id: str
    name: str
    type: str
    side: str
    damaged: bool
    values: str
    note: str = ""  # "on deck: 4 aircraft", "aboard: 2 INF"
    aboard: list["PieceView"] = field(factory=list)

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
        return PieceView(id=pid, name=board.name(pid), type=c.type, side=board.side(pid),
                         damaged=dmg, values=c.values_text(dmg))

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
    drawn = [board.plan_def("JA", p.plan).name + (f" (turn {p.turn})" if p.turn else "")
             for p in bs.ja_plans]
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
    return BattleView(area=bs.area, turn=bs.turn, length=bs.length, step=step, ended=bs.ended,
                      sea=sea, island=island, airfields=dict(bs.airfields), ja_plans_now=ja_now,
                      ja_plans_drawn=drawn, ja_plans_per_turn=bs.ja_plans_per_turn,
                      us_plans=us_plans, us_bpp=bs.us_bpp, us_sp_spent=bs.us_sp_spent,
                      destroyed=destroyed, out=out)


def battle_entries(journal: list[JournalEntry], area: str | None = None) -> list[JournalEntry]:
    """The journal entries of the latest battle (in `area` if given), from its start on."""
    start = None
    for i in range(len(journal) - 1, -1, -1):
        e = journal[i]
        if e.step == "battle:setup" and e.kind == "event" and "area" in e.data and (
                area is None or e.data["area"] == area):
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
    """A battle entry on one line, with the dice of a combat step when it has them."""
    text = e.text
    rolls = e.data.get("rolls") if isinstance(e.data, dict) else None
    if rolls:
        faces = " ".join(f"{r.get('face')}{'✓' if r.get('hits') else ''}" for r in rolls)
        text += f"  dice: {faces}"
    return text


def side_summary(view: BattleView, side: str) -> str:
    """'JO 2 CV, 1 DD · IS 1 LBA, 2 BN · CO - · UO -': where a side's pieces are, by type."""
    from collections import Counter

    parts = []
    for area in ("JO", "IS", "CO", "UO"):
        pieces = list(view.sea[area][side])
        if area == "IS":
            for box, ps in view.island.items():
                if box.startswith(side):
                    pieces += ps
        counts = Counter(p.type for p in pieces)
        parts.append(f"{area} " + (", ".join(f"{n} {t}" for t, n in counts.items()) or "-"))
    return " · ".join(parts)


def since_last_decision(journal: list[JournalEntry], limit: int = 4) -> list[str]:
    """What the battle did since the player last decided (events and Japanese decisions, with
    the dice of combat steps), newest last."""
    out: list[JournalEntry] = []
    for e in reversed(journal):
        if e.kind == "decision" or not e.step.startswith("battle:"):
            break
        if e.kind != "roll" and not e.text.endswith(" begins"):
            out.append(e)
    return [combat_line(e) for e in reversed(out)][-limit:]
