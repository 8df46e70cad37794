"""Europe Engulfed at the table: the presenter the core asks for each part of the table. Each job has its own
module: the command forms (``forms``), the board amendment panels (``board_panel``), the new-game form
(``new_game``), the map (``map_drawing``, laid out by ``map``), an area's details (``area``), the ledgers
(``ledgers``) and whose hidden blocks a device sees (``seen``). Presentation only: the game's ``decide`` judges
everything."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from assistant.games.europe_engulfed import data, wording
from assistant.games.europe_engulfed.web import area, board_panel, buy, forms, ledgers, map_drawing, new_game
from assistant.games.europe_engulfed.web.board_panel import AMEND
from assistant.games.europe_engulfed.web.forms import ADVANCE
from assistant.games.europe_engulfed.web.map_drawing import SUPPLY
from assistant.moments import possible_moves
from assistant.web.forms import FormSpec, RenderedForm
from assistant.web.presenter import Presenter, Table

__all__ = ["PRESENTER", "SUPPLY", "EEPresenter"]

# the fields whose choices are areas or sea areas, named in lists as the map prints them
PLACE_FIELDS = ("area", "sea", "from_sea", "to_sea", "unopposed", "areas")


class EEPresenter(Presenter):
    round_name = "turn"  # the rulebook counts game turns (1.0: two months each), as the report does

    def options_form(self, spec: FormSpec) -> FormSpec:
        return new_game.options_form(spec)

    def prepare_options(self, values: dict[str, Any]) -> dict[str, Any]:
        return new_game.prepare_options(values)

    def setup_help(self) -> Markup | None:
        return new_game.setup_help()

    def term(self, word: str) -> str:
        """A side, phase or step in the banner and the log's headings: "Great Britain", "combat in Smolensk
        (Germany)" rather than the ids."""
        return wording.step(word)

    def choice_label(self, field: str, value: str, sides: frozenset[str]) -> str:
        """A choice list's value as the map and the rules name it: powers ("Soviet Union"), areas and sea areas
        ("East Prussia", "Baltic Sea"), not their ids."""
        if value in sides or value in data.MAJORS:
            return wording.nation(value) if value not in ("Axis", "Allied") else value
        if field in PLACE_FIELDS:
            return wording.place(value)
        return ""

    def hints(self, table: Table) -> dict[str, tuple[str, ...]]:
        return forms.hints(table, super().hints(table))

    def commands(self, table: Table) -> list[FormSpec]:
        """Only this moment's actions (the game's ``moves``); the board facts come as panels, not as raw JSON."""
        return [f for f in super().commands(table) if f.tag != AMEND]

    def forms(self, table: Table, errors=None) -> list[RenderedForm]:
        errors = errors or {}
        labels = {p.tag: p.label for p in possible_moves(table.loaded.kind, table.view)}
        out = [forms.dressed(forms.worded(f, table.view.game, labels), table)
               for f in super().forms(table, errors) if f.spec.tag != AMEND]
        first = [f for f in out if f.spec.tag == ADVANCE]
        rest = [f for f in out if f.spec.tag != ADVANCE]
        return first + rest + board_panel.panels(table, errors, labels)

    def part(self, table: Table, name: str, args: dict[str, str]) -> Markup | None:
        """The Buy form's fields for another item, or one missing fact's amendment form, prefilled (opened from
        the "Board and scenario" panel)."""
        if name == buy.PART:
            return buy.part(table, args)
        return board_panel.gap_form(table, name, args)

    def prepare(self, tag: str, form: dict[str, str], multi=None) -> dict[str, str]:
        if tag == buy.BUY:
            return buy.prepared(form) or form
        return forms.prepared(tag, form) or board_panel.prepared(tag, form) or form

    def spaces(self, table: Table) -> tuple[str, ...]:
        board = table.view.game.board
        return tuple(sorted([*board.areas, *board.seas]))

    def board(self, table: Table, arrows=()) -> Markup:
        return map_drawing.draw(table)

    def space(self, table: Table, name: str) -> Markup | None:
        return area.details(table, name)

    def ledgers(self, table: Table) -> Markup:
        return ledgers.ledgers(table)


PRESENTER = EEPresenter()
