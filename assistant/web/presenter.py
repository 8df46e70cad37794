"""How a game looks at the table. ``Presenter`` works for any GameKind; games refine it in ``web/games/<kind>.py``.

A presenter only arranges what the application layer already knows (views, read models, commands); it never
decides what the rules allow. Game modules define ``PRESENTER`` (a subclass instance).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec
from markupsafe import Markup, escape

from assistant.application import Assistant
from assistant.kinds import LoadedKind
from assistant.moments import possible_moves
from events.base import tag_of
from events.core import CorrectDice
from flask import url_for

from assistant.replay import View
from assistant.web.forms import FormSpec, RenderedForm, form_for

MAX_ROWS = 8
MAX_KEYS = 12  # bigger mappings fold away behind their size
FOLD_BYTES = 1500  # nested values bigger than this (as JSON) fold away too


@dataclass
class Table:
    """Everything one render of a table needs."""

    assistant: Assistant
    game_id: str
    loaded: LoadedKind
    view: View
    head: int
    readonly: bool = False  # time travel and spectators
    spectator: str | None = None  # the read-only link's token, when a spectator is looking
    seat_powers: tuple[str, ...] | None = None  # club mode: the powers this member's seat holds (None: local mode)
    host: bool = False  # club mode: this member hosts the game

    @property
    def at(self) -> int | None:
        return self.view.seq if self.view.seq != self.head else None

    def space_url(self, name: str) -> str:
        """Where a click on a board space fetches its details (spectators keep to their own read-only link)."""
        if self.spectator:
            return url_for("web.space", game_id=self.game_id, token=self.spectator, name=name)
        return url_for("web.space", game_id=self.game_id, name=name)


class Presenter:
    """The generic table: every command as a form, read models as tables, no map."""

    def commands(self, table: Table) -> list[FormSpec]:
        """The commands of this moment (the game's ``moves`` declaration), in the order the game declares them."""
        return [form_for(p.command) for p in possible_moves(table.loaded.kind, table.view)]

    def choices(self, table: Table) -> dict[str, dict[str, tuple[str, ...]]]:
        """tag -> field -> values, as the game's moves compute them from the state; a game offering
        ``core.correct_dice`` among its forms offers the throws it may correct, by name (``throws``)."""
        out = {p.tag: p.choices for p in possible_moves(table.loaded.kind, table.view) if p.choices}
        if CorrectDice in table.loaded.kind.declared_commands():
            out[tag_of(CorrectDice)] = self.throws(table)
        return out

    def throws(self, table: Table) -> dict[str, tuple[str, ...]]:
        """The choices of a ``core.correct_dice`` form: the throws entered at the table that may be corrected, named
        in plain words, newest first (a game's own forms pass them as the form's ``offered``)."""
        return {"throw": tuple(t.name for t in table.assistant.correctable(table.game_id, table.at))}

    def hints(self, table: Table) -> dict[str, tuple[str, ...]]:
        """Suggested values per field name: a field ``side`` is offered the state's ``sides``, and so on."""
        state = msgspec.to_builtins(table.view.game)
        out: dict[str, tuple[str, ...]] = {}
        if isinstance(state, dict):
            for key, value in state.items():
                if key.endswith("s") and isinstance(value, (list, dict)) and value:
                    names = list(value)
                    if all(isinstance(n, str) for n in names):
                        out[key[:-1]] = tuple(names)
        return out

    def forms(self, table: Table, errors: dict[str, tuple[str, dict[str, str]]] | None = None) -> list[RenderedForm]:
        """One rendered form per command; ``errors`` maps a tag to (message, submitted values)."""
        hints = self.hints(table)
        choices = self.choices(table)
        out = []
        specs = self.commands(table)
        shown = {s.tag for s in specs}
        # A refused command keeps its form (with what was typed and why) even when it is not of this moment.
        specs += [form_for(c) for c in table.loaded.kind.declared_commands()
                  if (errors or {}).get(tag_of(c)) and tag_of(c) not in shown]
        sides = self._sides(table)
        for spec in specs:
            message, values = (errors or {}).get(spec.tag, ("", {}))
            offered = {**hints, **choices.get(spec.tag, {})}
            lists = {f.name: (*offered.get(f.name, ()), *f.choices) for f in spec.fields}
            labels = {name: {v: label for v in values_ if isinstance(v, str) and (label := self.choice_label(name, v, sides))}
                      for name, values_ in lists.items()}
            out.append(RenderedForm(spec, new_command_id(), dict(values), message,
                                    {f.name: offered[f.name] for f in spec.fields if f.name in offered},
                                    labels={name: words for name, words in labels.items() if words}))
        return out

    def _sides(self, table: Table) -> frozenset[str]:
        """The game's powers or sides as set up (``GameKind.sides``): their names in choice lists."""
        declared = table.loaded.kind.sides
        try:
            return frozenset(declared(table.view.game)) if declared else frozenset()
        except Exception:  # a game whose sides cannot be read at this moment: its choices keep their values
            return frozenset()

    def choice_label(self, field: str, value: str, sides: frozenset[str]) -> str:
        """How ``value`` reads in the choice list of ``field`` ("" = as the value, with spaces): a power or side by
        the name the table gives it (``term``: "germany" -> "Germany"). A game may name other values."""
        return self.term(value) if value in sides else ""

    def ledgers(self, table: Table) -> Markup:
        """Read models as tables: the game's state first, then each projection."""
        parts = [_section("State", table.view.game)]
        for name in table.view.names[2:]:
            parts.append(_section(name.replace("_", " ").capitalize(), table.view.read(name)))
        return Markup("").join(parts)

    def board(self, table: Table, arrows: Sequence[tuple[str, str]] = ()) -> Markup | None:
        """The map, if the game has one; ``arrows`` (from, to) are drawn on it (annotations of a teaching step)."""
        return None

    def spaces(self, table: Table) -> tuple[str, ...]:
        """The names an annotation's arrow may start or end at (spaces, areas, sea zones)."""
        return ()

    def part(self, table: Table, name: str, args: dict[str, str]) -> Markup | None:
        """A piece of a game's form loaded on demand (e.g. the units standing where a move starts)."""
        return None

    def options_form(self, spec: FormSpec) -> FormSpec:
        """The new-game form: the options type's fields, or a game's own plainer ones (``prepare_options``)."""
        return spec

    def prepare_options(self, values: dict[str, Any]) -> dict[str, Any]:
        """The options a game's own new-game fields stand for (see ``options_form``)."""
        return values

    def setup_help(self) -> Markup | None:
        """What the new-game page should explain besides the options (e.g. who plays which power)."""
        return None

    def prepare(self, tag: str, form: dict[str, str], multi=None) -> dict[str, str]:
        """A game's own form turned into the fields of its command (e.g. one amendment typed as plain inputs);
        ``multi`` holds every value of inputs sent several times under one name."""
        return form

    # What the game calls one go round the table, in the banner, the log's headings and the summaries ("round" in
    # Axis & Allies; "turn" where the rulebook says so), as its report adapter's ``round_name``.
    round_name = "round"

    def term(self, word: str) -> str:
        """A side, phase or step id as the table says it ("combat_move" -> "combat move")."""
        return word.replace("_", " ")

    def space(self, table: Table, name: str) -> Markup | None:
        return None


def new_command_id() -> str:
    return uuid.uuid4().hex


def presenter_for(loaded: LoadedKind) -> Presenter:
    """The game's own presenter (``GameKind.presenter``), or the generic table."""
    ref = loaded.kind.presenter
    return ref.load() if ref is not None else GENERIC_PRESENTER


# ---------------------------------------------------------------- generic read-model tables


def _section(title: str, value: Any) -> Markup:
    return Markup('<section class="readmodel"><h3>{}</h3>{}</section>').format(title, data_html(value))


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _text(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def data_html(value: Any, depth: int = 0) -> Markup:
    """Any plain data (a read model turned into builtins) as small HTML tables, long lists cut to the latest."""
    value = msgspec.to_builtins(value) if depth == 0 else value
    if _scalar(value):
        return Markup(escape(_text(value)))
    if depth >= 3:
        return Markup('<code class="raw">{}</code>').format(msgspec.json.encode(value).decode()[:200])
    if depth and len(msgspec.json.encode(value)) > FOLD_BYTES:
        inner = data_html(value, depth + 1) if depth < 2 else Markup('<code class="raw">{}…</code>').format(
            msgspec.json.encode(value).decode()[:FOLD_BYTES])
        return Markup("<details><summary>{} entries</summary>{}</details>").format(len(value), inner)
    if isinstance(value, dict):
        if not value:
            return Markup('<span class="muted">none</span>')
        if all(isinstance(v, dict) and all(_scalar(x) for x in v.values()) for v in value.values()):
            columns = list(dict.fromkeys(k for v in value.values() for k in v))
            grid = _grid([""] + columns, ([k] + [v.get(c) for c in columns] for k, v in value.items()), depth, limit=None)
            if len(value) > MAX_KEYS:
                return Markup("<details><summary>{} entries</summary>{}</details>").format(len(value), grid)
            return grid
        rows = Markup("").join(
            Markup("<tr><th>{}</th><td>{}</td></tr>").format(k.replace("_", " ") if isinstance(k, str) else k,
                                                            data_html(v, depth + 1))
            for k, v in value.items()
        )
        table = Markup('<table class="kv">{}</table>').format(rows)
        if depth and len(value) > MAX_KEYS:
            return Markup("<details><summary>{} entries</summary>{}</details>").format(len(value), table)
        return table
    if isinstance(value, (list, tuple)):
        if not value:
            return Markup('<span class="muted">none</span>')
        if all(_scalar(v) for v in value):
            return Markup(escape(", ".join(_text(v) for v in value)))
        if all(isinstance(v, (list, tuple)) for v in value):
            return _grid(None, list(reversed(value)), depth)
        if all(isinstance(v, dict) for v in value):
            columns = list(dict.fromkeys(k for v in value for k in v))
            return _grid(columns, ([v.get(c) for c in columns] for v in reversed(value)), depth)
        return Markup("<ul>{}</ul>").format(Markup("").join(Markup("<li>{}</li>").format(data_html(v, depth + 1)) for v in value))
    return Markup(escape(str(value)))


def _grid(header: list[Any] | None, rows: Iterable[list[Any]], depth: int, limit: int | None = MAX_ROWS) -> Markup:
    """A table; with ``limit``, rows are newest first and only the latest ``limit`` are shown."""
    rows = list(rows)
    limit = limit or len(rows)
    head = Markup("<thead><tr>{}</tr></thead>").format(
        Markup("").join(Markup("<th>{}</th>").format(str(h).replace("_", " ")) for h in header)
    ) if header else Markup("")
    body = Markup("").join(
        Markup("<tr>{}</tr>").format(Markup("").join(Markup("<td>{}</td>").format(data_html(c, depth + 1)) for c in row))
        for row in rows[:limit]
    )
    more = Markup('<p class="muted">… and {} earlier</p>').format(len(rows) - limit) if len(rows) > limit else ""
    return Markup('<div class="scroll"><table class="grid">{}<tbody>{}</tbody></table></div>{}').format(head, body, more)


GENERIC_PRESENTER = Presenter()
