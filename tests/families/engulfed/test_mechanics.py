"""The family's small mechanics: full-strength-first losses, Special Action stocks, set-up entry, land groups."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.families.engulfed import special_actions as stock
from assistant.families.engulfed.amendments import AmendmentRefused
from assistant.families.engulfed.setup import check_amendments, check_scenario, first_free, free_ids
from assistant.families.engulfed.steps import loss_problems, next_loss
from assistant.families.engulfed.trace import Legs, components, trace


def test_the_assistant_takes_each_hit_from_a_full_strength_unit_while_there_is_one():
    units = {"inf1": (3, 3), "inf2": (2, 3), "arm1": (4, 4)}
    assert next_loss(units) == "arm1"  # full strength first, the strongest of them
    assert next_loss(units, preferred=("inf2", "inf1")) == "inf1"  # the players' order among full-strength units
    assert next_loss({"inf2": (2, 3), "inf3": (1, 3)}) == "inf2"
    assert next_loss({"x": (0, 3)}) is None


def test_an_allocation_the_assistant_would_make_passes_the_players_check():
    units = {"a": (3, 3), "b": (2, 2), "c": (1, 3)}
    steps = dict(units)
    losses: dict[str, int] = {}
    for _ in range(3):
        u = next_loss(steps)
        assert u is not None
        steps[u] = (steps[u][0] - 1, steps[u][1])
        losses[u] = losses.get(u, 0) + 1
    assert loss_problems(units, losses, 3) == []
    assert loss_problems(units, {"c": 1, "a": 2}, 3)  # b is untouched at full strength


def test_special_action_stocks_by_the_turn_each_was_bought():
    held = stock.bought((), 3, 2)
    assert held == (3, 3) and not stock.kept_from_before(held, 3) and stock.kept_from_before(held, 4)
    assert stock.spend_oldest((5, 3, 4)) == (4, 5)
    assert stock.edited((3, 4, 5), 1, 6) == (5,)  # fewer: the oldest go first
    assert stock.edited((3,), 3, 6) == (3, 6, 6)  # more: bought now
    assert stock.room(2, 3) and not stock.room(2, 3, 2)
    assert stock.cap_in_year([(1939, 1), (1942, 2)], 1943) == 2 and stock.cap_in_year([(1942, 2)], 1941) == 0


def test_set_up_entry_refuses_in_words_and_changes_nothing():
    def apply(board, amendments):
        raise AmendmentRefused("no area 'x' on the board")

    with pytest.raises(Refused, match="no area 'x'") as refused:
        check_amendments(apply, {}, ["remove x"], "XE board format")
    assert refused.value.rule == "XE board format"
    with pytest.raises(Refused, match="at least one fact"):
        check_amendments(apply, {}, [], "XE board format")
    with pytest.raises(Refused, match=r"^the scenario: a; b \(XE"):
        check_scenario(["a", "b", "c"], "XE scenario format", prefix="the scenario: ", most=2)
    check_scenario([], "XE scenario format")
    assert free_ids({"ger_inf1", "ger_inf3"}, "ger_inf", 2) == ["ger_inf2", "ger_inf4"]
    assert first_free(["g-infantry-edit-1"], "g-infantry-edit-") == "g-infantry-edit-2"


LAND = {"a": ("b",), "b": ("a", "c"), "c": ("b", "d"), "d": ("c",), "e": ()}


def test_land_groups_are_found_once_and_a_cut_link_splits_them():
    group_of, members = components(LAND, lambda p: LAND[p], lambda p: p != "e")
    assert members == [["a", "b", "c", "d"]] and "e" not in group_of
    group_of, members = components(LAND, lambda p: LAND[p], lambda p: True, joined=lambda x, y: {x, y} != {"b", "c"})
    assert members == [["a", "b"], ["c", "d"], ["e"]] and group_of["d"] == 1


def test_a_route_uses_one_sea_leg_at_most():
    legs = Legs(land_neighbours=lambda p: LAND.get(p, ()), land_ok=lambda p, target: p != "c",
                embark=lambda p, start: ("north",) if p in ("b", "e") else (), sea_ok=lambda s: True,
                sea_neighbours=lambda s: (), land_from=lambda s: ("b", "e"))
    assert trace("a", {"d"}, legs) is None  # c is closed and d has no port
    assert trace("a", {"e"}, legs) == ("a", "b", "north", "e")


def test_a_side_sees_its_own_blocks_and_purchases_the_other_side_only_what_stands_face_up():
    from assistant.families.engulfed.hidden import discloses, sees

    assert sees("", "Axis", False) and sees("Axis", "Axis", False) and sees("Allied", "Axis", True)
    assert not sees("Allied", "Axis", False) and not sees("spectators", "Axis", False)
    assert discloses("Axis", "Axis", True) and discloses("Allied", "Axis", False)
    assert not discloses("Allied", "Axis", True)
