"""Undo appends; take-backs stop at dice; roll back with a reason; redo; dice corrections."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from events.core import CorrectDice, EventsCancelled, Redo, RollBack, Undo
from tests.toygame.game import Attack, Buy, EndPhase


def test_undo_cancels_the_last_command_and_keeps_it_in_the_log(app, toy_game):
    bought = app.handle(toy_game, Buy(count=2))
    undo = app.handle(toy_game, Undo())
    assert app.view(toy_game).game.units["red"] == 0
    log = app.log(toy_game)
    assert [e.cancelled for e in log if e.seq == bought.first_seq] == [True]
    cancel = undo.events[0].event
    assert isinstance(cancel, EventsCancelled) and cancel.targets == (bought.first_seq,) and cancel.mode == "undo"


def test_redo_cancels_the_undo(app, toy_game):
    app.handle(toy_game, Buy(count=2))
    app.handle(toy_game, Undo())
    app.handle(toy_game, Redo())
    assert app.view(toy_game).game.units["red"] == 2


def test_multi_level_undo_then_redo_in_order(app, toy_game):
    app.handle(toy_game, Buy(count=1))
    app.handle(toy_game, Buy(count=2))
    app.handle(toy_game, Undo())
    app.handle(toy_game, Undo())
    assert app.view(toy_game).game.units["red"] == 0
    app.handle(toy_game, Redo())
    assert app.view(toy_game).game.units["red"] == 1
    app.handle(toy_game, Redo())
    assert app.view(toy_game).game.units["red"] == 3
    with pytest.raises(Refused, match="nothing to redo"):
        app.handle(toy_game, Redo())


def test_redo_refused_once_something_new_was_done(app, toy_game):
    app.handle(toy_game, Buy(count=1))
    app.handle(toy_game, Undo())
    app.handle(toy_game, Buy(count=2))
    with pytest.raises(Refused, match="nothing to redo"):
        app.handle(toy_game, Redo())


def test_undo_to_here_cancels_everything_after(app, toy_game):
    mark = app.head(toy_game)
    app.handle(toy_game, Buy(count=1))
    app.handle(toy_game, Buy(count=1))
    app.handle(toy_game, Undo(to_seq=mark))
    assert app.view(toy_game).game.units["red"] == 0
    assert app.view(toy_game).game.treasury["red"] == 12


def _fight(app, gid, faces):
    app.handle(gid, Buy(count=len(faces)))
    app.handle(gid, EndPhase())
    return app.handle(gid, Attack(faces=tuple(faces)))


def test_take_backs_stop_at_dice(app, toy_game):
    mark = app.head(toy_game)
    _fight(app, toy_game, [1, 6])
    with pytest.raises(Refused, match="take-backs stop at dice"):
        app.handle(toy_game, Undo())
    with pytest.raises(Refused, match="take-backs stop at dice"):
        app.handle(toy_game, Undo(to_seq=mark))
    with pytest.raises(Refused, match="reason"):
        app.handle(toy_game, RollBack(to_seq=mark, reason="  "))
    out = app.handle(toy_game, RollBack(to_seq=mark, reason="we played the wrong side"))
    assert out.events[0].event.reason == "we played the wrong side"
    assert app.view(toy_game).game.units["red"] == 0


def test_correction_of_a_physical_die_recomputes_hits(app, toy_game):
    # blue needs units to be hit: give blue a turn first
    app.handle(toy_game, EndPhase())
    app.handle(toy_game, EndPhase())
    app.handle(toy_game, Buy(count=3))  # blue buys 3
    app.handle(toy_game, EndPhase())
    app.handle(toy_game, EndPhase())  # round 2, red buys
    fight = _fight(app, toy_game, [6, 6])
    dice_seq = fight.first_seq
    assert app.view(toy_game).game.units["blue"] == 3
    out = app.handle(toy_game, CorrectDice(dice_seq=dice_seq, faces=(1, 6), reason="misread a 1 as 6"))
    assert app.view(toy_game).game.units["blue"] == 2
    entry = next(e for e in app.log(toy_game) if e.seq == dice_seq)
    assert entry.corrected_faces == (1, 6) and not entry.cancelled
    assert out.events[0].event.original == (6, 6)


def test_correction_refusals(app, toy_game):
    fight = _fight(app, toy_game, [6])
    with pytest.raises(Refused, match="this throw is 1 die; "):
        app.handle(toy_game, CorrectDice(dice_seq=fight.first_seq, faces=(1, 2), reason="x"))
    with pytest.raises(Refused, match="1 to 6"):
        app.handle(toy_game, CorrectDice(dice_seq=fight.first_seq, faces=(7,), reason="x"))
    with pytest.raises(Refused, match="not a dice throw"):
        app.handle(toy_game, CorrectDice(dice_seq=2, faces=(1,), reason="x"))


def test_assistant_rolled_dice_cannot_be_corrected(app, toy_game):
    from assistant.decider import ScriptedDice

    app.handle(toy_game, Buy(count=1))
    app.handle(toy_game, EndPhase())
    out = app.handle(toy_game, Attack(), dice=ScriptedDice([3]))
    with pytest.raises(Refused, match="assistant rolled"):
        app.handle(toy_game, CorrectDice(dice_seq=out.first_seq, faces=(1,), reason="x"))


def test_physical_faces_are_validated(app, toy_game):
    app.handle(toy_game, Buy(count=2))
    app.handle(toy_game, EndPhase())
    head = app.head(toy_game)
    with pytest.raises(Refused, match="this throw is 2 dice; "):
        app.handle(toy_game, Attack(faces=(1,)))
    with pytest.raises(Refused, match="1 to 6"):
        app.handle(toy_game, Attack(faces=(0, 3)))
    assert app.head(toy_game) == head


def test_game_creation_cannot_be_undone(app):
    gid = app.new_game("toy")
    with pytest.raises(Refused, match="nothing to undo"):
        app.handle(gid, Undo())


def test_notes_survive_undo_to_here(app, toy_game):
    from events.core import AddNote, AddPlayer

    app.handle(toy_game, AddPlayer(name="teacher"), actor="teacher")  # at the table, writing notes only
    mark = app.head(toy_game)
    app.handle(toy_game, Buy(count=1))
    note = app.handle(toy_game, AddNote(about_seq=mark + 1, text="too greedy"), actor="teacher")
    app.handle(toy_game, Undo(to_seq=mark))
    entry = next(e for e in app.log(toy_game) if e.seq == note.first_seq)
    assert not entry.cancelled and entry.event.author == "teacher"


def test_decide_knows_who_is_at_the_table(store):
    """``Context.players``: the log's players, then (in the club) the members seated at the game, who are not in the
    log; a rule naming a player (a bid) checks it against these."""
    import msgspec

    from assistant.application import Assistant
    from assistant.kinds import KindRegistry
    from events.core import AddPlayer
    from tests.toygame.game import GAME

    seen = []

    def decide(command, state, ctx):
        seen.append(ctx.players)
        return GAME.decide(command, state, ctx)

    registry = KindRegistry({})
    registry.register(msgspec.structs.replace(GAME, decide=decide))
    app = Assistant(store, registry)
    gid = app.new_game("toy", {"treasury": 12}, players=["Ann"])
    app.handle(gid, AddPlayer(name="Bo", plays=("red",)), actor="Bo")
    app.seated = lambda game_id: ("Cy",)
    app.handle(gid, EndPhase())
    assert seen[-1] == ("Ann", "Bo", "Cy")


def test_a_correction_names_the_throw_as_the_table_offers_it(app, toy_game):
    """``core.correct_dice`` offers the throws entered at the table by name, newest first; "the last throw" or a
    name picked corrects it; the event number (``dice_seq``) of older scripts and files is still accepted."""
    assert "core.correct_dice" not in [p.tag for p in app.moves(toy_game)]  # nothing thrown yet
    first = _fight(app, toy_game, [6]).first_seq
    app.handle(toy_game, EndPhase())
    second = _fight(app, toy_game, [5, 4]).first_seq
    (offer,) = [p for p in app.moves(toy_game) if p.tag == "core.correct_dice"]
    assert offer.choices == {"throw": ("Blue attacks red: 5 4", "Red attacks blue: 6")}
    assert [t.seq for t in app.correctable(toy_game)] == [second, first]
    out = app.handle(toy_game, CorrectDice(throw="the last throw", faces=(5, 5), reason="a 4 read as 5"))
    assert out.events[0].event.dice_seq == second
    out = app.handle(toy_game, CorrectDice(throw="red attacks blue: 6", faces=(3,), reason="misread"))
    assert out.events[0].event.dice_seq == first
    assert app.correctable(toy_game)[1].name == "Red attacks blue: 3"  # named with its faces now
    out = app.handle(toy_game, CorrectDice(throw="Red attacks blue", faces=(2,), reason="misread again"))
    assert out.events[0].event.dice_seq == first
    out = app.handle(toy_game, CorrectDice(dice_seq=first, faces=(1,), reason="the old form"))
    assert out.events[0].event.dice_seq == first


def test_a_correction_naming_no_throw_or_two_is_refused_and_changes_nothing(app, toy_game):
    fight = _fight(app, toy_game, [6])
    head = app.head(toy_game)
    with pytest.raises(Refused, match=r"no throw that can be corrected is named 'the first throw'; those that can "
                                      r"be, newest first: Red attacks blue: 6$"):
        app.handle(toy_game, CorrectDice(throw="the first throw", faces=(1,), reason="x"))
    with pytest.raises(Refused, match="not both"):
        app.handle(toy_game, CorrectDice(throw="the last throw", dice_seq=fight.first_seq, faces=(1,), reason="x"))
    with pytest.raises(Refused, match="name the throw to correct"):
        app.handle(toy_game, CorrectDice(faces=(1,), reason="x"))
    assert app.head(toy_game) == head


def test_assistant_rolled_and_taken_back_throws_are_not_offered(app, toy_game):
    from assistant.decider import ScriptedDice

    mark = app.head(toy_game)
    _fight(app, toy_game, [6])
    app.handle(toy_game, RollBack(to_seq=mark, reason="the wrong side attacked"))
    app.handle(toy_game, Buy(count=1))
    app.handle(toy_game, EndPhase())
    app.handle(toy_game, Attack(), dice=ScriptedDice([3]))
    assert app.correctable(toy_game) == [] and "core.correct_dice" not in [p.tag for p in app.moves(toy_game)]
    with pytest.raises(Refused, match="no throw entered at the table can be corrected"):
        app.handle(toy_game, CorrectDice(throw="the last throw", faces=(1,), reason="x"))


def test_only_the_recent_throws_are_offered_older_ones_by_their_event_number(app, toy_game, monkeypatch):
    """Listing the moves of a long game reads only its last events: a throw further back is corrected by its event
    number (as the log's own correction form does), never offered by name."""
    from assistant.application import takeback

    old = _fight(app, toy_game, [6]).first_seq
    app.handle(toy_game, EndPhase())
    recent = _fight(app, toy_game, [5, 4]).first_seq
    monkeypatch.setattr(takeback, "RECENT_EVENTS", app.head(toy_game) - old)  # the old throw just out of reach
    assert [t.seq for t in app.correctable(toy_game)] == [recent]
    with pytest.raises(Refused, match="no throw that can be corrected is named 'Red attacks blue'"):
        app.handle(toy_game, CorrectDice(throw="Red attacks blue", faces=(1,), reason="misread"))
    out = app.handle(toy_game, CorrectDice(dice_seq=old, faces=(1,), reason="misread"))
    assert out.events[0].event.dice_seq == old
    monkeypatch.setattr(takeback, "RECENT_THROWS", 1)
    monkeypatch.setattr(takeback, "RECENT_EVENTS", 1_000)
    assert [t.seq for t in app.correctable(toy_game)] == [recent]


def test_looking_back_at_a_moment_offers_no_correction(app, toy_game):
    """A correction is appended now: the moves of an earlier moment do not offer one (nor read the log for it)."""
    _fight(app, toy_game, [6])
    assert "core.correct_dice" in [p.tag for p in app.moves(toy_game)]
    assert "core.correct_dice" in [p.tag for p in app.moves(toy_game, at=app.head(toy_game))]
    assert "core.correct_dice" not in [p.tag for p in app.moves(toy_game, at=app.head(toy_game) - 1)]
