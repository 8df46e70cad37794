"""Schema evolution by rules: pure upcasters turn version N payloads into version N+1.

An upcaster is registered for ``(tag, from_version)`` and receives the payload as
a plain dict (without the ``"type"`` key). Chains run on read, so a game saved
years ago loads with today's classes; the stored bytes (and their hash) never change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import msgspec

Payload = dict[str, Any]


class Upcaster(msgspec.Struct, frozen=True):
    tag: str
    from_version: int
    apply: Callable[[Payload], Payload]


class UpcastError(Exception):
    pass


def build_chain(upcasters: Iterable[Upcaster]) -> dict[tuple[str, int], Callable[[Payload], Payload]]:
    chain: dict[tuple[str, int], Callable[[Payload], Payload]] = {}
    for u in upcasters:
        key = (u.tag, u.from_version)
        if key in chain:
            raise ValueError(f"two upcasters for {u.tag} v{u.from_version}")
        chain[key] = u.apply
    return chain


def upcast(
    chain: dict[tuple[str, int], Callable[[Payload], Payload]],
    tag: str,
    version: int,
    target: int,
    payload: Payload,
) -> Payload:
    while version < target:
        step = chain.get((tag, version))
        if step is None:
            raise UpcastError(f"no upcaster for {tag} from version {version} to {version + 1}")
        payload = step(dict(payload))
        version += 1
    if version > target:
        raise UpcastError(f"{tag} was written by a newer version ({version}) than this program knows ({target})")
    return payload
