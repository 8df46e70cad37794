"""Production phases computed by hand from the rules (EE 4.0), played through the assistant line by line."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed.commands import Advance, Buy, ResolveUBoats, TransferWerp
from events import europe_engulfed as ev
from tests.europe_engulfed.scenarios import game_options, mid_war
from tests.europe_engulfed.table import Table


def to_production(table: Table, nation: str) -> Table:
    while not (table.state.phase == "production" and table.state.step == nation):
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
