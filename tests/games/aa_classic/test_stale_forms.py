"""Dice, casualties and decisions prepared on one device are never booked against the moment another device
moved the table to: each names the log position and the throw or decision it answers."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from assistant import cli
from assistant.application import Assistant, Expected, Stale
from assistant.decider import Refused
from assistant.games.aa_classic import commands as c
from assistant.kinds import KindRegistry
from events.store import EventStore
from tests.games.aa_classic.table import FINLAND, ussr_attacks_finland

BATTLE = FINLAND


@pytest.fixture
def app(db_path):
    store = EventStore(db_path)
    yield Assistant(store, KindRegistry(), clock=lambda: datetime(2026, 11, 21, tzinfo=timezone.utc))
    store.close()


def fire(faces) -> str:
    return json.dumps({"type": "aa.fire", "battle": BATTLE, "faces": list(faces)})


def test_dice_typed_for_the_attack_are_not_booked_as_the_defence(app):
    gid = ussr_attacks_finland(app)
    at = app.position(gid)
    attack = app.answers(gid, c.Fire, {"battle": BATTLE})
    assert attack == "the USSR's attack at Finland-Norway (round 1), the USSR's turn of round 1"
    # The desk enters the attack and the casualties; the table now waits for Germany's defence.
    app.handle(gid, fire([1, 1, 3]), expect=Expected(at, attack))
    app.handle(gid, json.dumps({"type": "aa.choose_casualties", "battle": BATTLE, "units": {"infantry": 3}}))
    head = app.head(gid)
    # The phone's form for the attack arrives late: refused, naming the throw, and nothing is written.
    with pytest.raises(Stale) as refused:
        app.handle(gid, fire([1, 1, 1]), expect=Expected(at, attack))
    message = refused.value.message
    assert message.startswith("This form was for the USSR's attack at Finland-Norway (round 1)")
    assert "already entered on another device (event" in message and "1 1 3" in message
    assert "Nothing was booked." in message
    assert app.head(gid) == head
    assert app.view(gid).game.battles[BATTLE].outcome == ""


def test_the_same_throw_answered_twice_is_refused_even_with_the_position_left_out(app):
    gid = ussr_attacks_finland(app)
    attack = app.answers(gid, c.Fire, {"battle": BATTLE})
    app.handle(gid, fire([6, 6, 6]))  # no hit: Germany's defence is next
    assert app.answers(gid, c.Fire, {"battle": BATTLE}).startswith("Germany's defence at Finland-Norway")
    with pytest.raises(Stale, match="the table now asks for Germany's defence"):
        app.handle(gid, fire([1, 1, 1]), expect=Expected(app.head(gid), attack))


def test_a_casualty_choice_names_the_hits_it_answers(app):
    gid = ussr_attacks_finland(app)
    app.handle(gid, fire([1, 6, 6]))
    choice = app.answers(gid, c.ChooseCasualties, {"battle": BATTLE})
    assert choice == "the defender's 1 casualty from the attack at Finland-Norway (round 1), the USSR's turn of round 1"
    at = app.position(gid)
    app.handle(gid, json.dumps({"type": "aa.choose_casualties", "battle": BATTLE, "units": {"infantry": 1}}),
               expect=Expected(at, choice))
    with pytest.raises(Stale):
        app.handle(gid, json.dumps({"type": "aa.choose_casualties", "battle": BATTLE, "units": {"infantry": 1}}),
                   expect=Expected(at, choice))


def test_a_position_the_log_has_not_reached_is_refused(app):
    gid = ussr_attacks_finland(app)
    with pytest.raises(Refused, match="event 99 is not in this game's log"):
        app.handle(gid, fire([1, 1, 3]), expect=Expected(99))


def test_the_command_line_refuses_a_stale_command_given_its_expected_position(app, db_path, capsys):
    gid = ussr_attacks_finland(app)
    at = app.position(gid)
    assert cli.main(["--db", str(db_path), "do", gid, fire([1, 1, 3]), "--expect-seq", str(at)]) == 0
    capsys.readouterr()
    head = app.head(gid)
    assert cli.main(["--db", str(db_path), "do", gid, fire([1, 1, 1]), "--expect-seq", str(at)]) == cli.EXIT_REFUSED
    err = capsys.readouterr().err
    assert err.startswith("refused: Dice were entered on another device since this form was shown (event")
    assert cli.main(["--db", str(db_path), "--json", "do", gid, fire([1, 1, 1]), "--expect-seq", str(at)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["stale"] is True and out["rule"] is None and "Nothing was booked." in out["refused"]
    assert app.head(gid) == head
    # `tabletop moves --json` gives the position to send back.
    assert cli.main(["--db", str(db_path), "--json", "moves", gid]) == 0
    assert {row["at"] for row in json.loads(capsys.readouterr().out)} == {head}
