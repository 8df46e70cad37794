"""One plain sentence per event, for logs, replays and the table banner."""

from __future__ import annotations

from typing import Any

from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.board.describe import SENTENCES as BOARD_SENTENCES
from assistant.games.europe_engulfed.supply.describe import SENTENCES as SUPPLY_SENTENCES
from events import europe_engulfed as ev
from events.core import PhaseBegan


def _title(power: str) -> str:
    return data.nation(power).title if power in data.MAJORS else power.replace("_", " ").title()


def _phase(e: PhaseBegan) -> str:
    label = calendar.name(e.round - 1) if e.round > 0 else "setup"
    what = e.phase.replace("_", " ")
    who = f"{e.side} " if e.side else ""
    step = f" ({_title(e.step) if e.step in data.MAJORS else e.step})" if e.step else ""
    return f"{label}: {who}{what} phase{step}."


def _weather(e: ev.WeatherSet) -> str:
    zones = ", ".join(f"{z} {c.replace('_', ' ')}" for z, c in e.weather.items())
    return f"Weather for {calendar.name(e.turn)} ({e.source.replace('_', ' ')}): {zones}."


def _purchase(e: ev.Purchased) -> str:
    who = _title(e.nation)
    if e.free:
        return f"{who} receives {e.cause} ({e.rule})."
    return f"{who} buys {e.cause} for {e.cost} WERP ({e.rule})."


def _round(e: ev.CombatRoundFought) -> str:
    hits = {side: sum(f.hits for f in e.fires if f.side == side) for side in ("Axis", "Allied")}
    lost = sum(e.losses.values())
    return (f"{e.kind.title()} {e.round_type} combat round in {e.area}: Axis score {hits['Axis']} hit(s), "
            f"Allies {hits['Allied']}; {lost} step(s) lost.")


def _naval(e: ev.NavalCombatResolved) -> str:
    hits = {f.side: 0 for f in e.fires}
    for f in e.fires:
        hits[f.side] += f.hits
    sunk = ", ".join(f"{x.count} {_title(x.nation)} ({x.state})" for x in e.losses) or "no fleet point"
    lost = f"; transported units lost: {', '.join(e.units_lost)}" if e.units_lost else ""
    return f"Naval combat in {e.sea} started by the {e.initiator} side: {sunk} sunk{lost} (EE 8.1)."


def _landing_move(e: ev.UnitMoved) -> str:
    how = {"amphibious": "invades", "airborne": "makes an airborne assault on"}.get(e.mode, "moves to")
    by_sea = f" by sea ({', '.join(f'{leg.fleet_points} {_title(leg.nation)} FP in {leg.sea}' for leg in e.sea)})" if e.sea else ""
    return f"{e.unit_id} ({_title(e.nation)}) {how} {e.path[-1]}{by_sea}" + (" round the Cape" if e.cape else "") + "."


def _block(b: ev.EditedBlock) -> str:
    return (f"{_title(b.nation)} {'elite ' if b.elite else ''}{b.kind} {b.id} ({b.steps}/{b.max_steps} steps) in "
            f"{b.area}" + (" from the force pool" if b.from_pool else ""))


def _units_edited(e: ev.UnitsEdited) -> str:
    parts = []
    if e.added:
        parts.append("adds " + "; ".join(_block(b) for b in e.added))
    if e.removed:
        parts.append(f"removes {', '.join(e.removed)}" + (" from the game" if e.for_good else " to the force pool"))
    return f"Edit: the table {' and '.join(parts)}, because {e.reason}."


def _tracks_edited(e: ev.TracksEdited) -> str:
    parts = [f"{k.replace('_', ' ')} {v}" for k, v in e.track.items()]
    parts += [f"{_title(n)} holds {k} Special Action(s)" for n, k in e.special_actions.items()]
    parts += [f"{k} {_title(n)} fleet point(s) in {sea}" for sea, by in e.fleets.items() for n, k in by.items()]
    return f"Edit: the table sets {', '.join(parts)}, because {e.reason}."


