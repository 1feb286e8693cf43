"""The campaign map as a character canvas: areas at their map_col/map_row places, the movement
lines between adjacent areas, and the off-map boxes. Plain Python (no Textual, no Rich).

`map_areas` reads a state into `AreaView`s (what one area shows); `render_map` lays them out on
a `Canvas` at one of three zoom levels; every cell carries a tag ("us", "ja", "line", "sel",
...) that a front end turns into a style, so `nimitz show --map` and the TUI's map widget draw
the same picture. Colour only ever repeats a glyph: the marks below carry the meaning.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import define, field

from nimitz.engine.control import holder, supplied_areas
from nimitz.engine.fog import area_view
from nimitz.model.data import GameData
from nimitz.model.state import (
    BATTALIONS,
    BOMBING,
    DESTROYED,
    INVASION,
    JA_POOL,
    RAID,
    US_POOL,
    CampaignState,
    Force,
)

HOLDER_MARK = {"US": "U", "JA": "J", "contested": "x", "US-unsupplied": "~", "": "-"}
COLS, ROWS = 10, 7
UNLIMITED = "∞"
SELECTED, DESTINATION = "▶", "→"


@define
class ForceView:
    id: str
    name: str
    type: str
    side: str
    damaged: bool
    embarked: bool
    moved: bool
    values: str  # the printed values of the side in use (damaged side when damaged)
    cost: int

    @property
    def marks(self) -> str:
        """* damaged, ~ on a transport, + moved this turn."""
        return ("*" if self.damaged else "") + ("~" if self.embarked else "") + ("+" if self.moved else "")

    @property
    def label(self) -> str:
        return f"{self.name} {self.type}{self.marks}"


@define
class AreaView:
    code: str
    name: str
    col: int
    row: int
    us: list[ForceView] = field(factory=list)
    ja: list[ForceView] = field(factory=list)
    objective: bool = False
    holder: str = ""  # control.holder(): "US", "JA", "contested", "US-unsupplied", ""
    battle: bool = False  # a battle is due here (both sides present and able to fight)
    us_lba: int = 0
    ja_lba: int = 0
    airfield: int = 0
    unlimited: bool = False
    supplied: bool = False
    australian: bool = False
    home: str = ""
    adjacent: tuple[str, ...] = ()
    hidden_chips: int = 0  # fog of war: unknown chips of a hidden JA stack (R85); `ja` the known

    @property
    def ja_count(self) -> str:
        """The JA forces as the US sees them: '3', '3*' (some damaged), '1+4?' (fog of war)."""
        known = _side_count(self.ja) if self.ja or not self.hidden_chips else ""
        return (f"{known}+{self.hidden_chips}?" if known else f"{self.hidden_chips}?") if self.hidden_chips else known

    @property
    def holder_mark(self) -> str:
        return HOLDER_MARK.get(self.holder, "?")

    @property
    def airfield_text(self) -> str:
        cap = UNLIMITED if self.unlimited else str(self.airfield)
        return f"{self.us_lba}/{cap}"

    @property
    def out_of_supply(self) -> bool:
        """US infantry or aircraft ashore here without supply."""
        return not self.supplied and any(f.type in ("INF", "BN", "LBA") and not f.embarked for f in self.us)


@define
class BoxView:
    code: str
    short: str  # compact label ("P1", "Raid")
    title: str  # full label ("Port P1", "Raiding")
    forces: list[ForceView] = field(factory=list)
    summary: str = ""  # instead of forces (the JA pool's stacks, the destroyed counts)
    detail: str = ""  # a longer summary where there is room
    count: str = ""  # the summary in a number or two, for the tightest line


def force_view(sheet, f: Force) -> ForceView:  # a model.data.YearSheet
    c = sheet.cls[f.cls]
    return ForceView(
        id=f.id,
        name=f.name,
        type=c.type,
        side=f.side,
        damaged=f.damaged,
        embarked=f.embarked,
        moved=f.moved,
        values=c.values_text(f.damaged),
        cost=c.buy_cost,
    )


def map_areas(state: CampaignState, data: GameData, battles: Iterable[str] = ()) -> dict[str, AreaView]:
    sheet = data.year(state.year)
    supplied = supplied_areas(state, data)
    battles = set(battles)
    where = state.by_location()
    areas: dict[str, AreaView] = {}
    for a in data.map.areas:
        here = where.get(a.code, [])
        us = [force_view(sheet, f) for f in here if f.side == "US"]
        fogged = area_view(state, a.code)
        ja = [force_view(sheet, f) for f in here if f.side == "JA" and (fogged is None or f.id in fogged.known)]
        areas[a.code] = AreaView(
            code=a.code,
            name=a.name,
            col=a.map_col,
            row=a.map_row,
            us=us,
            ja=ja,
            objective=a.code in sheet.objectives,
            holder=holder(state, data, a.code, supplied),
            battle=a.code in battles,
            us_lba=sum(1 for f in us if f.type == "LBA"),
            ja_lba=sum(1 for f in ja if f.type == "LBA"),
            airfield=a.airfield,
            unlimited=a.unlimited_airfield,
            supplied=a.code in supplied,
            australian=a.australian,
            home=a.home,
            adjacent=tuple(a.adjacent),
            hidden_chips=fogged.unknown_chips if fogged is not None else 0,
        )
    return areas


def map_boxes(state: CampaignState, data: GameData) -> list[BoxView]:
    """The off-map boxes this year uses, then the pools and the destroyed count."""
    sheet = data.year(state.year)
    where = state.by_location()

    def box(code: str, short: str, title: str) -> BoxView:
        return BoxView(code, short, title, [force_view(sheet, f) for f in where.get(code, [])])

    boxes = [box(code, code, f"Port {code}") for code in sheet.port_boxes]
    boxes.append(box(RAID, "Raid", "Raiding"))
    if sheet.special.strategic_bombing:
        boxes.append(box(BOMBING, "BW", "Bombing (BW)"))
    if sheet.special.invasion_box:
        boxes.append(box(INVASION, "Inv", "1945 Invasion"))
    boxes.append(box(BATTALIONS, "Bn", "Battalions"))
    pool = where.get(US_POOL, [])
    boxes.append(BoxView(US_POOL, "US RE", "US RE", summary=f"{len(pool)} to buy", count=str(len(pool))))
    stacks = ", ".join(f"{k} {len(v)}" for k, v in state.ja_stacks.items()).replace("lba", "LBA")
    waiting = sum(len(v) for v in state.ja_stacks.values())
    boxes.append(
        BoxView(JA_POOL, "JA RE", "JA RE", summary=f"{waiting} waiting", detail=stacks or "empty", count=str(waiting))
    )
    lost = where.get(DESTROYED, [])
    us_lost, ja_lost = sum(f.side == "US" for f in lost), sum(f.side == "JA" for f in lost)
    boxes.append(
        BoxView(
            DESTROYED,
            "Lost",
            "Destroyed",
            summary=f"US {us_lost}, JA {ja_lost}",
            count=f"US {us_lost} JA {ja_lost}",
        )
    )
    return boxes


def box_count(b: BoxView, wide: bool = False) -> str:
    """'10' or '10 (2*)' for a box of forces; the summary for the others."""
    if b.summary:
        return b.detail if wide and b.detail else b.summary
    dmg = sum(f.damaged for f in b.forces)
    return f"{len(b.forces)}" + (f" ({dmg}*)" if dmg else "")


def box_contents(b: BoxView) -> str:
    """What a box holds, by name (battalions counted): 'Yorktown, Saratoga*, 2 battalions'."""
    if b.summary:
        return b.detail or b.summary
    battalions = [f for f in b.forces if f.type == "BN"]
    names = [f.name + ("*" if f.damaged else "") for f in b.forces if f.type != "BN"]
    if battalions:
        names.append(f"{len(battalions)} battalion{'s' if len(battalions) > 1 else ''}")
    return ", ".join(names) or "empty"


def box_lines(boxes: list[BoxView], width: int, *, names: bool = False) -> list[str]:
    """The boxes one per line: 'Port P1 10 (2*): Yorktown, Saratoga...' cut to the width."""
    out = []
    for b in boxes:
        line = f"{b.title if width >= 20 else b.short}: {box_count(b, width >= 30)}"
        if names and b.forces:
            line += " " + ", ".join(f.name + ("*" if f.damaged else "") for f in b.forces)
        out.append(clip(line, width))
    return out


def boxes_strip(boxes: list[BoxView], width: int) -> str:
    """The off-map boxes on one line, for a screen that has no room for them one per line:
    'Off-map: Port P1 2 · Port P2 0 · ... · Destroyed US 0, JA 2', shorter labels when narrow."""
    wordings = (
        ("Off-map: ", lambda b: f"{b.title} {box_count(b, True)}"),
        ("Off-map: ", lambda b: f"{b.title} {box_count(b)}"),
        ("Boxes ", lambda b: f"{b.short} {box_count(b)}"),
        ("Boxes: ", lambda b: f"{b.short} {b.count or box_count(b)}"),
    )
    line = ""
    for head, word in wordings:
        line = head + (", " if head == "Boxes: " else " · ").join(word(b) for b in boxes)
        if len(line) <= width:
            return line
    return clip(line, width)


def clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


# --- the canvas ------------------------------------------------------------------------------


@define
class Zoom:
    name: str
    cell_w: int
    cell_h: int
    box_w: int
    box_h: int

    @property
    def width(self) -> int:
        return COLS * self.cell_w - (self.cell_w - self.box_w)

    @property
    def height(self) -> int:
        return ROWS * self.cell_h - (self.cell_h - self.box_h)


ZOOMS = (
    Zoom("tight", 6, 2, 6, 2),
    Zoom("compact", 6, 3, 6, 2),
    Zoom("normal", 10, 4, 9, 3),
    Zoom("large", 17, 6, 16, 5),
)


def zoom_for(width: int, height: int | None = None) -> Zoom:
    """The largest zoom whose map fits the width (and the height, when given)."""
    fitting = [z for z in ZOOMS if z.width <= width and (height is None or z.height <= height)]
    return fitting[-1] if fitting else ZOOMS[0]


@define
class Canvas:
    width: int
    height: int
    chars: list[list[str]] = field(init=False)
    tags: list[list[str]] = field(init=False)
    boxes: dict[str, tuple[int, int, int, int]] = field(factory=dict)  # code -> x, y, w, h

    def __attrs_post_init__(self) -> None:
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.tags = [[""] * self.width for _ in range(self.height)]

    def put(self, x: int, y: int, text: str, tag: str = "") -> None:
        if not 0 <= y < self.height:
            return
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                self.chars[y][x + i] = ch
                self.tags[y][x + i] = tag

    def area_at(self, x: int, y: int) -> str | None:
        for code, (bx, by, bw, bh) in self.boxes.items():
            if bx <= x < bx + bw and by <= y < by + bh:
                return code
        return None

    def runs(self, y: int) -> list[tuple[str, str]]:
        """Row y as (text, tag) runs."""
        out: list[tuple[str, str]] = []
        for ch, tag in zip(self.chars[y], self.tags[y], strict=True):
            if out and out[-1][1] == tag:
                out[-1] = (out[-1][0] + ch, tag)
            else:
                out.append((ch, tag))
        return out

    def lines(self) -> list[str]:
        return ["".join(row).rstrip() for row in self.chars]


def _type_counts(forces: list[ForceView]) -> str:
    counts: dict[str, int] = {}
    for f in forces:
        counts[f.type] = counts.get(f.type, 0) + 1
    return " ".join(f"{n}{t}" for t, n in counts.items())


def _side_count(forces: list[ForceView]) -> str:
    return f"{len(forces)}" + ("*" if any(f.damaged for f in forces) else "")


def _box_text(a: AreaView, zoom: Zoom, mark: str) -> list[list[tuple[str, str]]]:
    """The lines of one area's box as (text, tag) runs."""
    obj = ("◆", "obj") if a.objective else ("·", "dim")
    hold = (a.holder_mark, {"US": "us", "JA": "ja", "contested": "warn", "US-unsupplied": "warn"}.get(a.holder, "dim"))
    battle = ("!", "battle") if a.battle else (" ", "")
    us = (_side_count(a.us), "us" if a.us else "dim")
    ja = (a.ja_count, "ja" if a.ja or a.hidden_chips else "dim")
    supply = ("~", "warn") if a.out_of_supply else ("", "")
    air = ("✈" + a.airfield_text, "" if a.us_lba else "dim")
    head = [(mark, "mark"), (a.code, "code")]
    if zoom.name in ("tight", "compact"):
        return [head + [obj, hold, battle], [(" ", "")] + [us, ("/", "dim"), ja, supply]]
    if zoom.name == "normal":
        return [
            head + [(" ", ""), obj, hold, (" ", ""), battle],
            [(" ", ""), us, ("/", "dim"), ja],
            [(" ", ""), air, (" ", ""), supply],
        ]
    status = {
        "US": "US holds",
        "JA": "JA holds",
        "contested": "contested",
        "US-unsupplied": "US unsupplied",
        "": "nobody",
    }.get(a.holder, "")
    return [
        head + [(" " + a.name, "name")],
        [(" ", ""), obj, (" ", ""), (status, hold[1]), (" ", ""), battle],
        [
            (" US", "us" if a.us else "dim"),
            (
                " " + (_type_counts(a.us) or "-") + ("*" if any(f.damaged for f in a.us) else ""),
                "us" if a.us else "dim",
            ),
        ],
        [
            (" JA", "ja" if a.ja or a.hidden_chips else "dim"),
            (
                " "
                + (_type_counts(a.ja) or ("" if a.hidden_chips else "-"))
                + ("*" if any(f.damaged for f in a.ja) else "")
                + (f" +{a.hidden_chips}?" if a.hidden_chips else ""),
                "ja" if a.ja or a.hidden_chips else "dim",
            ),
        ],
        [
            (" ", ""),
            air,
            (" ", ""),
            (
                "no supply ~" if a.out_of_supply else ("supplied" if a.supplied else ""),
                "warn" if a.out_of_supply else "dim",
            ),
        ],
    ]


