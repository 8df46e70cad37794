"""`tabletop club load`: a club evening under load, on this machine's loopback only, bounded in time.

Starts ``servers`` server processes on an EMPTY club database, creates ``tables`` games of a kind whose folder
holds a ``club_load.toml`` (its seats, how a game starts, the command the power on the move repeats), with
``devices`` seated players each, every device signed in on one of the processes (a table's devices spread over
them) and following its game's event stream. For ``seconds``:

* the first seat's device (the power on the move) sends that command through the table's form, one after the
  other with a short pause, as fast as the servers answer;
* the other devices now and then try the same command, which is not theirs to send: each must be refused.

Figures: commands per second, p50/p95 command latency (the POST's round trip), p50/p95 time from a command's
sending until each device's stream says the game changed ("notified") and until it has fetched the changed table
as htmx does ("push"), the servers' resident memory (largest seen),
and the log's checks afterwards: events lost, duplicated or out of order, wrong-seat commands accepted.
"""

from __future__ import annotations

import random
import re
import statistics
import threading
import time
import tomllib
from collections import defaultdict
from pathlib import Path
from typing import Any

from assistant.club.accounts import Club
from assistant.club.devices import Device, Servers, follow
from assistant.kinds import KindRegistry, UnknownKind
from events.exchange import verify_rows
from events.pgstore import PostgresStore
from events.store import StoreError

PASSWORD = "load test password"
PAUSE = 15.0  # seconds between two commands of one table (a brisk table; 0 measures the servers' ceiling)
WRONG_EVERY = 30.0  # seconds between two wrong-seat attempts of one device
LIMITS = {"tables": 200, "devices": 5, "servers": 4, "seconds": 600}


def profile(kind: str | None = None) -> tuple[str, dict[str, Any]]:
    """The kind to play and its ``club_load.toml`` (the first installed kind that has one, unless named)."""
    registry = KindRegistry()
    for name in [kind] if kind else registry.names():
        try:
            declared = registry.get(name).kind
        except UnknownKind as exc:
            raise StoreError(str(exc)) from None
        folder = next((Path(p).parent for p in (declared.docs, declared.templates, declared.static) if p), None)
        if folder is not None and (folder / "club_load.toml").is_file():
            with (folder / "club_load.toml").open("rb") as fh:
                return name, tomllib.load(fh)
    raise StoreError(f"no installed game kind{' ' + repr(kind) if kind else ''} has a club_load.toml to play")


def run(dsn: str, tables: int = 50, devices: int = 4, servers: int = 2, seconds: float = 120.0,
        threads: int = 160, seed: int = 1, kind: str | None = None, pause: float = PAUSE,
        wrong_every: float = WRONG_EVERY) -> dict[str, Any]:
    for name, value in (("tables", tables), ("devices", devices), ("servers", servers), ("seconds", seconds)):
        if not 1 <= value <= LIMITS[name]:
            raise StoreError(f"--{name} runs from 1 to {LIMITS[name]}, not {value}")
    if devices < 2:
        raise StoreError("a table under load needs at least 2 devices (one acts, the others follow)")
    kind, plan = profile(kind)
    powers = plan["powers"]
    if devices > len(powers):
        raise StoreError(f"{kind} seats at most {len(powers)} devices in its club_load.toml")
    store = PostgresStore(dsn)
    try:
        if store.games(include_archived=True) or Club(store).members():
            raise StoreError("the load runs on an empty club database only (it adds members and games): "
                             "create a scratch database and run `tabletop db upgrade` on it")
        club = Club(store)
        players = [[club.add_member(f"t{t}-{powers[d]}", password=PASSWORD) for d in range(devices)]
                   for t in range(tables)]
        club.add_member("load-host", password=PASSWORD)
        with Servers(dsn, count=servers, workers=1, threads=threads) as procs:
            games = _set_up(procs, club, players, kind, plan)
            heads = [store.head(g) for g in games]  # what each device's page shows when the evening starts
            figures = _evening(procs, games, players, devices, seconds, random.Random(seed), plan["command"], pause,
                               wrong_every, heads)
        figures.update(_check(store, games, figures.pop("acked")))
    finally:
        store.shutdown()
    return figures


