"""Speed figures of the core event log: ``python3 -m assistant.bench`` (or ``tabletop bench --only core``).

Run from a source checkout: the figures use the test game (tests/toygame). ``--appends N`` only appends N commands
(for counting their instructions: docs/speed.md). On a temporary SQLite file:

* ``append_commands_per_s``: durable appends (synchronous=FULL), one writer, toy commands through
  ``Assistant.handle`` (target >= 1,000/s): the best of three windows, each window's figure beside it
  (``_windows``), and the processor time a command took (``append_processor_ms_per_command``: with
  the disk's flush, what bounds the rate; a machine whose processors are busy with other work shows it here);
* ``replay_s``: a log of ``events`` events replayed from scratch into the game state, the turn clock and the
  ledger (target <= 0.5 s for 100,000); ``replay_checked_s`` the same with every event checked against the
  chain as it is folded (what the SQLite store does; a table is folded from a sealed checkpoint, so fewer
  than ``CHECKPOINT_EVERY`` events are);
* ``open_check_ms``: a new process's check on opening the game (the seals, the creation event and the chain
  since the sealed verified point); ``open_check_whole_chain_s`` the full check of ``verify``;
  ``open_and_view_head_ms`` / ``open_and_view_middle_ms``: a new store's table at the head and at a middle
  event, the open check included;
* ``state_at_ms``: the view at random events of that game with its checkpoints (every ``CHECKPOINT_EVERY``
  events, ``assistant/replay.py``) (p50, p95, max; target <= 20 ms);
* ``peak_mb``: memory while replaying that game (tracemalloc peak of the replay, and the process's maximum
  resident size; target <= 200 MB);
* ``eventsourcing``: the same events appended and replayed by the ``eventsourcing`` library (SQLite
  persistence, an aggregate applying the same facts), and ``replay_speedup`` = their replay time / ours, both
  the best of five run in turn (ours, theirs, ours...) in the same process, so under the same load and the same
  interpreter flags (``interpreter_flags``); ``replay_speedup_processor`` the same from the process's processor
  time (every thread of it: the library may read on others). The
  library checks itself with ``assert`` statements: the fair figure is ``python -O -m assistant.bench`` (or
  ``python -O -m assistant.cli bench --only core``), where neither side runs asserts (target >= 5);
* ``disk_fdatasync_ms``: what one flush to the disk costs in the same folder at the same time (median of 200),
  measured before the appends and again after them (``_after``): each durable command of a lone writer waits for
  one, so its rate cannot beat ``1000 / disk_fdatasync_ms``; a machine busy with other writers shows it here first;
* ``concurrent_append_commands_per_s``: durable appends from 8 threads at once, each playing its own game (a
  club's tables, a server taking several devices' commands): appends arriving together share one transaction and
  one flush (group commit, ``events/group_commit.py``); ``concurrent_commands_per_transaction`` says how many.
"""

from __future__ import annotations

import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
import uuid
from pathlib import Path
from typing import Any

import msgspec

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from events.base import Event, tag_of
from events.core import DiceRolled, GameCreated, PhaseBegan
from events.store import EventStore, NewEvent

SIDES = ("red", "blue")
BATCH = 1_000  # events per transaction when the big log is generated


NO_CHECKOUT = "the core benchmark uses the test game (tests/toygame): run it from a source checkout"


def _toy(required: bool = True) -> Any:
    # The core's figures are for the test game, which lives in the source checkout beside this package (an install
    # from a wheel has no tests/ folder).
    checkout = Path(__file__).resolve().parents[1]
    if (checkout / "tests" / "toygame").is_dir() and str(checkout) not in sys.path:
        sys.path.insert(0, str(checkout))
    try:
        from tests.toygame import game
    except ModuleNotFoundError:
        if required:
            raise SystemExit(NO_CHECKOUT) from None
        return None
    return game


