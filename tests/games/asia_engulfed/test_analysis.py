"""Asia Engulfed after the game: the report (WERP, Oil, transport, VP per turn, every ledger line with its event),
the teaching replay's AE rule references, on a game played through the Assistant."""

from __future__ import annotations

import json

import msgspec
import pytest

from assistant.analysis.adapters import adapter_for
from assistant.analysis.reports import build_report
from assistant.analysis.teaching import rule_book, steps
from assistant.application import Assistant
from assistant.decider import ScriptedDice
from assistant.games.asia_engulfed.board.loader import to_dict
from assistant.games.asia_engulfed.game import GAME
from assistant.kinds import KindRegistry
from events.base import tag_of
from events.store import EventStore
from tests.games.asia_engulfed.table import board, scenario


@pytest.fixture
def played(tmp_path):
    """Nov/Dec 1941 and Jan/Feb 1942: Japan buys a Special Action, then in 1942 rolls Strategic Warfare."""
    store = EventStore(tmp_path / "ae.sqlite3")
    app = Assistant(store, KindRegistry())
    gid = app.new_game("asia_engulfed", {"board": to_dict(board()),
                                         "scenario": msgspec.to_builtins(scenario(network={"east_china_sea": 1}))})

    def do(command: dict, *faces: int) -> None:
        app.handle(gid, json.dumps(command), dice=ScriptedDice(faces))

    for _ in range(2):
        while True:
            s = app.view(gid).game
            if s.phase == "production" and s.producer == "japan":
                break
            if s.phase == "initial_supply" and s.network_set_turn != s.turn:
                do({"type": "ae.set_network", "seas": ["east_china_sea"]})
            elif s.phase in ("initial_supply", "final_supply") and \
                    f"{s.turn}:{s.side}:{'initial' if s.phase == 'initial_supply' else 'final'}" not in s.determined:
                do({"type": "ae.determine_supply"})
            else:
                do({"type": "ae.advance"})
        if s.turn == 2:
            do({"type": "ae.resolve_submarines"}, 6, 4)
            break
        do({"type": "ae.buy", "item": "special_action"})
        do({"type": "ae.advance"})
    yield app, gid
    store.close()


def test_the_report_charts_werp_oil_and_vp_per_turn_and_lists_every_ledger_line(played):
    app, gid = played
    report = build_report(app, gid)
    assert report.round_labels[1] == "Nov/Dec 1941" and report.round_labels[2] == "Jan/Feb 1942"
    werp = {s.metric: s.values for s in report.series}["werp"]
    assert werp["Japan"][report.rounds.index(1)] == 7  # Honshu 5 + Manchukuo + Peking through the network
    assert werp["Japan"][report.rounds.index(2)] == 7
    rows = adapter_for(GAME).ledger(app.view(gid), app.log(gid))
    japan = [r for r in rows if r.who == "Japan" and r.account == "werp" and r.round == 2]
    assert [r.amount for r in japan] == [5, 1, 1, -1]
    assert all(r.seq > 0 for r in rows if r.round > 0)
    opening = [r for r in rows if r.round == 0]  # the set-up chosen at creation is in the game's definition
    assert {(r.who, r.account, r.amount) for r in opening} >= {("Japan", "oil", 20), ("Japan", "tc", 10)}


def test_every_asia_engulfed_event_has_a_rule_reference():
    book = rule_book(GAME.name, GAME.rule_refs).events
    missing = [tag_of(e) for e in GAME.events if tag_of(e) not in book]
    assert missing == []


def test_the_teaching_replay_cites_the_rule_book(played):
    app, gid = played
    taught = {s.type: s for s in steps(app, gid)}
    assert taught["ae.submarine_attack_rolled"].rule == "AE 2.12"
    assert taught["ae.network_set"].rule == "AE 3.5"
    assert taught["ae.income_assessed"].when == "Jan/Feb 1942"
