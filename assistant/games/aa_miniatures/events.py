"""Axis & Allies Miniatures: the facts a table produces, tag prefix "aam.".

Dice are ``core.dice_rolled`` (with a ref naming what they were for); the events below record what the rules made
of them. Cards travel inside the events that register them, so a game replays anywhere whatever later happens to
a club's catalogue.
"""

from typing import Literal

import msgspec

from assistant.games.aa_miniatures.cards import Card
from events.base import Event

# ---------------------------------------------------------------- catalogue and armies


class CardsRegistered(Event, tag="aam.cards_registered"):
    """Cards added to (or replacing same-id cards in) this game's catalogue, from a form or a file."""

    cards: tuple[Card, ...]
    origin: str = "form"  # form | csv | toml


class UnitLine(msgspec.Struct, frozen=True):
    id: int
    card: str
    label: str  # how the roster names this figure ("M4A1 Sherman #2")


class UnitsEnlisted(Event, tag="aam.units_enlisted"):
    side: str
    units: tuple[UnitLine, ...]
    points: int  # the army's total after this


class UnitDischarged(Event, tag="aam.unit_discharged"):
    side: str
    unit: int
    points: int


class ArmyFinalised(Event, tag="aam.army_finalised"):
    """The army is fixed (p.10 etiquette: the second to deploy may not change it afterwards)."""

    side: str
    points: int
    units: int


# ---------------------------------------------------------------- map and deployment


class HexRecorded(Event, tag="aam.hex_recorded"):
    hex: str
    terrain: str


class HexsideRecorded(Event, tag="aam.hexside_recorded"):
    """A river and/or a road between two neighbouring hexes; a road across a river is a bridge."""

    a: str
    b: str
    river: bool
    road: bool


class ObjectivePlaced(Event, tag="aam.objective_placed"):
    hexes: tuple[str, ...]
    configuration: int = 0  # the map configuration rolled or chosen (p.5-6), 0 when none


class DeploymentOrderChosen(Event, tag="aam.deployment_order_chosen"):
    first: str
    second: str


class UnitDeployed(Event, tag="aam.unit_deployed"):
    unit: int
    hex: str
    facing: str = ""
    aboard: int = 0
    label: str = ""


# ---------------------------------------------------------------- the turn


class InitiativeRolled(Event, tag="aam.initiative_rolled"):
    """Totals are 2d6 plus the best bonus of an undisrupted commander (p.11); ``winner`` empty means roll again."""

    turn: int
    totals: dict[str, int]
    bonuses: dict[str, int]
    winner: str
    by: Literal["total", "bonus", "tie"] = "total"


class OrderChosen(Event, tag="aam.order_chosen"):
    turn: int
    first: str
    second: str


class MoveStarted(Event, tag="aam.move_started"):
    """A unit sets off along ``path`` (its start hex first). The path ends where it stops: a failed movement roll
    ends it before ``blocked`` (the hex it tried to enter; a Vehicle then faces it, p.14)."""

    unit: int
    path: tuple[str, ...]
    facing: str = ""
    cost: int = 0
    blocked: str = ""
    road_bonus: bool = False
    pivot: bool = False  # a zero-hex move (p.14)
    label: str = ""


class MoveEnded(Event, tag="aam.move_ended"):
    unit: int
    hex: str
    facing: str = ""
    reason: str = ""  # "" | defensive fire | movement roll | stacking
    passed: tuple[str, ...] = ()  # hexes retraced because the stop hex was full (p.13)
    label: str = ""


class Boarded(Event, tag="aam.boarded"):
    soldier: int
    transport: int
    labels: tuple[str, str] = ("", "")


class Disembarked(Event, tag="aam.disembarked"):
    soldier: int
    transport: int
    hex: str
    labels: tuple[str, str] = ("", "")


class AttackRolled(Event, tag="aam.attack_rolled"):
    """One attack: dice for the target's type at this range (p.15), successes against defense, hits (p.16)."""

    attacker: int
    target: int
    kind: Literal["assault", "defensive"]
    band: str
    distance: int | None
    dice: int
    modifier: int
    successes: int
    defense: int
    arc: str = ""
    hits: int = 0
    ref: str = ""
    step: int = 0  # defensive fire: the step of the move shot at
    where: str = ""  # defensive fire: "start" or "destination" hex of that step
    labels: tuple[str, str] = ("", "")  # attacker, target


