"""Attacks (p.15-20): the book's worked example, simultaneous hits, cover (the French reading), abilities,
line of sight, range, the damage track, Blast, and a corrected throw."""

from __future__ import annotations

import pytest

import assistant.games.aa_miniatures.events as ev
from assistant.decider import Refused
from assistant.games.aa_miniatures import commands as c
from tests.games.aa_miniatures.table import Table, ready, to_phase

BOOK_ROLL = (6, 6, 6, 5, 4, 4, 3, 3, 3, 1, 1)


def assault(t: Table, side: str) -> None:
    """From the Initiative Phase to ``side``'s Assault Phase (the Axis play first)."""
    to_phase(t)
    t.do(c.EndPhase())
    t.do(c.EndPhase())
    if side == "allies":
        t.do(c.EndPhase())


def game(axis, allies, **options) -> tuple[Table, dict[str, int]]:
    t = Table(**options)
    t.cards()
    return t, ready(t, axis, allies)


def test_the_books_attack_example_sherman_on_panzer():
    # p.16 (L569-L573): 4 hexes, medium range, 11 dice; 6 successes against front defense 5 -> 2 hits:
    # face-down Disrupted and Damaged; in the Casualty Phase the Panzer is disrupted and damaged.
    t, ids = game({"panzer-iv-ausf-g": ("D5", "S")}, {"m4a1-sherman": ("D9", "N")})
    assault(t, "allies")
    events = t.do(c.Attack(attacker=ids["m4a1-sherman"], target=ids["panzer-iv-ausf-g"], faces=BOOK_ROLL))
    rolled = next(e for e in events if isinstance(e, ev.AttackRolled))
    assert (rolled.distance, rolled.band, rolled.dice, rolled.successes, rolled.defense, rolled.arc, rolled.hits) == (
        4, "medium", 11, 6, 5, "front", 2)
    panzer = t.unit(ids["panzer-iv-ausf-g"])
    assert panzer.hidden == ("disrupted", "damaged") and not panzer.disrupted and not panzer.damaged
    t.do(c.EndPhase())  # the Casualty Phase
    panzer = t.unit(ids["panzer-iv-ausf-g"])
    assert panzer.disrupted and panzer.damaged and panzer.hidden == () and not panzer.destroyed


def test_simultaneous_hits_from_two_attackers_destroy_a_soldier():
    # Glossary, "dégâts simultanés" (L976-L978): the second attack is against the unmodified defense.
    t, ids = game({"grenadier": ("D5", "")}, {"m1-garand": ("D7", ""), "vickers": ("E7", "")})
    assault(t, "allies")
    garand, vickers, grenadier = ids["m1-garand"], ids["vickers"], ids["grenadier"]
    t.do(c.Attack(attacker=garand, target=grenadier, faces=(6, 6, 5, 4, 1)))  # medium: 5 dice, 4 successes = D
    assert t.unit(grenadier).hidden == ("disrupted",)
    events = t.do(c.Attack(attacker=vickers, target=grenadier, faces=(6, 5, 5, 4, 2, 1, 1, 1)))
    assert next(e for e in events if isinstance(e, ev.AttackRolled)).defense == 4  # not 3: face down only
    assert t.unit(grenadier).hidden == ("disrupted", "destroyed")
    t.do(c.EndPhase())
    assert t.unit(grenadier).destroyed == 1
    assert t.state.on_map("axis") == []


def test_cover_limits_an_attack_to_disruption_and_is_asked_only_when_it_matters():
    t, ids = game({"grenadier": ("D5", "")}, {"vickers": ("D7", ""), "m1-garand": ("E7", "")})
    t.do(c.RecordHex(hex="D5", terrain="forest"))
    assault(t, "allies")
    grenadier = ids["grenadier"]
    # 1 hit and nothing face down: cover could not change it, so no roll is asked.
    events = t.do(c.Attack(attacker=ids["m1-garand"], target=grenadier, faces=(6, 6, 5, 4, 1)))
    assert not any(isinstance(e, ev.CoverAwaited) for e in events) and t.state.cover is None
    assert t.unit(grenadier).hidden == ("disrupted",)
    # 1 more hit on a unit with a face-down Disrupted: the French text (L755-L757) makes cover matter here.
    events = t.do(c.Attack(attacker=ids["vickers"], target=grenadier, faces=(6, 6, 6, 6, 1, 1, 1, 1)))
    assert isinstance(events[-1], ev.CoverAwaited) and events[-1].needed == 4
    with pytest.raises(Refused, match="rolls for cover first"):
        t.do(c.EndPhase())
    t.do(c.Cover(dice=(4,)))
    assert t.unit(grenadier).hidden == ("disrupted",)  # nothing added: it already had a Disrupted
    t.do(c.EndPhase())
    g = t.unit(grenadier)
    assert g.disrupted and not g.destroyed


