"""Corrected physical throws at any moment: before and after casualties, AA fire over a path, raids, rockets,
research and technology dice, and throws whose battle or turn is over (ruling "Dice corrections")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import assistant.games.aa_classic.events as ev
from assistant.decider import Refused
from assistant.games.aa_classic import commands as c
from assistant.games.aa_classic.guidance import guidance
from assistant.games.aa_classic.moves.battle import candidates, dice_for, next_action, required
from tests.games.aa_classic.table import Table, spec

SUDAN = "Anglo-Egyptian Sudan"


def _of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def _sudan() -> Table:
    """Germany's infantry and tank from Libya against the UK's infantry and tank (Action 3)."""
    t = Table()
    t.until("germany", "combat_move")
    t.do(c.Move(path=("Libya", SUDAN), units={"infantry": 1, "armour": 1}))
    t.do(c.EndStep())
    return t


def test_every_throw_of_a_battle_has_its_own_ref():
    t = _sudan()
    t.do(c.Fire(battle=SUDAN), 4, 6)
    t.do(c.Fire(battle=SUDAN), 4, 5)
    refs = [e.ref for e in t.log if type(e).__name__ == "DiceRolled"]
    assert refs == [f"battle:1:germany:{SUDAN}:1:attack", f"battle:1:germany:{SUDAN}:1:defence:uk"]


def test_fewer_hits_after_the_choice_bring_the_casualty_back_off_the_line():
    t = _sudan()
    t.do(c.Fire(battle=SUDAN), 4, 2)
    t.do(c.ChooseCasualties(battle=SUDAN, units={"infantry": 1}))
    assert t.state.battles[SUDAN].casualty_line
    out = t.correct("attack", 4, 6)  # the tank's die was a 6
    assert _of(out, ev.HitsRecounted)[0].hits == 0
    restored = _of(out, ev.CasualtiesRestored)[0]
    assert [u.kind for u in restored.units] == ["infantry"] and restored.side == "defender"
    assert t.state.battles[SUDAN].casualty_line == () and t.count(SUDAN, "uk", "infantry") == 1
    assert "the UK rolls defence" in guidance(t.state)


def test_more_hits_after_the_choice_wait_for_the_owner_behind_the_line():
    t = _sudan()
    t.do(c.Fire(battle=SUDAN), 4, 2)
    t.do(c.ChooseCasualties(battle=SUDAN, units={"infantry": 1}))
    out = t.correct("attack", 1, 2)  # the infantry's die was a 1: two hits
    recount = _of(out, ev.HitsRecounted)[0]
    assert (recount.hits, recount.extra, recount.line) == (2, 1, True)
    # Only the tank is left to take it: no choice, so it goes behind the line at once and still fires.
    assert _of(out, ev.CasualtiesChosen)[0].removed is False
    assert len(t.state.battles[SUDAN].casualty_line) == 2
    t.do(c.Fire(battle=SUDAN), 6, 6)
    assert t.count(SUDAN, "uk", "infantry") + t.count(SUDAN, "uk", "armour") == 0


def test_more_hits_with_a_choice_is_a_pending_choice_the_guidance_shows():
    t = _sudan()
    t.do(c.Fire(battle=SUDAN), 4, 6)  # no hit
    t.do(c.Fire(battle=SUDAN), 1, 5)  # the UK hits once; Germany chooses its infantry
    t.do(c.ChooseCasualties(battle=SUDAN, units={"infantry": 1}))
    assert t.count(SUDAN, "germany", "infantry") == 0
    # The defence roll was 1, 1: Germany owes one more casualty, and must choose it (only the tank is left).
    out = t.correct("defence", 1, 1)
    assert _of(out, ev.HitsRecounted)[0].extra == 1
    assert t.count(SUDAN, "germany", "armour") == 0
    assert t.state.battles[SUDAN].outcome == "defender_held"


def test_a_removed_attacker_comes_back_when_the_defence_roll_missed():
    t = _sudan()
    t.do(c.Fire(battle=SUDAN), 4, 6)
    t.do(c.Fire(battle=SUDAN), 1, 5)
    t.do(c.ChooseCasualties(battle=SUDAN, units={"infantry": 1}))
    out = t.correct("defence", 3, 5)
    assert [u.kind for u in _of(out, ev.CasualtiesRestored)[0].units] == ["infantry"]
    assert t.count(SUDAN, "germany", "infantry") == 1
    assert t.state.battles[SUDAN].round == 2 and not t.state.battles[SUDAN].outcome


def test_a_throw_corrected_while_another_choice_waits_is_refused_with_the_rule():
    t = _sudan()
    t.do(c.Fire(battle=SUDAN), 4, 6)
    t.do(c.Fire(battle=SUDAN), 1, 5)  # Germany has to choose
    with pytest.raises(Refused) as info:
        t.correct("attack", 1, 1)
    assert info.value.rule == "A&A §6.1"


def test_a_battle_already_over_is_left_to_the_table():
    t = _sudan()
    t.do(c.Fire(battle=SUDAN), 1, 1)  # both UK units behind the line
    t.do(c.Fire(battle=SUDAN), 6, 6)
    assert t.state.battles[SUDAN].outcome == "attacker_won"
    out = t.correct("defence", 1, 6)
    assert [type(e) for e in out] == [ev.CorrectionOutstanding]
    assert t.state.controller(SUDAN) == "germany"


def test_corrections_of_raids_pay_the_difference_against_the_treasury_of_the_time():
    t = Table()
    t.until("uk", "combat_move")
    t.do(c.Move(path=("United Kingdom", "North Sea", "Baltic Sea", "Germany"), units={"bomber": 1}, bombing=True))
    t.do(c.EndStep())
    t.edit(treasury={"germany": 5 - t.state.treasury["germany"]})
    t.do(c.Fire(battle="Germany/bombing"), 3)
    t.do(c.Fire(battle="Germany/bombing"), 6)
    assert t.state.treasury["germany"] == 0  # a 6, but Germany had 5
    out = t.correct("damage", 2)
    assert _of(out, ev.DamageCorrected)[0].change == -3 and t.state.treasury["germany"] == 3
    t.until("japan", "purchase")  # any time later: the payment is still corrected
    t.correct("damage", 4)
    assert t.state.treasury["germany"] == 1 + 0  # 3 - 2 more; Germany's own income came after
    assert t.state.damages[next(iter(t.state.damages))].paid == 4


def test_rocket_correction_and_the_launcher_stays_put():
    t = Table()
    t.until("germany", "purchase")
    t.do(c.Research(dice=1), 6)
    t.do(c.RollBreakthroughs(), 2)
    t.until("germany", "combat")
    t.do(c.FireRocket(launcher="Western Europe", target="United Kingdom"), 4)
    t.correct("rocket", 1)
    assert t.state.treasury["uk"] == 29
    t.do(c.EndStep())
    with pytest.raises(Refused) as info:
        t.do(c.Move(path=("Western Europe", "Germany"), units={"aa_gun": 1}))
    assert info.value.rule == "A&A §7.3"


def test_research_dice_corrected_more_and_fewer_sixes():
    t = Table()
    t.until("ussr", "purchase")
    t.do(c.Research(dice=2), 6, 3)
    t.do(c.RollBreakthroughs(), 5)
    assert t.state.techs("ussr") == ("industrial_technology",)
    t.correct("research", 6, 6)
    assert t.state.breakthroughs == 1
    with pytest.raises(Refused):
        t.do(c.Purchase(units={"infantry": 1}))
    t.correct("research", 1, 3)
    assert t.state.breakthroughs == 0 and t.state.techs("ussr") == ()


def test_technology_die_corrected():
    t = Table()
    t.until("ussr", "purchase")
    t.do(c.Research(dice=1), 6)
    t.do(c.RollBreakthroughs(), 5)
    out = t.correct("breakthrough", 6)
    assert [type(e).__name__ for e in out] == ["TechnologyRevoked", "BreakthroughsRecounted", "TechnologyAcquired"]
    assert t.state.techs("ussr") == ("heavy_bombers",)


def test_a_breakthrough_added_after_the_purchase_is_rolled_in_the_same_turn():
    t = Table()
    t.until("ussr", "purchase")
    t.do(c.Research(dice=1), 3)
    t.do(c.Purchase(units={"infantry": 1}))
    t.do(c.EndStep())
    t.correct("research", 6)
    assert "roll 1 technology" in guidance(t.state)
    with pytest.raises(Refused):
        t.do(c.EndStep())
    t.do(c.RollBreakthroughs(), 4)
    assert t.state.techs("ussr") == ("long_range_aircraft",)


def test_a_research_throw_of_an_earlier_turn_is_left_to_the_table():
    t = Table()
    t.until("ussr", "purchase")
    t.do(c.Research(dice=1), 3)
    t.until("germany", "purchase")
    assert [type(e) for e in t.correct("research", 6)] == [ev.CorrectionOutstanding]


def _raid_over_western_europe() -> tuple[Table, list[int]]:
    t = Table()
    t.until("uk", "purchase")
    t.edit(add=(spec("United Kingdom", "uk", "bomber"),))
    t.until("uk", "combat_move")
    bombers = t.ids("United Kingdom", "uk", "bomber")
    return t, bombers


def test_the_owner_names_the_aircraft_lost_over_a_path():
    t, bombers = _raid_over_western_europe()
    path = ("United Kingdom", "North Sea", "Western Europe", "Germany")
    infantry = t.ids("United Kingdom", "uk", "infantry")[0]
    with pytest.raises(Refused) as info:
        t.do(c.Move(path=path, ids=tuple(bombers), bombing=True, aa_losses=(infantry,)), 1, 4)
    assert info.value.rule == "A&A §6.2"
    out = t.do(c.Move(path=path, ids=tuple(bombers), bombing=True, aa_losses=(bombers[1],), aa_faces=(1, 4)))
    assert _of(out, ev.AircraftShotDown)[0].units == (bombers[1],)
    assert t.state.battles["Germany/bombing"].units == (bombers[0],)


def test_corrected_overflight_fire_brings_aircraft_back_or_takes_more():
    t, bombers = _raid_over_western_europe()
    path = ("United Kingdom", "North Sea", "Western Europe", "Germany")
    t.do(c.Move(path=path, ids=tuple(bombers), bombing=True, aa_faces=(1, 4)))
    assert len(t.state.battles["Germany/bombing"].units) == 1
    out = t.correct("overflight", 4, 4)
    assert _of(out, ev.AircraftRestored) and set(t.state.battles["Germany/bombing"].units) == set(bombers)
    assert t.count("Germany", "uk", "bomber") == 2
    t.correct("overflight", 1, 1)
    assert t.count("Germany", "uk", "bomber") == 0
    t.do(c.EndStep())
    assert [type(e) for e in t.correct("overflight", 4, 4)] == [ev.CorrectionOutstanding]


def test_battle_odds_are_recorded_before_the_first_die_only():
    from assistant.games.aa_classic.report.board import profiles
    from assistant.families.axis_allies.odds import Battle, battle_odds as exact
    from assistant.games.aa_classic.odds import battle_odds

    t = _sudan()
    before = battle_odds(t.state, SUDAN)  # what the battle panel shows before any die
    out = t.do(c.Fire(battle=SUDAN), 4, 6)
    assert type(out[0]) is ev.BattleOddsRecorded and type(out[1]).__name__ == "DiceRolled"
    recorded = out[0]
    assert recorded == before
    assert recorded.attacking == {"infantry": 1, "armour": 1} and recorded.defending == {"infantry": 1, "armour": 1}
    odds = exact(Battle(profiles=profiles(t.state.world, (), ()), attackers=recorded.attacking,
                        defenders=recorded.defending))
    assert recorded.attacker_wins == pytest.approx(odds.attacker_wins)
    assert recorded.attacker_wins + recorded.defender_wins + recorded.draw == pytest.approx(1, abs=1e-6)
    assert recorded.expected_rounds >= 1
    later = t.do(c.Fire(battle=SUDAN), 4, 5)
    assert not _of(later, ev.BattleOddsRecorded)


def test_technologies_edited_by_hand_after_an_old_correction():
    t = Table()
    t.until("ussr", "purchase")
    t.do(c.Research(dice=1), 6)
    t.do(c.RollBreakthroughs(), 5)
    t.until("germany", "purchase")
    t.correct("research", 2)  # outstanding: the table fixes it by hand
    t.edit(technologies={"ussr": ()}, reason="the research die was a 2")
    assert t.state.techs("ussr") == ()
    with pytest.raises(Refused) as info:
        t.edit(technologies={"ussr": ("death_ray",)})
    assert info.value.rule == "A&A edits"


@given(st.data())
@settings(max_examples=60, deadline=None)
def test_any_correction_of_any_throw_leaves_a_consistent_battle(data):
    """Play the Sudan battle with random dice and random casualty choices, then correct one of its throws with
    random faces: the correction is refused or applied, never a crash, and the battle stays consistent."""
    t = _sudan()
    roll = st.integers(min_value=1, max_value=6)
    for _ in range(data.draw(st.integers(min_value=1, max_value=5))):
        b = t.state.battles[SUDAN]
        act, what = next_action(t.state, b)
        if act == "fire":
            n = len(dice_for(t.state, b, what))
            t.do(c.Fire(battle=SUDAN, faces=tuple(data.draw(roll) for _ in range(n))))
        elif act == "casualties":
            pool = candidates(t.state, b, b.pending)
            need = required(t.state, pool, b.pending)
            t.do(c.ChooseCasualties(battle=SUDAN, ids=tuple(data.draw(st.permutations(pool))[:need])))
        else:
            break
    throws = [e for e in t.log if type(e).__name__ == "DiceRolled"]
    throw = data.draw(st.sampled_from(throws))
    faces = tuple(data.draw(roll) for _ in throw.faces)
    try:
        t.correct(throw.ref, *faces)
    except Refused as refusal:
        assert refusal.rule == "A&A §6.1"
        return
    b = t.state.battles[SUDAN]
    assert all(i in t.state.units for i in b.casualty_line)
    assert b.pending is None or b.pending.hits > 0
    alive = {i for i, u in t.state.units.items() if u.space == SUDAN}
    assert len(alive) <= 4
    if not b.outcome:  # no throw has more casualties on its account than hits
        for fire in b.fires.values():
            assert len(fire.taken) <= fire.hits
