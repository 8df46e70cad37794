"""The rulebook's worked examples (digest Appendix A), played move by move with the dice the text gives."""

from __future__ import annotations

import pytest

import assistant.games.aa_classic.events as ev
from assistant.games.aa_classic import commands as c
from assistant.games.aa_classic.moves.victory import individual, percentage
from assistant.decider import Refused
from tests.games.aa_classic.table import Table, spec


def _of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def test_action_1_purchase_leaves_two_ipc():
    """Action 1: 2 transports + 2 tanks = 26 IPC out of 28."""
    t = Table()
    t.until("germany", "purchase")
    t.edit(treasury={"germany": -4})
    t.do(c.Purchase(units={"transport": 2, "armour": 2}))
    assert t.state.treasury["germany"] == 2


def test_libya_attacks_anglo_egyptian_sudan():
    """Action 3 (src L172-L208): Germany 28 -> 30, UK 30 -> 28."""
    t = Table()
    t.until("germany", "purchase")
    t.edit(production={"germany": -4})  # the example's Germany stands at 28
    t.until("germany", "combat_move")
    t.do(c.Move(path=("Libya", "Anglo-Egyptian Sudan"), units={"infantry": 1, "armour": 1}))
    t.do(c.EndStep())
    key = "Anglo-Egyptian Sudan"
    # Round 1: infantry 4 (miss), tank 2 (hit); the UK loses its infantry behind the casualty line.
    hits = _of(t.do(c.Fire(battle=key), 4, 2), ev.HitsScored)
    assert hits[0].hits == 1
    chosen = _of(t.do(c.ChooseCasualties(battle=key, units={"infantry": 1})), ev.CasualtiesChosen)
    assert chosen[0].removed is False
    # The UK fires back with both units (its infantry is a casualty but still fires): 4, 5 miss.
    t.do(c.Fire(battle=key), 4, 5)
    assert t.count(key, "uk", "infantry") == 0 and t.state.battles[key].round == 2
    # Round 2: German infantry 1 hits (the tank's die misses); the UK tank goes behind the line and hits with a 2.
    t.do(c.Fire(battle=key), 1, 6)
    t.do(c.Fire(battle=key), 2)
    done = t.do(c.ChooseCasualties(battle=key, units={"infantry": 1}))
    captured = _of(done, ev.TerritoryCaptured)[0]
    assert captured.controller == "germany" and captured.production == {"uk": -2, "germany": 2}
    assert t.state.production["germany"] == 30 and t.state.production["uk"] == 28
    assert t.count(key, "germany", "armour") == 1


def _annex_i_position() -> Table:
    """Spring 1942 with the USSR having taken Manchuria with 1 tank and 1 infantry (Annex I, carte 1)."""
    t = Table()
    t.until("japan", "purchase")
    t.edit(
        remove=(spec("Manchuria", "japan", "infantry", 3), spec("Manchuria", "japan", "fighter")),
        add=(spec("Manchuria", "ussr", "infantry"), spec("Manchuria", "ussr", "armour")),
        control={"Manchuria": "ussr"},
    )
    assert t.state.production["japan"] == 22 and t.state.treasury["japan"] == 25
    return t


