"""The Axis & Allies (2nd edition) board, unit table and starting set-up, read from ``data/*.toml``.

The data files are written for people (one table per space, full neighbour lists); this module turns them into
frozen msgspec Structs and checks them (every neighbour exists, every border is listed from both sides, canals join
two sea zones). A ``Board`` round-trips through ``to_definition``/``from_definition`` because each saved game embeds
the board it was played on.
"""

import functools
import os
from typing import Any, Literal

import msgspec

DATA = os.path.join(os.path.dirname(__file__), "data")  # a string: reading a game never needs pathlib

SpaceKind = Literal["land", "sea"]
Domain = Literal["land", "air", "sea"]


class BoardDataError(ValueError):
    """A board, unit or set-up file that contradicts itself (unknown space, one-sided border, ...)."""


class Space(msgspec.Struct, frozen=True, kw_only=True):
    """A territory or a sea zone.

    ``original_owner`` is the power whose colour the territory bears on the map (None for neutral territories and
    sea zones); ``capital`` names the power whose capital it is; ``original_complex`` marks the industrial
    complexes printed on the board at the start (unlimited production for their original owner, A&A §4.5).
    """

    name: str
    kind: SpaceKind
    ipc: int = 0
    original_owner: str | None = None
    capital: str | None = None
    original_complex: bool = False
    neighbours: tuple[str, ...] = ()
    note: str = ""

    @property
    def is_land(self) -> bool:
        return self.kind == "land"

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"

    @property
    def is_neutral(self) -> bool:
        """A territory nobody owns at the start (Turkey, Mongolia, ...: A&A §7.7)."""
        return self.kind == "land" and self.original_owner is None