def _werp_edited(e: ev.WerpEdited) -> str:
    verb = f"gives {_title(e.nation)} {e.amount}" if e.amount > 0 else f"takes {-e.amount} from {_title(e.nation)}"
    return f"Edit: the table {verb} WERP this turn, because {e.reason}."


_SENTENCES: dict[type, Any] = {
    ev.UnitsEdited: _units_edited,
    ev.StepsEdited: lambda e: (f"Edit: the table sets {', '.join(f'{u} to {n} step(s)' for u, n in e.steps.items())}, "
                               f"because {e.reason}."),
    ev.ControlEdited: lambda e: f"Edit: the table sets {e.area} to {e.side} control, because {e.reason}.",
    ev.WerpEdited: _werp_edited,
    ev.TracksEdited: _tracks_edited,
    ev.WeatherEdited: lambda e: (f"Edit: the table sets the weather to "
                                 f"{', '.join(f'{z} {c.replace(chr(95), chr(32))}' for z, c in e.weather.items())}, "
                                 f"because {e.reason}."),
    ev.RuleOverridden: lambda e: (f"The table overrides a rule ({e.rule or 'no rule named'}: {e.refusal}) because "
                                  f"{e.reason}."),
    ev.MinorForcesDeployed: lambda e: (f"{_title(e.minor)} deploys its forces on the declaration of war: "
                                       f"{'; '.join(_block(b) for b in e.blocks)} (EE 9.61)."),
    ev.FleetPointsTransferred: lambda e: (f"{e.count} {_title(e.nation)} fleet point(s) transferred from {e.from_sea} "
                                          f"to {e.to_sea}" + (f", now {_title(e.to_nation)}" if e.to_nation != e.nation else "")
                                          + f", without transport this turn ({e.rule})."),
    ev.NavalCombatResolved: _naval,
    ev.NavalInterdictionResolved: lambda e: (f"Naval interdiction of {e.unit_id} in {e.sea}: {e.fleet_points} dice hitting on "
                                             f"{e.hit_on}+ ({', '.join(map(str, e.faces))}), {e.steps_lost} step(s) lost (EE 8.21)."),
    ev.BeachheadEstablished: lambda e: f"{e.side} beachhead established in {e.area} on the {e.sea} ({e.rule}).",
    ev.BeachheadRemoved: lambda e: f"{e.side} beachhead in {e.area} removed: {e.reason} ({e.rule}).",
    ev.FrenchFleetEscaped: lambda e: f"A French fleet point in the {e.sea} escapes and becomes British; the other French fleet points are removed (EE 9.522).",
    ev.VichyOccupied: lambda e: (f"Germany occupies Vichy France: Vichy units removed for good, {', '.join(e.areas) or 'no area'} "
                                 "now Axis-controlled (EE 9.527)."),
    ev.LebanonOccupied: lambda e: f"German units take Vichy {' and '.join(e.areas)} without a fight (EE 9.524).",
    PhaseBegan: _phase,
    ev.TurnBegan: lambda e: f"Turn {e.label} begins" + (f"; from now: {', '.join(e.switches)}." if e.switches else "."),
    ev.WeatherRolled: lambda e: f"Variable weather: German {e.german}, Soviet {e.soviet}: the {e.winner} result applies.",
    ev.WeatherSet: _weather,
    ev.StrategicMoveLimitSet: lambda e: f"{_title(e.nation)} may make {e.limit} strategic moves per phase (Table 20.3 as entered).",
    ev.TurnEnded: lambda e: f"End of {calendar.name(e.turn)}: every fleet point is available for transport again.",
    ev.ProductionBegan: lambda e: f"{_title(e.nation)} production opens with {sum(l.amount for l in e.lines)} WERP.",
    ev.LendLeaseRolled: lambda e: f"U.S. lend-lease: {_title(e.nation)} rolls {e.die} and receives {e.die} WERP.",
    ev.WerpTransferred: lambda e: (f"{_title(e.sender)} sends {e.sent} WERP to {_title(e.receiver)} ({e.route}); "
                                   f"{e.arrived} arrive ({e.rule})."),
    ev.UBoatCampaignResolved: lambda e: (f"U-boat war: ASW sinks {e.uboats_lost} of {e.uboats_before} U-boats; the "
                                         f"attack costs Britain {e.booked} WERP."),
    ev.AirRaidResolved: lambda e: (f"{e.raider} raid on {_title(e.target)}: {e.bombers} bombers, {e.hits} hits, "
                                   f"{e.werp_loss} WERP lost" + (f", {e.rail_interdiction} strategic moves cut" if e.rail_interdiction else "") + "."),
    ev.VWeaponsResolved: lambda e: f"{e.launched} {e.kind.upper()} launched at England: {e.werp_loss} WERP destroyed.",
    ev.NavalMaintenancePaid: lambda e: f"{_title(e.nation)} pays {e.paid} WERP of naval maintenance ({e.due} due).",
    ev.Purchased: _purchase,
    ev.ConscriptionDeclared: lambda e: f"Soviet emergency conscription: free steps {'/'.join(map(str, e.schedule))}.",
    ev.ProductionClosed: lambda e: f"{_title(e.nation)} production closes; {e.forfeited} WERP forfeited.",
    ev.UnitMoved: lambda e: (_landing_move(e) if e.sea or e.mode in ("amphibious", "airborne")
                             else f"{e.unit_id} moves {e.mode.replace('_', ' ')} from {e.origin} to {e.path[-1]}."),
    ev.ControlChanged: lambda e: f"{e.area} is now {e.side}-controlled ({e.cause}).",
    ev.CombatRoundFought: _round,
    ev.SpecialActionSpent: lambda e: f"{_title(e.nation)} spends a Special Action: {e.purpose.replace('_', ' ')}" + (f" in {e.area}" if e.area else "") + f" ({e.rule}).",
    ev.StepsLost: lambda e: f"{e.cause}: {sum(e.losses.values())} step(s) lost ({e.rule}).",
    ev.UnitsEliminated: lambda e: f"{len(e.unit_ids)} unit(s) eliminated: {e.cause} ({e.rule}).",
    ev.FortificationRemoved: lambda e: f"Fortification in {e.area} removed: {e.reason} ({e.rule}).",
    ev.WarDeclared: lambda e: f"{_title(e.aggressor)} declares war on {_title(e.target)}" + (f" ({e.forced_by})." if e.forced_by else "."),
    ev.PactActivated: lambda e: "The Nazi-Soviet pact takes effect (EE 9.25).",
    ev.VichyEstablished: lambda e: f"Vichy France is established; its units stand in {', '.join(e.placements)}.",
    ev.MoraleCollapsed: lambda e: "Italian morale collapses (EE 9.45).",
    ev.PowerConquered: lambda e: f"{_title(e.power)} is conquered: {e.cause} ({e.rule}).",
    ev.ConscriptionStepsDue: lambda e: f"{e.steps} free Soviet conscription steps to place this phase (EE 9.24f).",
    ev.FreeFrenchJoined: lambda e: f"Free French units join the U.S. force pool: {', '.join(f'{n} {k}' for k, n in e.blocks.items())} ({e.rule}).",
    ev.GameEnded: lambda e: f"Game over: {e.result.replace('_', ' ')} ({e.rule}): {e.reason}.",
}


_SENTENCES.update(BOARD_SENTENCES)
_SENTENCES.update(SUPPLY_SENTENCES)


def describe(event: Any) -> str:
    fn = _SENTENCES.get(type(event))
    return fn(event) if fn is not None else ""  # the core says the rest