def test_annex_i_japanese_turn():
    t = _annex_i_position()
    # Action 1: one research die (5 IPC): a 6, then a 3 = super submarines; 1 fighter + 1 submarine (20 IPC).
    t.do(c.Research(dice=1), 6)
    got = _of(t.do(c.RollBreakthroughs(), 3), ev.TechnologyAcquired)
    assert got[0].technology == "super_submarines"
    t.do(c.Purchase(units={"fighter": 1, "submarine": 1}))
    assert t.state.treasury["japan"] == 0
    t.do(c.EndStep())
    # Action 2, sphere 1: the carrier's fighter and the battleship 2 zones, the submarine 1 zone, to Hawaii.
    t.do(c.Move(path=("Caroline Waters", "Solomon Waters", "Hawaiian Waters"), units={"fighter": 1}))
    t.do(c.Move(path=("Caroline Waters", "Solomon Waters", "Hawaiian Waters"), units={"battleship": 1}))
    t.do(c.Move(path=("Solomon Waters", "Hawaiian Waters"), units={"submarine": 1}))
    # Sphere 2: battleship 2 zones; transport takes 2 infantry from Japan, 2 zones, assault on Midway.
    t.do(c.Move(path=("Sea of Japan", "North Pacific", "Midway Waters"), units={"battleship": 1}))
    t.do(c.Load(territory="Japan", zone="Sea of Japan", units={"infantry": 2}))
    t.do(c.Move(path=("Sea of Japan", "North Pacific", "Midway Waters"), units={"transport": 1}))
    t.do(c.Unload(zone="Midway Waters", territory="Midway"))
    # Sphere 3: Philippines fighter (3 spaces), Kwangtung infantry, bomber and fighter from Japan (2 spaces).
    t.do(c.Move(path=("Philippines", "Philippine Waters", "Sea of Japan", "Manchuria"), units={"fighter": 1}))
    t.do(c.Move(path=("Kwangtung", "Manchuria"), units={"infantry": 2}))
    t.do(c.Move(path=("Japan", "Sea of Japan", "Manchuria"), units={"bomber": 1}))
    japan_fighter = t.ids("Japan", "japan", "fighter")[0]
    t.do(c.Move(path=("Japan", "Sea of Japan", "Manchuria"), ids=(japan_fighter,)))
    t.do(c.EndStep())

    # Sphere 1: super sub rolls 3 (hit): the US loses its submarine, at once, without firing back.
    t.do(c.Fire(battle="Hawaiian Waters"), 3)
    t.do(c.ChooseCasualties(battle="Hawaiian Waters", units={"submarine": 1}))
    # Fighter 3 (hit), battleship 2 (hit): carrier and fighter behind the line; they fire 5 and 6.
    t.do(c.Fire(battle="Hawaiian Waters"), 3, 2)
    end = t.do(c.Fire(battle="Hawaiian Waters"), 5, 6)
    assert _of(end, ev.BattleEnded)[0].outcome == "attacker_won"
    assert t.count("Hawaiian Waters", "usa", "aircraft_carrier") == 0
    assert t.state.controller("Hawaiian Islands") == "usa"

    # Sphere 2: support shot 5 (miss); infantry 3, 6; US 2 (hit); Japan 1 (hit); US 2 (hit): both destroyed.
    t.do(c.Fire(battle="Midway"), 5)
    t.do(c.Fire(battle="Midway"), 3, 6)
    t.do(c.Fire(battle="Midway"), 2)
    t.do(c.Fire(battle="Midway"), 1)
    end = t.do(c.Fire(battle="Midway"), 2)
    assert _of(end, ev.BattleEnded)[0].outcome == "both_destroyed"
    assert t.state.controller("Midway") == "usa"
    assert t.count("Midway Waters", "japan", "battleship") == 1

    # Sphere 3: infantry 3, 2; fighters 6, 5; bomber 4 (hit): USSR infantry behind the line.
    t.do(c.Fire(battle="Manchuria"), 3, 2, 6, 5, 4)
    t.do(c.ChooseCasualties(battle="Manchuria", units={"infantry": 1}))
    # The USSR fires 2, 1: two hits; Japan keeps a land unit: it loses 1 infantry and 1 fighter (Japan's).
    t.do(c.Fire(battle="Manchuria"), 2, 1)
    t.do(c.ChooseCasualties(battle="Manchuria", ids=(t.ids("Manchuria", "japan", "infantry")[0], japan_fighter)))
    # Round 2: infantry 1 (hit): the tank behind the line fires 4 (miss). Japan retakes Manchuria: 22 -> 25.
    t.do(c.Fire(battle="Manchuria"), 1, 6, 6)
    end = t.do(c.Fire(battle="Manchuria"), 4)
    taken = _of(end, ev.TerritoryCaptured)[0]
    assert taken.controller == "japan" and taken.production == {"ussr": -3, "japan": 3}
    assert t.state.production["japan"] == 25
    t.do(c.EndStep())

    # Action 4: the fighter back to the carrier at the Carolines, the other to Kwangtung, the bomber to Japan;
    # a transport takes the 2 Philippine infantry to Kwangtung.
    t.do(c.Move(path=("Hawaiian Waters", "Solomon Waters", "Caroline Waters"), units={"fighter": 1}))
    t.do(c.Move(path=("Manchuria", "Kwangtung"), units={"fighter": 1}))
    t.do(c.Move(path=("Manchuria", "Sea of Japan", "Japan"), units={"bomber": 1}))
    t.do(c.Load(territory="Philippines", zone="Philippine Waters", units={"infantry": 2}))
    t.do(c.Move(path=("Philippine Waters", "South China Sea"), units={"transport": 1}))
    t.do(c.Unload(zone="South China Sea", territory="Kwangtung"))
    t.do(c.EndStep())
    assert t.count("Kwangtung", "japan", "infantry") == 2 and t.count("Kwangtung", "japan", "fighter") == 1
    assert not _of(t.log[-3:], ev.AircraftLost)

    # Action 5: the fighter in Japan, the submarine in the sea zone next to Japan.
    t.do(c.Place(space="Japan", units={"fighter": 1}))
    t.do(c.Place(space="Sea of Japan", units={"submarine": 1}))
    t.do(c.EndStep())
    # Action 6: Japan's production level is 25 again; it collects 25.
    income = _of(t.do(c.EndStep()), ev.IncomeCollected)[0]
    assert income.amount == 25 and t.state.treasury["japan"] == 25
    assert t.state.power == "usa"


