"""The cash advance, a scripted first round for all four powers, income lines, victory held and broken, refusals."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.aa_europe import commands as c
from assistant.games.aa_europe import events as ev
from tests.games.aa_europe.table import Table, of, spec


def test_cash_advance():
    """[T L26] 12 IPC to Germany, 12 to the Allies split as they agree; Germany buys and places first, then the
    Allies; units go where the buyer already has a unit; what is not spent is added to the starting income."""
    t = Table()
    with pytest.raises(Refused, match="Germany first"):
        t.do(c.BuyWithAdvance(power="uk", space="United Kingdom", units={"infantry": 1}))
    with pytest.raises(Refused, match="no unit in Sweden|neutral|no unit"):
        t.do(c.BuyWithAdvance(power="germany", space="Spain", units={"infantry": 1}))
    with pytest.raises(Refused, match="cost 15 IPC; Germany has 12"):
        t.do(c.BuyWithAdvance(power="germany", space="Germany", units={"infantry": 5}))
    with pytest.raises(Refused, match="cannot be placed"):
        t.do(c.BuyWithAdvance(power="germany", space="Germany", units={"submarine": 1}))
    done = t.do(c.BuyWithAdvance(power="germany", space="Bay of Biscay", units={"submarine": 1}))
    assert of(done, ev.UnitsPlaced)[0].complex == "" and t.state.treasury["germany"] == 4
    t.do(c.EndAdvance())
    with pytest.raises(Refused, match="split their 12 IPC first"):
        t.do(c.BuyWithAdvance(power="uk", space="United Kingdom", units={"infantry": 1}))
    with pytest.raises(Refused, match="adds up to 10"):
        t.do(c.SplitAdvance(amounts={"uk": 5, "usa": 5}))
    t.do(c.SplitAdvance(amounts={"uk": 5, "usa": 0, "ussr": 7}))
    t.do(c.BuyWithAdvance(power="uk", space="Egypt", units={"armour": 1}))  # no complex needed
    with pytest.raises(Refused, match="no unit in Poland"):
        t.do(c.BuyWithAdvance(power="ussr", space="Poland", units={"infantry": 1}))
    t.do(c.BuyWithAdvance(power="ussr", space="Karelia", units={"infantry": 2}))
    done = t.do(c.EndAdvance())
    paid = of(done, ev.StartingIncomePaid)[0]
    assert paid.amounts == {"germany": 40, "ussr": 24, "uk": 25, "usa": 40}
    assert t.state.treasury == {"germany": 44, "ussr": 25, "uk": 25, "usa": 40}
    assert (t.state.round, t.state.power, t.state.phase) == (1, "germany", "purchase")
    with pytest.raises(Refused, match="cash advance is over"):
        t.do(c.EndAdvance())


def test_a_scripted_first_round():
    """Round 1 for the four powers: purchase, attacks, captures, non-combat moves, placement, phase 6, income."""
    t = Table()
    t.start({"ussr": 6, "uk": 6})
    # Germany: buys, takes East Poland by blitz, attacks the Baltic States, places, collects.
    t.do(c.Purchase(units={"infantry": 4, "armour": 2}))
    t.do(c.EndPhase())
    t.do(c.Move(path=("Poland", "Baltic States"), units={"infantry": 6, "artillery": 1}))
    t.do(c.Move(path=("Poland", "Baltic States"), units={"armour": 2}))
    t.do(c.EndPhase())
    t.do(c.Fire(battle="Baltic States"), 1, 1, 1, 6, 6, 6, 6, 6, 6)
    t.do(c.Fire(battle="Baltic States"), 6, 6, 6)
    assert t.state.controller("Baltic States") == "germany"
    t.do(c.EndPhase())
    t.do(c.Move(path=("Germany", "Poland"), units={"infantry": 2}))
    t.do(c.EndPhase())
    t.do(c.Place(space="Germany", units={"infantry": 4, "armour": 2}))
    t.do(c.EndPhase())
    assert t.state.phase == "income"
    done = t.do(c.EndPhase())
    assert of(done, ev.IncomeCollected)[0].amount == 41 and t.state.power == "ussr"
    # USSR: buys infantry, counter-attacks nothing, places at Moscow.
    t.do(c.Purchase(units={"infantry": 10}))
    t.until("ussr", "placement")
    t.do(c.Place(space="Moscow", units={"infantry": 10}))
    t.until("ussr", "income")
    done = t.do(c.EndPhase())
    assert of(done, ev.IncomeCollected)[0].amount == 23  # the Baltic States (1) lost
    # Great Britain: a bomber raid would need a target in range; it buys a fighter and places it in Canada.
    t.do(c.Purchase(units={"fighter": 1}))
    t.until("uk", "placement")
    t.do(c.Place(space="Canada", units={"fighter": 1}))
    t.until("uk", "income")
    t.do(c.EndPhase())
    # The United States: buys a transport, placed off its coast.
    t.do(c.Purchase(units={"transport": 1}))
    t.until("usa", "placement")
    t.do(c.Place(space="U.S. Eastern Coast", units={"transport": 1}))
    t.until("usa", "income")
    done = t.do(c.EndPhase())
    assert of(done, ev.TurnStarted)[0].round == 2 and t.state.power == "germany"


def test_convoy_losses_are_income_lines():
    t = Table()
    t.until("germany", "combat_move")
    w = t.state.world
    centre = next(n for n, s in sorted(w.spaces.items()) if s.convoy and s.owner == "uk" and w.adjacent(n, "Azores Sea"))
    t.clear(centre)
    t.do(c.Move(path=("Azores Sea", centre), units={"submarine": 1}))
    t.until("uk", "income")
    done = t.do(c.EndPhase())
    collected = of(done, ev.IncomeCollected)[0]
    assert collected.convoy_losses == {centre: w.value(centre)}
    assert collected.amount == 25 - w.value(centre) == sum(collected.lines.values())
    assert centre not in collected.lines


def test_german_victory_held_until_its_next_turn():
    t = Table()
    t.until("germany", "combat_move")
    t.clear("Moscow", "Russia")
    t.edit(add=(spec("Russia", "germany", "armour"),), control={"Russia": "germany"})
    done = t.do(c.Move(path=("Russia", "Moscow"), units={"armour": 1}))
    assert of(done, ev.VictoryArmed)[0].capital == "Moscow"
    t.until("usa", "income")
    done = t.do(c.EndPhase())
    won = of(done, ev.VictoryDeclared)[0]
    assert won.winners == ("germany",) and t.state.victory is not None
    with pytest.raises(Refused, match="game is over"):
        t.do(c.Purchase(units={"infantry": 1}))


def test_victory_broken_by_recapture():
    t = Table()
    t.until("germany", "combat_move")
    t.clear("Moscow", "Russia")
    t.edit(add=(spec("Russia", "germany", "armour"),), control={"Russia": "germany"})
    t.do(c.Move(path=("Russia", "Moscow"), units={"armour": 1}))
    t.until("ussr", "combat_move")
    t.do(c.Move(path=("Belorussia", "Moscow"), units={"infantry": 4}))
    t.do(c.EndPhase())
    t.do(c.Fire(battle="Moscow"), 1, 6, 6, 6)
    done = t.do(c.Fire(battle="Moscow"), 6)
    assert t.state.controller("Moscow") == "ussr"
    assert of(done, ev.VictoryLapsed)[0].reason == "Soviet Union took Moscow from Germany"  # at once, not later
    t.until("usa", "income")
    t.do(c.EndPhase())
    assert t.state.victory is None and not t.state.armed


def _play_until_won(t: Table) -> None:
    for _ in range(40):
        if t.state.victory is not None:
            return
        t.do(c.EndPhase())
    raise AssertionError("no victory")


def test_allied_victory_is_collective_and_names_the_largest_increase():
    t = Table()
    t.until("uk", "combat_move")
    t.clear("Germany")
    t.edit(add=(spec("Netherlands-Belgium", "uk", "armour"),), control={"Netherlands-Belgium": "uk"})
    t.do(c.Move(path=("Netherlands-Belgium", "Germany"), units={"armour": 1}))
    _play_until_won(t)
    won = of(t.log, ev.VictoryDeclared)[0]
    assert won.winners == ("ussr", "uk", "usa") and won.mode == "collective"
    assert won.individual_winner == ("uk",) and won.increases["uk"] == 6 + 2


def test_western_variant():
    """[T L13] translator's variant: Britain or the U.S. taking Germany win together, without the USSR."""
    t = Table(western_variant=True)
    t.until("uk", "combat_move")
    t.clear("Germany")
    t.edit(add=(spec("Netherlands-Belgium", "uk", "armour"),), control={"Netherlands-Belgium": "uk"})
    t.do(c.Move(path=("Netherlands-Belgium", "Germany"), units={"armour": 1}))
    _play_until_won(t)
    won = of(t.log, ev.VictoryDeclared)[0]
    assert won.winners == ("uk", "usa") and won.mode == "western_joint"


