"""What the map tests of the games share: moments of a real game to draw, two viewers' addresses, and the check
that a map drawn from its kept parts is byte for byte the map drawn afresh (``assistant/web/mapframes.py``)."""

from __future__ import annotations

import random
from urllib.parse import quote

from assistant.web import mapframes


def moments(game, definition, events, count: int = 40) -> list:
    """The game's states at ``count`` random events (battles open in some), and its start."""
    picks = set(random.Random(11).sample(range(len(events)), count))
    out, s = [game.initial_state(definition)], game.initial_state(definition)
    for i, e in enumerate(events):
        s = game.evolve(s, e)
        if i in picks:
            out.append(s)
    assert any(b for st in out for b in st.battles.values() if not b.outcome), "some moment must show a battle"
    return out


def table_url(name: str) -> str:
    return f"/g/abc123/space/{quote(name)}"


def spectator_url(name: str) -> str:
    return f"/watch/abc123/tok'en&/space/{quote(name)}"  # characters the HTML must escape


def same_as_afresh(draw, reference, states, space_url, at: str) -> None:
    for s in states:
        expected = reference(s, space_url, at)
        mapframes.FRAMES.clear()
        mapframes.ADDRESSES.clear()
        assert draw(s, space_url, at) == expected  # built now
        assert draw(s, space_url, at) == expected  # from the kept parts
