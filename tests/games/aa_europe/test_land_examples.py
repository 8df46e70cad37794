"""The rulebook's land, air and economy examples, played move by move with the dice the text gives."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.aa_europe import commands as c
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.moves.battle import next_action
from assistant.games.aa_europe.moves.forces import dice_for
from tests.games.aa_europe.table import Table, of, spec


def test_capital_capture_and_recapture():
    """[E L44] Germany takes Moscow: +2 / -2 and every Soviet IPC; the USSR cannot buy; it retakes Moscow with
    2 armour, 1 infantry, 1 artillery against a lone German armour and collects its full income that very turn."""
    t = Table()
    t.until("germany", "combat_move")
    t.clear("Moscow", "Russia")
    t.edit(add=(spec("Russia", "germany", "armour"),), control={"Russia": "germany"})
    soviet_money = t.state.treasury["ussr"]
    germany_before, ussr_before = t.state.income("germany"), t.state.income("ussr")
    done = t.do(c.Move(path=("Russia", "Moscow"), units={"armour": 1}))
    seized = of(done, ev.CapitalCaptured)[0]
    assert seized.seized == soviet_money > 0 and t.state.treasury["ussr"] == 0
    assert t.state.income("germany") == germany_before + 2 and t.state.income("ussr") == ussr_before - 2
    t.until("ussr", "purchase")
    with pytest.raises(Refused, match="cost 3 IPC; Soviet Union has 0"):
        t.do(c.Purchase(units={"infantry": 1}))
    t.do(c.EndPhase())
    t.clear("Belorussia")
    t.edit(add=(spec("Belorussia", "ussr", "armour", 2), spec("Belorussia", "ussr", "infantry"),
                spec("Belorussia", "ussr", "artillery")))
    t.do(c.Move(path=("Belorussia", "Moscow"), units={"armour": 2, "infantry": 1, "artillery": 1}))
    t.do(c.EndPhase())
    t.do(c.Fire(battle="Moscow"), 1, 1, 1, 1)
    t.do(c.Fire(battle="Moscow"), 6)
    assert t.state.controller("Moscow") == "ussr" and t.state.income("ussr") == ussr_before
    t.until("ussr", "income")
    done = t.do(c.EndPhase())
    assert of(done, ev.IncomeCollected)[0].amount == ussr_before


def test_middle_east_column():
    """[E L80] Germany holds Egypt, takes Trans-Jordan (2) and Syria (1): the column reads 4; the United States
    pays 3, Great Britain 1, the USSR nothing; the Allies' chart levels do not move [T L78]."""
    t = Table()
    t.until("germany", "combat_move")
    t.clear("Egypt", "Trans-Jordan", "Syria", "Palestine", "Iraq")
    t.edit(control={"Egypt": "germany"}, add=(spec("Egypt", "germany", "armour"), spec("Palestine", "germany", "infantry"),
                                               spec("Palestine", "germany", "artillery")))
    t.edit(control={"Palestine": "germany"})
    levels = {p: t.state.income(p) for p in ("germany", "uk", "usa", "ussr")}
    t.do(c.Move(path=("Egypt", "Palestine", "Trans-Jordan"), units={"armour": 1}))
    t.do(c.Move(path=("Palestine", "Syria"), units={"infantry": 1, "artillery": 1}))
    assert t.state.middle_east_column() == 1 + 0 + 2 + 1
    assert {p: t.state.income(p) for p in levels} == levels
    t.until("germany", "income")
    with pytest.raises(Refused, match="owe Germany 4 IPC"):
        t.do(c.EndPhase())
    with pytest.raises(Refused, match="adds up to 3"):
        t.do(c.EndPhase(middle_east={"usa": 3}))
    germany = t.state.treasury["germany"]
    done = t.do(c.EndPhase(middle_east={"usa": 3, "uk": 1}))
    paid = of(done, ev.MiddleEastPaid)[0]
    assert paid.payers == {"usa": 3, "uk": 1} and paid.shortfall == 0
    assert t.state.treasury["germany"] == germany + levels["germany"] + 4


