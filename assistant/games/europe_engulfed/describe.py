"""One plain sentence per event, for logs, replays and the table banner."""

from __future__ import annotations

from typing import Any

from assistant.games.europe_engulfed import calendar
from assistant.games.europe_engulfed.wording import adjective, block, nation, place, placed, places, units, weather, words
from assistant.games.europe_engulfed.wording import step as step_words
from assistant.games.europe_engulfed.board.describe import SENTENCES as BOARD_SENTENCES
from assistant.games.europe_engulfed.supply.describe import SENTENCES as SUPPLY_SENTENCES
from assistant.games.europe_engulfed.readings import ResourceSupplyRead
from assistant.games.europe_engulfed.readings import describe as read_sentence
import assistant.games.europe_engulfed.events as ev
from events.core import PhaseBegan


_title = nation


def _phase(e: PhaseBegan) -> str:
    label = calendar.name(e.round - 1) if e.round > 0 else "setup"
    what = e.phase.replace("_", " ")
    who = f"{words(e.side)} " if e.side else ""
    step = f" ({step_words(e.step) if e.step.startswith('combat:') else _title(e.step)})" if e.step else ""
    return f"{label}: {who}{what} phase{step}."


def _weather(e: ev.WeatherSet) -> str:
    return f"Weather for {calendar.name(e.turn)} ({words(e.source)}): {weather(e.weather)}."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _purchase(e: ev.Purchased) -> str:
    who = _title(e.nation)
    if e.free:
        return f"{who} receives {e.cause} ({e.rule})."
    return f"{who} buys {e.cause} for {e.cost} WERP ({e.rule})."


def _round(e: ev.CombatRoundFought) -> str:
    hits = {side: sum(f.hits for f in e.fires if f.side == side) for side in ("Axis", "Allied")}
    lost = sum(e.losses.values())
    def n(count: int, what: str) -> str:
        return f"{count} {what}{'' if count == 1 else 's'}"

    return (f"{e.kind.title()} {e.round_type} combat round in {place(e.area)}: Axis score {n(hits['Axis'], 'hit')}, "
            f"Allies {hits['Allied']}; {n(lost, 'step')} lost.")


def _naval(e: ev.NavalCombatResolved) -> str:
    hits = {f.side: 0 for f in e.fires}
    for f in e.fires:
        hits[f.side] += f.hits
    sunk = ", ".join(f"{x.count} {_title(x.nation)} ({x.state})" for x in e.losses) or "no fleet point"
    lost = f"; {units(len(e.units_lost))} lost at sea" if e.units_lost else ""
    return f"Naval combat in the {place(e.sea)} started by the {e.initiator} side: {sunk} sunk{lost} (EE 8.1)."


def _mover(e: ev.UnitMoved) -> str:
    said = block(e.nation, e.kind, e.steps)
    return said[:1].upper() + said[1:]


def _landing_move(e: ev.UnitMoved) -> str:
    how = {"amphibious": "invades", "airborne": "makes an airborne assault on"}.get(e.mode, "moves to")
    legs = ", ".join(f"{leg.fleet_points} {adjective(leg.nation)} fleet point(s) in the {place(leg.sea)}" for leg in e.sea)
    by_sea = f" by sea ({legs})" if e.sea else ""
    return f"{_mover(e)} {how} {place(e.path[-1])}{by_sea}" + (" round the Cape" if e.cape else "") + "."


def _moved(e: ev.UnitMoved) -> str:
    if e.sea or e.mode in ("amphibious", "airborne"):
        return _landing_move(e)[:-1] + _route(e) + "."
    return f"{_mover(e)} moves {words(e.mode)} from {place(e.origin)} to {place(e.path[-1])}{_route(e)}."


def _route(e: ev.UnitMoved) -> str:
    """The way the assistant found, said with how it was chosen (only the destination was given)."""
    if not e.route:
        return ""
    way = f" via {', '.join(place(a) for a in e.path[:-1])}" if len(e.path) > 1 else ""
    return f"{way} (route found by the assistant: {e.route})"


def _block(b: ev.EditedBlock) -> str:
    return placed(b) + (" from the force pool" if b.from_pool else "")