def test_a_failed_cover_roll_lets_the_hits_through_and_same_hex_makes_it_harder():
    t, ids = game({"grenadier": ("D5", "")}, {"vickers": ("D5", "")})
    t.do(c.RecordHex(hex="D5", terrain="town"))
    assault(t, "allies")
    events = t.do(c.Attack(attacker=ids["vickers"], target=ids["grenadier"], faces=(6,) * 9 + (1,)))
    assert events[-1].needed == 5  # Soldier 4+, -1 from the same hex (p.24)
    t.do(c.Cover(dice=(4,)))
    assert t.unit(ids["grenadier"]).hidden == ("disrupted", "destroyed")


def test_bombardment_ignores_cover_even_forest_camouflage():
    # p.26 (L851): an sIG 33 attacking a Ha-Go in a forest at long range: the Ha-Go makes no cover roll.
    t = Table()
    t.cards()
    t.do(c.RegisterCard(name="Type 95 Ha-Go (Allied test copy)", nationality="other_allied", unit_type="vehicle",
                        cost=10, year=1935, speed=4, defense="3/2", attack_soldier="5/5/3",
                        attack_vehicle="6/5/3", abilities="Forest Camouflage: automatic cover at long range",
                        id="ha-go-test"))
    ids = ready(t, {"sig-33": ("D2", "")}, {"ha-go-test": ("D9", "N")})
    t.do(c.RecordHex(hex="D9", terrain="forest"))
    assault(t, "axis")
    events = t.do(c.Attack(attacker=ids["sig-33"], target=ids["ha-go-test"], faces=(6,) * 6))
    cover = next(e for e in events if isinstance(e, ev.CoverRolled))
    assert cover.how == "ignored" and not cover.success
    assert t.unit(ids["ha-go-test"]).hidden == ("disrupted", "damaged", "destroyed")


def test_forest_camouflage_is_automatic_cover_at_long_range():
    t, ids = game({"ha-go": ("D9", "N")}, {"m4a1-sherman": ("D3", "S")})
    t.do(c.RecordHex(hex="D9", terrain="forest"))
    assault(t, "allies")
    events = t.do(c.Attack(attacker=ids["m4a1-sherman"], target=ids["ha-go"], faces=(6,) * 9))
    assert [e.how for e in events if isinstance(e, ev.CoverRolled)] == ["automatic"]
    assert t.unit(ids["ha-go"]).hidden == ("disrupted",)


def test_a_disrupted_or_damaged_attacker_rolls_at_minus_one_once_and_defense_drops_by_one():
    t, ids = game({"panzer-iv-ausf-g": ("D5", "S")}, {"m4a1-sherman": ("D9", "N")})
    panzer, sherman = ids["panzer-iv-ausf-g"], ids["m4a1-sherman"]
    t.do(c.EditUnit(unit=panzer, reason="test", disrupted=True, damaged=True))
    assault(t, "axis")
    events = t.do(c.Attack(attacker=panzer, target=sherman, faces=(6, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4)))
    rolled = next(e for e in events if isinstance(e, ev.AttackRolled))
    assert rolled.modifier == -1 and rolled.successes == 2  # only 5s and 6s (p.16)
    t.do(c.EndPhase())
    events = t.do(c.Attack(attacker=sherman, target=panzer, faces=(6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1)))
    rolled = next(e for e in events if isinstance(e, ev.AttackRolled))
    assert rolled.defense == 4 and rolled.hits == 1  # front 5 - 1, once (p.20)


def test_a_damaged_vehicle_goes_disrupted_then_destroyed():
    t, ids = game({"panzer-iv-ausf-g": ("D5", "S")}, {"m4a1-sherman": ("D9", "N")})
    t.do(c.EditUnit(unit=ids["panzer-iv-ausf-g"], reason="test", damaged=True))
    assault(t, "allies")
    t.do(c.Attack(attacker=ids["m4a1-sherman"], target=ids["panzer-iv-ausf-g"], faces=(6,) * 6 + (1,) * 5))
    assert t.unit(ids["panzer-iv-ausf-g"]).hidden == ("disrupted", "destroyed")


def test_line_of_sight_and_range():
    t, ids = game({"panzer-iv-ausf-g": ("D1", "S"), "grenadier": ("D4", "")},
                  {"m4a1-sherman": ("D11", "N"), "m1-garand": ("F10", "")})
    t.do(c.RecordHex(hex="D6", terrain="hill"))
    assault(t, "axis")
    with pytest.raises(Refused) as r:
        t.do(c.Attack(attacker=ids["panzer-iv-ausf-g"], target=ids["m4a1-sherman"]))
    assert "D6 (hill) blocks the line of sight" in r.value.reason and r.value.rule == "AAM p.19"
    t.do(c.RecordHex(hex="D6", terrain="clear"))
    # 10 hexes: within Extended Range 10 against Vehicles, beyond long range against Soldiers.
    with pytest.raises(Refused, match="beyond long range"):
        t.do(c.Attack(attacker=ids["panzer-iv-ausf-g"], target=ids["m1-garand"]))
    with pytest.raises(Refused, match="no attack value against vehicles"):
        t.do(c.Attack(attacker=ids["grenadier"], target=ids["m4a1-sherman"], band="long"))
    events = t.do(c.Attack(attacker=ids["panzer-iv-ausf-g"], target=ids["m4a1-sherman"]), *(1,) * 11)
    assert next(e for e in events if isinstance(e, ev.AttackRolled)).band == "long"
    with pytest.raises(Refused, match="moves or attacks, once"):
        t.do(c.Move(unit=ids["panzer-iv-ausf-g"], path=("D2",)))


