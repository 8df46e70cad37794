"""The table: the whole page or the fragment htmx asks for, the log's older pages, an entry's actions, a space's
details, a form's part, and the live updates (only the parts a device does not hold yet)."""

from __future__ import annotations

from typing import Any

from flask import abort, current_app, g, make_response, render_template, request, url_for
from markupsafe import Markup

from assistant.decider import Refused
from assistant.web import parts, security, viewer
from assistant.web.current import actor, assistant, int_arg, is_htmx, open_game, web
from assistant.web.logview import is_physical_dice, log_page
from assistant.web.origins import origin_link
from assistant.web.presenter import Table, new_command_id, presenter_for
from assistant.web.renders import RENDERS, drawn, memo, position

UNSET_ID = "0" * 32  # a form's command id until the response draws its own (parts.fresh_command_ids)
AT, ANSWERS = "__at", "__answers"  # the moment a form was drawn for (see actions_html)


def table_of(game_id: str, at: int | None = None, readonly: bool = False, spectator: str | None = None) -> Table:
    a = assistant()
    gid = open_game(game_id)
    head = a.head(gid)
    try:
        view = a.view(gid, at=at if at is not None and at != head else None)
    except Refused as exc:
        abort(404, exc.message)
    seat, club = g.get("seat"), g.get("member") is not None
    return Table(a, gid, a.kind_of(gid), view, head, readonly=readonly or spectator is not None
                 or (at is not None and at != head) or (club and seat is None), spectator=spectator,
                 seat_powers=(seat.powers if seat else ()) if club else None, host=bool(seat and seat.host))


def actions_html(table: Table, errors: dict[str, tuple[str, dict[str, str]]] | None = None,
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


def context(table: Table, *, spectator: str | None = None, play: bool = False) -> dict[str, Any]:
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
        "round_name": p.round_name,
        "seating": None if spectator or table.readonly else _seating(table, p),
        "join_as": "" if spectator or table.readonly else _not_yet_a_player(table),
    }


def _seating(table: Table, p: Any) -> dict[str, Any]:
    """Who is named at this table and a form to name one more (``core.add_player``), the powers or sides offered by
    their names: one laptop shared by the table seats everyone here, each phone may also join as itself."""
    from assistant.web.forms import RenderedForm, form_for
    from events.core import AddPlayer

    declared = table.loaded.kind.sides
    sides = tuple(declared(table.view.game)) if declared else ()
    seated = [(name, ", ".join(p.term(x) for x in plays)) for name, plays in table.view.read("players").seated]
    return {"form": RenderedForm(form_for(AddPlayer), new_command_id()), "seated": seated,
            "sides": [(s, _named(p, s)) for s in sides]}


def _named(p: Any, side: str) -> str:
    """A power or side by the name the table gives it; one the game leaves as its id capitalised ("transjordan")."""
    words = p.term(side)
    return words if words != side else side.replace("_", " ").title()


def _not_yet_a_player(table: Table) -> str:
    """This device's name when commands of this game cannot be recorded as it yet (so it may join the game)."""
    me = actor()
    accepted = {name.casefold() for name in table.assistant.actors(table.game_id)}
    return "" if me.casefold() in accepted else me


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


def render_table(table: Table, *, spectator: str | None = None, errors=None, status: int = 200, notice: str = ""):
    ctx = context(table, spectator=spectator, play=request.args.get("play") == "1")
    if not table.readonly:
        ctx["actions"] = actions_html(table, errors, notice=notice)
    if is_htmx() and request.method == "GET":
        if request.headers.get(parts.HEADER) is not None and request.headers.get("HX-Target") == "table":
            return swaps(ctx, status, nothing=200)  # time travel: only what differs from the page shown
        return page_html(render_template("_table.html", **ctx)), status

    ctx["origin"] = origin_link(table.game_id)
    return page_html(render_template("table.html", title=ctx["game"].title, **ctx)), status


def page_html(rendered: str) -> str:
    """A render with its parts stamped (``parts.Page``) and a fresh command id in each form."""
    return parts.fresh_command_ids(parts.Page(rendered).html)


def swaps(ctx: dict[str, Any], status: int = 200, *, done: bool = False, nothing: int = 204):
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
    return render_table(table_of(game_id, int_arg("at"), spectator=who), spectator=who)


def _more_log(game_id: str, spectator: str | None):
    gid = open_game(game_id)
    upto = int_arg("upto") or assistant().head(gid)
    presenter = presenter_for(assistant().kind_of(gid))
    return render_template("_log_page.html", page=log_page(assistant(), gid, upto), game_id=gid,
                           readonly=spectator is not None or request.args.get("ro") == "1", is_dice=is_physical_dice,
                           at=None, base_url=_base_url(gid, spectator), term=presenter.term,
                           round_name=presenter.round_name)


@viewer.pages(web, "/log")
def more_log(game_id: str):
    return _more_log(game_id, viewer.spectator())


@web.get("/g/<game_id>/entry/<int:seq>")
def entry_actions(game_id: str, seq: int):
    gid = open_game(game_id)
    entries = assistant().log(gid, after=seq - 1, limit=1)
    if not entries:
        abort(404, f"Event {seq} does not exist.")
    entry = entries[0]
    return render_template("_entry_actions.html", e=entry, game_id=gid, is_dice=is_physical_dice,
                           cid=new_command_id, head=assistant().head(gid))


@viewer.pages(web, "/space/<path:name>")
def space(game_id: str, name: str):
    t = table_of(game_id, int_arg("at"), readonly=True, spectator=viewer.spectator())
    html = presenter_for(t.loaded).space(t, name)
    if html is None:
        abort(404, f"No space {name!r} on this board.")
    return html


@web.get("/g/<game_id>/part/<name>")
def part(game_id: str, name: str):
    t = table_of(game_id)
    html = presenter_for(t.loaded).part(t, name, request.args.to_dict())
    if html is None:
        abort(404, f"No form part {name!r} here.")
    return html


def _live(game_id: str, spectator: str | None):
    seq = int_arg("seq")
    t = table_of(game_id, spectator=spectator)
    if seq == t.head:
        return "", 204
    ctx = context(t, spectator=spectator)
    if not t.readonly:
        ctx["actions"] = actions_html(t)
    return swaps(ctx)


@viewer.pages(web, "/live")
def live(game_id: str):
    return _live(game_id, viewer.spectator())