def _registry(toy: Any) -> KindRegistry:
    registry = KindRegistry({})
    registry.register(toy.GAME)
    return registry


# ---------------------------------------------------------------- the played game


def table_events(toy: Any, count: int, seed: int = 1941) -> list[list[Event]]:
    """``count`` events of a long skirmish, grouped by command: income, purchase, phases, throws and hits."""
    rng = random.Random(seed)
    units = dict.fromkeys(SIDES, 0)
    commands: list[list[Event]] = []
    total = 0
    round_ = 0
    while total < count:
        round_ += 1
        for side in SIDES:
            target = next(s for s in SIDES if s != side)
            bought = rng.randint(1, 3)
            units[side] += bought
            n = min(units[side], 8)
            faces = tuple(rng.randint(1, 6) for _ in range(n))
            hits = min(sum(1 for f in faces if f <= toy.HIT_ON), units[target])
            units[target] -= hits
            for command in (
                [PhaseBegan(round=round_, side=side, phase="buy")],
                [toy.TreasuryEdited(side=side, amount=3 * bought, reason="income")],
                [toy.UnitsBought(side=side, count=bought, cost=3 * bought)],
                [PhaseBegan(round=round_, side=side, phase="attack")],
                [
                    DiceRolled(purpose=f"{side} attacks {target}", faces=faces, source="physical",
                               targets=(toy.HIT_ON,) * n, ref=target),
                    toy.HitsScored(side=side, target=target, hits=hits),
                ],
            ):
                commands.append(command)
                total += len(command)
    # trim to exactly ``count`` events, never splitting a command
    while total > count:
        total -= len(commands.pop())
    if total < count:
        commands.append([PhaseBegan(round=round_ + 1, side=SIDES[0], phase="buy")] * (count - total))
    return commands


def write_log(store: EventStore, game_id: str, toy: Any, events: int) -> None:
    """The creation event then ``events - 1`` events, written straight through the store in batches."""
    created = GameCreated(kind="toy", title="benchmark", definition={"sides": list(SIDES), "treasury": 10})
    store.append(game_id, 0, [_new(created)], actor="table", command_id=uuid.uuid4().hex,
                 recorded_at="2026-11-21T20:00:00.000000Z", kind="toy", title="benchmark")
    batch: list[NewEvent] = []
    head = 1
    for command in table_events(toy, events - 1):
        batch += [_new(e) for e in command]
        if len(batch) >= BATCH:
            head = _flush(store, game_id, head, batch)
            batch = []
    if batch:
        _flush(store, game_id, head, batch)


def _new(event: Event) -> NewEvent:
    return NewEvent(tag_of(type(event)), type(event).schema_version, msgspec.json.encode(event))


def _flush(store: EventStore, game_id: str, head: int, batch: list[NewEvent]) -> int:
    done = store.append(game_id, head, batch, actor="table", command_id=uuid.uuid4().hex,
                        recorded_at=time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime()))
    return done.last_seq


# ---------------------------------------------------------------- our figures


def fdatasync_ms(folder: Path, flushes: int = 200) -> float:
    """Median time of writing 8 KiB and flushing it to the disk, in ``folder`` (what one durable commit waits for)."""
    path = folder / "flush.probe"
    fd = os.open(path, os.O_RDWR | os.O_CREAT)
    times = []
    try:
        for _ in range(flushes):
            os.write(fd, b"\0" * 8192)
            start = time.perf_counter()
            os.fdatasync(fd)
            times.append((time.perf_counter() - start) * 1000)
    finally:
        os.close(fd)
        path.unlink()
    return round(statistics.median(times), 3)


def _appending(store: EventStore, toy: Any) -> tuple[Assistant, str]:
    app = Assistant(store, _registry(toy))
    gid = app.new_game("toy", {"treasury": 0})
    app.handle(gid, toy.EndPhase())
    return app, gid


