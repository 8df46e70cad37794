"""The turn state machine (EE 1.0-1.4): weather, then for each side initial supply, production (one nation at a
time), initial operational and strategic movement, initial combat, breakthrough phases bought with Special
Actions, final supply; then the turn advance. ``ee.advance`` closes the current phase and opens the next one,
with the automatic facts hung on each hook (digest §2.2)."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.commands import Advance
from assistant.games.europe_engulfed.powers import contested, side_of
from assistant.games.europe_engulfed.rules import (
    fortresses,
    income,
    landings,
    minors,
    politics,
    stacking,
    weather,
)
from assistant.games.europe_engulfed.rules.flow import Flow
from assistant.games.europe_engulfed.scenario.start import refusals as start_refusals
from assistant.games.europe_engulfed.rules.production.phase import close_production, open_production
from assistant.games.europe_engulfed.state import EEState
from assistant.games.europe_engulfed.supply import moves as supply_moves
from assistant.games.europe_engulfed.supply.commands import DetermineSupply
import assistant.games.europe_engulfed.events as ev
from events.base import Event

PLAYER_PHASES = ("initial_supply", "production", "operational_move", "strategic_move", "combat", "breakthrough",
                 "final_supply")


def producing_nations(s: EEState, side: str) -> tuple[str, ...]:
    order = data.nations().axis_order if side == "Axis" else data.nations().allied_order
    return tuple(n for n in order if income.has_production_phase(s, n, s.turn))


def advance(cmd: Advance, s: EEState, ctx: Context) -> list[Event]:
    if s.result:
        raise Refused(f"the game is over: {s.result.replace('_', ' ')}", rule=s.result_rule)
    if s.politics.french_fleet_escape:
        raise Refused("France is conquered: the Allied player first chooses the sea of the escaping French fleet "
                      "point (ee.french_fleet_escape)", rule="EE 9.522")
    minors.check_deployed(s)
    f = Flow(s)
    if s.phase == "":
        stopped = start_refusals(s.options.scenario, s.board)
        if stopped:
            raise Refused("the set-up is not ready to play: " + "; ".join(stopped), rule="EE 10.1")
        begin_turn(f)
    elif s.phase == "turn_end":
        begin_turn(f)
    elif s.phase == "weather":
        if not s.weather:
            raise Refused("set this turn's weather first", rule="EE 1.1")
        f.phase("Axis", "initial_supply")
    elif s.phase == "production":
        next_producer(f, ctx)
    elif s.phase == "breakthrough" and s.step:
        f.phase(s.side, "breakthrough")  # back to the breakthrough menu
        politics.check_minor_conquests(f)
    else:
        if s.phase in SUPPLY_PHASES:
            determine_if_needed(f, ctx)
        leave(f, ctx)
    return f.events


SUPPLY_PHASES = ("initial_supply", "final_supply")


def determine_if_needed(f: Flow, ctx: Context) -> None:
    """EE 1.21, 1.27, 3.4, 3.6: a supply phase never ends undetermined. Unless the players already determined it
    (with Limited Supply orders, say), closing the phase runs the determination; where the board cannot decide a
    line, the refusal names the facts to enter or the units whose verdict the players record."""
    s = f.s
    if s.supply_checked == f"{s.turn}:{s.side}:{s.phase}":
        return
    command = DetermineSupply(side=s.side, phase=s.phase.split("_")[0])  # type: ignore[arg-type]
    f.add(*determine(command, s, ctx))


def determine(command: DetermineSupply, s: EEState, ctx: Context) -> list[Event]:
    """The determination, after what the final supply phase settles first: fortress attackers withdraw, Malta's
    ground support unit goes back to Sicily (EE 6.85, 6.86)."""
    f = Flow(s)
    if s.phase == "final_supply":
        fortresses.end_of_final_supply(f)
    f.add(*supply_moves.determine_supply(command, f.s, ctx))
    return f.events


def begin_turn(f: Flow) -> None:
    s = f.s
    turn = s.turn + 1  # the initial state sits just before the scenario's first turn
    f.add(ev.TurnBegan(turn=turn, label=calendar.name(turn), switches=tuple(k for k, _, _ in calendar.switches_at(turn))))
    politics.morale_check(f)
    f.phase("", "weather")
    fixed = weather.printed(f.s, turn)
    if fixed is not None:
        f.add(fixed)


def next_producer(f: Flow, ctx: Context) -> None:
    s = f.s
    f.add(*close_production(s, s.step))
    remaining = _after(f.s, s.side, s.step)
    if remaining:
        open_nation(f, remaining[0], ctx)
        return
    if s.side == "Axis" and s.turn == calendar.switch_turn("russian_winter"):
        russian_winter(f)
    begin_operational_move(f)


def _after(s: EEState, side: str, nation: str) -> tuple[str, ...]:
    order = producing_nations(s, side)
    return order[order.index(nation) + 1:] if nation in order else ()


def open_nation(f: Flow, nation: str, ctx: Context) -> None:
    unknown = income.unknown_income(f.s, nation)
    if unknown:
        title = data.nation(nation).title
        listed = "; ".join(f"{f.s.board.areas[a].name} (" + ", ".join(g.sentence() for g in gaps[:3])
                           + (" …" if len(gaps) > 3 else "") + ")" for a, gaps in sorted(unknown.items()))
        raise Refused(f"{title}'s production depends on whether these resource areas trace supply, which the board "
                      f"cannot tell: {listed}. Enter those facts, or say for each area whether it traces supply "
                      "this turn (Read a resource area's supply)", rule="EE 4.12")
    f.phase(f.s.side, "production", nation)
    if nation == "usa" and politics.free_french_rest_due(f.s):
        f.add(ev.FreeFrenchJoined(blocks=politics.FREE_FRENCH_REST, rule="EE 9.532"))
    f.add(*open_production(f.s, nation, ctx))


def begin_operational_move(f: Flow) -> None:
    f.phase(f.s.side, "operational_move")
    if f.s.side == "Axis":
        politics.axis_operational_move_opens(f)
    else:
        politics.allied_operational_move_opens(f)


def russian_winter(f: Flow) -> None:
    """EE 9.13: after the Axis production of Jan/Feb 1942, German infantry-type units in the USSR lose a step."""
    s = f.s
    losses = {u.id: 1 for u in s.units.values()
              if u.nation == "germany" and u.infantry_type and u.steps > 1
              and (s.board.areas.get(u.area) and s.board.areas[u.area].nation == "ussr")}
    if losses:
        f.add(ev.StepsLost(losses=losses, cause="Russian Winter", rule="EE 9.13"))


def mandatory_battles(s: EEState) -> list[str]:
    """EE 6.1: areas the phasing player's movement newly contested this turn that have not had their round."""
    areas = {u.area for u in s.units.values() if u.moved and side_of(s, u.nation) == s.side}
    return sorted(a for a in areas if contested(s, a) and a not in s.fought)


