"""The games' pages: the list, joining the table, a new game, importing, exporting and deleting one."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from flask import Response, abort, current_app, g, redirect, render_template, request, session, url_for

from assistant.actors import checked_actor
from assistant.decider import Refused
from assistant.option_files import read_option_file
from assistant.web.current import actor, assistant, go, int_arg, is_htmx, local_path, message, open_game, web
from assistant.web.forms import FormError, RenderedForm, form_for, parse
from assistant.web.joining import code_matches
from assistant.web.presenter import new_command_id, presenter_for
from events.exchange import GameFileError
from events.store import GameNotFound, StoreError


@web.get("/")
def games():
    if current_app.extensions["tabletop"]["club"] is not None:
        from assistant.web.club import club_games

        return club_games()
    a = assistant()
    rows = a.games()
    return render_template("games.html", games=rows, kinds=a.kinds(), title="Games")


@web.route("/join", methods=["GET", "POST"])
def join():
    conf = current_app.extensions["tabletop"]
    nxt = local_path(request.values.get("next", "/"))
    error, status = "", 200
    if request.method == "POST":
        device = request.remote_addr or ""
        guard = conf["guard"]
        error = guard.refusal(device) or ""
        status = 429 if error else 422
        player = request.form.get("player", "").strip()
        if not error and conf["join_code"] and code_matches(request.form.get("code", ""), conf["join_code"]):
            guard.succeeded(device)
            try:
                session["player"] = checked_actor(player) if player else ""
            except Refused as exc:
                return render_template("join.html", error=exc.message, next=nxt, title="Join the table"), 422
            session["joined"] = True
            return redirect(nxt, 303)
        if not error:
            guard.failed(device)
            error = "That code does not match the one on the host's screen."
    return render_template("join.html", error=error, next=nxt, title="Join the table"), status


@web.post("/player")
def set_player():
    player = request.form.get("player", "").strip()
    if player:
        try:
            checked_actor(player)
        except Refused as exc:
            abort(422, exc.message)
    session["player"] = player
    return redirect(local_path(request.form.get("next", "/")), 303)


def _kind_form(kind_name: str):
    loaded = assistant().registry.get(kind_name)
    return loaded, presenter_for(loaded).options_form(form_for(loaded.kind.options_type, tag=kind_name))


@web.get("/new")
def new_game():
    a = assistant()
    kinds = a.kinds()
    if not kinds:
        abort(404, "No game kinds are installed.")
    kind = request.args.get("kind") or kinds[0][0]
    if kind not in dict(kinds):
        abort(404, f"Unknown game kind {kind!r}.")
    loaded, spec = _kind_form(kind)
    form = RenderedForm(spec, new_command_id())
    template = "_new_options.html" if is_htmx() else "new_game.html"
    return render_template(template, kinds=kinds, kind=kind, form=form, title="New game", kind_title=loaded.kind.title,
                           setup_help=presenter_for(loaded).setup_help(),
                           option_files=loaded.kind.option_files)


@web.post("/new")
def create_game():
    a = assistant()
    kind = request.form.get("kind", "")
    kinds = a.kinds()
    if kind not in dict(kinds):
        abort(400, f"Unknown game kind {kind!r}.")
    loaded, spec = _kind_form(kind)
    title = request.form.get("title", "").strip() or None
    command_id = request.form.get("command_id") or new_command_id()
    try:
        options = presenter_for(loaded).prepare_options(parse(spec, request.form, request.form.to_dict(flat=False)))
        options.update(_uploaded_options(loaded.kind.option_files))
        by = actor()
        named = by != "table" and current_app.extensions["tabletop"]["club"] is None  # the club seats its host
        game_id = a.new_game(kind, options, title=title, actor=by, command_id=command_id,
                             game_id=_game_id_for(command_id), players=(by,) if named else ())
        _host_seat(game_id)
    except (FormError, Refused) as exc:
        form = RenderedForm(spec, command_id, dict(request.form), message(exc))
        return render_template("new_game.html", kinds=kinds, kind=kind, form=form, title="New game",
                               kind_title=loaded.kind.title, game_title=title or "",
                               setup_help=presenter_for(loaded).setup_help(),
                               option_files=loaded.kind.option_files), 422
    return go(url_for("web.table", game_id=game_id))


def _uploaded_options(offered: dict[str, str]) -> dict[str, Any]:
    """Options the kind lets players fill from a file (a board, a scenario): each upload read as TOML or JSON."""
    out: dict[str, Any] = {}
    for option in offered:
        upload = request.files.get(f"file.{option}")
        if upload is not None and upload.filename:
            out[option] = read_option_file(option, upload.filename, upload.read())
    return out


def _game_id_for(command_id: str) -> str:
    """A game id derived from the form's command id, so a double tap on "Start" creates one game, not two."""
    return hashlib.sha256(f"game:{command_id}".encode()).hexdigest()[:12]


