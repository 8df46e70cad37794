"""Game creation: options, player allocation, and the definition every saved game embeds (board, units,
set-up, rule tables, options, players), and the opening state built from it."""

from __future__ import annotations

from typing import Any

import msgspec

from assistant.decider import Refused
from assistant.games.aa_classic import board as data
from assistant.games.aa_classic.state import State, Unit
from assistant.games.aa_classic.world import load_tables, world_of
from events.bounds import Name, count, items


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Chosen at creation. The optional rules are Annex IV's (src L1387-L1403); all players must agree to them."""

    players: count(99) = 5  # 2 to 5, refused with its rule by setup
    names: items(Name, 5) = ()
    total_victory: bool = False  # O1: two enemy capitals and none of your own side's held by the enemy
    enemy_zone_placement: bool = False  # O2: new ships may be placed in enemy-occupied sea zones next to a complex
    weapons_advantage: bool = False  # O3: Germany starts with jet fighters, Japan with super submarines
    restricted_attack: bool = False  # O4: the USSR may not attack in its first turn
    no_new_complexes: bool = False  # O5: industrial complexes cannot be bought


def setup(options: Any) -> dict[str, Any]:
    if not isinstance(options, Options):
        options = msgspec.convert(options or {}, Options)
    tables = load_tables()
    allocation = tables["allocation"].get(str(options.players))
    if allocation is None:
        raise Refused("Axis & Allies is played by 2 to 5 players", "A&A §1.1")
    if options.names and len(options.names) != options.players:
        raise Refused(f"{options.players} players but {len(options.names)} names", "A&A §1.1")
    names = options.names or tuple(f"player {n + 1}" for n in range(options.players))
    s = data.load_setup()
    return {
        "board": data.load_board().to_definition(),
        "units": {k: msgspec.to_builtins(u) for k, u in data.load_units().items()},
        "tables": tables,
        "setup": {"order": list(s.order), "treasury": {p: x.treasury for p, x in s.powers.items()}, "units": s.units},
        "options": msgspec.to_builtins(options),
        "players": [{"name": n, "powers": list(p)} for n, p in zip(names, allocation)],
    }


def initial_state(definition: dict[str, Any]) -> State:
    w = world_of(definition)
    opts = definition.get("options", {})
    units: dict[int, Unit] = {}
    complexes: dict[str, bool] = {}
    next_id = 1
    for power, spaces in definition["setup"]["units"].items():
        for space, counts in spaces.items():
            carriers = []
            for kind, pieces in sorted(counts.items(), key=lambda kv: w.units[kv[0]].domain == "air"):
                if kind == "industrial_complex":
                    complexes[space] = True
                    continue
                for _ in range(pieces):
                    aboard = 0
                    if w.is_sea(space) and w.units[kind].domain == "air":
                        aboard = carriers.pop(0) if carriers else 0
                    units[next_id] = Unit(kind, power, space, aboard)
                    if w.units[kind].carrier_capacity:
                        carriers.extend([next_id] * w.units[kind].carrier_capacity)
                    next_id += 1
    for name, space in w.board.spaces.items():
        if space.original_complex:
            complexes[name] = True
    control = {n: sp.original_owner or "" for n, sp in w.board.spaces.items() if sp.kind == "land"}
    production = {p: w.board.original_production_level(p) for p in w.tables.turn_order}
    techs = {p: () for p in w.tables.turn_order}
    if opts.get("weapons_advantage"):
        techs.update({p: tuple(t) for p, t in w.tables.advantage_technologies.items()})
    flags = {k: bool(v) for k, v in opts.items() if isinstance(v, bool)}
    return State(
        world=w,
        players=tuple(tuple(p["powers"]) for p in definition["players"]),
        options=flags,
        units=units,
        next_id=next_id,
        control=control,
        treasury=dict(definition["setup"]["treasury"]),
        production=production,
        start_production=dict(production),
        technologies=techs,
        complexes=complexes,
    )
