"""A captured capital: the captor seizes the treasury, the owner collects nothing while it is held, and a capital
the owner liberates itself gives no income at the end of that turn (memo, src L1652: "vous ne pouvez pas
immédiatement encaisser de revenu"), only at the end of the next one."""

from __future__ import annotations

import assistant.games.aa_classic.events as ev
from assistant.games.aa_classic import commands as c
from assistant.games.aa_classic.describe import describe
from tests.games.aa_classic.table import Table, spec


def _germany_takes_russia() -> Table:
    t = Table()
    t.until("germany", "combat_move")
    t.edit(remove=[spec("Russia", "ussr", "infantry", 4), spec("Russia", "ussr", "armour", 2),
                   spec("Russia", "ussr", "fighter", 1), spec("Russia", "ussr", "aa_gun", 1)],
           add=[spec("Russia", "ussr", "infantry", 1), spec("Karelia S.S.R.", "germany", "armour", 3)])
    t.do(c.Move(path=("Karelia S.S.R.", "Russia"), units={"armour": 3}))
    t.do(c.EndStep())
    t.do(c.Fire(battle="Russia", faces=(1, 6, 6)))
    t.do(c.Fire(battle="Russia", faces=(6,)))
    assert t.state.controller("Russia") == "germany"
    return t


def test_the_captor_seizes_the_treasury_and_the_owner_collects_nothing_while_it_is_held():
    t = _germany_takes_russia()
    seized = [e for e in t.log if isinstance(e, ev.CapitalCaptured)]  # 24 to start and 24 of income, unspent
    assert seized and seized[0].seized == 48 and t.state.treasury["ussr"] == 0
    t.until("ussr", "income")
    events = t.do(c.EndStep())
    withheld = [e for e in events if isinstance(e, ev.IncomeWithheld)]
    assert withheld and describe(withheld[0]) == "The USSR collects no income: Russia is held by Germany."
    assert t.state.treasury["ussr"] == 0


def test_a_capital_liberated_by_its_owner_gives_income_only_from_the_next_turn():
    t = _germany_takes_russia()
    t.until("ussr", "combat_move")
    t.edit(clear=["Russia"], add=[spec("Russia", "germany", "infantry", 1)])
    t.do(c.Move(path=("Evenki National Okrug", "Russia"), units={"infantry": 2}))
    t.do(c.EndStep())
    t.do(c.Fire(battle="Russia", faces=(1, 6)))
    t.do(c.Fire(battle="Russia", faces=(6,)))
    assert t.state.controller("Russia") == "ussr"
    assert any(isinstance(e, ev.CapitalLiberated) for e in t.log)
    t.until("ussr", "income")
    events = t.do(c.EndStep())
    assert [e for e in events if isinstance(e, ev.IncomeCollected)] == []
    (withheld,) = [e for e in events if isinstance(e, ev.IncomeWithheld)]
    assert "liberated only this turn" in withheld.reason and t.state.treasury["ussr"] == 0
    t.until("ussr", "income")  # its next turn: income again
    events = t.do(c.EndStep())
    (collected,) = [e for e in events if isinstance(e, ev.IncomeCollected)]
    assert collected.amount == t.state.production["ussr"] > 0
