"""Movement (p.13-14, p.23-24) and defensive fire (p.21-22), with the book's PAK 38 and Sherman example."""

from __future__ import annotations

import pytest

import assistant.games.aa_miniatures.events as ev
from assistant.decider import Refused
from assistant.games.aa_miniatures import commands as c
from assistant.games.aa_miniatures.game import GAME
from tests.games.aa_miniatures.table import Table, ready, to_phase


def game(axis, allies, first="axis") -> tuple[Table, dict[str, int]]:
    t = Table()
    t.cards()
    ids = ready(t, axis, allies)
    to_phase(t, first=first)
    return t, ids


def test_the_books_defensive_fire_example_pak_38_and_sherman():
    # p.22 (L703-L705): the Sherman moves between hexes adjacent to the PAK 38; the first time the Axis player
    # holds fire; then it fires once the Sherman has left the town hex, at its rear (4): 11 dice at short range,
    # 4 successes stop and disrupt it at once.
    t, ids = game({"pak-38": ("E5", "")}, {"m4a1-sherman": ("E4", "S")}, first="allies")
    t.do(c.RecordHex(hex="F4", terrain="town"))
    sherman, pak = ids["m4a1-sherman"], ids["pak-38"]
    t.do(c.Move(unit=sherman, path=("F4", "F5", "F6")))
    w = t.state.window
    assert w is not None and w.path == ("E4", "F4", "F5", "F6")
    events = t.do(c.DefensiveFire(firer=pak, step=2, where="destination", faces=(6, 5, 4, 4, 3, 3, 2, 2, 1, 1, 1)))
    rolled = next(e for e in events if isinstance(e, ev.AttackRolled))
    assert (rolled.dice, rolled.band, rolled.arc, rolled.defense, rolled.successes) == (11, "short", "rear", 4, 4)
    assert any(isinstance(e, ev.MoverDisrupted) and e.hex == "F5" for e in events)
    s = t.unit(sherman)
    assert s.hex == "F5" and s.disrupted and s.facing == "S" and t.state.window is None
    with pytest.raises(Refused, match="defensive fire answers a unit moving"):
        t.do(c.DefensiveFire(firer=pak, step=1))


def test_a_shot_in_the_start_hex_meets_the_front_and_cover_cancels_defensive_fire():
    t, ids = game({"pak-38": ("E5", "")}, {"m4a1-sherman": ("E4", "S")}, first="allies")
    t.do(c.RecordHex(hex="E4", terrain="forest"))
    sherman, pak = ids["m4a1-sherman"], ids["pak-38"]
    t.do(c.Move(unit=sherman, path=("F4",)))
    events = t.do(c.DefensiveFire(firer=pak, step=1, where="start", faces=(6,) * 11))
    rolled = next(e for e in events if isinstance(e, ev.AttackRolled))
    assert rolled.arc == "front" and rolled.defense == 5
    assert isinstance(events[-1], ev.CoverAwaited) and events[-1].needed == 5
    t.do(c.Cover(dice=(5,)))  # a Vehicle's cover is 5+: the shot is cancelled (p.24)
    # the PAK 38 was the only unit the move provoked: the move ends at once, no Hold fire needed
    assert t.unit(sherman).hex == "F4" and t.state.window is None and not t.unit(sherman).disrupted


def test_soldiers_never_provoke_vehicles_and_moves_away_do_not_provoke():
    t, ids = game({"panzer-iv-ausf-g": ("E5", "S"), "grenadier": ("H5", "")},
                  {"m1-garand": ("E4", ""), "bazooka": ("H4", "")}, first="allies")
    t.do(c.Move(unit=ids["m1-garand"], path=("F4", "F5")))  # around the tank: no window
    assert t.state.window is None and t.unit(ids["m1-garand"]).hex == "F5"
    t.do(c.Move(unit=ids["bazooka"], path=("H3",)))  # from next to the grenadier to away from it
    assert t.state.window is None
    t2, ids2 = game({"grenadier": ("H5", ""), "panzer-iv-ausf-g": ("H3", "S")}, {"bazooka": ("H4", "")},
                    first="allies")
    t2.do(c.Move(unit=ids2["bazooka"], path=("G5", "G4")))  # step 1 provokes, step 2 leaves
    assert t2.state.window is not None
    with pytest.raises(Refused, match="does not go from one hex adjacent"):
        t2.do(c.DefensiveFire(firer=ids2["grenadier"], step=2))
    with pytest.raises(Refused, match="Soldiers never provoke defensive fire from Vehicles"):
        t2.do(c.DefensiveFire(firer=ids2["panzer-iv-ausf-g"], step=2))


