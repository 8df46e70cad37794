"""Refusals in the players' words: nations by name, singular when the number is 1, and the rule that decides."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed import offers
from assistant.games.europe_engulfed.commands import (
    Buy,
    DeclareWar,
    Move,
    ResolveUBoats,
    SetStrategicMoveLimit,
    TransferWerp,
)
from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
from tests.games.europe_engulfed.table import Table
from tests.games.europe_engulfed.test_calendar import run_to, step
from tests.games.europe_engulfed.test_production import to_production


def refusal(t: Table, command) -> Refused:
    with pytest.raises(Refused) as refused:
        t.do(command)
    return refused.value


def british_production() -> Table:
    """Mid-war Britain in its production phase, the mandatory U-boat war resolved (EE 2.0)."""
    t = to_production(Table(game_options(mid_war())), "britain")
    t.do(ResolveUBoats(percent=0, werp_loss=0), dice=[1, 1])
    return t


def test_a_transfer_no_rule_allows_names_both_nations():
    t = to_production(Table(game_options(mid_war("1942-03", wars=mid_war()["wars"] + [["germany", "usa"]]))), "usa")
    refused = refusal(t, TransferWerp(receiver="ussr", amount=1))
    assert refused.rule == "EE 4.5"
    assert "no rule lets U.S.A. send WERP to Soviet Union" in refused.reason
    assert "usa" not in refused.reason and "ussr" not in refused.reason


def test_the_9_35_cap_says_how_much_was_already_sent():
    t = british_production()
    t.do(TransferWerp(receiver="ussr", amount=5, route="persia"))
    refused = refusal(t, TransferWerp(receiver="ussr", amount=20, route="murmansk"))
    assert refused.rule == "EE 9.35"
    assert "5 already sent" in refused.reason


def test_a_limit_of_one_is_singular():
    t = british_production()
    bombers = refusal(t, Buy(item="bomber", qty=2))
    assert bombers.rule == "EE 2.3" and "at most 1 bomber per turn" in bombers.reason
    t = Table(game_options(mid_war()))
    while not (t.state.phase == "production" and t.state.step == "ussr"):
        step(t)  # through Britain's mandatory U-boat war
    # the USSR holds 1 Special Action, its 1941 maximum
    held = refusal(t, Buy(item="special_action"))
    assert held.rule == "EE 7.11" and "at most 1 Special Action in 1941" in held.reason


def test_a_second_strategic_move_cites_the_strategic_movement_rule():
    t = Table(game_options(mid_war(units=[unit("g0", "germany", "infantry", "berlin")])))
    run_to(t, "Axis", "strategic_move")
    t.do(SetStrategicMoveLimit(nation="germany", limit=4))
    t.do(Move(unit_id="g0", path=("saxony",), mode="strategic"))
    again = refusal(t, Move(unit_id="g0", path=("berlin",), mode="strategic"))
    assert again.rule == "EE 5.21" and "strategic move" in again.reason


def allied_operational_move() -> Table:
    """Mid-war: France conquered without an armistice (no Vichy France), the Allies to move."""
    t = Table(game_options(mid_war()))
    run_to(t, "Allied", "operational_move")
    return t


def test_already_at_war_names_the_powers_and_the_rule():
    refused = refusal(allied_operational_move(), DeclareWar(aggressor="britain", target="germany"))
    assert refused.reason == "Great Britain and Germany are already at war" and refused.rule == "EE 9.0"


def test_no_war_on_a_vichy_france_that_does_not_exist():
    refused = refusal(allied_operational_move(), DeclareWar(aggressor="britain", target="vichy"))
    assert "there is no Vichy France" in refused.reason and refused.rule == "EE 9.521"
    assert "1942" not in refused.reason


def test_a_conquered_power_is_not_offered_and_is_refused_for_its_conquest():
    t = allied_operational_move()
    assert "france" not in offers.phasing_majors(t.state)
    assert "britain" in offers.phasing_majors(t.state)
    refused = refusal(t, DeclareWar(aggressor="france", target="italy"))
    assert refused.rule == "EE 10.1" and "France has been conquered" in refused.reason


def test_an_unknown_power_is_named_with_the_known_ones():
    refused = refusal(allied_operational_move(), DeclareWar(aggressor="britain", target="germanyx"))
    assert refused.reason.startswith("there is no power 'germanyx'; known: germany, italy, britain")
    assert not refused.rule
