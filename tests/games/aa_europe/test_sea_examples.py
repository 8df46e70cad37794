"""The rulebook's sea, amphibious and bombing examples, played with the dice the text gives."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.aa_europe import commands as c
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.moves.battle import next_action
from tests.games.aa_europe.table import Table, of, spec


def _convoy(t: Table, owner: str, value: int, near: str) -> str:
    w = t.state.world
    return next(n for n, s in sorted(w.spaces.items()) if s.convoy and s.owner == owner and s.ipc == value
                and w.adjacent(n, near))


def test_amphibious_assault_on_norway():
    """[E L49] Britain lands an armour in Norway from the North Sea with a fighter; the destroyer there, which has
    not fought, joins and hits with a 3; armour and fighter miss (5, 5); the three German infantry fire 2, 3, 3:
    one hit, the armour goes with the German infantry; unable to take Norway without land units, the fighter
    withdraws."""
    t = Table()
    t.until("uk", "combat_move")
    t.clear("Norway", "North Sea", "United Kingdom")
    t.edit(add=(spec("Norway", "germany", "infantry", 3), spec("North Sea", "uk", "destroyer"),
                spec("North Sea", "uk", "transport"), spec("United Kingdom", "uk", "armour"),
                spec("United Kingdom", "uk", "fighter")))
    t.do(c.Load(territory="United Kingdom", zone="North Sea", units={"armour": 1}))
    t.do(c.Unload(zone="North Sea", territory="Norway"))
    t.do(c.Move(path=("United Kingdom", "North Sea", "Norway"), units={"fighter": 1}))
    t.do(c.EndPhase())
    b = t.state.battles["Norway"]
    assert b.amphibious and next_action(t.state, b) == ("fire", "support")
    t.do(c.Fire(battle="Norway"), 3)  # the destroyer's support shot: one German infantry behind the line
    t.do(c.Fire(battle="Norway"), 5, 5)
    done = t.do(c.Fire(battle="Norway"), 2, 3, 3)  # all three infantry fire, the casualty too
    assert of(done, ev.HitsScored)[0].hits == 1
    t.do(c.ChooseCasualties(battle="Norway", units={"armour": 1}))
    assert t.count("Norway", "germany", "infantry") == 2
    done = t.do(c.Retreat(battle="Norway", to=""))
    assert of(done, ev.BattleEnded)[0].outcome == "attacker_retreated"
    assert t.state.controller("Norway") == "germany"


def test_amphibious_assault_on_libya():
    """[E L52] Germany sails a transport (2 infantry), a submarine and a battleship into the Central Mediterranean,
    where a British destroyer forces a sea battle: no surprise strike (the destroyer); sub 4 misses, battleship 4
    hits; the destroyer's 1 damages the battleship. The battleship fought and cannot support; the German infantry
    (3, 4) miss, the British infantry's 2 hits; no retreat for the landed units; 1 and 1: both sides destroyed,
    Libya stays British."""
    t = Table()
    t.until("germany", "combat_move")
    zone = "Central Mediterranean"
    t.clear("Libya", zone, "Adriatic Sea", "Eastern Mediterranean")
    t.edit(control={"Libya": "uk"}, add=(
        spec("Libya", "uk", "infantry"), spec(zone, "uk", "destroyer"), spec("Eastern Mediterranean", "germany", "destroyer"),
        spec("Adriatic Sea", "germany", "transport"), spec("Adriatic Sea", "germany", "submarine"),
        spec("Adriatic Sea", "germany", "battleship"), spec("Southern Italy", "germany", "infantry", 2)))
    t.do(c.Load(territory="Southern Italy", zone="Adriatic Sea", units={"infantry": 2}))
    t.do(c.Move(path=("Adriatic Sea", zone), units={"transport": 1, "submarine": 1, "battleship": 1}))
    t.do(c.Unload(zone=zone, territory="Libya"))
    t.do(c.EndPhase())
    assert next_action(t.state, t.state.battles["Libya"])[0] == "wait"
    with pytest.raises(Refused, match="waits"):
        t.do(c.Fire(battle="Libya"))
    assert next_action(t.state, t.state.battles[zone]) == ("fire", "attack")  # the destroyer: no surprise strike
    t.do(c.Fire(battle=zone), 4, 4)  # sub 4 (misses at 2), battleship 4 (hits)
    t.do(c.Fire(battle=zone), 1)  # the destroyer fires back before it goes
    done = t.do(c.ChooseCasualties(battle=zone, units={"battleship": 1}))
    assert of(done, ev.BattleEnded)[0].outcome == "attacker_won"
    ship = t.ids(zone, "germany", "battleship")[0]
    assert t.state.units[ship].damaged and of(done, ev.LandingMade)
    b = t.state.battles["Libya"]
    assert next_action(t.state, b) == ("fire", "attack")  # the battleship fought: no support shot
    t.do(c.Fire(battle="Libya"), 3, 4)
    t.do(c.Fire(battle="Libya"), 2)
    with pytest.raises(Refused):
        t.do(c.Retreat(battle="Libya", to=zone))
    t.do(c.Fire(battle="Libya"), 1)
    done = t.do(c.Fire(battle="Libya"), 1)
    assert of(done, ev.BattleEnded)[0].outcome == "both_destroyed"
    assert t.state.controller("Libya") == "uk"
    t.do(c.EndPhase())
    with pytest.raises(Refused):  # a transport that fought cannot move on [T L106]
        t.do(c.Move(path=(zone, "Eastern Mediterranean"), units={"transport": 1}))


def test_strategic_bombing_with_escorts_and_an_interceptor():
    """[E L58] A German bomber from Germany raids Great Britain with two escorts from France. AA: 1, 3, 4 (one
    hit); the British interceptor rolls 1 (one hit); the escorts roll 3 and 3; Germany loses both fighters; the
    bomber rolls 6: Britain returns 6 IPC to the bank. The bomber flies home (3 moves)."""
    t = Table()
    t.until("germany", "combat_move")
    t.clear("United Kingdom", "France")
    t.edit(add=(spec("United Kingdom", "uk", "aa_gun"), spec("United Kingdom", "uk", "fighter"),
                spec("United Kingdom", "uk", "infantry"), spec("France", "germany", "fighter", 2)))
    w = t.state.world
    t.do(c.Move(path=w.route("Germany", "United Kingdom", "air"), units={"bomber": 1}, bombing=True))
    t.do(c.Move(path=w.route("France", "United Kingdom", "air"), units={"fighter": 2}, escort=True))
    t.do(c.EndPhase())
    key = "United Kingdom/bombing"
    assert next_action(t.state, t.state.battles[key])[0] == "intercept"
    t.do(c.Intercept(battle=key, count=1))
    before = t.state.treasury["uk"]
    t.do(c.Fire(battle=key), 1, 3, 4)  # AA: one die per aircraft
    t.do(c.Fire(battle=key), 1)  # the interceptor
    t.do(c.Fire(battle=key), 3, 3)  # the escorts, both of them (the AA's victim too)
    assert next_action(t.state, t.state.battles[key]) == ("casualties", "attacker")
    with pytest.raises(Refused):
        t.do(c.ChooseCasualties(battle=key, units={"fighter": 1}))
    t.do(c.ChooseCasualties(battle=key, units={"fighter": 2}))
    done = t.do(c.Fire(battle=key), 6)
    assert of(done, ev.BombingDamage)[0].paid == 6 and t.state.treasury["uk"] == before - 6
    assert t.count("United Kingdom", "uk", "fighter") == 1
    t.do(c.EndPhase())
    home = w.route("United Kingdom", "Germany", "air")
    assert len(home) == 4  # three moves home
    t.do(c.Move(path=home, units={"bomber": 1}))
    assert t.count("Germany", "germany", "bomber") >= 1


def test_battle_of_the_atlantic_raids_and_liberation():
    """[E L63] German ships take the U.S. centre (4) and two British centres (5 and 3) on the way: the United States
    loses 4 and Britain 8; Germany gains nothing. A U.S. destroyer frees a British centre via the Mid-Atlantic
    (+5); a U.S. battleship attacks the German sub in the U.S. centre: the sub's surprise strike damages it, it
    misses back; the second surprise strike sinks it without reply."""
    t = Table()
    t.until("germany", "combat_move")
    us_centre = _convoy(t, "usa", 4, "Central Atlantic")
    five = _convoy(t, "uk", 5, "Azores Sea")
    three = _convoy(t, "uk", 3, "Central Atlantic")
    t.clear("Central Atlantic", "Azores Sea", us_centre, five, three, "Mid-Atlantic")
    t.edit(add=(spec("Central Atlantic", "germany", "submarine"), spec("Azores Sea", "germany", "submarine"),
                spec("Central Atlantic", "germany", "destroyer"), spec("Central Atlantic", "germany", "transport")))
    levels = {p: t.state.income(p) for p in ("germany", "uk", "usa")}
    t.do(c.Move(path=("Central Atlantic", us_centre), units={"submarine": 1}))
    done = t.do(c.Move(path=("Azores Sea", five, "Azores Sea"), units={"submarine": 1}))
    assert of(done, ev.ConvoyRaided)[0].value == 5
    t.do(c.Move(path=("Central Atlantic", three, "Azores Sea"), units={"destroyer": 1}))
    done = t.do(c.Move(path=("Central Atlantic", three, "South Atlantic"), units={"transport": 1}))
    assert not of(done, ev.ConvoyRaided)  # a transport has no attack value
    assert t.state.income("usa") == levels["usa"] - 4 and t.state.income("uk") == levels["uk"] - 8
    assert t.state.income("germany") == levels["germany"]
    t.until("usa", "purchase")
    t.edit(add=(spec("U.S. Eastern Coast", "usa", "destroyer"), spec("U.S. Eastern Coast", "usa", "battleship")))
    t.until("usa", "combat_move")
    done = t.do(c.Move(path=("U.S. Eastern Coast", "Mid-Atlantic", five), units={"destroyer": 1}))
    assert of(done, ev.ConvoyLiberated)[0].owner == "uk" and t.state.income("uk") == levels["uk"] - 3
    t.do(c.Move(path=("U.S. Eastern Coast", us_centre), units={"battleship": 1}))
    t.do(c.EndPhase())
    assert next_action(t.state, t.state.battles[us_centre]) == ("fire", "surprise:germany")
    t.do(c.Fire(battle=us_centre), 1)  # the sub's surprise strike: the battleship on its side
    ship = t.ids(us_centre, "usa", "battleship")[0]
    assert t.state.units[ship].damaged
    t.do(c.Fire(battle=us_centre), 5)  # it fires back, without success
    t.do(c.Fire(battle=us_centre), 2)  # the second surprise strike sinks it
    assert of(t.log, ev.BattleEnded)[-1].outcome == "defender_held"
    assert t.state.controller(us_centre) == "germany"
    t.until("usa", "income")
    done = t.do(c.EndPhase())
    assert of(done, ev.IncomeCollected)[0].convoy_losses == {us_centre: 4}


def test_submarines_in_the_celtic_sea():
    """[E L66] Two German subs sink two British ships with surprise strikes (1, 2); the fighter aboard cannot attack
    them and lands in Great Britain. Britain attacks with two destroyers and that fighter: one hit; Germany
    submerges one sub and fires back with the hit one (1: a destroyer sunk). The U.S. fighter may attack the sub
    because a British destroyer is there; the sub's hit must fall on that destroyer; sub and fighter: battle over."""
    t = Table()
    t.until("germany", "combat_move")
    t.clear("Celtic Sea", "Bay of Biscay", "Atlantic", "Mid-Atlantic", "United Kingdom")
    t.edit(add=(spec("Bay of Biscay", "germany", "submarine", 2), spec("Celtic Sea", "uk", "carrier"),
                spec("Celtic Sea", "uk", "transport"), spec("Mid-Atlantic", "uk", "carrier"),
                spec("Atlantic", "uk", "destroyer", 2), spec("United Kingdom", "uk", "infantry")))
    t.edit(add=(spec("Celtic Sea", "uk", "fighter"),))
    carrier = t.ids("Celtic Sea", "uk", "carrier")[0]
    fighter = t.ids("Celtic Sea", "uk", "fighter")[0]
    t.edit(remove=(fighter,))
    from assistant.games.aa_europe import events as e2
    t.do_event = None
    line = e2.UnitLine(id=t.state.next_id, kind="fighter", owner="uk", space="Celtic Sea", aboard=carrier)
    t.state = __import__("assistant.games.aa_europe.evolve", fromlist=["evolve"]).evolve(
        t.state, e2.UnitsEdited(reason="a fighter aboard the carrier", added=(line,)))
    fighter = line.id
    t.do(c.Move(path=("Bay of Biscay", "Celtic Sea"), units={"submarine": 2}))
    t.do(c.EndPhase())
    done = t.do(c.Fire(battle="Celtic Sea"), 1, 2)
    assert of(done, ev.HitsScored)[0].no_air == 2
    assert not t.ids("Celtic Sea", "uk", "carrier") and not t.ids("Celtic Sea", "uk", "transport")
    assert t.state.units[fighter].space == "United Kingdom"  # it flew to the nearest friendly land
    t.until("uk", "combat_move")
    t.do(c.Move(path=("Atlantic", "Celtic Sea"), units={"destroyer": 2}))
    t.do(c.Move(path=("United Kingdom", "Celtic Sea"), ids=(fighter,)))
    t.do(c.EndPhase())
    assert next_action(t.state, t.state.battles["Celtic Sea"]) == ("fire", "attack")  # no surprise: destroyers
    t.do(c.Fire(battle="Celtic Sea"), 1, 4, 6)
    subs = t.ids("Celtic Sea", "germany", "submarine")
    hit = t.state.battles["Celtic Sea"].casualty_line  # the two subs are alike: the hit is taken at once
    assert len(hit) == 1
    with pytest.raises(Refused):
        t.do(c.Submerge(battle="Celtic Sea", side="defender", ids=hit))  # a hit sub fires back, then goes
    other = next(i for i in subs if i not in hit)
    t.do(c.Submerge(battle="Celtic Sea", side="defender", ids=(other,)))
    subs = [other]
    done = t.do(c.Fire(battle="Celtic Sea"), 1)
    assert t.count("Celtic Sea", "uk", "destroyer") == 1
    assert of(t.log, ev.BattleEnded)[-1].outcome == "attacker_won"
    t.do(c.EndPhase())
    done = t.do(c.Move(path=("Celtic Sea", "Mid-Atlantic"), ids=(fighter,)))
    assert of(done, ev.UnitsMoved)[0].aboard  # on the carrier in the Mid-Atlantic, which cannot move now
    with pytest.raises(Refused):
        t.do(c.Move(path=("Mid-Atlantic", "Celtic Sea"), units={"carrier": 1}))
    t.until("uk", "income")
    t.do(c.EndPhase())
    assert not t.state.units[other].submerged  # set upright in phase 6
    t.until("usa", "combat_move")
    t.edit(add=(spec("United Kingdom", "usa", "fighter"),))
    t.do(c.Move(path=("United Kingdom", "Celtic Sea"), units={"fighter": 1}))
    t.do(c.EndPhase())
    t.do(c.Fire(battle="Celtic Sea"), 5)
    done = t.do(c.Fire(battle="Celtic Sea"), 1)
    assert t.count("Celtic Sea", "uk", "destroyer") == 0  # the sub's hit could only fall on the destroyer
    assert of(done, ev.BattleEnded)[0].outcome == "stalemate"


