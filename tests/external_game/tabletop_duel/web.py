"""The duel's table: the generic forms, and its own score sheet (a template of this package)."""

from __future__ import annotations

from flask import render_template
from markupsafe import Markup

from assistant.web.presenter import Presenter, Table


class DuelPresenter(Presenter):
    def ledgers(self, table: Table) -> Markup:
        return Markup(render_template("duel/score.html", sheet=table.view.read("score_sheet"), game=table.view.game))


PRESENTER = DuelPresenter()
