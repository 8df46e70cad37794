"""Attackers of a fortress after the battle (EE 5.5, 6.85, 6.86), minor powers' deployment (9.61), and control
of an area cleared in combat (Glossary "Zone contrôlée")."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from assistant.decider import Refused
from assistant.games.europe_engulfed.board.format import Board, Border
from assistant.games.europe_engulfed.board.loader import to_dict
from assistant.games.europe_engulfed.commands import (
    Advance,
    DeclareWar,
    DeployMinor,
    EliminateExcess,
    Fight,
    LeaveFortress,
    Move,
    NavalCombat,
    NewBlock,
)
from assistant.games.europe_engulfed.guidance import guidance
from assistant.games.europe_engulfed.state import Block
import assistant.games.europe_engulfed.events as ev
from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
from tests.games.europe_engulfed.table import BOARD, Table, area
from tests.games.europe_engulfed.test_calendar import run_to
from tests.games.europe_engulfed.test_guidance import assert_plain, replay_guidance

_TOBRUK = area("Tobruk", zone="south", kind="fortress", ports=("mediterranean",))
FORT_BOARD = Board(
    title="test board with Tobruk in Cyrenaica",
    areas={**BOARD.areas, "cyrenaica": area("Cyrenaica", "italy", zone="south", regions=("africa",)),
           "tobruk": replace(_TOBRUK, container="cyrenaica"), "sicily": area("Sicily", "italy", zone="south")},
    seas=BOARD.seas,
    borders=BOARD.borders + (Border(a="libya", b="cyrenaica"),),
)


def table(units: list[dict], control: dict[str, str]) -> Table:
    sc = mid_war(units=units)
    sc["control"] = {**sc["control"], **control}
    return Table({**game_options(sc), "board": to_dict(FORT_BOARD)})


def tobruk_assault(defender_steps: int) -> Table:
    t = table([unit("g1", "germany", "infantry", "cyrenaica"), unit("g2", "germany", "infantry", "cyrenaica"),
               unit("b1", "britain", "infantry", "tobruk", steps=defender_steps)],
              {"cyrenaica": "Axis", "tobruk": "Allied"})
    run_to(t, "Axis", "operational_move")
    t.do(Move(unit_id="g1", path=("tobruk",)))
    t.do(Move(unit_id="g2", path=("tobruk",)))
    assert set(t.state.fortress_attackers) == {"g1", "g2"}
    run_to(t, "Axis", "combat")
    return t


def test_a_fortress_cleared_in_combat_changes_hands_and_the_excess_goes_to_the_surrounding_area():
    t = tobruk_assault(defender_steps=1)
    out = t.do(Fight(area="tobruk"), dice=[6] * 20)
    taken = [e for e in out if isinstance(e, ev.ControlChanged)]
    assert taken and taken[0].side == "Axis" and t.state.control["tobruk"] == "Axis"
    assert "Tobruk (1 too many)" in guidance(t.state) and '"Leave fortress"' in guidance(t.state)
    with pytest.raises(Refused) as stacked:
        t.do(Advance())
    assert stacked.value.rule == "EE 5.5" and "surrounding area" in stacked.value.reason
    with pytest.raises(Refused) as not_eliminated:
        t.do(EliminateExcess(unit_ids=("g2",)))
    assert not_eliminated.value.rule == "EE 5.5"  # attackers are placed in the surrounding area, not eliminated
    with pytest.raises(Refused) as one_stays:
        t.do(LeaveFortress(unit_ids=("g1", "g2")))
    assert one_stays.value.rule == "EE 6.85"
    out = t.do(LeaveFortress(unit_ids=("g2",)))
    assert out[0].mode == "fortress_exit" and t.state.units["g2"].area == "cyrenaica"
    t.do(Advance())
    assert t.state.phase == "breakthrough"
    assert_plain(replay_guidance(t))


def test_an_untaken_fortress_sends_the_excess_out_and_destroys_its_airborne_assailants():
    t = tobruk_assault(defender_steps=4)
    # an airborne assault played at the table, recorded with an overridden move in the movement phase
    fj = Block(id="fj", nation="germany", kind="airborne", max_steps=2, steps=2, area="rome")
    t.state = replace(t.state, phase="operational_move", units={**t.state.units, "fj": fj})
    t.do(Move(unit_id="fj", path=("tobruk",), mode="airborne", override="assault played at the table"))
    t.state = replace(t.state, phase="combat")
    t.do(Fight(area="tobruk"), dice=[1] * 30)  # nobody hits
    run_to(t, "Axis", "final_supply")
    with pytest.raises(Refused) as owed:
        t.do(Advance())
    assert owed.value.rule == "EE 6.85" and "tobruk (1)" in owed.value.reason
    assert "withdraw (1 from Tobruk)" in guidance(t.state)
    with pytest.raises(Refused):
        t.do(LeaveFortress(unit_ids=("g1", "g2")))  # only the one over the limit
    with pytest.raises(Refused):
        t.do(LeaveFortress(unit_ids=("fj",)))  # airborne assailants do not walk out
    t.do(LeaveFortress(unit_ids=("g2",)))
    out = t.do(Advance())
    gone = next(e for e in out if isinstance(e, ev.UnitsEliminated))
    assert gone.unit_ids == ("fj",) and "fj" not in t.state.units and t.state.units["g1"].area == "tobruk"


def malta_table() -> Table:
    t = table([unit("i1", "italy", "infantry", "rome", max_steps=3), unit("i2", "italy", "infantry", "rome", max_steps=3),
               unit("ig", "italy", "gsu", "rome", max_steps=1), unit("bm", "britain", "infantry", "malta")],
              {"malta": "Allied", "sicily": "Axis"})
    run_to(t, "Axis", "operational_move")
    for uid in ("i1", "i2", "ig"):
        t.do(Move(unit_id=uid, path=("mediterranean", "malta"), mode="amphibious", override="invasion played by hand"))
    assert t.state.fortress_attackers == {"i1": "rome", "i2": "rome", "ig": "rome"}
    return t


def test_malta_invaders_sail_back_to_their_port_open_to_naval_combat_or_are_eliminated():
    t = malta_table()
    run_to(t, "Axis", "combat")
    t.do(Fight(area="malta"), dice=[1] * 30)
    run_to(t, "Axis", "final_supply")
    with pytest.raises(Refused) as owed:
        t.do(Advance())
    assert owed.value.rule == "EE 6.86"
    out = t.do(LeaveFortress(unit_ids=("i1",)))
    move = out[0]
    assert move.path == ("mediterranean", "rome") and move.sea[0].fleet_points == 0 and move.sea[0].nation == "italy"
    naval = t.do(NavalCombat(sea="mediterranean"), dice=[6, 6, 1, 1])  # the British sink both Italian points
    assert next(e for e in naval if isinstance(e, ev.NavalCombatResolved)).units_lost == ("i1",)
    t.do(EliminateExcess(unit_ids=("i2",)))  # 6.86: or eliminated
    out = t.do(Advance())
    back = next(e for e in out if isinstance(e, ev.UnitMoved))
    assert back.unit_id == "ig" and back.path == ("sicily",)  # the GSU returns to Sicily whatever the outcome
    said = replay_guidance(t)
    assert_plain(said)
    assert any("Malta's invaders sail back" in x for x in said)


def test_minor_forces_deploy_on_the_declaration_of_war_as_the_players_enter_them():
    sc = mid_war("1939-11", wars=[["germany", "britain"], ["germany", "france"]], conquered=[], paris_taken=False)
    t = Table(game_options(sc))
    run_to(t, "Axis", "operational_move")
    t.do(DeclareWar(aggressor="germany", target="poland"))
    assert t.state.politics.deploying == ("poland",)
    with pytest.raises(Refused) as waits:
        t.do(Advance())
    assert waits.value.rule == "EE 9.61"
    with pytest.raises(Refused, match="own areas"):
        t.do(DeployMinor(minor="poland", blocks=(NewBlock(nation="poland", kind="infantry", max_steps=3, area="kiev"),)))
    with pytest.raises(Refused, match="own blocks"):
        t.do(DeployMinor(minor="poland", blocks=(NewBlock(nation="germany", kind="infantry", max_steps=3, area="warsaw"),)))
    out = t.do(DeployMinor(minor="poland", blocks=(
        NewBlock(nation="poland", kind="infantry", max_steps=3, area="warsaw"),
        NewBlock(nation="poland", kind="cavalry", max_steps=2, steps=1, area="warsaw", id="pol-cav"))))
    assert [b.id for b in out[0].blocks] == ["poland-infantry-deployed-1", "pol-cav"]
    assert t.state.units["pol-cav"].steps == 1 and t.state.politics.deployed == ("poland",)
    with pytest.raises(Refused):
        t.do(DeployMinor(minor="poland", blocks=()))  # once
    t.do(Advance())
    assert t.state.phase == "strategic_move"