def test_submarines_against_a_destroyer_and_a_battleship():
    """[E L104] Two German subs attack a U.S. battleship and destroyer: no surprise (destroyer); both hit with 2s:
    battleship damaged, destroyer sunk; return fire 5 and 4 sinks a sub. Round 2: the sub has its surprise strike
    back, misses (5); the reply (6) misses; the sub submerges and the battle ends; both set upright in phase 6."""
    t = Table()
    t.until("germany", "combat_move")
    t.clear("Central Atlantic", "South Atlantic")
    t.edit(add=(spec("Central Atlantic", "usa", "battleship"), spec("Central Atlantic", "usa", "destroyer"),
                spec("South Atlantic", "germany", "submarine", 2)))
    t.do(c.Move(path=("South Atlantic", "Central Atlantic"), units={"submarine": 2}))
    t.do(c.EndPhase())
    key = "Central Atlantic"
    assert next_action(t.state, t.state.battles[key]) == ("fire", "attack")
    t.do(c.Fire(battle=key), 2, 2)
    t.do(c.ChooseCasualties(battle=key, units={"battleship": 1, "destroyer": 1}))
    t.do(c.Fire(battle=key), 5, 4)
    assert t.count(key, "germany", "submarine") == 1 and t.state.battles[key].round == 2
    assert next_action(t.state, t.state.battles[key]) == ("fire", "surprise")
    t.do(c.Fire(battle=key), 5)
    t.do(c.Fire(battle=key), 6)
    done = t.do(c.Submerge(battle=key, side="attacker"))
    assert of(done, ev.BattleEnded)[0].outcome == "defender_held"
    ship = t.ids(key, "usa", "battleship")[0]
    sub = t.ids(key, "germany", "submarine")[0]
    assert t.state.units[ship].damaged and t.state.units[sub].submerged
    t.until("germany", "income")
    assert not t.state.units[ship].damaged and not t.state.units[sub].submerged


