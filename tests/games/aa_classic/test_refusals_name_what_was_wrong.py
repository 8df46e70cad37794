"""Refusals say what was wrong in the table's words: powers and steps by name, an empty or unknown space, a count
of zero, a kind with none left; and the forms' help text reads as plain words."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.aa_classic import commands as c
from assistant.web.forms import form_for
from tests.games.aa_classic.table import Table


def refusal(t: Table, command) -> str:
    with pytest.raises(Refused) as caught:
        t.do(command)
    return str(caught.value)


def test_the_wrong_step_is_named_in_words():
    t = Table()
    t.until("ussr", "purchase")
    said = refusal(t, c.Move(path=("Russia", "Karelia S.S.R."), units={"infantry": 1}))
    assert "this is done in the combat move or non-combat move step; it is now the USSR's research and purchase step" in said


def test_money_and_units_are_counted_for_the_power_by_name():
    t = Table()
    t.until("uk", "purchase")
    assert "these units cost 48 IPC; the UK has 30" in refusal(t, c.Purchase(units={"battleship": 2}))
    t.until("uk", "combat_move")
    said = refusal(t, c.Move(path=("United Kingdom", "North Sea"), units={"submarine": 5}))
    assert "the UK has no submarines in United Kingdom able to move now; 5 named" in said


def test_an_empty_or_unknown_space_is_named():
    t = Table()
    t.until("germany", "combat_move")
    assert "name a territory" in refusal(t, c.Load(territory="", zone="Central Mediterranean", units={"infantry": 1}))
    assert "there is no space 'Atlantis' on the board" in refusal(t, c.Move(path=("Germany", "Atlantis"), units={"infantry": 1}))
    t.do(c.EndStep())
    t.do(c.EndStep())
    t.do(c.EndStep())
    assert t.state.step == "placement"
    assert "name a space" in refusal(t, c.Place(space="", units={"infantry": 1}))


def test_placing_zero_or_more_than_bought_says_so():
    t = Table()
    t.until("germany", "purchase")
    t.do(c.Purchase(units={"infantry": 2}))
    t.until("germany", "placement")
    assert "a count of infantry to place must be positive, not 0" in refusal(t, c.Place(space="Germany", units={"infantry": 0}))
    said = refusal(t, c.Place(space="Germany", units={"infantry": 3}))
    assert "Germany has 2 infantry waiting to be placed, not 3" in said


def test_a_finished_battle_is_named_in_words():
    t = Table()
    t.until("ussr", "combat_move")
    t.do(c.Move(path=("Karelia S.S.R.", "Finland-Norway"), units={"infantry": 2, "armour": 1}))
    t.do(c.EndStep())
    t.do(c.Fire(battle="Finland-Norway", faces=(6, 6, 6)))
    t.do(c.Fire(battle="Finland-Norway", faces=(1, 1, 1, 1, 1)))
    assert t.state.battles["Finland-Norway"].outcome == "defender_held"
    assert "this battle is over (defender held)" in refusal(t, c.Fire(battle="Finland-Norway"))


def test_a_casualty_kind_with_none_left_is_said_plainly():
    t = Table()
    t.until("ussr", "combat_move")
    t.do(c.Move(path=("Karelia S.S.R.", "Finland-Norway"), units={"infantry": 2, "armour": 1}))
    t.do(c.EndStep())
    t.do(c.Fire(battle="Finland-Norway", faces=(1, 6, 6)))
    said = refusal(t, c.ChooseCasualties(battle="Finland-Norway", units={"bomber": 1}))
    assert "no bombers can be taken as casualties here; 1 named" in said


@pytest.mark.parametrize("command", [c.Research, c.Fire])
def test_the_forms_help_has_no_markup(command):
    assert "``" not in form_for(command).help
