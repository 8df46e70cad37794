"""The game through the application layer: JSON commands, the log, read models, dice corrections, replay."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from assistant.application import Assistant
from assistant.decider import ScriptedDice
from assistant.kinds import KindRegistry
from events.store import EventStore


@pytest.fixture
def app(tmp_path):
    store = EventStore(tmp_path / "games.sqlite3")
    yield Assistant(store, KindRegistry(), clock=lambda: datetime(2026, 11, 21, tzinfo=timezone.utc))
    store.close()


def do(app, gid, command: dict, dice=()):
    return app.handle(gid, json.dumps(command), dice=ScriptedDice(dice))


def _to_sudan_battle(app):
    gid = app.new_game("aa_classic", {"players": 3, "names": ["Ann", "Bob", "Cy"]})
    assert app.definition(gid)["players"][1] == {"name": "Bob", "powers": ["germany"]}
    do(app, gid, {"type": "aa.start"})
    for _ in range(6):
        do(app, gid, {"type": "aa.end_step"})
    do(app, gid, {"type": "aa.purchase", "units": {"infantry": 1}})
    do(app, gid, {"type": "aa.end_step"})
    do(app, gid, {"type": "aa.move", "path": ["Libya", "Anglo-Egyptian Sudan"], "units": {"infantry": 1, "armour": 1}})
    do(app, gid, {"type": "aa.end_step"})
    assert "Anglo-Egyptian Sudan, round 1: Germany rolls attack" in app.guidance(gid)
    return gid


def test_corrected_physical_throw_recounts_the_hits(app):
    gid = _to_sudan_battle(app)
    out = do(app, gid, {"type": "aa.fire", "battle": "Anglo-Egyptian Sudan", "faces": [4, 2]})
    dice_seq = next(r.seq for r in out.events if r.event.__struct_config__.tag == "core.dice_rolled")
    assert app.view(gid).game.battles["Anglo-Egyptian Sudan"].pending.hits == 1
    # The tank's die was a 6, not a 2: no hit, so no casualty, and the UK fires back.
    app.handle(gid, json.dumps({"type": "core.correct_dice", "dice_seq": dice_seq, "faces": [4, 6], "reason": "typo"}))
    battle = app.view(gid).game.battles["Anglo-Egyptian Sudan"]
    assert battle.pending is None and battle.casualty_line == ()
    assert "the UK rolls defence" in app.guidance(gid)


def test_sudan_battle_through_the_app_with_ledger(app):
    gid = _to_sudan_battle(app)
    do(app, gid, {"type": "aa.fire", "battle": "Anglo-Egyptian Sudan", "faces": [4, 2]})
    do(app, gid, {"type": "aa.choose_casualties", "battle": "Anglo-Egyptian Sudan", "units": {"infantry": 1}})
    do(app, gid, {"type": "aa.fire", "battle": "Anglo-Egyptian Sudan", "faces": [4, 5]})
    do(app, gid, {"type": "aa.fire", "battle": "Anglo-Egyptian Sudan", "faces": [1, 6]})
    do(app, gid, {"type": "aa.fire", "battle": "Anglo-Egyptian Sudan", "faces": [2]})
    out = do(app, gid, {"type": "aa.choose_casualties", "battle": "Anglo-Egyptian Sudan", "units": {"infantry": 1}})
    capture_seq = next(r.seq for r in out.events if r.event.__struct_config__.tag == "aa.territory_captured")
    view = app.view(gid)
    ledger = view.read("ledger")
    assert ledger.powers["germany"].production == 34 and ledger.powers["uk"].production == 28
    assert ledger.powers["germany"].entries[-1].seq == capture_seq
    assert ledger.powers["germany"].treasury == 32 - 3
    battles = view.read("battles")
    record = next(iter(battles.records.values()))
    assert record.outcome == "attacker_won" and [t.hits for t in record.throws] == [1, 0, 1, 1]
    board = view.read("board")
    assert board.units(view.game)["Anglo-Egyptian Sudan"] == {"germany": {"armour": 1}}
    assert board.control(view.game)["Anglo-Egyptian Sudan"] == "germany"
    assert board.complex_status(view.game, "Germany") == "original"
    assert view.read("victory").capitals["Russia"] == "ussr"
    assert view.clock.side == "germany" and view.clock.phase == "combat"
    # Replaying from scratch gives the same state.
    assert app.verify(gid) is None


def test_battle_table_reads_the_odds_recorded_in_the_log(app):
    from assistant.analysis.reports import build_report

    gid = _to_sudan_battle(app)
    do(app, gid, {"type": "aa.fire", "battle": "Anglo-Egyptian Sudan", "faces": [4, 2]})
    recorded = next(e.event for e in app.log(gid) if e.type == "aa.battle_odds_recorded")
    (row,) = build_report(app, gid).battles
    assert row.odds["attacker_wins"] == recorded.attacker_wins
    assert row.odds["expected_rounds"] == recorded.expected_rounds  # only the recorded odds carry it
    assert row.attacking == recorded.attacking and row.defender == "uk"


def test_correcting_a_throw_after_the_choice_through_the_app(app):
    gid = _to_sudan_battle(app)
    out = do(app, gid, {"type": "aa.fire", "battle": "Anglo-Egyptian Sudan", "faces": [4, 2]})
    dice_seq = next(r.seq for r in out.events if r.event.__struct_config__.tag == "core.dice_rolled")
    do(app, gid, {"type": "aa.choose_casualties", "battle": "Anglo-Egyptian Sudan", "units": {"armour": 1}})
    app.handle(gid, json.dumps({"type": "core.correct_dice", "dice_seq": dice_seq, "faces": [1, 2], "reason": "typo"}))
    battle = app.view(gid).game.battles["Anglo-Egyptian Sudan"]
    assert len(battle.casualty_line) == 2  # the UK infantry joins its tank behind the line
    assert app.verify(gid) is None