def test_blast_attacks_every_other_unit_in_the_hex_friends_included():
    t, ids = game({"sig-33": ("D2", ""), "grenadier": ("D7", "")}, {"m1-garand": ("D7", ""), "bazooka": ("D7", "")})
    assault(t, "axis")
    events = t.do(c.Attack(attacker=ids["sig-33"], target=ids["m1-garand"], faces=(6,) * 8 + (1,) * 8 + (6,) * 8))
    rolled = [e for e in events if isinstance(e, ev.AttackRolled)]
    assert [e.target for e in rolled] == [ids["m1-garand"], ids["grenadier"], ids["bazooka"]]
    assert t.unit(ids["grenadier"]).hidden == () and t.unit(ids["bazooka"]).hidden == ("disrupted", "destroyed")


def test_a_corrected_attack_throw_redoes_the_face_down_counters():
    t, ids = game({"panzer-iv-ausf-g": ("D5", "S")}, {"m4a1-sherman": ("D9", "N")})
    assault(t, "allies")
    t.do(c.Attack(attacker=ids["m4a1-sherman"], target=ids["panzer-iv-ausf-g"], faces=BOOK_ROLL))
    revised = t.correct("attack:", 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1)
    assert revised[0].counters == ("disrupted", "damaged", "destroyed")
    assert t.unit(ids["panzer-iv-ausf-g"]).hidden == ("disrupted", "damaged", "destroyed")
    assert t.correct("attack:", *BOOK_ROLL)[0].counters == ("disrupted", "damaged")


def test_a_typed_arc_the_map_contradicts_is_refused_like_a_typed_band():
    # At the table: an arc typed in the attack form was silently replaced by the measured one; a band was refused.
    t, ids = game({"panzer-iv-ausf-g": ("D5", "S")}, {"m4a1-sherman": ("D9", "N")})
    assault(t, "axis")
    before = t.state
    with pytest.raises(Refused, match="fires at M4A1 Sherman's front, not its rear") as info:
        t.do(c.Attack(attacker=ids["panzer-iv-ausf-g"], target=ids["m4a1-sherman"], arc="rear"))
    assert info.value.rule == "AAM p.17" and t.state == before
    events = t.do(c.Attack(attacker=ids["panzer-iv-ausf-g"], target=ids["m4a1-sherman"], arc="front",
                           faces=(1,) * 13))
    assert next(e for e in events if isinstance(e, ev.AttackRolled)).arc == "front"


def test_a_corrected_throw_that_now_hits_a_unit_in_cover_asks_for_its_cover_roll():
    # p.24: a target in cover rolls when the hits are known. A throw typed as a miss asked for none; corrected into
    # two hits, the Bazooka in the forest still gets its roll, and only then are its counters settled.
    t, ids = game({"panzer-iv-ausf-g": ("D5", "S")}, {"bazooka": ("D9", "")})
    t.do(c.RecordHex(hex="D9", terrain="forest"))
    assault(t, "axis")
    t.do(c.Attack(attacker=ids["panzer-iv-ausf-g"], target=ids["bazooka"], faces=(1,) * 7))
    assert t.state.cover is None and t.unit(ids["bazooka"]).hidden == ()
    t.correct("attack:", 6, 6, 6, 6, 6, 6, 1)
    assert t.state.cover is not None and t.state.cover.target == ids["bazooka"] and t.state.cover.needed == 4
    with pytest.raises(Refused, match="rolls for cover first"):
        t.do(c.EndPhase())
    t.do(c.Cover(dice=(5,)))
    assert t.unit(ids["bazooka"]).hidden == ("disrupted",)  # covered: disruption at most
    t.correct("cover-attack:", 1)  # the cover die itself corrected later: the hits go through
    assert t.unit(ids["bazooka"]).hidden == ("disrupted", "destroyed")
    t.correct("attack:", 6, 6, 6, 6, 1, 1, 1)  # rolled once, the cover die is not asked for again
    assert t.state.cover is None and t.unit(ids["bazooka"]).hidden == ("disrupted",)


def test_a_corrected_throw_keeps_forest_camouflage_automatic():
    # p.26: automatic cover applies to the corrected hits as it would have to the typed ones.
    t, ids = game({"ha-go": ("D9", "N")}, {"m4a1-sherman": ("D3", "S")})
    t.do(c.RecordHex(hex="D9", terrain="forest"))
    assault(t, "allies")
    t.do(c.Attack(attacker=ids["m4a1-sherman"], target=ids["ha-go"], faces=(1,) * 9))
    t.correct("attack:", *(6,) * 9)
    assert t.state.cover is None and t.unit(ids["ha-go"]).hidden == ("disrupted",)
