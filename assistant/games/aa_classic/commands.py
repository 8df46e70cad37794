"""What the table asks for, tag prefix "aa.". Units are named by kind and count (``{"infantry": 2}``) taken from
the first space of a path, or by the ids the board read model shows."""

from __future__ import annotations

from typing import Annotated

import msgspec

from events.base import Command


class Start(Command, tag="aa.start"):
    """Begin round 1 (the USSR's turn)."""


class EndStep(Command, tag="aa.end_step"):
    """The current step is finished: go to the next one (in the income step, collect income and end the turn).

    Placement ends only when no unit waiting can still be placed (those that cannot are lost, A&A §4.5), unless the
    table gives a reason to end it anyway (``override``): then every unit waiting is lost."""

    override: Annotated[str, msgspec.Meta(max_length=300)] = ""


class Research(Command, tag="aa.research"):
    dice: int
    faces: tuple[int, ...] | None = None


class RollBreakthroughs(Command, tag="aa.roll_breakthroughs"):
    """One technology die per breakthrough still to roll."""

    faces: tuple[int, ...] | None = None


class Purchase(Command, tag="aa.purchase"):
    units: dict[str, int]


class Move(Command, tag="aa.move"):
    path: tuple[str, ...]
    units: dict[str, int] = {}
    ids: tuple[int, ...] = ()
    bombing: bool = False  # bombers flying a strategic bombing raid
    aa_faces: tuple[int, ...] | None = None  # AA fire at aircraft flying over, in path order
    # The aircraft the owner gives up to AA fire over the path, first lost first (ids of this move's aircraft);
    # hits beyond them take the cheapest (A&A §6.2 L2: the attacker chooses).
    aa_losses: tuple[int, ...] = ()
    override: str = ""  # the table's reason for doing it although the rules refuse


class DeclareAttack(Command, tag="aa.declare_attack"):
    """Optional rule O2: the mover's units in a sea zone they share with enemy ships attack them where they are."""

    zone: str


class Load(Command, tag="aa.load"):
    territory: str
    zone: str
    units: dict[str, int] = {}
    ids: tuple[int, ...] = ()
    transport: int = 0
    override: str = ""


class Unload(Command, tag="aa.unload"):
    zone: str
    territory: str
    units: dict[str, int] = {}  # empty: all the mover's cargo in the zone
    override: str = ""


class Fire(Command, tag="aa.fire"):
    """Roll the next throw of a battle (physical ``faces`` or the assistant's dice)."""

    battle: str
    faces: tuple[int, ...] | None = None


class ChooseCasualties(Command, tag="aa.choose_casualties"):
    battle: str
    units: dict[str, int] = {}
    ids: tuple[int, ...] = ()


class Retreat(Command, tag="aa.retreat"):
    battle: str
    to: str


class Submerge(Command, tag="aa.submerge"):
    battle: str
    side: str
    to: str
    count: int = 0  # 0: every submarine of that side


class FireRocket(Command, tag="aa.fire_rocket"):
    launcher: str
    target: str
    faces: tuple[int, ...] | None = None


class Place(Command, tag="aa.place"):
    space: str
    units: dict[str, int]
    complex: str = ""  # the complex producing them (naval units next to several complexes)
    override: str = ""


class UnitSpec(msgspec.Struct, frozen=True):
    space: str
    power: str
    kind: str
    count: int = 1


class Edit(Command, tag="aa.edit"):
    """Change the record by hand (the table overrides the rules); a reason is mandatory.

    ``treasury`` and ``production`` change a value by an amount (-5, 3); ``treasury_to`` and ``production_to`` set
    it; ``clear`` empties spaces of every unit in one edit."""

    reason: str
    add: tuple[UnitSpec, ...] = ()
    remove: tuple[UnitSpec, ...] = ()
    control: dict[str, str] = {}
    treasury: dict[str, int] = {}
    production: dict[str, int] = {}
    technologies: dict[str, tuple[str, ...]] = {}  # power -> every technology it owns after the edit
    treasury_to: dict[str, Annotated[int, msgspec.Meta(ge=0, le=10_000)]] = {}
    production_to: dict[str, Annotated[int, msgspec.Meta(ge=0, le=10_000)]] = {}
    clear: tuple[Annotated[str, msgspec.Meta(max_length=80)], ...] = ()


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
