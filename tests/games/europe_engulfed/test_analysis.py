"""Europe Engulfed after the game: report (WERP per nation per turn, steps, areas, combat table, casualties, luck),
turn summaries, teaching replay with rule references and a what-if fork, on a game played through the Assistant
with the game's JSON commands and the dice given here.

The game (test board and mid-war set-up of tests/europe_engulfed, Sep/Oct 1941 then Nov/Dec 1941):
Germany buys a 2-step infantry (3) and a Special Action (5) after 3 of naval maintenance; Italy a Special Action
(5, maintenance 2). The German armor (4 steps) enters Smolensk against a 4-step Soviet infantry:

- initial round: Soviet infantry 4 dice at 6: 6 1 2 3 (1 hit); German armor, now 3 steps, 3 dice at 5 (armor vs
  infantry, EE 6.4c): 5 6 1 (2 hits);
- breakthrough assault (a German Special Action, EE 6.71; two dice per step, 6.32): Soviets 2 steps, 4 dice:
  6 6 1 1 (2 hits); the armor, 1 step, 2 dice: 5 2 (1 hit);
- Soviet counterattack (EE 7.7): the armor defends with 1 die at 5: 1; the Soviet step 1 die at 6: 6. The armor is
  eliminated: 4 German armor steps and 3 Soviet infantry steps lost.

Britain: 24 + lend-lease 3 - U-boats 3 = 24 WERP, spends 5 maintenance + 3 (fighter); the USSR: 28 + lend-lease 4
= 32, spends 2 (a 2-step infantry). The Soviet armor retakes Moscow (a resource area). Nov/Dec 1941: Germany 33.
"""

from __future__ import annotations

import json
import re

import msgspec
import pytest

from assistant.analysis.adapters import adapter_for
from assistant.analysis.fork import fork_game, fork_origin
from assistant.analysis.reports import build_report, report_command
from assistant.analysis.summaries import turn_summary
from assistant.analysis.teaching import by_round, rule_book, step_at, steps
from assistant.application import Assistant
from assistant.decider import ScriptedDice
from assistant.games.europe_engulfed.board.loader import to_dict
from assistant.games.europe_engulfed.game import GAME
from assistant.kinds import KindRegistry
from events.base import tag_of
from events.core import AddNote, AddPlayer
from events.store import EventStore
from assistant.games.europe_engulfed.read_models import table
from assistant.games.europe_engulfed.supply.queries import facts_needed
from assistant.games.europe_engulfed.supply.snapshot import situation
from tests.games.europe_engulfed.scenarios import game_options, mid_war
from tests.games.europe_engulfed.table import BOARD

SEP_OCT, NOV_DEC = 13, 14  # report rounds: core.phase_began round = game turn + 1


class Play:
    def __init__(self, app: Assistant, gid: str):
        self.app, self.gid = app, gid

    def do(self, command: dict, *faces: int) -> None:
        self.app.handle(self.gid, json.dumps(command), dice=ScriptedDice(faces))

    def until(self, phase: str, step: str | None = None, **faces: tuple[int, ...]) -> None:
        """Advance until ``phase`` (and ``step``); ``faces["phase:step"]`` are the dice an advance from there rolls."""
        while True:
            s = self.app.view(self.gid).game
            if s.phase == phase and (step is None or s.step == step):
                return
            needed = facts_needed(s.board, situation(s), s.side) if s.phase.endswith("_supply") else {}
            if needed:  # Oslo's borders are not on the test board: the players say its line
                self.do({"type": "ee.record_supply_verdict", "side": s.side, "unit_ids": sorted(needed),
                         "supplied": True, "reason": "the players read the line on their map"})
            self.do({"type": "ee.advance"}, *faces.get(f"{s.phase}:{s.step}", ()))


