"""What the table asks for, tag prefix "aam.". Units are named by the id the roster shows; hexes by their label
as on the players' map (``C7``, see docs.md)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from events.base import Command

Side = Literal["axis", "allies"]
Face = Annotated[int, msgspec.Meta(ge=1, le=6)]
Dice = Annotated[tuple[Face, ...], msgspec.Meta(max_length=120)]
Unit = Annotated[int, msgspec.Meta(ge=0, le=100_000)]
Hex = Annotated[str, msgspec.Meta(max_length=24)]
Name = Annotated[str, msgspec.Meta(max_length=80)]
Text = Annotated[str, msgspec.Meta(max_length=500)]
Small = Annotated[int, msgspec.Meta(ge=0, le=1000)]


# ---------------------------------------------------------------- catalogue and armies


class RegisterCard(Command, tag="aam.register_card"):
    """One stat card typed from the form (p.8-9): defense "5/3" or "4"; attacks short/medium/long, "-" for none;
    abilities "Name: text | Name: text"."""

    name: Name
    nationality: Name
    unit_type: Literal["soldier", "vehicle"]
    cost: Small
    year: Small
    speed: Small
    defense: Name
    attack_soldier: Name
    attack_vehicle: Name
    subtypes: Name = ""
    set: Name = ""
    number: Name = ""
    cost_printing: Name = ""
    hit_points: Name = ""
    initiative_bonus: Small = 0
    abilities: Text = ""
    command_abilities: Text = ""
    rarity: Name = ""
    flavor: Text = ""
    id: Name = ""


class ImportCards(Command, tag="aam.import_cards"):
    """A club's catalogue file (CSV or TOML, as exported): every row must be valid or nothing is taken."""

    max_bytes = 2 * 1024 * 1024  # the catalogue file travels inside the command

    text: Annotated[str, msgspec.Meta(max_length=1_000_000)]
    format: Literal["csv", "toml"] = "csv"


class Enlist(Command, tag="aam.enlist"):
    """Add copies of a card to an army."""

    side: Side
    card: Name
    count: Annotated[int, msgspec.Meta(ge=1, le=15)] = 1


class Discharge(Command, tag="aam.discharge"):
    """Take a unit out of an army that is not fixed yet."""

    unit: Unit


class FinaliseArmy(Command, tag="aam.finalise_army"):
    """Fix an army: it cannot change any more (the battlefield follows when both are fixed)."""

    side: Side


# ---------------------------------------------------------------- map and deployment


class RecordHex(Command, tag="aam.record_hex"):
    """Record a hex's terrain as on your map (an unrecorded hex counts as clear)."""

    hex: Hex
    terrain: Literal["clear", "hill", "forest", "town", "marsh", "pond"]


class RecordHexside(Command, tag="aam.record_hexside"):
    """A river and/or a road between two neighbouring hexes (a road over a river is a bridge)."""

    a: Hex
    b: Hex
    river: bool = False
    road: bool = False


class ChooseMap(Command, tag="aam.choose_map"):
    """Standard: a die picks the configuration (leave it 0; type the die or let the assistant roll). Assault and
    custom: the configuration is chosen. The objective hex(es) are where the players' diagram shows."""

    objective: Annotated[tuple[Hex, ...], msgspec.Meta(max_length=6)]
    configuration: Annotated[int, msgspec.Meta(ge=0, le=6)] = 0
    faces: Dice | None = None


class ChooseDeploymentOrder(Command, tag="aam.choose_deployment_order"):
    """Standard: the coin toss's winner says who deploys first (p.4). Assault: the defender always does."""

    first: Side


class Deploy(Command, tag="aam.deploy"):
    """Set a unit up in a hex (a Vehicle faces a hexside), or aboard a Transport already set up."""

    unit: Unit
    hex: Hex
    facing: Annotated[str, msgspec.Meta(max_length=4)] = ""
    aboard: Unit = 0


# ---------------------------------------------------------------- the turn


