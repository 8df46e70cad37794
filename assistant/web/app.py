"""The Flask application factory: configuration, the security gates every request passes, plain-word errors."""

from __future__ import annotations

import importlib
import logging
import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask, g, make_response, redirect, render_template, request, session, url_for
from jinja2 import ChoiceLoader, FileSystemBytecodeCache
from werkzeug.exceptions import HTTPException

from assistant import cachefile, site_folders
from assistant.application import Assistant
from assistant.web import plugins, renders, security
from assistant.web.joining import JoinGuard, new_join_code
from assistant.web.plugins import GameTemplates
from assistant.web.presenter import new_command_id
from events.store import RolledBack, Tampered

log = logging.getLogger("assistant.web")

# Paths any device may open without the join code (the join page itself, static files, spectator links).
OPEN_PREFIXES = ("/join", "/static/", "/games/", "/watch/")
UPLOADS = {"web.import_game", "web.create_game"}
MAX_FORM_BYTES = 2 * 1024 * 1024  # a command form (a card catalogue pasted in is the largest); the command
# itself is then held to its own Command.max_bytes (64 KiB for nearly all)
MAX_FORM_PARTS = 500


def create_app(assistant: Assistant, *, lan: bool = False, join_code: str | None = None, testing: bool = False,
               club: Any = None, heads: Any = None, hosts: frozenset[str] | None = None,
               guard: JoinGuard | None = None) -> Flask:
    """The web companion; with ``club`` (an ``assistant.club.accounts.Club``) the club mode: members sign in,
    seats decide who acts and sees what, and ``heads`` (``assistant.club.live.Heads``) pushes changes.
    ``hosts``: the names the server answers to (default: localhost, and on the LAN this machine's names)."""
    app = Flask(
        "assistant.web",
        template_folder=str(site_folders.folder("templates")),
        static_folder=str(site_folders.folder("static")),
        static_url_path="/static",
    )
    app.config.update(
        SECRET_KEY=os.urandom(32),
        TESTING=testing,
        MAX_CONTENT_LENGTH=64 * 1024 * 1024,  # game files of long campaigns
        SESSION_COOKIE_SAMESITE="Strict",
        SESSION_COOKIE_HTTPONLY=True,
        TEMPLATES_AUTO_RELOAD=False,
    )
    app.jinja_loader = ChoiceLoader([app.jinja_loader, GameTemplates(assistant.registry)])
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.jinja_env.globals["new_command_id"] = new_command_id
    app.jinja_env.globals["entry_html"] = renders.entry_html
    # compiled templates kept between runs (Jinja checks each template's source time): a first page compiles
    # none of the twenty templates it includes
    app.jinja_env.bytecode_cache = FileSystemBytecodeCache(str(_folder(Path(cachefile.folder()) / "templates")))
    app.extensions["assistant"] = assistant
    if club is not None:  # a member seated at a game acts as themselves there (a coach too, for notes)
        assistant.seated = lambda game_id: [seat.name for seat in club.seats(game_id)]
    app.extensions["tabletop"] = {
        "lan": lan,
        "join_code": join_code or (new_join_code() if lan else None),
        "watch_secret": secrets.token_bytes(32),
        "hosts": hosts if hosts is not None else security.served_names(lan),
        "guard": guard or JoinGuard(),
        "club": club,
        "heads": heads,
        **renders.memos(),
    }
    if club is not None:  # every server process of the club signs with the same keys, kept in its database
        app.config["SECRET_KEY"] = club.secret("session")
        app.extensions["tabletop"]["watch_secret"] = club.secret("watch")

    @app.before_request
    def bound_request():
        # Only game files and new games upload files; every other request is a form of a few fields.
        if request.endpoint not in UPLOADS:
            request.max_content_length = MAX_FORM_BYTES
            request.max_form_memory_size = MAX_FORM_BYTES
            request.max_form_parts = MAX_FORM_PARTS

    @app.before_request
    def gate():
        conf = app.extensions["tabletop"]
        g.local = security.is_local_request()
        if conf["club"] is not None:
            from assistant.web.club import club_gate

            return club_gate()
        # Checked in every mode, before anything else: a page of another site that rebinds its name to this
        # machine reaches it with its own name in Host, even from the host's own browser.
        if not security.host_allowed(conf["hosts"]):
            g.local = False
            return render_template("error.html", title="Not here",
                                   message="This server only answers to the names it serves."), 403
        g.local = security.is_local_request()
        if conf["lan"] and not g.local and not session.get("joined"):
            if not request.path.startswith(OPEN_PREFIXES):
                return redirect(url_for("web.join", next=request.full_path if request.query_string else request.path))
        if request.path.startswith("/watch/") and request.method != "GET":
            return render_template("error.html", title="Read-only", message="Spectator links are read-only."), 403
        security.check_csrf()
        return None

    @app.after_request
    def headers(response):
        response.headers.setdefault("Vary", "HX-Request")
        if "HX-Request" not in response.headers.get("Vary", ""):
            response.headers["Vary"] += ", HX-Request"
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'",
        )
        return response

    @app.teardown_request
    def close_connection(exc):
        # The threaded server runs each request in a new thread, and the store keeps one SQLite connection per
        # thread: close it with the request rather than leave it to the garbage collector.
        assistant.store.close()

    @app.context_processor
    def inject():
        conf = app.extensions["tabletop"]
        return {
            "csrf_token": security.csrf_token(),
            "lan": conf["lan"],
            "join_code": conf["join_code"] if g.get("local") else None,
            "player": session.get("player", ""),
            "member": g.get("member"),
            "club": conf["club"] is not None,
            "live_push": conf["heads"] is not None,
            "game_stylesheet": plugins.stylesheet(assistant.registry),
        }

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        titles = {403: "Not allowed", 404: "Not found", 405: "Not allowed", 409: "Changed outside the assistant",
                  413: "Too large", 429: "Too many tries"}
        return _plain_error(titles.get(exc.code or 500, "Problem"), exc.description or exc.name, exc.code or 500)

    @app.errorhandler(Tampered)
    def tampered(exc: Tampered):
        if isinstance(exc, RolledBack) and not request.headers.get("HX-Request"):
            return render_template("restored.html", title="An older copy of this game", message=str(exc),
                                   game_id=exc.game_id, file_head=exc.finding.file[0],
                                   can_accept=bool(g.get("local"))), 409
        return _plain_error("Changed outside the assistant", str(exc), 409)

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        log.exception("unexpected error on %s %s", request.method, request.path)
        return _plain_error("Something went wrong",
                            f"The assistant could not do that ({type(exc).__name__}: {exc}). Nothing more was written; "
                            "reload the page to see the table as it is.", 500)

    from assistant.web.review import review
    from assistant.web.current import web

    for pages in ("games_pages", "table_pages", "commands"):  # each adds its routes to the blueprint
        importlib.import_module(f"assistant.web.{pages}")

    app.register_blueprint(web)
    app.register_blueprint(review)
    if club is not None:
        from assistant.web.club import club_pages

        app.register_blueprint(club_pages)
    app.register_blueprint(plugins.games_static)
    return app


def _plain_error(title: str, message: str, status: int):
    if request.headers.get("HX-Request"):
        return flash_response(f"{title}: {message}", status)
    return render_template("error.html", title=title, message=message), status


def flash_response(message: str, status: int):
    """An htmx answer that shows ``message`` in the page's alert area, whatever the request targeted."""
    response = make_response(render_template("_flash.html", message=message), status)
    response.headers["HX-Retarget"] = "#flash"
    response.headers["HX-Reswap"] = "innerHTML"
    return response


def _folder(path: Path) -> Path:
    """The folder, made if it can be; a bytecode cache that cannot be written only costs speed (Jinja skips it)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    return path
