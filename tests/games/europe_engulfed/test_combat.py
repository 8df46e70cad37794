"""Combat rounds and Special Actions (EE 6.0, 7.0), with the rule book's worked examples."""

from __future__ import annotations

from fractions import Fraction

import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed.commands import Advance, BuyBreakthrough, Counterattack, Fight
from assistant.games.europe_engulfed.rules.combat import Situation, bonuses, dice_factor
from assistant.games.europe_engulfed.state import Block
import assistant.games.europe_engulfed.events as ev
from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
from tests.games.europe_engulfed.table import Table


def battle_table(units: list[dict], special_actions: dict[str, int] | None = None) -> Table:
    sc = mid_war(units=units, special_actions={"germany": 2, "ussr": 1} if special_actions is None else special_actions)
    sc["control"] = {**sc["control"], "smolensk": "Allied"}
    t = Table(game_options(sc))
    while t.state.phase != "combat":
        t.do(Advance())
    return t


EXAMPLE_6_2 = [
    *(unit(f"pz{i}", "germany", "armor", "smolensk") for i in (1, 2, 3)),
    *(unit(f"gi{i}", "germany", "infantry", "smolensk") for i in (1, 2, 3, 4)),
    *(unit(f"ggsu{i}", "germany", "gsu", "smolensk", max_steps=1) for i in (1, 2, 3)),
    unit("s_arm", "ussr", "armor", "smolensk", max_steps=2),
    unit("s_inf1", "ussr", "infantry", "smolensk", max_steps=3),
    unit("s_inf2", "ussr", "infantry", "smolensk", max_steps=3),
    unit("s_gsu", "ussr", "gsu", "smolensk", max_steps=1),
]


def test_worked_example_6_2_combat_round():
    """EE 6.2: 3 panzers, 4 infantry (4 steps each) and 3 GSUs against a 2-step Soviet armor, two 3-step infantry
    and a GSU, Normal round in clear terrain. The Soviet GSU flies air combat and rolls a 5 (one German GSU lost);
    Soviet armor 3,5 (miss); Soviet infantry 1,3,3,4,5,6 (one hit on German infantry); 15 German infantry steps
    score 2 hits (one on each full-strength Soviet infantry); two panzers with GSU support fire one at a time at
    the armor: 1,3,4,5 (one hit) then 2,3,5,6 (two hits: the armor dies, the extra hit goes to infantry); the
    third panzer, with no armor left to face, gets Armor vs Infantry: 2,4,5,5 (two hits). One Soviet infantry
    step and the GSU remain."""
    t = battle_table(EXAMPLE_6_2)
    german_infantry = [6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 1, 2, 3]
    dice = [5, 3, 5, 1, 3, 3, 4, 5, 6, *german_infantry, 1, 3, 4, 5, 2, 3, 5, 6, 2, 4, 5, 5]
    events = t.do(Fight(area="smolensk", round_type="normal", gsu_air=("s_gsu",), supported=("pz1", "pz2"),
                        fire_order={"Allied": (("s_arm",), ("s_inf1", "s_inf2")),
                                    "Axis": (("gi1", "gi2", "gi3", "gi4"), ("pz1",), ("pz2",), ("pz3",))}),
                  dice=dice)
    round_ = next(e for e in events if isinstance(e, ev.CombatRoundFought))
    fires = [(f.side, f.target, f.dice, f.hit_on, f.hits) for f in round_.fires]
    assert fires == [
        ("Allied", "gsu", 1, 5, 1),
        ("Allied", "armor", 2, 6, 0),
        ("Allied", "infantry", 6, 6, 1),
        ("Axis", "infantry", 15, 6, 2),
        ("Axis", "armor", 4, 5, 1),
        ("Axis", "armor", 4, 5, 2),
        ("Axis", "infantry", 4, 5, 2),
    ]
    assert round_.fires[-1].bonuses == ("c",) and round_.fires[-2].bonuses == ("d",)
    s = t.state
    assert "s_arm" not in s.units and "ggsu1" not in s.units
    assert sum(s.units[u].steps for u in ("s_inf1", "s_inf2") if u in s.units) == 1
    assert sum(s.units[f"gi{i}"].steps for i in (1, 2, 3, 4)) == 15
    assert "s_gsu" in s.units  # not alone: a Soviet infantry step survives (6.64)
    assert s.pools["ussr"]["armor:2"] == 1  # eliminated to the force pool


