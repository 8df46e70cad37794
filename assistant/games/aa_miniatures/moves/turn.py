"""The turn as a state machine (p.11-12): initiative, Movement (first, second), Assault (first, second),
Casualty Phase, end of turn and the victory check (p.7, p.27)."""

from __future__ import annotations

import assistant.games.aa_miniatures.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_miniatures import commands as cmd
from assistant.games.aa_miniatures import hexes
from assistant.games.aa_miniatures.combat import DAMAGED, DESTROYED, DISRUPTED
from assistant.games.aa_miniatures.moves import movement
from assistant.games.aa_miniatures.moves.battlefield import end_deployment
from assistant.games.aa_miniatures.describe import ADJ, cap, side as side_name
from assistant.games.aa_miniatures.moves.common import Emitter, require_phase, require_stage
from assistant.games.aa_miniatures.state import SIDES, State, other
from events.core import PhaseBegan


def initiative_bonus(s: State, side: str) -> int:
    """The best bonus among the side's commanders still on the map and not disrupted (p.11)."""
    return max((s.card(u).initiative_bonus for u in s.on_map(side) if not u.disrupted), default=0)


def roll_initiative(c: cmd.RollInitiative, s: State, ctx: Context) -> list:
    require_phase(s, "initiative")
    if s.initiative_winner:
        raise Refused(f"{cap(side_name(s.initiative_winner))} won the initiative: they choose who plays first",
                      "AAM p.11")
    out: list = []
    totals, bonuses = {}, {}
    for side, faces in (("axis", c.axis_dice), ("allies", c.allies_dice)):
        throw = ctx.throw(f"{ADJ[side]} initiative", 2, faces, ref=f"initiative:{s.turn}:{side}", thrower=side)
        out.append(throw)
        bonuses[side] = initiative_bonus(s, side)
        totals[side] = sum(throw.faces) + bonuses[side]
    by, winner = "total", ""
    if totals["axis"] != totals["allies"]:
        winner = max(SIDES, key=lambda x: totals[x])
    elif bonuses["axis"] != bonuses["allies"]:
        by, winner = "bonus", max(SIDES, key=lambda x: bonuses[x])
    else:
        by = "tie"
    out.append(ev.InitiativeRolled(turn=s.turn, totals=totals, bonuses=bonuses, winner=winner, by=by))
    return out


def choose_order(c: cmd.ChooseOrder, s: State, ctx: Context) -> list:
    require_phase(s, "initiative")
    if not s.initiative_winner:
        raise Refused("roll for initiative first", "AAM p.11")
    return [ev.OrderChosen(turn=s.turn, first=c.first, second=other(c.first)),
            PhaseBegan(round=s.turn, side=c.first, phase="movement")]


def end_phase(c: cmd.EndPhase, s: State, ctx: Context) -> list:
    require_stage(s, "deploy", "play")
    if s.stage == "deploy":
        return end_deployment(s)
    if s.cover is not None:
        raise Refused(f"{s.units[s.cover.target].label} rolls for cover first", "AAM p.24")
    if s.phase == "initiative":
        raise Refused("roll for initiative and choose who plays first", "AAM p.11")
    out = Emitter(s)
    if s.window is not None:
        out(*movement.finish(s))
    s = out.state
    if s.phase == "movement" and s.owner == s.first:
        out(PhaseBegan(round=s.turn, side=s.second, phase="movement"))
    elif s.phase == "movement":
        out(PhaseBegan(round=s.turn, side=s.first, phase="assault"))
    elif s.owner == s.first:
        out(PhaseBegan(round=s.turn, side=s.second, phase="assault"))
    else:
        out(PhaseBegan(round=s.turn, side="", phase="casualty"))
        out(casualties(out.state))
        out(*end_of_turn(out.state, c.control or ""))
    return out.events


def casualties(s: State) -> ev.CasualtiesApplied:
    """p.12: 1 remove face-up Disrupted; 2 flip the new counters; 3 remove units with Destroyed (and a destroyed
    Transport's passenger); 4 a Vehicle with a Damaged counter is damaged; 5 a Disrupted counter disrupts."""
    on_map = s.on_map()
    destroyed = [u.id for u in on_map if DESTROYED in u.hidden]
    destroyed += [u.id for u in on_map if u.aboard in destroyed and u.id not in destroyed]
    # a unit removed in step 3 does not also "recover" from its old Disrupted counter
    recovered = tuple(u.id for u in on_map if u.disrupted and u.id not in destroyed)
    damaged = tuple(u.id for u in on_map if DAMAGED in u.hidden and u.id not in destroyed)
    disrupted = tuple(u.id for u in on_map if DISRUPTED in u.hidden and u.id not in destroyed)
    return ev.CasualtiesApplied(turn=s.turn, recovered=recovered, destroyed=tuple(destroyed), damaged=damaged,
                                disrupted=disrupted, names={u.id: u.label for u in on_map})


def control(s: State) -> str | None:
    """Who controls the objective(s): the only side with a unit adjacent (its own hex counts, p.7). A passenger
    does not count, its Transport does (rulings). None when some position has no geometry."""
    holders: list[set[str]] = []
    for obj in s.objectives:
        sides = set()
        for u in s.on_map():
            if u.aboard:
                continue
            near = hexes.adjacent(u.hex, obj)
            if near is None:
                return None
            if near:
                sides.add(u.side)
        holders.append(sides)
    if not holders or all(not h for h in holders):
        return "none"
    for side in SIDES:
        if all(h == {side} for h in holders):
            return side
    return "contested"


def surviving_points(s: State) -> dict[str, int]:
    """Value of the units still on the battle map, at full cost, passengers included (p.7; rulings)."""
    return {side: sum(s.card(u).cost for u in s.on_map(side)) for side in SIDES}


def end_of_turn(s: State, declared: str) -> list:
    measured = control(s)
    if measured is None and not declared:
        raise Refused("some positions have no map coordinates: say who controls the objective (control)", "AAM p.7")
    held = measured if measured is not None else declared
    points = surviving_points(s)
    out: list = [ev.TurnEnded(turn=s.turn, control=held, points=points)]
    sc, t = s.scenario, s.turn
    won = None
    if sc.name == "assault":
        if t >= sc.last_turn:
            attacker = sc.attacker
            won = (attacker, "holds the objective at the end of turn 10") if held == attacker else (
                other(attacker), "the attacker does not hold the objective at the end of turn 10")
    else:
        if sc.objective_from and t >= sc.objective_from and held in SIDES:
            won = (held, f"alone next to the objective at the end of turn {t}")
        elif sc.points_turn and t >= sc.points_turn and points["axis"] != points["allies"]:
            leader = max(SIDES, key=lambda x: points[x])
            won = (leader, f"{points[leader]} points of units on the map against {points[other(leader)]}")
        elif sc.last_turn and t >= sc.last_turn:
            won = ("draw", f"no winner by the end of turn {t}")
    if won:
        out.append(ev.GameWon(winner=won[0], reason=won[1], turn=t))
    else:
        out.append(PhaseBegan(round=t + 1, side="", phase="initiative"))
    return out
