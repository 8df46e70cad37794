"""The Annex I Japanese turn's log reads as players speak: powers, fire and unit kinds in words, no identifiers."""

from __future__ import annotations

import re

from assistant.describe import describe_core
from assistant.games.aa_classic import commands as c
from assistant.games.aa_classic.describe import describe
from tests.games.aa_classic.test_worked_examples import _annex_i_position

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\b(ussr|germany|uk|japan|usa)\b")


def _sentences() -> list[str]:
    t = _annex_i_position()
    t.do(c.Research(dice=1), 6)
    t.do(c.RollBreakthroughs(), 3)
    t.do(c.Purchase(units={"fighter": 1, "submarine": 1}))
    t.do(c.EndStep())
    for path in (("Caroline Waters", "Solomon Waters", "Hawaiian Waters"),):
        t.do(c.Move(path=path, units={"fighter": 1}))
        t.do(c.Move(path=path, units={"battleship": 1}))
    t.do(c.Move(path=("Solomon Waters", "Hawaiian Waters"), units={"submarine": 1}))
    t.do(c.EndStep())
    t.do(c.Fire(battle="Hawaiian Waters"), 3)
    t.do(c.ChooseCasualties(battle="Hawaiian Waters", units={"submarine": 1}))
    t.do(c.Fire(battle="Hawaiian Waters"), 3, 2)
    t.do(c.Fire(battle="Hawaiian Waters"), 5, 6)
    return [describe(e) or describe_core(e) for e in t.log]


def test_no_sentence_shows_an_identifier():
    assert [s for s in _sentences() if IDENTIFIER.search(s)] == []


def test_key_sentences_read_as_players_say_them():
    said = _sentences()
    assert "Dice for Japan's research: 6 (rolled by the assistant)." in said
    assert "Japan pays 5 IPC for 1 research die." in said
    assert "Dice for Japan's first strike at Hawaiian Waters (round 1): 3 (rolled by the assistant)." in said
    assert "Hawaiian Waters: Japan scores 1 hit (first strike)." in said
    # Units are named by kind, not counted ("moves 1 battleship", never "moves 1 unit").
    assert "Japan moves 1 battleship Caroline Waters -> Solomon Waters -> Hawaiian Waters (attack)." in said
    assert ("Hawaiian Waters: the defender loses 1 aircraft carrier and 1 fighter (behind the casualty line, they "
            "still fire).") in said
    assert "Hawaiian Waters: the USA scores 0 hits (defence)." in said
    assert not [line for line in said if re.search(r"\d+ units?\b", line)]
    assert not [line for line in said if ".." in line]
    assert "Dice for the USA's defence at Hawaiian Waters (round 1): 5 6 (rolled by the assistant)." in said
    assert "The USSR collects 24 IPC." in said


def test_unit_kinds_and_raids_in_words():
    import assistant.games.aa_classic.events as ev

    bought = ev.UnitsPurchased(power="uk", units={"aircraft_carrier": 2, "aa_gun": 1, "infantry": 3}, cost=43)
    assert describe(bought) == "The UK buys 1 AA gun, 2 aircraft carriers, 3 infantry for 43 IPC."
    hits = ev.HitsScored(battle="Germany/bombing", side="defender", firer="germany", fire="aa", hits=1)
    assert describe(hits) == "The raid on Germany: Germany scores 1 hit (anti-aircraft fire)."


def test_an_edit_says_where_it_adds_units():
    import assistant.games.aa_classic.events as ev
    from assistant.families.axis_allies.facts import UnitLine

    edit = ev.UnitsEdited(reason="a piece was missing", added=(
        UnitLine(id=90, kind="infantry", owner="ussr", space="Karelia S.S.R."),
        UnitLine(id=91, kind="infantry", owner="ussr", space="Karelia S.S.R."),
        UnitLine(id=92, kind="armour", owner="ussr", space="Russia")))
    assert describe(edit) == "Edit (a piece was missing): adds 2 infantry in Karelia S.S.R., 1 armour in Russia."
