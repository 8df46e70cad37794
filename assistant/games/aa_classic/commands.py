"""What the table asks for, tag prefix "aa.". Units are named by kind and count (``{"infantry": 2}``) taken from
the first space of a path, or by the ids the board read model shows."""

from __future__ import annotations

from typing import Annotated

import msgspec

from events.base import Command
from events.bounds import Faces, Name, Text, amount, count, items, mapping

# Bounds that fit the game (decide checks the exact figures against the board and the state):
MAX_PIECES = 99  # units of one kind in one order, move, placement or edit line
MAX_UNIT_ID = 10**6  # unit ids are numbered from 1 as units come into play
MAX_RESEARCH_DICE = 99  # 5 IPCs each
MAX_PATH = 16  # spaces in one move (bombers with long range fly 7)
MAX_EDIT_LINES = 50  # unit lines added or removed by one edit
MAX_IPC = 999  # IPCs added to or taken from a treasury by one edit
MAX_PRODUCTION = 99  # a production level's change in one edit
MAX_TECHNOLOGIES = 6
MAX_TREASURY = 9999  # a treasury an edit sets (edits keep every treasury between 0 and this)
MAX_LEVEL = 999  # a production level an edit sets

UnitId = count(MAX_UNIT_ID)
Pieces = count(MAX_PIECES)
PiecesAtLeastOne = count(MAX_PIECES, 1)
Units = mapping(Name, count(MAX_PIECES))  # unit kind -> how many
UnitIds = items(UnitId)


class Start(Command, tag="aa.start"):
    """Begin round 1 (the USSR's turn)."""


class EndStep(Command, tag="aa.end_step"):
    """The current step is finished: go to the next one (in the income step, collect income and end the turn).

    Placement ends only when no unit waiting can still be placed (those that cannot are lost, A&A §4.5), unless the
    table gives a reason to end it anyway (``override``): then every unit waiting is lost."""

    override: Annotated[str, msgspec.Meta(max_length=300)] = ""


class Research(Command, tag="aa.research"):
    """Buy research dice and roll them (the faces rolled at the table, or the assistant rolls)."""

    dice: count(MAX_RESEARCH_DICE)
    faces: Faces | None = None


class RollBreakthroughs(Command, tag="aa.roll_breakthroughs"):
    """One technology die per breakthrough still to roll."""

    faces: Faces | None = None


class Purchase(Command, tag="aa.purchase"):
    units: Units


class Move(Command, tag="aa.move"):
    path: items(Name, MAX_PATH)
    units: Units = {}
    ids: UnitIds = ()
    bombing: bool = False  # bombers flying a strategic bombing raid
    aa_faces: Faces | None = None  # AA fire at aircraft flying over, in path order
    # The aircraft the owner gives up to AA fire over the path, first lost first (ids of this move's aircraft);
    # hits beyond them take the cheapest (A&A §6.2 L2: the attacker chooses).
    aa_losses: UnitIds = ()
    override: Text = ""  # the table's reason for doing it although the rules refuse


class DeclareAttack(Command, tag="aa.declare_attack"):
    """Optional rule O2: the mover's units in a sea zone they share with enemy ships attack them where they are."""

    zone: Name


class Load(Command, tag="aa.load"):
    """Load land units from a territory onto a transport in an adjacent sea zone."""

    territory: Name
    zone: Name
    units: Units = {}
    ids: UnitIds = ()
    transport: UnitId = 0
    override: Text = ""


class Unload(Command, tag="aa.unload"):
    """Unload a transport's cargo from a sea zone into a territory."""

    zone: Name
    territory: Name
    units: Units = {}  # empty: all the mover's cargo in the zone
    override: Text = ""


class Fire(Command, tag="aa.fire"):
    """Roll the next throw of a battle (the faces rolled at the table, or the assistant rolls)."""

    battle: Name
    faces: Faces | None = None


class ChooseCasualties(Command, tag="aa.choose_casualties"):
    """Remove these casualties from a battle (by kind, or the pieces by id)."""

    battle: Name
    units: Units = {}
    ids: UnitIds = ()


class Retreat(Command, tag="aa.retreat"):
    """Retreat the attackers of a battle to a space they came from."""

    battle: Name
    to: Name


class Submerge(Command, tag="aa.submerge"):
    """Submerge a side's submarines in a sea battle."""

    battle: Name
    side: Name
    to: Name
    count: Pieces = 0  # 0: every submarine of that side


class FireRocket(Command, tag="aa.fire_rocket"):
    """Fire a rocket from an anti-aircraft gun at an enemy industrial complex."""

    launcher: Name
    target: Name
    faces: Faces | None = None


class Place(Command, tag="aa.place"):
    space: Name
    units: Units
    complex: Name = ""  # the complex producing them (naval units next to several complexes)
    override: Text = ""


class UnitSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    space: Name
    power: Name
    kind: Name
    count: PiecesAtLeastOne = 1


class Edit(Command, tag="aa.edit"):
    """Change the record by hand (the table overrides the rules); a reason is mandatory.

    ``treasury`` and ``production`` change a value by an amount (-5, 3); ``treasury_to`` and ``production_to`` set
    it; ``clear`` empties spaces of every unit in one edit."""

    reason: Text
    add: items(UnitSpec, MAX_EDIT_LINES) = ()
    remove: items(UnitSpec, MAX_EDIT_LINES) = ()
    control: mapping(Name, Name) = {}
    treasury: mapping(Name, amount(-MAX_IPC, MAX_IPC)) = {}
    production: mapping(Name, amount(-MAX_PRODUCTION, MAX_PRODUCTION)) = {}
    technologies: mapping(Name, items(Name, MAX_TECHNOLOGIES)) = {}  # power -> every technology it owns after the edit
    treasury_to: mapping(Name, amount(0, MAX_TREASURY)) = {}
    production_to: mapping(Name, amount(0, MAX_LEVEL)) = {}
    clear: items(Name, MAX_EDIT_LINES) = ()


COMMANDS: tuple[type[Command], ...] = (
    Start,
    EndStep,
    Research,
    RollBreakthroughs,
    Purchase,
    Move,
    DeclareAttack,
    Load,
    Unload,
    Fire,
    ChooseCasualties,
    Retreat,
    Submerge,
    FireRocket,
    Place,
    Edit,
)
