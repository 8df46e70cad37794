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


# ---------------------------------------------------------------- a place fought over again is a battle of its own


def _handle(app, gid, command: dict, *dice: int) -> None:
    app.handle(gid, json.dumps(command), dice=ScriptedDice(list(dice)) if dice else None)


@pytest.fixture
def ukraine_twice(tmp_path):
    """Round 1: the USSR takes Ukraine (5 infantry and 1 armour against 3 infantry, 2 armour and 1 fighter; its
    six 1s hit everything, Germany's one 1 takes an infantry); in its own turn Germany attacks Ukraine back with
    1 armour and 2 infantry from Eastern Europe, misses three times and loses all three to the USSR's three 1s."""
    store = EventStore(tmp_path / "aa.sqlite3")
    app = Assistant(store, KindRegistry())
    gid = app.new_game("aa_classic", {})
    _handle(app, gid, {"type": "aa.start"})
    _handle(app, gid, {"type": "aa.end_step"})
    _handle(app, gid, {"type": "aa.move", "path": ["Caucasus", UKRAINE], "units": {"infantry": 5}})
    _handle(app, gid, {"type": "aa.move", "path": ["Karelia S.S.R.", UKRAINE], "units": {"armour": 1}})
    _handle(app, gid, {"type": "aa.end_step"})
    _handle(app, gid, {"type": "aa.fire", "battle": UKRAINE}, 1, 1, 1, 1, 1, 1)
    _handle(app, gid, {"type": "aa.fire", "battle": UKRAINE}, 1, 6, 6, 6, 6, 6)
    state = app.view(gid).game
    infantry = min(i for i, u in state.units.items() if (u.space, u.owner, u.kind) == (UKRAINE, "ussr", "infantry"))
    _handle(app, gid, {"type": "aa.choose_casualties", "battle": UKRAINE, "ids": [infantry]})
    assert app.view(gid).game.battles[UKRAINE].outcome == "attacker_won"
    while (state := app.view(gid).game).power != "germany" or state.step != "combat_move":
        _handle(app, gid, {"type": "aa.end_step", "override": "not needed here"}
                if state.step in ("noncombat_move", "placement") else {"type": "aa.end_step"})
    _handle(app, gid, {"type": "aa.move", "path": ["Eastern Europe", UKRAINE], "units": {"armour": 1, "infantry": 2}})
    _handle(app, gid, {"type": "aa.end_step"})
    _handle(app, gid, {"type": "aa.fire", "battle": UKRAINE}, 6, 6, 6)
    _handle(app, gid, {"type": "aa.fire", "battle": UKRAINE}, 1, 1, 1, 6, 6)
    assert app.view(gid).game.battles[UKRAINE].outcome == "defender_held"
    yield app, gid
    store.close()


def test_a_place_fought_over_again_is_a_row_of_its_own(ukraine_twice):
    """Each battle at Ukraine has its own forces, odds, losses and outcome, named with its turn as the per-battle
    luck table names it (before: one row, the USSR's forces and odds, "defender held", and the USSR "losing"
    Germany's armour and infantry)."""
    app, gid = ukraine_twice
    report = build_report(app, gid)
    first, second = report.battles
    assert (first.where, first.attacker, first.defender) == (f"{UKRAINE} (round 1, USSR)", "ussr", "germany")
    assert first.round == 1
    assert first.attacking == {"infantry": 5, "armour": 1}
    assert first.defending == {"infantry": 3, "armour": 2, "fighter": 1}
    assert first.outcome == "attacker_won"
    assert first.attacker_losses == {"infantry": 1}
    assert first.defender_losses == {"infantry": 3, "armour": 2, "fighter": 1}
    assert (second.where, second.attacker, second.defender) == (f"{UKRAINE} (round 1, Germany)", "germany", "ussr")
    assert second.round == 1
    assert second.attacking == {"armour": 1, "infantry": 2}
    assert second.defending == {"armour": 1, "infantry": 4}
    assert second.outcome == "defender_held"
    assert second.attacker_losses == {"armour": 1, "infantry": 2} and second.defender_losses == {}
    # each row's odds are those recorded before its own first die, and the exact odds of its own forces
    recorded = [e.event for e in app.log(gid) if e.type == "aa.battle_odds_recorded"]
    world = app.view(gid).game.world
    for row, kept in zip(report.battles, recorded, strict=True):
        assert row.odds["attacker_wins"] == kept.attacker_wins
        exact = battle_odds(Battle(profiles=profiles(world, (), ()), attackers=row.attacking, defenders=row.defending))
        assert (row.odds["attacker_wins"], row.odds["defender_wins"], row.odds["draw"]) == pytest.approx(
            (exact.attacker_wins, exact.defender_wins, exact.draw))
    assert report.casualties == {"ussr": {"infantry": 1}, "germany": {"infantry": 5, "armour": 3, "fighter": 1}}
    # the luck table names the same battles: 6 attack dice (5 at 1, 1 at 3) and 6 defence dice (5 at 2, 1 at 4),
    # then 3 attack dice (3, 1, 1) and 5 defence dice at 2
    luck = report.luck.by_battle
    assert list(luck) == [first.where, second.where]
    assert (luck[first.where].dice, luck[first.where].actual) == (12, 7)
    assert luck[first.where].expected == pytest.approx(5 / 6 + 3 / 6 + 10 / 6 + 4 / 6)
    assert (luck[second.where].dice, luck[second.where].actual) == (8, 3)
    assert luck[second.where].expected == pytest.approx(5 / 6 + 10 / 6)
    md = report_command(app, gid, "md")
    assert (f"| 1 | {UKRAINE} (round 1, Germany) | Germany | USSR | 1 armour, 2 infantry vs 1 armour, 4 infantry | "
            "4% / 95% / 1% | defender held | Germany: 2 infantry, 1 armour / USSR: none |") in md


def test_seeded_bench_game_has_a_row_per_battle_fought(tmp_path):
    """The A&A random legal player's seed-0 game (3 rounds): Manchuria, Ukraine and Karelia are fought over in
    several turns. Every battle ended in the log is a row; no row loses more of a kind than it brought; the rows'
    names are the per-battle luck table's names."""
    from collections import Counter

    from assistant.games.aa_classic.analysis_bench import aa_game

    app, gid = aa_game(tmp_path / "aa.sqlite3", rounds=3)
    try:
        report = build_report(app, gid)
        log = [e for e in app.log(gid) if not e.cancelled]
    finally:
        app.store.close()
    ended = Counter((e.event.battle, e.event.outcome) for e in log if e.type == "aa.battle_ended")
    assert Counter((b.where.split(" (round")[0], b.outcome) for b in report.battles) == ended
    names = [b.where for b in report.battles]
    assert len(set(names)) == len(names) and set(names) == set(report.luck.by_battle)
    manchuria = [b for b in report.battles if b.where.startswith("Manchuria")]
    assert len(manchuria) > 1 and all(b.where.startswith("Manchuria (round ") for b in manchuria)
    for b in report.battles:
        for lost, force in ((b.attacker_losses, b.attacking), (b.defender_losses, b.defending)):
            assert all(n <= force.get(kind, 0) for kind, n in lost.items()), (b.where, lost, force)
    chosen = sum(len(e.event.units) + len(e.event.cargo) for e in log if e.type == "aa.casualties_chosen")
    lost = sum(n for b in report.battles for side in (b.attacker_losses, b.defender_losses) for n in side.values())
    assert lost == chosen
