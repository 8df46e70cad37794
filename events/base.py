"""The two message kinds of every game: commands (requests) and events (facts).

Both are frozen msgspec Structs encoded as JSON objects whose ``"type"`` field
carries an explicit, namespaced tag (``"core.dice_rolled"``, ``"toy.units_bought"``).
The tag, never the Python class name, is what a saved game stores, so classes
may be renamed or moved freely.

Every event type also declares ``schema_version``; when its fields change the
version goes up and an upcaster (see ``events.upcasting``) turns old payloads
into the new shape when they are read.
"""

from typing import ClassVar

import msgspec


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """A fact that happened at the table. Subclasses must pass ``tag="ns.name"``."""

    schema_version: ClassVar[int] = 1
    # An event recorded just before a phase begins, in the same command, that belongs to that phase when the log is
    # read by phase (a power's turn begins, then its first phase): the log shows it under the new phase's heading.
    opens_next_phase: ClassVar[bool] = False


class Command(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", forbid_unknown_fields=True):
    """A request a player makes. Subclasses must pass ``tag="ns.name"``.

    A field the command does not have is refused by name, never dropped: a misspelt or misplaced field
    (``"power": "germany"`` on a purchase) would otherwise act on something the player did not mean.
    Fields are bounded with the types of ``events.bounds``; ``max_bytes`` bounds the whole command (a command
    carrying a file, such as a card catalogue or a scenario, raises it).
    """

    max_bytes: ClassVar[int] = 64 * 1024  # events.bounds.MAX_COMMAND_BYTES


def tag_of(cls: type[msgspec.Struct]) -> str:
    """The stable wire tag of a command or event class."""
    tag = cls.__struct_config__.tag
    if not isinstance(tag, str):
        raise TypeError(f"{cls.__qualname__} has no string tag")
    return tag


def require_explicit_tag(cls: type[msgspec.Struct]) -> str:
    """Refuse classes whose tag defaulted to the class name (it would break saved games on rename)."""
    tag = tag_of(cls)
    if "." not in tag or tag == cls.__name__:
        raise TypeError(
            f"{cls.__qualname__} needs an explicit namespaced tag such as 'ns.{cls.__name__.lower()}', got {tag!r}"
        )
    return tag
