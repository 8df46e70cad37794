"""`tabletop serve`: open the database, build the app, serve it on this machine (or the LAN) and open a browser."""

from __future__ import annotations

import logging
import signal
import sys
import threading
import webbrowser
from pathlib import Path

from werkzeug.serving import make_server

from assistant.answering.listen import Answering
from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.web.app import create_app
from assistant.web.security import lan_address, served_names
from events.store import EventStore

LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def exposure(host: str, lan: bool) -> tuple[str, bool]:
    """Where to bind and whether the join code is needed: ``--lan`` binds every interface; any address beyond
    this machine reaches other devices, so they need the join code whatever the flags said."""
    if lan and host in LOOPBACK:
        host = "0.0.0.0"
    return host, lan or host not in LOOPBACK


def serve(db_path: str | Path, host: str = "127.0.0.1", port: int = 5173, lan: bool = False,
          open_browser: bool = True) -> None:
    from assistant import userdirs
    from events import integrity

    host, lan = exposure(host, lan)
    integrity.use_config_dir(userdirs.config_dir())  # platformdirs' answer as kept, not platformdirs imported
    store = EventStore(db_path, create_dir=True)
    # This thread keeps a connection open while serving. Each request runs in a thread of its own and closes its
    # connection when it ends; were it the last one open, SQLite would checkpoint the log file and delete it at
    # every close (a flush to the disk per request). Checkpoints then run as SQLite schedules them.
    store.head("")
    assistant = Assistant(store, KindRegistry())
    app = create_app(assistant, lan=lan, hosts=served_names(lan, host))
    server = make_server(host, port, app, threaded=True)
    answering = Answering(assistant, db_path)  # the command line's reads of this database, answered here
    port = server.server_port
    local_url = f"http://127.0.0.1:{port}/"
    out = sys.stdout
    out.write(f"Tabletop is serving {Path(db_path)} at {local_url}\n")
    if lan:
        code = app.extensions["tabletop"]["join_code"]
        out.write(f"On the local network: http://{lan_address()}:{port}/  — join code {code}\n")
    if answering.start():
        out.write("The command line's reads of this database (state, log, moves, games, players) are answered here.\n")
    out.write("Press Ctrl+C to stop.\n")
    out.flush()
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(local_url,)).start()
    _stop_on_terminate()
    try:
        try:
            server.serve_forever()  # werkzeug's loop returns on Ctrl+C (and on SIGTERM: ``_stop_on_terminate``)
        except KeyboardInterrupt:  # one that came before the loop began
            pass
        out.write("\nStopped.\n")
    finally:
        answering.close()
        server.server_close()
        store.close()


def _stop_on_terminate() -> None:
    """A stop asked by a service manager or ``kill`` (SIGTERM) ends the server as Ctrl+C does: the database closed
    whole (its write-ahead log merged into the file) and the command line's socket removed, instead of the process
    vanishing mid-way."""
    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    try:
        signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread (a server run inside another program): its own signals stand
        pass
