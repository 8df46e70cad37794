"""Actors are checked against the game: the table, a player named in its log (or seated in the club), or one of
the powers or sides the game declares (``GameKind.sides``). A refusal names the actor and who is accepted, and
writes nothing."""

from __future__ import annotations

import pytest

from assistant import cli, kinds
from assistant.application import Assistant
from assistant.decider import Refused
from assistant.kinds import KindRegistry
from events.core import AddNote, AddPlayer
from events.store import EventStore
from tests.conftest import FIXED
from tests.toygame.game import Buy, EndPhase


@pytest.fixture
def app(db_path, registry):
    return Assistant(EventStore(db_path), registry, clock=lambda: FIXED)


@pytest.fixture
def game(app):
    return app.new_game("toy", {"treasury": 30}, players=("Anna", "Ben"))


def test_the_table_a_player_and_a_side_are_accepted_and_spelled_as_the_game_spells_them(app, game):
    app.handle(game, EndPhase())
    app.handle(game, Buy(count=1), actor="RED")
    app.handle(game, Buy(count=1), actor="anna")
    assert [e.actor for e in app.log(game)][-3:] == ["table", "red", "Anna"]
    assert app.actors(game) == ("table", "Anna", "Ben", "red", "blue")


def test_anyone_else_is_refused_naming_the_actor_and_who_is_accepted(app, game):
    head = app.head(game)
    with pytest.raises(Refused) as refused:
        app.handle(game, EndPhase(), actor="Germnay")
    message = refused.value.message
    assert "'Germnay' is not at this table" in message
    assert "a player of this game (Anna, Ben)" in message and "powers or sides (red, blue)" in message
    assert app.head(game) == head, "a refusal writes nothing"


def test_a_player_added_later_may_act_and_undoing_the_addition_takes_them_off(app, game):
    app.handle(game, AddPlayer(name="Chloé", plays=("Blue",)), actor="Anna")
    assert app.players(game)[-1] == ("Chloé", ("blue",))
    app.handle(game, AddNote(about_seq=1, text="good opening"), actor="chloé")
    assert app.log(game)[-1].event.author == "Chloé"
    app.handle(game, '{"type": "core.undo"}')  # the note
    app.handle(game, '{"type": "core.undo"}')  # her joining
    with pytest.raises(Refused, match="'Chloé' is not at this table"):
        app.handle(game, AddNote(about_seq=1, text="again"), actor="Chloé")


def test_someone_may_add_themselves_a_coach_too_but_not_as_a_side_nor_twice(app, game):
    app.handle(game, AddPlayer(name="Coach Dan"), actor="Coach Dan")  # notes only: plays no power
    assert ("Coach Dan", ()) in app.players(game)
    assert app.log(game)[-1].sentence == "Coach Dan joins the table (notes only)."
    with pytest.raises(Refused, match="is the table or a power or side of this game"):
        app.handle(game, AddPlayer(name="Red"))
    with pytest.raises(Refused, match="already a player"):
        app.handle(game, AddPlayer(name="anna"))
    with pytest.raises(Refused, match="'green' is not a power or side of this game"):
        app.handle(game, AddPlayer(name="Eve", plays=("green",)))
    with pytest.raises(Refused, match="'Mallory' is not at this table"):  # adding someone else needs a place
        app.handle(game, AddPlayer(name="Frank"), actor="Mallory")


def test_a_new_game_accepts_the_table_its_sides_and_the_players_named_with_it(app):
    assert app.log(app.new_game("toy", {}, actor="blue"))[0].actor == "blue"
    gid = app.new_game("toy", {}, actor="Gus", players=("Gus",))
    assert [e.sentence for e in app.log(gid)][1:] == ["Gus joins the table (notes only)."]
    games = len(app.games())
    with pytest.raises(Refused, match="'Gus' is not at this table"):
        app.new_game("toy", {}, actor="Gus")
    assert len(app.games()) == games


def test_every_installed_game_declares_its_powers_or_sides():
    registry = KindRegistry()
    for name in registry.names():
        kind = registry.get(name).kind
        assert kind.sides is not None, f"{name} declares no powers or sides"
        options = kind.options_type()
        sides = kind.sides(kind.initial_state(kind.setup(options)))
        assert len(sides) >= 2 and all(isinstance(s, str) and s for s in sides), name


@pytest.fixture
def toy_kind(monkeypatch):
    found = kinds.installed()
    monkeypatch.setattr(kinds, "installed", lambda: {**found, "toy": "tests.toygame.game:GAME"})


def test_the_command_line_names_players_lists_them_and_refuses_strangers(toy_kind, db_path, capsys):
    db = str(db_path)
    assert cli.main(["--db", db, "new", "toy", "--player", "Anna"]) == 0
    gid = capsys.readouterr().out.strip()
    assert cli.main(["--db", db, "add-player", gid, "Ben", "--plays", "blue"]) == 0
    assert "Ben joins the table, playing blue." in capsys.readouterr().out
    assert cli.main(["--db", db, "players", gid]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == ["table", "Anna\t(notes only)", "Ben\tblue", "powers and sides: red, blue"]
    assert cli.main(["--db", db, "do", gid, '{"type": "toy.end_phase"}', "--as", "Bne"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("refused: 'Bne' is not at this table") and "(Anna, Ben)" in err
    assert cli.main(["--db", db, "do", gid, '{"type": "toy.end_phase"}', "--as", "ben"]) == 0


def test_the_players_a_games_own_set_up_names_are_accepted(db_path):
    app = Assistant(EventStore(db_path), KindRegistry(), clock=lambda: FIXED)
    gid = app.new_game("aa_classic", {"players": 2, "names": ["Ann", "Bo"]}, actor="ann")
    assert app.log(gid)[0].actor == "Ann"
    assert {"Ann", "Bo", "germany", "ussr", "axis", "allies"} <= set(app.actors(gid))
    app.handle(gid, AddNote(about_seq=1, text="we play the 1941 set-up"), actor="BO")
    assert app.log(gid)[-1].actor == "Bo"
    with pytest.raises(Refused, match="'Cy' is not at this table"):
        app.handle(gid, AddNote(about_seq=1, text="?"), actor="Cy")
