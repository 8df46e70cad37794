"""The contract every game implements (the Decider pattern) and the tools its rules use.

A game is a declaration, ``GameKind``: how to set it up from options, its
``initial_state``, ``decide(command, state, ctx) -> events`` (all rules live
here; a refusal raises ``Refused`` naming the rule), ``evolve(state, event) ->
state`` (applies facts, never re-checks them), its read models and how to say
each event in a sentence. The application layer does the rest: storage, undo,
dice gating, idempotency, time travel.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import msgspec

from events.base import Command, Event
from events.core import DiceRolled
from projections.base import Projection

S = TypeVar("S")


class Refused(Exception):
    """A command the rules (or the input format) do not allow. Nothing is written.

    ``rule`` names the rule that refused it, e.g. ``"A&A §7.3"`` or ``"EE 3.33"``.
    """

    def __init__(self, reason: str, rule: str | None = None):
        self.reason = reason
        self.rule = rule
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason


class DiceRoller:
    """Where faces come from when the players ask the assistant to roll.

    Production uses the operating system's cryptographically secure generator;
    tests pass a seeded or scripted roller. Replay never calls it: the faces are
    in the log.
    """

    def __init__(self, rng: Callable[[int], int] | None = None):
        self._below = rng

    def faces(self, count: int, sides: int = 6) -> tuple[int, ...]:
        if self._below is None:  # the secure generator is loaded with the first throw, not by every command
            import secrets

            self._below = secrets.randbelow
        return tuple(self._below(sides) + 1 for _ in range(count))


class ScriptedDice(DiceRoller):
    """Returns pre-set faces in order (tests and worked examples)."""

    def __init__(self, faces: Sequence[int]):
        self._queue = list(faces)
        super().__init__()

    def faces(self, count: int, sides: int = 6) -> tuple[int, ...]:
        if len(self._queue) < count:
            raise AssertionError(f"scripted dice exhausted: wanted {count}, have {len(self._queue)}")
        out, self._queue = tuple(self._queue[:count]), self._queue[count:]
        return out


class Context(msgspec.Struct, frozen=True):
    """What ``decide`` may know besides the state: who acts, who is at the table, and a way to roll."""

    actor: str = "table"
    dice: DiceRoller = msgspec.field(default_factory=DiceRoller)
    # The people at the table: the players the log names, those of the game's set-up and, in the club, the members
    # seated at it (who are not in the log). A rule that names a player (a bid) checks it against these.
    players: tuple[str, ...] = ()

    def throw(
        self,
        purpose: str,
        count: int,
        faces: Sequence[int] | None = None,
        sides: int = 6,
        targets: Sequence[int] = (),
        hits_when: str = "at_most",
        ref: str = "",
        thrower: str = "",
    ) -> DiceRolled:
        """Physical faces when given (validated), otherwise rolled by the assistant.

        ``targets`` (one per die) records what each die needed, so luck can be measured later.
        """
        if targets and len(targets) != count:
            raise ValueError("one target per die")
        if faces is None:
            rolled, source = self.dice.faces(count, sides), "assistant"
        else:
            rolled, source = validate_faces(faces, count, sides), "physical"
        return DiceRolled(
            purpose=purpose,
            faces=rolled,
            source=source,
            sides=sides,
            targets=tuple(targets),
            hits_when=hits_when,  # type: ignore[arg-type]
            ref=ref,
            thrower=thrower,
        )


def validate_faces(faces: Sequence[int], count: int, sides: int = 6) -> tuple[int, ...]:
    if len(faces) != count:
        raise Refused(f"this throw is {count} {'die' if count == 1 else 'dice'}; "
                      f"{len(faces)} {'face was' if len(faces) == 1 else 'faces were'} given")
    for f in faces:
        if not isinstance(f, int) or isinstance(f, bool) or not 1 <= f <= sides:
            raise Refused(f"a die shows 1 to {sides}; {f!r} is not a face")
    return tuple(faces)


T = TypeVar("T")


class Ref(Generic[T]):
    """An object named ``"package.module:attribute"``, imported only when first used.

    A game's declaration names its web presenter, report adapter and benches this way so that reading the
    declaration (or listing the games) never imports Flask, numpy or matplotlib; and may name its rules this way
    (``decide``, ``moves``, ``guidance``, ``after_dice_corrected``, ``acting_for``), so that a command that only
    reads a game (``state``, ``log``, ``export``) never imports its moves. A reference to a function is called
    like the function.
    """

    __slots__ = ("path", "_value")

    def __init__(self, path: str):
        if ":" not in path:
            raise ValueError(f"a reference reads 'module:attribute', not {path!r}")
        self.path = path
        self._value: Any = _UNSET

    def load(self) -> T:
        if self._value is _UNSET:
            module, _, attr = self.path.partition(":")
            self._value = getattr(importlib.import_module(module), attr)
        return self._value

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.load()(*args, **kwargs)  # type: ignore[operator]

    def __repr__(self) -> str:
        return f"Ref({self.path!r})"


_UNSET: Any = object()


class Moment(msgspec.Struct, frozen=True):
    """Where the game stands, as the generic turn clock (``core.phase_began``) tells it."""

    round: int = 0
    side: str = ""
    phase: str = ""
    step: str = ""

    def matches(self, phases: tuple[str, ...]) -> bool:
        """``phases`` names phases (``"combat"``), phase and step (``"production/build"``), or ``"setup"`` for
        the moment before the first phase began; empty means any moment."""
        if not phases:
            return True
        here = self.phase or "setup"
        return here in phases or (bool(self.step) and f"{here}/{self.step}" in phases)


class Move(msgspec.Struct, Generic[S], frozen=True):
    """One command of a game: the small decide function that runs it, and when the table offers it.

    ``phases`` and ``when`` are for showing (the table and ``tabletop moves`` list only what is possible now);
    the rules in ``run`` still refuse anything illegal, naming the rule. ``choices`` computes, from the state,
    the values a field may take now (the spaces, units or powers to choose from).

    ``answers`` names, in plain words, the throw or decision the command answers at this moment, from the state
    and the fields a form fixes (e.g. ``{"battle": "Ukraine"}`` -> "Germany's attack at Ukraine, round 1"; ""
    when it answers none). A form carries it; a command sent with an older answer than the state's is refused
    as stale before ``run`` (dice typed for one throw are never booked against the next).
    """

    command: type[Command]
    run: Callable[[Any, S, "Context"], Sequence[Event]]
    phases: tuple[str, ...] = ()
    when: Callable[[S], bool] | None = None
    choices: Callable[[S], dict[str, tuple[str, ...]]] | None = None
    label: str = ""  # what the button says ("Buy these units"); the command's docstring otherwise
    answers: Callable[[S, Mapping[str, Any]], str] | None = None

    @property
    def tag(self) -> str:
        return self.command.__struct_config__.tag  # type: ignore[attr-defined]

    def possible(self, state: S, moment: Moment) -> bool:
        return moment.matches(self.phases) and (self.when is None or bool(self.when(state)))


def route(moves: Sequence[Move[S]], game_title: str) -> Callable[[Command, S, "Context"], Sequence[Event]]:
    """A ``decide`` that hands each command to its move's ``run`` (the usual case)."""
    table = {m.command: m.run for m in moves}

    def decide(command: Command, state: S, ctx: Context) -> Sequence[Event]:
        run = table.get(type(command))
        if run is None:
            raise Refused(f"{game_title} has no command {type(command).__name__}")
        return run(command, state, ctx)

    return decide


