"""Consolidation (AE 8.11): fleets of the same type and the same navy merge into fewer fleets of 1 to 4 steps. It
must lower the number of fleets; fleets are never split; the Japanese elite CA fleet never takes part. It is
voluntary in port in the Naval Movement and Return to Base Phases (to save Japanese Oil, to fit a port) and
mandatory at sea in the Air-Naval Combat Phase, to the fewest fleets of each type, before the pairs of a Day or
Night round (not before submarine combat). Damaged steps go with the steps to the fleets kept, and CBA of the
carriers removed land on the carriers kept (ruling)."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed import events_air as ea
from assistant.games.asia_engulfed.commands_air import Consolidate
from assistant.games.asia_engulfed.state import AEState
from events.base import Event

MAX_STEPS = 4  # AE 4.24: a fleet block holds 1 to 4 naval steps


def consolidate(cmd: Consolidate, s: AEState, ctx: Context) -> list[Event]:
    rule = "AE 8.11"
    fleets = [s.pieces.get(f) for f in cmd.fleets]
    if any(p is None or not places.is_fleet(p) for p in fleets) or len(set(cmd.fleets)) != len(cmd.fleets):
        raise Refused("name two fleets or more, each once", rule=rule)
    if len({(p.kind, p.nation, p.at) for p in fleets}) != 1:
        raise Refused("consolidated fleets are of one type and one navy, in one place", rule=rule)
    if any(p.elite for p in fleets):
        raise Refused("the Japanese elite CA fleet is never consolidated", rule=rule)
    at = fleets[0].at
    in_port = at in s.board.zones
    if not ((in_port and s.phase in ("naval_movement", "return_to_base"))
            or (not in_port and s.phase == "air_naval_combat")):
        raise Refused("consolidation is made in port in Naval Movement or Return to Base, or at sea in Air-Naval "
                      "Combat", rule=rule)
    if set(cmd.keep) - set(cmd.fleets):
        raise Refused("the fleets kept are among the fleets consolidated (fleets are never split)", rule=rule)
    if len(cmd.keep) >= len(fleets):
        raise Refused("a consolidation lowers the number of fleets", rule=rule)
    total = sum(p.steps for p in fleets)
    if sum(cmd.keep.values()) != total:
        raise Refused(f"the {total} steps are all kept: the fleets kept hold exactly that many", rule=rule)
    damaged = sum(s.damaged.get(p.id, 0) for p in fleets)
    new_damage: dict[str, int] = {}
    for f, n in cmd.keep.items():  # damaged steps go with the steps, in the order the fleets are kept
        take = min(n, damaged)
        if take:
            new_damage[f] = take
            damaged -= take
    moved = _carried(s, fleets, cmd.keep, new_damage)
    removed = tuple(p.id for p in fleets if p.id not in cmd.keep)
    return [ea.FleetsConsolidated(keep=dict(cmd.keep), removed=removed, damaged=new_damage, cba=moved)]


def _carried(s: AEState, fleets: list, keep: dict[str, int], damaged: dict[str, int]) -> dict[str, str]:
    """CBA of the carriers removed land on the carriers kept, in order, where there is room (AE 4.24, 8.42g)."""
    if fleets[0].kind != "cv":
        return {}
    room = {f: 2 * (n - damaged.get(f, 0)) + damaged.get(f, 0) for f, n in keep.items()}
    aboard = sorted((p for p in s.pieces.values() if p.kind == "cba" and p.at in {q.id for q in fleets}),
                    key=lambda p: (p.at not in keep, p.id))
    moved: dict[str, str] = {}
    for p in aboard:
        home = p.at if p.at in keep and room[p.at] >= p.steps else next(
            (f for f in keep if room[f] >= p.steps), None)
        if home is None:
            raise Refused(f"{p.id} would find no room on the carriers kept (two CBA steps a CV step)", rule="AE 4.24")
        room[home] -= p.steps
        if home != p.at:
            moved[p.id] = home
    return moved


def owed(s: AEState, sea: str) -> str:
    """AE 8.11: a side whose fleets at sea could be fewer must consolidate before a Day or Night round."""
    groups: dict[tuple[str, str], list] = {}
    for p in s.pieces.values():
        if p.at == sea and places.is_fleet(p) and not p.elite:
            groups.setdefault((p.nation, p.kind), []).append(p)
    for (nation, kind), ps in sorted(groups.items()):
        fewest = -(-sum(p.steps for p in ps) // MAX_STEPS)
        if len(ps) > fewest:
            return f"{nation} {kind.upper()} fleets {', '.join(sorted(p.id for p in ps))} fit in {fewest}"
    return ""


def check(s: AEState, sea: str) -> None:
    problem = owed(s, sea)
    if problem:
        raise Refused(f"consolidate first (ae.consolidate): {problem}", rule="AE 8.11")
