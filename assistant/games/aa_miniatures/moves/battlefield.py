"""The battlefield as the players lay it out (p.4-6, p.27): hexes that matter, the objective, deployment."""

from __future__ import annotations

import assistant.games.aa_miniatures.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_miniatures import commands as cmd
from assistant.games.aa_miniatures import hexes
from assistant.games.aa_miniatures.moves.common import can_enter, can_stop, hex_label, hex_labels, require_stage, unit
from assistant.games.aa_miniatures.state import State, other
from assistant.games.aa_miniatures.tables import load
from events.core import PhaseBegan

MAX_OBJECTIVES = 6


def record_hex(c: cmd.RecordHex, s: State, ctx: Context) -> list:
    require_stage(s, "build", "map", "deploy", "play")
    h = hex_label(c.hex)
    if c.terrain not in load().terrain:
        raise Refused(f"terrain is one of {', '.join(load().terrain)}", "AAM p.25")
    standing = [u for u in s.on_map() if u.hex == h and not u.aboard and not load().terrain[c.terrain].enterable_by(s.card(u).type)]
    if standing:
        raise Refused(f"{standing[0].label} stands in {h}, which could not hold it as {c.terrain}; move it first",
                      "AAM p.24")
    return [ev.HexRecorded(hex=h, terrain=c.terrain)]


def record_hexside(c: cmd.RecordHexside, s: State, ctx: Context) -> list:
    require_stage(s, "build", "map", "deploy", "play")
    a, b = hex_label(c.a), hex_label(c.b)
    if a == b:
        raise Refused("a hexside lies between two different hexes")
    if hexes.adjacent(a, b) is False:
        raise Refused(f"{a} and {b} are not neighbours")
    return [ev.HexsideRecorded(a=a, b=b, river=c.river, road=c.road)]


def choose_map(c: cmd.ChooseMap, s: State, ctx: Context) -> list:
    require_stage(s, "map")
    if s.objectives:
        raise Refused("the battlefield is already chosen", "AAM p.4")
    objective = tuple(dict.fromkeys(hex_labels(c.objective)))
    limit = 1 if s.scenario.name in ("standard", "assault") else MAX_OBJECTIVES
    if not 1 <= len(objective) <= limit:
        raise Refused(f"this scenario has {'one objective hex' if limit == 1 else f'1 to {limit} objective hexes'}",
                      "AAM p.27")
    out: list = []
    configuration = c.configuration
    if s.scenario.name == "standard":
        if configuration:
            raise Refused("in the standard scenario a die picks the configuration: leave it 0", "AAM p.4")
        throw = ctx.throw("map configuration", 1, c.faces, ref="map")
        out.append(throw)
        configuration = throw.faces[0]
    elif c.faces is not None:  # a die typed here would be silently dropped
        who = "the defender chooses" if s.scenario.name == "assault" else "the players choose"
        raise Refused(f"in this scenario {who} the configuration, no die is rolled: give it as configuration "
                      f"(0: a map of your own)", "AAM p.27" if s.scenario.name == "assault" else "AAM p.28")
    elif not 0 <= configuration <= 6:
        raise Refused("a configuration is 1 to 6 (0: a map of your own)", "AAM p.27")
    out.append(ev.ObjectivePlaced(hexes=objective, configuration=configuration))
    if s.scenario.name == "assault":  # the defender deploys first (p.27)
        defender = other(s.scenario.attacker)
        out += [ev.DeploymentOrderChosen(first=defender, second=s.scenario.attacker),
                PhaseBegan(round=0, side=defender, phase="deploy")]
    return out


def choose_deployment_order(c: cmd.ChooseDeploymentOrder, s: State, ctx: Context) -> list:
    require_stage(s, "map")
    if not s.objectives:
        raise Refused("choose the battlefield and place the objective first", "AAM p.4")
    return [ev.DeploymentOrderChosen(first=c.first, second=other(c.first)),
            PhaseBegan(round=0, side=c.first, phase="deploy")]


def deploy(c: cmd.Deploy, s: State, ctx: Context) -> list:
    require_stage(s, "deploy")
    u = unit(s, c.unit, s.deploying)
    card = s.card(u)
    if c.aboard:
        carrier = unit(s, c.aboard, u.side)
        refuse_boarding(s, u, carrier)
        if not carrier.hex:
            raise Refused(f"deploy {carrier.label} first", "AAM p.29")
        return [ev.UnitDeployed(unit=u.id, hex=carrier.hex, aboard=carrier.id, label=u.label)]
    h = hex_label(c.hex)
    if not can_enter(s, u, h):
        raise Refused(f"{u.label} cannot be set up in {h} ({s.terrain_of(h)})", "AAM p.4")
    full = can_stop(s, u, h)
    if full:
        raise Refused(full, "AAM p.13")
    facing = c.facing.strip().upper()
    if card.type == "vehicle":
        if facing not in hexes.FACINGS:
            raise Refused(f"a Vehicle faces one hexside: {', '.join(hexes.FACINGS)}", "AAM p.14")
    elif facing:
        raise Refused("only Vehicles have a facing", "AAM p.14")
    out: list = [ev.UnitDeployed(unit=u.id, hex=h, facing=facing, label=u.label)]
    for passenger in (p for p in s.units.values() if p.aboard == u.id):
        out.append(ev.UnitDeployed(unit=passenger.id, hex=h, aboard=u.id, label=passenger.label))
    return out


def refuse_boarding(s: State, soldier, carrier) -> None:
    card, ccard = s.card(soldier), s.card(carrier)
    if card.type != "soldier":
        raise Refused("only Soldiers ride a Transport", "AAM p.29")
    if not ccard.has("Transport"):
        raise Refused(f"{carrier.label} has no Transport ability", "AAM p.29")
    if "artillery" in card.subtypes:
        raise Refused("a Transport cannot carry Artillery", "AAM p.29")
    if any(p.aboard == carrier.id and p.id != soldier.id for p in s.units.values() if not p.destroyed):
        raise Refused(f"{carrier.label} already carries a Soldier", "AAM p.29")


def end_deployment(s: State) -> list:
    missing = [u.label for u in s.army(s.deploying) if not u.hex]
    if missing:
        raise Refused(f"deploy every unit first: {', '.join(missing[:5])}", "AAM p.4")
    if s.deploying == s.deploy_order[0]:
        return [PhaseBegan(round=0, side=s.deploy_order[1], phase="deploy")]
    return [PhaseBegan(round=1, side="", phase="initiative")]
