"""Bad commands, as an attacker or a clumsy player would send them, against every installed game.

Each game gets 10,000 generated commands (Hypothesis: 500 examples of 20 commands each): real command types with
wrong, huge, negative, empty, over-long, nested or mistyped field values, unknown fields, unknown types, bad actors,
invalid UTF-8, cut or deep JSON. The process runs under a memory cap. Every one must be refused with a plain
``Refused`` (never another exception: that would be a traceback on the command line or an HTTP 500) and a refusal
must leave the log and the table exactly as they were. The counts are printed (pytest -s) for the team's notes.
"""

from __future__ import annotations

import json
import resource
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
MEMORY_CAP = 3 * 1024**3  # bytes of address space beyond what the process already holds

NAMES = st.sampled_from(["", " ", "\x00", "a\nb", "a\r\n  12 x table forged", "<script>alert(1)</script>",
                         "x" * 10_000, "Atlantis", "germany", "usa", "infantry", "../../etc/passwd", "' OR 1=1 --",
                         "\u202eevil", "💣", "\ud800", "null", "1", "core.undo"])
INTS = st.one_of(st.sampled_from([-1, 0, 1, 2**31, 2**63, -(2**63) - 1, 10**20, 10**9, 99, 100, 1000, 300_000]),
                 st.integers(min_value=-(10**30), max_value=10**30))
SCALARS = st.one_of(NAMES, INTS, st.booleans(), st.none(), st.floats(allow_nan=True, allow_infinity=True),
                    st.text(max_size=30))
ANY = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                   max_leaves=12)
ACTORS = st.one_of(st.just("table"), st.just("germany"), NAMES, st.text(max_size=60))


def _value_for(t: mi.Type) -> st.SearchStrategy:
    """A value of roughly the field's shape, but wrong in some way, or of another shape altogether."""
    t = t.types[0] if isinstance(t, mi.UnionType) and t.types else t
    if isinstance(t, mi.IntType):
        shaped: st.SearchStrategy = INTS
    elif isinstance(t, mi.StrType):
        shaped = NAMES
    elif isinstance(t, (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)):
        shaped = st.one_of(st.lists(st.one_of(INTS, NAMES), max_size=6), st.just([1] * 5000),
                           st.just(["infantry"] * 300))
    elif isinstance(t, mi.DictType):
        shaped = st.one_of(st.dictionaries(NAMES, st.one_of(INTS, NAMES), max_size=4),
                           st.just({"infantry": 10**20}), st.just({"usa": 100000000000000000000}),
                           st.just({f"k{i}": 1 for i in range(1000)}))
    else:
        shaped = ANY
    return st.one_of(shaped, shaped, ANY)


@st.composite
def bad_command(draw, catalogue) -> tuple[bytes | str, str]:
    tags = sorted(catalogue.commands)
    tag = draw(st.one_of(st.sampled_from(tags), st.sampled_from(tags), NAMES))
    cls = catalogue.commands.get(tag)
    body: dict = {"type": tag}
    if cls is not None:
        info = mi.type_info(cls)
        for field in info.fields:
            if draw(st.booleans()):
                body[field.encode_name] = draw(_value_for(field.type))
    if draw(st.integers(0, 4)) == 0:
        body[draw(st.sampled_from(["power", "nation", "override", "zzz", "type "]))] = draw(SCALARS)
    raw: bytes | str = json.dumps(body, allow_nan=True)
    how = draw(st.integers(0, 9))
    if how == 0:
        raw = raw[: draw(st.integers(0, max(0, len(raw) - 1)))]  # cut short
    elif how == 1:
        raw = raw.encode("utf-8", "surrogatepass")[:-1] + b"\xff\xfe}"  # not UTF-8
    elif how == 2:
        depth = draw(st.sampled_from([17, 100, 3000, 100_000]))
        raw = raw[:-1] + ', "deep": ' + "[" * depth + "]" * depth + "}"
    elif how == 3:
        raw = raw[:-1] + ', "big": "' + "x" * draw(st.sampled_from([70_000, 3_000_000])) + '"}'
    return raw, draw(ACTORS)


@pytest.fixture
def memory_cap():
    """A cap on the address space so a command that would eat memory fails the test instead of the machine."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as fh:
        used = int(fh.read().split()[0]) * resource.getpagesize()
    cap = used + MEMORY_CAP
    resource.setrlimit(resource.RLIMIT_AS, (cap if hard == resource.RLIM_INFINITY else min(cap, hard), hard))
    yield
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


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
    @given(st.lists(bad_command(catalogue), min_size=COMMANDS_PER_EXAMPLE, max_size=COMMANDS_PER_EXAMPLE))
    def run(batch):
        for raw, actor in batch:
            seen["tried"] += 1
            head = app.store.head(gid)
            table = app.view(gid).states
            try:
                app.handle(gid, raw, actor=actor)
            except Refused:
                seen["refused"] += 1
                if app.store.head(gid) != head or app.view(gid).states != table:
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
    assert seen["tried"] == EXAMPLES * COMMANDS_PER_EXAMPLE
    assert not failures, "\n".join(failures[:20])
    assert app.verify(gid) is None