def test_aa_fire_over_belorussia_and_at_stalingrad():
    """[E L84] Two German fighters fly over Belorussia's AA gun (1, 5: one lost) to support an armour at
    Stalingrad; its two AA guns roll one die per aircraft (5: miss); the guns become German and cannot move.
    On our board Poland is three moves from Stalingrad, so the fighters fly from East Poland (then German)."""
    t = Table()
    t.until("germany", "combat_move")
    t.clear("Stalingrad", "Ukraine S.S.R.", "Belorussia", "East Poland")
    t.edit(add=(spec("Stalingrad", "ussr", "infantry"), spec("Stalingrad", "ussr", "aa_gun", 2),
                spec("Belorussia", "ussr", "aa_gun"), spec("Ukraine S.S.R.", "germany", "armour"),
                spec("East Poland", "germany", "fighter", 2)), control={"Ukraine S.S.R.": "germany", "East Poland": "germany"})
    t.until("ussr", "purchase")
    t.until("germany", "combat_move")  # East Poland now held since the start of Germany's turn
    done = t.do(c.Move(path=("East Poland", "Belorussia", "Stalingrad"), units={"fighter": 2}, aa_faces=(1, 5)))
    assert len(of(done, ev.AircraftShotDown)[0].units) == 1
    t.do(c.Move(path=("Ukraine S.S.R.", "Stalingrad"), units={"armour": 1}))
    t.do(c.EndPhase())
    b = t.state.battles["Stalingrad"]
    assert next_action(t.state, b) == ("fire", "aa") and len(dice_for(t.state, b, "aa")) == 1
    t.do(c.Fire(battle="Stalingrad"), 5)
    t.do(c.Fire(battle="Stalingrad"), 2, 3)  # armour and fighter sweep the infantry
    done = t.do(c.Fire(battle="Stalingrad"), 6)
    captured = of(done, ev.TerritoryCaptured)[0]
    assert len(captured.aa_guns) == 2 and t.count("Stalingrad", "germany", "aa_gun") == 2
    t.do(c.EndPhase())
    with pytest.raises(Refused):
        t.do(c.Move(path=("Stalingrad", "Ukraine S.S.R."), units={"aa_gun": 1}))
    # In the non-combat move the fighter goes back over Belorussia without being fired at.
    done = t.do(c.Move(path=("Stalingrad", "Belorussia", "East Poland"), units={"fighter": 1}))
    assert not of(done, ev.AircraftShotDown) and t.count("East Poland", "germany", "fighter") == 1


def test_artillery_support():
    """[E L88] 2 infantry and 1 artillery attack Rumania: the artillery and one infantry at 2, the other at 1; the
    German artillery gives its infantry nothing on defence."""
    t = Table()
    t.until("ussr", "combat_move")
    t.clear("Rumania", "Bessarabia")
    t.edit(add=(spec("Rumania", "germany", "infantry"), spec("Rumania", "germany", "artillery"),
                spec("Bessarabia", "ussr", "infantry", 2), spec("Bessarabia", "ussr", "artillery")))
    t.do(c.Move(path=("Bessarabia", "Rumania"), units={"infantry": 2, "artillery": 1}))
    t.do(c.EndPhase())
    b = t.state.battles["Rumania"]
    assert sorted(d[1] for d in dice_for(t.state, b, "attack")) == [1, 2, 2]
    assert sorted(d[1] for d in dice_for(t.state, b, "defence:germany")) == [2, 2]


