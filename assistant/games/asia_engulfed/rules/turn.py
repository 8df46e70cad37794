"""The turn as a state machine (AE 1.0-1.3): set-up, bidding and pre-game production (AE 10.4), then for each
turn the Japanese and Allied player turns (phases 1.11-1.19) and the Turn Advance Phase. ``ae.advance`` closes
the current phase (with what must happen at its end) and opens the next (with what happens at its start)."""

from __future__ import annotations

from collections.abc import Sequence

from assistant.decider import Context, Refused
from assistant.families.engulfed.ledger import Booking
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import Advance
from assistant.games.asia_engulfed.rules import (china, construction, force_pool, income, invasion, stacking, strategic,
                                                 submarine_replacement, victory)
from assistant.games.asia_engulfed.state import AEState
from events.base import Event
from events.core import PhaseBegan

PLAYER_PHASES = ("naval_movement", "initial_supply", "production", "air_naval_combat", "operational_movement",
                 "strategic_movement", "land_combat", "return_to_base", "final_supply")
RULES = dict(zip(PLAYER_PHASES, ("AE 1.11", "AE 1.12", "AE 1.13", "AE 1.14", "AE 1.15", "AE 1.16", "AE 1.17",
                                 "AE 1.18", "AE 1.19"), strict=True))


class Flow:
    """Events of one advance, with the state they lead to (so later hooks see earlier facts)."""

    def __init__(self, s: AEState):
        from assistant.games.asia_engulfed.evolve import evolve

        self.s, self.events, self._evolve = s, [], evolve

    def add(self, *events: Event) -> None:
        for e in events:
            self.events.append(e)
            self.s = self._evolve(self.s, e)

    def phase(self, side: str, phase: str, step: str = "") -> None:
        self.add(PhaseBegan(round=self.s.turn, side=side, phase=phase, step=step))


def producers(side: str) -> tuple[str, ...]:
    return ("japan",) if side == "japan" else tuple(data.load("nations")["allied_order"])


def held_back(s: AEState) -> Refused | None:
    """Why ``ae.advance`` would be refused now (what the phase still owes before it ends), or None. ``advance``
    raises it; the table offers "Next phase" only when it is None and its banner says it instead."""
    if s.phase == "setup":
        from assistant.games.asia_engulfed.scenario.entry import entered

        if not entered(s):
            return Refused("enter the scenario set-up first: place the pieces, or load a scenario file",
                           rule="AE 15.0 (Play Book)")
        return None
    if s.phase in ("bidding", "pre_game_production"):
        return None
    if s.phase == "turn_advance":
        return Refused("the game ended with Jul/Aug 1945", rule="AE 10.18") if s.turn >= data.calendar().last \
            else None
    side, phase = s.side, s.phase
    if phase in ("initial_supply", "final_supply"):
        which = "initial" if phase == "initial_supply" else "final"
        if f"{s.turn}:{side}:{which}" not in s.determined:
            whose = "Japan's" if side == "japan" else "the Allies'"
            return Refused(f"determine {whose} {which} supply before the phase ends (ae.determine_supply)",
                           rule=RULES[phase])
    over = stacking.problems(s)
    if over:
        return Refused("over-stacked at the end of the phase: " + "; ".join(over[:6])
                       + ": remove the excess (ae.eliminate_excess)", rule="AE 5.42-5.44")
    if phase == "naval_movement" and s.surprise:
        waiting = _singapore_reacts(s)
        if waiting is not None:
            return waiting
    if phase == "air_naval_combat" and s.battles:  # AE 8.42h, 8.7: a Day battle or port attack left open
        return Refused("finish the air battle at " + _named(s, sorted(s.battles)) + ": missions, air combat, AA, "
                       "strikes, then the aircraft return (ae.end_air_round)", rule="AE 8.42, 8.7")
    if phase == "air_naval_combat" and both_at_sea(s):  # AE 8.4
        return Refused("the Air-Naval Combat Phase never ends with both sides at sea in one sea zone: "
                       + _named(s, both_at_sea(s)) + " (intercept again, or Avoid and return to base)", rule="AE 8.4")
    if phase == "return_to_base":
        left = stacking.at_sea_or_over_port(s)
        if left:
            return Refused("every fleet and transport returns to a port with room: " + "; ".join(left[:6]),
                           rule="AE 1.18, 8.8")
    if phase == "production" and s.producer == "japan" and strategic.pending(s):
        return Refused("Strategic Warfare is mandatory: " + ", ".join(strategic.pending(s)), rule="AE 2.0")
    owed = sorted((k, v) for k, v in s.land_hits.items() if v) if phase == "land_combat" else []
    if owed:  # AE 6.24: a fire's hits are taken before the phase ends
        return Refused("hits still to take (ae.apply_losses): " + "; ".join(
            f"{'Japan' if k.rsplit(':', 1)[1] == 'japan' else 'the Allies'} {v} at "
            f"{s.board.zones[k.rsplit(':', 1)[0]].name}" for k, v in owed), rule="AE 6.24")
    return None


