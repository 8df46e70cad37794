"""Routes: each returns the whole page, or with ``HX-Request`` just the fragment htmx swaps in.

All reading and writing goes through the application layer (``Assistant``); routes only turn forms into
commands and views into pages.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

import msgspec
from flask import (Blueprint, Response, abort, current_app, g, make_response, redirect, render_template, request,
                   session, url_for)
from markupsafe import Markup

from assistant.actors import checked_actor
from assistant.application import Assistant, Expected, Stale
from assistant.decider import Refused
from assistant.option_files import read_option_file
from assistant.web import parts, security, viewer
from assistant.web.app import flash_response
from assistant.web.joining import code_matches
from assistant.web.forms import FormError, RenderedForm, form_for, parse
from assistant.web.logview import is_physical_dice, log_page
from assistant.web.presenter import Table, new_command_id, presenter_for
from assistant.web.renders import RENDERS, drawn, memo, position
from events.exchange import GameFileError
from events.store import Conflict, GameNotFound, RolledBack, StoreError, Tampered

web = Blueprint("web", __name__)
web.url_value_preprocessor(viewer.resolve)

UNSET_ID = "0" * 32  # a form's command id until the response draws its own (parts.fresh_command_ids)
AT, ANSWERS = "__at", "__answers"  # the moment a form was drawn for (see _actions_html)


def assistant() -> Assistant:
    return current_app.extensions["assistant"]


def is_htmx() -> bool:
    return bool(request.headers.get("HX-Request")) and not request.headers.get("HX-History-Restore-Request")


def _int_arg(name: str) -> int | None:
    raw = request.args.get(name, "").strip()
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        abort(400, f"{name} must be a whole number")


def _open_game(game_id: str) -> str:
    try:
        return assistant().game(game_id).game_id
    except GameNotFound:
        abort(404, f"There is no game {game_id!r} here.")
    except Refused as exc:
        abort(404, exc.message)
    except RolledBack:
        raise  # its own page, where the host may accept the older copy
    except Tampered as exc:
        abort(409, str(exc))


# ---------------------------------------------------------------- games list, new, import, export, delete


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
    nxt = _local_path(request.values.get("next", "/"))
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
    return redirect(_local_path(request.form.get("next", "/")), 303)


def _local_path(target: str) -> str:
    """Where to go next, only ever a page of this server (never another site).

    Browsers drop tabs and line breaks from a URL and read a backslash as a slash, so ``/%09/evil.example`` and
    ``/\\evil.example`` lead to another site: only printable paths without backslashes starting with one slash.
    """
    if (not target.startswith("/") or target.startswith("//") or "\\" in target
            or not target.isprintable()):
        return "/"
    return target


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
        actor = _actor()
        named = actor != "table" and current_app.extensions["tabletop"]["club"] is None  # the club seats its host
        game_id = a.new_game(kind, options, title=title, actor=actor, command_id=command_id,
                             game_id=_game_id_for(command_id), players=(actor,) if named else ())
        _host_seat(game_id)
    except (FormError, Refused) as exc:
        form = RenderedForm(spec, command_id, dict(request.form), _message(exc))
        return render_template("new_game.html", kinds=kinds, kind=kind, form=form, title="New game",
                               kind_title=loaded.kind.title, game_title=title or "",
                               setup_help=presenter_for(loaded).setup_help(),
                               option_files=loaded.kind.option_files), 422
    return _go(url_for("web.table", game_id=game_id))


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
        return _games_error(f"That file could not be imported: {_message(exc)}")
    return _go(url_for("web.table", game_id=game_id))


def _host_seat(game_id: str) -> None:
    """In the club, whoever starts (or imports) a game hosts it."""
    club = current_app.extensions["tabletop"]["club"]
    if club is not None and club.seat(game_id, g.member.member_id) is None:
        club.set_seat(game_id, g.member.member_id, (), host=True)


def _games_error(message: str):
    a = assistant()
    return render_template("games.html", games=a.games(), kinds=a.kinds(), title="Games", error=message), 422


@web.get("/g/<game_id>/export")
def export_game(game_id: str):
    gid = _open_game(game_id)
    row = assistant().game(gid)
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", row.title).strip("-") or "game"
    return Response(assistant().export(gid), mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{name}-{gid}.jsonl"'})


@web.get("/g/<game_id>/file/<part>")
def game_file(game_id: str, part: str):
    """A file the game writes from its state (``GameKind.files``), e.g. its board as amended so far."""
    gid = _open_game(game_id)
    try:
        found = assistant().export_part(gid, part, at=_int_arg("at"))
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
    return _go(url_for("web.table", game_id=gid))


@web.get("/g/<game_id>/delete")
def confirm_delete(game_id: str):
    gid = _open_game(game_id)
    return render_template("confirm_delete.html", game=assistant().game(gid), title="Delete game")


@web.post("/g/<game_id>/delete")
def delete_game(game_id: str):
    gid = _open_game(game_id)
    if request.form.get("confirm") != "yes":
        abort(400, "Deleting a game needs the confirmation.")
    assistant().archive(gid)
    return _go(url_for("web.games"))


def _go(url: str):
    """Redirect; htmx follows ``HX-Redirect`` instead of swapping a redirected page into a fragment."""
    if is_htmx():
        response = make_response("", 204)
        response.headers["HX-Redirect"] = url
        return response
    return redirect(url, 303)


# ---------------------------------------------------------------- the table


def _table(game_id: str, at: int | None = None, readonly: bool = False, spectator: str | None = None) -> Table:
    a = assistant()
    gid = _open_game(game_id)
    head = a.head(gid)
    try:
        view = a.view(gid, at=at if at is not None and at != head else None)
    except Refused as exc:
        abort(404, exc.message)
    seat, club = g.get("seat"), g.get("member") is not None
    return Table(a, gid, a.kind_of(gid), view, head, readonly=readonly or spectator is not None
                 or (at is not None and at != head) or (club and seat is None), spectator=spectator,
                 seat_powers=(seat.powers if seat else ()) if club else None, host=bool(seat and seat.host))


def _actions_html(table: Table, errors: dict[str, tuple[str, dict[str, str]]] | None = None,
                  notice: str = "") -> Markup:
    """The forms of the moment. Each names the moment it was drawn for: the log position and the throw or
    decision it answers, so that a form left open on one device is refused once another device has moved the
    table on (``Stale``). Drawn once per position and device (``renders``); the command ids are the response's
    own (``parts.fresh_command_ids``)."""

    def draw() -> Markup:
        forms = presenter_for(table.loaded).forms(table, errors)
        declared = table.loaded.kind.moves_by_command()
        catalogue = table.loaded.catalogue
        at = position(table)
        for form in forms:
            form.command_id = UNSET_ID
            form.at = at
            move = declared.get(catalogue.command_type(form.spec.tag))
            if move is not None and move.answers is not None:
                form.answers = move.answers(table.view.game, form.fixed)
        return Markup(render_template("_actions.html", t=table, forms=forms, game_id=table.game_id, notice=notice))

    return draw() if errors or notice else drawn(table, "actions", draw)


def _context(table: Table, *, spectator: str | None = None, play: bool = False) -> dict[str, Any]:
    p = presenter_for(table.loaded)
    a = table.assistant
    return {
        "t": table,
        "game": a.game(table.game_id),
        "kind": table.loaded.kind,
        "clock": table.view.clock,
        "guidance": drawn(table, "guidance", lambda: _guidance(table)),
        "ledgers": drawn(table, "ledgers", lambda: p.ledgers(table)),
        "board": drawn(table, "board", lambda: p.board(table)),
        "log": memo(RENDERS).get(("log", table.game_id, table.view.seq, table.head),
                                 lambda: log_page(a, table.game_id, table.view.seq)),
        "spectator": spectator,
        "play": play,
        "is_dice": is_physical_dice,
        "watch_url": _watch_url(table.game_id),
        "base_url": _base_url(table.game_id, spectator),
        "term": p.term,
        "join_as": "" if spectator or table.readonly else _not_yet_a_player(table),
    }


def _not_yet_a_player(table: Table) -> str:
    """This device's name when commands of this game cannot be recorded as it yet (so it may join the game)."""
    actor = _actor()
    accepted = {name.casefold() for name in table.assistant.actors(table.game_id)}
    return "" if actor.casefold() in accepted else actor