def test_blitz_through_east_poland():
    """[E L91] An armour goes Poland -> East Poland (Soviet, empty: captured at once) -> Baltic States, where it joins
    the infantry and artillery attacking from Poland."""
    t = Table()
    t.until("germany", "combat_move")
    t.clear("East Poland")
    before = t.state.income("germany")
    t.do(c.Move(path=("Poland", "Baltic States"), units={"infantry": 1, "artillery": 1}))
    done = t.do(c.Move(path=("Poland", "East Poland", "Baltic States"), units={"armour": 1}))
    assert of(done, ev.TerritoryCaptured)[0].method == "blitz"
    assert t.state.controller("East Poland") == "germany" and t.state.income("germany") == before + 1
    assert len(t.state.battles["Baltic States"].units) == 3


def test_no_blitz_through_an_aa_gun():
    """[T L86] AA guns alone make a territory occupied for the blitz."""
    t = Table()
    t.until("germany", "combat_move")
    t.clear("East Poland")
    t.edit(add=(spec("East Poland", "ussr", "aa_gun"),))
    with pytest.raises(Refused, match="blitz"):
        t.do(c.Move(path=("Poland", "East Poland", "Baltic States"), units={"armour": 1}))


def test_placement_example():
    """[E L75] Germany, holding Leningrad since the start of its turn, places a fighter there (capacity 1), two
    armour in Germany and two submarines in the Danish Sea beside a British destroyer; the USSR places its infantry
    at Archangel and Moscow without limit, and cannot place more than it bought."""
    t = Table()
    t.until("germany", "purchase")
    t.clear("Leningrad")
    t.edit(control={"Leningrad": "germany"}, treasury={"germany": 100})
    t.until("ussr", "purchase")
    t.until("germany", "purchase")
    t.do(c.Purchase(units={"fighter": 2, "armour": 2, "submarine": 2}))
    t.edit(add=(spec("Danish Sea", "uk", "destroyer"),))
    t.until("germany", "placement")
    t.do(c.Place(space="Leningrad", units={"fighter": 1}))
    with pytest.raises(Refused, match="can produce 0 more"):
        t.do(c.Place(space="Leningrad", units={"fighter": 1}))
    t.do(c.Place(space="Germany", units={"armour": 2, "fighter": 1}))
    t.do(c.Place(space="Danish Sea", units={"submarine": 2}))
    assert t.count("Danish Sea", "germany", "submarine") >= 2 and not t.state.purchased
    t.until("ussr", "purchase")
    t.edit(treasury={"ussr": 21})
    t.do(c.Purchase(units={"infantry": 7}))
    t.until("ussr", "placement")
    t.do(c.Place(space="Archangel", units={"infantry": 2}))
    t.do(c.Place(space="Moscow", units={"infantry": 5}))
    with pytest.raises(Refused, match="0 infantry to place"):
        t.do(c.Place(space="Stalingrad", units={"infantry": 1}))  # the example's eighth infantry (digest C5)


def test_captured_complex_capacity():
    """[T L86] Germany holding Stalingrad since the start of the turn may place one unit there."""
    t = Table()
    t.until("germany", "purchase")
    t.clear("Stalingrad")
    t.edit(control={"Stalingrad": "germany"}, treasury={"germany": 50})
    t.until("ussr", "purchase")
    t.until("germany", "purchase")
    t.do(c.Purchase(units={"infantry": 2}))
    t.until("germany", "placement")
    t.do(c.Place(space="Stalingrad", units={"infantry": 1}))
    with pytest.raises(Refused, match="its territory's value"):
        t.do(c.Place(space="Stalingrad", units={"infantry": 1}))


