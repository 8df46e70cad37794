"""The contract every game implements (the Decider pattern) and the tools its rules use.

A game is a declaration, ``GameKind``: how to set it up from options, its
``initial_state``, ``decide(command, state, ctx) -> events`` (all rules live
here; a refusal raises ``Refused`` naming the rule), ``evolve(state, event) ->
state`` (applies facts, never re-checks them), its read models and how to say
each event in a sentence. The application layer does the rest: storage, undo,
dice gating, idempotency, time travel.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import msgspec

from events.base import Command, Event
from events.core import DiceRolled
from projections.base import Projection, Recorded

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
        self._below = rng or secrets.randbelow

    def faces(self, count: int, sides: int = 6) -> tuple[int, ...]:
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


@dataclass(frozen=True)
class Context:
    """What ``decide`` may know besides the state: who acts, and a way to roll."""

    actor: str = "table"
    dice: DiceRoller = field(default_factory=DiceRoller)

    def throw(
        self,
        purpose: str,
        count: int,
        faces: Sequence[int] | None = None,
        sides: int = 6,
        targets: Sequence[int] = (),
        hits_when: str = "at_most",
        ref: str = "",
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
        )


def validate_faces(faces: Sequence[int], count: int, sides: int = 6) -> tuple[int, ...]:
    if len(faces) != count:
        raise Refused(f"expected {count} dice for this throw, got {len(faces)}")
    for f in faces:
        if not isinstance(f, int) or isinstance(f, bool) or not 1 <= f <= sides:
            raise Refused(f"a die shows 1 to {sides}; {f!r} is not a face")
    return tuple(faces)


@dataclass(frozen=True)
class GameKind(Generic[S]):
    """A whole game as a declaration."""

    name: str  # stable id used in saved games, e.g. "aa_classic"
    title: str
    namespace: str  # tag prefix of its commands and events, e.g. "aa"
    options_type: type[msgspec.Struct]  # validated options for `new`
    setup: Callable[[Any], dict[str, Any]]  # options -> definition embedded in core.game_created
    initial_state: Callable[[dict[str, Any]], S]
    decide: Callable[[Command, S, Context], Sequence[Event]]
    evolve: Callable[[S, Event], S]
    state_type: Any
    commands: tuple[type[Command], ...]
    events: tuple[type[Event], ...]
    describe: Callable[[Event], str]  # one plain sentence per event; "" leaves a core event to the core
    projections: tuple[Projection[Any], ...] = ()
    guidance: Callable[[S], str] | None = None  # "what to do now" for the table banner
    # Extra facts a dice correction implies (e.g. a different number of hits). The
    # DiceCorrected event carries the original faces, purpose, ref and targets of the throw.
    after_dice_corrected: Callable[[S, Any], Sequence[Event]] | None = None
    # Edits, overrides and similar commands that may be taken back past dice are the game's own business.
    # Also: "files" = {part: fn(state) -> (file name, text or bytes, media type)}, files players export from a game
    # to reuse (tabletop export --part, /g/<id>/file/<part>); "option_files" = {option: label}, options the
    # new-game page offers to fill from an uploaded file.
    extra: dict[str, Any] = field(default_factory=dict)
