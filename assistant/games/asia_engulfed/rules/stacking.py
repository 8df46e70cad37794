"""Stacking (AE 5.42-5.44), checked at the end of each phase (decision): island boxes hold 1 land unit, 1 LBA and
1 garrison a side; port boxes 2, 2 and 1; jungle zones 4 land units and 4 air units. The owner removes the
excess (``ae.eliminate_excess``) before the phase may end."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import EliminateExcess
from assistant.games.asia_engulfed.state import AEState

LIMIT_KEY = {"island_box": "island_box", "port_box": "port_box"}


def _group(p) -> str:
    if p.kind == "garrison":
        return "garrison"
    if p.kind == "lba":
        return "lba"
    return "land" if places.is_land(p) else ""


def excess(s: AEState) -> dict[tuple[str, str, str], int]:
    """(zone, side, group) -> pieces above the limit."""
    table = data.table("stacking")
    counts: dict[tuple[str, str, str], int] = {}
    for p in s.pieces.values():
        zone = s.board.zones.get(p.at)
        group = _group(p)
        if zone is None or not group:
            continue
        side = places.side(p)
        if zone.terrain == "jungle":
            key = (p.at, side, "air" if group == "lba" else "land" if group != "garrison" else "garrison")
        else:
            key = (p.at, side, group)
        counts[key] = counts.get(key, 0) + 1
    out = {}
    for (zone, side, group), n in counts.items():
        z = s.board.zones[zone]
        limits = table["jungle"] if z.terrain == "jungle" else table.get(LIMIT_KEY.get(z.kind or "", ""), {})
        top = limits.get(group)
        if top is not None and n > top:
            out[(zone, side, group)] = n - top
    return out


def problems(s: AEState) -> list[str]:
    return [f"{s.board.zones[z].name}: {n} {group} unit(s) of {side} too many" for (z, side, group), n in
            sorted(excess(s).items())]


def at_sea_or_over_port(s: AEState) -> list[str]:
    """End of Return to Base (AE 1.18, 8.8, 3.24): nothing stays at sea but the submarines; ports hold 2, 4, 8 fleets
    (national ports any number)."""
    out = [f"{p.id} is still at sea in {s.board.seas[p.at].name}" for p in sorted(s.pieces.values(), key=lambda p: p.id)
           if p.at in s.board.seas and p.kind != "submarine"]
    ports = data.table("ports")
    fleets: dict[tuple[str, str], int] = {}
    for p in s.pieces.values():
        if places.is_fleet(p) and p.at in s.board.zones:
            key = (p.at, places.side(p))
            fleets[key] = fleets.get(key, 0) + 1
    for (zone, side), n in sorted(fleets.items()):
        size = s.board.zones[zone].port
        if size in ports and n > ports[size]["fleets"]:
            out.append(f"{s.board.zones[zone].name}: {n} {side} fleets in a {size} port (at most {ports[size]['fleets']})")
    return out


def eliminate_excess(cmd: EliminateExcess, s: AEState, ctx: Context) -> list[ev.LossesApplied]:
    over = excess(s)
    taken: dict[tuple[str, str, str], int] = {}
    for pid in cmd.pieces:
        p = s.pieces.get(pid)
        if p is None:
            raise Refused(f"no piece {pid!r}")
        z = s.board.zones.get(p.at)
        group = _group(p)
        if z is not None and z.terrain == "jungle":
            group = "air" if group == "lba" else group
        key = (p.at, places.side(p), group)
        taken[key] = taken.get(key, 0) + 1
        if taken[key] > over.get(key, 0):
            raise Refused(f"{pid} is not part of an over-stack (or more are removed than the excess)",
                          rule="AE 5.42")
    zone = s.pieces[cmd.pieces[0]].at
    return [ev.LossesApplied(zone=zone, losses={p: s.pieces[p].steps for p in cmd.pieces},
                             eliminated=tuple(cmd.pieces), cause="over-stacked (AE 5.42-5.44)")]