@web.post("/import")
def import_game():
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return _games_error("Choose a game file to import.")
    try:
        game_id = assistant().import_game(upload.read())
        _host_seat(game_id)
    except (Refused, StoreError, GameFileError, ValueError) as exc:
        return _games_error(f"That file could not be imported: {message(exc)}")
    return go(url_for("web.table", game_id=game_id))


def _host_seat(game_id: str) -> None:
    """In the club, whoever starts (or imports) a game hosts it."""
    club = current_app.extensions["tabletop"]["club"]
    if club is not None and club.seat(game_id, g.member.member_id) is None:
        club.set_seat(game_id, g.member.member_id, (), host=True)


def _games_error(message: str):
    if current_app.extensions["tabletop"]["club"] is not None:  # the member's own list, not every game of the club
        from assistant.web.club import club_games

        return club_games(message)
    a = assistant()
    return render_template("games.html", games=a.games(), kinds=a.kinds(), title="Games", error=message), 422


@web.get("/g/<game_id>/export")
def export_game(game_id: str):
    gid = open_game(game_id)
    row = assistant().game(gid)
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", row.title).strip("-") or "game"
    return Response(assistant().export(gid), mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{name}-{gid}.jsonl"'})


@web.get("/g/<game_id>/file/<part>")
def game_file(game_id: str, part: str):
    """A file the game writes from its state (``GameKind.files``), e.g. its board as amended so far."""
    gid = open_game(game_id)
    try:
        found = assistant().export_part(gid, part, at=int_arg("at"))
    except Refused as exc:
        abort(404, exc.message)
    return Response(found.content, mimetype=found.media_type,
                    headers={"Content-Disposition": f'attachment; filename="{found.name}"'})


@web.post("/g/<game_id>/accept-restore")
def accept_restore(game_id: str):
    """The host accepts an older copy of the game restored on purpose (``tabletop accept-restore``)."""
    if not g.get("local"):
        abort(403, "Only the computer running the assistant can accept an older copy of a game.")
    shown = request.form.get("head", "")
    try:
        gid = assistant().store.find_game(game_id).game_id
    except GameNotFound:
        abort(404, f"There is no game {game_id!r} here.")
    if shown != str(assistant().store.head(gid)):
        abort(409, "The game's file changed since this page was shown; open the game again.")
    try:
        assistant().accept_restore(gid)
    except Refused as exc:
        abort(409, exc.message)
    return go(url_for("web.table", game_id=gid))


@web.get("/g/<game_id>/delete")
def confirm_delete(game_id: str):
    gid = open_game(game_id)
    club = current_app.extensions["tabletop"]["club"] is not None  # the club archives; a local game is deleted
    return render_template("confirm_delete.html", game=assistant().game(gid), club=club,
                           title="Archive game" if club else "Delete game")


@web.post("/g/<game_id>/delete")
def delete_game(game_id: str):
    gid = open_game(game_id)
    if request.form.get("confirm") != "yes":
        abort(400, "Deleting a game needs the confirmation.")
    assistant().archive(gid)
    return go(url_for("web.games"))