def _named(s: AEState, places_: Sequence[str]) -> str:
    """Places as the board names them (South Philippine Sea, not south_philippine_sea)."""
    found = {**s.board.zones, **s.board.seas}
    return ", ".join(found[p].name if p in found else p.replace("_", " ") for p in places_)


def advance(cmd: Advance, s: AEState, ctx: Context) -> list[Event]:
    refusal = held_back(s)
    if refusal is not None:
        raise refusal
    f = Flow(s)
    if s.phase == "setup":
        from assistant.games.asia_engulfed.rules.setup import scenario_set_up

        return list(scenario_set_up(s.scenario, s))
    if s.phase == "bidding":
        if s.bid > 0:
            f.phase("japan", "pre_game_production", "japan")
            f.add(ev.IncomeAssessed(nation="japan", books=(Booking(
                nation="japan", account="werp", amount=s.bid, rule="AE 10.4", cause="the winning bid"),)))
        else:
            begin_turn(f)
        return f.events
    if s.phase == "pre_game_production":
        close_producer(f, "japan")
        begin_turn(f)
        return f.events
    if s.phase == "turn_advance":
        begin_turn(f)
        return f.events
    leave_phase(f)
    return f.events


def begin_turn(f: Flow) -> None:
    s = f.s
    cal = data.calendar()
    turn = s.turn + 1 if s.turn else cal.index(s.scenario.start_turn)
    tc, ta = s.balance("japan", "tc"), s.balance("japan", "ta")
    books = (Booking(nation="japan", account="ta", amount=tc - ta, rule="AE 1.1",
                     cause="Transports Available set to the Transport Capacity"),) if tc != ta else ()
    f.add(ev.TurnBegan(turn=turn, label=cal.name(turn), books=books))
    level = income.us_level(f.s)
    if level != f.s.track("us_level"):
        f.add(ev.TrackMoved(track="us_level", before=f.s.track("us_level"), after=level, rule="AE 9.22",
                            cause="U.S. production level"))
    f.add(*force_pool.arrivals(f.s))  # AE 9.22: the 1943/1944 additions come with the increases, 1945 in Jan/Feb
    f.phase("japan", "naval_movement")


def leave_phase(f: Flow) -> None:
    """Close the phase (``held_back`` has checked what it owes) with what happens at its end, and open the next."""
    s = f.s
    side, phase = s.side, s.phase
    if phase == "production":
        close_producer(f, s.producer)
        order = producers(side)
        rest = order[order.index(s.producer) + 1:]
        if rest:
            open_producer(f, side, rest[0])
            return
    if phase == "air_naval_combat":  # AE 8.53: submarines go home; a Replacement marker merges (AE 4.61)
        f.add(*submarine_replacement.back_home(f.s))
        f.add(*submarine_replacement.merge(f.s))
    if phase == "land_combat":
        f.add(*invasion.conversions(f.s))
        f.add(*[ev.FortificationRemoved(zone=z, cause="breached: the enemy is still there after the first round "
                                                      "(AE 6.84)") for z in f.s.forts if places.contested(f.s, z)])
    if phase == "final_supply":
        f.add(*fortifications_unheld(f.s))
    f.add(*victory.conquests(f.s, end_of_allied_turn=False))
    if phase == "final_supply":
        if side == "japan":
            f.phase("allies", "naval_movement")
            return
        end_of_allied_turn(f)
        return
    nxt = PLAYER_PHASES[PLAYER_PHASES.index(phase) + 1]
    if nxt == "production":
        open_producer(f, side, producers(side)[0])
        return
    f.phase(side, nxt)
    if nxt == "initial_supply" and side == "japan":
        jungle_attrition(f)


