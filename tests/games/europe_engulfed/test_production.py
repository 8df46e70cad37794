"""Production phases computed by hand from the rules (EE 4.0), played through the assistant line by line."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed.commands import Advance, Buy, ResolveUBoats, RollWeather, TransferWerp
import assistant.games.europe_engulfed.events as ev
from tests.games.europe_engulfed.scenarios import game_options, mid_war
from tests.games.europe_engulfed.table import Table


def to_production(table: Table, nation: str) -> Table:
    while not (table.state.phase == "production" and table.state.step == nation):
        if table.state.phase == "weather" and not table.state.weather:
            table.do(RollWeather(), dice=[2, 5])
        else:
            table.settle_supply()
            table.do(Advance())
    return table


def lines(table: Table, nation: str) -> list[tuple[str, int]]:
    return [(line.kind, line.amount) for line in table.state.ledger(nation).lines]


def test_germany_sep_oct_1941_by_hand():
    """Germany, Sep/Oct 1941 (test board; Bavaria lost to the Allies):

    income    base 30 (4.14) - Bavaria lost 6 (4.12, 30/5 per area)            = 24
              Paris +2, Warsaw +2 (4.11), Kiev +1, Moscow +2 (4.13)             = 31
              Marseille is Axis but unoccupied: 0 (4.7 partisans)
              Ploesti +2 (9.15, minors joined earlier), Swedish ore +2 (9.14)    = 35
    maintenance 3 fleet points (Atlantic 2, Baltic 1) (4.2)                      = 32
    aid to Italy 5 (9.43)                                                         = 27
    new elite armor at 2 steps: cadre 2x2x2 = 8, second step 2x2 = 4 (4.43a/b)    = 15
    2 replacement infantry steps for g_inf4 in the Ruhr (home area: full OK)      = 13
    1 Special Action 5 (7.1; holds 2, cap 5 in 1941)                              =  8
    4 U-boats 4 (2.3: at most 8)                                                  =  4
    1 fighter 3 (2.3: at most 4 air points)                                       =  1
    forfeited 1 (4.1)                                                             =  0
    """
    t = to_production(Table(game_options(mid_war())), "germany")
    assert t.state.ledger("germany").balance == 35
    assert lines(t, "germany") == [
        ("base", 30), ("home_area_lost", -6), ("conquered_area", 2), ("conquered_area", 2), ("conquered_area", 1),
        ("conquered_area", 2), ("minor_income", 2), ("minor_income", 2)]
    t.do(TransferWerp(receiver="italy", amount=5))
    assert t.state.ledger("germany").balance == 27
    t.do(Buy(item="new_unit", kind="armor", elite=True, steps=2, max_steps=4, area="berlin", unit_id="g_elite1"))
    assert t.state.ledger("germany").balance == 15
    t.do(Buy(item="replacement", unit_id="g_inf4", qty=2))
    t.do(Buy(item="special_action"))
    t.do(Buy(item="uboat", qty=4))
    t.do(Buy(item="fighter"))
    assert t.state.ledger("germany").balance == 1
    t.do(Advance())
    led = t.state.ledger("germany")
    assert led.closed and led.balance == 0
    assert led.lines[-1].kind == "forfeit" and led.lines[-1].amount == -1
    assert [line.kind for line in led.lines[8:]] == [
        "naval_maintenance", "transfer_out", "purchase", "purchase", "purchase", "purchase", "purchase", "forfeit"]
    s = t.state
    assert s.units["g_elite1"].steps == 2 and s.units["g_elite1"].elite
    assert s.units["g_inf4"].steps == 4
    assert s.track.uboats == 29 and s.track.fighters["Axis"] == 5
    assert len(s.special_actions["germany"]) == 3
    assert s.pools["germany"]["elite armor:4"] == 0
    # the sender's and the receiver's ledgers are booked in the same phase (digest §6.2)
    italy = s.ledger("italy")
    assert ("transfer_in", 5) in [(line.kind, line.amount) for line in italy.lines]


def allied_1944() -> Table:
    """Mar/Apr 1944 on the test board: the U.S.A. at war, Leningrad lost, 25 U-boats at sea."""
    sc = mid_war("1944-03")
    sc["control"] = {**sc["control"], "leningrad": "Axis", "gibraltar": "Allied"}
    sc["wars"] = sc["wars"] + [["germany", "usa"], ["italy", "usa"]]
    return Table(game_options(sc))


def test_britain_mar_apr_1944_by_hand():
    """Great Britain, Mar/Apr 1944:

    income      base 24, London, Midlands and Scotland held and supplied (4.14)        = 24
                Alexandria held, occupied by a British unit, supplied (4.11)            = 26
    U.S. aid    15 sent by the U.S.A. in their phase just before (9.36)                = 41
    U-boats     ASW level 3, table 40% of 25 = 10 sunk (2.11); attack table 4 WERP      = 37
                15 U-boats left: no strategic-move penalty (2.13: full 20s only)
    maintenance 7 fleet points: Atlantic 3 British + 2 U.S. (9.32), Mediterranean 2    = 30
    lend-lease  4 to the USSR by Persia (9.352: 1 per Atlantic fleet point, 5; half of
                30 = 15 allowed by 9.35); 2 arrive                                      = 26
    new infantry, 3 steps: cadre 1x2 + 2 steps x1 + 3 x1 surcharge (4.43b, 9.38)      = 19
    1 bomber 5, 1 fighter 3 (2.3: 2 air points, 1 bomber)                               = 11
    flak +1 10 (4.61, once in 1944)                                                     =  1
    forfeited                                                                           =  0
    """
    t = to_production(allied_1944(), "usa")
    assert t.state.ledger("usa").balance == 40
    t.do(TransferWerp(receiver="britain", amount=15))
    t.do(Advance())
    assert t.state.step == "britain"
    assert lines(t, "britain")[:3] == [("base", 24), ("conquered_area", 2), ("transfer_in", 15)]
    with pytest.raises(Refused) as no_uboats:
        t.do(Buy(item="fighter"))
    assert no_uboats.value.rule == "EE 2.0"
    t.do(ResolveUBoats(percent=40, werp_loss=4), dice=[5, 3])
    assert t.state.track.uboats == 15 and t.state.ledger("britain").balance == 37
    t.do(TransferWerp(receiver="ussr", amount=4, route="persia"))
    assert t.state.ledger("britain").balance == 26
    t.do(Buy(item="new_unit", kind="infantry", steps=3, max_steps=4, area="london", unit_id="b_new"))
    assert t.state.ledger("britain").balance == 19
    t.do(Buy(item="bomber"))
    t.do(Buy(item="fighter"))
    t.do(Buy(item="flak"))
    assert t.state.ledger("britain").balance == 1
    t.do(Advance())
    led = t.state.ledger("britain", 27)
    assert [(line.kind, line.amount) for line in led.lines] == [
        ("base", 24), ("conquered_area", 2), ("transfer_in", 15), ("strategic_warfare", -4),
        ("naval_maintenance", -7), ("transfer_out", -4), ("purchase", -7), ("purchase", -5), ("purchase", -3),
        ("purchase", -10), ("forfeit", -1)]
    assert t.state.track.flak["britain"] == 2 and t.state.next_allowed["flak_britain"] == 1945


def test_ussr_mar_apr_1944_by_hand():
    """USSR, Mar/Apr 1944 (at war with Germany since before):

    income      base 34 (9.24c)                                                         = 34
                Moscow Axis -4, Kiev Axis -1, Leningrad Axis -1 (4.12, 4.14 note *)      = 28
                (the off-map half, 17, is never lost; on-map Baku 5 + six 1s = 11)
    lend-lease  4 sent by Britain by Persia, 2 sunk (9.352)                            = 30
    maintenance its Baltic fleet point has no supplied Soviet port: nothing due (4.2)  = 30
    2 new infantry at 4 steps in the Urals: cadre 2 + 3 steps = 5 each (4.43b; the 9.24d
                waiver ended in Jan/Feb 1943; no limit in the Urals, 4.42)               = 20
    1 armor replacement step for s_arm1 in Gorky: 2 (4.43)                              = 18
    2 Special Actions: 10 (7.11: holds 1, 3 allowed in 1944)                            =  8
    new cavalry at 1 step: cadre 1x2 = 2                                                =  6
    new militia at 3 steps: 3 (militia pay no cadre double, 4.43b)                      =  3
    forfeited 3 (4.1)                                                                   =  0
    """
    t = to_production(allied_1944(), "usa")
    t.do(TransferWerp(receiver="britain", amount=15))
    t.do(Advance())
    t.do(ResolveUBoats(percent=40, werp_loss=4), dice=[5, 3])
    t.do(TransferWerp(receiver="ussr", amount=4, route="persia"))
    t.do(Advance())
    assert t.state.step == "ussr"
    assert sorted(lines(t, "ussr")) == sorted([("base", 34), ("home_area_lost", -4), ("home_area_lost", -1),
                                               ("home_area_lost", -1), ("transfer_in", 4), ("lost_in_transit", -2)])
    lost = {line.area for line in t.state.ledger("ussr").lines if line.kind == "home_area_lost"}
    assert lost == {"moscow", "kiev", "leningrad"}
    assert t.state.ledger("ussr").balance == 30
    t.do(Buy(item="new_unit", kind="infantry", steps=4, max_steps=4, area="ural_mountains", unit_id="s_new1"))
    t.do(Buy(item="new_unit", kind="infantry", steps=4, max_steps=4, area="ural_mountains", unit_id="s_new2"))
    assert t.state.ledger("ussr").balance == 20
    t.do(Buy(item="replacement", unit_id="s_arm1"))
    t.do(Buy(item="special_action", qty=2))
    t.do(Buy(item="new_unit", kind="cavalry", steps=1, max_steps=3, area="ural_mountains", unit_id="s_cav"))
    t.do(Buy(item="new_unit", kind="militia", steps=3, max_steps=3, area="gorky", unit_id="s_mil"))
    assert t.state.ledger("ussr").balance == 3
    t.do(Advance())
    led = t.state.ledger("ussr", 27)
    assert ("naval_maintenance", 0) in [(line.kind, line.amount) for line in led.lines]
    assert led.lines[-1].amount == -3 and led.balance == 0
    assert len(t.state.special_actions["ussr"]) == 3


# ------------------------------------------------------------------ refusals name their rule


def germany_1941() -> Table:
    sc = mid_war()
    sc["units"] = [u if u["id"] != "g_inf3" else {**u, "steps": 3} for u in sc["units"]]
    return to_production(Table(game_options(sc)), "germany")


@pytest.mark.parametrize("command,rule", [
    (Buy(item="bomber", qty=3), "EE 2.3"),
    (Buy(item="fighter", qty=5), "EE 2.3"),
    (Buy(item="uboat", qty=9), "EE 2.3"),
    (Buy(item="v1", qty=2), "EE 2.28"),
    (Buy(item="special_action", qty=4), "EE 7.11"),
    (Buy(item="replacement", unit_id="g_inf3"), "EE 4.32"),
    (Buy(item="asw"), "EE 4.61"),
    (Buy(item="fleet_point", sea="black_sea"), "EE 4.64"),
    (Buy(item="new_unit", kind="infantry", steps=4, max_steps=4, area="paris", unit_id="x"), "EE 4.41"),
    (Buy(item="new_unit", kind="cavalry", steps=1, max_steps=3, area="berlin", unit_id="x"), "EE 4.4"),
    (Buy(item="heavy_fortification", area="berlin"), "EE 6.95c"),
    (TransferWerp(receiver="italy", amount=6), "EE 9.43"),
    (TransferWerp(receiver="ussr", amount=1), "EE 4.5"),
])
def test_illegal_purchases_are_refused_with_their_rule(command, rule):
    t = germany_1941()
    with pytest.raises(Refused) as refused:
        t.do(command)
    assert refused.value.rule == rule


def test_spending_beyond_the_balance_is_refused():
    t = germany_1941()
    t.do(Buy(item="uboat", qty=8))
    for _ in range(4):
        t.do(Buy(item="special_action")) if len(t.state.special_actions["germany"]) < 5 else None
    with pytest.raises(Refused) as refused:
        t.do(Buy(item="new_unit", kind="infantry", steps=4, max_steps=4, area="berlin", unit_id="x"))
        t.do(Buy(item="new_unit", kind="infantry", steps=4, max_steps=4, area="saxony", unit_id="y"))
    assert refused.value.rule == "EE 4.1"


def test_two_new_units_per_area_then_refused():
    sc = mid_war()
    sc["pools"]["germany"] = [{"kind": "infantry", "max_steps": 4, "count": 3}]
    t = to_production(Table(game_options(sc)), "germany")
    t.do(Buy(item="new_unit", kind="infantry", steps=1, max_steps=4, area="berlin", unit_id="a"))
    t.do(Buy(item="new_unit", kind="infantry", steps=1, max_steps=4, area="berlin", unit_id="b"))
    with pytest.raises(Refused) as refused:
        t.do(Buy(item="new_unit", kind="infantry", steps=1, max_steps=4, area="berlin", unit_id="c"))
    assert refused.value.rule == "EE 4.41"


def test_flak_and_fleet_points_once_then_refused():
    t = germany_1941()
    t.do(Buy(item="flak"))
    with pytest.raises(Refused) as flak:
        t.do(Buy(item="flak"))
    assert flak.value.rule == "EE 4.61"
    t.do(Buy(item="fleet_point", sea="baltic"))
    assert t.state.fleets["baltic"]["germany"] == 2
    assert t.state.next_fleet["germany"] == 14  # 4.63: two turns ahead and Jan/Feb 1942 are the same turn
    with pytest.raises(Refused) as fleet:
        t.do(Buy(item="fleet_point", sea="baltic"))
    assert fleet.value.rule == "EE 4.63"


def test_the_ledger_records_every_line_with_its_rule():
    t = germany_1941()
    t.do(Buy(item="uboat", qty=2))
    led = t.state.ledger("germany")
    assert all(line.rule.startswith("EE ") for line in led.lines)
    purchase = led.lines[-1]
    assert purchase.cause == "2 U-boats at 1 WERP each = 2" and purchase.rule == "EE 2.3"
    assert isinstance(t.log[-1], ev.Purchased)


def test_a_quantity_of_new_units_is_refused_not_dropped():
    """ee.buy new_unit with qty 2 used to build one block and say nothing of the second. A new unit, a GSU or a
    fortification is one block or marker with its own area: a quantity is refused naming what to do, and
    nothing is booked."""
    t = to_production(Table(game_options(mid_war("1941-09"))), "germany")
    before = t.state.ledger("germany").balance
    for buy in (Buy(item="new_unit", kind="infantry", steps=2, max_steps=4, area="berlin", qty=2),
                Buy(item="gsu", area="berlin", qty=2), Buy(item="fortification", area="berlin", qty=3)):
        with pytest.raises(Refused) as refused:
            t.do(buy)
        assert "one at a time" in str(refused.value) and refused.value.rule
    assert t.state.ledger("germany").balance == before and not t.state.ledger("germany").maintenance_paid