class GameKind(msgspec.Struct, Generic[S], frozen=True):
    """A whole game as a declaration: what it is, its rules, and what the core may ask of it.

    Registered through the ``tabletop.games`` entry-point group (see ``assistant/kinds.py``); nothing in the
    core names a game.
    """

    name: str  # stable id used in saved games, e.g. "toy"
    title: str
    namespace: str  # tag prefix of its commands and events, e.g. "aa"
    options_type: type[msgspec.Struct]  # validated options for `new`
    setup: Callable[[Any], dict[str, Any]]  # options -> definition embedded in core.game_created
    initial_state: Callable[[dict[str, Any]], S]
    decide: Callable[[Command, S, Context], Sequence[Event]]
    evolve: Callable[[S, Event], S]
    state_type: Any
    # The commands, or a ``Ref`` to their tuple: a command that only reads a game then never imports them
    # (``declared_commands``).
    commands: tuple[type[Command], ...] | Ref[tuple[type[Command], ...]]
    events: tuple[type[Event], ...]
    describe: Callable[[Event], str]  # one plain sentence per event; "" leaves a core event to the core
    projections: tuple[Projection[Any], ...] = ()
    guidance: Callable[[S], str] | None = None  # "what to do now" for the table banner
    # Extra facts a dice correction implies (e.g. a different number of hits). The
    # DiceCorrected event carries the original faces, purpose, ref and targets of the throw.
    after_dice_corrected: Callable[[S, Any], Sequence[Event]] | None = None
    # When each command is possible and its choices (boardgame.io's ``moves``); commands without a Move are
    # offered at every moment. A ``Ref`` to the tuple keeps them unimported until asked (``declared_moves``).
    moves: tuple[Move[S], ...] | Ref[tuple[Move[S], ...]] = ()
    # Schema evolution: functions (tag, payload dict, version) -> payload, applied on read (events/upcasting.py).
    upcasters: tuple[Any, ...] = ()
    # Files players export from a game to reuse: part -> fn(state) -> (file name, text or bytes, media type)
    # (``tabletop export --part``, ``/g/<id>/file/<part>``).
    files: dict[str, Callable[[S], tuple[str, str | bytes, str]]] = msgspec.field(default_factory=dict)
    # Options the new-game page offers to fill from an uploaded file: option -> label.
    option_files: dict[str, str] = msgspec.field(default_factory=dict)
    # The web table (an ``assistant.web.presenter.Presenter``); the generic table when None.
    presenter: Ref[Any] | None = None
    # Folder of the game's Jinja templates, reachable as "<name>/<file>", and of its static files
    # (a ``<name>.css`` there is linked on its pages). Paths may be ``pathlib.Path`` or plain strings (``os.path``:
    # importing pathlib costs every command some 6 ms, so the core never needs it to read a game).
    templates: str | os.PathLike[str] | None = None
    static: str | os.PathLike[str] | None = None
    # What the post-game report reads from the game (an ``assistant.analysis.adapters.Adapter``).
    report: Ref[Any] | None = None
    # Event tag -> rule and explanation for the teaching replay (TOML, see docs/analysis.md).
    rule_refs: str | os.PathLike[str] | None = None
    # Named speed figures for ``tabletop bench``: name -> a function returning {figure: value}.
    benches: dict[str, Ref[Callable[[], dict[str, Any]]]] = msgspec.field(default_factory=dict)
    # The game's vocabulary doc (its commands and events in plain words).
    docs: str | os.PathLike[str] | None = None
    # The powers or sides a command acts for (the club lets only their players and the host send it); when
    # None, a command acts for the side on the turn clock.
    acting_for: Callable[[Command, S], Sequence[str]] | None = None
    # The powers and sides of the game as set up (ids or names as players type them): what a command may be
    # recorded as (``--as``) besides the table and the players named in the log. None: the table and players only.
    sides: Callable[[S], Sequence[str]] | None = None
    # The players the game's own set-up names (its options' player names, read from the definition): accepted as
    # actors like the players named in the log. None: the game names none.
    set_up_players: Callable[[dict[str, Any]], Sequence[str]] | None = None
    # Seat the people named when the game is started (``tabletop new --player``) in the game's own seats: the
    # options with their names in them (e.g. as many players as names), or the options unchanged when the names
    # do not fit its seats (they then join the table as people who play no power). None: the game seats nobody.
    seat_players: Callable[[dict[str, Any], Sequence[str]], dict[str, Any]] | None = None

    def moves_by_command(self) -> dict[type[Command], Move[S]]:
        return {m.command: m for m in self.declared_moves()}

    def declared_commands(self) -> tuple[type[Command], ...]:
        """The commands, imported now when the declaration names them by reference."""
        return self.commands.load() if isinstance(self.commands, Ref) else self.commands

    def declared_moves(self) -> tuple[Move[S], ...]:
        """The moves, imported now when the declaration names them by reference."""
        return self.moves.load() if isinstance(self.moves, Ref) else self.moves