def test_double_cost_terrain_forest_rolls_and_a_failed_roll_stops_facing_the_hex():
    t, ids = game({"panzer-iv-ausf-g": ("D2", "S")}, {"m4a1-sherman": ("D12", "N")})
    panzer = ids["panzer-iv-ausf-g"]
    t.do(c.RecordHex(hex="D3", terrain="hill"))
    t.do(c.RecordHex(hex="D4", terrain="forest"))
    with pytest.raises(Refused) as r:  # hill 2 + forest 2 > speed 3
        t.do(c.Move(unit=panzer, path=("D3", "D4")))
    assert "entering D4 would take 4 hexes" in r.value.reason
    t.do(c.Move(unit=panzer, path=("C3", "D3")))  # 1 + 2
    t.do(c.EndPhase())
    t.do(c.EndPhase())
    events = t.do(c.Move(unit=panzer, path=("D4",), dice=(3,)))
    assert any(isinstance(e, ev.MoveEnded) and e.reason == "movement roll" for e in events)
    p = t.unit(panzer)
    assert p.hex == "D3" and p.facing == "S"
    with pytest.raises(Refused, match="already moved this phase"):
        t.do(c.Move(unit=panzer, path=("D4",), dice=(6,)))


def test_rivers_roads_and_the_road_bonus():
    t, ids = game({"panzer-iv-ausf-g": ("D2", "S")}, {"m4a1-sherman": ("D12", "N")})
    panzer = ids["panzer-iv-ausf-g"]
    t.do(c.RecordHexside(a="D2", b="D3", road=True))
    t.do(c.RecordHexside(a="D3", b="D4", road=True, river=True))  # a bridge
    t.do(c.RecordHexside(a="D4", b="D5", road=True))
    t.do(c.RecordHex(hex="D5", terrain="forest"))
    t.do(c.RecordHexside(a="D5", b="D6", river=True))
    # along the road: first hex free, no rolls for the bridge or the forest; 3 hexes of movement for 4 hexes
    events = t.do(c.Move(unit=panzer, path=("D3", "D4", "D5", "D6"), dice=(4,)))
    started = next(e for e in events if isinstance(e, ev.MoveStarted))
    assert started.cost == 3 and started.road_bonus and t.unit(panzer).hex == "D6"
    with pytest.raises(Refused, match="too many"):
        t2, ids2 = game({"panzer-iv-ausf-g": ("D5", "S")}, {"m4a1-sherman": ("D12", "N")})
        t2.do(c.RecordHexside(a="D5", b="D6", river=True))
        t2.do(c.Move(unit=ids2["panzer-iv-ausf-g"], path=("D6",), dice=(4, 4)))


def test_impassable_terrain_and_the_minimum_move():
    t, ids = game({"pak-38": ("D2", ""), "grenadier": ("F2", "")}, {"m4a1-sherman": ("D12", "N")})
    t.do(c.RecordHex(hex="F3", terrain="pond"))
    with pytest.raises(Refused, match="impassable to soldiers"):
        t.do(c.Move(unit=ids["grenadier"], path=("F3",)))
    t.do(c.RecordHex(hex="D3", terrain="hill"))
    t.do(c.Move(unit=ids["pak-38"], path=("D3",)))  # a Soldier pays 1 on a hill
    assert t.unit(ids["pak-38"]).hex == "D3"


def test_stacking_is_checked_at_the_end_and_a_stopped_unit_retraces_its_path():
    t, ids = game({"panzer-iv-ausf-g": ("D5", "S"), "pak-38": ("E5", "")},
                  {"m4a1-sherman": ("B3", "S"), "m3-stuart": ("C3", "S")}, first="allies")
    with pytest.raises(Refused, match="already holds a Vehicle"):
        t.do(c.Move(unit=ids["m3-stuart"], path=("D3", "D4", "D5")))
    # through an occupied hex is fine; stopped there by defensive fire, it retraces to a legal hex (p.13)
    t.do(c.Move(unit=ids["m3-stuart"], path=("D3", "D4", "D5", "E6")))
    events = t.do(c.DefensiveFire(firer=ids["pak-38"], step=3, where="destination", faces=(6,) * 11))
    ended = next(e for e in events if isinstance(e, ev.MoveEnded))
    assert ended.hex == "D4" and ended.passed == ("D5",) and t.unit(ids["m3-stuart"]).disrupted


