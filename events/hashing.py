"""Tamper evidence: each event's hash chains the previous hash with the event's canonical bytes."""

from __future__ import annotations

import hashlib

import msgspec

GENESIS = "0" * 64


def canonical_bytes(
    game_id: str, seq: int, type_: str, version: int, recorded_at: str, actor: str, command_id: str, payload: bytes
) -> bytes:
    # A JSON array of the stored values: deterministic, and the payload is embedded verbatim.
    return msgspec.json.encode(
        [game_id, seq, type_, version, recorded_at, actor, command_id, msgspec.Raw(payload)]
    )


def chain_hash(prev_hash: str, canonical: bytes) -> str:
    return hashlib.sha256(prev_hash.encode("ascii") + canonical).hexdigest()
