"""The Japanese Supply Network (AE 3.5, 3.51, 3.52): placed or kept in the Japanese Initial Supply Phase.

Each marker: no Allied Dominant influence (the submarine ignores it), a contiguous chain of markers to Japan, and
the whole network within the transports (decision: within Transports Available, which never exceeds the
Capacity). The cost comes off Transports Available, markers kept from earlier turns included, the submarine's
zone excluded.
"""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.families.engulfed.ledger import Booking
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import SetNetwork
from assistant.games.asia_engulfed.rules.influence import all_influence
from assistant.games.asia_engulfed.state import AEState


def set_network(cmd: SetNetwork, s: AEState, ctx: Context) -> list[ev.NetworkSet]:
    if s.side != "japan":
        raise Refused("the Supply Network is set in the Japanese Initial Supply Phase", rule="AE 1.12b")
    if f"{s.turn}:japan:initial" in s.determined:
        raise Refused("supply is already determined this phase; the network was fixed before it", rule="AE 1.12")
    board, seas = s.board, tuple(dict.fromkeys(cmd.seas))
    sub = cmd.submarine_zone
    for sea in seas + ((sub,) if sub else ()):
        if sea not in board.seas:
            raise Refused(f"{sea!r} is not a sea zone of the board", rule="AE 3.51")
    if sub and sub in seas:
        raise Refused("the submarine covers its sea zone alone, not with transport points", rule="AE 3.52")
    influence = all_influence(s)
    markers: dict[str, int] = {}
    for sea in seas:
        icons = board.seas[sea].transports
        if icons is None:
            raise Refused(f"{board.seas[sea].name}: the board does not give its transport icons yet; enter them "
                          "from the map (board amendment)", rule="AE 3.51")
        if influence.get(sea) == "allies":
            raise Refused(f"{board.seas[sea].name}: the Allies have Dominant influence there", rule="AE 3.51")
        markers[sea] = icons
    if sub:
        boat = next((p for p in s.pieces.values() if p.nation == "japan" and p.kind == "submarine"), None)
        if boat is None:
            raise Refused("Japan has no submarine unit on the map", rule="AE 3.52")
        icons = board.seas[sub].transports
        if icons is None:
            raise Refused(f"{board.seas[sub].name}: transport icons unknown (board amendment)", rule="AE 3.52")
        if icons > (2 if boat.steps >= 2 else 1):
            raise Refused(f"a {boat.steps}-step submarine covers a sea zone of at most {2 if boat.steps >= 2 else 1} "
                          f"transport point(s); {board.seas[sub].name} shows {icons}", rule="AE 3.52")
    _check_chain(s, set(markers) | ({sub} if sub else set()))
    cost = sum(markers.values())
    # Set again in the same phase (before the determination), the new network replaces the one placed earlier:
    # the network is paid once a turn (AE 3.51), so what the earlier one took comes back first.
    earlier = sum(s.network.values()) if s.network_set_turn == s.turn else 0
    available = s.balance("japan", "ta") + earlier
    if cost > available:
        raise Refused(f"the network costs {cost} transport points, {available} are available", rule="AE 3.51")
    removed = tuple(sorted(set(s.network) - set(markers)))
    books = ((Booking(nation="japan", account="ta", amount=earlier, rule="AE 3.51",
                      cause="the Supply Network placed earlier this phase, replaced"),) if earlier else ()) + (
        (Booking(nation="japan", account="ta", amount=-cost, rule="AE 3.51",
                 cause=f"Supply Network: {len(markers)} sea zone(s)"),) if cost else ())
    return [ev.NetworkSet(markers=markers, submarine_zone=sub, removed=removed, books=books)]


def _check_chain(s: AEState, zones: set[str]) -> None:
    """Every marker linked to Japan by a contiguous chain of markers (roots: sea zones bordering the home islands)."""
    board = s.board
    roots = [z for z in zones if board.seas[z].japan_link]
    unknown = [board.seas[z].name for z in zones if board.seas[z].japan_link is None]
    reached, frontier = set(roots), list(roots)
    while frontier:
        sea = frontier.pop()
        for nb in board.seas[sea].adjacent or ():
            if nb in zones and nb not in reached:
                reached.add(nb)
                frontier.append(nb)
    cut = sorted(zones - reached)
    if cut:
        hint = f" (the board does not say yet whether {', '.join(unknown)} border(s) the home islands)" if unknown else ""
        raise Refused("no chain of network markers links " + ", ".join(board.seas[z].name for z in cut)
                      + " to Japan" + hint, rule="AE 3.51")
