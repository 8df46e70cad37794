"""What the table asks for, tag prefix "aam.". Units are named by the id the roster shows; hexes by their label
as on the players' map (``C7``, see docs.md)."""

from __future__ import annotations

from typing import Literal

from events.base import Command

Side = Literal["axis", "allies"]


# ---------------------------------------------------------------- catalogue and armies


class RegisterCard(Command, tag="aam.register_card"):
    """One stat card typed from the form (p.8-9): defense "5/3" or "4"; attacks short/medium/long, "-" for none;
    abilities "Name: text | Name: text"."""

    name: str
    nationality: str
    unit_type: Literal["soldier", "vehicle"]
    cost: int
    year: int
    speed: int
    defense: str
    attack_soldier: str
    attack_vehicle: str
    subtypes: str = ""
    set: str = ""
    number: str = ""
    cost_printing: str = ""
    hit_points: str = ""
    initiative_bonus: int = 0
    abilities: str = ""
    command_abilities: str = ""
    rarity: str = ""
    flavor: str = ""
    id: str = ""


class ImportCards(Command, tag="aam.import_cards"):
    """A club's catalogue file (CSV or TOML, as exported): every row must be valid or nothing is taken."""

    text: str
    format: Literal["csv", "toml"] = "csv"


class Enlist(Command, tag="aam.enlist"):
    """Add copies of a card to an army."""

    side: Side
    card: str
    count: int = 1


class Discharge(Command, tag="aam.discharge"):
    """Take a unit out of an army that is not fixed yet."""

    unit: int


class FinaliseArmy(Command, tag="aam.finalise_army"):
    """Fix an army: it cannot change any more (the battlefield follows when both are fixed)."""

    side: Side


# ---------------------------------------------------------------- map and deployment


class RecordHex(Command, tag="aam.record_hex"):
    """Record a hex's terrain as on your map (an unrecorded hex counts as clear)."""

    hex: str
    terrain: Literal["clear", "hill", "forest", "town", "marsh", "pond"]


class RecordHexside(Command, tag="aam.record_hexside"):
    """A river and/or a road between two neighbouring hexes (a road over a river is a bridge)."""

    a: str
    b: str
    river: bool = False
    road: bool = False


class ChooseMap(Command, tag="aam.choose_map"):
    """Standard: a die picks the configuration (leave it 0; type the die or let the assistant roll). Assault and
    custom: the configuration is chosen. The objective hex(es) are where the players' diagram shows."""

    objective: tuple[str, ...]
    configuration: int = 0
    faces: tuple[int, ...] | None = None


class ChooseDeploymentOrder(Command, tag="aam.choose_deployment_order"):
    """Standard: the coin toss's winner says who deploys first (p.4). Assault: the defender always does."""

    first: Side


class Deploy(Command, tag="aam.deploy"):
    """Set a unit up in a hex (a Vehicle faces a hexside), or aboard a Transport already set up."""

    unit: int
    hex: str
    facing: str = ""
    aboard: int = 0


# ---------------------------------------------------------------- the turn


class EndPhase(Command, tag="aam.end_phase"):
    """End this deployment, Movement or Assault Phase (after the last Assault Phase: Casualty Phase and end of
    turn). Say who holds the objective only when the hexes give no map coordinates."""

    control: Literal["axis", "allies", "none", "contested"] | None = None


class RollInitiative(Command, tag="aam.roll_initiative"):
    """Both players roll 2 dice for initiative (type them, or let the assistant roll)."""

    axis_dice: tuple[int, ...] | None = None
    allies_dice: tuple[int, ...] | None = None


class ChooseOrder(Command, tag="aam.choose_order"):
    """The initiative's winner says who plays first this turn."""

    first: Side


class Move(Command, tag="aam.move"):
    """Move a unit: the hexes it enters, in order (none: a Vehicle pivots); movement-roll dice in the order needed."""

    unit: int
    path: tuple[str, ...] = ()
    facing: str = ""
    dice: tuple[int, ...] | None = None  # movement rolls


class Board(Command, tag="aam.board"):
    """A Soldier boards a Transport in its hex (its whole move this phase)."""

    soldier: int
    transport: int


class Disembark(Command, tag="aam.disembark"):
    """A Soldier gets off its Transport (the hex is given only when the opponent places it elsewhere)."""

    soldier: int
    hex: str = ""


class DefensiveFire(Command, tag="aam.defensive_fire"):
    """Fire at the moving unit: at a step of its move (1 = the first hex it entered), in that step's start or
    destination hex."""

    firer: int
    step: int
    where: Literal["start", "destination"] = "destination"
    arc: Literal["front", "rear"] | None = None
    faces: tuple[int, ...] | None = None
    cover_face: int | None = None


class HoldFire(Command, tag="aam.hold_fire"):
    """No (more) defensive fire at the moving unit: it finishes its move."""


class Attack(Command, tag="aam.attack"):
    """Attack an enemy unit. Range band and arc are needed only for hexes without map coordinates; a modifier is a
    card ability's bonus or penalty to each die, named in its reason."""

    attacker: int
    target: int
    band: Literal["short", "medium", "long"] | None = None
    arc: Literal["front", "rear"] | None = None
    faces: tuple[int, ...] | None = None
    modifier: int = 0
    modifier_reason: str = ""
    cover_dice: tuple[int, ...] | None = None  # typed with the attack (Blast: one per target needing one)


class Cover(Command, tag="aam.cover"):
    """The attacked unit's cover roll (type the die, or let the assistant roll)."""

    dice: tuple[int, ...] | None = None


class DemolishBridge(Command, tag="aam.demolish_bridge"):
    """Blow the bridge between two hexes, one of them the unit's own (instead of moving or attacking)."""

    unit: int
    a: str
    b: str


class EditUnit(Command, tag="aam.edit_unit"):
    """Set a unit's hex, facing and counters by hand, with the reason (a figure knocked over, a counter lost)."""

    unit: int
    reason: str
    hex: str = ""
    facing: str = ""
    disrupted: bool = False
    damaged: bool = False
    hidden: tuple[str, ...] = ()


COMMANDS = (
    RegisterCard, ImportCards, Enlist, Discharge, FinaliseArmy, RecordHex, RecordHexside, ChooseMap,
    ChooseDeploymentOrder, Deploy, EndPhase, RollInitiative, ChooseOrder, Move, Board, Disembark, DefensiveFire,
    HoldFire, Attack, Cover, DemolishBridge, EditUnit,
)