def smolensk_game(app: Assistant) -> Play:
    p = Play(app, app.new_game("europe_engulfed", game_options(mid_war()) | {"board": to_dict(BOARD)},
                               title="Smolensk 1941"))
    p.until("production", "germany")
    p.do({"type": "ee.buy", "item": "new_unit", "kind": "infantry", "steps": 2, "max_steps": 4, "area": "berlin",
          "unit_id": "g_new1"})
    p.do({"type": "ee.buy", "item": "special_action"})
    p.until("production", "italy")
    p.do({"type": "ee.buy", "item": "special_action"})
    p.until("operational_move")
    p.do({"type": "ee.move", "unit_id": "g_arm1", "path": ["smolensk"]})
    p.until("combat")
    p.do({"type": "ee.fight", "area": "smolensk"}, 6, 1, 2, 3, 5, 6, 1)
    p.until("breakthrough")
    p.do({"type": "ee.buy_breakthrough", "kind": "combat", "nations": ["germany"], "area": "smolensk"})
    p.do({"type": "ee.fight", "area": "smolensk", "round_type": "assault", "nations": ["germany"]}, 6, 6, 1, 1, 5, 2)
    p.do({"type": "ee.counterattack", "nation": "ussr", "area": "smolensk"}, 1, 6)
    p.until("production", "britain", **{"initial_supply:": (3,)})  # lend-lease die
    p.do({"type": "ee.resolve_uboats", "percent": 20, "werp_loss": 3}, 4, 2)
    p.do({"type": "ee.buy", "item": "fighter"})
    p.until("production", "ussr", **{"production:britain": (4,)})
    p.do({"type": "ee.buy", "item": "new_unit", "kind": "infantry", "steps": 2, "max_steps": 4, "area": "gorky",
          "unit_id": "s_new1"})
    p.until("operational_move")
    p.do({"type": "ee.move", "unit_id": "s_arm1", "path": ["moscow"]})
    p.until("weather")
    p.do({"type": "ee.roll_weather"}, 5, 1)
    p.until("production", "germany")
    p.do({"type": "ee.buy", "item": "uboat", "qty": 2})
    return p


@pytest.fixture
def ee(tmp_path):
    store = EventStore(tmp_path / "ee.sqlite3")
    app = Assistant(store, KindRegistry())
    yield smolensk_game(app)
    store.close()


def series(report) -> dict[str, dict[str, list[float]]]:
    return {s.metric: s.values for s in report.series}


def test_werp_per_nation_per_turn(ee):
    report = build_report(ee.app, ee.gid)
    assert report.rounds == [0, SEP_OCT, NOV_DEC]
    assert report.round_labels == {SEP_OCT: "Sep/Oct 1941", NOV_DEC: "Nov/Dec 1941"}
    werp, spent = series(report)["werp"], series(report)["werp_spent"]
    assert werp == {"germany": [0, 35, 33], "italy": [0, 10, 0], "britain": [0, 24, 0], "ussr": [0, 32, 0]}
    assert spent == {"germany": [0, 3 + 3 + 5, 3 + 2], "italy": [0, 7, 0], "britain": [0, 8, 0], "ussr": [0, 2, 0]}
    # the ledger section is the WERP ledger read model, line by line
    view = ee.app.view(ee.gid)
    expected = [(led["turn"] + 1, led["nation"], line["amount"], line["balance"])
                for led in table.ledger(view.game) for line in led["lines"]]
    assert [(r.round, r.who, r.amount, r.balance) for r in report.ledger] == expected
    british = [(r.amount, r.balance) for r in report.ledger if r.who == "britain"]
    assert british == [(24, 24), (3, 27), (-3, 24), (-5, 19), (-3, 16), (-16, 0)]


def test_steps_units_and_areas_are_the_state_at_each_turn_end(ee):
    report = build_report(ee.app, ee.gid)
    by = series(report)
    for i, seq in enumerate(report.round_ends):
        s = ee.app.view(ee.gid, at=seq).game
        for nation in ("germany", "britain", "ussr", "italy"):
            assert by["steps"][nation][i] == sum(u.steps for u in s.units.values() if u.nation == nation)
            assert by["units"][nation][i] == sum(1 for u in s.units.values() if u.nation == nation)
        for side in ("Axis", "Allied"):
            assert by["areas"][side][i] == sum(1 for c in s.control.values() if c == side)
    # +2 German infantry steps, -4 armor steps; the Soviets -3 + 2 new; Moscow goes back to the Allies.
    assert by["steps"]["germany"][:2] == [26, 24] and by["steps"]["ussr"][:2] == [6, 5]
    assert by["resource_areas"]["Axis"][:2] == [12, 11] and by["resource_areas"]["Allied"][:2] == [13, 14]


