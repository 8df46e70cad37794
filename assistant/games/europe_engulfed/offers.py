"""When the table offers each action (``Move.when``) and the values it offers (``Move.choices``).

The table shows only what this moment allows, in players' words: at most a handful of actions at any time.
These are for showing; each move's ``run`` still refuses with its rule.
"""

from __future__ import annotations

from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.state import EEState, side_of

SUPPLY_PHASES = ("initial_supply", "final_supply")
# EE 4.43 items a nation may buy; the rules refuse the rest with their number (the U.S.A. no fortifications, ...)
ITEMS = ("new_unit", "replacement", "gsu", "special_action", "fortification", "heavy_fortification", "fleet_point",
         "fighter", "bomber", "uboat", "v1", "v2", "flak", "asw")
ONLY = {"heavy_fortification": ("ussr",), "uboat": ("germany",), "v1": ("germany",), "v2": ("germany",),
        "flak": ("germany", "britain"), "asw": ("britain", "usa")}
STRATEGIC = ("fighter", "bomber")  # 2.3: Germany, Britain and the U.S.A. build the air war
V_FROM = {"v1": "v1_available", "v2": "v2_available"}


def determined(s: EEState) -> bool:
    return s.supply_checked == f"{s.turn}:{s.side}:{s.phase}"


def undetermined_units(s: EEState) -> tuple[str, ...]:
    """The phasing side's units whose line the board cannot decide (EE 3.1), until the phase is determined."""
    if s.phase not in SUPPLY_PHASES or determined(s):
        return ()
    from assistant.games.europe_engulfed.supply.queries import facts_needed
    from assistant.games.europe_engulfed.supply.snapshot import situation

    verdicts = set(s.supply.verdicts)
    return tuple(u for u in facts_needed(s.board, situation(s), s.side) if u not in verdicts)


def sea_supply_short(s: EEState) -> bool:
    """The fleets cannot carry every unit needing a sea supply line (EE 3.31): the players choose which, until
    the phase is determined. Otherwise there is nothing to choose and the table does not ask."""
    if s.phase != "initial_supply" or determined(s):
        return False
    from assistant.games.europe_engulfed.supply.queries import sea_supply_plan
    from assistant.games.europe_engulfed.supply.snapshot import situation

    return sea_supply_plan(s.board, situation(s), s.side).short


def unread_income(s: EEState) -> dict[str, tuple[str, ...]]:
    """nation -> resource areas whose supply the board cannot tell, for the side's nations still to produce."""
    from assistant.games.europe_engulfed.rules import income
    from assistant.games.europe_engulfed.rules.turn import producing_nations

    if s.phase not in ("initial_supply", "production") or not s.side:
        return {}
    order = producing_nations(s, s.side)
    if s.phase == "production" and s.step in order:
        order = order[order.index(s.step) + 1:]
    out = {}
    for nation in order:
        unknown = income.unknown_income(s, nation)
        if unknown:
            out[nation] = tuple(sorted(unknown))
    return out


def buyable(s: EEState) -> tuple[str, ...]:
    nation = s.producing
    out = []
    for item in ITEMS:
        if item in ONLY and nation not in ONLY[item]:
            continue
        if item in STRATEGIC and nation not in ("germany", "britain", "usa"):
            continue
        if item in V_FROM and not calendar.switched(V_FROM[item], s.turn):
            continue
        out.append(item)
    return tuple(out)


def own_units(s: EEState, nation: str = "") -> tuple[str, ...]:
    return tuple(sorted(u.id for u in s.units.values()
                        if (u.nation == nation if nation else side_of(s, u.nation) == s.side)))


def movable(s: EEState) -> tuple[str, ...]:
    """The blocks that may still move now, for the Move form's list (``ee.move`` judges each move): the phasing
    side's not yet moved this phase (EE 5.1); by strategic move only supplied ones in friendly uncontested areas
    whose nation has moves left (5.21, 5.24, 3.4); in a breakthrough operational move, none out of supply or in a
    swamp (3.4, 5.15b); in a battle, the defender's blocks a Retreat or Reinforce Special Action was paid for
    (7.51, 7.6)."""
    from assistant.decider import Refused
    from assistant.games.europe_engulfed.powers import friendly_uncontested
    from assistant.games.europe_engulfed.rules.movement import phase_mode, strategic_limit
    from assistant.games.europe_engulfed.rules.routes import adjacent

    step = s.step if s.phase == "breakthrough" else ""
    if s.phase not in ("operational_move", "strategic_move", "breakthrough", "combat") or not s.side:
        return ()
    if s.phase == "combat" or step.startswith("combat:"):
        defender = "Allied" if s.side == "Axis" else "Axis"
        battles = [use.split(":", 1)[1] for use in s.sa_uses if use.startswith("reinforce:")]
        def paid(u) -> bool:
            return f"retreat:{u.area}" in s.sa_uses or friendly_uncontested(s, u.area, defender) and any(
                adjacent(s, u.area, b) for b in battles)

        return tuple(sorted(u.id for u in s.units.values()
                            if side_of(s, u.nation) == defender and u.id not in s.phase_moves and paid(u)))
    if s.phase == "breakthrough" and step not in ("operational", "strategic"):
        return ()
    strategic = phase_mode(s) == "strategic"
    left: dict[str, bool] = {}
    out = []
    for u in s.units.values():
        if side_of(s, u.nation) != s.side or u.nation == "vichy" or u.id in s.phase_moves:
            continue
        if (strategic or step) and u.oos:
            continue
        if step == "operational" and s.board.areas[u.area].terrain == "swamp":
            continue
        if strategic:
            if not friendly_uncontested(s, u.area, s.side):
                continue
            if u.nation not in left:
                try:
                    left[u.nation] = s.sm_used.get(u.nation, 0) < strategic_limit(s, u.nation) and not s.sm_used.get(
                        f"{u.nation}:cape")
                except Refused:
                    left[u.nation] = True  # the limit is not entered yet: the move says so
            if not left[u.nation]:
                continue
        out.append(u.id)
    return tuple(sorted(out))


