"""The Buy form, one item at a time (EE 4.3-4.6): the fields the chosen item needs and nothing else, its places
those where the rules would put it now, a new unit chosen as a block of the force pool, a replacement step as one
of the producing nation's blocks. Server-rendered: choosing another item (or block) swaps the fields in (htmx,
``/part/buy-fields``). Presentation only: ``ee.buy`` still judges the purchase and names its rule."""

from __future__ import annotations

from typing import Any

from flask import render_template
from markupsafe import Markup

from assistant.decider import Refused
from assistant.games.europe_engulfed import calendar, data, wording
from assistant.games.europe_engulfed.commands import Buy
from assistant.games.europe_engulfed.offers import buyable
from assistant.games.europe_engulfed.powers import AXIS_MINORS
from assistant.games.europe_engulfed.rules.production import purchases
from assistant.games.europe_engulfed.state import EEState
from assistant.games.europe_engulfed.web.seen import viewer as seen_by
from assistant.web.forms import RenderedForm
from assistant.web.presenter import Table

BUY = "ee.buy"
PART = "buy-fields"
# what each item asks for besides itself; the rest keep the command's defaults
FIELDS = {
    "new_unit": ("block", "steps", "area"),
    "replacement": ("unit_id", "qty"),
    "gsu": ("area",),
    "special_action": ("qty",),
    "fortification": ("area",),
    "heavy_fortification": ("area",),
    "fleet_point": ("sea",),
    "fighter": ("qty",), "bomber": ("qty",), "uboat": ("qty",), "v1": ("qty",), "v2": ("qty",),
    "flak": (), "asw": (),
}
ITEM_WORDS = {"new_unit": "a new unit", "replacement": "replacement steps", "gsu": "a ground support unit",
              "special_action": "Special Actions", "heavy_fortification": "a heavy fortification",
              "fleet_point": "a fleet point", "uboat": "U-boat points", "v1": "V-1 points", "v2": "V-2 rockets",
              "flak": "a flak level", "asw": "an ASW level", "fighter": "fighter points", "bomber": "bomber points"}


def fields(table: Table, item: str = "", block: str = "") -> dict[str, Any]:
    """What the form shows for ``item`` (when none: the item bought last, else the first buyable): its fields and
    their choices. A device seeing for the other side is not shown what was bought last (EE 4.5)."""
    s = table.view.game
    items = buyable(s) if s.producing else ()
    nation = s.producing
    last = s.ledger(nation).last_item if nation and _may_see(table, nation) else ""
    item = item if item in items else (last if last in items else (items[0] if items else ""))
    out: dict[str, Any] = {"items": [(i, ITEM_WORDS.get(i, i.replace("_", " "))) for i in items], "item": item,
                           "shows": FIELDS.get(item, ()), "nation": wording.nation(nation) if nation else ""}
    if not item or not _may_see(table, nation):
        return {**out, "shows": ()}
    if item == "new_unit":
        blocks = pool_blocks(s, nation)
        chosen = next((b for b in blocks if b[0] == block), blocks[0] if blocks else None)
        out["blocks"] = [(value, label) for value, label, _ in blocks]
        out["block"] = chosen[0] if chosen else ""
        owner, kind, max_steps, _ = parse_block(chosen[0]) if chosen else (nation, "infantry", 0, False)
        out["max_steps"] = max_steps or 1
        out["areas"], out["no_area"] = _build_areas(s, nation, owner, kind)
    elif item == "gsu":
        if s.pools.get(nation, {}).get(purchases.pool_key("gsu", 1, False), 0) <= 0:  # EE 4.4
            out["shows"], out["empty_pool"] = (), f"The {wording.adjective(nation)} force pool holds no ground " \
                                                     "support unit to build (EE 4.4)."
        else:
            out["areas"], out["no_area"] = _build_areas(s, nation, nation, "gsu")
    elif item in ("fortification", "heavy_fortification"):
        out["areas"], out["no_area"] = _places(s, nation, item)
    elif item == "replacement":
        out["units"], out["no_unit"] = replaceable(s, nation)
    elif item == "fleet_point":
        seas = sorted({sea for a, area in s.board.areas.items() if area.nation == nation and area.home
                       and s.control.get(a) == data.side_of(nation) for sea in (area.ports or ())})
        out["seas"] = [(sea, getattr(s.board.seas.get(sea), "name", "") or sea) for sea in seas]
    return out


def _may_see(table: Table, nation: str) -> bool:
    """A device seeing for the other side is shown no block of the producing nation (EE 4.5: purchases private)."""
    viewer = seen_by(table)
    return not viewer or viewer == data.side_of(nation)


