"""The reference: the charts and tables the game uses (read from its data) and the rulings it
follows, with their ids."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static, TabbedContent, TabPane

from nimitz.model.data import GameData
from nimitz.tui.rulings import all_rulings
from nimitz.tui.screens.base import NimitzScreen
from nimitz.tui.widgets.footer import KeysFooter


def _table(title: str, *columns: str, wide: str = "") -> Table:
    """A compact table; the column named `wide` (free text) takes the room left."""
    from rich import box

    t = Table(
        title=title,
        title_justify="left",
        title_style="bold",
        expand=bool(wide),
        show_edge=False,
        pad_edge=False,
        header_style="bold",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
    )
    for c in columns:
        if c == wide:
            t.add_column(c, ratio=1)
        else:
            t.add_column(c, no_wrap=True)
    return t


def _band(lo: int, hi: int) -> str:
    if lo <= -50:
        return f"{hi} or less"
    if hi >= 50:
        return f"{lo} or more"
    return f"{lo}" if lo == hi else f"{lo}-{hi}"


def orders_tables(data: GameData) -> Group:
    o = data.orders
    chart = _table(
        f"JA orders chart: {o.order_dice}d10 + modifier (scouted: {o.scouted_dice}d10 + scouted modifier)",
        "roll",
        "order",
        "ships",
        "INF",
        "LBA",
        "track",
        "else",
        "what it does",
        wide="what it does",
    )
    for row in o.order:
        chart.add_row(
            _band(row.lo, row.hi),
            row.name,
            str(row.ships),
            str(row.infantry),
            str(row.lba) + ("*" if row.lba_to_japan_if_no_ashore else ""),
            f"{row.track:+d}",
            row.fallback or "Hold",
            row.description,
        )
    special = _table(
        "Orders reached only as fallbacks", "order", "ships", "INF", "LBA", "track", "what it does", wide="what it does"
    )
    for row in o.special_order:
        special.add_row(
            row.name,
            str(row.ships),
            str(row.infantry),
            str(row.lba) + ("*" if row.lba_to_japan_if_no_ashore else ""),
            f"{row.track:+d}",
            row.description,
        )
    east = _table("East roll (East finds no destination)", "d10", "order")
    for e in o.east_roll:
        east.add_row(_band(e.lo, e.hi), e.order)
    return Group(
        chart,
        Text(
            "* LBA go to Japan if the destination has no JA forces ashore (R8). "
            "else: the order tried when this one moves nothing (R40).\n",
            style="dim",
        ),
        special,
        Text(""),
        east,
    )


def modifier_tables(data: GameData) -> Group:
    o = data.orders
    bands = [f"track {b.lo}-{b.hi}" for b in o.track_band]
    out: list[RenderableType] = []
    for preset, years in o.modifier_presets.items():
        t = _table(f"Order modifier, preset '{preset}'" + (" (default)" if preset == "map" else ""), "year", *bands)
        for year, mods in years.items():
            t.add_row(year, *[f"{m:+d}" for m in mods])
        out += [t, Text("")]
    s = _table("Scouted order modifier (2d10)", "year", "modifier")
    for year, mod in o.scouted_modifier.items():
        s.add_row(year, f"{mod:+d}")
    out += [
        s,
        Text(
            f"\nThe JA resupply track runs {o.track_min}-{o.track_max}; at most "
            f"{o.scouting_cap} scouting points a turn (R9).",
            style="dim",
        ),
    ]
    return Group(*out)


def reinforcement_table(data: GameData) -> Group:
    r = data.reinforcements
    t = _table(
        "JA reinforcements: 1d10 + track - damaged JA forces on the map - 3 per raiding US sub (R18)",
        "total",
        "ships",
        "INF",
        "LBA",
    )
    for row in r.row:
        t.add_row(_band(row.lo, row.hi), str(row.ships), str(row.infantry), str(row.lba))
    return Group(t, Text(f"\n{r.battalions_per_missing} battalions for each counter a stack lacks.", style="dim"))


def battle_tables(data: GameData) -> Group:
    b = data.battle
    length = _table(f"Battle length (1d10, at least {b.min_turns})", "d10", "battle turns")
    for row in b.length:
        length.add_row(_band(row.lo, row.hi), str(row.turns))
    plans = _table("JA plans per battle turn", "JA forces", "plans")
    for plans_row in b.plans_per_turn:
        plans.add_row(_band(plans_row.lo, plans_row.hi), str(plans_row.plans))
    areas = _table("JA bombers' target area (1d10)", "d10", "area")
    for a in b.battle_area:
        areas.add_row(_band(a.lo, a.hi), f"{a.code} {a.name}")
    return Group(length, Text(""), plans, Text(""), areas)


def plan_table(data: GameData, side: str) -> Table:
    table = data.ja_plans if side == "JA" else data.us_plans
    if side == "JA":
        t = _table(
            "Japanese battle plans (two counters of each in the cup, R13)",
            "plan",
            "copies",
            "what it does",
            wide="what it does",
        )
        for p in table.plan:
            t.add_row(p.name, str(p.copies), p.description)
    else:
        t = _table(
            "US battle plans (3 BPP free, 3 more per SP; each once a battle, R12)",
            "plan",
            "BPP",
            "reactive",
            "what it does",
            wide="what it does",
        )
        for p in table.plan:
            t.add_row(p.name, str(p.cost), "yes" if p.reactive else "", p.description)
    return t


def forces_table(data: GameData, year: int) -> Group:
    sheet = data.year(year)
    out: list[RenderableType] = []
    for side in ("US", "JA"):
        t = _table(
            f"{year} {side} counter classes (full / damaged values)",
            "class",
            "type",
            "cost",
            "full",
            "damaged",
            "counters",
            wide="counters",
        )
        for c in sheet.classes:
            if c.side != side:
                continue
            units = ", ".join(c.units) if len(c.units) <= 4 else f"{len(c.units)} counters"
            t.add_row(
                c.name + (" (designed)" if c.designed else ""),
                c.type,
                str(c.buy_cost),
                c.values_text(False),
                c.values_text(True),
                units,
            )
        out += [t, Text("")]
    ev = _table(f"{year} evaluation (objectives held)", "level", "at least")
    for lv in sheet.evaluation:
        ev.add_row(lv.name, str(lv.min))
    info = Text(
        f"{sheet.turns} turns, {sheet.us_supply} SP a turn, objectives: "
        f"{', '.join(sheet.objectives)}; port boxes in use: {', '.join(sheet.port_boxes)}",
        style="dim",
    )
    return Group(*out, ev, Text(""), info)


def map_table(data: GameData) -> Table:
    t = _table("The map", "area", "name", "airfield", "flags", "adjacent to", wide="adjacent to")
    for a in data.map.areas:
        flags = []
        if a.australian:
            flags.append("Australian")
        if a.home == "US":
            flags.append("no JA entry")
        if a.home == "JA":
            flags.append("no US entry")
        t.add_row(
            a.code,
            a.name,
            "unlimited" if a.unlimited_airfield else str(a.airfield),
            ", ".join(flags),
            " ".join(a.adjacent),
        )
    return t


def rulings_table() -> Table:
    t = _table("Rulings the game follows (the explanations cite these ids)", "id", "ruling", wide="ruling")
    for rid, (title, text) in all_rulings().items():
        line = Text(f"{title}. ", style="bold")
        line.append(text)
        t.add_row(rid, line)
    return t


class ReferenceScreen(NimitzScreen):
    help_topic = "reference"
    BINDINGS = [
        Binding("escape,q", "close", "Close"),
        Binding("left,h", "tab(-1)", "Prev tab", priority=True),
        Binding("right,l", "tab(1)", "Next tab", priority=True),
        Binding("y", "year", "Year"),
    ]

    TABS = (
        ("orders", "Orders"),
        ("modifiers", "Modifiers"),
        ("reinforce", "Reinforcements"),
        ("battle", "Battle"),
        ("ja-plans", "JA plans"),
        ("us-plans", "US plans"),
        ("forces", "Forces"),
        ("map", "Map"),
        ("rulings", "Rulings"),
    )

    year = 1942

    def compose(self) -> ComposeResult:
        with TabbedContent(id="ref-tabs"):
            for tab_id, label in self.TABS:
                with TabPane(label, id=tab_id), VerticalScroll():
                    yield Static(id=f"ref-{tab_id}")
        yield KeysFooter()

    def on_mount(self) -> None:
        ctl = self.napp.controller
        if ctl.session is not None:
            self.year = ctl.game.state.year
        data = ctl.data
        self.query_one("#ref-orders", Static).update(orders_tables(data))
        self.query_one("#ref-modifiers", Static).update(modifier_tables(data))
        self.query_one("#ref-reinforce", Static).update(reinforcement_table(data))
        self.query_one("#ref-battle", Static).update(battle_tables(data))
        self.query_one("#ref-ja-plans", Static).update(plan_table(data, "JA"))
        self.query_one("#ref-us-plans", Static).update(plan_table(data, "US"))
        self.query_one("#ref-map", Static).update(self._map(data))
        self.query_one("#ref-rulings", Static).update(rulings_table())
        self._forces()

    def _map(self, data: GameData) -> Group:
        """The drawn map (the campaign open now, else the year's set-up), then the table."""
        from nimitz.tui.view_model import campaign_view
        from nimitz.tui.widgets.map_view import canvas_text
        from nimitz.views.map import LEGEND, map_areas, render_map, zoom_for

        ctl = self.napp.controller
        if ctl.session is not None:
            areas, title = campaign_view(ctl.game).areas, "The map: your campaign now"
        else:
            from nimitz.engine.setup import new_campaign
            from nimitz.model.state import RulesProfile

            state = new_campaign(data, self.year, 0, RulesProfile())
            areas, title = map_areas(state, data), f"The map: the {self.year} set-up"
        canvas = render_map(areas, zoom_for(self.app.size.width - 4))
        legend = Text("\n".join(LEGEND), style="dim")
        return Group(Text(title, style="bold"), canvas_text(canvas), legend, Text(""), map_table(data))

    def _forces(self) -> None:
        self.query_one("#ref-forces", Static).update(forces_table(self.napp.controller.data, self.year))

    def action_tab(self, delta: int) -> None:
        tabs = self.query_one(TabbedContent)
        ids = [t for t, _ in self.TABS]
        cur = tabs.active if tabs.active in ids else ids[0]
        tabs.active = ids[(ids.index(cur) + delta) % len(ids)]

    def action_year(self) -> None:
        years = sorted(self.napp.controller.data.years)
        self.year = years[(years.index(self.year) + 1) % len(years)]
        self._forces()
        self.query_one(TabbedContent).active = "forces"
        self.notify(f"Forces of {self.year}", timeout=2)

    def action_close(self) -> None:
        self.dismiss(None)