def senders(s: EEState) -> bool:
    """EE 9.35, 9.36, 9.43: the U.S.A., Britain and Germany send WERP in their own production phase."""
    return s.producing in ("usa", "britain", "germany")


def receivers(s: EEState) -> tuple[str, ...]:
    return {"usa": ("britain",), "britain": ("ussr",), "germany": ("italy",)}.get(s.producing, ())


def uboats_due(s: EEState) -> bool:
    return s.producing == "britain" and s.track.uboats >= 1 and "uboats" not in s.ledger("britain").warfare


def raid_possible(s: EEState) -> bool:
    """EE 2.2: a raid is resolved in the target's production phase, by the other side's bombers."""
    target_side = side_of(s, s.producing) if s.producing else ""
    raider = "Allied" if target_side == "Axis" else "Axis"
    return s.producing in ("germany", "britain", "italy") and s.track.bombers.get(raider, 0) > 0


def v_weapons_due(s: EEState) -> bool:
    return s.producing == "britain" and (s.track.v1 > 0 or s.track.v2 > 0)


def holds_special_action(s: EEState) -> bool:
    return bool(s.special_actions.get(s.producing or "", ()))


def phasing_majors(s: EEState) -> tuple[str, ...]:
    """The phasing side's majors that can still declare war: a conquered one is out of the game (EE 10.1)."""
    return tuple(n for n in data.MAJORS if data.side_of(n) == s.side and n not in s.politics.conquered)


def battle_areas(s: EEState) -> tuple[str, ...]:
    """Where a round may be fought now (EE 6.1, 6.7): the contested areas, those still owed a round first; a bought
    breakthrough combat names its own area."""
    from assistant.games.europe_engulfed.powers import contested
    from assistant.games.europe_engulfed.rules.turn import mandatory_battles

    if s.phase == "breakthrough" and s.step.startswith("combat:"):
        return (s.step.split(":")[1],)
    owed = mandatory_battles(s)
    others = sorted({u.area for u in s.units.values()} - set(owed))
    return (*owed, *(a for a in others if contested(s, a)))


def designatable(s: EEState) -> tuple[str, ...]:
    """EE 5.42: the areas a breakthrough operational move may designate, friendly or enemy land areas (not
    neutral); those where the phasing side's units stand or that border them first, then the rest, by name."""
    from assistant.games.europe_engulfed.rules.routes import adjacent

    areas = sorted(a for a in s.board.areas if s.control.get(a) in ("Axis", "Allied"))
    held = {u.area for u in s.units.values() if side_of(s, u.nation) == s.side}
    near = [a for a in areas if a in held or any(adjacent(s, h, a) for h in held)]
    return (*near, *(a for a in areas if a not in near))


def in_bought_breakthrough(s: EEState) -> bool:
    """Outside the breakthrough phase, always; in it, once a breakthrough phase is bought (EE 1.26): the menu
    between two bought phases has nothing to move or fight."""
    return s.phase != "breakthrough" or bool(s.step)


def breakthrough_buyers(s: EEState) -> tuple[str, ...]:
    """The phasing side's major powers holding a Special Action, who may buy a breakthrough phase (EE 7.13)."""
    return tuple(n for n in _holders(s, s.side) if n in data.MAJORS)


def _holders(s: EEState, side: str) -> tuple[str, ...]:
    """The powers of ``side`` holding at least one Special Action, majors first (9.64: a few minors hold some)."""
    held = [n for n, markers in s.special_actions.items() if markers and side_of(s, n) == side]
    return tuple(sorted(held, key=lambda n: (n not in data.MAJORS, data.MAJORS.index(n) if n in data.MAJORS else 0, n)))


def defending_holders(s: EEState) -> tuple[str, ...]:
    """The defenders holding a Special Action, those with units in the battle just fought first."""
    holders = _holders(s, "Allied" if s.side == "Axis" else "Axis")
    there = {u.nation for u in s.units.values() if s.battle is not None and u.area == s.battle.area}
    return (*(n for n in holders if n in there), *(n for n in holders if n not in there))


def counterattack_open(s: EEState) -> bool:
    """EE 6.5, 7.7: after a combat round, once, by a defender still holding a Special Action."""
    return s.battle is not None and not s.battle.counterattacked and bool(defending_holders(s))


