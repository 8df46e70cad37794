"""Shared fixtures: a real SQLite file per test, the kind registry with the test game, a fixed clock."""

from __future__ import annotations

import os
from datetime import datetime, timezone

import pytest

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from events.store import EventStore
from tests.toygame.game import GAME as TOY

FIXED = datetime(2026, 11, 21, 20, 0, tzinfo=timezone.utc)
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "games.sqlite3"


@pytest.fixture
def store(db_path):
    s = EventStore(db_path)
    yield s
    s.close()


@pytest.fixture
def registry():
    reg = KindRegistry()
    reg.register(TOY)
    return reg


@pytest.fixture
def app(store, registry):
    return Assistant(store, registry, clock=lambda: FIXED)


@pytest.fixture
def toy_game(app):
    """A started skirmish: red to buy in round 1."""
    gid = app.new_game("toy", {"treasury": 12})
    app.handle(gid, '{"type": "toy.end_phase"}')
    return gid


# Debian's Chromium driven by Playwright, for the browser tests of the core and of every game.
@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run scripts/install-browser (browser tests never skip)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the playwright Python package is missing: run scripts/install-browser")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


# ---------------------------------------------------------------- PostgreSQL (the club mode)
# A real server: TABLETOP_TEST_PG when scripts/test started one, else a cluster this session starts itself.
# On CI (CI=true) a server that cannot be had fails the run; elsewhere those tests are skipped with the reason.


@pytest.fixture(scope="session")
def pg_server():
    import shutil
    import tempfile

    given = os.environ.get("TABLETOP_TEST_PG")
    if given:
        yield given
        return
    from tests import postgres

    folder = tempfile.mkdtemp(prefix="tabletop-pg-")  # not under pytest's root-only folders: the server's user reads it
    try:
        dsn = postgres.start(folder)
    except Exception as exc:  # missing binaries, no postgres user, a server that would not start
        message = f"PostgreSQL could not be started for the club tests: {exc}"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    try:
        yield dsn
    finally:
        postgres.stop(folder)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_template(pg_server):
    """An upgraded database that each test copies (CREATE DATABASE ... TEMPLATE is much faster than upgrading)."""
    import psycopg

    from events.pgstore import upgrade
    from tests.postgres import APP_ROLE, dsn_for

    admin = dsn_for(pg_server, "postgres")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS tabletop_template")
        conn.execute("CREATE DATABASE tabletop_template")
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname=%s", (APP_ROLE,)).fetchone():
            conn.execute(f"CREATE ROLE {APP_ROLE} LOGIN")
    upgrade(dsn_for(pg_server, "tabletop_template"), app_role=APP_ROLE)
    return "tabletop_template"


_pg_count = iter(range(1, 10**9))


@pytest.fixture
def pg_dsn(pg_server, pg_template):
    """A fresh, upgraded club database for one test (the owner's DSN); dropped afterwards."""

    import psycopg

    from tests.postgres import dsn_for

    name = f"t{os.getpid()}_{next(_pg_count)}"
    admin = dsn_for(pg_server, "postgres")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE {pg_template}")
    yield dsn_for(pg_server, name)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def pg_store(pg_dsn):
    from events.pgstore import PostgresStore

    s = PostgresStore(pg_dsn)
    yield s
    s.shutdown()


@pytest.fixture(params=["sqlite", "postgres"])
def any_store(request, tmp_path):
    """The store contract holds for both implementations: each test using this runs against each."""
    if request.param == "sqlite":
        s = EventStore(tmp_path / "contract.sqlite3")
        yield s
        s.close()
    else:
        yield request.getfixturevalue("pg_store")


@pytest.fixture(params=["sqlite", "postgres"])
def any_target(request, db_path):
    """Where a database lives, as ``--db`` takes it: a SQLite file, or a club database's URL."""
    if request.param == "sqlite":
        return str(db_path)
    return request.getfixturevalue("pg_dsn")


@pytest.fixture
def any_app(any_target, registry):
    from events.stores import open_store

    s = open_store(any_target)
    yield Assistant(s, registry, clock=lambda: FIXED)
    s.close()
    if hasattr(s, "shutdown"):
        s.shutdown()


@pytest.fixture(autouse=True, scope="session")
def _sealing_key_of_the_tests(tmp_path_factory):
    """The sealing key and the list of sealed databases live in a folder of the test run, not the user's."""
    import os

    folder = tmp_path_factory.mktemp("config")
    previous = os.environ.get("TABLETOP_CONFIG_DIR")
    os.environ["TABLETOP_CONFIG_DIR"] = str(folder)
    yield folder
    if previous is None:
        os.environ.pop("TABLETOP_CONFIG_DIR", None)
    else:
        os.environ["TABLETOP_CONFIG_DIR"] = previous


MEMORY_CAP = 3 * 1024**3  # bytes of address space beyond what the process already holds


@pytest.fixture
def memory_cap():
    """A cap on the address space so an input that would eat memory fails the test instead of the machine."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as fh:
        used = int(fh.read().split()[0]) * resource.getpagesize()
    cap = used + MEMORY_CAP
    resource.setrlimit(resource.RLIMIT_AS, (cap if hard == resource.RLIM_INFINITY else min(cap, hard), hard))
    yield
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