def test_disrupted_units_cannot_move_or_fire_defensively_and_one_move_per_phase():
    t, ids = game({"grenadier": ("D5", "")}, {"m1-garand": ("D6", ""), "bazooka": ("E6", "")}, first="allies")
    t.do(c.EditUnit(unit=ids["bazooka"], reason="test", disrupted=True))
    with pytest.raises(Refused, match="disrupted: it cannot move"):
        t.do(c.Move(unit=ids["bazooka"], path=("E7",)))
    t.do(c.EditUnit(unit=ids["grenadier"], reason="test", disrupted=True))
    t.do(c.Move(unit=ids["m1-garand"], path=("C6",)))  # next to the grenadier all along, but it is disrupted
    assert t.state.window is None and t.unit(ids["m1-garand"]).hex == "C6"
    with pytest.raises(Refused, match="already moved this phase"):
        t.do(c.Move(unit=ids["m1-garand"], path=("D6",)))


def test_transport_boarding_and_disembarking():
    t, ids = game({"halftrack": ("D2", "S"), "grenadier": ("D2", ""), "pak-38": ("E2", "")},
                  {"m4a1-sherman": ("D12", "N")})
    t.do(c.Board(soldier=ids["grenadier"], transport=ids["halftrack"]))
    with pytest.raises(Refused, match="cannot carry Artillery"):
        t.do(c.Board(soldier=ids["pak-38"], transport=ids["halftrack"]))
    with pytest.raises(Refused, match="cannot move while aboard"):
        t.do(c.Move(unit=ids["grenadier"], path=("D3",)))
    t.do(c.Move(unit=ids["halftrack"], path=("D3", "D4")))
    assert t.unit(ids["grenadier"]).hex == "D4" and t.unit(ids["grenadier"]).aboard
    with pytest.raises(Refused, match="boarded this phase"):
        t.do(c.Disembark(soldier=ids["grenadier"]))


def flamethrower_table(town: str = "") -> tuple[Table, dict[str, int]]:
    """A Blast Soldier (test card) at E5; an M1 Garand at E4 about to move into F4, where a Bazooka stands."""
    t = Table()
    t.cards()
    t.do(c.RegisterCard(name="Flamethrower", nationality="germany", unit_type="soldier", cost=6, year=1940,
                        speed=2, defense="3", attack_soldier="6/-/-", attack_vehicle="4/-/-",
                        abilities="Blast: attacks every other unit in the target hex"))
    ids = ready(t, {"flamethrower": ("E5", "")}, {"m1-garand": ("E4", ""), "bazooka": ("F4", "")})
    if town:
        t.do(c.RecordHex(hex=town, terrain="town"))
    to_phase(t, first="allies")
    return t, ids


def test_a_blast_firer_uses_blast_in_defensive_fire_every_unit_capped_at_disruption():
    # Glossary, "Explosion" (p.29): Blast applies to defensive fire too; each unit in the hex shot at is attacked
    # separately, and defensive fire at best disrupts (p.22).
    t, ids = flamethrower_table()
    t.do(c.Move(unit=ids["m1-garand"], path=("F4",)))
    events = t.do(c.DefensiveFire(firer=ids["flamethrower"], step=1, where="destination", faces=(6,) * 12))
    shots = [e for e in events if isinstance(e, ev.AttackRolled)]
    assert [e.target for e in shots] == [ids["m1-garand"], ids["bazooka"]]
    hit = {e.unit: e.moving for e in events if isinstance(e, ev.MoverDisrupted)}
    assert hit == {ids["m1-garand"]: True, ids["bazooka"]: False}
    assert t.unit(ids["bazooka"]).disrupted and t.unit(ids["bazooka"]).hidden == ()  # face up, at once
    assert t.unit(ids["m1-garand"]).hex == "F4" and t.state.window is None
    t2, ids2 = flamethrower_table(town="F4")
    t2.do(c.Move(unit=ids2["m1-garand"], path=("F4",)))
    with pytest.raises(Refused, match="type the cover dice"):
        t2.do(c.DefensiveFire(firer=ids2["flamethrower"], step=1, faces=(6,) * 12))
    events = t2.do(c.DefensiveFire(firer=ids2["flamethrower"], step=1, faces=(6,) * 12, cover_dice=(4, 1)))
    assert [e.success for e in events if isinstance(e, ev.CoverRolled)] == [True, False]
    assert not t2.unit(ids2["m1-garand"]).disrupted and t2.unit(ids2["bazooka"]).disrupted


