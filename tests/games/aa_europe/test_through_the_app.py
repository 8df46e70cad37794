"""The game through the application layer: JSON commands, a real SQLite log, read models, undo, replay, reports."""

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


def _to_baltic_battle(app):
    gid = app.new_game("aa_europe", {"players": 3, "names": ["Ann", "Bob", "Cy"]})
    assert app.definition(gid)["players"][2] == {"name": "Cy", "powers": ["uk", "usa"]}
    do(app, gid, {"type": "aae.end_advance"})
    do(app, gid, {"type": "aae.split_advance", "amounts": {"uk": 12}})
    do(app, gid, {"type": "aae.end_advance"})
    do(app, gid, {"type": "aae.purchase", "units": {"infantry": 2}})
    do(app, gid, {"type": "aae.end_phase"})
    do(app, gid, {"type": "aae.move", "path": ["Poland", "Baltic States"], "units": {"infantry": 3, "artillery": 1}})
    do(app, gid, {"type": "aae.end_phase"})
    return gid


def test_a_battle_through_the_app_with_the_ledger_and_the_report(app):
    from assistant.analysis.reports import build_report

    gid = _to_baltic_battle(app)
    assert "Baltic States" in app.guidance(gid)
    do(app, gid, {"type": "aae.fire", "battle": "Baltic States", "faces": [1, 1, 1, 2]})
    do(app, gid, {"type": "aae.fire", "battle": "Baltic States", "faces": [6, 6, 6]})
    view = app.view(gid)
    assert view.game.controller("Baltic States") == "germany"
    ledger = view.read("ledger").powers
    assert ledger["germany"].income == 41 and ledger["ussr"].income == 23
    assert ledger["germany"].treasury == 12 + 40 - 6
    record = view.read("battles").records[-1]
    assert record.outcome == "attacker_won" and record.odds["attacker_wins"] > 0.5
    from assistant.games.aa_europe.read_models.board import units

    assert units(view.game)["Baltic States"] == {"germany": {"infantry": 3, "artillery": 1}}
    (row,) = build_report(app, gid).battles
    assert row.attacking == {"infantry": 3, "artillery": 1} and row.outcome == "attacker_won"
    assert app.verify(gid) is None


def test_undo_stops_at_dice(app):
    gid = _to_baltic_battle(app)
    do(app, gid, {"type": "aae.fire", "battle": "Baltic States", "faces": [6, 6, 6, 6]})
    with pytest.raises(Exception, match="dice"):
        do(app, gid, {"type": "core.undo"})


def test_refusal_changes_nothing_and_names_the_rule(app):
    gid = _to_baltic_battle(app)
    head = len(app.log(gid))
    with pytest.raises(Exception, match=r"A&A Europe §"):
        do(app, gid, {"type": "aae.purchase", "units": {"infantry": 1}})
    assert len(app.log(gid)) == head


def test_teaching_replay_cites_the_rulebook(app):
    from assistant.analysis.teaching import steps

    gid = _to_baltic_battle(app)
    rules = {s.type: s.rule for s in steps(app, gid)}
    assert rules["aae.battle_joined"].startswith("A&A Europe §Mouvement d'assaut")
    assert rules["aae.advance_granted"].startswith("A&A Europe §Avance spéciale")


def test_a_corrected_throw_is_recounted_while_its_hits_wait(app):
    gid = _to_baltic_battle(app)
    # Two of the Soviet defenders are alike: make the choice wait by adding a different unit first.
    app.handle(gid, json.dumps({"type": "aae.edit", "reason": "a tank the table forgot",
                                "add": [{"space": "Baltic States", "power": "ussr", "kind": "armour"}]}))
    out = do(app, gid, {"type": "aae.fire", "battle": "Baltic States", "faces": [1, 6, 6, 6]})
    dice_seq = next(r.seq for r in out.events if r.event.__struct_config__.tag == "core.dice_rolled")
    assert app.view(gid).game.battles["Baltic States"].pending.hits == 1
    app.handle(gid, json.dumps({"type": "core.correct_dice", "dice_seq": dice_seq, "faces": [1, 1, 6, 6],
                                "reason": "typo"}))
    assert app.view(gid).game.battles["Baltic States"].pending.hits == 2
    app.handle(gid, json.dumps({"type": "core.correct_dice", "dice_seq": dice_seq, "faces": [6, 6, 6, 6],
                                "reason": "typo"}))
    battle = app.view(gid).game.battles["Baltic States"]
    assert battle.pending is None and "defence" in app.guidance(gid)
    assert app.verify(gid) is None


def test_a_correction_after_the_choice_is_outstanding(app):
    gid = _to_baltic_battle(app)
    out = do(app, gid, {"type": "aae.fire", "battle": "Baltic States", "faces": [1, 6, 6, 6]})  # taken at once
    dice_seq = next(r.seq for r in out.events if r.event.__struct_config__.tag == "core.dice_rolled")
    out = app.handle(gid, json.dumps({"type": "core.correct_dice", "dice_seq": dice_seq, "faces": [6, 6, 6, 6],
                                      "reason": "typo"}))
    assert any(r.event.__struct_config__.tag == "aae.correction_outstanding" for r in out.events)


def test_a_throw_is_corrected_by_the_name_the_table_offers(app):
    gid = _to_baltic_battle(app)
    app.handle(gid, json.dumps({"type": "aae.edit", "reason": "a tank the table forgot",
                                "add": [{"space": "Baltic States", "power": "ussr", "kind": "armour"}]}))
    do(app, gid, {"type": "aae.fire", "battle": "Baltic States", "faces": [1, 6, 6, 6]})
    (offer,) = [p for p in app.moves(gid) if p.tag == "core.correct_dice"]
    assert offer.choices == {"throw": ("Germany's attack at Baltic States (round 1): 1 6 6 6",)}
    app.handle(gid, json.dumps({"type": "core.correct_dice", "throw": offer.choices["throw"][0],
                                "faces": [1, 1, 6, 6], "reason": "typo"}))
    assert app.view(gid).game.battles["Baltic States"].pending.hits == 2
    app.handle(gid, json.dumps({"type": "core.correct_dice", "throw": "the last throw", "faces": [6, 6, 6, 6],
                                "reason": "typo"}))
    assert app.view(gid).game.battles["Baltic States"].pending is None
    assert app.verify(gid) is None
