"""Whose command it is at a club table (``GameKind.acting_for``): the power a command names, else the power whose
turn it is; each power acts with its side, so a seat may hold "axis" or "allies"."""

from __future__ import annotations

from assistant.games.aa_europe import commands as c
from assistant.games.aa_europe.game import GAME
from tests.games.aa_europe.table import Table


def test_a_command_belongs_to_its_power_and_that_power_s_side():
    t = Table()
    t.until("germany", "combat_move")
    assert GAME.acting_for(c.EndPhase(), t.state) == ("germany", "axis")
    t.until("ussr", "purchase")
    assert GAME.acting_for(c.EndPhase(), t.state) == ("ussr", "allies")
