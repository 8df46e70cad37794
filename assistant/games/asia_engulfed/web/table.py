"""Asia Engulfed at the table: the phase's actions only, the tracks, each nation's WERP, Oil and transport
ledgers with the event behind every line, production pipelines, sea-zone influence, the VP tally and supply.

Presentation only: the game's ``decide`` judges everything. Which side's hidden blocks this device may see is
chosen per game ("seen by"); spectators see neither side's.
"""

from __future__ import annotations

from flask import render_template
from markupsafe import Markup

from assistant.families.engulfed import seen_by
from assistant.games.asia_engulfed import data
from assistant.games.asia_engulfed.read_models import views
from assistant.games.asia_engulfed.describe import PHASES, RESULTS
from assistant.web.presenter import Presenter, Table

LEDGER = "ae_ledger"
SEEN_BY = ("all", "japan", "allies")
SUPPLY_ROWS = 14


class AEPresenter(Presenter):
    def hints(self, table: Table) -> dict[str, tuple[str, ...]]:
        s = table.view.game
        viewer = viewer_of(table)
        visible = tuple(sorted(p["id"] for group in views.pieces(s, viewer).values() for p in group
                               if not p.get("hidden")))
        return {**super().hints(table), "pieces": visible, "nation": data.NATIONS, "to": tuple(sorted(s.board.zones)),
                "sea": tuple(sorted(s.board.seas)), "key": visible}

    def term(self, word: str) -> str:
        if word in data.NATIONS:
            name = data.nation_name(word)
            return name[0].upper() + name[1:]
        return {"allies": "the Allies"}.get(word) or PHASES.get(word, word.replace("_", " "))

    def ledgers(self, table: Table) -> Markup:
        s = table.view.game
        viewer = viewer_of(table)
        book = table.view.read(LEDGER)
        supply = [{"piece": pid, "status": st} for pid, st in sorted(s.supply.items())
                  if st != "full" and pid in s.pieces and (not viewer or viewer == "all"
                                                           or data.side_of(s.pieces[pid].nation) == viewer)]
        return Markup(render_template(
            "asia_engulfed/ledgers.html", s=s, turn=data.calendar().name(s.turn) if s.turn else "Before the game",
            phase=self.term(s.phase), side="Japan" if s.side == "japan" else "the Allies" if s.side else "",
            tracks=views.tracks(s), ledgers=views.ledgers(book, s.turn, viewer, s), situation=views.situation(s),
            results=RESULTS, supply=supply[:SUPPLY_ROWS], more=max(len(supply) - SUPPLY_ROWS, 0),
            forces=views.pieces(s, viewer), seen=viewer or "all", choices=() if table.spectator else SEEN_BY,
            game_id=table.game_id))


def viewer_of(table: Table) -> str:
    """"" shows everything (a screen both sides share); a side hides the other's blocks; spectators see none."""
    return seen_by.viewer(table, "ae_seen_by", SEEN_BY)


PRESENTER = AEPresenter()