def special_action_uses(s: EEState) -> tuple[str, ...]:
    """The ee.spend_special_action uses of this phase (the others have their own commands)."""
    from assistant.games.europe_engulfed.rules.special_actions import USES

    return tuple(purpose for purpose, (_, phases, _) in USES.items() if s.phase in phases)


def spenders(s: EEState) -> tuple[str, ...]:
    """Who may spend a Special Action with ee.spend_special_action now: the phasing majors in the operational move
    (7.2, 7.3, 7.52), the defending majors in combat and breakthrough (7.51, 7.6); holders only."""
    if s.phase == "operational_move":
        side = s.side
    elif s.phase in ("combat", "breakthrough"):
        side = "Allied" if s.side == "Axis" else "Axis"
    else:
        return ()
    return tuple(n for n in _holders(s, side) if n in data.MAJORS)


def may_advance(s: EEState) -> bool:
    """The next phase is offered except in a weather phase whose weather is not set yet: ``ee.advance`` would be
    refused there (EE 1.1), and the weather form is what the players need first."""
    return not (s.phase == "weather" and not s.weather)


PHASE_ENDS = {
    "weather": "Weather set: begin the Axis player turn",
    "operational_move": "End operational movement",
    "strategic_move": "End strategic movement",
    "combat": "End the combat phase",
    "breakthrough": "End the breakthrough phase",
    "turn_end": "Begin the next turn",
}


def advance_label(s: EEState) -> str:
    """What the "next phase" button does, said for this moment (EE 1.0)."""
    if not s.phase:
        return "Start the first turn"
    if s.phase == "production" and s.step:
        return f"Close {data.nation(s.step).title}'s production"
    if s.phase == "initial_supply":
        return f"Determine {s.side} initial supply and go on to production"
    if s.phase == "final_supply":
        return f"Determine {s.side} final supply and end the {s.side} player turn"
    if s.phase == "breakthrough" and s.step:
        return "Back to the breakthrough menu"
    return PHASE_ENDS.get(s.phase, "Next phase")


# the free steps and units (EE 9.15, 9.24e, 9.24f, 9.62), by the ``ee.place_free`` source that places them
FREE_RULES = {"axis_minor_step": "EE 9.15", "conscription": "EE 9.24f", "soviet_elites": "EE 9.24e",
              "minor_replacement": "EE 9.62"}
NOT_MINORS = ("vichy", "free_french")


def minor_step_had(s: EEState, minor: str) -> bool:
    """EE 9.62: a minor power's one free replacement step this turn, whichever major of its side placed it."""
    return any(s.ledger(n).bought.get(f"free:minor:{minor}", 0) for n in data.MAJORS)


def free_due(s: EEState) -> dict[str, tuple[str, ...]]:
    """What the producing nation may place free now, by source, with the powers that may receive it: Germany's
    Axis minor step once the minors are at war, not to last turn's minor (9.15); the Soviet conscription
    instalment (9.24f) and the Jan/Feb 1942 elite infantry (9.24e) until placed; each friendly non-conquered minor
    power's replacement step, once a turn (9.62). Empty: nothing free is due."""
    from assistant.games.europe_engulfed.state import AXIS_MINOR_NAMES

    nation = s.producing or ""
    if nation not in data.MAJORS:
        return {}
    led, p = s.ledger(nation), s.politics
    due: dict[str, tuple[str, ...]] = {}
    if nation == "germany" and p.axis_minors_joined >= 0 and not led.bought.get("free:axis_minor_step", 0):
        owners = tuple(m for m in AXIS_MINOR_NAMES if m not in p.conquered
                       and not (p.axis_minor_step == m and p.axis_minor_step_turn == s.turn - 1))
        if owners:
            due["axis_minor_step"] = owners
    if nation == "ussr":
        k = s.turn - p.conscription
        if p.conscription >= 0 and 0 <= k < len(p.conscription_schedule) and \
                led.bought.get("free:conscription", 0) < p.conscription_schedule[k]:
            due["conscription"] = ("ussr",)
        if s.turn == calendar.switch_turn("soviet_elites") and led.bought.get("free:soviet_elites", 0) < 4:
            due["soviet_elites"] = ("ussr",)
    side = data.side_of(nation)
    minors = tuple(sorted(m for m, at in p.minors.items() if at == side and m not in p.conquered
                          and m not in AXIS_MINOR_NAMES and m not in data.MAJORS and m not in NOT_MINORS
                          and not minor_step_had(s, m)))
    if minors:
        due["minor_replacement"] = minors
    return due


def free_left(s: EEState, source: str) -> int:
    """How many free steps (units, for the Soviet elites) of ``source`` are still to place this phase."""
    led, p = s.ledger(s.producing or ""), s.politics
    if source == "conscription":
        k = s.turn - p.conscription
        due = p.conscription_schedule[k] if p.conscription >= 0 and 0 <= k < len(p.conscription_schedule) else 0
        return max(0, due - led.bought.get("free:conscription", 0))
    if source == "soviet_elites":
        return max(0, 4 - led.bought.get("free:soviet_elites", 0))
    return 1