def _units_edited(e: ev.UnitsEdited) -> str:
    parts = []
    if e.added:
        parts.append("adds " + "; ".join(_block(b) for b in e.added))
    if e.removed:
        parts.append(f"removes {units(len(e.removed))}" + (" from the game" if e.for_good else " to the force pool"))
    return f"Edit: the table {' and '.join(parts)}, because {e.reason}."


def _tracks_edited(e: ev.TracksEdited) -> str:
    parts = [f"{words(k)} {v}" for k, v in e.track.items()]
    parts += [f"{_title(n)} holds {k} Special Action(s)" for n, k in e.special_actions.items()]
    parts += [f"{k} {_title(n)} fleet point(s) in the {place(sea)}" for sea, by in e.fleets.items() for n, k in by.items()]
    return f"Edit: the table sets {', '.join(parts)}, because {e.reason}."


def _werp_edited(e: ev.WerpEdited) -> str:
    verb = f"gives {_title(e.nation)} {e.amount}" if e.amount > 0 else f"takes {-e.amount} from {_title(e.nation)}"
    return f"Edit: the table {verb} WERP this turn, because {e.reason}."


def _control(e: ev.ControlChanged) -> str:
    cause = e.cause
    if cause.startswith("entered by ") and e.by:  # the rules name the block's id; players see its nation
        cause = f"entered by {adjective(e.by)} units" + (" (rule overridden)" if cause.endswith("(rule overridden)") else "")
    return f"{place(e.area)} is now {e.side}-controlled ({words(cause)})."


def _free_french(key: str, n: int) -> str:
    """FreeFrenchJoined.blocks keys are "kind:steps"."""
    kind, _, steps = key.partition(":")
    return f"{n} {kind}" + (f" ({steps} steps)" if steps else "")


def _switch(key: str) -> str:
    """A calendar switch as the rule book says it ("the U.S.A. enter the war ... (EE 9.32)")."""
    from assistant.games.europe_engulfed import data

    entry = data.calendar().switch.get(key)
    return f"{entry[2]} ({entry[1]})" if entry else words(key)


def _announced(e: ev.ProductionAnnounced) -> str:
    aid = f", including {e.received} WERP received" if e.received else ""
    return f"{_title(e.nation)} announces {e.werp} WERP for its production{aid} (EE 4.5)."


def _result(result: str) -> str:
    """"axis_operational" -> "Axis operational victory"."""
    side, _, level = result.partition("_")
    return f"{side.title()} {level.replace('_', ' ')} victory" if level else words(result)