@pytest.mark.parametrize(
    "command, match",
    [
        (c.Purchase(units={"industrial_complex": 1}), "cannot be bought"),
        (c.Purchase(units={"infantry": 500}), "1 to 200"),
        (c.Purchase(units={"tank": 1}), "no unit type"),
        (c.Move(path=("Germany",), units={"infantry": 1}), "phase"),
        (c.Place(space="Germany", units={"infantry": 1}), "placement phase"),
        (c.Edit(reason=" ", treasury={"germany": 1}), "reason"),
    ],
)
def test_refusals_name_the_rule(command, match):
    t = Table()
    t.until("germany", "purchase")
    with pytest.raises(Refused, match=match) as caught:
        t.do(command)
    assert caught.value.rule and caught.value.rule.startswith("A&A Europe §")


def test_an_allied_aa_gun_in_the_middle_east_moves_once_a_round():
    """[T L82] Any Ally may move an AA gun standing in an Allied-held Middle East country, once per round."""
    t = Table()
    t.until("ussr", "noncombat_move")
    t.edit(add=(spec("Iraq", "uk", "aa_gun"),))
    gun = t.ids("Iraq", "uk", "aa_gun")[0]
    t.do(c.Move(path=("Iraq", "Iran"), ids=(gun,)))
    assert t.state.units[gun].space == "Iran" and t.state.units[gun].owner == "uk"
    t.until("usa", "noncombat_move")
    t.edit(add=(spec("Iran", "usa", "infantry"),))
    with pytest.raises(Refused, match="already moved in the Middle East this round"):
        t.do(c.Move(path=("Iran", "Iraq"), ids=(gun,)))