def test_combat_table_and_casualties_by_side(ee):
    report = build_report(ee.app, ee.gid)
    (row,) = report.battles
    assert (row.round, row.where, row.attacker, row.defender) == (SEP_OCT, "Smolensk", "Axis", "Allied")
    assert row.battle == "Smolensk, Sep/Oct 1941 (Axis)"  # the area's name on the board, not its id
    assert row.attacking == {"Germany armor": 4} and row.defending == {"Soviet Union infantry": 4}
    assert row.attacker_losses == {"Germany armor": 4} and row.defender_losses == {"Soviet Union infantry": 3}
    assert row.outcome == "attacker eliminated"
    assert row.odds == {}  # no odds engine for Europe Engulfed combat (docs/analysis.md)
    assert report.casualties == {"Axis": {"Germany armor": 4}, "Allied": {"Soviet Union infantry": 3}}
    assert report.counts == "steps"


def test_dice_luck_of_engulfed_dice(ee):
    """Hits when the die is at least the number: 6 = 1/6, 5 = 2/6 (EE 6.2)."""
    luck = build_report(ee.app, ee.gid).luck
    rows = [(r.power, r.faces, r.actual, r.expected) for r in luck.rolls]
    assert rows == [
        ("ussr", (6, 1, 2, 3), 1, pytest.approx(4 / 6)),
        ("germany", (5, 6, 1), 2, pytest.approx(3 * 2 / 6)),
        ("ussr", (6, 6, 1, 1), 2, pytest.approx(4 / 6)),
        ("germany", (5, 2), 1, pytest.approx(2 * 2 / 6)),
        ("germany", (1,), 0, pytest.approx(2 / 6)),
        ("ussr", (6,), 1, pytest.approx(1 / 6)),
    ]  # lend-lease, ASW, U-boat and weather dice have no target: no luck
    ussr, germany = luck.by_power["ussr"], luck.by_power["germany"]
    assert (ussr.dice, ussr.actual, germany.dice, germany.actual) == (9, 4, 6, 3)
    assert ussr.expected == pytest.approx(1.5) and ussr.z > 0 and ussr.percentile > 90
    assert set(luck.by_battle) == {"Smolensk, Sep/Oct 1941 (Axis)"}
    assert luck.luckiest[0].faces == (6, 6, 1, 1)  # 2 hits for 0.67 expected
    assert luck.unluckiest[0].power == "germany"


def test_report_formats(ee):
    html = report_command(ee.app, ee.gid, "html")
    assert html.count("<svg") == 6 and "Sep/Oct 1941" in html and "forces (steps)" in html
    # nations by name in the legends and tables, turns by name, never an id
    assert "<text" in html and ">Soviet Union<" in html and ">ussr<" not in html and ">germany<" not in html
    assert "game turn" in html and "Europe Engulfed, game" in html
    md = report_command(ee.app, ee.gid, "md")
    assert ("| Sep/Oct 1941 | Smolensk | Axis | Allied | 4 Germany armor vs 4 Soviet Union infantry | — "
            "| attacker eliminated | Axis: 4 Germany armor / Allied: 3 Soviet Union infantry |") in md
    assert "| Axis | 4 Germany armor |" in md and "| Allied | 3 Soviet Union infantry |" in md
    assert "| Soviet Union | 0 | 32 | 0 |" in md and "| Germany | 0 | 35 | 33 |" in md  # WERP per nation per turn
    assert re.search(r"\| \d+ \| Sep/Oct 1941 \| Great Britain \| WERP \| \+24 \| 24 \| Great Britain base production "
                     r"\(EE 4\.14\) \|", md)  # the event's number: it follows the log
    assert re.search(r"- Event \d+, turn Sep/Oct 1941, Germany in Smolensk, Sep/Oct 1941 \(Axis\) — 0 hits from 1 die for "
                     r"0\.33", md)
    assert "| ussr |" not in md and "| germany |" not in md and "| 7 | 13 |" not in md
    data = msgspec.json.decode(report_command(ee.app, ee.gid, "json"))
    assert data["series"][0]["labels"] == ["set-up", "Sep/Oct 1941", "Nov/Dec 1941"]
    assert data["series"][0]["values"]["ussr"] == [0, 32, 0]  # ids stay the keys, names beside them
    assert data["series"][0]["names"]["ussr"] == data["names"]["ussr"] == "Soviet Union"
    assert data["round_name"] == "turn" and data["game_name"] == "Europe Engulfed"


