"""What the stores hand in and out (a new event, a stored row, an append's result, a game's row) and how they refuse
(conflict, unknown game, tampering, a restored older copy). Shared by the SQLite and PostgreSQL stores."""

from __future__ import annotations

import msgspec

from events import integrity
from events.hashing import canonical_bytes, chain_hash


class StoreError(Exception):
    """The database could not be used; the message says why in plain words."""


class Conflict(StoreError):
    """Another device appended first. Nothing was written."""


class GameNotFound(StoreError):
    pass


class Tampered(StoreError):
    """The database file was changed behind the assistant's back; the message says what was found."""

    def __init__(self, game_id: str, finding: integrity.Finding):
        self.game_id = game_id
        self.finding = finding
        super().__init__(f"game {game_id} was changed outside the assistant and is not served: {finding} "
                         f"(`tabletop verify {game_id}` reports it)")


class RolledBack(Tampered):
    """The file holds an older copy of a game than this installation last saw (a restore); the players may accept
    it on purpose (``tabletop accept-restore``, or the button on the game's page)."""

    def __init__(self, game_id: str, finding: integrity.Finding):
        self.game_id = game_id
        self.finding = finding
        StoreError.__init__(self, f"game {game_id} is not served: {finding}. If this older copy was restored on "
                                  f"purpose, accept it: `tabletop accept-restore {game_id}` (or \"Accept this copy\" "
                                  "on the game's page)")


def refusal(game_id: str, finding: integrity.Finding) -> Tampered:
    """The refusal for a finding: a restored older copy is one the players can accept, anything else is not."""
    return RolledBack(game_id, finding) if isinstance(finding, integrity.Behind) else Tampered(game_id, finding)


class NewEvent(msgspec.Struct, frozen=True):
    type: str
    version: int
    payload: bytes
    rewinds_to: int | None = None


class Row(msgspec.Struct, frozen=True):
    """One stored event exactly as on disk."""

    game_id: str
    seq: int
    type: str
    version: int
    recorded_at: str
    actor: str
    command_id: str
    payload: bytes
    prev_hash: str
    hash: str

    def recompute_hash(self) -> str:
        canon = canonical_bytes(
            self.game_id, self.seq, self.type, self.version, self.recorded_at, self.actor, self.command_id, self.payload
        )
        return chain_hash(self.prev_hash, canon)


class Appended(msgspec.Struct, frozen=True):
    first_seq: int
    last_seq: int
    duplicate: bool = False
    hash: str = ""  # the last event's hash, where the store chains them ("" for a duplicate)


class GameRow(msgspec.Struct, frozen=True):
    game_id: str
    kind: str
    title: str
    created_at: str
    head: int