class EndPhase(Command, tag="aam.end_phase"):
    """End this deployment, Movement or Assault Phase (after the last Assault Phase: Casualty Phase and end of
    turn). Say who holds the objective only when the hexes give no map coordinates."""

    control: Literal["axis", "allies", "none", "contested"] | None = None


class RollInitiative(Command, tag="aam.roll_initiative"):
    """Both players roll 2 dice for initiative (type them, or let the assistant roll)."""

    axis_dice: Dice | None = None
    allies_dice: Dice | None = None


class ChooseOrder(Command, tag="aam.choose_order"):
    """The initiative's winner says who plays first this turn."""

    first: Side


class Move(Command, tag="aam.move"):
    """Move a unit: the hexes it enters, in order (none: a Vehicle pivots); movement-roll dice in the order needed."""

    unit: Unit
    path: Annotated[tuple[Hex, ...], msgspec.Meta(max_length=24)] = ()
    facing: Annotated[str, msgspec.Meta(max_length=4)] = ""
    dice: Dice | None = None  # movement rolls


class Board(Command, tag="aam.board"):
    """A Soldier boards a Transport in its hex (its whole move this phase)."""

    soldier: Unit
    transport: Unit


class Disembark(Command, tag="aam.disembark"):
    """A Soldier gets off its Transport (the hex is given only when the opponent places it elsewhere)."""

    soldier: Unit
    hex: Hex = ""


class DefensiveFire(Command, tag="aam.defensive_fire"):
    """Fire at the moving unit: at a step of its move (1 = the first hex it entered), in that step's start or
    destination hex."""

    firer: Unit
    step: Annotated[int, msgspec.Meta(ge=1, le=24)]
    where: Literal["start", "destination"] = "destination"
    arc: Literal["front", "rear"] | None = None
    faces: Dice | None = None
    cover_dice: Dice | None = None  # the mover's, then (Blast) each other unit's that needs one


class HoldFire(Command, tag="aam.hold_fire"):
    """No (more) defensive fire at the moving unit: it finishes its move."""


class Attack(Command, tag="aam.attack"):
    """Attack an enemy unit. Range band and arc are needed only for hexes without map coordinates; a modifier is a
    card ability's bonus or penalty to each die, named in its reason."""

    attacker: Unit
    target: Unit
    band: Literal["short", "medium", "long"] | None = None
    arc: Literal["front", "rear"] | None = None
    faces: Dice | None = None
    modifier: Annotated[int, msgspec.Meta(ge=-3, le=3)] = 0
    modifier_reason: Text = ""
    cover_dice: Dice | None = None  # typed with the attack (Blast: one per target needing one)


class Cover(Command, tag="aam.cover"):
    """The attacked unit's cover roll (type the die, or let the assistant roll)."""

    dice: Dice | None = None


class DemolishBridge(Command, tag="aam.demolish_bridge"):
    """Blow the bridge between two hexes, one of them the unit's own (instead of moving or attacking)."""

    unit: Unit
    a: Hex
    b: Hex


class EditUnit(Command, tag="aam.edit_unit"):
    """Set a unit's hex, facing and counters by hand, with the reason (a figure knocked over, a counter lost).
    What is left out stays as it is: putting a figure back in its hex keeps its counters."""

    unit: Unit
    reason: Annotated[str, msgspec.Meta(max_length=200)]
    hex: Hex = ""
    facing: Annotated[str, msgspec.Meta(max_length=4)] = ""
    disrupted: bool | None = None  # face-up Disrupted; None: unchanged
    damaged: bool | None = None  # face-up Damaged; None: unchanged
    # face-down counters in order ("none": no counter); None: unchanged
    hidden: Annotated[tuple[Name, ...], msgspec.Meta(max_length=3)] | None = None


COMMANDS = (
    RegisterCard, ImportCards, Enlist, Discharge, FinaliseArmy, RecordHex, RecordHexside, ChooseMap,
    ChooseDeploymentOrder, Deploy, EndPhase, RollInitiative, ChooseOrder, Move, Board, Disembark, DefensiveFire,
    HoldFire, Attack, Cover, DemolishBridge, EditUnit,
)