def _guidance(table: Table) -> str:
    """The game's "what to do now"; a game whose guidance fails still shows its table (the failure is logged)."""
    guide = table.loaded.kind.guidance
    if guide is None:
        return ""
    try:
        return guide(table.view.game)
    except Exception:
        current_app.logger.exception("guidance of %s failed at event %s", table.loaded.kind.name, table.view.seq)
        return ""


def _watch_url(game_id: str) -> str:
    token = security.spectator_token(current_app.extensions["tabletop"]["watch_secret"], game_id)
    return url_for("web.table", game_id=game_id, token=token, _external=True)


def _base_url(game_id: str, spectator: str | None) -> str:
    if spectator:
        return url_for("web.table", game_id=game_id, token=spectator)
    return url_for("web.table", game_id=game_id)


def _render_table(table: Table, *, spectator: str | None = None, errors=None, status: int = 200, notice: str = ""):
    ctx = _context(table, spectator=spectator, play=request.args.get("play") == "1")
    if not table.readonly:
        ctx["actions"] = _actions_html(table, errors, notice=notice)
    if is_htmx() and request.method == "GET":
        if request.headers.get(parts.HEADER) is not None and request.headers.get("HX-Target") == "table":
            return _swaps(ctx, status, nothing=200)  # time travel: only what differs from the page shown
        return _html(render_template("_table.html", **ctx)), status
    from assistant.web.review import origin_link  # the review pages import this module

    ctx["origin"] = origin_link(table.game_id)
    return _html(render_template("table.html", title=ctx["game"].title, **ctx)), status


