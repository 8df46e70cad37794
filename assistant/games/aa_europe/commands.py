"""What the table asks for, tag prefix "aae.". Units are named by kind and count (``{"infantry": 2}``), taken from
the first space of a path, or by the ids the board shows."""

from __future__ import annotations

import msgspec

from events.base import Command


class SplitAdvance(Command, tag="aae.split_advance"):
    """The Allies' share of the 12 IPC cash advance, as they agree [T L26] (e.g. {"ussr": 6, "uk": 6})."""

    amounts: dict[str, int]


class BuyWithAdvance(Command, tag="aae.buy_with_advance"):
    """Buy with the cash advance and place at once where the buyer already has a unit [T L26]."""

    power: str
    space: str
    units: dict[str, int]


class EndAdvance(Command, tag="aae.end_advance"):
    """The side now buying with its advance is done (Germany first, then the Allies); after the Allies, round 1."""


class EndPhase(Command, tag="aae.end_phase"):
    """The current phase is finished (in the income phase: collect and end the turn)."""

    middle_east: dict[str, int] = {}  # Germany's income phase: who pays the Middle East column [T L78]
    decided_by: str = "agreement"  # agreement | germany (the Allies could not agree)


class Purchase(Command, tag="aae.purchase"):
    units: dict[str, int]


class Move(Command, tag="aae.move"):
    path: tuple[str, ...]
    units: dict[str, int] = {}
    ids: tuple[int, ...] = ()
    bombing: bool = False  # bombers flying a strategic bombing raid on the last space [T L56]
    escort: bool = False  # fighters escorting the raid on the last space [T L56]
    aa_faces: tuple[int, ...] | None = None  # AA fire at aircraft flying over enemy guns, in path order [T L31]
    aa_losses: tuple[int, ...] = ()  # aircraft the mover gives up first to that fire (then the cheapest)
    override: str = ""  # the table's reason for doing it although the rules refuse


class Load(Command, tag="aae.load"):
    territory: str
    zone: str
    units: dict[str, int] = {}
    ids: tuple[int, ...] = ()
    transport: int = 0
    override: str = ""


class Unload(Command, tag="aae.unload"):
    zone: str
    territory: str
    units: dict[str, int] = {}  # empty: all the mover's cargo there that may land
    override: str = ""


class Intercept(Command, tag="aae.intercept"):
    """The defender names the fighters in the raided territory that intercept (none: ``units`` empty) [T L56]."""

    battle: str
    ids: tuple[int, ...] = ()
    count: int = 0


class Fire(Command, tag="aae.fire"):
    """The next throw of a battle: physical ``faces`` or the assistant's dice."""

    battle: str
    faces: tuple[int, ...] | None = None


class ChooseCasualties(Command, tag="aae.choose_casualties"):
    battle: str
    units: dict[str, int] = {}
    ids: tuple[int, ...] = ()
    chosen_by: str = "owner"  # owner | agreement | opponent (a multinational force that cannot agree [T L54])


class Retreat(Command, tag="aae.retreat"):
    battle: str
    to: str
    air_to: str = ""  # where the aircraft go, if not with the rest


class Submerge(Command, tag="aae.submerge"):
    battle: str
    side: str
    count: int = 0  # 0: every submarine of that side still in the battle
    ids: tuple[int, ...] = ()


class Place(Command, tag="aae.place"):
    space: str
    units: dict[str, int]
    complex: str = ""
    override: str = ""


class TakeOver(Command, tag="aae.take_over"):
    """The Great Patriotic War: the Soviet player replaces British or U.S. units in a Soviet territory [T L68]."""

    territory: str
    ids: tuple[int, ...] = ()
    units: dict[str, int] = {}
    owner: str = ""  # whose units (uk or usa) when naming kinds


class UnitSpec(msgspec.Struct, frozen=True):
    space: str
    power: str
    kind: str
    count: int = 1


class Edit(Command, tag="aae.edit"):
    """Change the record by hand (the table overrides the rules); a reason is mandatory."""

    reason: str
    add: tuple[UnitSpec, ...] = ()
    remove: tuple[int, ...] = ()
    control: dict[str, str] = {}
    treasury: dict[str, int] = {}


COMMANDS: tuple[type[Command], ...] = (
    SplitAdvance, BuyWithAdvance, EndAdvance, EndPhase, Purchase, Move, Load, Unload, Intercept, Fire,
    ChooseCasualties, Retreat, Submerge, Place, TakeOver, Edit,
)
