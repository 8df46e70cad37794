"""A played game's log reads as players speak: areas, nations and blocks by name, no internal ids."""

from __future__ import annotations

import re

import pytest

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from events.store import EventStore
from tests.analysis.test_europe_engulfed_analysis import smolensk_game

# lowercase_with_underscores, a lowercase nation id as a word, a block id (g_arm1, s_inf1, g_new1)
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\b(germany|italy|britain|france|ussr|usa)\b|\b[a-z]_[a-z]+\d+\b")


@pytest.fixture
def sentences(tmp_path):
    store = EventStore(tmp_path / "ee.sqlite3")
    play = smolensk_game(Assistant(store, KindRegistry()))
    yield [e.sentence for e in play.app.log(play.gid)]
    store.close()


def test_no_sentence_shows_an_identifier(sentences):
    assert [s for s in sentences if IDENTIFIER.search(s)] == []


def test_key_sentences_read_as_players_say_them(sentences):
    assert "German armor (4 steps) moves operational from Moscow to Smolensk." in sentences
    assert "Moscow is now Allied-controlled (entered by Soviet units)." in sentences
    assert "Initial normal combat round in Smolensk: Axis score 2 hit(s), Allies 1; 3 step(s) lost." in sentences
    assert "Germany spends a Special Action: breakthrough combat in Smolensk (EE 6.71)." in sentences
    assert ("Dice for Allied fire in Smolensk: Soviet infantry (4 steps) at armor: 6 1 2 3 (rolled by the assistant)."
            in sentences)
    assert "Sep/Oct 1941: Axis production phase (Germany)." in sentences