_SENTENCES: dict[type, Any] = {
    ev.UnitsEdited: _units_edited,
    ev.StepsEdited: lambda e: (f"Edit: the table sets the steps of {units(len(e.steps))} "
                               f"(to {', '.join(str(n) for n in e.steps.values())}), "
                               f"because {e.reason}."),
    ev.ControlEdited: lambda e: f"Edit: the table sets {place(e.area)} to {e.side} control, because {e.reason}.",
    ev.WerpEdited: _werp_edited,
    ev.TracksEdited: _tracks_edited,
    ev.WeatherEdited: lambda e: (f"Edit: the table sets the weather to "
                                 f"{weather(e.weather)}, "
                                 f"because {e.reason}."),
    ev.RuleOverridden: lambda e: (f"The table overrides a rule ({e.rule or 'no rule named'}: {e.refusal}) because "
                                  f"{e.reason}."),
    ev.CorrectionOutstanding: lambda e: (
        f"The {e.purpose or 'throw'} of event {e.dice_seq} was already applied with "
        f"{', '.join(map(str, e.original))}: what it decided still stands on the old dice. Roll back to event "
        f"{e.dice_seq - 1} (core.roll_back) to replay it with {', '.join(map(str, e.faces))}, or correct the "
        f"table (ee.edit)."),
    ev.MinorForcesDeployed: lambda e: (f"{_title(e.minor)} deploys its forces on the declaration of war: "
                                       f"{'; '.join(_block(b) for b in e.blocks)} (EE 9.61)."),
    ev.FleetPointsTransferred: lambda e: (f"{e.count} {_title(e.nation)} fleet point(s) transferred from the {place(e.from_sea)} "
                                          f"to the {place(e.to_sea)}" + (f", now {_title(e.to_nation)}" if e.to_nation != e.nation else "")
                                          + f", without transport this turn ({e.rule})."),
    ev.NavalCombatResolved: _naval,
    ev.NavalInterdictionResolved: lambda e: (f"Naval interdiction of a transported unit in the {place(e.sea)}: {e.fleet_points} dice hitting on "
                                             f"{e.hit_on}+ ({', '.join(map(str, e.faces))}), {e.steps_lost} step(s) lost (EE 8.21)."),
    ev.BeachheadEstablished: lambda e: (f"{e.side} beachhead established in {place(e.area)}"
                                        + (f" from the {place(e.sea)}" if e.sea else "") + f" ({e.rule})."),
    ev.BeachheadRemoved: lambda e: f"{e.side} beachhead in {place(e.area)} removed: {words(e.reason)} ({e.rule}).",
    ev.FrenchFleetEscaped: lambda e: f"A French fleet point in the {place(e.sea)} escapes and becomes British; the other French fleet points are removed (EE 9.522).",
    ev.VichyOccupied: lambda e: (f"Germany occupies Vichy France: Vichy units removed for good, {places(e.areas)} "
                                 "now Axis-controlled (EE 9.527)."),
    ev.LebanonOccupied: lambda e: f"German units take Vichy {' and '.join(place(a) for a in e.areas)} without a fight (EE 9.524).",
    PhaseBegan: _phase,
    ev.TurnBegan: lambda e: f"Turn {e.label} begins" + (f"; from now: {'; '.join(_switch(x) for x in e.switches)}." if e.switches else "."),
    ev.WeatherRolled: lambda e: f"Variable weather: German {e.german}, Soviet {e.soviet}: the {e.winner.title()} result applies.",
    ev.WeatherSet: _weather,
    ev.StrategicMoveLimitSet: lambda e: f"{_title(e.nation)} may make {e.limit} strategic moves per phase (Table 20.3 as entered).",
    ev.TurnEnded: lambda e: f"End of {calendar.name(e.turn)}: every fleet point is available for transport again.",
    ev.ProductionBegan: lambda e: f"{_title(e.nation)}'s production phase opens: income {sum(l.amount for l in e.lines)} WERP.",
    ev.ProductionAnnounced: _announced,
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
    ev.UnitMoved: _moved,
    ev.ControlChanged: _control,
    ev.CombatRoundFought: _round,
    ev.SpecialActionSpent: lambda e: f"{_title(e.nation)} spends a Special Action: {words(e.purpose)}" + (f" in {place(e.area)}" if e.area else "") + f" ({e.rule}).",
    ev.StepsLost: lambda e: f"{_capital(words(e.cause))}: {sum(e.losses.values())} step(s) lost ({e.rule}).",
    ev.UnitsEliminated: lambda e: f"{units(len(e.unit_ids))} eliminated: {words(e.cause)} ({e.rule}).",
    ev.FortificationRemoved: lambda e: f"Fortification in {place(e.area)} removed: {words(e.reason)} ({e.rule}).",
    ev.WarDeclared: lambda e: f"{_title(e.aggressor)} declares war on {_title(e.target)}" + (f" ({e.forced_by})." if e.forced_by else "."),
    ev.PactActivated: lambda e: "The Nazi-Soviet pact takes effect (EE 9.25).",
    ev.VichyEstablished: lambda e: f"Vichy France is established; its units stand in {places(e.placements)}.",
    ev.MoraleCollapsed: lambda e: "Italian morale collapses (EE 9.45).",
    ev.PowerConquered: lambda e: f"{_title(e.power)} is conquered: {words(e.cause)} ({e.rule}).",
    ev.ConscriptionStepsDue: lambda e: f"{e.steps} free Soviet conscription steps to place this phase (EE 9.24f).",
    ev.FreeFrenchJoined: lambda e: f"Free French units join the U.S. force pool: {', '.join(_free_french(k, n) for k, n in e.blocks.items())} ({e.rule}).",
    ev.GameEnded: lambda e: f"Game over: {_result(e.result)} ({e.rule}): {words(e.reason)}.",
}


_SENTENCES[ResourceSupplyRead] = lambda e: read_sentence(e, place(e.area), _title(e.nation))
_SENTENCES.update(BOARD_SENTENCES)
_SENTENCES.update(SUPPLY_SENTENCES)


def describe(event: Any) -> str:
    fn = _SENTENCES.get(type(event))
    return fn(event) if fn is not None else ""  # the core says the rest
