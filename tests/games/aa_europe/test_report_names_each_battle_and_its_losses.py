"""The A&A Europe report: each battle is named as players can tell it apart (the same place fought over by Germany,
then by the Soviet Union, in one round), its losses are units by kind, and every battle throw's luck goes to its
battle and to the power that fired it (not one row per throw under the throw's internal key)."""

from __future__ import annotations

import json

import pytest

from assistant.analysis.reports import build_report, report_command
from assistant.application import Assistant
from assistant.decider import ScriptedDice
from assistant.families.axis_allies.odds import Battle, battle_odds
from assistant.games.aa_europe.odds import RULES, profiles
from assistant.kinds import KindRegistry
from events.store import EventStore

BALTIC = "Baltic States"


def do(app, gid, command: dict, faces=()) -> None:
    app.handle(gid, json.dumps(command), dice=ScriptedDice(list(faces)))


def germany_attacks_the_baltic_states(app) -> str:
    """Round 1: Germany attacks the Baltic States from Poland (3 infantry, 1 artillery) and throws four 1s."""
    gid = app.new_game("aa_europe", {})
    for command in ({"type": "aae.end_advance"}, {"type": "aae.split_advance", "amounts": {"ussr": 12}},
                    {"type": "aae.end_advance"}, {"type": "aae.end_phase"},
                    {"type": "aae.move", "path": ["Poland", BALTIC], "units": {"infantry": 3, "artillery": 1}},
                    {"type": "aae.end_phase"}):
        do(app, gid, command)
    do(app, gid, {"type": "aae.fire", "battle": BALTIC, "faces": [1, 1, 1, 1]})
    return gid


@pytest.fixture
def baltic_twice(tmp_path):
    """Round 1: Germany attacks the Baltic States from Poland (3 infantry, 1 artillery against 3 Soviet infantry):
    four 1s, then the Soviet 1, 6, 6 takes an infantry; Germany wins. The Soviet Union attacks back from
    Belorussia (4 infantry, 1 artillery against 2 infantry, 1 artillery): five 1s, and Germany's 6, 6, 6."""
    store = EventStore(tmp_path / "aae.sqlite3")
    app = Assistant(store, KindRegistry())
    gid = germany_attacks_the_baltic_states(app)
    do(app, gid, {"type": "aae.fire", "battle": BALTIC, "faces": [1, 6, 6]})
    do(app, gid, {"type": "aae.choose_casualties", "battle": BALTIC, "units": {"infantry": 1}})
    assert app.view(gid).game.battles[BALTIC].outcome == "attacker_won"
    while (app.view(gid).game.power, app.view(gid).game.phase) != ("ussr", "combat_move"):
        do(app, gid, {"type": "aae.end_phase"})
    do(app, gid, {"type": "aae.move", "path": ["Belorussia", BALTIC], "units": {"infantry": 4, "artillery": 1}})
    do(app, gid, {"type": "aae.end_phase"})
    do(app, gid, {"type": "aae.fire", "battle": BALTIC, "faces": [1, 1, 1, 1, 1]})
    do(app, gid, {"type": "aae.fire", "battle": BALTIC, "faces": [6, 6, 6]})
    assert app.view(gid).game.battles[BALTIC].outcome == "attacker_won"
    yield app, gid
    store.close()


def test_each_battle_is_named_with_its_turn_and_its_losses_are_units_by_kind(baltic_twice):
    app, gid = baltic_twice
    report = build_report(app, gid)
    german, soviet = report.battles
    assert (german.where, german.attacker, german.defender) == (f"{BALTIC} (round 1, Germany)", "germany", "ussr")
    assert german.attacking == {"infantry": 3, "artillery": 1} and german.defending == {"infantry": 3}
    assert german.outcome == "attacker_won"
    assert german.attacker_losses == {"infantry": 1} and german.defender_losses == {"infantry": 3}
    assert (soviet.where, soviet.attacker, soviet.defender) == (f"{BALTIC} (round 1, Soviet Union)", "ussr", "germany")
    assert soviet.attacking == {"infantry": 4, "artillery": 1} and soviet.defending == {"infantry": 2, "artillery": 1}
    assert soviet.outcome == "attacker_won"
    assert soviet.attacker_losses == {} and soviet.defender_losses == {"infantry": 2, "artillery": 1}
    assert report.casualties == {"germany": {"infantry": 3, "artillery": 1}, "ussr": {"infantry": 3}}
    # the odds are each battle's own, recorded before its first die: the exact odds of its forces
    world = app.view(gid).game.world
    for row in report.battles:
        exact = battle_odds(Battle(profiles=profiles(world), attackers=row.attacking, defenders=row.defending,
                                   rules=RULES))
        assert (row.odds["attacker_wins"], row.odds["defender_wins"], row.odds["draw"]) == pytest.approx(
            (exact.attacker_wins, exact.defender_wins, exact.draw))
    md = report_command(app, gid, "md")
    assert "units |" not in md.split("## Dice luck")[0]  # no "1 units" left
    assert (f"| 1 | {BALTIC} (round 1, Soviet Union) | Soviet Union | Germany | 4 infantry, 1 artillery vs "
            "2 infantry, 1 artillery | 87% / 12% / 2% | attacker won | Soviet Union: none / "
            "Germany: 2 infantry, 1 artillery |") in md


def test_battle_throws_go_to_their_battle_and_to_the_power_that_fired(baltic_twice):
    app, gid = baltic_twice
    report = build_report(app, gid)
    luck = report.luck
    assert list(luck.by_battle) == [b.where for b in report.battles]
    assert not any(name.startswith("battle:") for name in luck.by_battle)
    german, soviet = (luck.by_battle[b.where] for b in report.battles)
    # Germany: 1 infantry supported by the artillery and the artillery at 2, 2 infantry at 1; Soviet defence 3 at 2
    assert (german.dice, german.actual) == (7, 5)
    assert german.expected == pytest.approx(2 / 6 + 2 / 6 + 1 / 6 + 1 / 6 + 3 * 2 / 6)
    # the Soviet Union: 1 supported infantry and the artillery at 2, 3 infantry at 1; German defence 3 at 2
    assert (soviet.dice, soviet.actual) == (8, 5)
    assert soviet.expected == pytest.approx(2 / 6 + 2 / 6 + 3 * 1 / 6 + 3 * 2 / 6)
    fired = [(r.power, r.battle, len(r.faces), r.actual) for r in luck.rolls]
    assert fired == [
        ("germany", german_name := f"{BALTIC} (round 1, Germany)", 4, 4), ("ussr", german_name, 3, 1),
        ("ussr", soviet_name := f"{BALTIC} (round 1, Soviet Union)", 5, 5), ("germany", soviet_name, 3, 0),
    ]
    assert (luck.by_power["germany"].dice, luck.by_power["ussr"].dice) == (7, 8)


def test_a_place_fought_over_once_keeps_its_plain_name(tmp_path):
    store = EventStore(tmp_path / "aae.sqlite3")
    app = Assistant(store, KindRegistry())
    gid = germany_attacks_the_baltic_states(app)
    do(app, gid, {"type": "aae.fire", "battle": BALTIC, "faces": [6, 6, 6]})
    report = build_report(app, gid)
    store.close()
    (row,) = report.battles
    assert row.where == BALTIC and row.defender_losses == {"infantry": 3} and row.attacker_losses == {}
    assert list(report.luck.by_battle) == [BALTIC]