def test_annex_ii_blitz_through_french_equatorial_africa():
    t = Table()
    t.until("germany", "combat_move")
    events = t.do(c.Move(path=("Libya", "French Equatorial Africa", "Anglo-Egyptian Sudan"), units={"armour": 1}))
    blitzed = _of(events, ev.TerritoryCaptured)[0]
    assert blitzed.territory == "French Equatorial Africa" and blitzed.method == "blitz"
    assert t.state.controller("French Equatorial Africa") == "germany"
    assert _of(events, ev.BattleJoined)[0].space == "Anglo-Egyptian Sudan"


def test_annex_ii_transport_from_eastern_us_to_algeria():
    t = Table()
    t.until("usa", "purchase")
    t.edit(remove=(spec("Iberian Atlantic", "germany", "submarine"),))  # the example's zone is empty
    t.until("usa", "combat_move")
    t.do(c.Load(territory="Eastern United States", zone="Eastern Seaboard", units={"armour": 1}))
    t.do(c.Move(path=("Eastern Seaboard", "Hudson Bay", "Iberian Atlantic"), units={"transport": 1}))
    events = t.do(c.Unload(zone="Iberian Atlantic", territory="Algeria"))
    assert _of(events, ev.BattleJoined)[0].amphibious
    assert t.count("Algeria", "usa", "armour") == 1


def test_annex_ii_fighter_ranges():
    """UK -> sea zone -> Western Europe (held by the Allies) -> Germany = 3 spaces, back to Western Europe = 4.
    With Western Europe still German there is no landing within the fourth move: refused (no kamikaze)."""
    t = Table()
    t.until("uk", "combat_move")
    path = ("United Kingdom", "North Sea", "Western Europe", "Germany")
    try:
        t.do(c.Move(path=path, units={"fighter": 1}))
    except Refused as refusal:
        assert refusal.rule == "A&A §7.8"
    else:
        raise AssertionError("no landing in reach")
    t.edit(
        remove=(
            spec("Western Europe", "germany", "infantry", 2),
            spec("Western Europe", "germany", "armour", 2),
            spec("Western Europe", "germany", "fighter"),
            spec("Western Europe", "germany", "aa_gun"),
        ),
        control={"Western Europe": "uk"},
    )
    t.do(c.Move(path=path, units={"fighter": 1}))
    fighter = t.state.battles["Germany"].units[0]
    assert t.state.mark(fighter).used == 3


def test_annex_ii_hawaii_to_midway_and_back_is_too_far():
    t = Table()
    t.until("japan", "purchase")
    t.edit(add=(spec("Hawaiian Islands", "japan", "fighter"), spec("Midway", "japan", "infantry")),
           remove=(spec("Hawaiian Islands", "usa", "infantry"),), control={"Hawaiian Islands": "japan", "Midway": "japan"})
    t.edit(remove=(spec("Hawaiian Waters", "usa", "fighter"), spec("Hawaiian Waters", "usa", "aircraft_carrier"),
                   spec("Hawaiian Waters", "usa", "submarine")), add=(spec("Midway", "usa", "infantry"),),
           control={"Midway": "usa"})
    t.edit(remove=(spec("Midway", "japan", "infantry"),))
    t.until("japan", "combat_move")
    # Hawaiian Islands -> Midway is 3 spaces; 3 back makes 6: no landing within reach, refused.
    try:
        t.do(c.Move(path=("Hawaiian Islands", "Hawaiian Waters", "Midway Waters", "Midway"), units={"fighter": 1}))
    except Exception as refusal:  # noqa: BLE001 - the refusal is what we test
        assert "kamikaze" in str(refusal) and "§7.8" in str(refusal)
    else:
        raise AssertionError("the fighter had no landing in reach")


