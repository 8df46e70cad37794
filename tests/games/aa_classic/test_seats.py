"""Whose command it is at a club table (``GameKind.acting_for``): the defender rolls its own defence and chooses its
own losses, the attacker its attack and its losses; everything else belongs to the power whose turn it is. Each power
acts with its side, so a seat holding "axis" plays Germany and Japan."""

from __future__ import annotations

from assistant.games.aa_classic import commands as c
from assistant.games.aa_classic.game import GAME
from tests.games.aa_classic.table import Table

SUDAN = "Anglo-Egyptian Sudan"


def test_a_battle_belongs_to_the_side_that_rolls_or_loses():
    t = Table()
    t.until("germany", "combat_move")
    t.do(c.Move(path=("Libya", SUDAN), units={"infantry": 1, "armour": 1}))
    assert GAME.acting_for(c.EndStep(), t.state) == ("germany", "axis")
    t.do(c.EndStep())
    fire = c.Fire(battle=SUDAN)
    assert GAME.acting_for(fire, t.state) == ("germany", "axis")  # Germany's attack
    t.do(fire, 4, 2)  # one hit: the UK chooses its loss
    assert GAME.acting_for(c.ChooseCasualties(battle=SUDAN, units={"infantry": 1}), t.state) == ("uk", "allies")
    t.do(c.ChooseCasualties(battle=SUDAN, units={"infantry": 1}))
    assert GAME.acting_for(fire, t.state) == ("uk", "allies")  # the UK's defence
    t.do(fire, 1, 5)  # one hit on Germany: Germany chooses
    assert GAME.acting_for(c.ChooseCasualties(battle=SUDAN, units={"infantry": 1}), t.state) == ("germany", "axis")
    assert GAME.acting_for(c.Retreat(battle=SUDAN, to="Libya"), t.state) == ("germany", "axis")


def test_a_seat_holding_a_side_acts_for_its_powers():
    from assistant.club.accounts import Seat
    from assistant.club.seats import authorizer
    from assistant.decider import Refused
    from assistant.kinds import KindRegistry

    import pytest

    t = Table()
    t.until("germany", "combat_move")
    loaded = KindRegistry().get("aa_classic")
    view = type("View", (), {"game": t.state, "clock": None})()
    authorizer(Seat("m1", "Ann", ("axis",), host=False))(loaded, c.EndStep(), view)  # Germany's step: the Axis
    with pytest.raises(Refused, match="this is for germany, axis to do; Bo plays allies here"):
        authorizer(Seat("m2", "Bo", ("allies",), host=False))(loaded, c.EndStep(), view)
