"""Game creation: options (every default a table may override), the definition each saved game embeds (board,
units, set-up, rule tables, options, players) and the opening state built from it."""

from __future__ import annotations

from typing import Any

import msgspec

from assistant.decider import Refused
from assistant.games.aa_europe.state import State, Unit
from assistant.games.aa_europe.world import DataError, board_data, rule_data, setup_data, unit_data, world_of

MAX_UNITS_PER_LINE = 200  # inputs are bounded: no set-up line holds more pieces than the box


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Chosen at `new`. The board's lost tables are defaults from outside the text: the players' box overrides them."""

    players: int = 4  # 2, 3 or 4 [T L15]
    names: tuple[str, ...] = ()
    bomber_cost_as_printed: bool = False  # the text prints 25 [T L93]; 15 unless the table's chart says 25
    costs: dict[str, int] = {}  # unit -> cost from the players' reference chart (submarine, battleship: lost [L102])
    profiles: dict[str, dict[str, int]] = {}  # unit -> {"attack", "defence", "movement"} from the players' chart
    values: dict[str, int] = {}  # space -> IPC value printed on the players' board
    control: dict[str, str] = {}  # space -> who holds it at the start (e.g. {"Iran": "uk"}), "" for neutral
    units: dict[str, dict[str, dict[str, int]]] = {}  # the players' set-up charts: power -> space -> unit -> count
    starting_income: dict[str, int] = {}  # the chart's starting income, when it differs from the board's count
    western_variant: bool = False  # translator's note [T L13]: Soviet sole win / Anglo-American joint win (3+ players)
    shore_support_every_round: bool = False  # ruling: destroyers and battleships support the landing's first round


def _options(options: Any) -> Options:
    if isinstance(options, Options):
        return options
    try:
        return msgspec.convert(options or {}, Options)
    except msgspec.ValidationError as exc:
        raise Refused(f"options: {exc}", "A&A Europe set-up") from None


def setup(options: Any) -> dict[str, Any]:
    o = _options(options)
    tables = rule_data()
    allocation = tables["allocation"].get(str(o.players))
    if allocation is None:
        raise Refused("A&A Europe is played by 2, 3 or 4 players", "A&A Europe set-up 1 [T L15]")
    if o.names and len(o.names) != o.players:
        raise Refused(f"{o.players} players but {len(o.names)} names", "A&A Europe set-up 1 [T L15]")
    if o.western_variant and o.players < 3:
        raise Refused("the translator's victory variant is for three or four players", "A&A Europe victory [T L13]")
    board = board_data()
    spaces = {name: dict(sp) for name, sp in board["spaces"].items()}
    powers = set(tables["turn_order"])
    for name, value in o.values.items():
        if name not in spaces or not 0 <= value <= 99:
            raise Refused(f"value override: {name!r} is no space, or {value} is not 0 to 99", "A&A Europe board")
        spaces[name]["ipc"] = value
    for name, owner in o.control.items():
        if name not in spaces or (owner and owner not in powers):
            raise Refused(f"control override: {name!r} / {owner!r} is no space / power", "A&A Europe board")
        spaces[name]["owner"] = owner
    units = {k: dict(v) for k, v in unit_data().items()}
    if o.bomber_cost_as_printed:
        units["bomber"]["cost"] = 25
    for kind, cost in o.costs.items():
        if kind not in units or not 1 <= cost <= 99 or units[kind]["cost"] == 0:
            raise Refused(f"cost override: {kind!r} cannot be bought at {cost}", "A&A Europe units")
        units[kind]["cost"] = cost
    for kind, profile in o.profiles.items():
        for key, value in profile.items():
            if kind not in units or key not in ("attack", "defence", "movement") or not 0 <= value <= 6:
                raise Refused(f"profile override: {kind}.{key} = {value} is not a unit value 0 to 6", "A&A Europe units")
            units[kind][key] = value
    set_up = o.units or setup_data()["units"]
    for power, lines in set_up.items():
        for space, counts in lines.items():
            for kind, n in counts.items():
                if power not in powers or space not in spaces or kind not in units or not 0 < n <= MAX_UNITS_PER_LINE:
                    raise Refused(f"set-up line {power} / {space} / {kind} = {n} is not valid", "A&A Europe set-up 6")
    definition = {
        "spaces": spaces,
        "air_only": board["air_only"],
        "units": units,
        "tables": tables,
        "set_up": set_up,
        "starting_income": dict(o.starting_income),
        "options": msgspec.to_builtins(o),
        "players": [
            {"name": n, "powers": list(p)}
            for n, p in zip(o.names or [f"player {i + 1}" for i in range(o.players)], allocation)
        ],
    }
    try:
        world_of(definition)
    except DataError as exc:
        raise Refused(str(exc), "A&A Europe board") from None
    return definition


def initial_state(definition: dict[str, Any]) -> State:
    w = world_of(definition)
    units: dict[int, Unit] = {}
    next_id = 1
    for power, lines in definition["set_up"].items():
        for space, counts in lines.items():
            carriers: list[int] = []
            for kind, count in sorted(counts.items(), key=lambda kv: w.domain(kv[0]) == "air"):
                if kind == "industrial_complex":
                    continue  # complexes are part of the board (their territory's flag), not pieces that move
                for _ in range(count):
                    aboard = carriers.pop(0) if w.is_sea(space) and w.domain(kind) == "air" and carriers else 0
                    units[next_id] = Unit(kind, power, space, aboard)
                    carriers.extend([next_id] * w.units[kind].carrier_capacity)
                    next_id += 1
    complexes = {n for n, sp in w.spaces.items() if sp.complex}
    complexes |= {s for lines in definition["set_up"].values() for s, c in lines.items() if "industrial_complex" in c}
    control = {n: sp.owner for n, sp in w.spaces.items() if sp.kind == "land" or sp.convoy}
    opts = definition.get("options", {})
    state = State(
        world=w,
        players=tuple(tuple(p["powers"]) for p in definition["players"]),
        options=opts,
        units=units,
        next_id=next_id,
        control=control,
        complexes=frozenset(complexes),
        treasury={p: 0 for p in w.tables.turn_order},
    )
    start = {p: definition.get("starting_income", {}).get(p, state.income(p)) for p in w.tables.turn_order}
    return msgspec.structs.replace(state, start_income=start)
