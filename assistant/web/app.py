"""The Flask application factory: configuration, the security gates every request passes, plain-word errors."""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path

from flask import Flask, g, make_response, redirect, render_template, request, session, url_for
from jinja2 import ChoiceLoader
from werkzeug.exceptions import HTTPException

from assistant.application import Assistant
from assistant.web import plugins, security
from assistant.web.plugins import GameTemplates
from assistant.web.presenter import new_command_id

ROOT = Path(__file__).resolve().parents[2]
log = logging.getLogger("assistant.web")

# Paths any device may open without the join code (the join page itself, static files, spectator links).
OPEN_PREFIXES = ("/join", "/static/", "/games/", "/watch/")


def create_app(assistant: Assistant, *, lan: bool = False, join_code: str | None = None, testing: bool = False) -> Flask:
    app = Flask(
        "assistant.web",
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
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
    app.extensions["assistant"] = assistant
    app.extensions["tabletop"] = {
        "lan": lan,
        "join_code": join_code or (security.new_join_code() if lan else None),
        "watch_secret": secrets.token_bytes(32),
    }

    @app.before_request
    def gate():
        conf = app.extensions["tabletop"]
        g.local = security.is_local_request()
        if not conf["lan"] and not security.host_allowed():
            return render_template("error.html", title="Not here",
                                   message="This server only answers on localhost."), 403
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
            "game_stylesheet": plugins.stylesheet(assistant.registry),
        }

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        titles = {403: "Not allowed", 404: "Not found", 405: "Not allowed", 413: "Too large"}
        return _plain_error(titles.get(exc.code or 500, "Problem"), exc.description or exc.name, exc.code or 500)

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        log.exception("unexpected error on %s %s", request.method, request.path)
        return _plain_error("Something went wrong",
                            f"The assistant could not do that ({type(exc).__name__}: {exc}). Nothing more was written; "
                            "reload the page to see the table as it is.", 500)

    from assistant.web.review import review
    from assistant.web.routes import web

    app.register_blueprint(web)
    app.register_blueprint(review)
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
