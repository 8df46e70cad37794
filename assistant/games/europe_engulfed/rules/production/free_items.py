"""Free steps and units (EE 9.15, 9.24e-f, 9.62), emergency conscription, unrestricted replacements (EE 7.8)."""

from __future__ import annotations

from assistant.families.engulfed import special_actions as stock
from assistant.decider import Context, Refused
from assistant.games.europe_engulfed import calendar, data, wording
from assistant.games.europe_engulfed.offers import FREE_RULES, minor_step_had
from assistant.games.europe_engulfed.commands import DeclareConscription, PlaceFree, UnrestrictedReplacement
from assistant.games.europe_engulfed.powers import AXIS_MINORS, friendly_uncontested, side_of
from assistant.games.europe_engulfed.state import EEState
import assistant.games.europe_engulfed.events as ev
from events.base import Event
from assistant.games.europe_engulfed.rules.production.phase import producing
from assistant.games.europe_engulfed.rules.production.purchases import build_area, new_block_id, pool_take


def place_free(cmd: PlaceFree, s: EEState, ctx: Context) -> list[Event]:
    nation = producing(s)
    existing = s.units.get(cmd.unit_id)
    source = cmd.source
    rules = FREE_RULES
    if source not in rules:
        known = "; ".join(f"{wording.free(k)} ({r})" for k, r in rules.items())
        raise Refused(f"{source!r} is not a free step or unit the rules give; they are: {known}", rule="EE 4.3")
    rule = rules[source]
    home = s.board.areas.get(cmd.area)  # a new unit's home area names the minor power it belongs to
    led = s.ledger(nation)
    used = led.bought.get(f"free:{source}", 0)
    if source == "axis_minor_step":
        owner = cmd.owner or (existing.nation if existing else (home.nation if home else ""))
        if nation != "germany" or s.politics.axis_minors_joined < 0:
            raise Refused("the free Axis minor step comes once the Axis minors are at war", rule=rule)
        if used:
            raise Refused("one free Axis minor step per production phase", rule=rule)
        if owner not in AXIS_MINORS:
            raise Refused("the free step goes to Finland, Romania, Hungary or Bulgaria", rule=rule)
        if s.politics.axis_minor_step == owner and s.politics.axis_minor_step_turn == s.turn - 1:
            raise Refused(f"{wording.nation(owner)} had the free step last turn; give it to another Axis minor", rule=rule)
        allowance, kind = 1, "infantry"
    elif source == "conscription":
        p = s.politics
        k = s.turn - p.conscription
        if nation != "ussr" or p.conscription < 0 or not 0 <= k < len(p.conscription_schedule):
            raise Refused("no conscription steps are due this phase", rule=rule)
        allowance, kind, owner = p.conscription_schedule[k], "infantry", "ussr"
    elif source == "soviet_elites":
        if nation != "ussr" or s.turn != calendar.switch_turn("soviet_elites"):
            raise Refused("the four free Soviet elite infantry arrive in the Jan/Feb 1942 Soviet production", rule=rule)
        allowance, kind, owner = 4, "infantry", "ussr"
    else:
        owner = cmd.owner or (existing.nation if existing else (home.nation if home else ""))
        if side_of(s, owner) != data.side_of(nation) or owner in AXIS_MINORS or owner in data.MAJORS \
                or owner in s.politics.conquered:
            raise Refused(f"{wording.nation(owner) if owner else 'that power'} is not a non-conquered minor power "
                          f"at war on {wording.nation(nation)}'s side", rule=rule)
        if minor_step_had(s, owner):
            raise Refused(f"{wording.nation(owner)} already had its free replacement step this turn", rule=rule)
        allowance, kind = 1, "infantry"
    steps = cmd.steps if existing else (cmd.max_steps if source == "soviet_elites" else cmd.steps)
    if used + (1 if source == "soviet_elites" else steps) > allowance:
        raise Refused(f"only {allowance - used} free {'units' if source == 'soviet_elites' else 'steps'} left", rule=rule)
    if existing:
        if existing.nation != owner or existing.steps + steps > existing.max_steps:
            raise Refused(f"{wording.block(existing.nation, existing.kind, existing.steps, existing.max_steps, existing.elite)} "
                          f"in {wording.place(existing.area)} cannot take {steps} free step{'s' if steps != 1 else ''} "
                          f"of {wording.nation(owner) if owner else 'that power'}", rule=rule)
        home = s.board.areas[existing.area]
        if source in ("axis_minor_step", "minor_replacement") and not (home.nation == owner and home.home):
            raise Refused(f"the free step is placed in a home area of {wording.nation(owner)}", rule=rule)
        if source != "minor_replacement" and not friendly_uncontested(s, existing.area, data.side_of(nation)):
            raise Refused("replacements go to units in friendly uncontested areas", rule="EE 4.31")
        return [ev.Purchased(nation=nation, item="replacement", qty=steps, cost=0, rule=rule,
                             cause=f"free {wording.free(source)} for {wording.block(existing.nation, existing.kind)} in {wording.place(existing.area)}", free=source,
                             unit_id=existing.id, kind=existing.kind, area=existing.area,
                             owner=owner if owner != nation else "")]
    elite = source == "soviet_elites"
    max_steps = cmd.max_steps or steps
    unit_id = new_block_id(s, owner, kind, elite, cmd.unit_id)
    pool_take(s, owner, kind, max_steps, elite)
    if source in ("axis_minor_step", "minor_replacement"):
        area = s.board.areas.get(cmd.area)
        if area is None or area.nation != owner or not area.home or s.control.get(cmd.area) != data.side_of(nation):
            raise Refused(f"the free step is placed in a friendly home area of {wording.nation(owner)}", rule=rule)
        if steps != 1:
            raise Refused("the free step builds a new unit at cadre", rule=rule)
    else:
        build_area(s, nation, cmd.area, kind, (nation,))
    return [ev.Purchased(nation=nation, item="new_unit", qty=steps, cost=0, rule=rule,
                         cause=(f"free {wording.free(source)}: new {wording.adjective(owner)} {'elite ' if elite else ''}{wording.kind(kind)} at "
                                f"{steps} step{'s' if steps != 1 else ''}"),
                         free=source, unit_id=unit_id, kind=kind, elite=elite, max_steps=max_steps, steps=steps,
                         area=cmd.area, owner=owner if owner != nation else "")]


