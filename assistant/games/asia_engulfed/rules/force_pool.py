"""The US Force Pool additions of 1943, 1944 and 1945 (AE 9.22).

The 1943 additions arrive with the first US production increase, the 1944 additions with the second, the 1945
additions at the start of the Jan/Feb 1945 turn (data/calendar.toml). What each year adds is on the scenario cards
(« cf. cartes du scénario »), not in the rule book: the players enter it with the set-up or later
(``ae.enter_force_pool_additions``). A Force Pool entered with the set-up counts every block of a kind a nation
owns (docs/rulings.md); an addition raises the count of its kinds, and its construction markers join the US
markers (usable from the date they carry, AE 9.24)."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.asia_engulfed import data
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import EnterForcePoolAdditions
from assistant.games.asia_engulfed.rules import income
from assistant.games.asia_engulfed.scenario.format import FLEET, AIR, LAND, Marker, PoolAddition, Scenario
from assistant.games.asia_engulfed.state import AEState
from events.base import Event

INCREASES = {"first_increase": 0, "second_increase": 1}
TRACKS = ("naval", "air", "asw", "bb_tr")
BLOCKS = LAND + AIR + FLEET


def schedule() -> dict[str, str]:
    return data.load("calendar")["us_force_pool_additions"]


def counts(s: AEState, nation: str) -> dict[str, int]:
    """The Force Pool counts by kind: the set-up's, plus the US additions received so far."""
    pool = dict(s.scenario.force_pool.get(nation, {}))
    if nation == "usa":
        for year in s.pool_received:
            for kind, n in s.pool_additions.get(year, PoolAddition()).units.items():
                pool[kind] = pool.get(kind, 0) + n
    return pool


def due(s: AEState) -> list[tuple[str, str]]:
    """(year, why) of the additions that arrive by now and have not arrived yet."""
    cal = data.calendar()
    start = cal.index(s.scenario.start_turn)
    earned = sorted(s.escalations)
    out = []
    for year, when in schedule().items():
        if year in s.pool_received:
            continue
        if when in INCREASES:
            i = INCREASES[when]
            if len(earned) > i and s.turn >= income.effective_turn(earned[i], i):
                out.append((year, f"with the {('first', 'second')[i]} US production increase (AE 9.22)"))
        elif start <= cal.index(when) <= s.turn:  # a later start has them in its set-up (ruling)
            out.append((year, f"at the start of {cal.name(cal.index(when))} (AE 9.22)"))
    return out


def arrivals(s: AEState) -> list[Event]:
    """Start of a turn: the additions due join the US Force Pool (empty, and said so, if not entered yet)."""
    out: list[Event] = []
    for year, why in due(s):
        add = s.pool_additions.get(year)
        out.append(ev.ForcePoolAdditionsReceived(year=year, cause=why, units=dict(add.units) if add else {},
                                                 markers=add.markers if add else (), entered=add is not None))
    return out


def problems(addition: PoolAddition, year: str, scenario: Scenario, taken: set[str]) -> list[str]:
    """What is wrong with one year's additions (against the set-up's Force Pool and the markers in play)."""
    out = []
    if year not in schedule():
        out.append(f"US Force Pool additions of {year!r}: the years are {', '.join(schedule())} (AE 9.22)")
    pool = scenario.force_pool.get("usa", {})
    for kind, n in addition.units.items():
        if kind not in BLOCKS:
            out.append(f"{year} additions: unknown kind {kind!r} (one of {', '.join(BLOCKS)})")
        elif kind not in pool:
            out.append(f"{year} additions: the set-up's US Force Pool gives no count of {kind}, so the assistant "
                       "does not limit that kind and there is nothing to add to (enter the count with the set-up)")
        elif not 0 <= n <= 30:
            out.append(f"{year} additions: {n} {kind} is outside 0-30")
    for m in addition.markers:
        out += _marker_problems(m, year, taken)
        taken.add(m.id)
    return out


def _marker_problems(m: Marker, year: str, taken: set[str]) -> list[str]:
    out = []
    if m.nation != "usa":
        out.append(f"{year} additions: marker {m.id} is not a US marker")
    if m.id in taken:
        out.append(f"{year} additions: marker id {m.id!r} is already in play")
    if m.track not in TRACKS or not m.faces:
        out.append(f"{year} additions: marker {m.id} needs a track ({', '.join(TRACKS)}) and its faces")
    if m.available_from:
        try:
            data.calendar().index(m.available_from)
        except ValueError as exc:
            out.append(f"{year} additions: marker {m.id} date {m.available_from!r}: {exc}")
    return out


def enter(cmd: EnterForcePoolAdditions, s: AEState, ctx: Context) -> list[Event]:
    if not s.set_up:
        raise Refused("enter the scenario set-up first (ae.set_up_scenario)", rule="AE 15.0 (Play Book)")
    if cmd.year in s.pool_received and cmd.year in s.pool_additions:
        raise Refused(f"the {cmd.year} additions already joined the US Force Pool as entered", rule="AE 9.22")
    addition = PoolAddition(units=dict(cmd.units), markers=cmd.markers)
    taken = set(s.builds) | {m.id for y, a in s.pool_additions.items() if y != cmd.year for m in a.markers}
    found = problems(addition, cmd.year, s.scenario, taken)
    if found:
        raise Refused("; ".join(found[:6]), rule="AE 9.22")
    return [ev.ForcePoolAdditionsEntered(year=cmd.year, addition=addition)]


def status(s: AEState) -> str:
    """Each year's additions for the table: arrived, entered and waiting (with when), or not entered."""
    words = {"first_increase": "with the first increase", "second_increase": "with the second increase"}
    out = []
    for year, when in schedule().items():
        entered = year in s.pool_additions
        if year in s.pool_received:
            out.append(f"{year} arrived" + ("" if entered else " (not entered)"))
        else:
            due = words.get(when) or data.calendar().name(data.calendar().index(when))
            out.append(f"{year} {'entered' if entered else 'not entered'}, due {due}")
    return " · ".join(out)
