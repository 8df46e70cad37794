"""A scripted first round for all five powers, checked against treasuries and production levels computed by hand."""

from __future__ import annotations

import assistant.games.aa_classic.events as ev
from assistant.games.aa_classic import commands as c
from tests.games.aa_classic.table import Table


def test_full_first_round():
    t = Table()
    t.do(c.Start())
    # USSR 24: buys 8 infantry (24) -> 0; places them in Russia; collects 24 -> 24.
    t.do(c.Purchase(units={"infantry": 8}))
    t.end_steps(4)
    t.do(c.Place(space="Russia", units={"infantry": 8}))
    t.end_steps(2)
    assert t.state.treasury["ussr"] == 24 and t.state.power == "germany"
    # Germany 32: one research die (5) shows 2 -> 27; 5 infantry + 2 armour (25) -> 2.
    t.do(c.Research(dice=1), 2)
    t.do(c.Purchase(units={"infantry": 5, "armour": 2}))
    t.do(c.EndStep())
    # Libya's infantry and armour take Anglo-Egyptian Sudan as in the rulebook (Germany 32 -> 34, UK 30 -> 28).
    t.do(c.Move(path=("Libya", "Anglo-Egyptian Sudan"), units={"infantry": 1, "armour": 1}))
    t.do(c.EndStep())
    key = "Anglo-Egyptian Sudan"
    t.do(c.Fire(battle=key), 4, 2)
    t.do(c.ChooseCasualties(battle=key, units={"infantry": 1}))
    t.do(c.Fire(battle=key), 4, 5)
    t.do(c.Fire(battle=key), 1, 6)
    t.do(c.Fire(battle=key), 2)
    t.do(c.ChooseCasualties(battle=key, units={"infantry": 1}))
    t.end_steps(2)
    t.do(c.Place(space="Germany", units={"infantry": 5, "armour": 2}))
    t.end_steps(2)
    assert t.state.treasury["germany"] == 2 + 34 and t.state.production["germany"] == 34
    # UK 30: 2 fighters (24) -> 6; production 28 -> 34.
    t.do(c.Purchase(units={"fighter": 2}))
    t.end_steps(4)
    t.do(c.Place(space="United Kingdom", units={"fighter": 2}))
    t.end_steps(2)
    assert t.state.treasury["uk"] == 34
    # Japan 25: 1 transport + 2 infantry (14) -> 11; the transport in the Sea of Japan; 25 -> 36.
    t.do(c.Purchase(units={"transport": 1, "infantry": 2}))
    t.end_steps(4)
    t.do(c.Place(space="Sea of Japan", units={"transport": 1}))
    t.do(c.Place(space="Japan", units={"infantry": 2}))
    t.end_steps(2)
    assert t.state.treasury["japan"] == 36
    # USA 36: a battleship (24) -> 12, off the Eastern US complex; 36 -> 48. End of round 1: Axis at 34 + 25 = 59.
    t.do(c.Purchase(units={"battleship": 1}))
    t.end_steps(4)
    t.do(c.Place(space="Eastern Seaboard", units={"battleship": 1}))
    t.do(c.EndStep())
    last = t.do(c.EndStep())
    assert [e.axis_production for e in last if isinstance(e, ev.RoundEnded)] == [59]
    assert t.state.treasury == {"ussr": 24, "germany": 36, "uk": 34, "japan": 36, "usa": 48}
    assert t.state.production == {"ussr": 24, "germany": 34, "uk": 28, "japan": 25, "usa": 36}
    assert (t.state.round, t.state.power, t.state.step) == (2, "ussr", "purchase")
    assert t.count("Eastern Seaboard", "usa", "battleship") == 1
