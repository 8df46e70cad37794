"""What the table asks for, tag prefix "aae.". Units are named by kind and count (``{"infantry": 2}``), taken from
the first space of a path, or by the ids the board shows."""

from __future__ import annotations

import msgspec

from events.base import Command
from events.bounds import Faces, Name, Text, count, items, mapping

# Bounds that fit the game (decide checks the exact figures against the board and the state):
MAX_PIECES = 200  # units of one kind in one order, move, placement, casualty choice or edit line
MAX_UNIT_ID = 10**6  # unit ids are numbered from 1 as units come into play
MAX_PATH = 8  # spaces in one move: a bomber's start and six more, with room for one
MAX_IPC = 9999  # a treasury an edit sets, a share of an advance or of the Middle East column

Pieces = count(MAX_PIECES)
Units = mapping(Name, Pieces)  # unit kind -> how many
UnitIds = items(count(MAX_UNIT_ID))
Money = mapping(Name, count(MAX_IPC), 8)  # power -> IPC
Path = items(Name, MAX_PATH)


class SplitAdvance(Command, tag="aae.split_advance"):
    """The Allies' share of the 12 IPC cash advance, as they agree [T L26] (e.g. {"ussr": 6, "uk": 6})."""

    amounts: Money


class BuyWithAdvance(Command, tag="aae.buy_with_advance"):
    """Buy with the cash advance and place at once where the buyer already has a unit [T L26]."""

    power: Name
    space: Name
    units: Units


class EndAdvance(Command, tag="aae.end_advance"):
    """The side now buying with its advance is done (Germany first, then the Allies); after the Allies, round 1."""


class EndPhase(Command, tag="aae.end_phase"):
    """The current phase is finished (in the income phase: collect and end the turn)."""

    middle_east: Money = {}  # Germany's income phase: who pays the Middle East column [T L78]
    decided_by: Name = "agreement"  # agreement | germany (the Allies could not agree)


class Purchase(Command, tag="aae.purchase"):
    units: Units


class Move(Command, tag="aae.move"):
    path: Path
    units: Units = {}
    ids: UnitIds = ()
    bombing: bool = False  # bombers flying a strategic bombing raid on the last space [T L56]
    escort: bool = False  # fighters escorting the raid on the last space [T L56]
    aa_faces: Faces | None = None  # AA fire at aircraft flying over enemy guns, in path order [T L31]
    aa_losses: UnitIds = ()  # aircraft the mover gives up first to that fire (then the cheapest)
    override: Text = ""  # the table's reason for doing it although the rules refuse


class Load(Command, tag="aae.load"):
    """Load land units from a territory onto a transport in an adjacent sea zone."""

    territory: Name
    zone: Name
    units: Units = {}
    ids: UnitIds = ()
    transport: count(MAX_UNIT_ID) = 0
    override: Text = ""


class Unload(Command, tag="aae.unload"):
    """Unload a transport's cargo from a sea zone into a territory."""

    zone: Name
    territory: Name
    units: Units = {}  # empty: all the mover's cargo there that may land
    override: Text = ""


class Intercept(Command, tag="aae.intercept"):
    """The defender names the fighters in the raided territory that intercept (none: ``units`` empty) [T L56]."""

    battle: Name
    ids: UnitIds = ()
    count: Pieces = 0


class Fire(Command, tag="aae.fire"):
    """The next throw of a battle: physical ``faces`` or the assistant's dice."""

    battle: Name
    faces: Faces | None = None


class ChooseCasualties(Command, tag="aae.choose_casualties"):
    """Remove these casualties from a battle (by kind, or the pieces by id)."""

    battle: Name
    units: Units = {}
    ids: UnitIds = ()
    chosen_by: Name = "owner"  # owner | agreement | opponent (a multinational force that cannot agree [T L54])


class Retreat(Command, tag="aae.retreat"):
    """Retreat the attackers of a battle to a space they came from."""

    battle: Name
    to: Name


class Submerge(Command, tag="aae.submerge"):
    """Submerge a side's submarines in a sea battle."""

    battle: Name
    side: Name
    count: Pieces = 0  # 0: every submarine of that side still in the battle
    ids: UnitIds = ()


class Place(Command, tag="aae.place"):
    space: Name
    units: Units
    complex: Name = ""
    override: Text = ""


class TakeOver(Command, tag="aae.take_over"):
    """The Great Patriotic War: the Soviet player replaces British or U.S. units in a Soviet territory [T L68]."""

    territory: Name
    ids: UnitIds = ()
    units: Units = {}
    owner: Name = ""  # whose units (uk or usa) when naming kinds


class UnitSpec(msgspec.Struct, frozen=True):
    space: Name
    power: Name
    kind: Name
    count: count(100, 1) = 1


class Edit(Command, tag="aae.edit"):
    """Change the record by hand (the table overrides the rules); a reason is mandatory."""

    reason: Text
    add: items(UnitSpec, 100) = ()
    remove: items(count(MAX_UNIT_ID), 100) = ()
    control: mapping(Name, Name, 100) = {}
    treasury: Money = {}


COMMANDS: tuple[type[Command], ...] = (
    SplitAdvance, BuyWithAdvance, EndAdvance, EndPhase, Purchase, Move, Load, Unload, Intercept, Fire,
    ChooseCasualties, Retreat, Submerge, Place, TakeOver, Edit,
)
