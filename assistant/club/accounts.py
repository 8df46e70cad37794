"""Members, passwords, invitations and seats, kept in the club's PostgreSQL database.

Passwords are hashed with Argon2id (argon2-cffi, its recommended parameters); an invitation link carries a
random token of which only the SHA-256 is stored, used once, expiring after a week. The secrets that sign
sessions and spectator links live in the database, so every server process of the club shares them.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from assistant.decider import Refused
from events.pgstore import PostgresStore
from events.store import GameRow

NAME_MAX = 40
PASSWORD_MIN, PASSWORD_MAX = 10, 200
INVITATION_LIFE = timedelta(days=7)
_hasher = PasswordHasher()


@dataclass(frozen=True)
class Member:
    member_id: str
    name: str
    admin: bool
    has_password: bool


@dataclass(frozen=True)
class Seat:
    """A member at one game: the powers or sides they play (the game's own names), and whether they host it."""

    member_id: str
    name: str
    powers: tuple[str, ...]
    host: bool

    def holds(self, power: str) -> bool:
        return power.casefold() in {p.casefold() for p in self.powers}


@dataclass(frozen=True)
class MemberGame:
    game: GameRow
    seat: Seat | None
    archived: bool


class Club:
    def __init__(self, store: PostgresStore, clock: Callable[[], datetime] = lambda: datetime.now(timezone.utc)):
        self.store = store
        self.clock = clock

    # ------------------------------------------------------------ secrets shared by the server processes
    def secret(self, name: str) -> bytes:
        self.store._run("INSERT INTO club_settings (name, value) VALUES (%s, %s) ON CONFLICT (name) DO NOTHING",
                        (name, secrets.token_hex(32)))
        return bytes.fromhex(self.store._run("SELECT value FROM club_settings WHERE name=%s", (name,))[0][0])

    # ------------------------------------------------------------ members
    def add_member(self, name: str, *, admin: bool = False, password: str | None = None) -> Member:
        name = _clean_name(name)
        if self._by_name(name) is not None:
            raise Refused(f"the club already has a member called {name!r}")
        member_id = uuid.uuid4().hex[:12]
        digest = _hash(password) if password is not None else None
        self.store._run("INSERT INTO members (member_id, name, password_hash, admin, created_at) "
                        "VALUES (%s, %s, %s, %s, %s)", (member_id, name, digest, admin, self.clock().isoformat()))
        return self.member(member_id)

    def member(self, member_id: str) -> Member:
        rows = self.store._run("SELECT member_id, name, admin, password_hash IS NOT NULL FROM members "
                               "WHERE member_id=%s", (member_id,))
        if not rows:
            raise Refused(f"no member {member_id!r} in this club")
        return Member(*rows[0])

    def find(self, name: str) -> Member:
        found = self._by_name(name.strip())
        if found is None:
            raise Refused(f"no member called {name.strip()!r} in this club")
        return found

    def _by_name(self, name: str) -> Member | None:
        rows = self.store._run("SELECT member_id, name, admin, password_hash IS NOT NULL FROM members "
                               "WHERE lower(name)=lower(%s)", (name,))
        return Member(*rows[0]) if rows else None

    def members(self) -> list[Member]:
        rows = self.store._run("SELECT member_id, name, admin, password_hash IS NOT NULL FROM members ORDER BY lower(name)")
        return [Member(*r) for r in rows]

    def set_password(self, member_id: str, password: str) -> None:
        self.store._run("UPDATE members SET password_hash=%s WHERE member_id=%s", (_hash(password), member_id))

    def sign_in(self, name: str, password: str) -> Member:
        """The member, if the password matches; one refusal for a wrong name or password alike."""
        wrong = Refused("that name and password do not match a member of this club")
        if len(password) > PASSWORD_MAX or len(name) > NAME_MAX:
            raise wrong
        rows = self.store._run("SELECT member_id, password_hash FROM members WHERE lower(name)=lower(%s)",
                               (name.strip(),))
        if not rows or rows[0][1] is None:
            _hasher.hash("spend the same time as a real check")
            raise wrong
        member_id, digest = rows[0]
        try:
            _hasher.verify(digest, password)
        except (VerificationError, InvalidHashError):
            raise wrong from None
        if _hasher.check_needs_rehash(digest):
            self.set_password(member_id, password)
        return self.member(member_id)

    # ------------------------------------------------------------ invitations
    def invite(self, member_id: str) -> str:
        """A one-time token for the member's invitation link (shown once; only its hash is kept)."""
        self.member(member_id)
        token = secrets.token_urlsafe(24)
        self.store._run("INSERT INTO invitations (token_hash, member_id, expires_at) VALUES (%s, %s, %s)",
                        (_token_hash(token), member_id, self.clock() + INVITATION_LIFE))
        return token

    def invitation(self, token: str) -> Member:
        rows = self.store._run("SELECT member_id, expires_at, used_at FROM invitations WHERE token_hash=%s",
                               (_token_hash(token[:100]),))
        if not rows:
            raise Refused("this invitation link is not valid: ask the club for a new one")
        member_id, expires, used = rows[0]
        if used is not None:
            raise Refused("this invitation link was already used: sign in with your password, or ask for a new link")
        if expires < self.clock():
            raise Refused("this invitation link has expired: ask the club for a new one")
        return self.member(member_id)

    def accept(self, token: str, password: str) -> Member:
        """Use an invitation: the member chooses a password; the link works only once."""
        member = self.invitation(token)
        digest = _hash(password)
        done = self.store._run("UPDATE invitations SET used_at=%s WHERE token_hash=%s AND used_at IS NULL "
                               "RETURNING member_id", (self.clock(), _token_hash(token)))
        if not done:
            raise Refused("this invitation link was already used")
        self.store._run("UPDATE members SET password_hash=%s WHERE member_id=%s", (digest, member.member_id))
        return self.member(member.member_id)

    # ------------------------------------------------------------ seats
    def seats(self, game_id: str) -> list[Seat]:
        rows = self.store._run(
            "SELECT s.member_id, m.name, s.powers, s.host FROM seats s JOIN members m USING (member_id) "
            "WHERE s.game_id=%s ORDER BY s.host DESC, lower(m.name)", (game_id,))
        return [Seat(r[0], r[1], tuple(r[2]), r[3]) for r in rows]

    def seat(self, game_id: str, member_id: str) -> Seat | None:
        return next((s for s in self.seats(game_id) if s.member_id == member_id), None)

    def set_seat(self, game_id: str, member_id: str, powers: tuple[str, ...], host: bool = False) -> Seat:
        self.member(member_id)
        self.store.game(game_id)
        powers = tuple(dict.fromkeys(p.strip() for p in powers if p.strip()))
        if len(powers) > 20 or any(len(p) > NAME_MAX for p in powers):
            raise Refused("a seat holds at most 20 powers or sides, each named in at most 40 characters")
        self.store._run(
            "INSERT INTO seats (game_id, member_id, powers, host) VALUES (%s, %s, %s, %s) "
            "ON CONFLICT (game_id, member_id) DO UPDATE SET powers=EXCLUDED.powers, host=EXCLUDED.host",
            (game_id, member_id, list(powers), host))
        seat = self.seat(game_id, member_id)
        assert seat is not None
        return seat

    def remove_seat(self, game_id: str, member_id: str) -> None:
        self.store._run("DELETE FROM seats WHERE game_id=%s AND member_id=%s AND NOT host", (game_id, member_id))

    def games_of(self, member_id: str) -> list[MemberGame]:
        """Every game of the club, the member's own first (archived ones too: they stay readable)."""
        rows = self.store._run(
            "SELECT g.game_id, g.kind, g.title, g.created_at, g.head, g.archived, s.powers, s.host, m.name "
            "FROM games g LEFT JOIN seats s ON s.game_id=g.game_id AND s.member_id=%s "
            "LEFT JOIN members m ON m.member_id=s.member_id "
            "ORDER BY (s.member_id IS NULL), g.archived, g.created_at DESC, g.game_id LIMIT 500", (member_id,))
        out = []
        for gid, kind, title, created, head, archived, powers, host, name in rows:
            seat = Seat(member_id, name, tuple(powers), host) if name is not None else None
            out.append(MemberGame(GameRow(gid, kind, title, created, head), seat, archived))
        return out


def _clean_name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise Refused("a member needs a name")
    if len(name) > NAME_MAX:
        raise Refused(f"a member's name has at most {NAME_MAX} characters")
    return name


def _hash(password: str) -> str:
    if len(password) < PASSWORD_MIN:
        raise Refused(f"a password has at least {PASSWORD_MIN} characters")
    if len(password) > PASSWORD_MAX:
        raise Refused(f"a password has at most {PASSWORD_MAX} characters")
    return _hasher.hash(password)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