def _html(html: str) -> str:
    """A render with its parts stamped (``parts.Page``) and a fresh command id in each form."""
    return parts.fresh_command_ids(parts.Page(html).html)


def _swaps(ctx: dict[str, Any], status: int = 200, *, done: bool = False, nothing: int = 204):
    """The table's parts this device does not hold yet, as out-of-band swaps (``assistant/web/parts.py``):
    after a command, a live poll, a refusal of a stale form, a step in time. ``nothing``: the status when the
    device holds the table as it is."""
    page = parts.Page(render_template("_table.html", **ctx))
    swaps = page.changed(parts.Held.parse(request.headers.get(parts.HEADER)))
    if done:  # the alert of an earlier refusal goes with the command that followed it
        swaps.append('<div id="flash" class="flash" role="alert" aria-live="assertive" hx-swap-oob="true"></div>')
    response = make_response(parts.fresh_command_ids("\n".join(swaps)), status if swaps else nothing)
    response.headers["HX-Reswap"] = "none"  # everything comes out of band, nothing replaces the request's target
    response.headers["Vary"] = f"HX-Request, {parts.HEADER}"
    return response


@viewer.pages(web)
def table(game_id: str):
    who = viewer.spectator()
    return _render_table(_table(game_id, _int_arg("at"), spectator=who), spectator=who)


def _more_log(game_id: str, spectator: str | None):
    gid = _open_game(game_id)
    upto = _int_arg("upto") or assistant().head(gid)
    return render_template("_log_page.html", page=log_page(assistant(), gid, upto), game_id=gid,
                           readonly=spectator is not None or request.args.get("ro") == "1", is_dice=is_physical_dice,
                           at=None, base_url=_base_url(gid, spectator),
                           term=presenter_for(assistant().kind_of(gid)).term)


@viewer.pages(web, "/log")
def more_log(game_id: str):
    return _more_log(game_id, viewer.spectator())


@web.get("/g/<game_id>/entry/<int:seq>")
def entry_actions(game_id: str, seq: int):
    gid = _open_game(game_id)
    entries = assistant().log(gid, after=seq - 1, limit=1)
    if not entries:
        abort(404, f"Event {seq} does not exist.")
    entry = entries[0]
    return render_template("_entry_actions.html", e=entry, game_id=gid, is_dice=is_physical_dice,
                           cid=new_command_id, head=assistant().head(gid))


@viewer.pages(web, "/space/<path:name>")
def space(game_id: str, name: str):
    t = _table(game_id, _int_arg("at"), readonly=True, spectator=viewer.spectator())
    html = presenter_for(t.loaded).space(t, name)
    if html is None:
        abort(404, f"No space {name!r} on this board.")
    return html


@web.get("/g/<game_id>/part/<name>")
def part(game_id: str, name: str):
    t = _table(game_id)
    html = presenter_for(t.loaded).part(t, name, request.args.to_dict())
    if html is None:
        abort(404, f"No form part {name!r} here.")
    return html


