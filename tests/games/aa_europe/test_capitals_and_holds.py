"""Capitals changing hands over several turns: a freed capital goes back to its owner, and a hold broken by the enemy
is not carried by an ally's later recapture [T L13]."""

from __future__ import annotations

from assistant.games.aa_europe import commands as c
from assistant.games.aa_europe import events as ev
from tests.games.aa_europe.table import Table, of, spec


def _germany_takes_moscow(t: Table) -> None:
    t.until("germany", "combat_move")
    t.clear("Moscow", "Russia")
    t.edit(add=(spec("Russia", "germany", "armour"),), control={"Russia": "germany"})
    t.do(c.Move(path=("Russia", "Moscow"), units={"armour": 1}))


def test_an_ally_freeing_moscow_gives_it_back_to_the_soviet_union():
    """Ruling D7: a liberated territory stays with its liberator only while its owner's capital is in enemy hands;
    freeing the capital itself ends that, so Moscow goes back to the USSR, which collects it at once [E L44]."""
    t = Table()
    _germany_takes_moscow(t)
    t.until("uk", "combat_move")
    t.clear("Belorussia")
    t.edit(add=(spec("Belorussia", "uk", "armour", 2),))
    t.do(c.Move(path=("Belorussia", "Moscow"), units={"armour": 2}))
    t.do(c.EndPhase())
    t.do(c.Fire(battle="Moscow"), 1, 1)
    done = t.do(c.Fire(battle="Moscow"), 6)
    taken = of(done, ev.TerritoryCaptured)[0]
    assert taken.liberated and taken.controller == "ussr" == t.state.controller("Moscow")
    assert not of(done, ev.CapitalCaptured) and "Moscow" in t.state.income_lines("ussr")
    assert of(done, ev.VictoryLapsed)[0].power == "germany"


def test_a_hold_broken_by_germany_is_not_carried_by_a_soviet_recapture():
    """[T L13] Britain takes Germany; Germany takes it back on its turn; the USSR takes it again. Britain did not hold
    it until its next turn: no Allied win when Britain's turn starts (the USSR's own capture is checked at its own
    next turn)."""
    t = Table(players=3)
    t.until("uk", "combat_move")
    t.clear("Germany")
    t.edit(add=(spec("Netherlands-Belgium", "uk", "armour"),), control={"Netherlands-Belgium": "uk"})
    t.do(c.Move(path=("Netherlands-Belgium", "Germany"), units={"armour": 1}))
    t.until("germany", "combat_move")
    t.edit(add=(spec("Poland", "germany", "armour"),))
    t.do(c.Move(path=("Poland", "Germany"), units={"armour": 1}))
    t.do(c.EndPhase())
    t.do(c.Fire(battle="Germany"), 1)
    done = t.do(c.Fire(battle="Germany"), 6)
    assert t.state.controller("Germany") == "germany"
    assert of(done, ev.VictoryLapsed)[0].reason == "Germany took Germany from Great Britain"
    t.until("ussr", "combat_move")
    t.clear("Germany")
    t.edit(add=(spec("Poland", "ussr", "armour"),), control={"Poland": "ussr"})
    t.do(c.Move(path=("Poland", "Germany"), units={"armour": 1}))
    t.until("uk", "purchase")
    assert t.state.victory is None and t.state.armed == {"ussr": "Germany"}
    while t.state.victory is None and t.state.power != "ussr":
        t.do(c.EndPhase())
    assert t.state.victory is not None and t.state.victory.winners == ("ussr", "uk", "usa")
