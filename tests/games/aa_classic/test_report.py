"""The A&A adapter on a real game: round 1, the USSR attacks Ukraine (5 infantry from the Caucasus, armour and
fighter from Karelia) against Germany's 3 infantry, 2 armour and 1 fighter; seeded dice."""

import json
import random

import pytest

from assistant.games.aa_classic.report.board import profiles
from assistant.families.axis_allies.odds import Battle, battle_odds
from assistant.analysis.reports import build_report, report_command
from assistant.analysis.summaries import turn_summary
from assistant.analysis.teaching import steps
from assistant.application import Assistant
from assistant.decider import ScriptedDice
from assistant.kinds import KindRegistry
from events.store import EventStore

UKRAINE = "Ukraine S.S.R."


@pytest.fixture
def ukraine(tmp_path):
    store = EventStore(tmp_path / "aa.sqlite3")
    app = Assistant(store, KindRegistry())
    gid = app.new_game("aa_classic", {})
    for command in (
        '{"type":"aa.start"}',
        '{"type":"aa.end_step"}',
        '{"type":"aa.move","path":["Caucasus","Ukraine S.S.R."],"units":{"infantry":5}}',
        '{"type":"aa.move","path":["Karelia S.S.R.","Ukraine S.S.R."],"units":{"armour":1}}',
        '{"type":"aa.move","path":["Karelia S.S.R.","Ukraine S.S.R."],"units":{"fighter":1}}',
        '{"type":"aa.end_step"}',
    ):
        app.handle(gid, command)
    rng = random.Random(3)
    for _ in range(60):
        state = app.view(gid).game
        battle = state.battles[UKRAINE]
        if battle.outcome:
            break
        if battle.pending is None:
            app.handle(gid, f'{{"type":"aa.fire","battle":"{UKRAINE}"}}', dice=ScriptedDice([rng.randint(1, 6) for _ in range(20)]))
            continue
        losing = battle.attacker if battle.pending.side == "attacker" else "germany"
        cost = {k: u.cost for k, u in state.world.units.items()}
        ids = sorted(
            (uid for uid, u in state.units.items() if u.space == UKRAINE and u.owner == losing
             and uid not in battle.casualty_line and u.kind != "aa_gun"),
            key=lambda uid: (cost[state.units[uid].kind], uid),
        )[: battle.pending.hits]
        app.handle(gid, json.dumps({"type": "aa.choose_casualties", "battle": UKRAINE, "ids": ids}))
    yield app, gid
    store.close()


def test_battle_table_row_with_odds_before_the_first_roll(ukraine):
    app, gid = ukraine
    report = build_report(app, gid)
    (row,) = report.battles
    assert (row.where, row.attacker, row.defender, row.round) == (UKRAINE, "ussr", "germany", 1)
    assert row.attacking == {"infantry": 5, "armour": 1, "fighter": 1}
    assert row.defending == {"infantry": 3, "armour": 2, "fighter": 1}
    state = app.view(gid).game
    exact = battle_odds(Battle(profiles=profiles(state.world, (), ()), attackers=row.attacking, defenders=row.defending))
    assert row.odds["attacker_wins"] == pytest.approx(exact.attacker_wins)
    assert row.outcome == state.battles[UKRAINE].outcome
    lost = {k: n for side in (row.attacker_losses, row.defender_losses) for k, n in side.items()}
    assert sum(lost.values()) > 0
    assert report.casualties["ussr"] == row.attacker_losses


def test_series_equal_the_game_state_and_dice_go_to_the_firing_power(ukraine):
    app, gid = ukraine
    report = build_report(app, gid)
    state = app.view(gid, at=report.round_ends[-1]).game
    series = {s.metric: s.values for s in report.series}
    assert series["production"]["germany"][-1] == state.production["germany"]
    assert series["treasury"]["ussr"][-1] == state.treasury["ussr"]
    assert series["units"]["germany"][-1] == sum(1 for u in state.units.values() if u.owner == "germany")
    assert series["territories"]["ussr"][-1] == sum(1 for o in state.control.values() if o == "ussr")
    assert {"ussr", "germany"} <= set(report.luck.by_power)
    assert set(report.luck.by_battle) == {UKRAINE}
    assert "<svg" in report_command(app, gid, "html")


def test_summary_and_teaching_of_the_battle(ukraine):
    app, gid = ukraine
    summary = turn_summary(app, gid, 1, "ussr")
    assert summary.startswith("## Axis & Allies (2nd edition) — round 1, the USSR\n")
    assert "**Battles**" in summary and "Dice for the USSR's attack at Ukraine S.S.R. (round 1)" in summary
    hits = [s for s in steps(app, gid) if s.type == "aa.hits_scored"]
    assert hits and all(s.rule == "A&A §6.2" for s in hits)
