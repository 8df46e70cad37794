"""Annex IV's optional rules offered at creation, O2 played through: ships placed among enemy ships, and the
enemy's duty to leave or attack them on its next turn."""

from __future__ import annotations

import pytest

import assistant.games.aa_classic.events as ev
from assistant.decider import Refused
from assistant.games.aa_classic import commands as c
from assistant.games.aa_classic.setup import Options
from tests.games.aa_classic.table import Table, spec

BALTIC = "Baltic Sea"


def test_every_optional_rule_of_annex_iv_is_offered():
    fields = set(Options.__struct_fields__)
    assert {"total_victory", "enemy_zone_placement", "weapons_advantage", "restricted_attack", "no_new_complexes"} <= fields


def _german_sub_bought(**options) -> Table:
    t = Table(**options)
    t.until("germany", "purchase")
    t.do(c.Purchase(units={"submarine": 1}))
    t.until("germany", "placement")
    t.edit(add=(spec(BALTIC, "uk", "battleship"),), reason="a British battleship stands in the Baltic")
    return t


def test_without_o2_new_ships_go_to_a_friendly_zone():
    t = _german_sub_bought()
    with pytest.raises(Refused) as info:
        t.do(c.Place(space=BALTIC, units={"submarine": 1}))
    assert info.value.rule == "A&A §4.5"


def _placed_among_enemies() -> Table:
    t = _german_sub_bought(enemy_zone_placement=True)
    t.do(c.Place(space=BALTIC, units={"submarine": 1}))
    assert t.count(BALTIC, "germany", "submarine") == 2 and not t.state.battles  # no battle: the turn goes on
    t.until("uk", "combat_move")
    return t


def test_o2_the_enemy_must_leave_or_attack():
    t = _placed_among_enemies()
    with pytest.raises(Refused) as info:
        t.do(c.EndStep())
    assert info.value.rule == "A&A Annex IV"
    # Leaving in the combat move settles it.
    t.do(c.Move(path=(BALTIC, "North Sea"), units={"battleship": 1}))
    t.do(c.EndStep())
    assert t.state.step == "combat"


def test_o2_attack_where_they_stand_and_retreat_to_any_adjacent_zone():
    t = _placed_among_enemies()
    joined = t.do(c.DeclareAttack(zone=BALTIC))
    assert isinstance(joined[0], ev.BattleJoined) and joined[0].kind == "naval"
    t.do(c.EndStep())
    t.do(c.Fire(battle=BALTIC), 6)  # the battleship misses
    t.do(c.Fire(battle=BALTIC), 6, 6)  # both submarines miss
    t.do(c.Retreat(battle=BALTIC, to="North Sea"))
    assert t.count("North Sea", "uk", "battleship") == 2


def test_o2_attack_needs_the_option_and_shared_waters():
    t = Table()
    t.until("uk", "combat_move")
    with pytest.raises(Refused) as info:
        t.do(c.DeclareAttack(zone=BALTIC))
    assert info.value.rule == "A&A Annex IV"
    t = Table(enemy_zone_placement=True)
    t.until("uk", "combat_move")
    with pytest.raises(Refused) as info:
        t.do(c.DeclareAttack(zone="North Sea"))
    assert info.value.rule == "A&A Annex IV"


def test_allied_cargo_boards_on_its_turn_rides_on_the_owners_and_lands_on_its_next():
    """Src L755, L1609: board during your turn, carried during your ally's, unloaded on your next turn; never
    bridged in the same turn."""
    t = Table()
    t.until("uk", "purchase")
    t.edit(add=(spec("North Sea", "usa", "transport"),), reason="an American transport off Britain")
    (transport,) = t.ids("North Sea", "usa", "transport")
    t.until("uk", "noncombat_move")
    t.do(c.Load(territory="United Kingdom", zone="North Sea", units={"infantry": 1}, transport=transport))
    with pytest.raises(Refused) as info:  # landing this turn would be a bridge with an ally's transport
        t.do(c.Unload(zone="North Sea", territory="United Kingdom"))
    assert info.value.rule == "A&A §3.3 (transport)"
    with pytest.raises(Refused) as info:  # the British cannot sail the American transport
        t.do(c.Move(path=("North Sea", "Baltic Sea"), ids=(transport,)))
    assert info.value.rule == "A&A §7.3"
    t.until("usa", "noncombat_move")
    with pytest.raises(Refused) as info:  # the Americans carry it but cannot land British troops
        t.do(c.Unload(zone="North Sea", territory="United Kingdom"))
    assert info.value.rule == "A&A §7.6"
    t.until("uk", "combat_move")
    out = t.do(c.Unload(zone="North Sea", territory="Western Europe"))  # the British land it, even in an assault
    assert [e for e in out if isinstance(e, ev.BattleJoined)][0].amphibious


def test_o2_guidance_names_the_shared_waters():
    from assistant.games.aa_classic.guidance import guidance

    t = _placed_among_enemies()
    assert "Baltic Sea" in guidance(t.state) and "declare an attack there" in guidance(t.state)
