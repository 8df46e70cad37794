"""Properties over random play of the test game (Hypothesis).

For any sequence of commands (buy, end of phase, attacks with physical or assistant dice, treasury edits,
undo, undo to a random event, redo, roll back, dice corrections, notes):

* the view a player saw after each command (kept incrementally in memory) equals, afterwards, the view at
  that event rebuilt by a naive fold from scratch, and by a fresh assistant through the checkpoint cache
  (a checkpoint every 3 events), also at random events and at the head;
* export -> import into a fresh database -> export is byte-identical, and the imported game shows the
  same views as the original.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import msgspec
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from assistant.application import Assistant
from assistant.decider import Refused, ScriptedDice
from assistant.kinds import KindRegistry, LoadedKind
from assistant.replay import CANCEL_TAG, decode_cancel, game_projection
from events.core import AddNote, CorrectDice, DiceRolled, Redo, RollBack, Undo
from events.store import EventStore
from projections.base import Recorded
from projections.cancellation import cancelled_set
from projections.players import PLAYERS
from projections.turn_clock import TURN_CLOCK
from tests.conftest import FIXED
from tests.toygame.game import GAME as TOY, Attack, Buy, EditTreasury, EndPhase

# Weighted so that fights (buy, end the phase, attack) and their corrections happen often.
MOVES = ("buy", "buy", "end_phase", "end_phase", "attack", "attack", "attack", "edit", "undo", "undo_to", "redo",
         "roll_back", "correct", "correct", "note")


def _registry() -> KindRegistry:
    reg = KindRegistry({})
    reg.register(TOY)
    return reg


def naive_states(store: EventStore, loaded: LoadedKind, game_id: str, definition: dict[str, Any], upto: int) -> tuple:
    """The definition of a view, written as plainly as possible: no checkpoint, no base view, no shortcut."""
    rows = list(store.rows(game_id, 0, upto))
    cancelled = cancelled_set((r.seq, decode_cancel(r.payload).targets) for r in rows if r.type == CANCEL_TAG)
    projections = (game_projection(loaded), TURN_CLOCK, PLAYERS, *loaded.kind.projections)
    states = [p.initial(definition) for p in projections]
    for r in rows[1:]:  # seq 1 is the creation: initial states are built from its definition
        if r.type == CANCEL_TAG or r.seq in cancelled:
            continue
        rec = Recorded(r.seq, loaded.catalogue.decode_event(r.type, r.version, r.payload), r.recorded_at, r.actor,
                       r.command_id)
        game = projections[0].apply(states[0], rec)  # a read model that reads the game gets it after the event
        states = [game, *((p.apply(s, rec, game) if p.reads_game else p.apply(s, rec)) if p.handles(type(rec.event))
                          else s for p, s in zip(projections[1:], states[1:]))]
    return tuple(states)


def encode(value) -> bytes:
    """Bytes of a state that keep every order (dicts, tuples) except a set's, which its history may change."""

    def plain(v):
        if isinstance(v, msgspec.Struct):
            return [type(v).__name__, [[f, plain(getattr(v, f))] for f in v.__struct_fields__]]
        if isinstance(v, (set, frozenset)):
            return sorted(plain(x) for x in v)
        if isinstance(v, dict):
            return [[plain(k), plain(x)] for k, x in v.items()]
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        return v

    return msgspec.json.encode(plain(value))


