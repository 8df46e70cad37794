"""Where the table server serving a database answers the command line: a Unix socket named after the database file,
in a folder of this user's alone (``$XDG_RUNTIME_DIR/tabletop``, else ``tabletop-UID`` in the temporary folder).

Both sides import it before anything else: the standard library's ``os`` and ``zlib`` only."""

from __future__ import annotations

import os
import stat
import zlib

# A Unix socket's path is at most 107 bytes on Linux (103 on the BSDs and macOS)
_LONGEST = 100


def folder() -> str | None:
    """The folder of the sockets, or None where this system has no Unix sockets of that kind (no user ids)."""
    if not hasattr(os, "getuid"):
        return None
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and os.path.isabs(runtime) and os.path.isdir(runtime):  # named but missing (su, containers): skipped
        return os.path.join(runtime, "tabletop")
    return os.path.join(os.environ.get("TMPDIR") or "/tmp", f"tabletop-{os.getuid()}")


def private(path: str, create: bool = False) -> bool:
    """Whether ``path`` is a folder of this user's that no one else may open (made so with ``create``). Another
    user's folder of that name, or a link to one, is never used: its socket could answer anything."""
    if create:
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
        except OSError:
            return False
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o077


def socket_path(db: str, cwd: str | None = None) -> str | None:
    """The socket of the server serving the SQLite file ``db`` (relative to ``cwd``, else to this folder), or None
    where there can be none. Named after the file's real path, so every way of naming the file finds it; the server
    checks the file itself (``listen``), a name is only where to look."""
    where = folder()
    if where is None:
        return None
    real = os.path.realpath(os.path.join(cwd or os.getcwd(), db)).encode("utf-8", "surrogateescape")
    path = os.path.join(where, f"{zlib.crc32(real):08x}{zlib.adler32(real):08x}.sock")
    return path if len(path.encode("utf-8", "surrogateescape")) <= _LONGEST else None
