"""A move's route when the players name only where it goes, or a few areas on the way (EE 5.1, 5.2; a ground
support unit's air routes, 5.13, 5.22).

The finder proposes and movement's own checks judge: a found path is refused or accepted exactly as if it had been
typed, so the rules live in one place. A typed path without gaps never comes here. Where the board lacks a fact a
route depends on (a border list, a terrain, a weather zone), the finder says which instead of guessing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from assistant.decider import Refused
from assistant.games.europe_engulfed.board.network import network
from assistant.games.europe_engulfed.state import EEState

# (previous area, area entered, whether the move ends there) -> why the move may not go so ("" = it may);
# a reason starting with UNKNOWN names a fact the board lacks
Step = Callable[[str, str, bool], str]
UNKNOWN = "unknown: "
SHOWN = 4  # blocked areas named in a refusal


def name(s: EEState, area: str) -> str:
    a = s.board.areas.get(area)
    return (a.name if a is not None and a.name else area.replace("_", " ").title())


def names(s: EEState, areas) -> str:
    return ", ".join(name(s, a) for a in areas)


def adjacent(s: EEState, a: str, b: str) -> bool:
    return any(n == b for n, _ in network(s.board).land.get(a, ()))


def air_route(s: EEState, a: str, b: str) -> bool:
    """An air route joins ``a`` and ``b`` (Glossary "Air-Routes": ground support and airborne units only)."""
    return b in network(s.board).air.get(a, ())


def has_gaps(s: EEState, start: str, path: tuple[str, ...], flies: bool = False) -> bool:
    """Two land areas in a row that do not touch: the players left the way between them to the assistant (sea
    legs are the sea transport rules' own, 5.3). ``flies``: a ground support unit, for which an air route is a
    typed link too (5.13, 5.22), judged by the move's own checks."""
    chain = (start, *path)
    return any(a in s.board.areas and b in s.board.areas and a != b and not adjacent(s, a, b)
               and not (flies and air_route(s, a, b)) for a, b in zip(chain, chain[1:]))


def missing_facts(s: EEState, areas, facts: tuple[str, ...]) -> list[str]:
    """Facts of ``areas`` the board does not give yet, as players read them ("Pripyat: terrain")."""
    out = []
    for a in areas:
        area = s.board.areas.get(a)
        if area is None:
            continue
        for fact in facts:
            if fact == "borders" and not area.borders_complete:
                out.append(f"{name(s, a)}: its full list of land borders")
            elif fact == "terrain" and area.terrain is None:
                out.append(f"{name(s, a)}: terrain")
            elif fact == "weather_zone" and area.weather_zone is None and not area.container:
                out.append(f"{name(s, a)}: weather zone")
    return out


@dataclass
class Search:
    """Breadth-first over land borders from ``start``: the fewest areas to each area a step allows."""

    paths: dict[str, tuple[str, ...]] = field(default_factory=dict)  # area -> first-by-name shortest path to it
    counts: dict[str, int] = field(default_factory=dict)  # area -> how many shortest paths reach it
    blocked: dict[str, str] = field(default_factory=dict)  # area next to the reached ones -> why not entered


def search(s: EEState, start: str, goal: str, step: Step, flies: bool = False) -> Search:
    """``flies``: a ground support unit may also take an air route, into ``goal`` only (its flight ends the
    move: Glossary "Air-Routes", 5.22)."""
    net = network(s.board)
    found = Search(paths={start: ()}, counts={start: 1})
    layer = [start]
    while layer and goal not in found.paths:
        reached: dict[str, list[str]] = {}
        for prev in layer:
            ways = [area for area, _ in net.land.get(prev, ())]
            if flies and goal in net.air.get(prev, ()) and goal not in ways:
                ways.append(goal)
            for area in ways:
                if area in found.paths:
                    continue
                why = step(prev, area, area == goal)
                if why:
                    found.blocked.setdefault(area, why)
                else:
                    reached.setdefault(area, []).append(prev)
        for area, prevs in reached.items():
            found.blocked.pop(area, None)
            found.paths[area] = min((found.paths[p] + (area,) for p in prevs),
                                    key=lambda path: tuple(name(s, a) for a in path))
            found.counts[area] = sum(found.counts[p] for p in prevs)
        layer = sorted(reached)
    return found


def strategic(s: EEState, start: str, goal: str, step: Step, avoid: Callable[[str], bool] | None,
              avoid_rule: str, flies: bool = False) -> tuple[tuple[str, ...], str]:
    """The land stretch of a strategic move from ``start`` to ``goal`` (5.22, 5.23): the fewest areas, the first
    by name among equals (a strategic move goes any distance, so the way matters only where ``avoid`` says: the
    West zone under 2.27 bombing). ``flies``: a ground support unit, which may end it along an air route (5.22).
    Returns the areas entered and how they were chosen, for the log."""
    note = ""
    if avoid is not None:
        found = search(s, start, goal, lambda p, a, last: step(p, a, last) or ("avoided" if avoid(a) else ""), flies)
        if goal in found.paths:
            note = f"avoiding the West zone, {avoid_rule}"
        else:
            found = search(s, start, goal, step, flies)
    else:
        found = search(s, start, goal, step, flies)
    if goal not in found.paths:
        raise _no_route(s, start, goal, found, flies)
    count = found.counts[goal]
    chosen = "the only shortest route" if count == 1 else f"the first by name of {count} shortest routes"
    path = found.paths[goal]
    before = (start, *path)[-2]
    if flies and not adjacent(s, before, goal):
        chosen += f", flying the air route from {name(s, before)} (EE 5.22)"
    return path, f"{chosen}{', ' + note if note else ''}"


def _no_route(s: EEState, start: str, goal: str, found: Search, flies: bool = False) -> Refused:
    why_goal = found.blocked.get(goal, "")
    if why_goal and not why_goal.startswith(UNKNOWN):
        text, _, rule = why_goal.rpartition(", ")
        if rule == "EE 5.23":  # enemy, contested or neutral: where a strategic move may not end (5.21)
            return Refused(f"{name(s, goal)} is {text}: a strategic move ends in a friendly uncontested area",
                           rule="EE 5.21")
        return Refused(f"no strategic move into {name(s, goal)}: {text}", rule=rule)
    # the rules of a nationality first, then the enemy's areas, the neutral ones last (seldom the point)
    order = {"neutral, EE 5.23": 2, "enemy-controlled, EE 5.23": 1, "contested, EE 5.23": 1}
    ranked = sorted(found.blocked.items(), key=lambda x: (order.get(x[1], 0), name(s, x[0])))
    blocked = [f"{name(s, a)} ({why})" for a, why in ranked
               if a != goal and why != "avoided" and not why.startswith(UNKNOWN)]
    unknown = missing_facts(s, (goal,), ("borders",))  # the destination's own borders first
    unknown += [why.removeprefix(UNKNOWN) for why in found.blocked.values() if why.startswith(UNKNOWN)]
    unknown += missing_facts(s, sorted(found.paths), ("borders",))
    unknown = list(dict.fromkeys(unknown))
    way = ", by land or ending with a flight along an air route," if flies else ""
    text = f"no chain of friendly uncontested land areas{way} leads from {name(s, start)} to {name(s, goal)}"
    if blocked:
        more = f" and {len(blocked) - SHOWN} more" if len(blocked) > SHOWN else ""
        text += f"; the way is shut at {'; '.join(blocked[:SHOWN])}{more}"
    if unknown:
        more = f" and {len(unknown) - SHOWN} more" if len(unknown) > SHOWN else ""
        text += f"; the board does not give {'; '.join(unknown[:SHOWN])}{more} (enter them, or type the path)"
    if flies:  # the map's unprinted air routes are the players' to enter (Glossary "Air-Routes")
        text += ("; an air route the map does not print (under an inch and a half of sea) is entered on the board "
                 "(“Complete the board: a border”, kind “air route”)")
    text += "; by sea, name the sea areas crossed (EE 5.32)"
    return Refused(text, rule="EE 5.22" if flies else "EE 5.23")


def operational(s: EEState, start: str, path: tuple[str, ...], allowance: int, fast_rule: str,
                judge: Callable[[tuple[str, ...]], list], flies: bool = False) -> tuple[tuple[str, ...], list, str]:
    """The two-area operational move (5.12) that names only its destination: every area between that the rules
    accept. Equal outcomes: the first by name; routes that differ under the rules (an enemy area taken on the
    way, 5.12 and Glossary) are the player's choice, so the path is asked for. ``flies``: a ground support unit,
    whose one flight (5.13) is never a gap, so a refusal says no air route joins the two areas either."""
    goal = path[-1]
    if allowance < 2:
        raise Refused(f"{name(s, goal)} is not next to {name(s, start)}: this unit moves one area", rule="EE 5.11")
    if len(path) > 1:
        raise Refused(f"{names(s, (start, *path))} is more than {allowance} areas", rule=fast_rule)
    between = sorted((a for a, _ in network(s.board).land.get(start, ()) if adjacent(s, a, goal) and a != goal),
                     key=lambda a: name(s, a))
    if not between:
        unknown = missing_facts(s, (start, goal), ("borders",))
        board = f"; the board does not give {'; '.join(unknown)}" if unknown else ""
        air = "; no air route joins them on the board (EE 5.13)" if flies else ""
        raise Refused(f"{name(s, goal)} is more than two areas from {name(s, start)}{air}{board}", rule=fast_rule)
    legal: dict[str, list] = {}
    refused: dict[str, Refused] = {}
    unknown: list[str] = []
    for mid in between:
        lacking = missing_facts(s, (mid,), ("terrain", "weather_zone"))
        if lacking:  # a swamp (5.15a) or mud (1.13) on the way stops the unit: not guessed
            unknown += lacking
            continue
        try:
            legal[mid] = judge((mid, goal))
        except Refused as exc:
            refused[mid] = exc
    if not legal:
        reasons = "; ".join(f"via {name(s, m)}: {r.message}" for m, r in refused.items())
        board = f"the board does not give {'; '.join(unknown)} (enter them, or type the path)" if unknown else ""
        first = next(iter(refused.values()), None)
        if first is not None and len(refused) == 1 and not unknown:  # one way, one rule: said once
            raise Refused(f"no legal route to {name(s, goal)}: via {name(s, next(iter(refused)))}: {first.reason}",
                          rule=first.rule)
        raise Refused(f"no legal route to {name(s, goal)}: " + "; ".join(x for x in (reasons, board) if x),
                      rule=first.rule if first is not None and first.rule else "EE 5.1")
    outcomes = {mid: _outcome(events) for mid, events in legal.items()}
    if len(set(outcomes.values())) > 1:
        ways = "; ".join(f"via {name(s, m)}" + (f" ({_effects(s, legal[m])})" if _effects(s, legal[m]) else "")
                         for m in legal)
        raise Refused(f"the routes to {name(s, goal)} differ under the rules ({ways}): give the area to pass "
                      "through", rule="EE 5.12")
    mid = next(iter(legal))
    if len(legal) > 1:
        return (mid, goal), legal[mid], f"the first by name of {len(legal)} equal routes"
    return (mid, goal), legal[mid], "the only route" if len(between) == 1 else "the only legal route"


def _outcome(events: list) -> tuple:
    """What a move does besides the path it records: equal outcomes make the routes equal under the rules."""
    import msgspec

    return tuple(msgspec.json.encode(msgspec.structs.replace(e, path=()) if hasattr(e, "path") else e)
                 for e in events)


def _effects(s: EEState, events: list) -> str:
    taken = [e.area for e in events if type(e).__name__ == "ControlChanged"]
    return f"takes {names(s, taken)}" if taken else ""
