"""Exact attack odds: checked against a brute-force enumeration of every die face (cover die included), and
against the digest's binomial figures for the book's example."""

from __future__ import annotations

import itertools

import pytest

from assistant.games.aa_miniatures import combat
from assistant.games.aa_miniatures.moves.attack import preview
from assistant.games.aa_miniatures.odds import attack_odds
from assistant.games.aa_miniatures import commands as c
from tests.games.aa_miniatures.table import Table, ready


def brute(dice: int, modifier: int, defense: int, unit_type: str, damaged: bool, hidden: tuple[str, ...],
          cover_needed: int | None) -> dict[str, float]:
    """Every face combination of the attack dice and the cover die, each equally likely."""
    out = {"no effect": 0.0, "disrupted": 0.0, "damaged": 0.0, "destroyed": 0.0}
    cover_faces = range(1, 7) if cover_needed else (0,)
    total = 6 ** dice * len(cover_faces)
    for faces in itertools.product(range(1, 7), repeat=dice):
        h = combat.hits(combat.successes(faces, modifier), defense)
        for cf in cover_faces:
            matters = combat.cover_matters("assault", h, hidden, unit_type, damaged)
            if cover_needed and matters and cf >= cover_needed:
                placed = hidden + combat.counters_under_cover(hidden, h)
            else:
                placed = hidden + combat.counters(unit_type, damaged, hidden, h)
            kind = ("destroyed" if "destroyed" in placed else "damaged" if "damaged" in placed
                    else "disrupted" if "disrupted" in placed else "no effect")
            out[kind] += 1 / total
    return out


@pytest.mark.parametrize("dice,modifier,defense,unit_type,damaged,hidden,cover", [
    (5, 0, 2, "vehicle", False, (), None),
    (6, -1, 2, "soldier", False, (), 4),
    (5, 0, 1, "vehicle", True, (), 5),
    (4, 1, 2, "soldier", False, ("disrupted",), 4),
    (6, 0, 3, "vehicle", False, ("disrupted",), 6),
])
def test_exact_odds_equal_enumeration(dice, modifier, defense, unit_type, damaged, hidden, cover):
    chance = combat.die_chance(cover) if cover else 0.0
    odds = attack_odds(dice, modifier, defense, unit_type, damaged, hidden, chance)
    expected = brute(dice, modifier, defense, unit_type, damaged, hidden, cover)
    for k, v in expected.items():
        assert odds.outcomes[k] == pytest.approx(v, abs=1e-9), k
    assert sum(odds.outcomes.values()) == pytest.approx(1.0)


def test_the_books_example_in_numbers():
    # Digest §18: Sherman against the Panzer's front, 11 dice, D = 5: P(X >= 5) ~ 0.726, P(X >= 6) ~ 0.500,
    # P(X >= 10) ~ 0.006.
    odds = attack_odds(11, 0, 5, "vehicle")
    assert 1 - odds.hits[0] == pytest.approx(0.7256, abs=5e-4)
    assert odds.hits[2] + odds.hits[3] == pytest.approx(0.5, abs=1e-9)
    assert odds.hits[3] == pytest.approx(0.0059, abs=5e-4)
    assert odds.outcomes["destroyed"] == odds.hits[3] and odds.outcomes["damaged"] == pytest.approx(odds.hits[2])


def test_defensive_fire_odds_are_disruption_or_nothing():
    odds = attack_odds(11, 0, 4, "vehicle", cover=1 / 3, kind="defensive")
    p_hit = 1 - odds.hits[0]
    assert odds.outcomes["disrupted"] == pytest.approx(p_hit * 2 / 3)
    assert odds.outcomes["damaged"] == odds.outcomes["destroyed"] == 0


def test_the_attack_panel_preview_reads_the_table():
    t = Table()
    t.cards()
    ids = ready(t, {"panzer-iv-ausf-g": ("D5", "S")}, {"m4a1-sherman": ("D9", "N")})
    t.do(c.RecordHex(hex="D5", terrain="town"))
    shot, odds = preview(t.state, ids["m4a1-sherman"], ids["panzer-iv-ausf-g"])
    assert (shot.band, shot.dice, shot.defense, shot.arc, shot.cover_needed) == ("medium", 11, 5, "front", 5)
    assert odds.cover == pytest.approx(1 / 3)
    assert odds.outcomes["destroyed"] < attack_odds(11, 0, 5, "vehicle").outcomes["destroyed"]
