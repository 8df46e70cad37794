"""Game creation: the scenario (standard, Assault, or built by the players, p.27-28), its army limits, and the
card catalogue the game starts with (the rulebook's two cards plus a club's file), embedded with its hash."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from assistant.decider import Refused
from assistant.games.aa_miniatures import cards as catalogue
from assistant.games.aa_miniatures.state import Scenario, State, other
from assistant.games.aa_miniatures.tables import load

MAX_TURNS = 99


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    scenario: Literal["standard", "assault", "custom"] = "standard"
    attacker: Literal["axis", "allies"] = "axis"  # Assault: who attacks (p.27)
    axis_player: Annotated[str, msgspec.Meta(max_length=80)] = ""
    allies_player: Annotated[str, msgspec.Meta(max_length=80)] = ""
    # Build your own (p.28): budgets, turn limits, optional army restrictions.
    axis_budget: int = 100
    allies_budget: int = 100
    max_units: int = 15
    objective_from: int = 7  # custom: from which end of turn sole control of the objective(s) wins (0: never)
    points_turn: int = 10  # custom: from which end of turn the higher value on the map wins (0: never)
    last_turn: int = 0  # custom: a hard last turn, a draw if nobody has won (0: none)
    historical_limits: bool = False
    year: int = 0
    year_rule: Literal["before", "up_to"] = "before"
    catalogue: dict[str, Any] | None = None  # a club's catalogue file ({"cards": [...]}, as exported in TOML)


def _scenario(o: Options) -> Scenario:
    t = load()
    common = dict(historical_limits=o.historical_limits, year=o.year, year_rule=o.year_rule, max_units=o.max_units)
    if o.year and not 1930 <= o.year <= 1950:
        raise Refused("a year restriction is a year from 1930 to 1950", "AAM p.28")
    if not 1 <= o.max_units <= 60:
        raise Refused("an army's unit limit is 1 to 60", "AAM p.10")
    if o.scenario == "standard":
        sc = t.scenarios["standard"]
        return Scenario(name="standard", budgets=dict(sc["budgets"]), exact={"axis": False, "allies": False},
                        objective_from=sc["objective_from"], points_turn=sc["points_turn"], last_turn=0, **common)
    if o.scenario == "assault":
        sc = t.scenarios["assault"]
        defender = other(o.attacker)
        return Scenario(name="assault", budgets={o.attacker: sc["attacker_budget"], defender: sc["defender_budget"]},
                        exact={o.attacker: False, defender: sc["defender_budget_exact"]}, objective_from=0,
                        points_turn=0, last_turn=sc["last_turn"], attacker=o.attacker, **common)
    for name, value in (("axis_budget", o.axis_budget), ("allies_budget", o.allies_budget)):
        if not 1 <= value <= 1000:
            raise Refused(f"{name.replace('_', ' ')} is 1 to 1000 points", "AAM p.28")
    for name, value in (("objective_from", o.objective_from), ("points_turn", o.points_turn),
                        ("last_turn", o.last_turn)):
        if not 0 <= value <= MAX_TURNS:
            raise Refused(f"{name.replace('_', ' ')} is 0 to {MAX_TURNS}", "AAM p.28")
    if not (o.objective_from or o.points_turn or o.last_turn):
        raise Refused("a scenario needs a way to end: objective turn, points turn or last turn", "AAM p.28")
    return Scenario(name="custom", budgets={"axis": o.axis_budget, "allies": o.allies_budget},
                    exact={"axis": False, "allies": False}, objective_from=o.objective_from,
                    points_turn=o.points_turn, last_turn=o.last_turn, **common)


def setup(options: Any) -> dict[str, Any]:
    try:
        o = options if isinstance(options, Options) else msgspec.convert(options or {}, Options)
    except msgspec.ValidationError as exc:
        raise Refused(f"bad option: {exc}") from None
    scenario = _scenario(o)
    cards = {c.id: c for c in catalogue.builtin()}
    if o.catalogue is not None:
        rows = o.catalogue.get("cards")
        if not isinstance(rows, list):
            raise Refused("a catalogue file lists its cards as [[cards]] tables")
        found, errors = catalogue.cards_from_rows(rows)
        if errors:
            raise Refused("the catalogue file has rows to fix: " + "; ".join(map(str, errors[:8])), "AAM p.8-9")
        cards.update({c.id: c for c in found})
    listed = sorted(cards.values(), key=lambda c: c.id)
    return {
        "scenario": msgspec.to_builtins(scenario),
        "players": {"axis": o.axis_player, "allies": o.allies_player},
        "catalogue": msgspec.to_builtins(listed),
        "catalogue_hash": catalogue.content_hash(listed),
        "options": msgspec.to_builtins(msgspec.structs.replace(o, catalogue=None)),
    }


def initial_state(definition: dict[str, Any]) -> State:
    cards = msgspec.convert(definition["catalogue"], list[catalogue.Card])
    return State(scenario=msgspec.convert(definition["scenario"], Scenario), catalogue={c.id: c for c in cards})
