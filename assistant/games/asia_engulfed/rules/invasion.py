"""Amphibious invasions (AE 7.2-7.25): from a sea zone the invaders reached in Naval Movement into an enemy zone on
it (no impassable coast), with a friendly uncontested zone on that sea zone, through the Japanese Supply Network;
infantry and Marines only, within the size limits; one Special Action per Major Power, none for Marines alone.
The zone converts at the end of Land Combat if the invaders are alone there (AE 3.25)."""

from __future__ import annotations

from assistant.decider import Refused
from assistant.families.engulfed.special_actions import spend_problem
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.state import AEState
from events.base import Event


def invade(s: AEState, pieces: list, target: str) -> list[Event]:
    side = s.side
    seas = {p.at for p in pieces}
    if len(seas) != 1 or next(iter(seas)) not in s.board.seas:
        raise Refused("the invaders start the Operational Movement Phase together in one sea zone", rule="AE 7.2")
    sea = seas.pop()
    z = s.board.zones[target]
    if sea not in (z.seas or ()) or sea in z.impassable_coasts:
        raise Refused(f"{z.name} is not reached from {s.board.seas[sea].name} (or only across an impassable "
                      "coast)", rule="AE 7.2")
    if s.control.get(target) == side:
        raise Refused(f"{z.name} is not enemy-controlled", rule="AE 7.2")
    if not any(s.control.get(x) == side and not places.contested(s, x) for x in places.zones_on(s.board, sea)):
        raise Refused("the invasion sea zone needs a friendly uncontested zone in or on it", rule="AE 7.2")
    if side == "japan" and sea not in s.network and sea != s.submarine_zone:
        raise Refused("a Japanese invasion sea zone is in the Supply Network", rule="AE 7.2")
    for p in pieces:
        if p.kind not in ("infantry", "marine"):
            raise Refused(f"{p.id}: only infantry and Marines invade", rule="AE 7.2")
    marines = any(p.kind == "marine" for p in pieces)
    limits = data.table("invasion").get(z.kind or "large")
    top = limits[1 if marines else 0]
    if len(pieces) > top:
        raise Refused(f"at most {top} land units invade a {(z.kind or 'large').replace('_', ' ')}"
                      + (" with a Marine" if marines else ""), rule="AE 7.2")
    out: list[Event] = []
    if not all(p.kind == "marine" for p in pieces):  # AE 4.26: Marines alone need no Special Action
        for nation in sorted({p.nation for p in pieces if data.nation(p.nation).get("major")}):
            problem = spend_problem(s.special_actions.get(nation, ()), s.turn, False)
            if problem:
                raise Refused(f"{data.nation_name(nation)}: {problem}", rule="AE 7.2, 7.13")
            out.append(ev.SpecialActionSpent(nation=nation, use="invasion", target=target))
    out.append(ev.PiecesMoved(pieces=tuple(p.id for p in pieces), to=target, mode="invasion",
                              newly_contested=places.newly_contested(s, target, pieces)))
    return out


def conversions(s: AEState) -> list[ev.ControlChanged]:
    """End of Land Combat: an invaded zone the invaders hold alone becomes theirs (AE 3.25)."""
    out = []
    for zone, side in sorted(s.invasions.items()):
        if s.control.get(zone) != side and places.land_at(s, zone, side) and not places.contested(s, zone):
            out.append(ev.ControlChanged(zone=zone, side=side, cause="amphibious invasion"))
    return out
