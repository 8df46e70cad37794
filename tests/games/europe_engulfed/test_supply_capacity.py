"""Sharing fleet capacity (EE 3.31): the proposal supplies as many units as any allocation could."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.europe_engulfed.supply.capacity import Need, SeaCapacity, over, propose
from assistant.games.europe_engulfed.supply.trace import SeaOption

ROUTES = (
    SeaOption(seas=("atlantic",), origin="p", destination="q", usage=(("atlantic", 1),)),
    SeaOption(seas=("mediterranean", "atlantic"), origin="p", destination="q",
              usage=(("mediterranean", 1), ("atlantic", 1))),
    SeaOption(seas=("atlantic",), origin="p", destination="q", usage=(("atlantic", 4),), cape=True),
    SeaOption(seas=("mediterranean",), origin="p", destination="q", usage=(("mediterranean", 2),), beachhead=True),
)  # fmt: skip


def best_by_brute_force(needs, caps) -> int:
    choices = [(None, *n.options) for n in needs]
    best = 0
    for pick in itertools.product(*choices):
        chosen = {n.unit_id: o for n, o in zip(needs, pick) if o is not None}
        if not over(needs, chosen, caps):
            best = max(best, len(chosen))
    return best


@settings(max_examples=150, deadline=None)
@given(
    routes=st.lists(st.sets(st.integers(0, len(ROUTES) - 1), min_size=1), min_size=1, max_size=6),
    atlantic=st.integers(0, 12),
    mediterranean=st.integers(0, 6),
)
def test_the_proposal_is_as_good_as_any_allocation(routes, atlantic, mediterranean):
    needs = [Need(f"u{i}", "western", tuple(ROUTES[j] for j in sorted(r))) for i, r in enumerate(routes)]
    caps = {("atlantic", "western"): SeaCapacity(sea="atlantic", group="western", capacity=atlantic),
            ("mediterranean", "western"): SeaCapacity(sea="mediterranean", group="western", capacity=mediterranean)}  # fmt: skip
    proposal = propose(needs, caps)
    assert not over(needs, proposal, caps)
    assert all(proposal[n.unit_id] in n.options for n in needs if n.unit_id in proposal)
    assert len(proposal) == best_by_brute_force(needs, caps)
