"""Dice luck: expected vs actual hits per roll, luck indices per power and battle, from log entries."""

from dataclasses import dataclass
from typing import Any

import pytest

from assistant.analysis.luck import luck_report, score
from events.core import DiceRolled, NoteAdded, PhaseBegan


@dataclass(frozen=True)
class E:
    seq: int
    event: Any
    cancelled: bool = False
    corrected_faces: tuple[int, ...] | None = None


def roll(faces, targets, purpose="attack", ref="", hits_when="at_most", sides=6):
    return DiceRolled(purpose=purpose, faces=faces, source="physical", targets=targets, ref=ref, hits_when=hits_when, sides=sides)


def test_one_roll_by_hand():
    """Two infantry attacking (hit on 1): faces 1 and 6 = 1 hit. Expected 2/6 = 1/3;
    variance 2 (1/6)(5/6) = 10/36; z = (1 - 1/3) / sqrt(10/36) = 1.2649;
    P(0 hits) = 25/36, P(1) = 10/36: percentile = 25/36 + (10/36)/2 = 30/36 = 83.3."""
    report = luck_report([E(1, PhaseBegan(round=1, side="Germany", phase="combat")), E(2, roll((1, 6), (1, 1)))])
    (r,) = report.rolls
    assert (r.power, r.round, r.actual) == ("Germany", 1, 1)
    assert r.expected == pytest.approx(1 / 3)
    assert r.z == pytest.approx((2 / 3) / (10 / 36) ** 0.5)
    assert r.percentile == pytest.approx(100 * 30 / 36)


def test_at_least_rolls_and_corrections_and_cancelled_rolls():
    """Europe Engulfed style: a die hits on 6 (at_least 6). A corrected throw counts with its corrected
    faces; an undone throw does not count; a throw without targets carries no luck."""
    entries = [
        E(1, PhaseBegan(round=2, side="Axis", phase="combat")),
        E(2, roll((6, 6, 1), (6, 6, 6), hits_when="at_least"), corrected_faces=(6, 2, 1)),
        E(3, roll((6,), (6,), hits_when="at_least"), cancelled=True),
        E(4, DiceRolled(purpose="order of play", faces=(3,), source="physical")),
        E(5, NoteAdded(about_seq=2, text="lucky")),
    ]
    report = luck_report(entries)
    (r,) = report.rolls
    assert r.actual == 1 and r.expected == pytest.approx(0.5)
    assert report.by_power["Axis"].dice == 3


def test_indices_per_power_and_battle_and_the_moments():
    entries = [
        E(1, PhaseBegan(round=1, side="Germany", phase="combat")),
        E(2, roll((1, 1, 1), (1, 1, 1), ref="Ukraine")),  # 3 hits where 0.5 expected: lucky
        E(3, roll((6, 6, 6, 6), (2, 2, 2, 2), ref="Ukraine")),  # 0 hits where 4/3 expected
        E(4, PhaseBegan(round=1, side="USSR", phase="combat")),
        E(5, roll((3,), (3,), ref="Norway")),
    ]
    report = luck_report(entries)
    germany = report.by_power["Germany"]
    assert (germany.rolls, germany.dice, germany.actual) == (2, 7, 3)
    assert germany.expected == pytest.approx(0.5 + 4 / 3)
    expected, z, pct = score([1 / 6] * 3 + [1 / 3] * 4, 3)
    assert germany.z == pytest.approx(z) and germany.percentile == pytest.approx(pct)
    assert set(report.by_battle) == {"Ukraine", "Norway"}
    assert report.luckiest[0].seq == 2
    assert report.unluckiest[0].seq == 3
    assert all(r.actual > r.expected for r in report.luckiest)


def test_percentile_is_fifty_for_a_certain_outcome():
    assert score([1.0, 1.0], 2) == (2.0, 0.0, 50.0)


def test_rulebook_sudan_battle_luck():
    """Rulebook Action 3 example (digest §6.10): Germany (1 infantry, 1 tank) attacks Anglo-Egyptian Sudan
    (UK 1 infantry, 1 tank). R1 Germany 4 (inf, needs 1) and 2 (tank, needs 3): 1 hit; UK 4, 5 (need 2): none.
    R2 Germany's infantry rolls 1: hit; the UK tank rolls 2: hit.
    Germany: 3 dice, expected 1/6 + 1/2 + 1/6 = 5/6, 2 hits; UK: 3 dice at 1/3, expected 1, 1 hit (z = 0)."""
    entries = [
        E(1, PhaseBegan(round=1, side="Germany", phase="combat")),
        E(2, roll((4, 2), (1, 3), ref="Sudan")),
        E(3, roll((4, 5), (2, 2), ref="Sudan", purpose="defence")),
        E(4, roll((1,), (1,), ref="Sudan")),
        E(5, roll((2,), (2,), ref="Sudan", purpose="defence")),
    ]
    owner = {2: "Germany", 3: "UK", 4: "Germany", 5: "UK"}
    report = luck_report(entries, lambda seq, r, side: (owner[seq], r.ref))
    germany, uk = report.by_power["Germany"], report.by_power["UK"]
    assert (germany.actual, uk.actual) == (2, 1)
    assert germany.expected == pytest.approx(5 / 6) and uk.expected == pytest.approx(1.0)
    assert uk.z == pytest.approx(0.0) and germany.z > 0
    assert report.by_battle["Sudan"].dice == 6


def test_battles_fought_in_one_place_in_different_turns_are_scored_apart():
    """A&A names a battle by its place: the USSR attacks Manchuria (2 infantry, faces 1 1: 2 hits for 1/3
    expected), then Japan takes it back in its own turn (1 armour, face 6: 0 hits for 1/2 expected). Two battles,
    two rows; Norway, fought once, keeps its plain name."""
    entries = [
        E(1, PhaseBegan(round=1, side="ussr", phase="combat")),
        E(2, roll((1, 1), (1, 1), ref="Manchuria")),
        E(3, roll((5,), (2,), ref="Norway")),
        E(4, PhaseBegan(round=1, side="japan", phase="combat")),
        E(5, roll((6,), (3,), ref="Manchuria")),
        E(6, PhaseBegan(round=2, side="ussr", phase="combat")),
        E(7, roll((2,), (1,), ref="Manchuria")),
    ]
    report = luck_report(entries)
    assert list(report.by_battle) == ["Manchuria (round 1, ussr)", "Norway", "Manchuria (round 1, japan)",
                                      "Manchuria (round 2, ussr)"]
    ussr, japan = report.by_battle["Manchuria (round 1, ussr)"], report.by_battle["Manchuria (round 1, japan)"]
    assert (ussr.dice, ussr.actual, ussr.expected) == (2, 2, pytest.approx(1 / 3))
    assert (japan.dice, japan.actual, japan.expected) == (1, 0, pytest.approx(1 / 2))
    assert [r.battle for r in report.rolls] == ["Manchuria", "Norway", "Manchuria", "Manchuria"]
    named = luck_report(entries, turn=lambda round_, side: f"turn {round_} of {side.upper()}")
    assert "Manchuria (turn 1 of JAPAN)" in named.by_battle
