"""A writer process (DB is a SQLite file or a postgresql:// URL) for the crash and concurrency tests (run with ``python3 -m tests.core.writer``).

``burst DB GAME PREFIX``: appends commands of several events straight through the store, forever, and prints
each command id once ``append`` has returned (the parent kills it with SIGKILL at a random moment).
``tables DB GAME,GAME,... PREFIX``: the same from one thread per game at once (their appends share transactions:
group commit); each line is ``GAME COMMAND_ID``, printed once that command's ``append`` has returned.
``table DB GAME PREFIX COUNT``: prints ``ready``, waits for a line on stdin (so two writers start
together), plays COUNT treasury edits through ``Assistant.handle``, retrying on ``Conflict``; prints
``ok <id>`` per acknowledged command and ``conflicts <n>`` at the end.
``import DB FILE``: imports a game file (one transaction) and prints ``imported <game id>``.
"""

from __future__ import annotations

import sys
import time

import msgspec

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from events.store import Conflict, NewEvent
from events.stores import open_store
from tests.toygame.game import GAME as TOY, EditTreasury, TreasuryEdited


def command_id(prefix: str, number: int, size: int) -> str:
    """The id says how many events the command holds, so a half command is visible from the log alone."""
    return f"{prefix}-{number}-of-{size}"


def size_of(command_id_: str) -> int:
    return int(command_id_.rsplit("-of-", 1)[1])


def burst(path: str, game_id: str, prefix: str, store=None, say=None) -> None:
    store = store or open_store(path)
    say = say or (lambda cid: sys.stdout.write(cid + "\n"))
    number = 0
    while True:
        size = 2 + number % 5
        cid = command_id(prefix, number, size)
        events = [
            NewEvent(
                "toy.treasury_edited",
                1,
                msgspec.json.encode(TreasuryEdited(side="red", amount=1, reason=f"{cid} part {part}")),
            )
            for part in range(size)
        ]
        store.append(game_id, store.head(game_id), events, actor=prefix, command_id=cid, recorded_at="t")
        say(cid)
        sys.stdout.flush()
        number += 1


def tables(path: str, game_ids: str, prefix: str) -> None:
    import threading

    store = open_store(path)
    printing = threading.Lock()

    def say(game_id: str, cid: str) -> None:
        with printing:
            sys.stdout.write(f"{game_id} {cid}\n")
            sys.stdout.flush()

    threads = [threading.Thread(target=burst, args=(path, g, prefix, store, lambda cid, g=g: say(g, cid)), daemon=True)
               for g in game_ids.split(",")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def table(path: str, game_id: str, prefix: str, count: int) -> None:
    registry = KindRegistry({})
    registry.register(TOY)
    app = Assistant(open_store(path), registry)
    app.view(game_id)
    print("ready", flush=True)
    sys.stdin.readline()  # both writers start together
    conflicts = 0
    for number in range(count):
        cid = command_id(prefix, number, 1)
        command = EditTreasury(side="red", amount=number + 1, reason=cid)
        while True:
            try:
                app.handle(game_id, command, actor=prefix, command_id=cid)
                break
            except Conflict:
                conflicts += 1
        print("ok", cid, flush=True)
        # a breath between commands (a player's is far longer), so the other writer gets its turns: the one who lost
        # a race reads the table again before it retries, while the winner's table is already up to date
        time.sleep(0.003)
    print("conflicts", conflicts, flush=True)


def import_file(path: str, game_file: str) -> None:
    registry = KindRegistry({})
    registry.register(TOY)
    with open(game_file, "rb") as f:
        data = f.read()
    print("imported", Assistant(open_store(path), registry).import_game(data), flush=True)


if __name__ == "__main__":
    mode, db, *rest = sys.argv[1:]
    if mode == "burst":
        burst(db, rest[0], rest[1])
    elif mode == "tables":
        tables(db, rest[0], rest[1])
    elif mode == "import":
        import_file(db, rest[0])
    else:
        table(db, rest[0], rest[1], int(rest[2]))
