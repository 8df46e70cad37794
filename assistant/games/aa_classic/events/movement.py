"""Axis & Allies (2nd edition), steps 2 and 4: moves, transports, aircraft lost on the way ("aa.")."""

from assistant.families.axis_allies import facts
from assistant.families.axis_allies.facts import UnitLine
from events.base import Event


class UnitsMoved(facts.UnitsMoved, Event, tag="aa.units_moved"):
    """Units went along ``path``; ``step`` is combat_move or noncombat_move; ``mission`` says why."""

    step: str
    mission: str = "move"  # move | attack | blitz | bombing | land | capture | violation
    aboard: dict[int, int] = {}  # fighter -> carrier it landed on
    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class UnitsLoaded(facts.UnitsLoaded, Event, tag="aa.units_loaded"):
    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class UnitsUnloaded(facts.UnitsUnloaded, Event, tag="aa.units_unloaded"):
    """Cargo went ashore (or, with ``waiting``, will go ashore once the naval battle in ``zone`` is won)."""

    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class NeutralityViolated(Event, tag="aa.neutrality_violated"):
    power: str
    territory: str
    penalty: int


class AircraftShotDown(facts.AircraftShotDown, Event, tag="aa.aircraft_shot_down"):
    """AA fire destroyed aircraft flying over ``space`` (``context``: overflight, battle, bombing)."""

    ref: str = ""  # the AA throw
    lines: tuple[UnitLine, ...] = ()  # the aircraft as they were, so a corrected throw can bring them back
    # Overflight fire (recorded even when it hits nothing, so a corrected throw can be re-read):
    aircraft: tuple[int, ...] = ()  # the aircraft fired at
    preference: tuple[int, ...] = ()  # the losses the owner named, in order
    end: str = ""  # where their move ends
    came: str = ""  # the space before the end
    arrival: str = ""  # land | naval | bombing
    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)


class AircraftRestored(Event, tag="aa.aircraft_restored"):
    """A corrected AA throw over ``space`` hit fewer aircraft: these fly on to the end of their move."""

    power: str
    units: tuple[UnitLine, ...]
    space: str
    ref: str = ""


class AircraftLost(facts.AircraftLost, Event, tag="aa.aircraft_lost"):
    kinds: dict[str, int] = {}  # the units named by kind, for the log's sentence (older logs: none)