def test_annex_ii_fighter_lands_on_carrier_that_moved():
    """Carrier at Wake: fighter -> Carolines zone -> Philippines zone -> Philippines (attack); the carrier moves
    Wake -> Carolines -> Philippines zone in the non-combat move and the fighter lands on it as its 4th move."""
    t = Table()
    t.until("usa", "purchase")
    t.edit(add=(spec("Wake Waters", "usa", "aircraft_carrier"), spec("Wake Waters", "usa", "fighter")))
    t.edit(remove=(spec("Philippines", "japan", "fighter"),))
    t.edit(remove=(spec("Caroline Waters", "japan", "fighter"), spec("Caroline Waters", "japan", "battleship"),
                   spec("Caroline Waters", "japan", "aircraft_carrier"), spec("Philippine Waters", "japan", "transport")))
    t.until("usa", "combat_move")
    fighter = t.ids("Wake Waters", "usa", "fighter")[0]
    t.do(c.Move(path=("Wake Waters", "Caroline Waters", "Philippine Waters", "Philippines"), ids=(fighter,)))
    t.do(c.EndStep())
    b = "Philippines"
    t.do(c.Fire(battle=b), 6)  # fighter misses
    t.do(c.Fire(battle=b), 6, 6)  # two Japanese infantry miss
    # Rounds 2 and 3: the fighter hits each time and clears the island (aircraft cannot take it).
    t.do(c.Fire(battle=b), 1)
    t.do(c.Fire(battle=b), 6, 6)
    t.do(c.Fire(battle=b), 1)
    t.do(c.Fire(battle=b), 6)
    assert t.state.battles[b].outcome == "cleared" and t.state.controller(b) == "japan"
    t.do(c.EndStep())
    t.do(c.Move(path=("Wake Waters", "Caroline Waters", "Philippine Waters"), units={"aircraft_carrier": 1}))
    t.do(c.Move(path=("Philippines", "Philippine Waters"), ids=(fighter,)))
    assert t.state.units[fighter].aboard and t.state.mark(fighter).used == 4
    t.do(c.EndStep())
    assert fighter in t.state.units


def test_annex_ii_strategic_bombing_raid():
    """A UK bomber avoids Western Europe, reaches Germany over two sea zones, survives AA, rolls 6: Germany pays 6;
    it returns 3 spaces to the UK (6 in all)."""
    t = Table()
    t.until("uk", "combat_move")
    t.do(c.Move(path=("United Kingdom", "North Sea", "Baltic Sea", "Germany"), units={"bomber": 1}, bombing=True), 2)
    t.do(c.EndStep())
    before = t.state.treasury["germany"]
    t.do(c.Fire(battle="Germany/bombing"), 3)  # AA misses
    events = t.do(c.Fire(battle="Germany/bombing"), 6)
    assert _of(events, ev.BombingDamage)[0].paid == 6
    assert t.state.treasury["germany"] == before - 6
    t.do(c.EndStep())
    t.do(c.Move(path=("Germany", "Baltic Sea", "North Sea", "United Kingdom"), units={"bomber": 1}))
    assert t.state.mark(t.ids("United Kingdom", "uk", "bomber")[0]).used == 6


def test_annex_ii_support_shot_on_midway():
    """Example 1: the battleship hits; the US infantry still fires back and kills one Japanese infantry; the other
    takes Midway."""
    t = Table()
    t.until("japan", "combat_move")
    t.do(c.Move(path=("Sea of Japan", "North Pacific", "Midway Waters"), units={"battleship": 1}))
    t.do(c.Load(territory="Japan", zone="Sea of Japan", units={"infantry": 2}))
    t.do(c.Move(path=("Sea of Japan", "North Pacific", "Midway Waters"), units={"transport": 1}))
    t.do(c.Unload(zone="Midway Waters", territory="Midway"))
    t.do(c.EndStep())
    t.do(c.Fire(battle="Midway"), 3)  # support shot hits: the US infantry goes behind the casualty line
    # Nothing is left for the landed infantry to hit; the casualty fires back: one Japanese infantry lost.
    end = t.do(c.Fire(battle="Midway"), 2)
    assert _of(end, ev.TerritoryCaptured)[0].territory == "Midway"
    assert t.count("Midway", "japan", "infantry") == 1


