"""The event and command vocabulary of one game kind: tags, decoders, upcasting.

A catalogue is built from explicit lists of classes (the core ones plus the
game's), refuses duplicate or implicit tags, and decodes stored payloads into
today's classes.
"""

from __future__ import annotations

from collections.abc import Iterable
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
        commands: Iterable[type[Command]] = (),
        upcasters: Iterable[Upcaster] = (),
    ):
        self.events: dict[str, type[Event]] = {}
        for cls in (*CORE_EVENTS, *events):
            self._add(self.events, cls)
        self.commands: dict[str, type[Command]] = {}
        for cls in (*CORE_COMMANDS, *commands):
            self._add(self.commands, cls)
        self._decoders = {tag: msgspec.json.Decoder(cls) for tag, cls in self.events.items()}
        self._chain = build_chain(upcasters)
        self._command_decoder = msgspec.json.Decoder(Union[tuple(self.commands.values())])  # type: ignore[misc]
        self._max_bytes = max(cls.max_bytes for cls in self.commands.values())

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
        return self._decoders[tag]

    def decode_event(self, tag: str, version: int, payload: bytes) -> Event:
        cls = self.events.get(tag)
        if cls is None:
            raise UnknownType(f"unknown event type {tag!r}")
        if version == cls.schema_version:
            return self._decoders[tag].decode(payload)
        data = msgspec.json.decode(payload)
        data.pop("type", None)
        data = upcast(self._chain, tag, version, cls.schema_version, data)
        return msgspec.convert(data, cls)

    def decode_command(self, raw: bytes | str) -> Command:
        """Parse a command from JSON, with a clear message for every kind of mistake.

        Too large, too deeply nested or not UTF-8 raises ``events.bounds.InputError`` before parsing.
        """
        data = checked_json(raw, max_bytes=self._max_bytes)
        try:
            command = self._command_decoder.decode(data)
        except msgspec.ValidationError as exc:
            text = str(exc)
            if "Invalid value" in text and "$.type" in text:
                known = ", ".join(sorted(self.commands))
                raise msgspec.ValidationError(f"unknown command type; known: {known}") from None
            if "unknown field" in text:
                raise msgspec.ValidationError(self._unknown_field(data, text)) from None
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

    def command_type(self, name: str) -> type[Command] | None:
        return self.commands.get(name)


def encode(obj: msgspec.Struct) -> bytes:
    return msgspec.json.encode(obj)
