"""Starting a game from the shipped board: set-up gaps caught before play (EE 10.1), production that depends on
unknown board facts asked rather than counted as "no" (EE 4.12), the 4.5 announcement after aid, the log in
players' words."""

from __future__ import annotations

import msgspec
import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed.board.loader import partial_board, to_dict
from assistant.games.europe_engulfed.commands import Advance, TransferWerp
from assistant.games.europe_engulfed.describe import describe
from assistant.games.europe_engulfed.game import GAME
from assistant.games.europe_engulfed.options import Options
from assistant.games.europe_engulfed.readings import ReadResourceSupply
from assistant.games.europe_engulfed.scenario.start import warnings
from assistant.games.europe_engulfed.scenario.format import Scenario
import assistant.games.europe_engulfed.events as ev
from tests.games.europe_engulfed.scenarios import CLEAR
from tests.games.europe_engulfed.table import Table

AXIS = ["ruhr", "east_prussia", "rome", "piedmont"]
ALLIED = ["paris", "marseille", "moscow", "baku", "leningrad"]
WARS = [["germany", "britain"], ["germany", "france"], ["germany", "poland"]]


def options(control: dict[str, str], **extra) -> Options:
    sc = {"name": "1939 Campaign", "start_turn": "1939-09", "control": control, "wars": WARS}
    return msgspec.convert({"board": to_dict(partial_board()), "scenario": sc, **extra}, Options)


def test_a_set_up_leaving_out_paris_marseille_and_the_soviet_areas_is_refused_before_play():
    """The case that ended Nov/Dec 1939 in "France conquered, Soviet Union conquered": refused at once, naming
    what is missing and the rule (EE 10.1, 10.11)."""
    with pytest.raises(Refused) as refused:
        GAME.setup(options({a: "Axis" for a in AXIS}))
    text = refused.value.message
    assert "France: none of its home resource areas (Marseille, Paris) is Allied-controlled" in text
    assert "Soviet Union" in text and "EE 10.11" in text and "Italy" not in text


def test_set_up_warnings_name_uncontrolled_home_areas():
    sc = msgspec.convert({"control": {**{a: "Axis" for a in AXIS}, **{a: "Allied" for a in ALLIED}}}, Scenario)
    said = warnings(sc, partial_board())
    assert any(w.startswith("France home areas with no control in the set-up: Bordeaux") for w in said)


def test_a_game_set_up_in_play_cannot_begin_with_the_gaps():
    t = Table(msgspec.convert({"board": to_dict(partial_board())}, Options))  # nothing entered yet
    with pytest.raises(Refused) as refused:
        t.do(Advance())
    assert refused.value.rule == "EE 10.1" and "Italy: none of its home resource areas" in refused.value.message


def test_production_that_depends_on_unknown_facts_is_asked_then_counts_as_the_players_read_it():
    """The shipped board does not know the borders of Rome, Piedmont, Paris or Marseille: Italy's and France's
    WERP are neither counted nor dropped; opening their production is refused with the facts (EE 4.12), until
    the players read their map. Then neutral Italy opens with 5 (9.42) and France with 16 (4.14)."""
    t = Table(options({**{a: "Axis" for a in AXIS}, **{a: "Allied" for a in ALLIED}},
                      weather_track={"1939-09": CLEAR}))
    asked = []
    while not (t.state.side == "Allied" and t.state.phase == "operational_move"):
        try:
            t.do(Advance())
        except Refused as refused:
            assert refused.rule == "EE 4.12", refused.message
            nation = next(n for n in ("italy", "france") if n.title() in refused.message)
            asked.append(nation)
            assert "its full list of land borders unknown" in refused.message
            for area, a in t.state.board.areas.items():
                if a.nation == nation and a.home and a.resource:
                    t.do(ReadResourceSupply(nation=nation, area=area, supplied=True, reason="our map"))
    assert asked == ["italy", "france"]
    opened = {e.nation: sum(x.amount for x in e.lines) for e in t.log if isinstance(e, ev.ProductionBegan)}
    assert opened["italy"] == 5 and opened["france"] == 16
    read = [e for e in t.log if type(e).__name__ == "ResourceSupplyRead"]
    assert describe(read[0]) == "The players read their map: Rome traces supply for Italy this turn (our map)."


def test_a_reading_is_refused_where_the_board_decides():
    t = Table(options({**{a: "Axis" for a in AXIS}, **{a: "Allied" for a in ALLIED}},
                      weather_track={"1939-09": CLEAR}))
    t.do(Advance())
    t.do(Advance())  # Axis initial supply
    with pytest.raises(Refused) as refused:
        t.do(ReadResourceSupply(nation="italy", area="paris", supplied=True))
    assert refused.value.rule == "EE 3.1" and "already decides" in refused.value.message


def test_the_production_announcement_is_the_total_after_aid(tmp_path):
    """EE 4.5: Britain announces 24 + the 15 the U.S.A. sent in their phase just before (9.36)."""
    from tests.games.europe_engulfed.test_production import allied_1944, to_production

    t = to_production(allied_1944(), "usa")
    t.do(TransferWerp(receiver="britain", amount=15))
    t.do(Advance())
    said = [describe(e) for e in t.log if isinstance(e, ev.ProductionAnnounced)]
    assert said[-1] == "Great Britain announces 41 WERP for its production, including 15 WERP received (EE 4.5)."


def test_board_amendments_and_calendar_switches_read_in_players_words():
    from assistant.games.europe_engulfed.board.amend import AddBorder, SetArea
    from assistant.games.europe_engulfed.events.board import BoardAmended

    e = BoardAmended(amendments=(SetArea(area="paris", borders_complete=True, ports=("atlantic",)),
                                 AddBorder(a="paris", b="normandy")), reason="")
    assert describe(e) == ("The board now records Paris: port on Atlantic, every border entered; border Paris – "
                           "Normandy, from the players' map.")
    began = ev.TurnBegan(turn=0, label="Sep/Oct 1939", switches=("soviet_dow_check",))
    assert "soviet dow check" not in describe(began)
    assert describe(began).endswith("Soviet war is declared if fewer than 5 German land units are in Poland/East "
                                    "Prussia (EE 9.23a).")


def test_ledgers_are_keyed_by_the_turn_players_name():
    """``state --json`` shows ledgers as "1941-09:germany", the turn's opening month, not an internal index."""
    from tests.games.europe_engulfed.scenarios import game_options, mid_war
    from tests.games.europe_engulfed.test_production import to_production

    t = to_production(Table(game_options(mid_war())), "germany")
    assert "1941-09:germany" in t.state.ledgers and all(k[:4].isdigit() and k[4] == "-" for k in t.state.ledgers)
