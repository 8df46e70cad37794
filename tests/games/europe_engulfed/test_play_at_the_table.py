"""Playing at the table: the actions the rules allow are offered when they apply (counterattack after any round,
Special Actions to the side that spends them), new blocks can be bought from the web's lists, and refusals name
what was wrong."""

from __future__ import annotations

import pytest

from assistant.decider import Moment, Refused
from assistant.games.europe_engulfed.commands import (
    Advance,
    Buy,
    Counterattack,
    DeclareConscription,
    Fight,
    Move,
    PlaceFree,
    SpendSpecialAction,
)
from assistant.games.europe_engulfed.game import GAME
from assistant.games.europe_engulfed.guidance import guidance
from assistant.games.europe_engulfed.state import EEState
from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
from tests.games.europe_engulfed.table import Table
from tests.games.europe_engulfed.test_calendar import run_to, step
from tests.games.europe_engulfed.test_combat import battle_table
from tests.games.europe_engulfed.test_production import to_production


def offered(s: EEState, command: type) -> dict[str, tuple[str, ...]] | None:
    """The choices the table offers for ``command`` now (None: the table does not offer it), as `tabletop moves`
    and the web's forms read them."""
    move = GAME.moves_by_command()[command]
    if not move.possible(s, Moment(round=s.turn + 1, side=s.side, phase=s.phase, step=s.step)):
        return None
    return {k: tuple(v) for k, v in (move.choices(s) if move.choices else {}).items()}


def test_the_defender_is_offered_a_counterattack_after_an_initial_combat_round():
    """EE 6.5, 7.7: at the end of each combat round (the initial combat phase's too) the defender may spend a
    Special Action to counterattack; the table offered it only in breakthrough phases."""
    t = battle_table([unit("g1", "germany", "infantry", "smolensk"), unit("s1", "ussr", "infantry", "smolensk")])
    assert offered(t.state, Counterattack) is None  # no round fought yet
    assert offered(t.state, Fight)["area"] == ("smolensk",)  # the contested areas, not the whole board
    t.do(Fight(area="smolensk"), dice=[1] * 8)
    choices = offered(t.state, Counterattack)
    assert choices is not None and choices["nation"] == ("ussr",) and choices["area"] == ("smolensk",)
    assert "counterattack in Smolensk" in guidance(t.state)
    t.do(Counterattack(nation="ussr", area="smolensk"), dice=[1] * 8)
    assert offered(t.state, Counterattack) is None  # one counterattack per round
    assert "counterattack" not in guidance(t.state)


def test_no_counterattack_is_offered_to_a_defender_without_special_actions():
    t = battle_table([unit("g1", "germany", "infantry", "smolensk"), unit("s1", "ussr", "infantry", "smolensk")],
                     special_actions={"germany": 2})
    t.do(Fight(area="smolensk"), dice=[1] * 8)
    assert offered(t.state, Counterattack) is None


def test_special_actions_are_offered_to_whoever_may_spend_them_in_each_phase():
    """EE 7.2, 7.3, 7.52 are the phasing player's in the operational move (the table did not offer them there);
    7.51 and 7.6 are the defender's in combat (the table offered the phasing nations only)."""
    t = battle_table([unit("g1", "germany", "infantry", "smolensk"), unit("s1", "ussr", "infantry", "smolensk")])
    assert offered(t.state, SpendSpecialAction) == {"nation": ("ussr",), "purpose": ("retreat", "reinforce")}
    t.do(SpendSpecialAction(nation="ussr", purpose="reinforce", area="smolensk"))
    assert offered(t.state, SpendSpecialAction) is None  # the USSR holds none now

    t = Table(game_options(mid_war()))
    run_to(t, "Axis", "operational_move")
    assert offered(t.state, SpendSpecialAction) == {"nation": ("germany",),
                                                    "purpose": ("amphibious", "airborne", "withdraw")}
    run_to(t, "Axis", "strategic_move")
    assert offered(t.state, SpendSpecialAction) is None