def leave(f: Flow, ctx: Context) -> None:
    s = f.s
    phase = s.phase
    if phase in ("operational_move", "strategic_move", "combat", "breakthrough"):
        stacking.check_end_of_phase(s)
    if phase == "initial_supply":
        queue = producing_nations(s, s.side)
        if queue:
            open_nation(f, queue[0], ctx)
        else:
            begin_operational_move(f)
    elif phase == "operational_move":
        landings.check_joint_invasions(s)
        politics.check_minor_conquests(f)
        f.phase(s.side, "strategic_move")
    elif phase == "strategic_move":
        politics.check_minor_conquests(f)
        f.phase(s.side, "combat")
        landings.combat_phase_opens(f)
    elif phase == "combat":
        pending = mandatory_battles(s)
        if pending:
            raise Refused(f"combat is mandatory in newly contested areas: {', '.join(pending)}", rule="EE 6.1")
        politics.check_minor_conquests(f)
        f.phase(s.side, "breakthrough")
    elif phase == "breakthrough":
        f.phase(s.side, "final_supply")
    elif phase == "final_supply":
        fortresses.end_of_final_supply(f)
        politics.end_of_player_turn(f)
        if f.s.result:
            return
        if s.side == "Axis":
            f.phase("Allied", "initial_supply")
        else:
            f.phase("", "turn_end")
            if f.s.turn >= calendar.last():
                politics.final_victory(f)
            f.add(ev.TurnEnded(turn=f.s.turn))
    else:
        raise Refused(f"nothing to advance from phase {phase!r}")
