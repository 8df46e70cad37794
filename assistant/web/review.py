"""Looking back at a game: its report, forum summaries, the teaching replay with annotations, and "What if…" forks.

The numbers, sentences, rule references and forks all come from ``assistant.analysis``; these routes only
cache them per state of the log (a report takes up to a second to build) and arrange them as pages. Every page
answers the whole page, or with ``HX-Request`` the fragment htmx swaps. Spectator links see the same pages
read-only (no annotation form, no fork).
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field

import msgspec
from flask import Blueprint, Response, abort, current_app, g, redirect, render_template, request, url_for
from markupsafe import Markup, escape

from assistant.analysis import charts, fork, summaries, teaching
from assistant.analysis.report_model import Report, Series
from assistant.analysis.reports import build_report, render_html, render_markdown
from assistant.decider import Refused
from assistant.web import viewer
from assistant.web.memo import Memo
from assistant.web.origins import origin_link
from assistant.web.presenter import new_command_id, presenter_for
from assistant.web.current import actor, assistant, go, int_arg, is_htmx, open_game
from assistant.web.forms import whole_number
from assistant.web.table_pages import table_of
from events.core import AddNote
from events.store import Conflict

review = Blueprint("review", __name__)
review.url_value_preprocessor(viewer.resolve)

REPORT_TYPES = {"html": "text/html", "md": "text/markdown", "json": "application/json"}
AROUND = 4  # events listed before and after the one a teaching step shows
NOTES_SHOWN = 100  # the report page lists the latest annotations; the downloads and the replay have them all


@dataclass
class Caches:
    reports: Memo = field(default_factory=lambda: Memo(8))  # (game, head) -> ReportPage
    # (a series' numbers and words, format) -> the chart drawn from them: matplotlib takes about 0.2 s a chart, and
    # most events change no chart (a note, a move, a phase), so a report rebuilt for a new head redraws only what moved
    charts: Memo = field(default_factory=lambda: Memo(64))
    steps: Memo = field(default_factory=lambda: Memo(8))  # (game, head) -> Steps
    forks: Memo = field(default_factory=lambda: Memo(256))  # command id -> the fork's game id
    fork_lock: threading.Lock = field(default_factory=threading.Lock)


def caches() -> Caches:
    return current_app.extensions["tabletop"].setdefault("review", Caches())


@dataclass
class ReportPage:
    report: Report
    files: dict[str, str] = field(default_factory=dict)  # format -> the whole report, rendered when asked
    fragments: dict[str | None, Markup] = field(default_factory=dict)  # spectator token (None) -> the page's body


@dataclass
class Steps:
    """The teaching steps of one state of the log, indexed for stepping."""

    steps: list[teaching.Step]
    index: dict[int, int]  # seq -> position in ``steps``
    rounds: list[tuple[int, int]]  # (round, its first event), in play order
    sides: dict[int, list[str]]  # round -> the sides that had a turn in it, in order


def _inline_svg(svg: bytes) -> Markup:
    """An SVG file as markup for inline use (its XML prolog and doctype dropped)."""
    text = svg.decode()
    return Markup(text[text.find("<svg"):])


def chart(series: Series, fmt: str) -> bytes:
    """The chart of these numbers, drawn once: keyed by the series itself, it can never show an older one."""
    return caches().charts.get((msgspec.json.encode(series), fmt), lambda: charts.render(series, fmt))


def report_page(gid: str) -> ReportPage:
    a = assistant()

    def build() -> ReportPage:
        return ReportPage(build_report(a, gid))

    return caches().reports.get((gid, a.head(gid)), build)


def teaching_steps(gid: str) -> Steps:
    a = assistant()

    def build() -> Steps:
        found = teaching.steps(a, gid)
        rounds: list[tuple[int, int]] = []
        sides: dict[int, list[str]] = {}
        for s in found:
            if not rounds or rounds[-1][0] != s.round:
                rounds.append((s.round, s.seq))
            if s.side and s.side not in sides.setdefault(s.round, []):
                sides[s.round].append(s.side)
        return Steps(found, {s.seq: i for i, s in enumerate(found)}, rounds, sides)

    return caches().steps.get((gid, a.head(gid)), build)


GAME_ID = re.compile(r"\bgame ([0-9a-f]{12})\b")


@review.app_template_filter("game_links")
def game_links(text: str) -> Markup:
    """A sentence or note naming another game ("What-if fork: game 3fa9… starts here") links to that game."""
    return Markup(GAME_ID.sub(lambda m: Markup('game <a href="{}">{}</a>').format(
        url_for("web.table", game_id=m.group(1)), m.group(1)), str(escape(text))))


def _urls(gid: str, spectator: str | None) -> dict[str, str]:
    if spectator:
        base = url_for("web.table", game_id=gid, token=spectator)
        return {"table": base, "report": base + "/report", "teach": base + "/teach", "summary": base + "/summary"}
    return {"table": url_for("web.table", game_id=gid), "report": url_for("review.report", game_id=gid),
            "teach": url_for("review.teach", game_id=gid), "summary": url_for("review.summary", game_id=gid)}


# ---------------------------------------------------------------- report


def _report(game_id: str, spectator: str | None):
    gid = open_game(game_id)
    page = report_page(gid)
    game = assistant().game(gid)
    urls = _urls(gid, spectator)
    if spectator not in page.fragments:  # the body depends only on the log and on who looks (links)
        page.fragments[spectator] = Markup(render_template(
            "review/_report.html", r=page.report, urls=urls, term=presenter_for(assistant().registry.get(page.report.kind)).term,
            origin=origin_link(gid), notes_shown=NOTES_SHOWN,
            summary_rounds=[(r, page.report.round_labels.get(r) or ("set-up" if r == 0 else str(r)), sides)
                            for r, sides in page.report.turns]))
    if is_htmx():
        return page.fragments[spectator]
    return render_template("review/report.html", body=page.fragments[spectator], game=game, urls=urls,
                           title=f"{game.title} — report")


@viewer.pages(review, "/report")
def report(game_id: str):
    return _report(game_id, viewer.spectator())


def _report_file(game_id: str, fmt: str):
    gid = open_game(game_id)
    if fmt not in REPORT_TYPES:
        abort(404, f"Reports come as {', '.join(REPORT_TYPES)}, not {fmt!r}.")
    page = report_page(gid)
    if fmt not in page.files:
        if fmt == "json":
            page.files[fmt] = msgspec.json.format(msgspec.json.encode(page.report)).decode()
        else:
            page.files[fmt] = (render_html(page.report, lambda s: chart(s, "svg")) if fmt == "html"
                               else render_markdown(page.report))
    name = _file_name(page.report.title, gid)
    return Response(page.files[fmt], mimetype=REPORT_TYPES[fmt],
                    headers={"Content-Disposition": f'attachment; filename="{name}-report.{fmt}"'})


@viewer.pages(review, "/report.<fmt>")
def report_file(game_id: str, fmt: str):
    return _report_file(game_id, fmt)


def _chart_file(game_id: str, metric: str, fmt: str):
    """The chart as a file to keep, or, asked by htmx, as SVG markup for the report page: the page comes first and
    each chart fills its frame when drawn (matplotlib takes about 0.2 s a chart, a second for its first import)."""
    gid = open_game(game_id)
    if fmt not in charts.FORMATS:
        abort(404, f"Charts come as {', '.join(charts.FORMATS)}, not {fmt!r}.")
    page = report_page(gid)
    for series in page.report.series:
        if series.metric == metric:
            if is_htmx() and fmt == "svg":
                response = Response(_inline_svg(chart(series, fmt)), mimetype="text/html")
            else:
                name = _file_name(page.report.title, gid)
                response = Response(chart(series, fmt), mimetype=charts.FORMATS[fmt],
                                    headers={"Content-Disposition": f'attachment; filename="{name}-{metric}.{fmt}"'})
            response.vary.add("HX-Request")  # one address, two answers: a cache must keep them apart
            return response
    abort(404, f"This game's report has no chart {metric!r}.")


@viewer.pages(review, "/report/chart/<metric>.<fmt>")
def chart_file(game_id: str, metric: str, fmt: str):
    return _chart_file(game_id, metric, fmt)


def _file_name(title: str, gid: str) -> str:
    return (re.sub(r"[^A-Za-z0-9_-]+", "-", title).strip("-") or "game") + f"-{gid}"


# ---------------------------------------------------------------- turn summaries


def _summary(game_id: str, spectator: str | None):
    gid = open_game(game_id)
    steps = teaching_steps(gid)
    rounds = [r for r, _ in steps.rounds]
    # "turn" is what the form's one choice sends ("3" or "3:germany"); "round" and "side" make plain links
    turn_round, _, turn_side = request.args.get("turn", "").partition(":")
    if turn_round.strip():
        round_ = whole_number(turn_round, 6)
        if round_ is None:
            abort(400, "turn must be a round number, optionally followed by :side")
        side = turn_side.strip() or None
    else:
        round_ = int_arg("round")
        side = request.args.get("side", "").strip() or None
    if round_ is None:
        round_ = rounds[-1] if rounds else 0
    fmt = request.args.get("fmt", "md")
    if fmt not in summaries.FORMATS:
        abort(400, f"Summaries come as {' or '.join(summaries.FORMATS)}, not {fmt!r}.")
    if side is not None and side not in steps.sides.get(round_, []):
        abort(404, f"Nobody called {side!r} had a turn in round {round_}.")
    text = summaries.turn_summary(assistant(), gid, round_, side, fmt)
    presenter = presenter_for(assistant().kind_of(gid))
    ctx = {"text": text, "round": round_, "side": side or "", "fmt": fmt, "game_id": gid,
           "term": presenter.term, "round_name": presenter.round_name, "urls": _urls(gid, spectator),
           "game": assistant().game(gid), "spectator": spectator,
           "title": f"Summary of {presenter.round_name} {round_}",
           "summary_rounds": [(r, str(r), steps.sides.get(r, [])) for r in rounds]}
    return render_template("review/_summary.html" if is_htmx() else "review/summary.html", **ctx)


@viewer.pages(review, "/summary")
def summary(game_id: str):
    return _summary(game_id, viewer.spectator())


# ---------------------------------------------------------------- teaching replay


def _teach(game_id: str, spectator: str | None, seq: int | None = None, error: str = "",
           values: dict[str, str] | None = None, status: int = 200):
    gid = open_game(game_id)
    steps = teaching_steps(gid)
    if not steps.steps:
        abort(404, "This game has no events yet.")
    seq = seq if seq is not None else (int_arg("at") or steps.steps[0].seq)
    if seq not in steps.index:
        abort(404, f"Event {seq} does not exist; this game's log runs from 1 to {steps.steps[-1].seq}.")
    i = steps.index[seq]
    step = steps.steps[i]
    t = table_of(gid, seq, readonly=True)
    p = presenter_for(t.loaded)
    arrows = [(n.arrow_from, n.arrow_to) for n in step.notes if n.arrow_from and n.arrow_to]
    round_starts = [first for _, first in steps.rounds]
    here = max(k for k, first in enumerate(round_starts) if first <= seq)
    previous_round = round_starts[here] if round_starts[here] < seq else round_starts[max(0, here - 1)]
    next_round = round_starts[here + 1] if here + 1 < len(round_starts) else steps.steps[-1].seq
    ctx = {
        "t": t, "step": step, "game": assistant().game(gid), "game_id": gid, "spectator": spectator,
        "urls": _urls(gid, spectator), "term": p.term, "ledgers": p.ledgers(t), "board": p.board(t, arrows),
        "nearby": steps.steps[max(0, i - AROUND): i + AROUND + 1], "first": steps.steps[0].seq,
        "last": steps.steps[-1].seq, "prev": steps.steps[max(0, i - 1)].seq,
        "next": steps.steps[min(len(steps.steps) - 1, i + 1)].seq, "prev_round": previous_round,
        "next_round": next_round, "position": i + 1, "count": len(steps.steps), "spaces": p.spaces(t),
        "error": error, "values": values or {}, "origin": origin_link(gid), "cid": new_command_id,
        "closed": _archived(gid),
        "title": f"{assistant().game(gid).title} — teaching replay",
    }
    template = "review/_teach.html" if is_htmx() else "review/teach.html"
    return render_template(template, **ctx), status


def _archived(gid: str) -> bool:
    """An archived club game: readable by every member, annotated no more (a "What if…" fork still starts)."""
    club = current_app.extensions["tabletop"].get("club")
    return club is not None and club.store.archived(gid)


@viewer.pages(review, "/teach")
def teach(game_id: str):
    return _teach(game_id, viewer.spectator())


@review.post("/g/<game_id>/teach/<int:seq>/note")
def add_note(game_id: str, seq: int):
    a = assistant()
    gid = open_game(game_id)
    values = {k: request.form.get(k, "").strip() for k in ("text", "arrow_from", "arrow_to")}
    if not values["text"]:
        return _teach(gid, None, seq, "Write the note first.", values, 422)
    if bool(values["arrow_from"]) != bool(values["arrow_to"]):
        return _teach(gid, None, seq, "An arrow needs both ends (from and to), or neither.", values, 422)
    note = AddNote(about_seq=seq, text=values["text"], arrow_from=values["arrow_from"], arrow_to=values["arrow_to"])
    try:
        a.handle(gid, note, actor=actor(), command_id=request.form.get("command_id") or new_command_id())
    except (Refused, Conflict) as exc:
        return _teach(gid, None, seq, getattr(exc, "message", None) or str(exc), values, 422)
    if is_htmx():
        return _teach(gid, None, seq)
    return redirect(url_for("review.teach", game_id=gid, at=seq), 303)


@review.post("/g/<game_id>/teach/<int:seq>/fork")
def what_if(game_id: str, seq: int):
    """A new game from this event (``assistant.analysis.fork``); a repeated form (double tap) opens the same fork.

    In the club whoever forks hosts the fork (as whoever starts a game does), so they can play it and seat others;
    a fork of an archived game leaves the original as it is."""
    gid = open_game(game_id)
    command_id = request.form.get("command_id") or new_command_id()
    club = current_app.extensions["tabletop"].get("club")
    link = not _archived(gid)
    c = caches()

    def make() -> str:
        new_id = fork.fork_game(assistant(), gid, seq, actor=actor(), link_original=link)
        if club is not None and g.get("member") is not None:
            club.set_seat(new_id, g.member.member_id, (), host=True)
        return new_id

    with c.fork_lock:
        try:
            new_id = c.forks.get(command_id, make)
        except ValueError as exc:  # no such event
            abort(404, str(exc))
    return go(url_for("web.table", game_id=new_id))
