"""The load command on a small club evening: its checks hold (nothing lost, duplicated or reordered, no
wrong-seat command accepted, every change pushed to every device). Its timings are figures, never asserted."""

from __future__ import annotations

import pytest

from assistant.club.accounts import Club
from assistant.club.load import run
from events.store import StoreError


def test_a_short_loaded_evening_keeps_every_guarantee(pg_dsn):
    figures = run(pg_dsn, tables=2, devices=3, servers=2, seconds=4, threads=24, pause=0.3, wrong_every=1.0)
    assert figures["commands"] > 0 and figures["wrong_seat_tried"] > 0
    for key in ("events_lost", "events_duplicated", "games_reordered", "wrong_seat_events_written",
                "wrong_seat_accepted_responses", "chains_broken", "command_errors", "changes_not_pushed_to_a_device"):
        assert figures[key] == 0, (key, figures)
    assert figures["server_memory_mib"] > 0 and figures["push_p95_ms"] > 0


def test_the_load_refuses_a_club_database_in_use(pg_dsn, pg_store):
    Club(pg_store).add_member("Someone real", password="a real password")
    with pytest.raises(StoreError, match="empty club database only"):
        run(pg_dsn, tables=1, devices=2, seconds=1)
    with pytest.raises(StoreError, match="--tables runs from 1 to 200"):
        run(pg_dsn, tables=1000)
