"""The event and command vocabulary of one game kind: tags, decoders, upcasting.

A catalogue is built from explicit lists of classes (the core ones plus the
game's), refuses duplicate or implicit tags, and decodes stored payloads into
today's classes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cached_property
from typing import Any, Union

import msgspec

from events.base import Command, Event, require_explicit_tag, tag_of
from events.bounds import InputError, checked_json
from events.core import CORE_COMMANDS, CORE_EVENTS
from events.upcasting import Upcaster, build_chain, upcast


class UnknownType(Exception):
    pass


class _Tagged(msgspec.Struct):
    type: str = ""


class Catalogue:
    def __init__(
        self,
        events: Iterable[type[Event]],
        commands: Iterable[type[Command]] | Callable[[], Iterable[type[Command]]] = (),
        upcasters: Iterable[Upcaster] = (),
    ):
        """``commands``: the game's command classes, or a function giving them (called on first use: reading a
        game's log never imports its commands)."""
        self.events: dict[str, type[Event]] = {}
        for cls in (*CORE_EVENTS, *events):
            self._add(self.events, cls)
        self._commands_given = commands
        if not callable(commands):
            self.commands  # refuse duplicate and implicit tags at once
        # decoders are built on first use: a command that only reads a game never builds the commands' one
        self._decoders: dict[str, msgspec.json.Decoder[Any]] = {}
        self._chain = build_chain(upcasters)
        self._many: msgspec.json.Decoder[list[Event]] | None = None
        self._commands_decoder: msgspec.json.Decoder[Command] | None = None

    @cached_property
    def commands(self) -> dict[str, type[Command]]:
        given = self._commands_given
        table: dict[str, type[Command]] = {}
        for cls in (*CORE_COMMANDS, *(given() if callable(given) else given)):
            self._add(table, cls)
        return table

    @cached_property
    def _max_bytes(self) -> int:
        return max(cls.max_bytes for cls in self.commands.values())

    @staticmethod
    def _add(table: dict[str, Any], cls: type) -> None:
        tag = require_explicit_tag(cls)
        if tag in table and table[tag] is not cls:
            raise ValueError(f"tag {tag!r} used by both {table[tag].__qualname__} and {cls.__qualname__}")
        table[tag] = cls

    def version_of(self, tag: str) -> int:
        try:
            return self.events[tag].schema_version
        except KeyError:
            raise UnknownType(f"unknown event type {tag!r}") from None

    def decoder(self, tag: str) -> msgspec.json.Decoder:
        """The decoder of the current version of ``tag`` (replay's fast path)."""
        found = self._decoders.get(tag)
        if found is None:
            found = self._decoders[tag] = msgspec.json.Decoder(self.events[tag])
        return found

    def decode_current(self, payloads: list[bytes]) -> list[Event] | None:
        """Many payloads decoded in one call as today's classes (replay's fast path); None when one of them does not
        decode so (an unknown type, or an old shape): the caller then decodes row by row, upcasting old versions.
        The caller still upcasts rows whose stored version is not today's."""
        return self.decode_array(b"[" + b",".join(payloads) + b"]")

    def decode_array(self, array: bytes | str) -> list[Event] | None:
        """A JSON array of payloads decoded in one call as today's classes; None as for ``decode_current``."""
        if self._many is None:
            self._many = msgspec.json.Decoder(list[Union[tuple(self.events.values())]])  # type: ignore[misc]
        try:
            return self._many.decode(array)
        except (msgspec.DecodeError, msgspec.ValidationError):
            return None

    def decode_event(self, tag: str, version: int, payload: bytes) -> Event:
        cls = self.events.get(tag)
        if cls is None:
            raise UnknownType(f"unknown event type {tag!r}")
        if version == cls.schema_version:
            return self.decoder(tag).decode(payload)
        data = msgspec.json.decode(payload)
        data.pop("type", None)
        data = upcast(self._chain, tag, version, cls.schema_version, data)
        return msgspec.convert(data, cls)

    def decode_command(self, raw: bytes | str) -> Command:
        """Parse a command from JSON, with a clear message for every kind of mistake.

        Too large, too deeply nested or not UTF-8 raises ``events.bounds.InputError`` before parsing.
        """
        data = checked_json(raw, max_bytes=self._max_bytes)
        if self._commands_decoder is None:
            self._commands_decoder = msgspec.json.Decoder(Union[tuple(self.commands.values())])  # type: ignore[misc]
        try:
            command = self._commands_decoder.decode(data)
        except msgspec.ValidationError as exc:
            text = str(exc)
            if "Invalid value" in text and "$.type" in text:
                known = ", ".join(sorted(self.commands))
                raise msgspec.ValidationError(f"unknown command type; known: {known}") from None
            if "unknown field" in text:
                raise msgspec.ValidationError(self._unknown_field(data, text)) from None
            if "[...]" in text:
                raise msgspec.ValidationError(self._named_entry(data, text)) from None
            raise
        limit = type(command).max_bytes
        if len(data) > limit:
            raise InputError(f"the command is too large ({len(data):,} bytes; {tag_of(type(command))} takes at most "
                             f"{limit:,})")
        return command

    def _unknown_field(self, data: bytes, text: str) -> str:
        """Name the refused field and the fields the command does have."""
        try:
            tag = msgspec.json.decode(data, type=_Tagged).type
        except msgspec.DecodeError:
            return text
        cls = self.commands.get(tag)
        if cls is None:
            return text
        fields = ", ".join(cls.__struct_fields__) or "none"
        return f"{text.replace('Object contains unknown', 'unknown')}; {tag} has the fields: {fields}"

    def _named_entry(self, data: bytes, text: str) -> str:
        """msgspec writes a table's key as ``[...]`` ("at `$.units[...]`"): name the entry at fault."""
        try:
            fields = msgspec.json.decode(data)
        except msgspec.DecodeError:
            return text
        if not isinstance(fields, dict):
            return text
        return name_the_entry(fields, lambda one: self._commands_decoder.decode(msgspec.json.encode(one)), text)

    def command_type(self, name: str) -> type[Command] | None:
        return self.commands.get(name)