def test_carrier_and_submarine():
    """[E L100] (with the defending sub's surprise strike, ruling C6) A U.S. fighter and carrier attack a German sub
    and a transport with 2 infantry; the British fighter aboard the U.S. carrier cannot act. The sub's 2 sinks the
    carrier with the British fighter; the U.S. fighter's 2 can only hit the transport (no destroyer): it sinks with
    its infantry; the transport's 2 misses; a fighter and a sub remain: the battle ends."""
    t = Table()
    t.until("usa", "combat_move")
    t.clear("Bay of Biscay", "Azores Sea", "Celtic Sea")
    t.edit(add=(spec("Bay of Biscay", "germany", "submarine"), spec("Bay of Biscay", "germany", "transport"),
                spec("Azores Sea", "usa", "carrier")))
    from assistant.games.aa_europe import events as e2
    from assistant.games.aa_europe.evolve import evolve

    carrier = t.ids("Azores Sea", "usa", "carrier")[0]
    transport = t.ids("Bay of Biscay", "germany", "transport")[0]
    n = t.state.next_id
    t.state = evolve(t.state, e2.UnitsEdited(reason="the example's position", added=(
        e2.UnitLine(id=n, kind="fighter", owner="usa", space="Azores Sea", aboard=carrier),
        e2.UnitLine(id=n + 1, kind="fighter", owner="uk", space="Azores Sea", aboard=carrier),
        e2.UnitLine(id=n + 2, kind="infantry", owner="germany", space="Bay of Biscay", aboard=transport),
        e2.UnitLine(id=n + 3, kind="infantry", owner="germany", space="Bay of Biscay", aboard=transport))))
    t.do(c.Move(path=("Azores Sea", "Bay of Biscay"), ids=(n,)))  # takes off first
    t.do(c.Move(path=("Azores Sea", "Bay of Biscay"), units={"carrier": 1}))  # the British fighter rides along
    t.do(c.EndPhase())
    key = "Bay of Biscay"
    t.do(c.Fire(battle=key), 2)  # the sub's surprise strike: it must hit a ship
    assert carrier not in t.state.units and n + 1 not in t.state.units
    t.do(c.Fire(battle=key), 2)  # the U.S. fighter: the transport, not the sub
    assert t.state.battles[key].casualty_line == (transport,)
    done = t.do(c.Fire(battle=key), 2)  # the transport fires back (2: a miss) before it sinks
    assert transport not in t.state.units and n + 2 not in t.state.units
    assert of(done, ev.BattleEnded)[0].outcome == "stalemate"
    assert t.count(key, "germany", "submarine") == 1 and t.state.units[n].space == key