class Canal(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A canal: ships may pass between its two sea zones only if their side controls all its territories."""

    name: str
    sea_zones: tuple[str, str]
    territories: tuple[str, ...]
    note: str = ""


class Board(msgspec.Struct, frozen=True, kw_only=True, dict=True):
    """The map: spaces with their neighbour lists, canals, the borders that cross the map's left-right edge, and
    the alias table (French and other names the text uses -> board names)."""

    spaces: dict[str, Space]
    canals: tuple[Canal, ...] = ()
    across_edge: tuple[tuple[str, str], ...] = ()
    aliases: dict[str, str] = {}

    # --- construction -------------------------------------------------------------------------------------------

    @classmethod
    def from_definition(cls, definition: dict[str, Any]) -> "Board":
        """The board embedded in a saved game (the dict ``to_definition`` produced)."""
        try:
            board = msgspec.convert(definition, cls)
        except msgspec.ValidationError as exc:
            raise BoardDataError(f"board definition: {exc}") from exc
        board.check()
        return board

    def to_definition(self) -> dict[str, Any]:
        return msgspec.to_builtins(self)

    def check(self) -> None:
        """Raise BoardDataError unless every reference resolves and every border is listed from both sides."""
        for name, space in self.spaces.items():
            if space.name != name:
                raise BoardDataError(f"space filed under {name!r} is called {space.name!r}")
            if len(set(space.neighbours)) != len(space.neighbours):
                raise BoardDataError(f"{name}: a neighbour is listed twice")
            for other in space.neighbours:
                if other not in self.spaces:
                    raise BoardDataError(f"{name}: unknown neighbour {other!r}")
                if other == name:
                    raise BoardDataError(f"{name} borders itself")
                if name not in self.spaces[other].neighbours:
                    raise BoardDataError(f"{name} lists {other} as a neighbour but {other} does not list {name}")
            if space.kind == "sea" and (space.ipc or space.original_owner or space.capital or space.original_complex):
                raise BoardDataError(f"sea zone {name} carries territory data")
        for canal in self.canals:
            a, b = canal.sea_zones
            if not (self._is(a, "sea") and self._is(b, "sea") and b in self.spaces[a].neighbours):
                raise BoardDataError(f"{canal.name}: {a} and {b} must be bordering sea zones")
            for territory in canal.territories:
                if not self._is(territory, "land"):
                    raise BoardDataError(f"{canal.name}: {territory!r} is not a territory")
        for a, b in self.across_edge:
            if a not in self.spaces or b not in self.spaces[a].neighbours:
                raise BoardDataError(f"across-edge border {a} / {b} is not a border of the board")
        for alias, target in self.aliases.items():
            if target not in self.spaces:
                raise BoardDataError(f"alias {alias!r} points to unknown space {target!r}")

    def _is(self, name: str, kind: SpaceKind) -> bool:
        return name in self.spaces and self.spaces[name].kind == kind

    # --- queries ------------------------------------------------------------------------------------------------

    def space(self, name: str) -> Space:
        """The space called ``name`` (a board name or an alias); KeyError if there is none."""
        return self.spaces[self.resolve(name)]

    def resolve(self, name: str) -> str:
        """The board name for a board name, an alias (French names, the rulebook's own spellings), in any case."""
        if name in self.spaces:
            return name
        folded = name.casefold().strip()
        found = self._folded_names.get(folded)
        if found is None:
            raise KeyError(f"no space called {name!r} on the Axis & Allies board")
        return found

    def neighbours(self, name: str) -> tuple[str, ...]:
        """Every space sharing a border with ``name`` (land, sea and canal borders alike)."""
        return self.spaces[name].neighbours

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.spaces[a].neighbours

    def territories(self) -> tuple[Space, ...]:
        return tuple(s for s in self.spaces.values() if s.kind == "land")

    def sea_zones(self) -> tuple[Space, ...]:
        return tuple(s for s in self.spaces.values() if s.kind == "sea")

    def borders(self) -> tuple[tuple[str, str], ...]:
        """Each border once, as an ordered pair (board order)."""
        order = {name: i for i, name in enumerate(self.spaces)}
        return tuple(
            (name, other)
            for name, space in self.spaces.items()
            for other in space.neighbours
            if order[name] < order[other]
        )

    def canal_between(self, a: str, b: str) -> Canal | None:
        """The canal joining sea zones ``a`` and ``b``, if their border is one."""
        return self._canal_by_pair.get(frozenset((a, b)))

    def crosses_edge(self, a: str, b: str) -> bool:
        """True if the border a/b runs across the map's left-right edge (the board wraps: A&A §7.1)."""
        return frozenset((a, b)) in self._edge_pairs

    def capital_of(self, power: str) -> str:
        for space in self.spaces.values():
            if space.capital == power:
                return space.name
        raise KeyError(f"{power} has no capital on this board")

    def original_territories(self, power: str) -> tuple[str, ...]:
        return tuple(s.name for s in self.spaces.values() if s.kind == "land" and s.original_owner == power)

    def original_production_level(self, power: str) -> int:
        """The sum of the IPC values of the territories the power owns at the start (A&A §4.2, §4.7)."""
        return sum(self.spaces[name].ipc for name in self.original_territories(power))

    @functools.cached_property
    def _folded_names(self) -> dict[str, str]:
        names = {name.casefold(): name for name in self.spaces}
        names.update({alias.casefold(): target for alias, target in self.aliases.items()})
        return names

    @functools.cached_property
    def _canal_by_pair(self) -> dict[frozenset[str], Canal]:
        return {frozenset(canal.sea_zones): canal for canal in self.canals}

    @functools.cached_property
    def _edge_pairs(self) -> frozenset[frozenset[str]]:
        return frozenset(frozenset(pair) for pair in self.across_edge)


class UnitType(msgspec.Struct, frozen=True, kw_only=True):
    """One row of the Reference Chart, plus the special rules the text gives the unit (as flags).

    Attack/defence: a die showing that number or less hits; 0 means no such factor. ``transport_cost`` is the room
    the unit takes aboard a transport (0: cannot be carried), ``transport_capacity`` the room a transport offers;
    ``carrier_cost``/``carrier_capacity`` the same for fighters on aircraft carriers.
    """

    id: str
    name: str
    french: str
    domain: Domain
    cost: int
    movement: int
    attack: int
    defence: int
    transport_cost: int = 0
    transport_capacity: int = 0
    carrier_cost: int = 0
    carrier_capacity: int = 0
    flags: frozenset[str] = frozenset()
    source: str = ""

    def has(self, flag: str) -> bool:
        return flag in self.flags


UNIT_FLAGS = frozenset(
    {
        "blitz",
        "lands_on_carrier",
        "strategic_bombing",
        "anti_aircraft",
        "one_per_territory",
        "captured_with_territory",
        "never_attacks",
        "support_fire",
        "first_strike",
        "submerge",
        "cannot_hit_aircraft",
        "production",
    }
)


class Power(msgspec.Struct, frozen=True, kw_only=True):
    """One of the five powers, with its starting treasury (= its starting production level, A&A §4.2)."""

    id: str
    name: str
    french: str
    side: Literal["axis", "allies"]
    treasury: int


class Setup(msgspec.Struct, frozen=True, kw_only=True):
    """The spring 1942 set-up: turn order, powers, and each power's starting units by space."""

    order: tuple[str, ...]
    powers: dict[str, Power]
    units: dict[str, dict[str, dict[str, int]]]

    def units_of(self, power: str) -> dict[str, dict[str, int]]:
        """``{space: {unit type: count}}`` for one power."""
        return self.units.get(power, {})

    def total(self, power: str, unit: str) -> int:
        return sum(counts.get(unit, 0) for counts in self.units_of(power).values())

    def side_of(self, power: str) -> str:
        return self.powers[power].side


# --- loaders -----------------------------------------------------------------------------------------------------


class _TerritoryRow(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    ipc: int
    borders: list[str]
    owner: str | None = None
    capital: str | None = None
    complex: bool = False
    note: str = ""


class _SeaZoneRow(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    borders: list[str]
    note: str = ""


class _AcrossEdge(msgspec.Struct, forbid_unknown_fields=True):
    borders: list[tuple[str, str]]


class _BoardFile(msgspec.Struct, forbid_unknown_fields=True):
    territory: list[_TerritoryRow]
    sea_zone: list[_SeaZoneRow]
    canal: list[Canal] = []
    across_edge: _AcrossEdge | None = None
    aliases: dict[str, str] = {}


def _read(name: str) -> dict[str, Any]:
    import tomllib  # read when a board is first built, not by every command that imports the board's types

    with open(os.path.join(DATA, name), "rb") as handle:
        return tomllib.load(handle)


def board_from_toml(raw: dict[str, Any]) -> Board:
    """Build and check a Board from the layout of ``data/board.toml``."""
    try:
        data = msgspec.convert(raw, _BoardFile)
    except msgspec.ValidationError as exc:
        raise BoardDataError(f"board.toml: {exc}") from exc
    spaces: dict[str, Space] = {}
    for row in data.territory:
        spaces[row.name] = Space(
            name=row.name,
            kind="land",
            ipc=row.ipc,
            original_owner=row.owner,
            capital=row.capital,
            original_complex=row.complex,
            neighbours=tuple(row.borders),
            note=row.note,
        )
    for row in data.sea_zone:
        if row.name in spaces:
            raise BoardDataError(f"{row.name} is listed twice")
        spaces[row.name] = Space(name=row.name, kind="sea", neighbours=tuple(row.borders), note=row.note)
    if len(spaces) != len(data.territory) + len(data.sea_zone):
        raise BoardDataError("a space is listed twice")
    board = Board(
        spaces=spaces,
        canals=tuple(data.canal),
        across_edge=tuple(data.across_edge.borders) if data.across_edge else (),
        aliases=data.aliases,
    )
    board.check()
    return board


@functools.cache
def load_board() -> Board:
    """The classic board (data/board.toml)."""
    return board_from_toml(_read("board.toml"))


@functools.cache
def load_units() -> dict[str, UnitType]:
    """The unit table (data/units.toml), keyed by unit id (``infantry``, ``armour``, ...)."""
    raw = _read("units.toml")
    units = {uid: msgspec.convert({**row, "id": uid}, UnitType) for uid, row in raw.items()}
    for unit in units.values():
        unknown = unit.flags - UNIT_FLAGS
        if unknown:
            raise BoardDataError(f"{unit.id}: unknown flags {sorted(unknown)}")
    return units


@functools.cache
def load_setup() -> Setup:
    """The spring 1942 set-up (data/setup.toml), checked against the board and the unit table."""
    raw = _read("setup.toml")
    powers = {pid: msgspec.convert({**row, "id": pid}, Power) for pid, row in raw["powers"].items()}
    units = msgspec.convert(raw["units"], dict[str, dict[str, dict[str, int]]])
    setup = Setup(order=tuple(raw["order"]), powers=powers, units=units)
    check_setup(setup, load_board(), load_units())
    return setup


def check_setup(setup: Setup, board: Board, units: dict[str, UnitType]) -> None:
    """Raise BoardDataError for set-up entries the board or the unit table cannot hold."""
    if sorted(setup.order) != sorted(setup.powers):
        raise BoardDataError("turn order and powers differ")
    for power, spaces in setup.units.items():
        if power not in setup.powers:
            raise BoardDataError(f"units for unknown power {power!r}")
        for name, counts in spaces.items():
            if name not in board.spaces:
                raise BoardDataError(f"{power}: unknown space {name!r}")
            space = board.spaces[name]
            for unit_id, count in counts.items():
                if unit_id not in units:
                    raise BoardDataError(f"{power} at {name}: unknown unit {unit_id!r}")
                if count <= 0:
                    raise BoardDataError(f"{power} at {name}: {unit_id} count must be positive")
                domain = units[unit_id].domain
                if space.kind == "sea" and domain == "land":
                    raise BoardDataError(f"{power}: {unit_id} cannot start in sea zone {name}")
                if space.kind == "land" and domain == "sea":
                    raise BoardDataError(f"{power}: {unit_id} cannot start in territory {name}")
            if space.kind == "sea":
                _check_aircraft_at_sea(power, name, counts, units)


def _check_aircraft_at_sea(power: str, name: str, counts: dict[str, int], units: dict[str, UnitType]) -> None:
    """Aircraft start at sea only aboard the carriers listed with them (A&A §3.3: 2 fighters per carrier)."""
    room = sum(units[u].carrier_capacity * n for u, n in counts.items())
    for unit_id, count in counts.items():
        if units[unit_id].domain != "air":
            continue
        if units[unit_id].carrier_cost == 0:
            raise BoardDataError(f"{power}: {unit_id} cannot start in sea zone {name} (no carrier takes it)")
        room -= units[unit_id].carrier_cost * count
    if room < 0:
        raise BoardDataError(f"{power}: more fighters in {name} than its carriers hold")