def name_the_entry(data: dict[str, Any], check: Callable[[dict[str, Any]], object], message: str) -> str:
    """``message`` with msgspec's ``[...]`` (a table's key it does not print, "at `$.units[...]`") replaced by the
    key at fault, found by checking ``data`` with that table cut down to one entry at a time (only on a refusal)."""
    found = re.search(r"`\$\.([A-Za-z_][A-Za-z0-9_]*)\[\.\.\.\]", message)
    table = data.get(found.group(1)) if found else None
    if not isinstance(table, dict):
        return message
    for key, entry in table.items():
        try:
            check({**data, found.group(1): {key: entry}})
        except msgspec.ValidationError as exc:
            if str(exc) == message:
                return message.replace(f"{found.group(1)}[...]", f"{found.group(1)}[{key!r}]", 1)
    return message


def encode(obj: msgspec.Struct) -> bytes:
    return msgspec.json.encode(obj)


_PLAIN = (  # msgspec's wording of a field that does not fit -> the table's
    (r"Object missing required field `([^`]+)`(?: - at `\$(?:\.[^`]*)?`)?", r"\1 is needed"),
    (r"Object contains unknown field `([^`]+)`.*", r"\1 is not a field of this command"),
    (r"Expected `str` of length <= (\d+) - at `\$\.([^`]+)`", r"\2: at most \1 characters"),
    (r"Expected `str` of length >= 1 - at `\$\.([^`]+)`", r"\1 cannot be empty"),
    (r"Expected `str` of length >= (\d+) - at `\$\.([^`]+)`", r"\2: at least \1 characters"),
    (r"Expected `(?:int|float)` <= (-?[\d.]+) - at `\$\.([^`]+)`", r"\2: at most \1"),
    (r"Expected `(?:int|float)` >= (-?[\d.]+) - at `\$\.([^`]+)`", r"\2: at least \1"),
    (r"Expected `array` of length <= (\d+) - at `\$\.([^`]+)`", r"\2: at most \1 entries"),
    (r"Expected `object` of length <= (\d+) - at `\$\.([^`]+)`", r"\2: at most \1 entries"),
    (r"Expected `int`, got `(?:str|float)` - at `\$\.([^`]+)`", r"\1: a whole number"),
    (r"Expected `(?:str)`, got `\w+` - at `\$\.([^`]+)`", r"\1: text"),
    (r"Expected `bool`, got `\w+` - at `\$\.([^`]+)`", r"\1: yes or no (true or false)"),
    (r"Expected `array`, got `\w+` - at `\$\.([^`]+)`", r"\1: a list"),
    (r"Invalid enum value '([^']*)' - at `\$\.([^`]+)`", r"\2: '\1' is not one of the values it takes"),
)


def in_plain_words(message: str) -> str:
    """A command that does not fit its fields, said as the table would (``name: at most 64 characters``); a message
    no rule here reads stays as msgspec wrote it."""
    for pattern, words in _PLAIN:
        if re.fullmatch(pattern, message):
            return re.sub(pattern, words, message)
    return message
