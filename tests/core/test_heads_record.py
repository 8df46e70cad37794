"""The record of the last head seen of each game (``integrity.remember_head``): a snapshot and a journal of one line
per append, folded into the snapshot when long. A head only moves forward unless a restore is accepted; a line cut
short by a crash is skipped (the record stays behind the file, never ahead); a journal deleted under an open
descriptor is opened again."""

from __future__ import annotations

from pathlib import Path

import pytest

from events import integrity


@pytest.fixture
def record(tmp_path):
    db = tmp_path / "table.sqlite3"
    db.touch()
    return db, tmp_path / "config"


def _files(db: Path, config: Path) -> tuple[Path, Path]:
    snapshot = Path(integrity._heads_file(db, config))
    return snapshot, snapshot.with_suffix(".journal")


def test_heads_move_forward_only_unless_a_restore_is_accepted(record):
    db, config = record
    integrity.remember_head(db, "g", 5, "h5", config)
    integrity.remember_head(db, "g", 3, "h3", config)  # a slower process finishing after a faster one
    integrity.remember_head(db, "other", 2, "o2", config)
    assert integrity.seen_heads(db, config) == {"g": (5, "h5"), "other": (2, "o2")}
    integrity.remember_head(db, "g", 3, "h3", config, force=True)  # the players accepted an older copy
    assert integrity.seen_heads(db, config)["g"] == (3, "h3")
    integrity.remember_head(db, "g", 4, "h4", config)
    assert integrity.seen_heads(db, config)["g"] == (4, "h4")


def test_a_long_journal_is_folded_into_the_snapshot_and_emptied(record, monkeypatch):
    db, config = record
    monkeypatch.setattr(integrity, "JOURNAL_LIMIT", 400)
    snapshot, journal = _files(db, config)
    for seq in range(1, 40):
        integrity.remember_head(db, f"g{seq % 3}", seq, f"h{seq}", config)
        assert journal.stat().st_size <= 400 + 100  # never much past the limit
    assert snapshot.exists(), "folded at least once"
    assert integrity.seen_heads(db, config) == {"g0": (39, "h39"), "g1": (37, "h37"), "g2": (38, "h38")}
    integrity.remember_head(db, "g1", 36, "h36", config)  # behind the snapshot: stays behind
    assert integrity.seen_heads(db, config)["g1"] == (37, "h37")


def test_a_line_cut_short_by_a_crash_is_skipped(record):
    db, config = record
    integrity.remember_head(db, "g", 5, "h5", config)
    _snapshot, journal = _files(db, config)
    with open(journal, "ab") as fh:
        fh.write(b'\n["g",9,"h')  # the process died in the middle of its line
    assert integrity.seen_heads(db, config) == {"g": (5, "h5")}
    integrity.remember_head(db, "g", 6, "h6", config)  # the next line begins a line of its own
    assert integrity.seen_heads(db, config) == {"g": (6, "h6")}


def test_a_journal_deleted_under_an_open_descriptor_is_opened_again(record):
    db, config = record
    integrity.remember_head(db, "g", 5, "h5", config)
    _snapshot, journal = _files(db, config)
    journal.unlink()
    integrity.remember_head(db, "g", 6, "h6", config)
    assert journal.exists() and integrity.seen_heads(db, config) == {"g": (6, "h6")}


def test_a_record_of_the_earlier_form_is_still_read(record):
    db, config = record
    snapshot, _journal = _files(db, config)
    snapshot.parent.mkdir(parents=True)
    snapshot.write_bytes(b'{"database": "x", "games": {"g": [7, "h7"]}}')  # a record as the whole-file form wrote it
    assert integrity.seen_heads(db, config) == {"g": (7, "h7")}
    integrity.remember_head(db, "g", 6, "h6", config)
    assert integrity.seen_heads(db, config) == {"g": (7, "h7")}