def _live(game_id: str, spectator: str | None):
    seq = _int_arg("seq")
    t = _table(game_id, spectator=spectator)
    if seq == t.head:
        return "", 204
    ctx = _context(t, spectator=spectator)
    if not t.readonly:
        ctx["actions"] = _actions_html(t)
    return _swaps(ctx)


@viewer.pages(web, "/live")
def live(game_id: str):
    return _live(game_id, viewer.spectator())


# ---------------------------------------------------------------- commands


def _actor() -> str:
    if g.get("member") is not None:
        return g.member.name
    return session.get("player") or "table"  # the host's computer is the table's own screen


def _message(exc: Exception) -> str:
    if isinstance(exc, Refused):
        return exc.message
    return str(exc)


@web.post("/g/<game_id>/do")
def do(game_id: str):
    a = assistant()
    gid = _open_game(game_id)
    tag = request.form.get("type", "")
    cls = a.kind_of(gid).catalogue.command_type(tag)
    if cls is None:
        abort(400, f"Unknown command {tag!r}.")
    command_id = request.form.get("command_id") or new_command_id()
    spec = form_for(cls)
    form = {k: v for k, v in request.form.items() if k not in ("type", "command_id", "csrf", AT, ANSWERS)}
    shown = dict(form)  # what the form showed, to redisplay after a refusal
    every = request.form.to_dict(flat=False)
    for name, values in every.items():  # inputs sharing one name (a move's "through" and "to"), each by position
        if len(values) > 1:
            shown.update({f"{name}.{i}": v for i, v in enumerate(values)})
    try:
        expect = _expected()
        prepared = presenter_for(a.kind_of(gid)).prepare(tag, form, every)  # may refuse what cannot be read
        # inputs sent several times under one name (a move's from / through / to) unless the game rewrote the form
        multi = every if prepared is form else None
        if request.form.get("roll_for_me"):
            dice = {f.name for f in spec.fields if f.is_dice}
            prepared = {k: v for k, v in prepared.items() if k not in dice}
        payload = parse(spec, prepared, multi)
        payload["type"] = tag
        a.handle(gid, msgspec.json.encode(payload), actor=_actor(), command_id=command_id, authorize=_authorize(),
                 expect=expect)
    except Stale as exc:
        return _stale(gid, f"{exc.message} Here is the table now.")
    except (FormError, Refused, Conflict) as exc:
        return _refused(gid, tag, _message(exc), shown)
    except StoreError as exc:
        return _refused(gid, tag, f"The game file could not be written: {exc}", shown, 503)
    return _after_command(gid)


def _authorize():
    """The club's seat rule for this request's member (None in the local mode: every device acts)."""
    if g.get("member") is None:
        return None
    from assistant.club.seats import authorizer

    return authorizer(g.get("seat"))


def _expected() -> Expected | None:
    """The moment the submitted form was drawn for, when it names one."""
    raw = request.form.get(AT, "").strip()
    if not raw:
        return None
    if not raw.isdigit() or len(raw) > 12:
        raise FormError(f"the form's log position must be a whole number, not {raw[:20]!r}")
    return Expected(int(raw), request.form.get(ANSWERS, "")[:300])


def _stale(gid: str, message: str):
    """A form drawn for an earlier moment: nothing was booked; the whole table as it is now, the forms fresh (what
    was typed is not carried over: it answered another moment) under the message."""
    t = _table(gid)
    if not is_htmx():
        return _render_table(t, status=409, notice=message)
    ctx = _context(t)
    ctx["actions"] = _actions_html(t, notice=message)
    return _swaps(ctx, 409, done=True)


def _refused(gid: str, tag: str, message: str, values: dict[str, str], status: int = 422):
    t = _table(gid)
    origin = request.form.get("origin", "actions")
    if is_htmx() and origin == "actions":  # the forms again, the refused one with what was typed and why
        return _html(str(_actions_html(t, {tag: (message, values)}))), status
    if is_htmx():
        return flash_response(message, status)
    return _render_table(t, errors={tag: (message, values)}, status=status)


def _after_command(gid: str):
    if not is_htmx():
        return redirect(url_for("web.table", game_id=gid), 303)
    t = _table(gid)
    ctx = _context(t)
    ctx["actions"] = _actions_html(t)
    return _swaps(ctx, done=True, nothing=200)
