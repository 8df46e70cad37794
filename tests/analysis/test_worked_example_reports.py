"""Reports of the rulebook's worked examples: the Annex I Japanese turn and the Libya -> Anglo-Egyptian Sudan battle,
played through the Assistant (SQLite log) by the A&A worked-example tests themselves, then reported as HTML,
Markdown and JSON and checked against the game's read models and the numbers the rulebook gives."""

from __future__ import annotations

import msgspec
import pytest

import tests.games.aa_classic.test_worked_examples as worked
from assistant.analysis.reports import build_report, report_command
from assistant.application import Assistant
from assistant.decider import ScriptedDice
from assistant.kinds import KindRegistry
from events.store import EventStore
from tests.games.aa_classic.table import Table

SUDAN = "Anglo-Egyptian Sudan"


class AppTable(Table):
    """The worked examples' table, but every command goes through ``Assistant.handle`` into a stored log."""

    def __init__(self, app: Assistant, **options):
        self.app = app
        self.gid = app.new_game("aa_classic", options, title="Rulebook example")
        self.log = []

    @property
    def state(self):
        return self.app.view(self.gid).game

    def do(self, command, *dice: int) -> list:
        events = [r.event for r in self.app.handle(self.gid, command, dice=ScriptedDice(dice)).events]
        self.log.extend(events)
        return events


@pytest.fixture
def played(tmp_path, monkeypatch):
    """Run a worked-example test with its Table replaced by the application-backed one; returns (app, game id)."""
    store = EventStore(tmp_path / "examples.sqlite3")
    app = Assistant(store, KindRegistry())
    tables: list[AppTable] = []

    def table(**options):
        tables.append(AppTable(app, **options))
        return tables[-1]

    monkeypatch.setattr(worked, "Table", table)

    def play(example) -> tuple[Assistant, str]:
        example()  # the example's own assertions run against the stored game
        (t,) = tables
        return app, t.gid

    yield play
    store.close()


def ledger_of(report, who: str, account: str) -> list[int]:
    return [line.balance for line in report.ledger if line.who == who and line.account == account]


def assert_series_are_the_ledger_projection(app, gid, report) -> None:
    by_metric = {s.metric: s.values for s in report.series}
    for i, seq in enumerate(report.round_ends):
        powers = app.view(gid, at=seq).read("ledger").powers
        for power, account in powers.items():
            assert by_metric["production"][power][i] == account.production
            assert by_metric["treasury"][power][i] == account.treasury
    head = app.view(gid).read("ledger").powers
    for power, account in head.items():
        assert ledger_of(report, power, "treasury")[-1] == account.treasury
        assert ledger_of(report, power, "production") == [e.balance for e in account.entries if e.account == "production"]


def test_libya_battle_report(played):
    """Germany 28 -> 30 and the UK 30 -> 28 production; one battle, Germany attacking with 1 infantry and 1 tank
    against 1 British infantry and 1 tank; the rulebook's dice: 4 2 / 4 5 / 1 6 / 2."""
    app, gid = played(worked.test_libya_attacks_anglo_egyptian_sudan)
    report = build_report(app, gid)
    assert_series_are_the_ledger_projection(app, gid, report)
    assert ledger_of(report, "germany", "production") == [28, 30]
    assert ledger_of(report, "uk", "production") == [28]
    uk_start = next(s for s in report.series if s.metric == "production").values["uk"][0]
    assert uk_start == 30
    (row,) = report.battles
    assert (row.round, row.where, row.attacker, row.defender) == (1, SUDAN, "germany", "uk")
    assert row.attacking == {"infantry": 1, "armour": 1} and row.defending == {"infantry": 1, "armour": 1}
    assert row.outcome == "attacker_won"
    assert row.attacker_losses == {"infantry": 1} and row.defender_losses == {"infantry": 1, "armour": 1}
    assert 0 < row.odds["attacker_wins"] < 1
    assert report.casualties == {"germany": {"infantry": 1}, "uk": {"infantry": 1, "armour": 1}}
    # Dice luck, roll by roll: German 1 and 3 to hit (infantry, tank), British 2 and 2 (infantry, tank).
    rolls = [(r.power, r.faces, r.actual, round(r.expected, 4)) for r in report.luck.rolls]
    assert rolls == [
        ("germany", (4, 2), 1, round(1 / 6 + 3 / 6, 4)),
        ("uk", (4, 5), 0, round(2 / 6 + 2 / 6, 4)),
        ("germany", (1, 6), 1, round(1 / 6 + 3 / 6, 4)),
        ("uk", (2,), 1, round(2 / 6, 4)),
    ]
    germany, uk = report.luck.by_power["germany"], report.luck.by_power["uk"]
    assert (germany.dice, germany.actual, uk.dice, uk.actual) == (4, 2, 3, 1)
    assert germany.expected == pytest.approx(4 / 3) and uk.expected == pytest.approx(1.0)
    assert report.luck.by_battle[SUDAN].actual == 3