def test_snow_example_15_infantry_steps_throw_7_dice():
    """EE 1.12 example 1: 15 German infantry steps attacking in snow throw 7 dice."""
    sit = Situation(area="x", attacker="Axis", round_type="normal", kind="initial", weather="snow", terrain="clear",
                    fortress=False, fortified=False, first_round=True)
    blocks = [Block(id=f"i{k}", nation="germany", kind="infantry", max_steps=4, steps=s, area="x")
              for k, s in enumerate((4, 4, 4, 3))]
    assert int(sum(b.steps * dice_factor(b, "Axis", sit) for b in blocks)) == 7


def test_snow_example_elite_dice_rounding():
    """EE 1.12 example 2: 3 elite and 9 regular infantry steps in snow: 6 dice, of which only 1 elite."""
    t = battle_table([
        unit("ge", "germany", "infantry", "smolensk", max_steps=3, elite=True),
        unit("g1", "germany", "infantry", "smolensk", max_steps=3),
        unit("g2", "germany", "infantry", "smolensk", max_steps=3),
        unit("g3", "germany", "infantry", "smolensk", max_steps=3),
        unit("s1", "ussr", "infantry", "smolensk", max_steps=4),
    ])
    t.state = t.state.__class__(**{**{f: getattr(t.state, f) for f in t.state.__struct_fields__},
                                   "weather": {"west": "snow", "east": "snow", "south": "snow"}})
    events = t.do(Fight(area="smolensk"), dice=[1] * 4 + [1] * 6)
    axis = [f for f in next(e for e in events if isinstance(e, ev.CombatRoundFought)).fires if f.side == "Axis"]
    assert [(f.dice, f.hit_on) for f in axis] == [(1, 5), (5, 6)]


def test_hit_bonus_table_6_4():
    sit = Situation(area="x", attacker="Axis", round_type="normal", kind="initial", weather="mud", terrain="rough",
                    fortress=True, fortified=True, first_round=True, crossed=("infantry",), landing=True)
    inf = Block(id="d", nation="britain", kind="infantry", max_steps=4, steps=4, area="x", elite=True)
    # elite, mud infantry, rough, river, fortress x2, fortification, landing
    assert sorted(bonuses(inf, "Allied", sit, "infantry", False)) == ["a", "b", "e", "f", "h", "h", "i", "j"]
    militia = Block(id="m", nation="britain", kind="militia", max_steps=2, steps=2, area="x")
    assert bonuses(militia, "Allied", sit, "infantry", True) == ()
    armor = Block(id="p", nation="germany", kind="armor", max_steps=4, steps=4, area="x", elite=True)
    assert bonuses(armor, "Axis", sit, "infantry", True) == ()  # 1.13: no armor bonus in mud
    dry = Situation(area="x", attacker="Axis", round_type="assault", kind="initial", weather="clear", terrain="rough",
                    fortress=False, fortified=False, first_round=False)
    assert bonuses(armor, "Axis", dry, "infantry", True) == ("a", "d")  # 6.81: no armor bonus attacking rough
    assert dice_factor(armor, "Axis", dry) == Fraction(2)  # 6.32 assault: two dice per step


def test_initial_combat_is_one_round_per_area_and_mandatory():
    t = battle_table([unit("g1", "germany", "infantry", "smolensk"), unit("s1", "ussr", "infantry", "smolensk")])
    t.do(Fight(area="smolensk"), dice=[1] * 8)
    with pytest.raises(Refused) as again:
        t.do(Fight(area="smolensk"), dice=[1] * 8)
    assert again.value.rule == "EE 1.25"


def test_breakthrough_combat_costs_a_special_action_and_counterattack_follows():
    t = battle_table([unit("g1", "germany", "infantry", "smolensk"), unit("s1", "ussr", "infantry", "smolensk")])
    t.do(Fight(area="smolensk"), dice=[1] * 8)
    t.do(Advance())
    assert t.state.phase == "breakthrough"
    t.do(BuyBreakthrough(kind="combat", nations=("germany",), area="smolensk"))
    assert len(t.state.special_actions["germany"]) == 1
    t.do(Fight(area="smolensk", round_type="assault", nations=("germany",)), dice=[1] * 16)
    assert t.state.step == ""  # back to the breakthrough menu: one round per Special Action (6.71)
    t.do(Counterattack(nation="ussr", area="smolensk"), dice=[1] * 8)
    assert "ussr" not in t.state.special_actions or not t.state.special_actions["ussr"]
    with pytest.raises(Refused) as twice:
        t.do(Counterattack(nation="ussr", area="smolensk"))
    assert twice.value.rule == "EE 7.7"


