"""The core vocabulary shared by every game: creation, clock, dice, undo, notes, players.

Games add their own events in their own namespace; these are the facts the
application layer itself understands.
"""

from typing import Any, Literal

from events.base import Command, Event
from events.bounds import Faces, Name, Names, Note, Seq, Text

# ---------------------------------------------------------------- events


class GameCreated(Event, tag="core.game_created"):
    """Always sequence 1. Carries the whole game definition so a game file replays anywhere."""

    kind: str
    title: str
    definition: dict[str, Any]


class PhaseBegan(Event, tag="core.phase_began"):
    """The turn clock moved: a game emits this whenever round, side, phase or step changes."""

    round: int
    side: str
    phase: str
    step: str = ""


DiceSource = Literal["physical", "assistant"]


class DiceRolled(Event, tag="core.dice_rolled"):
    """Faces of one throw. ``source`` says whether players rolled real dice or the assistant did."""

    purpose: str
    faces: tuple[int, ...]
    source: DiceSource
    sides: int = 6
    # Per-die success threshold, so luck can be measured from the log alone:
    # a die hits when its face is <= target ("at_most", Axis & Allies) or >= target ("at_least").
    targets: tuple[int, ...] = ()
    hits_when: Literal["at_most", "at_least"] = "at_most"
    # A machine-readable key the game chooses (e.g. "battle:Libya:1:attack") so a later
    # correction of this throw can be traced to what it decided.
    ref: str = ""
    # Who threw it (a side, power or nation id), so dice luck is credited right for any game; "" when the game
    # does not say, and then the side whose turn it is is credited.
    thrower: str = ""


class DiceCorrected(Event, tag="core.dice_corrected"):
    """A mistyped physical die fixed after the fact; always allowed, always visible."""

    dice_seq: int
    faces: tuple[int, ...]
    reason: str
    # Copied from the corrected throw so the game can work out the consequences.
    original: tuple[int, ...] = ()
    purpose: str = ""
    ref: str = ""
    targets: tuple[int, ...] = ()


CancelMode = Literal["undo", "undo_to", "roll_back", "redo"]


class EventsCancelled(Event, tag="core.events_cancelled"):
    """Undo appends: the listed earlier events stop counting, but stay in the log.

    ``rewinds_to`` is the lowest sequence number whose standing this changes
    (for a redo, the lowest event the cancelled undo had cancelled). Time travel
    uses it to know which checkpoints stay valid.
    """

    targets: tuple[int, ...]
    mode: CancelMode
    rewinds_to: int
    reason: str = ""


class NoteAdded(Event, tag="core.note_added"):
    """An annotation attached to an event (teaching replays, post-game analysis)."""

    about_seq: int
    text: str
    author: str = ""
    arrow_from: str = ""
    arrow_to: str = ""


# A note that begins with these words makes its game a what-if fork of the game it names (assistant/analysis/fork.py);
# the SQLite store keeps an index of such notes (sqlite_schema.py), so a page learns whether a game is a fork
# without reading the whole log.
FORK_NOTE = "What-if fork of game "


class PlayerAdded(Event, tag="core.player_added"):
    """Someone at the table: a player (of the powers or sides in ``plays``), or a coach or teacher who only
    writes notes (``plays`` empty). Commands may be recorded as them (``assistant/actors.py``)."""

    name: str
    plays: tuple[str, ...] = ()


CORE_EVENTS: tuple[type[Event], ...] = (
    GameCreated,
    PhaseBegan,
    DiceRolled,
    DiceCorrected,
    EventsCancelled,
    NoteAdded,
    PlayerAdded,
)

# ---------------------------------------------------------------- commands
# Undo-family commands are handled by the application layer for every game.


class Undo(Command, tag="core.undo"):
    """Cancel the last command (or, with ``to_seq``, everything after that event)."""

    to_seq: Seq | None = None


class Redo(Command, tag="core.redo"):
    """Cancel the most recent undo, provided nothing was done since."""


class RollBack(Command, tag="core.roll_back"):
    """Cancel everything after ``to_seq`` even past dice; needs a stated reason."""

    to_seq: Seq
    reason: Text


class CorrectDice(Command, tag="core.correct_dice", kw_only=True):
    """Fix the faces of a physical throw entered wrongly.

    ``throw`` names it as the table offers it (the throws that can be corrected, newest first, in plain words:
    "Germany attacks Karelia (round 2): 1 4 6"), or "the last throw"; ``dice_seq``, its event number, is the older
    form, still accepted. One of the two, not both.
    """

    throw: Text = ""
    faces: Faces
    reason: Text
    dice_seq: Seq | None = None


class AddNote(Command, tag="core.add_note"):
    """Attach an annotation to any event."""

    about_seq: Seq
    text: Note
    arrow_from: Name = ""
    arrow_to: Name = ""


class AddPlayer(Command, tag="core.add_player"):
    """Name someone at the table (and, optionally, the powers or sides they play), so commands can be recorded
    as them. Anyone may add themselves; undo takes it back like any command."""

    name: Name
    plays: Names = ()


CORE_COMMANDS: tuple[type[Command], ...] = (Undo, Redo, RollBack, CorrectDice, AddNote, AddPlayer)
