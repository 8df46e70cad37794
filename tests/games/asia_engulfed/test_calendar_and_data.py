"""The calendar (AE 1.0, 9.11, 10.18), the cost chart (AE 4.44) and the turn machine (AE 1.1-1.3)."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.families.engulfed.steps import new_unit_price
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import data
from assistant.games.asia_engulfed.rules.purchases import step_cost
from assistant.games.asia_engulfed.rules.turn import PLAYER_PHASES
from tests.games.asia_engulfed.table import Table


def test_the_campaign_runs_23_two_month_turns_from_nov_dec_1941_to_jul_aug_1945():
    cal = data.calendar()
    assert cal.last == 23
    assert [cal.name(n) for n in (1, 2, 7, 8, 23)] == [
        "Nov/Dec 1941", "Jan/Feb 1942", "Nov/Dec 1942", "Jan/Feb 1943", "Jul/Aug 1945"]
    assert cal.index("1943-01") == 8


@pytest.mark.parametrize(("kind", "nation", "steps", "price"), [
    ("marine", "japan", 1, 4),  # AE 4.44 note: a new Japanese Marine costs 4 for its first step
    ("marine", "usa", 1, 6),  # a new US Marine 6
    ("militia", "china", 3, 3),  # militia is never doubled: 1 a step
    ("infantry", "usa", 3, 4),  # cadre 2 + 1 + 1
    ("cba", "usa", 2, 3),  # a full CBA: cadre 2 + 1
    ("lba", "usa", 2, 2),  # LBA are not doubled
])
def test_new_unit_prices_follow_the_cost_chart_and_its_cadre_note(kind, nation, steps, price):
    per, doubles = step_cost(kind, nation)
    assert new_unit_price(steps, per, doubles) == price


def test_a_turn_is_the_japanese_then_the_allied_player_turn_then_the_turn_advance():
    t = Table()
    t.do(c.Advance())
    seen = []
    while t.state.phase != "turn_advance":
        seen.append((t.state.side, t.state.phase))
        t.advance_to_next()
    phases = list(dict.fromkeys(seen))
    assert phases == [("japan", p) for p in PLAYER_PHASES] + [("allies", p) for p in PLAYER_PHASES]
    t.do(c.Advance())
    assert (t.state.turn, t.state.side, t.state.phase) == (2, "japan", "naval_movement")


def test_supply_cannot_be_skipped_when_its_phase_ends():
    t = Table()
    t.do(c.Advance())
    t.do(c.Advance())  # naval movement -> initial supply
    with pytest.raises(Refused) as refused:
        t.do(c.Advance())
    assert refused.value.rule == "AE 1.12"
    with pytest.raises(Refused, match="Supply Network first"):
        t.do(c.DetermineSupply())


def test_transports_available_are_reset_to_the_capacity_each_turn():
    t = Table()
    t.do(c.Advance())
    assert t.state.balance("japan", "ta") == 10
    line = next(b for e in t.log for b in getattr(e, "books", ()) if b.account == "ta")
    assert (line.amount, line.rule) == (10, "AE 1.1")


def test_a_move_outside_its_phase_is_refused_naming_the_rule():
    t = Table()
    t.do(c.Advance())
    with pytest.raises(Refused) as refused:
        t.do(c.Buy(item="special_action"))
    assert refused.value.rule == "AE 1.13"


@pytest.mark.parametrize(("change", "problem"), [
    ({"start_turn": "1941-12"}, "a turn starts in an odd month"),
    ({"start_turn": "1946-01"}, "outside the game"),
    ({"special_actions": {"usa": 2}}, "more than the limit of 1 (AE 7.11)"),
])
def test_a_scenario_with_a_wrong_start_or_too_many_special_actions_is_refused(change, problem):
    from msgspec.structs import replace

    from tests.games.asia_engulfed.table import scenario

    t = Table(set_up=False)
    with pytest.raises(Refused, match=problem.replace("(", r"\(").replace(")", r"\)")):
        t.do(c.SetUpScenario(scenario=replace(scenario(), **change)))
    assert t.state.phase == "setup" and not t.log
