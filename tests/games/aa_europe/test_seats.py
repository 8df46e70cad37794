"""Whose command it is at a club table (``GameKind.acting_for``): the power a command names, else the power whose
turn it is; each power acts with its side, so a seat may hold "axis" or "allies"."""

from __future__ import annotations

from assistant.games.aa_europe import commands as c
from assistant.games.aa_europe.game import GAME
from tests.games.aa_europe.table import Table


def test_a_command_belongs_to_its_power_and_that_power_s_side():
    t = Table()
    t.until("germany", "combat_move")
    assert GAME.acting_for(c.EndPhase(), t.state) == ("germany", "axis")
    t.until("ussr", "purchase")
    assert GAME.acting_for(c.EndPhase(), t.state) == ("ussr", "allies")


def test_the_people_named_at_the_start_take_the_seats(tmp_path):
    """`tabletop new aa_europe --player Ann --player Bo`: two names, two seats, in the rulebook's seat order (L15);
    a name that fits no seat count joins as someone who plays no power."""
    from assistant.application import Assistant
    from assistant.kinds import KindRegistry
    from events.store import EventStore

    store = EventStore(tmp_path / "seats.sqlite3")
    app = Assistant(store, KindRegistry())
    gid = app.new_game("aa_europe", {}, players=["Ann", "Bo"])
    seats = app.definition(gid)["players"]
    assert [p["name"] for p in seats] == ["Ann", "Bo"] and seats[0]["powers"] == ["germany"]
    assert app.players(gid) == ()  # seated by the game, not as people who play no power
    assert app.actor_at_table(gid, "bo") == "Bo"
    coach = app.new_game("aa_europe", {}, players=["Coach"])
    assert [p["name"] for p in app.definition(coach)["players"]][0] == "player 1"
    assert app.players(coach) == (("Coach", ()),)
    store.close()


def test_a_battle_s_defending_throws_and_choices_belong_to_the_defender():
    """The UK declares its interceptors and throws its AA fire; Germany its escorts and its bombing."""
    from tests.games.aa_europe.test_pieces_and_wording import raid_on_the_uk

    t = Table()
    key = raid_on_the_uk(t)
    assert GAME.acting_for(c.Intercept(battle=key, count=1), t.state) == ("uk", "allies")
    t.do(c.Intercept(battle=key, count=1))
    assert GAME.acting_for(c.Fire(battle=key), t.state) == ("uk", "allies")  # the AA guns
    t.do(c.Fire(battle=key), 1, 4)  # AA: one hit, Germany chooses its loss
    assert GAME.acting_for(c.ChooseCasualties(battle=key, units={"bomber": 1}), t.state) == ("germany", "axis")
    assert GAME.acting_for(c.EndPhase(), t.state) == ("germany", "axis")