def test_victory_lapses_when_the_home_is_lost():
    t = Table()
    t.until("germany", "combat_move")
    t.clear("Moscow", "Russia")
    t.edit(add=(spec("Russia", "germany", "armour"),), control={"Russia": "germany"})
    t.do(c.Move(path=("Russia", "Moscow"), units={"armour": 1}))
    t.until("uk", "combat_move")
    t.clear("Germany")
    t.edit(add=(spec("Netherlands-Belgium", "uk", "armour"),), control={"Netherlands-Belgium": "uk"})
    t.do(c.Move(path=("Netherlands-Belgium", "Germany"), units={"armour": 1}))
    t.until("usa", "income")
    done = t.do(c.EndPhase())
    lapsed = of(done, ev.VictoryLapsed)[0]
    assert lapsed.power == "germany" and "Germany" in lapsed.reason and t.state.victory is None


def test_an_occupied_convoy_centre_taken_after_a_sea_battle():
    """[T L61] An occupied centre is taken once every defender is sunk or submerged and a warship with an attack
    value is left; the owner loses its income."""
    t = Table()
    t.until("germany", "combat_move")
    w = t.state.world
    centre = next(n for n, s in sorted(w.spaces.items()) if s.convoy and s.owner == "usa")
    start = next(z for z in w.spaces[centre].borders if w.is_sea(z) and not w.spaces[z].convoy)
    t.clear(centre, start)
    t.edit(add=(spec(centre, "usa", "transport"), spec(start, "germany", "destroyer")))
    before = t.state.income("usa")
    t.do(c.Move(path=(start, centre), units={"destroyer": 1}))
    t.do(c.EndPhase())
    t.do(c.Fire(battle=centre), 1)
    done = t.do(c.Fire(battle=centre), 6)
    raided = of(done, ev.ConvoyRaided)[0]
    assert raided.zone == centre and t.state.income("usa") == before - w.value(centre)