class CoverAwaited(Event, tag="aam.cover_awaited"):
    """The hits are known and a cover roll would change them (p.24): the attacked unit's player rolls next."""

    attacker: int
    target: int
    kind: Literal["assault", "defensive"]
    hits: int
    successes: int
    defense: int
    needed: int
    ref: str = ""
    step: int = 0
    where: str = ""
    label: str = ""


class CoverRolled(Event, tag="aam.cover_rolled"):
    target: int
    needed: int  # 0 when automatic or ignored
    face: int = 0
    success: bool = False
    how: Literal["rolled", "automatic", "ignored"] = "rolled"
    label: str = ""


class CountersPlaced(Event, tag="aam.counters_placed"):
    """Face-down hit counters next to the target (p.16); nothing happens to it until the Casualty Phase."""

    target: int
    counters: tuple[str, ...]
    limited_by_cover: bool = False
    label: str = ""
    ref: str = ""  # the attack's throw
    hits: int = 0
    defense: int = 0
    attacker: int = 0
    cover: str = ""  # the target's cover against this attack: none | ignored | automatic | rolled ("": not known)
    cover_needed: int = 0  # the die a cover roll needs
    cover_rolled: bool = False  # the cover roll was made (or automatic): a corrected throw keeps its result


class MoverDisrupted(Event, tag="aam.mover_disrupted"):
    """Defensive fire: a face-up Disrupted counter at once, and the mover stops where it is (p.22). ``moving`` is
    false for another unit in the hex a Blast firer shot at (p.29)."""

    unit: int
    hex: str
    by: int
    labels: tuple[str, str] = ("", "")  # disrupted unit, firer
    moving: bool = True


class DefensiveFireFailed(Event, tag="aam.defensive_fire_failed"):
    unit: int
    by: int
    reason: str
    labels: tuple[str, str] = ("", "")


class BridgeDemolished(Event, tag="aam.bridge_demolished"):
    unit: int
    a: str
    b: str
    label: str = ""


class CasualtiesApplied(Event, tag="aam.casualties_applied"):
    """The Casualty Phase, in the rulebook's order (p.12)."""

    turn: int
    recovered: tuple[int, ...]
    destroyed: tuple[int, ...]
    damaged: tuple[int, ...]
    disrupted: tuple[int, ...]
    names: dict[int, str] = {}


class TurnEnded(Event, tag="aam.turn_ended"):
    turn: int
    control: str  # axis | allies | none | contested (of every objective hex)
    points: dict[str, int]  # value of units still on the map


class GameWon(Event, tag="aam.game_won"):
    winner: str
    reason: str
    turn: int


class UnitEdited(Event, tag="aam.unit_edited"):
    """The table corrects a unit by hand (a counter knocked off the table, a figure misplaced)."""

    unit: int
    hex: str
    facing: str
    disrupted: bool
    damaged: bool
    hidden: tuple[str, ...]
    reason: str
    label: str = ""


class CountersRevised(Event, tag="aam.counters_revised"):
    """A corrected attack throw changes the counters it placed (only before they are flipped)."""

    target: int
    counters: tuple[str, ...]
    ref: str
    label: str = ""
    hits: int = 0  # the corrected attack's hits
    covered: bool = False
    cover_rolled: bool = False  # settled by the cover roll a corrected throw made necessary


EVENTS: tuple[type[Event], ...] = (
    CardsRegistered, UnitsEnlisted, UnitDischarged, ArmyFinalised, HexRecorded, HexsideRecorded, ObjectivePlaced,
    DeploymentOrderChosen, UnitDeployed, InitiativeRolled, OrderChosen, MoveStarted, MoveEnded, Boarded,
    Disembarked, AttackRolled, CoverAwaited, CoverRolled, CountersPlaced, MoverDisrupted, DefensiveFireFailed, BridgeDemolished,
    CasualtiesApplied, TurnEnded, GameWon, UnitEdited, CountersRevised,
)
