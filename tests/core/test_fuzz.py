"""Bad commands, as an attacker or a clumsy player would send them, against every installed game.

Each game gets 10,000 generated commands (Hypothesis: 500 seeds of 20 commands each): real command types with
wrong, huge, negative, empty, over-long, nested or mistyped field values, unknown fields, unknown types, bad actors,
invalid UTF-8, cut or deep JSON. The process runs under a memory cap. Every one must be refused with a plain
``Refused`` (never another exception: that would be a traceback on the command line or an HTTP 500) and a refusal
must leave the log and the table exactly as they were. The counts are printed (pytest -s) for the team's notes.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import msgspec.inspect as mi
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.application import Assistant
from assistant.decider import Refused
from assistant.kinds import KindRegistry
from events.store import EventStore
from tests.conftest import FIXED

COMMANDS_PER_EXAMPLE = 20
EXAMPLES = int(__import__("os").environ.get("FUZZ_EXAMPLES", "500"))  # x 20 = 10,000 commands per game

NAMES = ["", " ", "\x00", "a\nb", "a\r\n  12 x table forged", "<script>alert(1)</script>", "x" * 10_000, "Atlantis",
         "germany", "usa", "infantry", "../../etc/passwd", "' OR 1=1 --", "\u202eevil", "💣", "\ud800", "null", "1",
         "core.undo"]
INTS = [-1, 0, 1, 2**31, 2**63, -(2**63) - 1, 10**20, 10**9, 99, 100, 1000, 300_000]
UNKNOWN = ["power", "nation", "override", "zzz", "type "]


def _int(r: random.Random) -> int:
    return r.choice(INTS) if r.random() < 0.6 else r.randint(-(10**30), 10**30)


def _text(r: random.Random) -> str:
    if r.random() < 0.7:
        return r.choice(NAMES)
    return "".join(chr(r.randint(0, 0x2FFF)) for _ in range(r.randint(0, 30)))


def _scalar(r: random.Random):
    return r.choice([_int, _text, lambda r: r.random() < 0.5, lambda r: None,
                     lambda r: r.choice([float("nan"), float("inf"), -1.5, 1e308])])(r)


def _any(r: random.Random, depth: int = 0):
    roll = r.random()
    if depth > 3 or roll < 0.6:
        return _scalar(r)
    if roll < 0.8:
        return [_any(r, depth + 1) for _ in range(r.randint(0, 4))]
    return {_text(r)[:8]: _any(r, depth + 1) for _ in range(r.randint(0, 4))}


def _value_for(r: random.Random, t: mi.Type):
    """A value of roughly the field's shape, but wrong in some way, or of another shape altogether."""
    t = t.types[0] if isinstance(t, mi.UnionType) and t.types else t
    if r.random() < 0.3:
        return _any(r)
    if isinstance(t, mi.IntType):
        return _int(r)
    if isinstance(t, mi.StrType):
        return _text(r)
    if isinstance(t, (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)):
        return r.choice([lambda: [r.choice([_int, _text])(r) for _ in range(r.randint(0, 6))],
                         lambda: [1] * 5000, lambda: ["infantry"] * 300])()
    if isinstance(t, mi.DictType):
        return r.choice([lambda: {_text(r): r.choice([_int, _text])(r) for _ in range(r.randint(0, 4))},
                         lambda: {"infantry": 10**20}, lambda: {"usa": 100000000000000000000},
                         lambda: {f"k{i}": 1 for i in range(1000)}])()
    return _any(r)


def bad_command(r: random.Random, catalogue) -> tuple[bytes | str, str]:
    tags = sorted(catalogue.commands)
    tag = r.choice(tags) if r.random() < 0.9 else _text(r)
    cls = catalogue.commands.get(tag)
    body: dict = {"type": tag}
    if cls is not None:
        for field in mi.type_info(cls).fields:
            if r.random() < 0.5:
                body[field.encode_name] = _value_for(r, field.type)
    if r.random() < 0.2:
        body[r.choice(UNKNOWN)] = _scalar(r)
    raw: bytes | str = json.dumps(body, allow_nan=True)
    how = r.randint(0, 9)
    if how == 0:
        raw = raw[: r.randint(0, max(0, len(raw) - 1))]  # cut short
    elif how == 1:
        raw = raw.encode("utf-8", "surrogatepass")[:-1] + b"\xff\xfe}"  # not UTF-8
    elif how == 2:
        depth = r.choice([17, 100, 3000, 100_000])
        raw = raw[:-1] + ', "deep": ' + "[" * depth + "]" * depth + "}"
    elif how == 3:
        raw = raw[:-1] + ', "big": "' + "x" * r.choice([70_000, 3_000_000]) + '"}'
    actor = r.choice(["table", "germany", _text(r), _text(r)])
    return raw, actor


GAMES = KindRegistry().names()


@pytest.mark.parametrize("kind", GAMES)
def test_ten_thousand_bad_commands_are_refused_plainly_and_change_nothing(kind, tmp_path, memory_cap):
    app = Assistant(EventStore(tmp_path / "fuzz.sqlite3"), KindRegistry(), clock=lambda: FIXED)
    gid = app.new_game(kind)
    catalogue = app.kind_of(gid).catalogue
    for tag in sorted(catalogue.commands):  # into the game where a plain command opens it
        if tag.endswith(".start"):
            app.handle(gid, json.dumps({"type": tag}))
    seen: Counter = Counter()
    failures: list[str] = []
    accepted: list[str] = []  # valid after all (an undo, a note, an end of phase): shown with -s

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(min_value=0, max_value=2**64))  # a seed: drawing each value through Hypothesis is 50x slower
    def run(seed):
        r = random.Random(seed)
        for raw, actor in (bad_command(r, catalogue) for _ in range(COMMANDS_PER_EXAMPLE)):
            seen["tried"] += 1
            head = app.store.head(gid)
            table = app.view(gid)  # frozen states: the same view object means the same table
            try:
                app.handle(gid, raw, actor=actor)
            except Refused:
                seen["refused"] += 1
                if app.store.head(gid) != head or app.view(gid) is not table:
                    failures.append(f"refused but changed the game: {raw!r:.200}")
                continue
            except Exception as exc:  # a traceback on the command line, a 500 on the web
                failures.append(f"{type(exc).__name__}: {exc} <- {raw!r:.200} as {actor!r:.40}")
                continue
            seen["accepted"] += 1
            accepted.append(f"{raw!r:.120} as {actor!r:.20}")

    run()
    print(f"\n{kind}: {seen['tried']} bad commands, {seen['refused']} refused, {seen['accepted']} accepted as "
          f"valid, {len(failures)} tracebacks or changes on refusal")
    print("\n".join(f"  accepted: {a}" for a in accepted[:10]))
    assert seen["tried"] >= EXAMPLES * COMMANDS_PER_EXAMPLE
    assert not failures, "\n".join(failures[:20])
    assert app.verify(gid) is None