def _set_up(procs: Servers, club: Club, players: list[list[Any]], kind: str, plan: dict[str, Any]) -> list[str]:
    host = Device(procs.ports[0])
    host.sign_in("load-host", PASSWORD)
    games = []
    for t, seated in enumerate(players):
        status, headers, _ = host.request("POST", "/new", {"kind": kind, "title": f"Load table {t}",
                                                            "command_id": f"new-{t}"})
        if status != 303:
            raise StoreError(f"the server refused to start table {t} ({status})")
        game_id = headers["Location"].rsplit("/", 1)[1]
        for d, member in enumerate(seated):
            club.set_seat(game_id, member.member_id, (plan["powers"][d],))
        for i, command in enumerate(plan.get("start", ())):
            if host.command(game_id, {k: str(v) for k, v in command.items()}, f"start-{t}-{i}") != 200:
                raise StoreError(f"table {t} could not start ({command})")
        games.append(game_id)
    host.close()
    return games


def _evening(procs: Servers, games: list[str], players: list[list[Any]], devices: int, seconds: float,
             rng: random.Random, command: dict[str, str], pause: float, wrong_every: float,
             heads: list[int]) -> dict[str, Any]:
    stop, done = threading.Event(), threading.Event()
    arrivals: dict[tuple[int, int], list[tuple[int, float]]] = defaultdict(list)  # (table, device) -> (head, when)
    notified: dict[tuple[int, int], list[tuple[int, float]]] = defaultdict(list)  # the same, when the stream said so
    sent_at: dict[tuple[int, int], float] = {}
    latencies: list[float] = []
    acked: dict[int, list[str]] = defaultdict(list)
    wrong = {"tried": 0, "accepted": 0}
    errors: list[str] = []
    lock = threading.Lock()
    memory = [0]
    shown: dict[tuple[int, int], int] = defaultdict(int)  # the head each device's page shows

    def player(t: int, d: int, device: Device) -> None:
        game_id = games[t]
        n = 0
        next_wrong = time.monotonic() + rng.uniform(0, wrong_every)
        while not done.is_set():
            if d == 0:
                cid = f"t{t}-c{n}"
                fields = _fields(command, 1 + n % 50)
                start = time.monotonic()
                status, _, text = device.request("POST", f"/g/{game_id}/do", {**fields, "command_id": cid},
                                                 headers={"HX-Request": "true"})
                end = time.monotonic()
                if status == 200:
                    head = int(re.search(r"live\?seq=(\d+)", text).group(1))
                    shown[(t, d)] = max(shown[(t, d)], head)  # the answer carried the new table
                    with lock:
                        latencies.append(end - start)
                        acked[t].append(cid)
                        sent_at[(t, head)] = start
                    n += 1
                else:
                    with lock:
                        errors.append(f"table {t}: {status}")
                done.wait(max(0.0, rng.uniform(0.5, 1.5) * pause - (end - start)))
            else:
                done.wait(max(0.0, next_wrong - time.monotonic()))
                if done.is_set():
                    break
                next_wrong += wrong_every
                status = device.command(game_id, _fields(command, 1 + n % 50), f"wrong-t{t}-d{d}-{n}")
                n += 1
                with lock:
                    wrong["tried"] += 1
                    wrong["accepted"] += status == 200
        device.close()

    seated = []
    for t, members in enumerate(players):
        for d, member in enumerate(members):
            device = Device(procs.ports[(t + d) % len(procs.ports)])  # a table's devices spread over processes
            device.sign_in(member.name, PASSWORD)
            seated.append((t, d, device))
    for t, d, device in seated:
        def arrived(head: int, when: float, key: tuple[int, int] = (t, d)) -> None:
            with lock:
                arrivals[key].append((head, when))
        page = Device(device.port)  # the same browser's second connection: fetches what changed, as htmx does
        page.cookie = device.cookie

        def fetch(head: int, page: Device = page, key: tuple[int, int] = (t, d)) -> None:
            with lock:
                notified[key].append((head, time.monotonic()))
            page.request("GET", f"/g/{games[key[0]]}/live?seq={shown[key]}", headers={"HX-Request": "true"})
            shown[key] = max(shown[key], head)  # (204 when the page already shows it: the device that sent it)

        shown[(t, d)] = heads[t]
        follow(device.port, device.cookie, f"/g/{games[t]}/events", arrived, stop, known=heads[t], fetch=fetch)
    time.sleep(2.0)  # every stream connected
    workers = [threading.Thread(target=player, args=spec, daemon=True) for spec in seated]
    started = time.monotonic()
    for w in workers:
        w.start()
    while time.monotonic() - started < seconds:
        time.sleep(min(5.0, seconds))
        memory[0] = max(memory[0], procs.memory_kib())
    done.set()
    for w in workers:
        w.join(30)
    elapsed = time.monotonic() - started
    settle = time.monotonic() + 30.0  # the last changes reach every device (bounded: a lost one stays counted)
    while time.monotonic() < settle:
        with lock:
            if _pushes(dict(sent_at), {k: list(v) for k, v in arrivals.items()}, devices)[1] == 0:
                break
        time.sleep(0.2)
    stop.set()
    memory[0] = max(memory[0], procs.memory_kib())
    spreads, missing = _pushes(sent_at, arrivals, devices)
    told = _pushes(sent_at, notified, devices)[0]
    return {
        "tables": len(games), "devices": len(seated), "server_processes": len(procs.ports),
        "seconds": round(elapsed, 1), "commands": len(latencies),
        "commands_per_second": round(len(latencies) / elapsed, 1),
        "command_latency_p50_ms": _ms(_quantile(latencies, 0.5)), "command_latency_p95_ms": _ms(_quantile(latencies, 0.95)),
        "pause_between_commands_s": pause,
        "notified_p50_ms": _ms(_quantile(told, 0.5)), "notified_p95_ms": _ms(_quantile(told, 0.95)),
        "push_p50_ms": _ms(_quantile(spreads, 0.5)), "push_p95_ms": _ms(_quantile(spreads, 0.95)),
        "push_max_ms": _ms(max(spreads, default=0.0)),
        "changes_not_pushed_to_a_device": missing,
        "server_memory_mib": round(memory[0] / 1024, 1),
        "wrong_seat_tried": wrong["tried"], "wrong_seat_accepted_responses": wrong["accepted"],
        "command_errors": len(errors), "acked": acked,
    }