def test_great_patriotic_war():
    """[E L70] Britain flies fighters to Leningrad and the Baltic States; in its non-combat move the USSR replaces
    one with a Soviet fighter, which cannot move this turn and stays Soviet."""
    t = Table()
    t.until("uk", "noncombat_move")
    t.edit(add=(spec("Leningrad", "uk", "fighter"), spec("Baltic States", "uk", "fighter")))
    t.until("ussr", "noncombat_move")
    fighter = t.ids("Leningrad", "uk", "fighter")[0]
    with pytest.raises(Refused, match="Soviet territory"):
        t.do(c.TakeOver(territory="Finland", ids=(fighter,)))
    t.do(c.TakeOver(territory="Leningrad", ids=(fighter,)))
    assert t.state.units[fighter].owner == "ussr"
    with pytest.raises(Refused):
        t.do(c.Move(path=("Leningrad", "Karelia"), ids=(fighter,)))
    t.until("germany", "purchase")
    t.until("ussr", "noncombat_move")
    t.do(c.Move(path=("Leningrad", "Karelia"), ids=(fighter,)))
    assert t.state.units[fighter].owner == "ussr"


def test_neutral_territory_is_closed():
    t = Table()
    t.until("germany", "combat_move")
    with pytest.raises(Refused, match="neutral"):
        t.do(c.Move(path=("France", "Spain"), units={"infantry": 1}))
    with pytest.raises(Refused, match="neutral"):
        t.do(c.Move(path=("Germany", "Switzerland", "France"), units={"fighter": 1}))


def test_aa_guns_fire_at_aircraft_withdrawing():
    """[T L32] Aircraft retreating over enemy territory are still exposed to AA fire; others flying in the
    non-combat move are not [T L68]."""
    t = Table()
    t.until("germany", "combat_move")
    t.clear("Belorussia", "East Poland", "Baltic States")
    t.edit(add=(spec("Belorussia", "ussr", "infantry", 3), spec("Baltic States", "ussr", "aa_gun"),
                spec("East Poland", "germany", "fighter")), control={"East Poland": "germany"})
    t.until("ussr", "purchase")
    t.until("germany", "combat_move")
    fighter = t.ids("East Poland", "germany", "fighter")[0]
    t.do(c.Move(path=("East Poland", "Belorussia"), units={"fighter": 1}))
    t.do(c.EndPhase())
    t.do(c.Fire(battle="Belorussia"), 6)
    t.do(c.Fire(battle="Belorussia"), 6, 6, 6)
    t.do(c.Retreat(battle="Belorussia", to=""))
    t.do(c.EndPhase())
    done = t.do(c.Move(path=("Belorussia", "Baltic States", "Poland"), units={"fighter": 1}, aa_faces=(1,)))
    assert of(done, ev.AircraftShotDown)[0].units == (fighter,) and fighter not in t.state.units


def test_the_board_as_a_set_up_file_starts_a_new_game():
    import tomllib

    from assistant.games.aa_europe.files import setup_file

    t = Table()
    t.until("germany", "combat_move")
    t.do(c.Move(path=("Poland", "East Poland"), units={"infantry": 1}))
    name, text, media = setup_file(t.state)
    again = Table(units=tomllib.loads(text))
    assert name.endswith(".toml") and media == "application/toml"
    assert again.count("East Poland", "germany", "infantry") == 1
    assert len(again.state.units) == len(t.state.units)


@pytest.mark.parametrize("carrier_comes", [True, False])
def test_a_fighter_waiting_at_sea_for_its_carrier(carrier_comes):
    """[T L93, L98] A fighter may end its move at sea counting on a carrier that moves there in the non-combat
    move; without it, the fighter is lost at the end of the move."""
    t = Table()
    t.until("uk", "noncombat_move")
    t.clear("Celtic Sea", "Atlantic")
    t.edit(add=(spec("Atlantic", "uk", "carrier"),))
    fighter = t.ids("United Kingdom", "uk", "fighter")[0]
    t.do(c.Move(path=("United Kingdom", "Celtic Sea"), ids=(fighter,)))
    if carrier_comes:
        t.do(c.Move(path=("Atlantic", "Celtic Sea"), units={"carrier": 1}))
    done = t.do(c.EndPhase())
    assert (fighter in t.state.units) is carrier_comes
    assert bool(of(done, ev.AircraftLost)) is not carrier_comes
