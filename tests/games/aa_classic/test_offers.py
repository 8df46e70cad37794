"""The table offers only what the moment allows, computed from the state (the moves' ``when`` and ``choices``)."""

from __future__ import annotations

from assistant.decider import Moment
from assistant.games.aa_classic import commands as c
from assistant.games.aa_classic.game import GAME
from assistant.games.aa_classic.moves import offers
from tests.games.aa_classic.table import Table

MOVES = GAME.moves_by_command()


def possible(t: Table, command) -> bool:
    s = t.state
    return MOVES[command].possible(s, Moment(s.round, s.power, s.step))


def test_a_rocket_is_offered_only_to_a_power_with_rockets_and_a_launcher_in_range():
    t = Table()
    t.until("germany", "combat")
    assert not possible(t, c.FireRocket) and offers.rocket_targets(t.state) == {}
    t.edit(technologies={"germany": ("rockets",)})
    targets = offers.rocket_targets(t.state)
    assert possible(t, c.FireRocket)
    # Germany's AA guns stand in Germany, Western and Southern Europe; the enemy complexes within 3 spaces of
    # each (rocket range, A&A §5.2) are the USSR's two and the UK's; none of the USA's or Japan's.
    in_range = ("Karelia S.S.R.", "Russia", "United Kingdom")
    assert targets == {"Germany": in_range, "Southern Europe": in_range, "Western Europe": in_range}
    assert MOVES[c.FireRocket].choices(t.state)["launcher"] == tuple(targets)


def test_loading_is_offered_where_the_power_has_transports_and_unloading_where_they_carry_cargo():
    t = Table()
    t.until("uk", "combat_move")
    assert offers.load_zones(t.state) == ("Arabian Sea", "Hudson Bay", "North Sea")
    assert possible(t, c.Load) and not possible(t, c.Unload)
    t.do(c.Load(territory="United Kingdom", zone="North Sea", units={"infantry": 2}))
    assert offers.unload_zones(t.state) == ("North Sea",) and possible(t, c.Unload)
    assert "Western Europe" in offers.unload_coasts(t.state)


def test_the_non_combat_move_leaves_out_units_that_fought_or_moved_to_combat():
    t = Table()
    t.until("ussr", "combat_move")
    assert offers.movers(t.state)["Karelia S.S.R."] == 5  # the AA gun stays: it never moves to combat
    t.do(c.Move(path=("Karelia S.S.R.", "Finland-Norway"), units={"infantry": 2, "armour": 1}))
    t.do(c.EndStep())
    t.do(c.Fire(battle="Finland-Norway"), 6, 6, 6)
    t.do(c.Fire(battle="Finland-Norway"), 6, 6, 6, 6, 6)
    t.do(c.Retreat(battle="Finland-Norway", to="Karelia S.S.R."))
    t.do(c.EndStep())
    assert t.state.step == "noncombat_move"
    movers = offers.movers(t.state)
    # Karelia: 3 infantry that stayed, the fighter and the AA gun may move; the retreated attackers may not.
    assert movers["Karelia S.S.R."] == 3
    assert "Finland-Norway" not in movers


def test_placement_offers_only_the_powers_complexes_with_their_room():
    t = Table()
    t.until("uk", "purchase")
    t.do(c.Purchase(units={"infantry": 2, "battleship": 1}))
    t.until("uk", "placement")
    # The UK's one complex, without limit (an original complex in its owner's hands), and for the battleship
    # the sea zone next to it.
    assert offers.placements(t.state) == [("United Kingdom", None), ("North Sea", None)]
    t2 = Table()
    t2.until("ussr", "placement")
    assert not possible(t2, c.Place)  # nothing bought, nothing to place
