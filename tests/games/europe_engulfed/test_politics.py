"""Politics, conquest and victory (EE 9.0, 10.0), Special Action caps, free steps, movement limits."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed import calendar
from assistant.games.europe_engulfed.commands import (
    SetStrategicMoveLimit,
    Advance,
    Buy,
    BuyBreakthrough,
    DeclareConscription,
    DeclareWar,
    EstablishVichy,
    Move,
    PlaceFree,
)
from assistant.games.europe_engulfed.describe import describe
from assistant.games.europe_engulfed.game import GAME
from assistant.games.europe_engulfed.rules.special_actions import cap
from assistant.games.europe_engulfed.evolve import evolve
import assistant.games.europe_engulfed.events as ev
from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
from tests.games.europe_engulfed.table import Table
from tests.games.europe_engulfed.test_calendar import run_to, step


def control(t: Table, **areas: str) -> None:
    for area, side in areas.items():
        t.state = evolve(t.state, ev.ControlChanged(area=area, side=side, cause="test", by=""))


@pytest.mark.parametrize("nation,code,expected", [
    ("germany", "1941-11", 5), ("germany", "1942-01", 4), ("germany", "1944-01", 3), ("usa", "1942-01", 1),
    ("usa", "1943-05", 2), ("ussr", "1942-11", 1), ("ussr", "1943-01", 2), ("britain", "1945-11", 2),
    ("italy", "1940-01", 1), ("france", "1939-09", 1),
])
def test_special_action_maxima_7_11(nation, code, expected):
    assert cap(nation, calendar.index(code)) == expected


def test_germany_keeps_a_marker_above_the_new_maximum_until_it_uses_it():
    """7.11 note: Germany starts 1942 with 5 markers (maximum now 4): none lost until used, then removed for good."""
    sc = mid_war("1942-01", special_actions={"germany": 5})
    t = Table(game_options(sc))
    run_to(t, "Axis", "breakthrough")
    spent = t.do(BuyBreakthrough(kind="strategic", nations=("germany",)))[0]
    assert spent.removed_for_good and len(t.state.special_actions["germany"]) == 4


def test_bidding_example_10_5_minus_20_gives_12_9_6_3():
    sc = mid_war("1942-05")
    t = Table(game_options(sc, conscription_bid=-20))
    run_to(t, "Allied", "production")
    while t.state.step != "ussr":
        step(t)
    out = t.do(DeclareConscription())
    assert out[0].schedule == (12, 9, 6, 3)
    with pytest.raises(Refused) as no_sa:
        t.do(Buy(item="special_action"))
    assert no_sa.value.rule == "EE 9.24f"
    t.do(PlaceFree(source="conscription", unit_id="s_c1", area="ural_mountains", steps=4, max_steps=4))
    t.do(PlaceFree(source="conscription", unit_id="s_c2", area="ural_mountains", steps=4, max_steps=4))
    t.do(PlaceFree(source="conscription", unit_id="s_c3", area="ural_mountains", steps=4, max_steps=4))
    with pytest.raises(Refused) as too_many:
        t.do(PlaceFree(source="conscription", unit_id="s_c4", area="ural_mountains", steps=1, max_steps=4))
    assert too_many.value.rule == "EE 9.24f"
    assert t.state.ledger("ussr").balance == t.state.ledger("ussr").lines[0].amount + sum(
        line.amount for line in t.state.ledger("ussr").lines[1:])


def test_the_axis_minor_free_step_alternates_between_minors():
    sc = mid_war(units=[unit("r1", "romania", "infantry", "ploesti", max_steps=3, steps=1),
                        unit("b1", "bulgaria", "infantry", "sofia", max_steps=3, steps=1)])
    sc["control"]["sofia"] = "Axis"
    t = Table(game_options(sc))
    run_to(t, "Axis", "production")
    t.do(PlaceFree(source="axis_minor_step", unit_id="r1"))
    assert t.state.units["r1"].steps == 2 and t.state.ledger("germany").lines[-1].amount == 0
    with pytest.raises(Refused) as twice:
        t.do(PlaceFree(source="axis_minor_step", unit_id="b1"))
    assert twice.value.rule == "EE 9.15"


def test_germany_falls_before_july_1944_allied_decisive():
    sc = mid_war("1944-03")
    sc["wars"] = sc["wars"] + [["germany", "usa"]]
    t = Table(game_options(sc))
    run_to(t, "Allied", "final_supply")
    control(t, ruhr="Allied", berlin="Allied", saxony="Allied", silesia="Allied", bavaria="Allied")
    t.do(Advance())
    assert t.state.result == "allied_decisive" and t.state.result_rule == "EE 10.47"
    assert isinstance(t.log[-1], ev.GameEnded)
    with pytest.raises(Refused):
        t.do(Advance())


def test_axis_decisive_two_allied_majors_conquered_and_no_allied_area_in_germany():
    sc = mid_war("1942-05")
    sc["control"]["bavaria"] = "Axis"
    sc["units"] = [u for u in sc["units"] if u["id"] != "b_inf1"]
    t = Table(game_options(sc))
    run_to(t, "Allied", "final_supply")
    for area in ("baku", "kharkov", "stalingrad", "gorky", "rostov", "smolensk", "minsk", "leningrad"):
        control(t, **{area: "Axis"})
    t.do(Advance())
    assert "ussr" in t.state.politics.conquered
    assert t.state.result == "axis_decisive" and t.state.result_rule == "EE 10.41"


def test_final_victory_at_the_end_of_nov_dec_1945():
    sc = mid_war("1945-11")
    sc["wars"] = sc["wars"] + [["germany", "usa"]]
    t = Table(game_options(sc))
    for _ in range(60):
        if t.state.result:
            break
        step(t)
    assert t.state.result == "axis_operational"  # 12 resource areas held (>= 10, EE 10.42)


def test_vichy_france():
    sc = mid_war("1940-07", conquered=["poland", "norway"], paris_taken=True,
                 units=[unit("f1", "france", "infantry", "marseille", max_steps=3)])
    t = Table(game_options(sc))
    run_to(t, "Axis", "operational_move")
    out = t.do(EstablishVichy(placements=("marseille", "morocco", "lebanon")))
    assert isinstance(out[0], ev.VichyEstablished) and "f1" not in t.state.units
    assert "france" in t.state.politics.conquered


def test_phoney_war_and_declarations():
    sc = mid_war("1939-11", wars=[["germany", "britain"], ["germany", "france"]], conquered=[], paris_taken=False)
    t = Table(game_options(sc))
    run_to(t, "Axis", "operational_move")
    with pytest.raises(Refused) as phoney:
        t.do(DeclareWar(aggressor="germany", target="denmark"))
    assert phoney.value.rule == "EE 9.11b"
    t.do(DeclareWar(aggressor="germany", target="poland"))
    assert t.state.control["warsaw"] == "Allied"  # 9.63: Poland's areas become British-friendly
    with pytest.raises(Refused) as not_phasing:
        t.do(DeclareWar(aggressor="britain", target="norway"))
    assert not_phasing.value.rule == "EE 1.23"  # only the phasing player declares war, in its operational move


def test_rear_guard_example_5_14():
    """5.14: leaving an area with 3 Soviet infantry units needs a rear guard of 3 steps."""
    units = [unit("g1", "germany", "infantry", "smolensk", steps=2), unit("g2", "germany", "infantry", "smolensk"),
             *(unit(f"s{i}", "ussr", "infantry", "smolensk") for i in range(3))]
    sc = mid_war(units=units)
    sc["control"]["minsk"] = "Axis"
    t = Table(game_options(sc))
    run_to(t, "Axis", "operational_move")
    with pytest.raises(Refused) as rear:
        t.do(Move(unit_id="g2", path=("minsk",)))  # leaves 2 steps behind: not enough
    assert rear.value.rule == "EE 5.14b"
    t.do(Move(unit_id="g1", path=("minsk",)))  # leaves 4 steps behind
    assert t.state.units["g1"].area == "minsk"


def test_strategic_moves_need_the_entered_limit_and_respect_it():
    sc = mid_war(units=[unit(f"g{i}", "germany", "infantry", "berlin") for i in range(3)])
    t = Table(game_options(sc))
    run_to(t, "Axis", "strategic_move")
    with pytest.raises(Refused) as unknown:
        t.do(Move(unit_id="g0", path=("saxony",), mode="strategic"))
    assert unknown.value.rule == "EE 5.24"
    t.do(SetStrategicMoveLimit(nation="germany", limit=2))
    t.do(Move(unit_id="g0", path=("saxony",), mode="strategic"))
    t.do(Move(unit_id="g1", path=("ruhr",), mode="strategic"))
    with pytest.raises(Refused) as spent:
        t.do(Move(unit_id="g2", path=("ruhr",), mode="strategic"))
    assert spent.value.rule == "EE 5.24"


def test_physical_faces_typed_with_the_command():
    t = Table(game_options(mid_war("1942-03")))
    t.do(Advance())
    out = t.do_json({"type": "ee.roll_weather", "faces": [6, 2]})
    assert [d.source for d in out[:2]] == ["physical", "physical"] and out[2].winner == "german"


def test_every_event_has_a_sentence():
    for cls in GAME.events:
        if cls.__struct_config__.tag.startswith("core."):
            continue
        assert cls in __import__("assistant.games.europe_engulfed.describe", fromlist=["_SENTENCES"])._SENTENCES
    assert describe(ev.PowerConquered(power="italy", turn=20, rule="EE 9.46", cause="capitulation")) == \
        "Italy is conquered: capitulation (EE 9.46)."


def test_free_french_join_the_us_pool_and_are_built_three_steps_a_turn():
    """9.531-9.533: one infantry at once after Vichy; built by the U.S.A. from 1942, at most 3 steps a turn."""
    sc = mid_war("1942-05", vichy=True, paris_taken=True)
    sc["wars"] = sc["wars"] + [["germany", "usa"]]
    t = Table(game_options(sc))
    t.state = evolve(t.state, ev.FreeFrenchJoined(blocks={"infantry:3": 1, "armor:3": 1}, rule="EE 9.532"))
    run_to(t, "Allied", "production")
    assert t.state.step == "usa"
    t.do(Buy(item="new_unit", owner="free_french", kind="infantry", steps=3, max_steps=3, area="london",
             unit_id="ff1"))
    assert t.state.units["ff1"].nation == "free_french"
    with pytest.raises(Refused) as more:
        t.do(Buy(item="new_unit", owner="free_french", kind="armor", steps=1, max_steps=3, area="london",
                 unit_id="ff2"))
    assert more.value.rule == "EE 9.533"


def test_soviet_front_defense_9_26_the_german_player_moves_soviet_units_in():
    sc = mid_war("1940-05", wars=[["germany", "britain"], ["germany", "france"], ["germany", "poland"]],
                 conquered=["poland"], paris_taken=False, pact=True)
    sc["units"] = [u for u in sc["units"] if u["nation"] != "ussr"] + [
        unit(f"g_pol{i}", "germany", "infantry", "warsaw") for i in range(4)] + [
        unit("s1", "ussr", "infantry", "smolensk"), unit("s2", "ussr", "infantry", "minsk"),
        unit("s3", "ussr", "infantry", "lithuania")]
    t = Table(game_options(sc))
    run_to(t, "Allied", "final_supply")
    t.settle_supply()  # Lithuania's borders are not on the test board: the players say the line
    with pytest.raises(Refused) as short:
        t.do(Advance())
    assert short.value.rule == "EE 9.26"
    with pytest.raises(Refused) as inside:
        t.do(Move(unit_id="s3", path=("lvov",), mode="front_defense"))
    assert inside.value.rule == "EE 9.26"
    t.do(Move(unit_id="s1", path=("lvov",), mode="front_defense"))
    t.settle_supply()
    t.do(Advance())  # 2 of 3 Soviet land units in the pact areas now
    assert t.state.phase == "turn_end"


def test_italian_morale_collapses_at_the_start_of_a_turn_and_halves_italy():
    """9.45: no Axis area in Africa or the Middle East and not both Gibraltar and Athens: collapse, irreversible;
    Italy's base drops to 5 (4.14 note **) and it may not buy its Special Action (9.45c)."""
    sc = mid_war("1942-05")
    sc["control"]["libya"] = "Allied"
    t = Table(game_options(sc))
    run_to(t, "Axis", "production")
    assert t.state.politics.morale_collapsed == t.state.turn
    t.do(Advance())
    assert t.state.step == "italy" and t.state.ledger("italy").lines[0].amount == 5
    with pytest.raises(Refused) as no_sa:
        t.do(Buy(item="special_action"))
    assert no_sa.value.rule == "EE 9.45c"


def test_pricing_spells_out_the_arithmetic():
    from assistant.games.europe_engulfed.rules import pricing

    t = Table(game_options(mid_war("1941-09")))
    elite = pricing.new_unit(t.state, "germany", "armor", True, 1)
    assert (elite.cost, elite.rule) == (8, "EE 4.43, EE 4.43b")  # the 4.43b example: a new elite panzer cadre is 8
    militia = pricing.new_unit(t.state, "britain", "militia", False, 2)
    assert (militia.cost, militia.rule) == (2, "EE 4.43, EE 4.43b")
    soviet = pricing.new_unit(t.state, "ussr", "infantry", False, 2)  # at war before 1943: no cadre double (9.24d)
    assert (soviet.cost, soviet.rule) == (2, "EE 4.43, EE 9.24d")