def test_a_new_block_bought_without_an_id_is_named_by_the_assistant():
    """The web's "Unit id" list offers the blocks on the map only, so a new block could not be bought there (the
    rule asked for an id not on the map); now an empty id is named after the nation, kind and turn."""
    t = to_production(Table(game_options(mid_war())), "germany")
    first = t.do(Buy(item="new_unit", kind="infantry", steps=1, max_steps=4, area="berlin"))[-1]
    second = t.do(Buy(item="new_unit", kind="infantry", steps=1, max_steps=4, area="berlin"))[-1]
    assert first.unit_id and second.unit_id and first.unit_id != second.unit_id
    assert {first.unit_id, second.unit_id} <= set(t.state.units)
    assert t.state.units[first.unit_id].area == "berlin" and t.state.units[first.unit_id].nation == "germany"
    with pytest.raises(Refused) as taken:
        t.do(Buy(item="new_unit", kind="armor", elite=True, steps=1, max_steps=4, area="ruhr", unit_id="g_inf1"))
    assert "g_inf1 is already on the map" in taken.value.reason


def test_the_force_pool_refusal_says_what_the_pool_holds():
    t = to_production(Table(game_options(mid_war())), "germany")
    with pytest.raises(Refused) as none:
        t.do(Buy(item="new_unit", kind="armor", steps=1, max_steps=4, area="ruhr"))
    assert none.value.rule == "EE 4.4"
    assert "no armor block of 4 steps left in the German force pool" in none.value.reason
    assert "it holds 1 elite armor of 4 steps, 2 infantry of 4 steps" in none.value.reason


def test_a_free_conscription_unit_without_an_id_gets_one_never_an_empty_id():
    """An empty id made a block with the id "" (the command required a field the web cannot fill)."""
    t = Table(game_options(mid_war("1942-05"), conscription_bid=-20))
    run_to(t, "Allied", "production")
    while t.state.step != "ussr":
        step(t)
    t.do(DeclareConscription())
    placed = t.do(PlaceFree(source="conscription", area="ural_mountains", steps=4, max_steps=4))[-1]
    assert placed.unit_id and placed.unit_id in t.state.units and "" not in t.state.units


def test_a_move_names_the_place_that_is_not_on_the_board_and_the_unknown_kind_of_move():
    t = Table(game_options(mid_war()))
    run_to(t, "Axis", "operational_move")
    before = t.state
    with pytest.raises(Refused) as unknown:
        t.do(Move(unit_id="g_inf6", path=("atlantis",)))
    assert "'atlantis' is not on it" in unknown.value.reason
    with pytest.raises(Refused) as mode:
        t.do(Move(unit_id="g_inf6", path=("berlin",), mode="teleport"))
    assert "unknown kind of move 'teleport'" in mode.value.reason
    with pytest.raises(Refused) as here:
        t.do(Move(unit_id="g_inf6", path=("saxony",)))
    assert "already in Saxony" in here.value.reason and here.value.rule == "EE 5.1"
    assert t.state == before
    t.do(Advance())


def test_a_move_without_a_mode_is_the_phases_own_kind_of_move():
    """One input fewer for every strategic move: the mode used to default to operational, refused in the strategic
    phase (EE 1.24)."""
    t = Table(game_options(mid_war(), strategic_moves={"germany": 6}))
    run_to(t, "Axis", "strategic_move")
    moved = t.do(Move(unit_id="g_inf6", path=("berlin", "east_prussia", "warsaw", "kiev")))[0]
    assert moved.mode == "strategic" and t.state.units["g_inf6"].area == "kiev"
    assert offered(t.state, Move)["mode"][:2] == ("operational", "strategic")


def test_an_overridden_purchase_of_a_new_block_without_an_id_is_named_too():
    t = to_production(Table(game_options(mid_war())), "germany")
    bought = t.do(Buy(item="new_unit", kind="cavalry", steps=1, max_steps=3, area="berlin",
                      override="the cavalry block was in our box"))[-1]
    assert bought.unit_id in t.state.units and t.state.units[bought.unit_id].kind == "cavalry"