def _line_cells(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int, str]]:
    """The cells of a straight line, each with a glyph following its slope."""
    steps = max(abs(x1 - x0), abs(y1 - y0))
    if steps == 0:
        return []
    pts = [
        (
            x0 + ((x1 - x0) * i * 2 + steps) // (2 * steps),  # rounds half up, in integers
            y0 + ((y1 - y0) * i * 2 + steps) // (2 * steps),
        )
        for i in range(steps + 1)
    ]
    out = []
    for i, (x, y) in enumerate(pts):
        px, py = pts[max(0, i - 1)]
        nx, ny = pts[min(len(pts) - 1, i + 1)]
        dx, dy = nx - px, ny - py
        if dy == 0:
            glyph = "─"
        elif dx == 0:
            glyph = "│"
        elif (dx > 0) == (dy > 0):
            glyph = "╲"
        else:
            glyph = "╱"
        out.append((x, y, glyph))
    return out


def render_map(
    areas: dict[str, AreaView], zoom: Zoom, *, selected: str = "", destinations: Iterable[str] = ()
) -> Canvas:
    """The map at `zoom`: connections first, then the boxes over them. The selected area gets
    ▶ and its lines and neighbours are tagged; legal destinations get →."""
    dests = set(destinations)
    canvas = Canvas(zoom.width, zoom.height)
    for a in areas.values():
        canvas.boxes[a.code] = (a.col * zoom.cell_w, a.row * zoom.cell_h, zoom.box_w, zoom.box_h)
    neighbours = set(areas[selected].adjacent) if selected in areas else set()

    def centre(code: str) -> tuple[int, int]:
        x, y, w, h = canvas.boxes[code]
        return x + w // 2, y + h // 2

    pairs = sorted({tuple(sorted((a.code, b))) for a in areas.values() for b in a.adjacent if b in areas})
    # lines touching the selection last, so they win where two lines cross
    pairs.sort(key=lambda p: selected in p)
    for one, other in pairs:
        tag = "line-sel" if selected in (one, other) else "line"
        for x, y, glyph in _line_cells(*centre(one), *centre(other)):
            if canvas.area_at(x, y) is None and 0 <= x < canvas.width and 0 <= y < canvas.height:
                canvas.put(x, y, glyph, tag)
    for a in areas.values():
        x, y, w, h = canvas.boxes[a.code]
        mark = SELECTED if a.code == selected else (DESTINATION if a.code in dests else " ")
        frame = "sel" if a.code == selected else "dest" if a.code in dests else "nb" if a.code in neighbours else ""
        for i, runs in enumerate(_box_text(a, zoom, mark)[:h]):
            col = 0
            canvas.put(x, y + i, " " * w, frame)
            for text, tag in runs:
                text = text[: max(0, w - col)]
                canvas.put(x + col, y + i, text, f"{frame}+{tag}" if frame else tag)
                col += len(text)
            if col >= w and sum(len(t) for t, _ in runs) > w:
                canvas.put(x + w - 1, y + i, "…", frame)
    return canvas