def test_turn_summary_werp_purchases_combats(ee):
    md = turn_summary(ee.app, ee.gid, SEP_OCT, "Axis")
    assert md.splitlines()[0] == "## Smolensk 1941 — Sep/Oct 1941, Axis"
    for section in ("**WERP**", "**Purchases**", "**Movement**", "**Combats**", "**Dice**"):
        assert section in md
    assert "- Germany announces 35 WERP for its production (EE 4.5)." in md
    assert "- Germany buys 1 Special Action at 5 WERP = 5 for 5 WERP (EE 7.1)." in md
    assert "Counterattack normal combat round in Smolensk: Axis score 0 hits, Allies 1; 1 step lost." in md
    assert "Great Britain buys" not in md and "Soviet Union production" not in md
    allied = turn_summary(ee.app, ee.gid, SEP_OCT, "Allied", fmt="text")
    assert "Strategic warfare:\n  - U-boat war: ASW sinks 5 of 25 U-boats; the attack costs Britain 3 WERP." in allied
    assert "Moscow is now Allied-controlled" in allied


def test_every_europe_engulfed_event_has_a_rule_reference():
    book = rule_book("europe_engulfed", GAME.rule_refs)
    tags = {tag_of(cls) for cls in GAME.events}
    assert tags and tags <= set(book.events), sorted(tags - set(book.events))
    assert all(ref.rule.startswith(("EE ", "Set-up")) and ref.text for ref in book.events.values())


def test_teaching_replay(ee):
    first_round = next(e.seq for e in ee.app.log(ee.gid) if e.type == "ee.combat_round_fought")
    ee.app.handle(ee.gid, AddPlayer(name="coach"), actor="coach")  # a coach at the table: notes only
    ee.app.handle(ee.gid, AddNote(about_seq=first_round, text="an assault round would have doubled the dice",
                                  arrow_from="moscow", arrow_to="smolensk"), actor="coach")
    all_steps = steps(ee.app, ee.gid)
    rounds = [s for s in all_steps if s.type == "ee.combat_round_fought"]
    (note,) = rounds[0].notes
    assert (note.author, note.text, note.arrow_to) == ("coach", "an assault round would have doubled the dice", "smolensk")
    assert "an assault round would have doubled the dice" in report_command(ee.app, ee.gid, "md")
    assert [s.rule for s in rounds] == ["EE 6.2"] * 3
    assert "defender fires" in rounds[0].explanation
    purchase = next(s for s in all_steps if s.type == "ee.purchased")
    assert purchase.rule == "EE 4.43, EE 4.43b"  # the event's own rule, more precise than the book's EE 4.4
    assert purchase.side == "Axis" and purchase.phase == "production" and purchase.round == SEP_OCT
    assert purchase.when == "Sep/Oct 1941"  # the turn as the game names it, not round 13
    assert [s.seq for s in by_round(all_steps)[NOV_DEC]] == [s.seq for s in all_steps if s.round == NOV_DEC]
    step, view = step_at(ee.app, ee.gid, rounds[0].seq)
    assert view.game.units["g_arm1"].steps == 3 and view.game.units["s_inf1"].steps == 2


def test_what_if_fork_of_the_counterattack(ee):
    """What if the Soviets had not counterattacked? Fork before the counterattack and play on without it."""
    counterattack = next(e.seq for e in ee.app.log(ee.gid) if e.type == "ee.special_action_spent"
                         and e.event.purpose == "counterattack")
    fork = fork_game(ee.app, ee.gid, counterattack - 1)
    assert fork_origin(ee.app, fork) == (ee.gid, counterattack - 1)
    what_if = Play(ee.app, fork)
    what_if.until("final_supply")
    report = build_report(ee.app, fork)
    (row,) = report.battles
    assert row.outcome == "contested: both sides remain"
    assert row.attacker_losses == {"Germany armor": 3} and row.defender_losses == {"Soviet Union infantry": 3}
    assert build_report(ee.app, ee.gid).battles[0].outcome == "attacker eliminated"  # the original is unchanged
    assert adapter_for(KindRegistry().get("europe_engulfed").kind).kind == "europe_engulfed"