def _fields(command: dict[str, Any], n: int) -> dict[str, str]:
    return {key: str(value).replace("{n}", str(n)) for key, value in command.items()}


def _pushes(sent_at: dict[tuple[int, int], float], arrivals: dict[tuple[int, int], list[tuple[int, float]]],
            devices: int) -> tuple[list[float], int]:
    """Per command and device: from sending to the first change at or past its head on that device's stream (a
    stream may tell two quick changes as one)."""
    spreads, missing = [], 0
    for (t, head), start in sent_at.items():
        for d in range(devices):
            when = next((w for h, w in arrivals.get((t, d), ()) if h >= head), None)
            if when is None:
                missing += 1
            else:
                spreads.append(when - start)
    return spreads, missing


def _check(store: PostgresStore, games: list[str], acked: dict[int, list[str]]) -> dict[str, int]:
    """Read every game back: acknowledged commands each exactly once, in order; no wrong-seat event; chains intact."""
    lost = duplicated = reordered = wrong_written = broken = 0
    for t, game_id in enumerate(games):
        rows = list(store.rows(game_id))
        broken += verify_rows(rows) is not None or [r.seq for r in rows] != list(range(1, len(rows) + 1))
        mine = [r.command_id for r in rows if r.command_id.startswith(f"t{t}-c")]
        wrong_written += sum(r.command_id.startswith("wrong-") for r in rows)
        sent = acked.get(t, [])
        lost += len(set(sent) - set(mine))
        duplicated += len(mine) - len(set(mine))
        reordered += mine != sent and set(mine) == set(sent)
    return {"events_lost": lost, "events_duplicated": duplicated, "games_reordered": reordered,
            "wrong_seat_events_written": wrong_written, "chains_broken": broken}


def _quantile(values: list[float], q: float) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[int(q * 100) - 1]


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)
