"""Supply moves on the game's own state: snapshot of EEState, Special Actions spent through the game's rule,
and the facts evolved back into the state (markers, steps, holdings, fleets)."""

from __future__ import annotations

import msgspec

from assistant.decider import Context
from assistant.games.europe_engulfed.board import amend, loader
from assistant.games.europe_engulfed.board.commands import AmendBoard
from assistant.games.europe_engulfed.board.moves import amend_board
from assistant.games.europe_engulfed.options import Options
from assistant.games.europe_engulfed.scenario.format import Scenario, UnitSetup
from assistant.games.europe_engulfed.describe import describe
from assistant.games.europe_engulfed.evolve import evolve
from assistant.games.europe_engulfed.state import initial_state
from assistant.games.europe_engulfed.supply.commands import DetermineSupply, LimitedSupplyOrder
from assistant.games.europe_engulfed.supply.moves import determine_supply, marker_flips
from assistant.games.europe_engulfed.supply.snapshot import situation
from assistant.games.europe_engulfed.events.supply import LimitedSupplyApplied, OutOfSupplyMarkerFlipped, UnitsMarkedOutOfSupply

MAP = (
    amend.SetArea(area="london", name="London", nation="britain", home=True, resource=True, ports=("atlantic",),
                  borders_complete=True),
    amend.SetArea(area="midlands", name="Midlands", nation="britain", home=True, resource=True, ports=(),
                  borders_complete=True),
    amend.AddBorder(a="london", b="midlands"),
    amend.SetArea(area="alexandria", ports=("mediterranean",), borders_complete=True),
    amend.SetArea(area="sinai_desert", ports=(), resource=False, borders_complete=True),
    amend.AddBorder(a="alexandria", b="sinai_desert"),
)  # fmt: skip


def game():
    scenario = Scenario(
        start_turn="1941-05",
        control={"london": "Allied", "midlands": "Allied", "alexandria": "Axis", "sinai_desert": "Allied"},
        units=(UnitSetup(id="gb1", nation="britain", kind="infantry", area="sinai_desert", max_steps=4, steps=3),
               UnitSetup(id="gb2", nation="britain", kind="infantry", area="midlands", max_steps=4)),
        special_actions={"britain": 1},
        wars=(("germany", "britain"),),
    )  # fmt: skip
    definition = {"board": loader.to_dict(loader.partial_board()),
                  "options": msgspec.to_builtins(Options(scenario=scenario))}  # fmt: skip
    state = initial_state(definition)
    for e in amend_board(AmendBoard(amendments=MAP, reason="our map"), state, Context()):
        state = evolve(state, e)
    return state


def test_the_snapshot_reads_the_game_state():
    sit = situation(game())
    assert {u.id: (u.side, u.area, u.steps) for u in sit.units} == {
        "gb1": ("Allied", "sinai_desert", 3),
        "gb2": ("Allied", "midlands", 4),
    }
    assert sit.control["alexandria"] == "Axis"


def test_initial_mark_move_flip_and_final_limited_supply_on_the_game_state():
    state = game()
    events = determine_supply(DetermineSupply(side="Allied", phase="initial"), state, Context())
    assert [e.unit_ids for e in events if isinstance(e, UnitsMarkedOutOfSupply)] == [("gb1",)]
    # the log names the block the players look for on the map, as it stood when it was marked
    (marked,) = [e for e in events if isinstance(e, UnitsMarkedOutOfSupply)]
    assert describe(marked) == "Out of supply (EE 1.21): British infantry (3/4 steps) in Sinai Desert."
    assert describe(msgspec.structs.replace(marked, named=())) == "Out of supply (EE 1.21): 1 unit."  # an older event
    for e in events:
        state = evolve(state, e)
    assert state.units["gb1"].oos and not state.units["gb2"].oos
    flips = marker_flips(state, ("gb1", "gb2"))
    assert flips == [OutOfSupplyMarkerFlipped(unit_ids=("gb1",),
                                              named=("British infantry (3/4 steps) in Sinai Desert",))]
    final = DetermineSupply(side="Allied", phase="final",
                            limited_supply=(LimitedSupplyOrder(area="sinai_desert", nation="britain"),))  # fmt: skip
    events = determine_supply(final, state, Context())
    assert [type(e).__name__ for e in events][:2] == ["SpecialActionSpent", "SupplyDetermined"]
    (ls,) = [e for e in events if isinstance(e, LimitedSupplyApplied)]
    assert [(c.unit_id, c.to_steps) for c in ls.reduced] == [("gb1", 2)]
    for e in events:
        state = evolve(state, e)
    assert state.units["gb1"].steps == 2 and not state.units["gb1"].oos
    assert state.special_actions.get("britain", ()) == ()
    assert state.supply.last["Allied"]["gb1"].status == "limited"
