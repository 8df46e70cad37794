"""The calendar, the weather and the turn state machine (EE 1.0-1.4, 10.6 of the digest)."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed import calendar
from assistant.games.europe_engulfed.commands import Advance, EnterWeather, ResolveUBoats, RollWeather
import assistant.games.europe_engulfed.events as ev
from events.core import PhaseBegan
from tests.games.europe_engulfed.scenarios import CLEAR, game_options, mid_war, unit
from tests.games.europe_engulfed.table import Table


def test_two_month_turns_from_sep_oct_1939_to_nov_dec_1945():
    assert calendar.name(calendar.first()) == "Sep/Oct 1939"
    assert calendar.name(calendar.last()) == "Nov/Dec 1945"
    assert calendar.last() - calendar.first() + 1 == 38
    assert [calendar.name(t) for t in (2, 3)] == ["Jan/Feb 1940", "Mar/Apr 1940"]
    assert calendar.is_variable_weather(calendar.index("1941-03")) and calendar.is_variable_weather(1)
    assert not calendar.is_variable_weather(calendar.index("1941-05"))


@pytest.mark.parametrize("key,turn", [
    ("phoney_war_ends", "Mar/Apr 1940"), ("us_enters_war", "Jan/Feb 1942"), ("russian_winter", "Jan/Feb 1942"),
    ("vichy_dow", "Jul/Aug 1942"), ("allied_bomber_bonus", "Jan/Feb 1943"), ("v1_available", "Jan/Feb 1944"),
    ("v2_available", "Sep/Oct 1944"), ("soviet_step_surcharge", "Jan/Feb 1945"),
])
def test_scheduled_switches(key, turn):
    assert calendar.name(calendar.switch_turn(key)) == turn


@pytest.mark.parametrize("code,result", [
    ("1944-05", "allied_decisive"), ("1944-07", "allied_operational"), ("1944-11", "allied_operational"),
    ("1945-01", "allied_marginal"), ("1945-05", "allied_marginal"), ("1945-07", "draw"),
])
def test_allied_victory_level_by_the_date_germany_falls(code, result):
    assert calendar.allied_victory_band(calendar.index(code))[0] == result


def test_player_turn_phases_in_order_and_clock_events():
    t = Table(game_options(mid_war()))
    seen = []
    for _ in range(40):
        events = step(t)
        seen += [(e.side, e.phase, e.step) for e in events if isinstance(e, PhaseBegan)]
        if t.state.phase == "turn_end":
            break
    phases = [p for side, p, step in seen if side == "Axis"]
    assert phases[:3] == ["initial_supply", "production", "production"]  # Germany then Italy
    assert [p for p in phases if p != "production"] == [
        "initial_supply", "operational_move", "strategic_move", "combat", "breakthrough", "final_supply"]
    assert ("Allied", "production", "britain") in seen and ("Allied", "production", "ussr") in seen
    assert ("Allied", "production", "usa") not in seen  # no U.S. production before they enter the war (9.32)
    assert seen[-1] == ("", "turn_end", "")
    assert isinstance(t.log[-1], ev.TurnEnded)


def test_variable_weather_soviet_wins_ties():
    sc = mid_war("1942-03")
    opts = game_options(sc, variable_weather={"Mar/Apr": {"german": {"west": "clear", "east": "clear", "south": "clear"},
                                                           "soviet": {"west": "mud", "east": "mud", "south": "light_mud"}}})
    t = Table(opts)
    t.do(Advance())
    with pytest.raises(Refused) as early:
        t.do(Advance())
    assert early.value.rule == "EE 1.1"
    t.do(RollWeather(), dice=[4, 4])
    assert t.state.weather == {"west": "mud", "east": "mud", "south": "light_mud"}
    assert t.thrown()[0].purpose.startswith("variable weather")


def test_printed_weather_is_entered_when_not_given():
    t = Table(game_options(mid_war("1941-05"), weather_track={}))
    t.do(Advance())
    with pytest.raises(Refused) as rolled:
        t.do(RollWeather())
    assert rolled.value.rule == "EE 1.1"
    t.do(EnterWeather(weather={"West": "clear", "East": "light_mud", "South": "clear"}))
    assert t.state.weather["east"] == "light_mud"


def step(t: Table) -> list:
    """One table action: the weather when it is due, the mandatory U-boat war, otherwise ee.advance."""
    s = t.state
    if s.phase == "weather" and not s.weather:
        if calendar.is_variable_weather(s.turn):
            return t.do(RollWeather(), dice=[1, 2])
        return t.do(EnterWeather(weather=CLEAR))
    if s.phase == "production" and s.step == "britain" and s.track.uboats and "uboats" not in s.ledger("britain").warfare:
        return t.do(ResolveUBoats(percent=0, werp_loss=0), dice=[1, 1])
    t.settle_supply()
    return t.do(Advance())


def run_to(t: Table, side: str, phase: str) -> None:
    for _ in range(80):
        if t.state.side == side and t.state.phase == phase:
            return
        step(t)
    raise AssertionError(f"never reached {side} {phase}")


def test_us_enters_the_war_in_the_axis_operational_move_of_jan_feb_1942():
    t = Table(game_options(mid_war("1942-01")))
    run_to(t, "Axis", "operational_move")
    assert t.state.politics.at_war("usa", "germany") and t.state.politics.at_war("usa", "italy")
    wars = [e for e in t.log if isinstance(e, ev.WarDeclared)]
    assert wars[0].forced_by == "EE 9.32"


def test_russian_winter_after_the_axis_production_of_jan_feb_1942():
    t = Table(game_options(mid_war("1942-01")))
    run_to(t, "Axis", "operational_move")
    winter = [e for e in t.log if isinstance(e, ev.StepsLost)]
    # German infantry-type units in the USSR lose a step (Kiev); the panzer in Moscow does not (9.13)
    assert winter and winter[0].losses == {"g_inf3": 1}


def test_italy_enters_the_turn_after_paris_falls_and_produces_10_the_next_turn():
    sc = mid_war("1940-05", wars=[["germany", "britain"], ["germany", "france"], ["germany", "poland"]],
                 conquered=["poland"], paris_taken=False)
    t = Table(game_options(sc, weather_track={"1940-05": CLEAR, "1940-07": CLEAR, "1940-09": CLEAR}))
    run_to(t, "Axis", "production")
    t.do(Advance())
    assert t.state.step == "italy" and t.state.ledger("italy").lines[0].amount == 5  # neutral Italy (9.42)
    run_to(t, "Axis", "combat")
    t.state = _with_control(t.state, "paris", "Axis")  # Paris falls in this combat phase
    run_to(t, "Axis", "operational_move")  # next turn
    assert t.state.politics.italy_at_war == t.state.turn
    assert t.state.politics.axis_minors_joined == t.state.turn
    run_to(t, "Axis", "production")
    t.do(Advance())
    assert t.state.ledger("italy").lines[0].amount == 10  # from the next Axis production phase (9.42)


def _with_control(state, area, side):
    from assistant.games.europe_engulfed.evolve import evolve

    return evolve(state, ev.ControlChanged(area=area, side=side, cause="test: Paris falls", by="germany"))


def test_no_soviet_production_before_jan_feb_1940_then_9_then_17():
    sc = mid_war("1939-11", wars=[["germany", "britain"], ["germany", "france"], ["germany", "poland"]],
                 conquered=["poland"], paris_taken=False, pact=True)
    # five German land units in Poland keep the USSR out of the war (9.23a); the Soviets hold the pact areas (9.26)
    sc["units"] = [u for u in sc["units"] if u["nation"] != "ussr"] + [
        unit(f"g_pol{i}", "germany", "infantry", "warsaw") for i in range(4)] + [
        unit("s_lit", "ussr", "infantry", "lithuania"), unit("s_lvov", "ussr", "infantry", "lvov")]
    t = Table(game_options(sc, weather_track={"1940-01": CLEAR}))
    run_to(t, "Allied", "operational_move")
    assert not any(isinstance(e, ev.ProductionBegan) and e.nation == "ussr" for e in t.log)
    run_to(t, "Allied", "production")
    while t.state.step != "ussr":
        step(t)
    assert t.state.ledger("ussr").lines[0].amount == 9 and t.state.ledger("ussr").lines[0].rule == "EE 9.24a"


def test_soviet_war_is_forced_with_fewer_than_five_germans_in_poland():
    sc = mid_war("1939-11", wars=[["germany", "britain"], ["germany", "france"], ["germany", "poland"]],
                 conquered=["poland"], paris_taken=False, pact=True)
    t = Table(game_options(sc))
    run_to(t, "Allied", "operational_move")
    forced = [e for e in t.log if isinstance(e, ev.WarDeclared) and e.aggressor == "ussr"]
    assert forced and forced[0].forced_by == "EE 9.23a"
