"""Naval movement bookkeeping (AE 1.11, 5.31, 8.2-8.25, 1.18, 5.46): who may move where, what Japan pays in Oil
(one a block a player turn, decision) and transport points, the first-turn surprise limits (AE 9.11a)."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.families.engulfed.ledger import Booking
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import NavalMove, RecordEscalation
from assistant.games.asia_engulfed.rules import submarine_replacement
from assistant.games.asia_engulfed.rules.naval_paths import check_path
from assistant.games.asia_engulfed.state import AEState

def naval_move(cmd: NavalMove, s: AEState, ctx: Context) -> list:
    if cmd.mode in ("extended", "extended_return"):  # AE 8.23, 7.5
        from assistant.games.asia_engulfed.rules import extended

        return (extended.extended_move if cmd.mode == "extended" else extended.extended_return)(cmd, s, ctx)
    pieces = [s.pieces.get(pid) for pid in cmd.pieces]
    if any(p is None for p in pieces):
        raise Refused("unknown piece: " + ", ".join(pid for pid, p in zip(cmd.pieces, pieces) if p is None))
    sides = {places.side(p) for p in pieces}
    if len(sides) != 1:
        raise Refused("one side's pieces at a time")
    side = sides.pop()
    reacting = cmd.mode == "react"
    if cmd.mode in ("move", "react") and reacting == (side == s.side):
        raise Refused("the phasing player moves; only the other player reacts", rule="AE 8.25")
    if cmd.mode == "rebase" and side != s.side:  # both sides return (reacting fleets first, AE 8.8)
        raise Refused("only the phasing player re-bases fleets that did not move", rule="AE 1.18, 8.8")
    if cmd.mode in ("move", "react") and s.phase != "naval_movement":
        raise Refused("fleets move and react in the Naval Movement Phase", rule="AE 1.11")
    if cmd.mode in ("rebase", "extended_return") and s.phase != "return_to_base":
        raise Refused("re-basing happens in the Return to Base Phase", rule="AE 1.18")
    board = s.board
    if all(p.kind == "submarine" for p in pieces):
        moved = _submarine(s, pieces[0], cmd, side)
        if cmd.to != "holding":
            return [moved]
        from assistant.games.asia_engulfed.evolve import evolve

        # AE 8.53: the Replacement marker merges as the unit reaches its box
        return [moved, *submarine_replacement.merge(evolve(s, moved), (pieces[0].nation,))]
    if cmd.to not in board.seas and cmd.to not in board.zones:
        raise Refused(f"{cmd.to!r} is neither a sea zone nor a zone of the board")
    if cmd.to in board.zones and not places.has_port(board, cmd.to):
        if board.zones[cmd.to].port is None:  # the board does not know yet
            raise Refused(f"the board does not say yet whether {board.zones[cmd.to].name} has a port: enter its port "
                          "(Board panel, or the ? on the map) first", rule="AE 3.24")
        raise Refused(f"{board.zones[cmd.to].name} has no port: fleets cannot be there", rule="AE 3.24")
    if cmd.mode == "move" and cmd.to in s.naval_declared and cmd.to != s.naval_open:
        raise Refused(f"{board.seas[cmd.to].name} was already declared this Naval Movement Phase: no more fleets or "
                      "land units are sent there", rule="AE 8.21")
    if cmd.path:
        check_path(s, pieces, cmd, side)
    books: list[Booking] = []
    paid: list[str] = []
    for p in pieces:
        _check_piece(s, p, cmd, side)
        cost = _cost(s, p, cmd)
        paid += [p.id for b in cost if b.account == "oil"]
        books += cost
    oil = -sum(b.amount for b in books if b.account == "oil")
    if oil and oil > s.balance("japan", "oil"):
        raise Refused(f"{oil} Oil needed, Japan has {s.balance('japan', 'oil')}", rule="AE 1.11c")
    ta = -sum(b.amount for b in books if b.account == "ta")
    if ta and ta > s.balance("japan", "ta"):
        raise Refused(f"{ta} transport point(s) needed, {s.balance('japan', 'ta')} available", rule="AE 5.31")
    return [ev.NavalMoved(pieces=tuple(cmd.pieces), to=cmd.to, mode=cmd.mode, zones=cmd.zones, oil_paid=tuple(paid),
                          books=tuple(books))]


def _check_piece(s: AEState, p, cmd: NavalMove, side: str) -> None:
    t = data.table("naval")
    surprise = s.surprise
    if places.is_fleet(p):
        top = t["reaction_range"] if cmd.mode == "react" else t["fleet_range"]
        if cmd.mode == "react" and s.code_broken == cmd.to and p.nation == "usa":
            top = t["code_breaking_reaction_range"]  # AE 7.6c: into the zone the code breakers read
        if cmd.mode == "react" and p.at not in s.board.zones:
            raise Refused(f"{p.id} is at sea: only fleets in port react", rule="AE 8.25")
        if cmd.mode == "react" and surprise and p.nation == "usa" and p.at in ("hawaii", "usa"):
            raise Refused("US fleets at Hawaii and in the USA cannot react on the first turn", rule="AE 9.11a")
        if cmd.mode in ("move", "react") and p.id in s.moved:
            raise Refused(f"{p.id} already moved this phase", rule="AE 8.21")
        if cmd.mode == "rebase" and p.id in s.moved:
            raise Refused(f"{p.id} moved this turn: only unmoved fleets re-base", rule="AE 1.18")
    elif p.kind == "marine":
        top = 3 if p.at in s.board.zones and places.has_port(s.board, p.at) else 2  # AE 8.24
    elif places.is_land(p) or p.kind == "lba":
        if p.kind == "garrison":
            raise Refused("garrisons never move", rule="AE 4.28")
        top = t["transport_range"]
        if cmd.mode == "move" and p.at in s.board.zones and not s.board.zones[p.at].seas:
            raise Refused(f"{p.id} must start in a port or coastal zone to go by sea", rule="AE 5.31")
    else:
        raise Refused(f"{p.id} does not move by sea this way")
    if cmd.mode not in ("extended_return",) and not (cmd.mode == "return" and cmd.to in _national_ports(s, p)):
        if cmd.zones > top:
            raise Refused(f"{p.id} moves at most {top} sea zones", rule="AE 8.22")
        least = _least_zones(s, p, cmd)
        if least > top:  # the declared count is the table's word; the board's sea links still bound it
            raise Refused(f"{p.id} moves at most {top} sea zones: {_name(s, cmd.to)} lies {least} sea zones from "
                          f"{_name(s, p.at)}", rule="AE 8.21, 8.22")


def _least_zones(s: AEState, p, cmd: NavalMove) -> int:
    """The sea zones a piece enters at the least to reach the destination on the board as entered (0 when the board
    cannot tell): entering the port counts in Return to Base and re-basing (AE 8.22a), as in a typed path."""
    least = places.least_sea_zones(s.board, p.at, cmd.to)
    if least is None:
        return 0
    return least + (cmd.to in s.board.zones and cmd.mode in ("return", "rebase"))


def _zones(s: AEState, p, cmd: NavalMove) -> int:
    """The sea zones a piece moves: those declared, or more when the board shows the destination lies further."""
    return max(cmd.zones, _least_zones(s, p, cmd))


def _name(s: AEState, where: str) -> str:
    place = s.board.seas.get(where) or s.board.zones.get(where)
    return place.name if place is not None else where


def _submarine(s: AEState, boat, cmd: NavalMove, side: str) -> ev.NavalMoved:
    """AE 8.25: the submarine unit leaves its holding box for a sea zone a reaction was made into, at any distance
    and whatever the influence (the phasing player's after an enemy fleet reacted); it goes back to its box after
    its last attack (AE 8.53). First turn: not where Allied fleets react, not the Hawaiian Islands (AE 9.11i)."""
    if cmd.to == "holding":
        if s.phase not in ("air_naval_combat", "return_to_base"):
            raise Refused("the submarine goes back to its box after its last attack", rule="AE 8.53")
        return ev.NavalMoved(pieces=(boat.id,), to="holding", mode="return")
    if boat.at != "holding" or cmd.to not in s.board.seas or s.phase != "naval_movement":
        raise Refused("the submarine unit comes from its holding box into a sea zone in Naval Movement",
                      rule="AE 8.25")
    if s.surprise and boat.nation == "japan" and (cmd.to == "hawaiian_islands" or any(
            p.at == cmd.to and places.side(p) == "allies" and places.is_fleet(p) for p in s.pieces.values())):
        raise Refused("on the first turn the Japanese submarine goes neither to the Hawaiian Islands nor where "
                      "Allied fleets react", rule="AE 9.11i")
    if side == s.side and not any(p.at == cmd.to and places.side(p) != side and places.is_fleet(p)
                                  for p in s.pieces.values()):
        raise Refused("the phasing player adds his submarine only where the enemy reacted with fleets",
                      rule="AE 1.11b, 8.25")
    return ev.NavalMoved(pieces=(boat.id,), to=cmd.to, mode="react" if side != s.side else "move")


def _national_ports(s: AEState, p) -> tuple[str, ...]:
    return tuple(z for z, zone in s.board.zones.items() if zone.port == "national" and zone.colour == p.nation)


def _cost(s: AEState, p, cmd: NavalMove) -> list[Booking]:
    if p.nation != "japan" or cmd.mode == "extended_return":
        return []  # the Allies track neither; Extended Return to Base spends no Oil (AE 7.5)
    # a Marine going 3 sea zones pays Oil even when fewer were declared (AE 8.24)
    if places.is_fleet(p) or (p.kind == "marine" and (_zones(s, p, cmd) >= 3 or cmd.marine_pays == "oil")):
        if p.id in s.oil_paid:
            return []
        if cmd.mode == "return" and p.id in s.moved:
            return []
        return [Booking(nation="japan", account="oil", amount=-1, rule="AE 1.11c, 8.21",
                        cause=f"{p.kind.upper()} fleet {p.id} ({cmd.mode})" if places.is_fleet(p)
                        else f"Marines {p.id} ({cmd.mode})", place=cmd.to)]
    if p.kind == "marine" and cmd.marine_pays != "tp":
        raise Refused("a Japanese Marine moving 2 sea zones pays 1 Oil or 1 transport point: say which",
                      rule="AE 1.11c")
    if cmd.mode == "move":
        return [Booking(nation="japan", account="ta", amount=-1, rule="AE 5.31", cause=f"{p.id} by sea")]
    return []


def record_escalation(cmd: RecordEscalation, s: AEState, ctx: Context) -> list[ev.UsEscalationEarned]:
    """AE 9.22: at least 8 steps and 1 CV step, a CBA aboard every committed CV step."""
    if s.turn < data.calendar().index("1942-01"):
        raise Refused("US production escalation is earned from 1942", rule="AE 9.22")
    if len(s.escalations) >= 2:
        raise Refused("both US production increases are already earned", rule="AE 9.22")
    if s.escalations and s.escalations[-1] == s.turn:
        raise Refused("the second increase needs a later turn than the first", rule="AE 9.22")
    if s.escalations and s.year < 1943:
        raise Refused("the second increase is earned in 1943 or later", rule="AE 9.22")
    fleets = [s.pieces.get(f) for f in cmd.fleets]
    if any(f is None or f.nation != "usa" or not places.is_fleet(f) for f in fleets):
        raise Refused("name US fleets on the map", rule="AE 9.22")
    steps = sum(f.steps for f in fleets)
    cv = [f for f in fleets if f.kind == "cv"]
    cv_steps = sum(f.steps for f in cv)
    esc = data.nation("usa")["escalation"]
    if steps < esc["min_steps"] or cv_steps < esc["min_cv_steps"]:
        raise Refused(f"the force has {steps} step(s) and {cv_steps} CV step(s): it needs at least "
                      f"{esc['min_steps']} and {esc['min_cv_steps']}", rule="AE 9.22")
    for f in cv:
        carried = sum(1 for p in s.pieces.values() if p.kind == "cba" and p.at == f.id)
        if carried < f.steps:  # "chaque Pas de CV engagé doit posséder une unité de CBA à bord"
            raise Refused(f"{f.id}: every committed CV step carries a CBA unit ({f.steps} steps, {carried} CBA)",
                          rule="AE 9.22")
    return [ev.UsEscalationEarned(fleets=tuple(cmd.fleets), steps=steps, cv_steps=cv_steps, trigger=cmd.trigger)]