def _command(data: st.DataObject, app: Assistant, gid: str, physical_dice: list[int]) -> tuple[Any, Any]:
    """Draw one command fitting the current table (it may still be refused: that is part of play)."""
    view = app.view(gid)
    head, state = view.seq, view.game
    move = data.draw(st.sampled_from(MOVES), label="move")
    if move == "correct" and not physical_dice:
        move = "attack"
    back_to = st.integers(max(1, head - 10), head)  # take-backs reach a few commands back, as at a table
    dice = None
    if move == "buy":
        cmd: Any = Buy(count=data.draw(st.integers(1, 4)))
    elif move == "end_phase":
        cmd = EndPhase()
    elif move == "attack":
        n = state.units.get(state.side, 0) if state.side else 0
        faces = tuple(data.draw(st.lists(st.integers(1, 6), min_size=n, max_size=n)))
        if data.draw(st.booleans(), label="physical dice"):
            cmd = Attack(faces=faces)
        else:
            cmd, dice = Attack(), ScriptedDice(faces)
    elif move == "edit":
        cmd = EditTreasury(side=data.draw(st.sampled_from(state.sides)), amount=data.draw(st.integers(-5, 12)),
                           reason="counted again")
    elif move == "undo":
        cmd = Undo()
    elif move == "undo_to":
        cmd = Undo(to_seq=data.draw(back_to))
    elif move == "redo":
        cmd = Redo()
    elif move == "roll_back":
        cmd = RollBack(to_seq=data.draw(back_to), reason="we misplayed")
    elif move == "correct":
        dice_seq = data.draw(st.sampled_from(physical_dice))
        throw = next(e.event for e in app.log(gid, dice_seq - 1, 1))
        size = len(throw.faces)
        cmd = CorrectDice(dice_seq=dice_seq, faces=tuple(data.draw(st.lists(st.integers(1, 6), min_size=size,
                                                                            max_size=size))), reason="misread")
    else:
        cmd = AddNote(about_seq=data.draw(st.integers(1, head)), text="look here")
    return cmd, dice


def play_one(data: st.DataObject, app: Assistant, gid: str, physical_dice: list[int]) -> Any:
    """One command drawn and played: its outcome, or None if the table refused it. The throws entered at the table
    are added to ``physical_dice`` (a later command may correct them)."""
    cmd, dice = _command(data, app, gid, physical_dice)
    try:
        out = app.handle(gid, cmd, dice=dice)
    except Refused:
        event("refused")
        return None
    event(f"played {type(cmd).__name__}")
    physical_dice += [r.seq for r in out.events if isinstance(r.event, DiceRolled) and r.event.source == "physical"]
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_way_of_building_a_view_agrees_and_files_round_trip(data):
    with tempfile.TemporaryDirectory() as tmp:
        registry = _registry()
        store = EventStore(Path(tmp) / "games.sqlite3")
        app = Assistant(store, registry, clock=lambda: FIXED, checkpoint_every=3)
        gid = app.new_game("toy", {"treasury": data.draw(st.integers(0, 30), label="treasury")})
        app.handle(gid, EndPhase())  # round 1 begins: red buys
        seen = {1: app.view(gid, at=1).states, 2: app.view(gid).states}  # what the table showed after each command, built incrementally
        physical_dice: list[int] = []
        for _ in range(data.draw(st.integers(1, 40), label="commands")):
            if play_one(data, app, gid, physical_dice) is None:
                continue
            view = app.view(gid)
            seen[view.seq] = view.states
        head = app.head(gid)
        loaded = registry.get("toy")
        definition = app.definition(gid)
        probes = sorted(set(seen) | set(data.draw(st.lists(st.integers(1, head), max_size=5), label="probes")))

        event("checkpoints written" if store.checkpoint_seqs(gid, head) else "no checkpoint (short game)")
        cached = Assistant(store, registry, checkpoint_every=3)  # fresh memory: bases come from checkpoints
        for seq in probes:
            expected = naive_states(store, loaded, gid, definition, seq)
            assert cached.view(gid, at=seq).states == expected, f"checkpointed view at {seq}"
            if seq in seen:
                assert seen[seq] == expected, f"incremental view at {seq}"
        assert cached.view(gid).states == seen[head] == naive_states(store, loaded, gid, definition, head)

        exported = app.export(gid)
        other = Assistant(EventStore(Path(tmp) / "other.sqlite3"), registry, checkpoint_every=10**9)
        assert other.import_game(exported) == gid
        assert other.export(gid) == exported
        assert other.verify(gid) is None
        for seq in probes:
            assert other.view(gid, at=seq).states == cached.view(gid, at=seq).states
        assert other.view(gid).states == seen[head]
        other.store.close()
        store.close()
