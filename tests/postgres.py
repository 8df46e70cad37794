"""A throwaway PostgreSQL cluster for the tests: initdb in a temporary directory, served on 127.0.0.1 only.

Debian's ``postgresql`` package provides the binaries (``scripts/test`` installs it where missing). PostgreSQL
refuses to run as root, so under root the cluster runs as the ``postgres`` user the package creates.

``python3 -m tests.postgres start DIR`` starts one and prints its DSN (``scripts/test`` exports it as
``TABLETOP_TEST_PG`` for the whole run); ``python3 -m tests.postgres stop DIR`` stops it.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

OWNER = "tabletop_owner"
APP_ROLE = "tabletop_app"


class ClusterError(RuntimeError):
    pass


def bin_dir() -> Path:
    if os.environ.get("PG_BIN"):
        return Path(os.environ["PG_BIN"])
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise ClusterError("PostgreSQL is not installed (no initdb): install Debian's postgresql package")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_server_user(folder: Path) -> dict:
    """Keyword arguments that run a child as a non-root user owning ``folder`` (PostgreSQL refuses root)."""
    if os.geteuid() != 0:
        return {}
    try:
        user = pwd.getpwnam("postgres")
    except KeyError:
        raise ClusterError("running as root needs the 'postgres' user (Debian's postgresql package creates it)")
    for path in [folder, *folder.rglob("*")]:
        os.chown(path, user.pw_uid, user.pw_gid)
    os.chmod(folder, 0o755)
    return {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": [], "env": {**os.environ, "HOME": str(folder)}}


def start(folder: str | os.PathLike[str]) -> str:
    """Create and start a cluster in ``folder``; return the owner's DSN for a fresh ``tabletop`` database."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    binaries = bin_dir()
    data = folder / "data"
    port = _free_port()
    run = _as_server_user(folder)
    _run([binaries / "initdb", "-D", data, "-U", OWNER, "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8",
                    "--no-sync"], run)
    settings = ["-c", "listen_addresses=127.0.0.1", "-c", f"port={port}", "-c", f"unix_socket_directories={folder}",
                "-c", "max_connections=300", "-c", "fsync=on", "-c", "shared_buffers=64MB"]
    (folder / "port").write_text(str(port))
    _run([binaries / "pg_ctl", "-D", data, "-l", folder / "server.log", "-w", "-t", "60", "-o", " ".join(settings),
          "start"], run)
    base = f"postgresql://{OWNER}@127.0.0.1:{port}"
    _wait(base + "/postgres")
    import psycopg

    with psycopg.connect(base + "/postgres", autocommit=True) as conn:
        conn.execute("CREATE DATABASE tabletop")
        conn.execute(f"CREATE ROLE {APP_ROLE} LOGIN")
    return base + "/tabletop"


def _run(argv: list, run: dict) -> None:
    done = subprocess.run(argv, capture_output=True, text=True, **run)
    if done.returncode:
        raise ClusterError(f"{Path(argv[0]).name} failed: {(done.stderr or done.stdout).strip()[-500:]}")


def _wait(dsn: str) -> None:
    import psycopg

    deadline = time.monotonic() + 30
    while True:
        try:
            psycopg.connect(dsn, connect_timeout=2).close()
            return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def stop(folder: str | os.PathLike[str]) -> None:
    folder = Path(folder)
    data = folder / "data"
    if not (data / "postmaster.pid").exists():
        return
    subprocess.run([bin_dir() / "pg_ctl", "-D", data, "-m", "fast", "-w", "stop"], check=False, capture_output=True,
                   **_as_server_user(folder))


def dsn_for(base_dsn: str, database: str, user: str | None = None) -> str:
    """The same server, another database (and maybe another role)."""
    rest = base_dsn.split("://", 1)[1]
    who, _, host = rest.partition("@")
    host = host.rsplit("/", 1)[0]
    return f"postgresql://{user or who}@{host}/{database}"


if __name__ == "__main__":
    action, where = sys.argv[1:3]
    if action == "start":
        print(start(where))
    else:
        stop(where)