def declare_conscription(cmd: DeclareConscription, s: EEState, ctx: Context) -> list[Event]:
    producing(s, "ussr")
    p = s.politics
    if p.conscription >= 0:
        raise Refused("emergency conscription is declared once in the game", rule="EE 9.24f")
    if not p.at_war("germany", "ussr"):
        raise Refused("emergency conscription needs the USSR at war", rule="EE 9.24f")
    tables = data.tables().conscription
    bid = s.options.conscription_bid
    increments = abs(bid) // tables["bid_step"]
    sign = 1 if bid > 0 else -1
    schedule = tuple(max(0, base + sign * increments * d) for base, d in zip(tables["schedule"], tables["bid_change"]))
    return [ev.ConscriptionDeclared(schedule=schedule), ev.ConscriptionStepsDue(steps=schedule[0])]


def unrestricted_replacement(cmd: UnrestrictedReplacement, s: EEState, ctx: Context) -> list[Event]:
    producing(s, cmd.nation)
    if not stock.kept_from_before(s.special_actions.get(cmd.nation, ()), s.turn):
        raise Refused("only a Special Action held since an earlier turn allows unrestricted replacements",
                      rule="EE 7.8")
    if cmd.area not in s.board.areas:
        raise Refused(f"no area {cmd.area!r} on the board")
    if any(u.area == cmd.area and u.oos and u.nation == cmd.nation for u in s.units.values()):
        raise Refused("the area must be supplied", rule="EE 7.8")
    return [ev.SpecialActionSpent(nation=cmd.nation, purpose="unrestricted_replacement", area=cmd.area, rule="EE 7.8")]
