"""A game recorded with earlier code replays to the same table: stored events keep their meaning."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec

from assistant.application import Assistant
from assistant.games.europe_engulfed.read_models import table as views
from assistant.kinds import KindRegistry
from events.store import EventStore

RECORDED = Path(__file__).parent / "recorded"


def test_a_recorded_turn_replays_to_the_same_ledgers_board_and_supply(tmp_path):
    store = EventStore(tmp_path / "replay.sqlite3")
    try:
        app = Assistant(store, KindRegistry())
        gid = app.import_game((RECORDED / "mid_war_turn.jsonl").read_bytes())
        view = app.view(gid)
        now = {"werp_ledger": views.ledger(view.read("werp_ledger")), "board": views.board(view.game, "Axis"),
               "special_actions": msgspec.to_builtins(view.game.special_actions),
               "supply": msgspec.to_builtins(view.read("ee_supply"))}
        expected = json.loads((RECORDED / "mid_war_turn.expected.json").read_text(encoding="utf-8"))
        assert json.loads(json.dumps(now)) == expected
        rows = {(led["nation"], led["turn"]): led for led in now["werp_ledger"]}
        assert any(line["kind"] == "edit" for line in rows[("germany", 12)]["lines"])
        # the state's own ledgers hold the same lines as the read model, without event numbers
        same = views.ledger(view.game)
        assert [[{k: v for k, v in r.items() if k != "seq"} for r in led["lines"]] for led in same] == \
            [[{k: v for k, v in r.items() if k != "seq"} for r in led["lines"]] for led in now["werp_ledger"]]
    finally:
        store.close()