def test_transports():
    """[E L108] A transport loads 2 infantry in Canada, sails and unloads them in Great Britain; a transport beside
    a German destroyer leaves and loads in the English Channel; one that fought the sub in the North Sea cannot move
    but may still load."""
    t = Table()
    t.until("uk", "combat_move")
    t.clear("Davis Strait", "North Sea", "Danish Sea", "English Channel", "Canada", "Halifax Sea")
    t.edit(add=(spec("Canada", "uk", "infantry", 2), spec("Davis Strait", "uk", "transport"),
                spec("Danish Sea", "uk", "transport", 2), spec("Danish Sea", "germany", "destroyer"),
                spec("North Sea", "germany", "submarine"), spec("Danish Sea", "uk", "destroyer"),
                spec("Norway", "uk", "infantry")))
    t.edit(control={"Norway": "uk"})
    t.do(c.Load(territory="Canada", zone="Davis Strait", units={"infantry": 2}))
    w = t.state.world
    route = w.route("Davis Strait", "Celtic Sea", "sea")
    assert len(route) == 3
    t.do(c.Move(path=route, units={"transport": 1}))
    t.do(c.Unload(zone="Celtic Sea", territory="United Kingdom"))
    assert t.count("United Kingdom", "uk", "infantry") >= 2
    with pytest.raises(Refused, match="enemy units"):
        t.do(c.Load(territory="Denmark", zone="Danish Sea", units={"infantry": 1}))
    t.do(c.Move(path=("Danish Sea", "North Sea"), units={"transport": 1, "destroyer": 1}))
    t.do(c.EndPhase())
    t.do(c.Fire(battle="North Sea"), 1)
    t.do(c.Fire(battle="North Sea"), 6)  # the sub fires back before it sinks
    t.do(c.EndPhase())
    t.do(c.Load(territory="Norway", zone="North Sea", units={"infantry": 1}))
    with pytest.raises(Refused):
        t.do(c.Move(path=("North Sea", "English Channel"), units={"transport": 1}))