def _append_cycle(app: Assistant, gid: str, toy: Any) -> int:
    """Four durable commands, each after reading the table (as a device does): income, a purchase, two phase ends."""
    for make in (lambda side: toy.EditTreasury(side=side, amount=3, reason="income"), lambda side: toy.Buy(count=1),
                 lambda side: toy.EndPhase(), lambda side: toy.EndPhase()):
        app.handle(gid, make(app.view(gid).game.side))
    return 4


def append_steps(commands: int) -> int:
    """``commands`` durable appends and nothing else, for counting what they cost with a tool that counts
    instructions (``python -O -m assistant.bench --appends N``, run for two N under valgrind: the difference
    divided by the difference of N is one command, start-up left out; docs/speed.md)."""
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as tmp:
        store = EventStore(Path(tmp) / "append.sqlite3")
        toy = _toy()
        app, gid = _appending(store, toy)
        for _ in range(commands // 4):
            _append_cycle(app, gid, toy)
        head = store.head(gid)
        store.close()
    return head


def append_rate(folder: Path, toy: Any, seconds: float, windows: int = 3) -> dict[str, Any]:
    """Durable commands a second of one writer, in ``windows`` windows of ``seconds / windows`` one after the other:
    the best window (as the replay comparison takes the best of its runs: other work on a shared machine only ever
    slows a window down) and every window's figure, so a machine busy meanwhile shows."""
    store = EventStore(folder / "append.sqlite3")
    app, gid = _appending(store, toy)
    rates, done, used = [], 0, time.process_time()
    for _ in range(windows):
        count, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds / windows:
            count += _append_cycle(app, gid, toy)
        rates.append(count / (time.perf_counter() - start))
        done += count
    processor_ms = (time.process_time() - used) * 1000 / done
    store.close()
    return {"append_commands": done, "append_commands_per_s": round(max(rates)),
            "append_commands_per_s_windows": [round(r) for r in rates],
            "append_processor_ms_per_command": round(processor_ms, 3)}


def concurrent_append_rate(folder: Path, toy: Any, seconds: float, tables: int = 8) -> dict[str, float]:
    """Durable appends from ``tables`` threads at once, each playing its own game (a club's tables, or a server
    taking several devices' commands): their appends share transactions, one flush each (group commit)."""
    import threading

    store = EventStore(folder / "tables.sqlite3")
    app = Assistant(store, _registry(toy))
    games = [app.new_game("toy", {"treasury": 0}) for _ in range(tables)]
    counts = [0] * tables
    begin = threading.Barrier(tables + 1)

    def play(n: int) -> None:
        gid = games[n]
        app.handle(gid, toy.EndPhase())
        begin.wait()
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            side = app.view(gid).game.side
            for command in (toy.EditTreasury(side=side, amount=3, reason="income"), toy.Buy(count=1),
                            toy.EndPhase(), toy.EndPhase()):
                app.handle(gid, command)
                counts[n] += 1

    threads = [threading.Thread(target=play, args=(n,)) for n in range(tables)]
    for thread in threads:
        thread.start()
    begin.wait()
    start = time.perf_counter()
    batches0, requests0 = store._group.batches, store._group.requests
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    batches = store._group.batches - batches0
    requests = store._group.requests - requests0
    store.close()
    return {"concurrent_tables": tables, "concurrent_append_commands_per_s": round(sum(counts) / elapsed),
            "concurrent_commands_per_transaction": round(requests / max(batches, 1), 1)}


def replay(path: Path, game_id: str, toy: Any, checks: bool = False) -> tuple[float, Any, float]:
    """(seconds to fold the whole log from scratch, the view, processor seconds). ``checks``: each event checked against the chain as
    it is folded, as the SQLite store does (the ``eventsourcing`` library checks nothing: the comparison is
    without); the PostgreSQL store folds without."""
    from assistant.replay import Timeline

    store = EventStore(path)
    store.drop_checkpoints(game_id)  # from scratch: no checkpoint to start from, none saved
    app = Assistant(store, _registry(toy), checkpoint_every=10**9)
    timeline = Timeline(store, app.kind_of(game_id), game_id, app.definition(game_id), 10**9)
    timeline.checks = checks
    start, used = time.perf_counter(), time.process_time()
    view = timeline.view_at(store.head(game_id))
    elapsed, cpu = time.perf_counter() - start, time.process_time() - used
    store.close()
    return elapsed, view, cpu


def state_at(path: Path, game_id: str, registry: KindRegistry, probes: int = 300) -> dict[str, float]:
    """Views at random events, each by a fresh application from the checkpoints alone (as a new process would)."""
    store = EventStore(path)
    Assistant(store, registry).view(game_id)  # writes the checkpoints
    head = store.head(game_id)
    rng = random.Random(7)
    timings, processor = [], []
    for _ in range(probes):
        app = Assistant(store, registry)  # nothing in memory: checkpoints only
        app.view(game_id, at=1)  # opening the game is not part of the figure
        seq = rng.randint(1, head)
        start, used = time.perf_counter(), time.thread_time()
        app.view(game_id, at=seq)
        timings.append((time.perf_counter() - start) * 1000)
        processor.append((time.thread_time() - used) * 1000)
    store.close()
    timings.sort()
    processor.sort()
    # the wall time includes waiting for a processor on a shared machine; the processor time is the view's own
    return {
        "state_at_ms_p50": round(statistics.median(timings), 2),
        "state_at_ms_p95": round(timings[int(len(timings) * 0.95) - 1], 2),
        "state_at_ms_max": round(timings[-1], 2),
        "state_at_processor_ms_p50_p95_max": [round(statistics.median(processor), 2),
                                              round(processor[int(len(processor) * 0.95) - 1], 2),
                                              round(processor[-1], 2)],
    }


def peak_memory(path: Path, game_id: str, toy: Any) -> dict[str, float]:
    tracemalloc.start()
    replay(path, game_id, toy)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    maxrss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux
    return {"replay_peak_mb": round(peak / 2**20, 1), "process_maxrss_mb": round(maxrss_kb / 1024, 1)}


# ---------------------------------------------------------------- the eventsourcing library

try:
    from eventsourcing.application import Application
    from eventsourcing.domain import Aggregate, event
except ModuleNotFoundError:  # an optional dependency (pyproject: the "bench" extra)
    Aggregate = None

if Aggregate is not None:

    class Skirmish(Aggregate):
        """The test game's state, turn clock and ledger totals as an ``eventsourcing`` aggregate.

        Each method is an event: the decorator records it and its body applies it (the library's idiom).
        """

        @event("Created")
        def __init__(self, sides: list[str], treasury: int):
            self.sides = sides
            self.treasury = dict.fromkeys(sides, treasury)
            self.units = dict.fromkeys(sides, 0)
            self.round, self.side, self.phase, self.since = 0, "", "", 0
            self.spent: dict[str, int] = {}

        @event("PhaseBegan")
        def phase_began(self, round: int, side: str, phase: str, step: str) -> None:
            self.round, self.side, self.phase, self.since = round, side, phase, self.version

        @event("TreasuryEdited")
        def treasury_edited(self, side: str, amount: int, reason: str) -> None:
            self.treasury[side] += amount
            self.spent[side] = self.spent.get(side, 0) + amount

        @event("UnitsBought")
        def units_bought(self, side: str, count: int, cost: int) -> None:
            self.treasury[side] -= cost
            self.units[side] += count
            self.spent[side] = self.spent.get(side, 0) - cost

        @event("DiceRolled")
        def dice_rolled(self, purpose: str, faces: list[int], source: str, sides: int, targets: list[int],
                        hits_when: str, ref: str, thrower: str) -> None:
            pass

        @event("HitsScored")
        def hits_scored(self, side: str, target: str, hits: int) -> None:
            self.units[target] -= hits

        def record(self, fact: Event) -> None:
            name = _METHODS[tag_of(type(fact))]
            getattr(self, name)(**msgspec.structs.asdict(fact))

    _METHODS = {
        "core.phase_began": "phase_began",
        "toy.treasury_edited": "treasury_edited",
        "toy.units_bought": "units_bought",
        "core.dice_rolled": "dice_rolled",
        "toy.hits_scored": "hits_scored",
    }


def eventsourcing_figures(folder: Path, toy: Any, events: int, ours: Any = None, rounds: int = 5) -> dict[str, Any]:
    """The same facts as an ``eventsourcing`` aggregate stored in its SQLite persistence.

    ``ours``: a function replaying our log, returning (seconds, processor seconds). Both replays then run in turn,
    ours then theirs, ``rounds`` times, and each side's best counts: on a shared machine a burst of other work
    then falls on both sides alike, not on whichever happened to run during it."""
    if Aggregate is None:
        raise ModuleNotFoundError("eventsourcing")
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite",
                           "SQLITE_DBNAME": str(folder / "eventsourcing.sqlite3")})
    skirmish = Skirmish(sides=list(SIDES), treasury=10)
    pending = 1
    start = time.perf_counter()
    for command in table_events(toy, events - 1):
        for e in command:
            skirmish.record(e)
            pending += 1
        if pending >= BATCH:
            app.save(skirmish)
            pending = 0
    app.save(skirmish)
    append_s = time.perf_counter() - start
    replay_s = replay_cpu = ours_s = ours_cpu = float("inf")
    for _ in range(rounds):
        if ours is not None:
            wall, cpu = ours()
            ours_s, ours_cpu = min(ours_s, wall), min(ours_cpu, cpu)
        start, used = time.perf_counter(), time.process_time()
        again = app.repository.get(skirmish.id)
        replay_s, replay_cpu = min(replay_s, time.perf_counter() - start), min(replay_cpu, time.process_time() - used)
    assert again.version == skirmish.version == events, (again.version, events)
    assert again.units == skirmish.units and again.treasury == skirmish.treasury
    app.close()
    figures = {"eventsourcing_append_s": round(append_s, 3), "eventsourcing_replay_s": round(replay_s, 3),
               "eventsourcing_replay_processor_s": round(replay_cpu, 3),
               "eventsourcing_state": {"units": again.units, "treasury": again.treasury, "round": again.round}}
    if ours is not None:
        figures.update({"replay_s_in_turn": round(ours_s, 3), "replay_processor_s_in_turn": round(ours_cpu, 3),
                        "replay_speedup": round(replay_s / ours_s, 1),
                        "replay_speedup_processor": round(replay_cpu / ours_cpu, 1)})
    return figures