def test_breakthrough_refused_without_special_actions():
    t = battle_table([unit("g1", "germany", "infantry", "smolensk"), unit("s1", "ussr", "infantry", "smolensk")],
                     special_actions={})
    t.do(Fight(area="smolensk"), dice=[1] * 8)
    t.do(Advance())
    with pytest.raises(Refused) as refused:
        t.do(BuyBreakthrough(kind="operational", nations=("germany",), area="smolensk"))
    assert refused.value.rule == "EE 7.13"


def test_reinforcement_example_7_6_one_unit_per_area_per_special_action():
    """EE 7.6: each Special Action brings one land unit from each adjacent friendly uncontested area (two Special
    Actions: two units from Minsk), plus all GSUs; the defender only."""
    from assistant.games.europe_engulfed.commands import Move, SpendSpecialAction

    t = battle_table([unit("g1", "germany", "infantry", "smolensk"), unit("s1", "ussr", "infantry", "smolensk"),
                      *(unit(f"m{i}", "ussr", "infantry", "minsk") for i in range(3)),
                      unit("m_gsu", "ussr", "gsu", "minsk", max_steps=1)],
                     special_actions={"germany": 1, "ussr": 2})
    for _ in range(2):
        t.do(SpendSpecialAction(nation="ussr", purpose="reinforce", area="smolensk"))
    t.do(Move(unit_id="m0", path=("smolensk",), mode="reinforcement"))
    t.do(Move(unit_id="m1", path=("smolensk",), mode="reinforcement"))
    t.do(Move(unit_id="m_gsu", path=("smolensk",), mode="reinforcement"))
    with pytest.raises(Refused) as third:
        t.do(Move(unit_id="m2", path=("smolensk",), mode="reinforcement"))
    assert third.value.rule == "EE 7.6"
    with pytest.raises(Refused) as attacker:
        t.do(SpendSpecialAction(nation="germany", purpose="reinforce", area="smolensk"))
    assert attacker.value.rule == "EE 7.6"


def test_breakthrough_move_example_5_43():
    """EE 5.43: into an area with enemy units, infantry need three steps to break through; armor may drive through
    an undefended enemy area (liberating it on the way, like Bordeaux in the example) and stop in the target."""
    from assistant.games.europe_engulfed.commands import Edit, Move

    sc = mid_war(units=[unit("pz", "germany", "armor", "silesia"), unit("weak", "germany", "infantry", "smolensk", steps=2),
                        unit("strong", "germany", "infantry", "smolensk", steps=3), unit("s1", "ussr", "infantry", "minsk")])
    sc["control"] = {**sc["control"], "smolensk": "Axis"}
    t = Table(game_options(sc))
    while t.state.phase != "breakthrough":
        t.do(Advance())
    # Warsaw falls to the Allies after the Axis initial supply (the Smolensk units stay supplied, EE 1.21)
    t.do(Edit(reason="a Polish rising, for this example", control={"warsaw": "Allied"}))
    t.do(BuyBreakthrough(kind="operational", nations=("germany",), area="minsk"))
    with pytest.raises(Refused) as weak:
        t.do(Move(unit_id="weak", path=("minsk",)))
    assert weak.value.rule == "EE 5.43"
    t.do(Move(unit_id="strong", path=("minsk",)))
    moved = t.do(Move(unit_id="pz", path=("warsaw", "minsk")))
    assert any(isinstance(e, ev.ControlChanged) and e.area == "warsaw" and e.side == "Axis" for e in moved)
    # 6.73: the newly contested area gets its free round in this breakthrough phase
    t.do(Fight(area="minsk"), dice=[1] * 20)
    with pytest.raises(Refused) as twice:
        t.do(Fight(area="minsk"))
    assert twice.value.rule == "EE 6.73"