def test_raids_first_and_a_naval_retreat():
    """Raids are resolved before any other battle [T L31]; attacking ships may withdraw after a round to a zone
    they came from (R13)."""
    t = Table()
    t.until("uk", "combat_move")
    t.clear("North Sea", "English Channel")
    t.edit(add=(spec("North Sea", "germany", "battleship"), spec("English Channel", "uk", "destroyer", 2)))
    w = t.state.world
    t.do(c.Move(path=("English Channel", "North Sea"), units={"destroyer": 2}))
    t.do(c.Move(path=w.route("United Kingdom", "Germany", "air"), units={"bomber": 1}, bombing=True))
    t.do(c.EndPhase())
    with pytest.raises(Refused, match="raids are resolved first"):
        t.do(c.Fire(battle="North Sea"))
    t.do(c.Intercept(battle="Germany/bombing"))  # no interceptors
    t.do(c.Fire(battle="Germany/bombing"), 6)  # the AA gun misses the bomber
    done = t.do(c.Fire(battle="Germany/bombing"), 4)
    assert of(done, ev.BombingDamage)[0].paid == 4
    t.do(c.Fire(battle="North Sea"), 6, 6)
    t.do(c.Fire(battle="North Sea"), 6)
    with pytest.raises(Refused):
        t.do(c.Retreat(battle="North Sea", to="Danish Sea"))
    done = t.do(c.Retreat(battle="North Sea", to="English Channel"))
    assert of(done, ev.BattleEnded)[0].outcome == "attacker_retreated"
    assert t.count("English Channel", "uk", "destroyer") == 2
