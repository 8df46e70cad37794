"""A command sent from a form: read, checked against the moment the form was drawn for, handled by the application
layer, and answered with the table's parts that changed (or the forms again, with what was refused and why)."""

from __future__ import annotations

import msgspec
from flask import abort, g, redirect, request, url_for

from assistant.application import Expected, Stale
from assistant.decider import Refused
from assistant.web.app import flash_response
from assistant.web.current import actor, assistant, is_htmx, message, open_game, web
from assistant.web.forms import FormError, form_for, parse
from assistant.web.presenter import new_command_id, presenter_for
from assistant.web.table_pages import ANSWERS, AT, actions_html, context, page_html, render_table, swaps, table_of
from events.store import Conflict, StoreError


@web.post("/g/<game_id>/do")
def do(game_id: str):
    a = assistant()
    gid = open_game(game_id)
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
        a.handle(gid, msgspec.json.encode(payload), actor=actor(), command_id=command_id, authorize=_authorize(),
                 expect=expect)
    except Stale as exc:
        return _stale(gid, f"{exc.message} Here is the table now.")
    except (FormError, Refused, Conflict) as exc:
        return _refused(gid, tag, message(exc), shown)
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
    t = table_of(gid)
    if not is_htmx():
        return render_table(t, status=409, notice=message)
    ctx = context(t)
    ctx["actions"] = actions_html(t, notice=message)
    return swaps(ctx, 409, done=True)


def _refused(gid: str, tag: str, message: str, values: dict[str, str], status: int = 422):
    t = table_of(gid)
    origin = request.form.get("origin", "actions")
    if is_htmx() and origin == "actions":  # the forms again, the refused one with what was typed and why
        return page_html(str(actions_html(t, {tag: (message, values)}))), status
    if is_htmx():
        return flash_response(message, status)
    return render_table(t, errors={tag: (message, values)}, status=status)


def _after_command(gid: str):
    if not is_htmx():
        return redirect(url_for("web.table", game_id=gid), 303)
    t = table_of(gid)
    ctx = context(t)
    ctx["actions"] = actions_html(t)
    return swaps(ctx, done=True, nothing=200)
