"""A played game's log reads as players speak: areas, nations and blocks by name, no internal ids."""

from __future__ import annotations

import re

import pytest

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from events.store import EventStore
from tests.games.europe_engulfed.test_analysis import smolensk_game

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
    assert "Initial normal combat round in Smolensk: Axis score 2 hits, Allies 1; 3 steps lost." in sentences
    assert "Germany spends a Special Action: breakthrough combat in Smolensk (EE 6.71)." in sentences
    assert ("Dice for Allied fire in Smolensk: Soviet infantry (4 steps) at armor: 6 1 2 3 (rolled by the assistant)."
            in sentences)
    assert "Sep/Oct 1941: Axis production phase (Germany)." in sentences


def test_weather_sentence_names_the_zones_with_capitals():
    from assistant.games.europe_engulfed.describe import describe
    import assistant.games.europe_engulfed.events as ev

    said = describe(ev.WeatherSet(turn=0, weather={"west": "clear", "east": "mud"}, source="table_roll"))
    assert said.endswith(": West: clear, East: mud.") and "table roll" in said


def test_ledger_causes_read_as_players_say_them():
    from assistant.games.europe_engulfed import bookings, wording
    from assistant.games.europe_engulfed.rules import pricing
    import assistant.games.europe_engulfed.events as ev

    assert pricing.item("uboat", 8).cause == "8 U-boats at 1 WERP each = 8"
    assert pricing.item("fleet_point", 1).cause == "1 fleet point at 10 WERP = 10"
    sent = bookings.bookings(ev.WerpTransferred(sender="britain", receiver="ussr", sent=4, arrived=3, route="murmansk",
                                                rule="EE 9.35"))
    causes = [line.cause for b in sent for line in b.lines]
    assert causes == ["sent to Soviet Union (Murmansk route)", "from Great Britain (Murmansk route)",
                      "sunk on the Murmansk route"]
    uboats = bookings.bookings(ev.UBoatCampaignResolved(asw_level=1, asw_die=3, percent=10, uboats_before=8,
                                                        uboats_lost=2, attack_die=4, werp_loss=6, booked=6,
                                                        sm_penalty=0))
    assert uboats[0].lines[0].cause == "U-boat attack: die 4, 6 WERP (U-boats from 8 to 6)"
    assert wording.free("axis_minor_step") == "Axis minor step"
    assert wording.words("war declared on sweden (EE 9.63)") == "war declared on Sweden (EE 9.63)"


def test_a_minor_countrys_block_is_called_by_its_adjective():
    from assistant.games.europe_engulfed import wording

    assert wording.block("romania", "infantry", 2, 3) == "Romanian infantry (2/3 steps)"
    assert wording.block("bulgaria", "infantry") == "Bulgarian infantry"
    assert wording.block("vichy", "", 0) == "a Vichy French unit"
    assert wording.block("ruritania", "infantry") == "Ruritania infantry"  # a country the players added: its name
