"""The log: append, idempotency, conflicts, append-only database, tamper evidence."""

from __future__ import annotations

import sqlite3

import pytest

from assistant.decider import Refused, ScriptedDice
from events.store import Conflict, NewEvent
from tests.toygame.game import Buy


def test_a_command_appends_events_and_the_view_follows(app, toy_game):
    out = app.handle(toy_game, Buy(count=2))
    assert [r.event.count for r in out.events] == [2]
    view = app.view(toy_game)
    assert view.game.treasury["red"] == 6 and view.game.units["red"] == 2
    assert view.clock.round == 1 and view.clock.side == "red" and view.clock.phase == "buy"


def test_same_command_id_twice_writes_nothing_new(app, toy_game):
    first = app.handle(toy_game, Buy(count=1), command_id="tap-1")
    again = app.handle(toy_game, Buy(count=1), command_id="tap-1")
    assert again.duplicate and (again.first_seq, again.last_seq) == (first.first_seq, first.last_seq)
    assert app.view(toy_game).game.units["red"] == 1
    assert app.head(toy_game) == first.last_seq


def test_refusal_names_the_rule_and_writes_nothing(app, toy_game):
    head = app.head(toy_game)
    with pytest.raises(Refused) as err:
        app.handle(toy_game, Buy(count=5))
    assert "Skirmish 1" in err.value.message and "treasury holds 12" in err.value.message
    assert app.head(toy_game) == head


@pytest.mark.parametrize(
    "raw, words",
    [
        ('{"type": "toy.buy"', "not valid JSON"),
        ('{"type": "toy.fly"}', "unknown command type"),
        ('{"type": "toy.buy", "count": "two"}', "the command does not fit: count: a whole number"),
        ('{"count": 1}', "the command does not fit: type is needed"),
    ],
)
def test_bad_command_text_is_refused_clearly(app, toy_game, raw, words):
    head = app.head(toy_game)
    with pytest.raises(Refused) as err:
        app.handle(toy_game, raw)
    assert words in err.value.message
    assert app.head(toy_game) == head


def test_stale_expected_sequence_is_a_conflict_and_writes_nothing(store, app, toy_game):
    head = store.head(toy_game)
    ev = NewEvent("toy.units_bought", 1, b'{"type":"toy.units_bought","side":"red","count":1,"cost":3}')
    with pytest.raises(Conflict):
        store.append(toy_game, head - 1, [ev], actor="x", command_id="c1", recorded_at="t")
    assert store.head(toy_game) == head


def test_database_refuses_update_and_delete(db_path, app, toy_game):
    conn = sqlite3.connect(db_path)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        conn.execute("UPDATE events SET actor='mallory' WHERE seq=1")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        conn.execute("DELETE FROM events")
    conn.close()


def test_verify_names_the_first_tampered_event(db_path, app, toy_game):
    app.handle(toy_game, Buy(count=1))
    app.handle(toy_game, Buy(count=1))
    assert app.verify(toy_game) is None
    conn = sqlite3.connect(db_path)
    conn.execute("DROP TRIGGER events_no_update")  # someone editing the file behind the app's back
    conn.execute("UPDATE events SET payload=replace(payload, '\"count\":1', '\"count\":9') WHERE seq=3")
    conn.commit()
    conn.close()
    assert app.verify(toy_game).seq == 3


def test_envelope_records_actor_clock_and_chain(app, toy_game):
    from events.core import AddPlayer

    app.handle(toy_game, AddPlayer(name="red player", plays=("red",)), actor="red player")
    app.handle(toy_game, Buy(count=1), actor="red player", command_id="abc")
    rows = list(app.store.rows(toy_game))
    last = rows[-1]
    assert last.actor == "red player" and last.command_id == "abc"
    assert last.recorded_at == "2026-11-21T20:00:00.000000Z"
    assert last.prev_hash == rows[-2].hash and last.hash == last.recompute_hash()
    assert rows[0].prev_hash == "0" * 64


def test_assistant_dice_come_from_the_roller_and_are_logged(app, toy_game):
    app.handle(toy_game, Buy(count=3))
    app.handle(toy_game, '{"type": "toy.end_phase"}')
    out = app.handle(toy_game, '{"type": "toy.attack"}', dice=ScriptedDice([1, 5, 2]))
    throw = out.events[0].event
    assert throw.faces == (1, 5, 2) and throw.source == "assistant" and throw.targets == (2, 2, 2)
