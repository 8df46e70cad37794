"""Whose command it is at a club table (``GameKind.acting_for``): the defender rolls its own defence and chooses its
own losses, the attacker its attack and its losses; everything else belongs to the power whose turn it is."""

from __future__ import annotations

from assistant.games.aa_classic import commands as c
from assistant.games.aa_classic.game import GAME
from tests.games.aa_classic.table import Table

SUDAN = "Anglo-Egyptian Sudan"


def test_a_battle_belongs_to_the_side_that_rolls_or_loses():
    t = Table()
    t.until("germany", "combat_move")
    t.do(c.Move(path=("Libya", SUDAN), units={"infantry": 1, "armour": 1}))
    assert GAME.acting_for(c.EndStep(), t.state) == ("germany",)
    t.do(c.EndStep())
    fire = c.Fire(battle=SUDAN)
    assert GAME.acting_for(fire, t.state) == ("germany",)  # Germany's attack
    t.do(fire, 4, 2)  # one hit: the UK chooses its loss
    assert GAME.acting_for(c.ChooseCasualties(battle=SUDAN, units={"infantry": 1}), t.state) == ("uk",)
    t.do(c.ChooseCasualties(battle=SUDAN, units={"infantry": 1}))
    assert GAME.acting_for(fire, t.state) == ("uk",)  # the UK's defence
    t.do(fire, 1, 5)  # one hit on Germany: Germany chooses
    assert GAME.acting_for(c.ChooseCasualties(battle=SUDAN, units={"infantry": 1}), t.state) == ("germany",)
    assert GAME.acting_for(c.Retreat(battle=SUDAN, to="Libya"), t.state) == ("germany",)
