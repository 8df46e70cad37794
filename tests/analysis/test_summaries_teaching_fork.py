"""Turn summaries, the teaching replay (rule references, annotations, views as they were) and what-if forks."""

import tomllib

import pytest

from assistant.analysis.adapters import register_adapter
from assistant.analysis.fork import fork_game, fork_origin
from assistant.analysis.summaries import turn_summary
from assistant.analysis.teaching import by_round, rule_book, step_at, steps
from assistant.decider import ScriptedDice
from assistant.games.aa_classic.game import GAME as AA_GAME
import assistant.games.aa_classic.events as aa_classic
from events.base import tag_of
from events.core import AddNote, AddPlayer, Undo
from tests.analysis.toy_adapter import TOY_ADAPTER

register_adapter(TOY_ADAPTER)


@pytest.fixture
def skirmish(app, toy_game):
    """Round 1: red buys 3 units, attacks with 2, 5, 1 (2 hits on blue's 0 units -> 0); blue buys 2, attacks."""
    gid = toy_game
    app.handle(gid, '{"type": "toy.buy", "count": 3}')
    app.handle(gid, '{"type": "toy.end_phase"}')
    app.handle(gid, '{"type": "toy.attack", "faces": [2, 5, 1]}')
    app.handle(gid, '{"type": "toy.end_phase"}')
    app.handle(gid, '{"type": "toy.buy", "count": 2}')
    app.handle(gid, '{"type": "toy.end_phase"}')
    app.handle(gid, '{"type": "toy.attack"}', dice=ScriptedDice([1, 6]))
    app.handle(gid, '{"type": "toy.end_phase"}')
    return gid


def test_turn_summary_markdown_and_text(app, skirmish):
    md = turn_summary(app, skirmish, 1, "red")
    assert md.startswith("## Skirmish (test game) — round 1, red")
    assert "**Purchases**\n\n- red bought 3 units for 9." in md
    assert "- Dice for red attacks blue: 2 5 1 (rolled at the table)." in md
    assert "blue bought" not in md
    text = turn_summary(app, skirmish, 1, fmt="text")
    assert "Purchases:\n  - red bought 3 units for 9.\n  - blue bought 2 units for 6." in text
    assert "**" not in text
    assert "Nothing happened." in turn_summary(app, skirmish, 5)


def test_undone_events_stay_out_of_summaries(app, skirmish):
    app.handle(skirmish, '{"type": "toy.buy", "count": 1}')
    app.handle(skirmish, Undo())
    assert turn_summary(app, skirmish, 2).count("bought") == 0


def test_teaching_steps_carry_sentences_rules_and_notes(app, skirmish):
    app.handle(skirmish, AddPlayer(name="coach"), actor="coach")  # a coach at the table: notes only
    app.handle(skirmish, AddNote(about_seq=4, text="red should have waited for more units", arrow_from="red",
                                 arrow_to="blue"), actor="coach")
    all_steps = steps(app, skirmish)
    dice = next(s for s in all_steps if s.type == "core.dice_rolled")
    assert dice.rule == "Dice" and dice.round == 1 and dice.side == "red" and dice.phase == "attack"
    noted = next(s for s in all_steps if s.seq == 4)
    assert noted.notes[0].text == "red should have waited for more units" and noted.notes[0].author == "coach"
    assert [s.seq for s in by_round(all_steps)[1]] == [s.seq for s in all_steps if s.round == 1]
    step, view = step_at(app, skirmish, dice.seq)
    assert view.seq == dice.seq and view.game.units["red"] == 3


def test_every_aa_classic_event_has_a_rule_reference():
    book = rule_book("aa_classic", AA_GAME.rule_refs)
    tags = {tag_of(cls) for cls in vars(aa_classic).values() if isinstance(cls, type)
            and (cls.__module__ == aa_classic.__name__ or cls.__module__.startswith(aa_classic.__name__ + "."))
            and hasattr(cls, "__struct_config__") and isinstance(cls.__struct_config__.tag, str)}
    assert tags and tags <= set(book.events), sorted(tags - set(book.events))
    assert all(ref.rule and ref.text for ref in book.events.values())
    with open(AA_GAME.rule_refs, "rb") as fh:
        assert tomllib.load(fh)["game"] == "aa_classic"


def test_fork_starts_from_any_point_and_links_both_logs(app, skirmish):
    at = 7
    original_head = app.head(skirmish)
    fork = fork_game(app, skirmish, at)
    assert app.view(fork, at=at).states == app.view(skirmish, at=at).states
    assert fork_origin(app, fork) == (skirmish, at)
    assert fork_origin(app, skirmish) is None
    # the original only gained an annotation
    assert app.head(skirmish) == original_head + 1
    assert app.log(skirmish)[-1].type == "core.note_added"
    # the fork plays on by itself
    app.handle(fork, '{"type": "toy.end_phase"}')
    assert app.head(fork) == at + 2
    assert app.verify(fork) is None
    with pytest.raises(ValueError):
        fork_game(app, skirmish, 999)


def test_a_fork_from_inside_a_command_starts_after_the_whole_command(app, skirmish):
    """Forking at a throw keeps the hits it scored (same command): a fork never waits for what the game does itself."""
    throw = next(e for e in app.log(skirmish) if e.type == "core.dice_rolled")
    command = [e for e in app.log(skirmish) if e.command_id == throw.command_id]
    assert len(command) > 1 and command[0].seq == throw.seq  # the throw, then what it scored
    end = command[-1].seq
    fork = fork_game(app, skirmish, throw.seq)
    assert fork_origin(app, fork) == (skirmish, end)
    assert app.view(fork, at=end).states == app.view(skirmish, at=end).states
    assert app.head(fork) == end + 1  # the copied commands and the note naming the origin


def test_the_reports_turns_are_the_rounds_and_sides_the_replay_steps_through(app, skirmish):
    """The report page lists the turns to summarise from the report alone (it no longer builds the replay's steps):
    they must be the replay's, a phase taken back included."""
    from assistant.analysis import teaching
    from assistant.analysis.reports import build_report

    app.handle(skirmish, '{"type": "toy.end_phase"}')
    app.handle(skirmish, Undo())  # a phase begun, then taken back: its side must not count
    app.handle(skirmish, '{"type": "toy.buy", "count": 1}')
    rounds, sides = [], {}
    for s in steps(app, skirmish):  # as the replay's pages read them
        if not rounds or rounds[-1] != s.round:
            rounds.append(s.round)
        if s.side and s.side not in sides.setdefault(s.round, []):
            sides[s.round].append(s.side)
    assert build_report(app, skirmish).turns == [(r, sides.get(r, [])) for r in rounds]
    assert teaching.turns(app.log(skirmish)) == [(0, []), (1, ["red", "blue"]), (2, ["red"])]
