"""Scenario set-ups: entered once, validated against the board, saved and reloaded as a scenario file."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed.board import loader
from assistant.games.europe_engulfed.scenario import loader as scenarios
from assistant.games.europe_engulfed.scenario.commands import SetUpScenario
from assistant.games.europe_engulfed.scenario.format import PoolEntry, Scenario, TrackSetup, UnitSetup
from assistant.games.europe_engulfed.scenario.moves import decide_set_up
from assistant.games.europe_engulfed.scenario.validate import ScenarioInvalid, problems
from assistant.games.europe_engulfed.events.board import ScenarioSetUp


def sample() -> Scenario:
    return Scenario(
        name="players' 1941 start",
        start_turn="1941-05",
        control={"ruhr": "Axis", "moscow": "Allied", "leningrad": "Allied"},
        units=(
            UnitSetup(id="de-pz-1", nation="germany", kind="armor", area="ruhr", max_steps=4, elite=True),
            UnitSetup(id="su-inf-1", nation="ussr", kind="infantry", area="leningrad", max_steps=4, steps=2),
            UnitSetup(id="su-inf-2", nation="ussr", kind="infantry", area="leningrad", max_steps=4),
            UnitSetup(id="de-gsu-1", nation="germany", kind="gsu", area="ruhr"),
        ),
        pools={"germany": (PoolEntry(kind="infantry", max_steps=4, count=6),)},
        fleets={"baltic": {"germany": 2}, "atlantic": {"britain": 8}},
        track=TrackSetup(uboats=12, bombers_allied=4, flak_germany=1),
        special_actions={"germany": 2, "ussr": 1},
        wars=(("germany", "britain"), ("germany", "ussr")),
        sources=("Play book, 1941 campaign (players' copy)",),
    )


def test_a_scenario_saves_to_a_file_and_loads_back_identically(tmp_path):
    path = tmp_path / "1941.toml"
    scenarios.save(sample(), path)
    assert scenarios.load(path) == sample()
    assert problems(sample(), loader.partial_board()) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"start_turn": "1941-04"}, "start turn '1941-04'"),
        ({"control": {"atlantis": "Axis"}}, "'atlantis' is not a land area"),
        ({"fleets": {"pacific": {"usa": 1}}}, "'pacific', which is not a sea area"),
        ({"track": TrackSetup(bombers_axis=31)}, "bombers_axis: 31 is outside 0–30"),
        ({"units": (UnitSetup(id="x", nation="germany", kind="infantry", area="ruhr", max_steps=3, steps=4),)},
         "4 steps, but it has 3"),
        ({"units": (UnitSetup(id="x", nation="germany", kind="gsu", area="ruhr", max_steps=2),)}, "one step"),
        ({"units": (UnitSetup(id="x", nation="germany", kind="infantry", area="ruhr", max_steps=3),) * 2},
         "used 2 times"),
        ({"units": tuple(UnitSetup(id=f"g{i}", nation="britain", kind="infantry", area="malta", max_steps=3)
                         for i in range(2))}, "at most 1 may stay in it (EE 5.5)"),
    ],
)  # fmt: skip
def test_scenario_errors_are_clear(change, message):
    bad = Scenario(**{**{f: getattr(sample(), f) for f in Scenario.__struct_fields__}, **change})
    found = problems(bad, loader.partial_board())
    assert any(message in p for p in found), found


def test_soviet_fortresses_hold_two_units():
    ok = sample()  # two Soviet units in Leningrad
    assert problems(ok, loader.partial_board()) == []


def test_a_malformed_scenario_file_is_refused():
    with pytest.raises(ScenarioInvalid) as no:
        scenarios.loads('name = "x"\n[[units]]\nid = "a"\nnation = "germany"\nkind = "tank"\narea = "ruhr"\n')
    assert "kind" in str(no.value)


def test_set_up_scenario_is_entered_once_before_play():
    board = loader.partial_board()
    (event,) = decide_set_up(SetUpScenario(scenario=sample()), board, play_begun=False)
    assert isinstance(event, ScenarioSetUp) and event.scenario == sample()
    with pytest.raises(Refused) as late:
        decide_set_up(SetUpScenario(scenario=sample()), board, play_begun=True)
    assert late.value.rule == "EE 1.0"
    wrong = Scenario(units=(UnitSetup(id="x", nation="germany", kind="armor", area="atlantis", max_steps=4),))
    with pytest.raises(Refused) as no:
        decide_set_up(SetUpScenario(scenario=wrong), board, play_begun=False)
    assert "amend the board first" in no.value.reason