def both_at_sea(s: AEState) -> list[str]:
    """Sea zones holding pieces of both sides, submarines aside (AE 8.4, 8.31)."""
    sides: dict[str, set[str]] = {}
    for p in s.pieces.values():
        if p.at in s.board.seas and p.kind != "submarine":
            sides.setdefault(p.at, set()).add(places.side(p))
    return sorted(sea for sea, found in sides.items() if len(found) == 2)


def fortifications_unheld(s: AEState) -> list[Event]:
    """AE 6.83: at the end of a player turn a fortification with no friendly land or garrison unit goes."""
    gone = [z for z in s.forts if not places.land_at(s, z, s.control.get(z))]
    return [ev.FortificationRemoved(zone=z, cause="no friendly land unit (AE 6.83)") for z in gone]


def _singapore_reacts(s: AEState) -> Refused | None:
    """AE 9.11e: Commonwealth fleets based at Singapore must react against Japanese fleets ending their move in the
    Gulf of Thailand or the Java Sea."""
    targets = {"gulf_of_thailand", "java_sea"} & {p.at for p in s.pieces.values()
                                                 if p.nation == "japan" and places.is_fleet(p)}
    waiting = [p.id for p in s.pieces.values() if p.at == "singapore" and p.nation in ("commonwealth", "dei")
               and places.is_fleet(p)]
    if targets and waiting:
        return Refused(f"the Commonwealth fleets at Singapore ({', '.join(sorted(waiting))}) must react into "
                       + " or ".join(s.board.seas[t].name for t in sorted(targets)), rule="AE 9.11e")
    return None


def open_producer(f: Flow, side: str, nation: str) -> None:
    f.phase(side, "production", nation)
    f.add(income.assess(f.s, nation))
    if nation == "china":
        f.add(*china.communist_step(f.s))


def close_producer(f: Flow, nation: str) -> None:
    s = f.s
    f.add(*construction.completions(s, nation))
    if nation == "usa" and f.s.phase == "production":
        f.add(*construction.free_us_steps(f.s))
    if nation == "japan" and f.s.phase == "production":
        kamikaze_checks(f)
    left = f.s.balance(nation, "werp")
    books = (Booking(nation=nation, account="werp", amount=-left, rule="AE 4.1",
                     cause="unspent WERP are lost"),) if left else ()
    f.add(ev.ProductionClosed(nation=nation, unspent=left, books=books))


def kamikaze_checks(f: Flow) -> None:
    """AE 9.13: the marker moves down for more than 1 WERP on air, and for low oil after Strategic Warfare."""
    s = f.s
    steps = []
    if s.spent.get("japan:air_werp", 0) > 1:
        steps.append("more than 1 WERP spent on air units")
    gained = s.balance("japan", "oil") - s.oil_at_open  # after Strategic Warfare
    if 0 <= s.oil_at_open < 20 and gained < 3:
        steps.append(f"started with {s.oil_at_open} Oil and gained fewer than 3")
    for why in steps:
        now = f.s.track("kamikaze")
        if now > 0:
            f.add(ev.TrackMoved(track="kamikaze", before=now, after=now - 1, rule="AE 9.13", cause=why))


def jungle_attrition(f: Flow) -> None:
    """AE 1.12a, 6.72: Jul/Aug Japanese Initial Supply: every land unit in a contested jungle zone loses a step;
    cadres are not destroyed."""
    s = f.s
    if data.calendar().turn(s.turn).bimonth != data.load("calendar")["events"]["jungle_attrition_bimonth"]:
        return
    for zone, z in sorted(s.board.zones.items()):
        if z.terrain != "jungle" or not places.contested(s, zone):
            continue
        losses = {p.id: 1 for p in places.land_at(s, zone) if p.steps > 1}
        if losses:
            f.add(ev.LossesApplied(zone=zone, losses=losses, cause="jungle attrition (AE 6.72)"))


def end_of_allied_turn(f: Flow) -> None:
    f.add(*victory.conquests(f.s, end_of_allied_turn=True))
    final = f.s.turn >= data.calendar().last
    f.add(victory.determine(f.s, final))
    if not f.s.result:
        f.phase("", "turn_advance")