# ---------------------------------------------------------------- all together


def self_check(path: Path, game_id: str) -> dict[str, Any]:
    """What opening a game costs in checks, each on a store as a new process opens it: the cheap check (seals, the
    creation event, the chain since the sealed verified point), the full check (``verify``: every event), and
    the table at the head and at a middle event built from a sealed checkpoint, each event folded checked."""
    head = EventStore(path).head(game_id)
    EventStore(path).check(game_id)  # records the verified point (a log bulk-written has one already)
    figures: dict[str, Any] = {}
    for name, run in (("open_check_ms", lambda s: s.check(game_id)),
                      ("open_check_whole_chain_s", lambda s: s.check(game_id, full=True))):
        best = float("inf")
        for _ in range(3):
            store = EventStore(path)
            start = time.perf_counter()
            finding = run(store)
            best = min(best, time.perf_counter() - start)
            store.close()
            if finding is not None:
                raise AssertionError(f"the benchmark's own log does not verify: {finding}")
        figures[name] = round(best * 1000, 2) if name.endswith("_ms") else round(best, 3)
    toy = _toy()
    for name, at in (("open_and_view_head_ms", None), ("open_and_view_middle_ms", head // 2 + 123)):
        Assistant(EventStore(path), _registry(toy)).view(game_id, at=at)  # checkpoints
        best = float("inf")
        for _ in range(3):
            store = EventStore(path)
            app = Assistant(store, _registry(toy))
            start = time.perf_counter()
            app.view(game_id, at=at)
            best = min(best, time.perf_counter() - start)
            store.close()
        figures[name] = round(best * 1000, 1)
    return figures


def run(events: int = 100_000, append_seconds: float = 3.0) -> dict[str, Any]:
    toy = _toy(required=False)
    if toy is None:  # ``tabletop bench`` goes on with the games' figures
        return {"skipped": NO_CHECKOUT}
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as tmp:
        folder = Path(tmp)
        figures: dict[str, Any] = {"events": events, "interpreter_flags": "-O (no asserts)" if sys.flags.optimize
                                   else "none (asserts run: the fair comparison is python -O)"}
        figures["disk_fdatasync_ms"] = fdatasync_ms(folder)
        figures.update(append_rate(folder, toy, append_seconds))
        figures["append_bound_per_s"] = round(1000 / max(figures["disk_fdatasync_ms"], 1e-3))
        figures.update(concurrent_append_rate(folder, toy, append_seconds))
        figures["disk_fdatasync_ms_after"] = fdatasync_ms(folder)

        path = folder / "big.sqlite3"
        store = EventStore(path)
        start = time.perf_counter()
        write_log(store, "bench", toy, events)
        figures["bulk_write_s"] = round(time.perf_counter() - start, 3)
        store.close()

        figures.update(self_check(path, "bench"))
        replays = [replay(path, "bench", toy) for _ in range(3)]
        figures["replay_checked_s"] = round(min(replay(path, "bench", toy, checks=True)[0] for _ in range(3)), 3)
        figures["replay_s_first"] = round(replays[0][0], 3)
        figures["replay_s"] = round(min(r[0] for r in replays), 3)
        figures["replay_events_per_s"] = round(events / min(r[0] for r in replays))
        view = replays[0][1]
        figures.update(state_at(path, "bench", _registry(toy)))
        figures.update(peak_memory(path, "bench", toy))
        figures["db_mb"] = round(sum(f.stat().st_size for f in folder.glob("big.sqlite3*")) / 2**20, 1)

        try:
            theirs = eventsourcing_figures(folder, toy, events, lambda: replay(path, "bench", toy)[::2])
        except ModuleNotFoundError:
            figures["eventsourcing"] = "not installed (pip install eventsourcing)"
        else:
            ours = {"units": dict(view.game.units), "treasury": dict(view.game.treasury), "round": view.clock.round}
            if theirs.pop("eventsourcing_state") != ours:
                raise AssertionError("the two replays disagree on the final state")
            figures.update(theirs)
    return figures


def _count(low: int, high: int):
    """An argparse type: a whole number from ``low`` to ``high``, refused by name otherwise."""
    import argparse

    def count(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value:,} is outside {low:,} to {high:,}")
        return value
    return count


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(prog="python -O -m assistant.bench", description=(
        "The core benchmark (the figures `tabletop bench --only core` prints), or, with --appends, N durable "
        "appends and nothing else (to count one command's instructions under valgrind)."))
    parser.add_argument("events", nargs="?", type=_count(1, 10_000_000), default=100_000, metavar="EVENTS",
                        help="events in the benchmark game (1 to 10,000,000; default 100,000)")
    parser.add_argument("--appends", type=_count(0, 1_000_000), metavar="N",
                        help="append N commands (0 to 1,000,000) and stop")
    args = parser.parse_args(argv)
    if args.appends is not None:
        append_steps(args.appends)
    else:
        print(json.dumps(run(args.events), indent=2))


if __name__ == "__main__":
    main()
