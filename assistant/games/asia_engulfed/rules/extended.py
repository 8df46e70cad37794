"""Extended Naval Operations (AE 8.23, 7.4) and the Japanese Extended Return to Base (AE 7.5).

8.23: the phasing player only spends a Special Action kept from the previous turn so that CV, BB and CA fleets
that already moved into a sea zone where he is Dominant move up to three more sea zones, stopping on entering
enemy Limited or Dominant influence, into a sea zone where no move or reaction was made this player turn; no fleet
extends twice a turn; the enemy may react again; an enemy submarine there may attack the whole force before it
leaves (``ae.spend_special_action`` naming the sea zone first, then ``ae.submarine_attack``). Unmoved fleets and
transports in range of the destination join with ordinary moves.

7.5: in a Return to Base Phase Japan spends a Special Action and sends any or all of its fleets and transports at
sea, and Marines at sea or in a coastal zone, to any port it can trace supply to: influence applies (no sea zone
with enemy Limited or Dominant influence is entered, the starting one excepted), distance does not; no Oil."""

from __future__ import annotations

from collections import deque

from assistant.decider import Context, Refused
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import NavalMove, SpendSpecialAction
from assistant.games.asia_engulfed.rules import special_actions
from assistant.games.asia_engulfed.rules.influence import all_influence
from assistant.games.asia_engulfed.rules.naval_paths import check_path
from assistant.games.asia_engulfed.rules.supply import Tracer
from assistant.games.asia_engulfed.state import AEState
from events.base import Event

MAJOR = ("japan", "usa", "commonwealth")


def extended_move(cmd: NavalMove, s: AEState, ctx: Context) -> list[Event]:
    rule = "AE 8.23"
    if s.phase != "naval_movement":
        raise Refused("Extended Naval Operations happen in the Naval Movement Phase", rule=rule)
    pieces = _pieces(s, cmd)
    side = places.side(pieces[0])
    if any(places.side(p) != side for p in pieces) or side != s.side:
        raise Refused("only the phasing player makes Extended Naval Operations", rule=rule)
    starts = {p.at for p in pieces}
    start = starts.pop() if len(starts) == 1 else ""
    if not start or start not in s.board.seas:
        raise Refused("the force extends together from the one sea zone it moved into", rule=rule)
    for p in pieces:
        if not places.is_fleet(p):
            raise Refused(f"{p.id}: only CV, BB and CA fleets extend their move", rule=rule)
        if p.id not in s.moved:
            raise Refused(f"{p.id} has not made its naval move yet", rule=rule)
        if p.id in s.extended:
            raise Refused(f"{p.id} already made an Extended Naval Operation this turn", rule=rule)
    if all_influence(s).get(start) != side:
        raise Refused(f"{side.title()} is not Dominant in {s.board.seas[start].name}", rule=rule)
    if cmd.to not in s.board.seas or cmd.to == start:
        raise Refused(f"{cmd.to!r}: the force moves on to another sea zone", rule=rule)
    if cmd.to in s.naval_zones:
        raise Refused(f"a move or reaction was already made into {s.board.seas[cmd.to].name} this player turn",
                      rule=rule)
    top = data.table("naval")["fleet_range"]
    if cmd.zones < 1 or cmd.zones > top:
        raise Refused(f"an Extended Naval Operation moves 1 to {top} more sea zones", rule=rule)
    if cmd.path:
        check_path(s, pieces, cmd, side)
    out: list[Event] = []
    if start not in s.extended_from:
        for nation in sorted({p.nation for p in pieces if p.nation in MAJOR}):
            out += special_actions.spend(SpendSpecialAction(nation=nation, use="extended_naval", target=start), s,
                                         ctx)
        if not out:
            raise Refused("a Major Power spends the Special Action for its fleets", rule="AE 7.13, 8.23")
    return out + [ev.NavalMoved(pieces=tuple(cmd.pieces), to=cmd.to, mode="extended", zones=cmd.zones)]


def _pieces(s: AEState, cmd: NavalMove) -> list:
    pieces = [s.pieces.get(pid) for pid in cmd.pieces]
    missing = [pid for pid, p in zip(cmd.pieces, pieces) if p is None]
    if missing:
        raise Refused("unknown piece: " + ", ".join(missing))
    return pieces  # type: ignore[return-value]


def extended_return(cmd: NavalMove, s: AEState, ctx: Context) -> list[Event]:
    rule = "AE 7.5"
    if s.phase != "return_to_base":
        raise Refused("the Extended Return to Base is made in a Return to Base Phase", rule=rule)
    pieces = _pieces(s, cmd)
    for p in pieces:
        if p.nation != "japan":
            raise Refused(f"{p.id}: the Extended Return to Base is Japanese", rule=rule)
        _returning(s, p)
    zone = s.board.zones.get(cmd.to)
    if zone is None or not places.has_port(s.board, cmd.to):
        raise Refused(f"{cmd.to!r}: fleets return to a port", rule=rule)
    if s.control.get(cmd.to) != "japan":
        raise Refused(f"{zone.name} is not a Japanese port", rule=rule)
    if s.port_damage.get(cmd.to, 0) and any(places.is_fleet(p) for p in pieces):
        raise Refused(f"the port of {zone.name} is damaged: fleets cannot enter it", rule="AE 8.71")
    if not Tracer(s).zone_supplied(cmd.to, "japan"):
        raise Refused(f"Japan cannot trace supply to {zone.name}", rule=rule)
    for p in pieces:
        if not _sea_route(s, p.at, cmd.to):
            raise Refused(f"{p.id}: every way to {zone.name} enters a sea zone of Allied Limited or Dominant "
                          "influence", rule="AE 7.5, 8.8")
    out: list[Event] = []
    if "extended_return" not in s.sa_used:
        out += special_actions.spend(SpendSpecialAction(nation="japan", use="extended_return", target=cmd.to), s, ctx)
    return out + [ev.NavalMoved(pieces=tuple(cmd.pieces), to=cmd.to, mode="extended_return", zones=cmd.zones)]


def _returning(s: AEState, p) -> None:
    at_sea = p.at in s.board.seas
    if places.is_fleet(p) or (places.is_land(p) and p.kind != "marine") or p.kind == "lba":
        if not at_sea or p.kind == "garrison":
            raise Refused(f"{p.id}: fleets and transports still at sea return", rule="AE 7.5")
        return
    zone = s.board.zones.get(p.at)
    if p.kind == "marine" and (at_sea or (zone is not None and zone.seas)):
        return
    raise Refused(f"{p.id}: fleets and transports at sea, and Marines at sea or in a coastal zone, return",
                  rule="AE 7.5")


def _sea_route(s: AEState, start: str, port: str) -> bool:
    """A way by sea zones with no Allied Limited or Dominant influence (the starting one does not count) to a sea
    zone the port lies on."""
    board = s.board
    influence = all_influence(s)
    ends = set(board.zones[port].seas or ())

    def free(sea: str) -> bool:
        return influence.get(sea, "none") not in ("limited", "allies")

    if start in board.seas:
        frontier = [start]
    else:  # a Marine in a coastal zone puts to sea in a zone it borders
        frontier = [sea for sea in board.zones[start].seas or () if free(sea)]
    seen = set(frontier)
    queue = deque(frontier)
    while queue:
        here = queue.popleft()
        if here in ends:
            return True
        for nxt in board.seas[here].adjacent or ():
            if nxt not in seen and nxt in board.seas and free(nxt):
                seen.add(nxt)
                queue.append(nxt)
    return False