def test_annex_i_japanese_turn_report(played):
    """Japan 22 -> 25 (Manchuria retaken); three battles: Hawaiian Waters, Midway, Manchuria."""
    app, gid = played(worked.test_annex_i_japanese_turn)
    report = build_report(app, gid)
    assert_series_are_the_ledger_projection(app, gid, report)
    assert ledger_of(report, "japan", "production") == [22, 25]
    assert ledger_of(report, "ussr", "production")[-1] == next(
        s for s in report.series if s.metric == "production").values["ussr"][-1]
    rows = {b.where: b for b in report.battles}
    assert list(rows) == ["Hawaiian Waters", "Midway", "Manchuria"]
    hawaii, midway, manchuria = rows.values()
    assert hawaii.attacking == {"fighter": 1, "battleship": 1, "submarine": 1}
    assert hawaii.outcome == "attacker_won"
    assert hawaii.defender_losses == {"submarine": 1, "aircraft_carrier": 1, "fighter": 1}
    assert midway.outcome == "both_destroyed"
    assert midway.attacker_losses == {"infantry": 2} and midway.defender_losses == {"infantry": 1}
    assert manchuria.attacking == {"infantry": 2, "fighter": 2, "bomber": 1}
    assert manchuria.defending == {"infantry": 1, "armour": 1}
    assert manchuria.attacker_losses == {"infantry": 1, "fighter": 1}
    assert manchuria.defender_losses == {"infantry": 1, "armour": 1}
    assert all(0 <= b.odds["attacker_wins"] <= 1 for b in report.battles)
    assert report.casualties["japan"] == {"infantry": 3, "fighter": 1}
    assert report.casualties["ussr"] == {"infantry": 1, "armour": 1}
    by_battle = report.luck.by_battle
    # Japan's super submarine (3 to hit, §5.2) hit with its 3; fighter 3 and battleship 2 both hit.
    hawaii_japan = [r for r in report.luck.rolls if r.battle == "Hawaiian Waters" and r.power == "japan"]
    assert [(r.faces, r.actual) for r in hawaii_japan] == [((3,), 1), ((3, 2), 2)]
    assert hawaii_japan[0].chances == (pytest.approx(3 / 6),)
    assert by_battle["Manchuria"].dice == sum(len(r.faces) for r in report.luck.rolls if r.battle == "Manchuria")


def test_example_report_in_every_format(played):
    app, gid = played(worked.test_libya_attacks_anglo_egyptian_sudan)
    report = build_report(app, gid)
    html = report_command(app, gid, "html")
    assert html.count("<svg") == len(report.series)
    assert SUDAN in html and "attacker won" in html and "Ledger" in html and "attacker_won" not in html
    assert "Axis &amp; Allies (2nd edition), game" in html and "<td>Germany</td>" in html and "<td>germany</td>" not in html
    md = report_command(app, gid, "md")
    assert (f"| 1 | {SUDAN} | Germany | UK | 1 infantry, 1 armour vs 1 infantry, 1 armour | ") in md
    assert "| attacker won | Germany: 1 infantry / UK: 1 infantry, 1 armour |" in md
    assert "| Germany | 1 infantry |" in md and "| UK | 1 infantry, 1 armour |" in md
    assert f"| Germany | production | +2 | 30 | Germany captures {SUDAN} from the UK (production Germany +2, the UK -2). |" in md
    data = msgspec.json.decode(report_command(app, gid, "json"))
    assert data["battles"][0]["where"] == SUDAN
    assert [line["balance"] for line in data["ledger"] if line["who"] == "germany" and line["account"] == "production"] == [28, 30]
    assert data["luck"]["by_power"]["uk"]["actual"] == 1