def pool_blocks(s: EEState, nation: str) -> list[tuple[str, str, int]]:
    """(value, label, count) of the blocks the nation may build from: its own force pool, its Axis minors' once
    they fight (9.15), the Free French for the U.S.A. from 1942 (9.531)."""
    owners = [nation]
    if nation == "germany" and s.politics.axis_minors_joined >= 0:
        owners += [m for m in AXIS_MINORS if m in s.pools]
    if nation == "usa" and calendar.switched("free_french_buildable", s.turn):
        owners.append("free_french")
    out = []
    for owner in owners:
        for key, count in sorted(s.pools.get(owner, {}).items()):
            kind = key.split(":")[0].removeprefix("elite ")
            if count <= 0 or kind == "gsu":
                continue
            value = f"{owner}/{key}"
            _, kind, max_steps, elite = parse_block(value)
            label = f"{wording.block(owner, kind, elite=elite)}, {max_steps} steps ({count} left)"
            out.append((value, label, count))
    return out


def parse_block(value: str) -> tuple[str, str, int, bool]:
    """"germany/elite armor:4" -> (owner, kind, max_steps, elite)."""
    owner, _, key = value.partition("/")
    kind, _, steps = key.partition(":")
    elite = kind.startswith("elite ")
    return owner, kind.removeprefix("elite "), int(steps) if steps.isdigit() else 0, elite


def _build_areas(s: EEState, nation: str, owner: str, kind: str) -> tuple[list[tuple[str, str]], str]:
    """The areas where the rules would place this new block now (EE 4.41, 4.42, 9.533), and why none when none."""
    homes = ("britain", "france") if owner == "free_french" else (owner,)
    builder = "usa" if owner == "free_french" else nation
    areas, why = [], ""
    for a in sorted(s.board.areas, key=lambda a: s.board.areas[a].name or a):
        area = s.board.areas[a]
        if area.nation not in homes or not area.home:
            continue
        try:
            purchases.build_area(s, builder, a, kind, homes)
        except Refused as exc:
            why = why or exc.message
            continue
        areas.append((a, area.name or a))
    return areas, ("" if areas else why or f"no home area of {wording.nation(owner)} on the board")


def _places(s: EEState, nation: str, item: str) -> tuple[list[tuple[str, str]], str]:
    """Where a fortification may go now (EE 6.91-6.95): the areas holding the nation's land units the rules accept."""
    held = sorted({u.area for u in s.units.values() if u.nation == nation and u.kind != "gsu"},
                  key=lambda a: s.board.areas[a].name if a in s.board.areas else a)
    areas, why = [], ""
    for a in held:
        try:
            purchases._fortification(Buy(item=item, area=a), s, nation)
        except Refused as exc:
            why = why or exc.message
            continue
        areas.append((a, s.board.areas[a].name or a))
    return areas, ("" if areas else why or "no land unit of this nation on the map")


def replaceable(s: EEState, nation: str) -> tuple[list[tuple[str, str]], str]:
    """The blocks one replacement step may go to now (EE 4.3, 4.31, 4.32, 9.15, 9.531): the producing nation's
    own, its Axis minors' for Germany, the Free French for the U.S.A."""
    out, why = [], ""
    for u in sorted(s.units.values(), key=lambda b: (b.area, b.kind, b.id)):
        mine = u.nation == nation or (nation == "germany" and u.nation in AXIS_MINORS) or (
            nation == "usa" and u.nation == "free_french")
        if not mine or u.kind == "gsu" or u.steps >= u.max_steps:
            continue
        try:
            purchases._replacement(Buy(item="replacement", unit_id=u.id, qty=1), s, nation)
        except Refused as exc:
            why = why or exc.message
            continue
        label = f"{wording.block(u.nation, u.kind, u.steps, u.max_steps, u.elite)} in {s.board.areas[u.area].name}"
        out.append((u.id, label))
    return out, ("" if out else why or f"every {wording.adjective(nation)} block is at full strength")


def dress(f: RenderedForm, table: Table) -> RenderedForm:
    """The Buy form drawn with the chosen item's fields (after a refusal: the item and block typed)."""
    f.template = "europe_engulfed/buy.html"
    f.data = fields(table, f.values.get("item", ""), f.values.get("block", ""))
    return f


def part(table: Table, args: dict[str, str]) -> Markup:
    """The fields for another item (or another block of the pool), swapped into the open form."""
    d = fields(table, args.get("item", "")[:40], args.get("block", "")[:60])
    return Markup(render_template("europe_engulfed/buy_fields.html", d=d, values={}, game_id=table.game_id))


def prepared(form: dict[str, str]) -> dict[str, str] | None:
    """A pool block chosen from the list as the command's owner, kind, maximum steps and elite."""
    if form.get("item") != "new_unit" or not form.get("block"):
        return None
    owner, kind, max_steps, elite = parse_block(form["block"])
    out = {k: v for k, v in form.items() if k != "block"}
    return {**out, "kind": kind, "max_steps": str(max_steps), "elite": "on" if elite else "", "owner": owner}
