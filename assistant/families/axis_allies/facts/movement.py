"""Units going from space to space, by land, by sea and by air."""

import msgspec


class UnitsMoved(msgspec.Struct, frozen=True):
    """Units went along ``path`` (the games then name the step or phase, the mission, where fighters landed)."""

    power: str
    units: tuple[int, ...]
    path: tuple[str, ...]


class UnitsLoaded(msgspec.Struct, frozen=True):
    power: str
    transport: int
    cargo: tuple[int, ...]
    territory: str
    zone: str


class UnitsUnloaded(msgspec.Struct, frozen=True):
    """Cargo went ashore (``waiting``: it lands once the naval battle in ``zone`` is won)."""

    power: str
    transports: tuple[int, ...]
    cargo: tuple[int, ...]
    zone: str
    territory: str
    amphibious: bool = False
    waiting: bool = False


class AircraftShotDown(msgspec.Struct, frozen=True):
    """AA fire destroyed aircraft over ``space``; ``context``: overflight | battle | bombing."""

    power: str
    units: tuple[int, ...]
    space: str
    context: str


class AircraftLost(msgspec.Struct, frozen=True):
    power: str
    units: tuple[int, ...]
    reason: str
