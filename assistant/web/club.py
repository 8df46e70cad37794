"""The club's pages and its gate: signing in, invitations, members, seats, the games list, live event streams.

The gate runs before every request in the club mode. It knows the member from the signed session, and per game
their seat: a member without a seat is sent to the game's spectator pages (what the public sees); a seated
player who is not the host reads live games' reports as spectators do (reports show every side's hidden
facts); writing needs a seat, and an archived game is read-only for everyone.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from flask import (Blueprint, Response, abort, current_app, g, redirect, render_template, request, session,
                   url_for)

from assistant.club.accounts import Club, Member
from assistant.club.live import event_stream
from assistant.decider import Refused
from assistant.web import security
from assistant.web.current import local_path
from events.store import GameNotFound

club_pages = Blueprint("club", __name__)

OPEN = ("/signin", "/invite/", "/static/", "/games/", "/watch/")
GAME_PATH = re.compile(r"^/g/([0-9A-Za-z_-]{1,64})(/.*)?$")
WATCHABLE = re.compile(r"^(|/log|/live|/events|/space/.*|/report.*|/summary|/teach)$")
SPOILERS = re.compile(r"^(/report.*|/summary|/teach|/export|/file/.*)$")  # every side's hidden facts at once
HOST_ONLY = re.compile(r"^(/delete|/export|/file/.*)$")
# The teaching replay's forms answer with the host's replay (every side's hidden facts); a fork copies them all
TEACHING = re.compile(r"^/teach/\d+/(note|fork)$")
FORK = re.compile(r"^/teach/\d+/fork$")


def club() -> Club:
    return current_app.extensions["tabletop"]["club"]


def club_gate():
    member = None
    if session.get("member"):
        try:
            member = club().member(session["member"])
        except Refused:
            session.clear()
    g.member = member
    g.seat = None
    path = request.path
    if member is None and not path.startswith(OPEN):
        if request.method not in security.SAFE_METHODS:  # a form sent when signed out cannot be sent again as a link
            return redirect(url_for("club.signin"))
        return redirect(url_for("club.signin", next=request.full_path if request.query_string else path))
    if path.startswith("/watch/") and request.method != "GET":
        abort(403, "Spectator links are read-only.")
    security.check_csrf()
    found = GAME_PATH.match(path)
    if member is not None and found:
        return _seat_gate(member, found.group(1), found.group(2) or "")
    return None


def _seat_gate(member: Member, game_id: str, rest: str):
    store = club().store
    try:
        store.game(game_id)
    except GameNotFound:
        abort(404, f"There is no game {game_id!r} in this club.")
    seat = g.seat = club().seat(game_id, member.member_id)
    archived = store.archived(game_id)
    writing = request.method not in security.SAFE_METHODS
    if writing and archived and FORK.match(rest):
        return None  # "What if…" from a finished game: every member reads it all, and the fork is a new game
    if seat is not None and seat.host and not (writing and archived and rest != "/seats"):
        return None
    if rest == "/seats":
        return None  # everyone may see who plays; the page itself lets only the host change it
    if writing:
        if archived:
            abort(403, "This game is archived: it stays readable, but nothing more is written to it.")
        if seat is None:
            abort(403, "You are watching this game: only its seated players act (ask the host for a seat).")
        if HOST_ONLY.match(rest):
            abort(403, "Only the table's host may do that.")
        if TEACHING.match(rest):
            abort(403, "The teaching replay shows every side's hidden facts: while the game is played, only its "
                       "host annotates it there or forks a \"What if…\" game from it (notes from the table work "
                       "for every seat).")
        return None
    if archived:
        return None  # a finished game is readable by every member, hidden facts and all
    if seat is None or SPOILERS.match(rest):
        if WATCHABLE.match(rest):
            token = security.spectator_token(current_app.extensions["tabletop"]["watch_secret"], game_id)
            query = f"?{request.query_string.decode()}" if request.query_string else ""
            return redirect(f"/watch/{game_id}/{token}{rest}{query}", 303)
        if seat is None or HOST_ONLY.match(rest):
            abort(403, "Only the game's host (or, once it is archived, any member) may open that.")
        abort(403, "That shows every side's hidden facts: it opens for the host, or for everyone once archived.")
    return None


# ---------------------------------------------------------------- signing in


@club_pages.route("/signin", methods=["GET", "POST"])
def signin():
    nxt = _local(request.values.get("next", "/"))
    error = ""
    if request.method == "POST":
        try:
            member = club().sign_in(request.form.get("name", "")[:100], request.form.get("password", "")[:300])
        except Refused as exc:
            error = exc.message
        else:
            _start_session(member)
            return redirect(nxt, 303)
    return render_template("club/signin.html", title="Sign in", error=error, next=nxt), 422 if error else 200


def _start_session(member: Member) -> None:
    session.clear()  # a new session on sign-in: a token planted before cannot ride along
    session["member"] = member.member_id
    session.permanent = True


@club_pages.post("/signout")
def signout():
    session.clear()
    return redirect(url_for("club.signin"), 303)


@club_pages.route("/invite/<token>", methods=["GET", "POST"])
def invitation(token: str):
    try:
        member = club().invitation(token)
    except Refused as exc:
        return render_template("error.html", title="Invitation", message=exc.message), 404
    error = ""
    if request.method == "POST":
        password = request.form.get("password", "")[:300]
        if password != request.form.get("again", "")[:300]:
            error = "The two passwords differ: type the same one twice."
        else:
            try:
                member = club().accept(token, password)
            except Refused as exc:
                error = exc.message
            else:
                _start_session(member)
                return redirect(url_for("web.games"), 303)
    # ``member`` names whoever is signed in (the page's header): the invitee is not, until the form is sent
    return render_template("club/invitation.html", title="Welcome", invitee=member, error=error), 422 if error else 200


def _local(target: str) -> str:
    return local_path(target)


# ---------------------------------------------------------------- members (club administrators)


@club_pages.route("/club/members", methods=["GET", "POST"])
def members():
    if not g.member.admin:
        abort(403, "Only the club's administrators manage members.")
    error, link = "", ""
    if request.method == "POST":
        try:
            if request.form.get("action") == "invite":
                who = club().member(request.form.get("member_id", ""))
            else:
                who = club().add_member(request.form.get("name", ""), admin=request.form.get("admin") == "yes")
            link = f"{request.host_url.rstrip('/')}{url_for('club.invitation', token=club().invite(who.member_id))}"
            link = f"{who.name}: {link}"
        except Refused as exc:
            error = exc.message
    return render_template("club/members.html", title="Members", members=club().members(), error=error,
                           link=link), 422 if error else 200


# ---------------------------------------------------------------- seats


@club_pages.route("/g/<game_id>/seats", methods=["GET", "POST"])
def seats(game_id: str):
    row = club().store.game(game_id)
    error = ""
    if request.method == "POST":
        if g.seat is None or not g.seat.host:
            abort(403, "Only the table's host seats players.")
        try:
            who = club().find(request.form.get("name", "")[:100])
            if request.form.get("action") == "remove":
                club().remove_seat(game_id, who.member_id)
            else:
                powers = _known_sides(re.split(r"[,\s]+", request.form.get("powers", "")[:400]), _sides(game_id))
                current = club().seat(game_id, who.member_id)
                club().set_seat(game_id, who.member_id, powers, host=bool(current and current.host))
        except Refused as exc:
            error = exc.message
        else:
            return redirect(url_for("club.seats", game_id=game_id), 303)
    return render_template("club/seats.html", title=f"Seats · {row.title}", game=row, seats=club().seats(game_id),
                           members=club().members(), error=error, is_host=bool(g.seat and g.seat.host),
                           sides=_sides(game_id)), 422 if error else 200


def _sides(game_id: str) -> list[str]:
    """The names a seat may hold, in the game's order: its powers and sides as the game declares them
    (``GameKind.sides``: A&A's ``ussr``... and ``axis``/``allies``, Europe Engulfed's ``Axis``, ``Allied`` and
    nations), else as its state lists them (powers, sides or nations)."""
    a = current_app.extensions["assistant"]
    state = a.view(game_id).game
    declared = a.kind_of(game_id).kind.sides
    if declared is not None:
        return list(dict.fromkeys(str(n) for n in declared(state)))
    for name in ("powers", "sides", "nations"):
        found = getattr(state, name, None)
        if isinstance(found, (dict, list, tuple)) and found and all(isinstance(n, str) for n in found):
            return sorted(found)
    return []


def _known_sides(typed: list[str], sides: list[str]) -> tuple[str, ...]:
    """The powers typed for a seat, spelled as the game spells them; a name the game does not know is refused
    (a seat holding "germny" would let its player act for nobody, and nothing would say why)."""
    typed = [t.strip() for t in typed if t.strip()]
    if not sides:
        return tuple(typed)
    spelled = {s.casefold(): s for s in sides}
    unknown = [t for t in typed if t.casefold() not in spelled]
    if unknown:
        raise Refused(f"{unknown[0]!r} is not a power or side of this game; it names {', '.join(sides)}")
    return tuple(spelled[t.casefold()] for t in typed)


# ---------------------------------------------------------------- live events


def _stream(game_id: str):
    heads = current_app.extensions["tabletop"]["heads"]
    if heads is None:
        abort(404, "This server polls for changes; it has no event stream.")
    store = current_app.extensions["assistant"].store
    known = request.headers.get("Last-Event-ID") or request.args.get("seq") or "0"
    try:
        known_seq = max(0, min(int(known), 10**9))
    except ValueError:
        abort(400, "seq must be a whole number")
    return Response(event_stream(heads, game_id, known_seq, store.head), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


@club_pages.get("/g/<game_id>/events")
def events(game_id: str):
    return _stream(game_id)


@club_pages.get("/watch/<game_id>/<token>/events")
def watch_events(game_id: str, token: str):
    security.check_spectator(current_app.extensions["tabletop"]["watch_secret"], game_id, token)
    return _stream(game_id)


# ---------------------------------------------------------------- the games list


def club_games(error: str = ""):
    """The member's games list (``error``: why an import or a start was refused, shown above it)."""
    mine = club().games_of(g.member.member_id)
    a = current_app.extensions["assistant"]
    page = render_template("club/games.html", title="Games", kinds=a.kinds(), games=mine, error=error,
                           watch_url=lambda gid: "/watch/{}/{}".format(quote(gid), security.spectator_token(
                               current_app.extensions["tabletop"]["watch_secret"], gid)))
    return (page, 422) if error else page
