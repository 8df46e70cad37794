"""The store finds the events of a type whose payload holds some words (what the first table page asks to know
whether a game is a what-if fork), on either store, searching in the database."""

from __future__ import annotations

from events.core import AddNote


def test_notes_holding_some_words_are_found_by_the_database(any_app):
    app = any_app
    gid = app.new_game("toy", {"treasury": 10})
    app.handle(gid, AddNote(about_seq=1, text="nothing to see"))
    app.handle(gid, AddNote(about_seq=1, text="What-if fork of game abc from its event 1."))
    app.handle(gid, AddNote(about_seq=2, text="quoting: What-if fork of game xyz"))
    found = app.store.seqs_containing(gid, "core.note_added", b"What-if fork of game ")
    assert found == [3, 4]
    assert app.store.seqs_containing(gid, "core.game_created", b"What-if fork of game ") == []
    assert app.store.seqs_containing("no-such-game", "core.note_added", b"What-if") == []
