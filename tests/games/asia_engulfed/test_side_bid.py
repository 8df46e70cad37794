"""The side bid (AE 10.4) is made by the players at the table: a name that is no player's is refused."""

from __future__ import annotations

import msgspec
import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed.board.loader import to_dict
from assistant.games.asia_engulfed.game import GAME
from assistant.games.asia_engulfed.options import Options
from tests.games.asia_engulfed.table import Table, board, scenario


def test_a_bid_by_someone_who_is_not_a_player_is_refused_and_changes_nothing():
    t = Table(scenario())
    t.seat("Ann", "Bob")
    before = t.state
    with pytest.raises(Refused) as refused:
        t.do(c.Bid(bids={"xx": 3}))
    assert refused.value.rule == "AE 10.4" and "'xx' is not a player" in str(refused.value)
    assert "Ann, Bob" in str(refused.value)
    assert t.state == before


def test_without_named_players_the_two_bidders_name_themselves():
    """A table that started its game on a phone has named nobody (the web has no form for it): the bid's two names
    are the players; one name alone, or the same name twice, is refused."""
    t = Table(scenario())
    with pytest.raises(Refused) as refused:
        t.do(c.Bid(bids={"Ann": 3}))
    assert refused.value.rule == "AE 10.4" and "the two players bid" in str(refused.value)
    assert "add-player" not in str(refused.value)
    with pytest.raises(Refused):
        t.do(c.Bid(bids={"Ann": 3, "ann": 1}))
    [bid] = [e for e in t.do(c.Bid(bids={"Ann": 3, "Bob": 1})) if type(e).__name__ == "SidesBid"]
    assert bid.allied_player == "Ann" and bid.amount == 3


def test_the_winner_is_recorded_as_the_player_was_named():
    t = Table(scenario())
    t.seat("Ann", "Bob")
    out = t.do(c.Bid(bids={"ann": 2, "BOB": 1}))
    assert (out[0].allied_player, out[0].bids) == ("Ann", {"Ann": 2, "Bob": 1})


def test_two_bids_under_one_players_name_are_refused():
    t = Table(scenario())
    t.seat("Ann", "Bob")
    with pytest.raises(Refused, match="one bid per player"):
        t.do(c.Bid(bids={"Ann": 2, "ann": 1}))


def test_the_players_named_in_the_options_may_bid():
    opts = msgspec.convert({"board": to_dict(board()), "players": {"japan": "Kenji", "allies": "Mary"}}, Options)
    state = GAME.initial_state(GAME.setup(opts))
    assert state.players == ("Kenji", "Mary")


def test_the_members_seated_at_a_club_table_bid_too():
    """In the club the seated members are not in the log: the table's players (``Context.players``) count."""
    from assistant.decider import Context
    from assistant.games.asia_engulfed.evolve import evolve

    t = Table(scenario())
    events = GAME.decide(c.Bid(bids={"dee": 2, "Eve": 1}), t.state, Context(players=("Dee", "Eve")))
    assert (events[0].allied_player, events[0].bids) == ("Dee", {"Dee": 2, "Eve": 1})
    assert evolve(t.state, events[0]).bid == 2