def test_only_the_units_a_move_provokes_are_offered_to_fire():
    # At the table: the defensive-fire form offered every enemy unit able to fire, starting with one nowhere near the
    # move; only units next to both ends of one of its steps may fire (p.21).
    t, ids = game({"pak-38": ("E5", ""), "grenadier": ("A2", "")}, {"m4a1-sherman": ("E4", "S")}, first="allies")
    t.do(c.Move(unit=ids["m4a1-sherman"], path=("F4", "F5")))
    fire = next(m for m in GAME.declared_moves() if m.tag == "aam.defensive_fire")
    assert fire.choices(t.state) == {"firer": (str(ids["pak-38"]),)}
    with pytest.raises(Refused, match="does not go from one hex adjacent to German Grenadier"):
        t.do(c.DefensiveFire(firer=ids["grenadier"], step=1))


def test_a_path_typed_with_spaces_is_the_hexes_it_names():
    # At the table: "F5 F6" in the path field was taken as one hex named "F5 F6" (no geometry, so nothing checked) and
    # the Grenadier was put there; a path or an objective typed with spaces or dashes now names each hex.
    t, ids = game({"grenadier": ("F4", "")}, {"m4a1-sherman": ("D12", "N")})
    t.do(c.Move(unit=ids["grenadier"], path=("F5 F6",)))
    assert t.unit(ids["grenadier"]).hex == "F6"
    t2, ids2 = game({"panzer-iv-ausf-g": ("D3", "S")}, {"m4a1-sherman": ("D12", "N")})
    t2.do(c.RecordHex(hex="D6", terrain="hill"))
    with pytest.raises(Refused, match="speed 3: entering D6 would take 4 hexes"):
        t2.do(c.Move(unit=ids2["panzer-iv-ausf-g"], path=("D4 D5 D6",)))
    t2.do(c.Move(unit=ids2["panzer-iv-ausf-g"], path=("d4-d5",)))
    assert t2.unit(ids2["panzer-iv-ausf-g"]).hex == "D5"
    t3 = Table()  # a free label of several words stays one hex
    t3.cards()
    for side in ("axis", "allies"):
        t3.enlist(side, "grenadier" if side == "axis" else "m1-garand")
        t3.do(c.FinaliseArmy(side=side))
    t3.do(c.ChooseMap(objective=("old church",), faces=(3,)))
    assert t3.state.objectives == ("old church",)


def test_a_missed_defensive_fire_with_nobody_else_to_fire_ends_the_move():
    # At the table: after the only provoked unit missed, the table was left with an empty firer list and had to press
    # Hold fire; the move now ends at once, and stays open while another provoked unit may still fire.
    t, ids = game({"pak-38": ("E5", "")}, {"m4a1-sherman": ("E4", "S")}, first="allies")
    t.do(c.Move(unit=ids["m4a1-sherman"], path=("F4",)))
    t.do(c.DefensiveFire(firer=ids["pak-38"], step=1, faces=(1,) * 11))
    assert t.state.window is None and t.unit(ids["m4a1-sherman"]).hex == "F4"
    t, ids = game({"pak-38": ("E5", ""), "grenadier": ("F3", "")}, {"m4a1-sherman": ("E4", "S")}, first="allies")
    t.do(c.Move(unit=ids["m4a1-sherman"], path=("F4",)))
    t.do(c.DefensiveFire(firer=ids["pak-38"], step=1, faces=(1,) * 11))
    assert t.state.window is not None  # the Grenadier next to both hexes may still fire