def test_odds_of_an_amphibious_assault_refuse_a_retreat_plan():
    """A&A §6.4: no retreat from an amphibious assault, so the odds cannot be planned with one; a land battle can."""
    from assistant.decider import Refused
    from assistant.games.aa_classic.odds import battle_odds, retreat_refusal

    t = Table()
    t.until("japan", "combat_move")
    t.do(c.Move(path=("Sea of Japan", "North Pacific", "Midway Waters"), units={"battleship": 1}))
    t.do(c.Load(territory="Japan", zone="Sea of Japan", units={"infantry": 2}))
    t.do(c.Move(path=("Sea of Japan", "North Pacific", "Midway Waters"), units={"transport": 1}))
    t.do(c.Unload(zone="Midway Waters", territory="Midway"))
    assert "§6.4" in retreat_refusal(t.state, "Midway")
    with pytest.raises(Refused, match="§6.4"):
        battle_odds(t.state, "Midway", retreat_at=1)
    odds = battle_odds(t.state, "Midway")
    assert odds.retreat == 0.0 and odds.attacking == {"infantry": 2}
    assert abs(odds.attacker_wins + odds.defender_wins + odds.draw + odds.retreat - 1) < 1e-9


def test_annex_ii_hawaii_needs_a_naval_battle_first():
    """Example 2: battleship + transport must first fight the US submarine; the battleship hits, the sub misses;
    then 2 infantry land without a support shot and take Hawaii."""
    t = Table()
    t.until("japan", "purchase")
    t.edit(remove=(spec("Hawaiian Waters", "usa", "fighter"), spec("Hawaiian Waters", "usa", "aircraft_carrier")))
    t.edit(remove=(spec("Caroline Waters", "japan", "battleship"),), add=(spec("Midway Waters", "japan", "battleship"),
        spec("Midway Waters", "japan", "transport")))
    t.edit(add=(spec("Midway", "japan", "infantry", 2),), remove=(spec("Midway", "usa", "infantry"),),
           control={"Midway": "japan"})
    t.until("japan", "combat_move")
    tr = t.ids("Midway Waters", "japan", "transport")[0]
    t.do(c.Load(territory="Midway", zone="Midway Waters", units={"infantry": 2}, transport=tr))
    t.do(c.Move(path=("Midway Waters", "Hawaiian Waters"), units={"battleship": 1, "transport": 1}))
    waiting = _of(t.do(c.Unload(zone="Hawaiian Waters", territory="Hawaiian Islands")), ev.UnitsUnloaded)[0]
    assert waiting.waiting
    t.do(c.EndStep())
    t.do(c.Fire(battle="Hawaiian Waters"), 1)  # battleship (4) hits, transport has no attack factor
    end = t.do(c.Fire(battle="Hawaiian Waters"), 6)  # the submarine misses
    assert _of(end, ev.LandingMade)
    assert t.state.battles["Hawaiian Islands"].amphibious
    from assistant.games.aa_classic.moves.battle import next_action

    assert next_action(t.state, t.state.battles["Hawaiian Islands"]) == ("fire", "attack")  # no support shot
    t.do(c.Fire(battle="Hawaiian Islands"), 1, 6)
    end = t.do(c.Fire(battle="Hawaiian Islands"), 6)
    assert _of(end, ev.TerritoryCaptured)[0].controller == "japan"


def test_individual_winner_example():
    """USSR 24 -> 29 = 20.8 %, UK 30 -> 45 = 50 %, USA 36 -> 45 = 25 %: the UK is the individual winner."""
    assert percentage(24, 29) == 20.8 and percentage(30, 45) == 50.0 and percentage(36, 45) == 25.0
    assert percentage(32, 59) == 84.3 and percentage(24, 28) == 16.6
    t = Table()
    t.until("ussr", "purchase")
    t.edit(production={"ussr": 5, "uk": 15, "usa": 9})
    pct, winner = individual(t.state, "allies")
    assert winner == "uk" and pct["ussr"] == 20.8 and pct["usa"] == 25.0