FOG_LEGEND = "2+3? fog of war: 2 Japanese forces known, 3 unknown chips (some are blanks)"
LEGEND = (
    "◆ objective  U/J/x/~/- held by US/Japan/contested/US unsupplied/nobody",
    "! battle due  14/0 US/JA forces (* some damaged)  ✈3/5 US LBA/airfield",
    "─ ╱ ╲ │ movement lines  ▶ selected  → legal destination",
)


def due_battles(state: CampaignState, data: GameData) -> list[str]:
    """The areas where a battle is due now (the engine's own test, ruling R43)."""
    from nimitz.engine.campaign import battle_areas
    from nimitz.persist.players import bot_game

    return battle_areas(bot_game(data, state))


def map_text(state: CampaignState, data: GameData, *, width: int = 80, name: str = "") -> str:
    """The whole map for a terminal: the areas with their lines, then the boxes and a legend;
    no line wider than `width` (the compact zoom needs 60 columns)."""
    from nimitz.views.stakes import stakes_lines

    areas = map_areas(state, data, due_battles(state, data))
    zoom = zoom_for(width)
    canvas = render_map(areas, zoom)
    side = width - zoom.width - 2
    boxes = map_boxes(state, data)
    lines = canvas.lines()
    out = [clip(line, width) for line in stakes_lines(state, data, name=name, width=width)]
    out.append("")
    if side >= 16:  # the boxes beside the map
        column = ["Off-map boxes"] + box_lines(boxes, side)
        for i, line in enumerate(lines):
            extra = column[i] if i < len(column) else ""
            out.append((line.ljust(zoom.width) + "  " + extra).rstrip() if extra else line)
    else:
        out += lines + ["", "Off-map boxes"] + box_lines(boxes, width, names=True)
    out.append("")
    out += [clip(line, width) for line in LEGEND]
    if any(a.hidden_chips for a in areas.values()):
        out.append(clip(FOG_LEGEND, width))
    return "\n".join(out)
