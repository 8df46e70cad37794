"""The wire form of both Axis & Allies games' events, written once and kept as test data.

``python -m tests.families.axis_allies.wire_capture`` rewrites ``wire/<game>.json``: for every event type, its field
names in order (with which are required), a payload with every field set away from its default, the payload of its
required fields alone as it encodes with the defaults filled in, and the payloads of two seeded random games with a
digest of the state they replay to. ``test_wire.py`` holds today's classes to it, so a refactor of the event
classes that changed a tag, a field's place or a default (and so the bytes a saved game stores and hashes) fails.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import msgspec

from events.hashing import GENESIS, canonical_bytes, chain_hash

WIRE = Path(__file__).with_name("wire")
GAMES = {"aa_classic": 1, "aa_europe": 1}  # game -> random game seed


def game_modules(name: str) -> tuple[Any, Any]:
    if name == "aa_classic":
        from assistant.games.aa_classic import bench, game
    else:
        from assistant.games.aa_europe import bench, game
    return game.GAME, bench


def _sample(t: msgspec.inspect.Type, name: str, salt: int) -> Any:
    """A value of type ``t`` that is no field's default."""
    i = msgspec.inspect
    if isinstance(t, i.StrType):
        return f"{name}-{salt}"
    if isinstance(t, i.BoolType):
        return True
    if isinstance(t, i.IntType):
        return 7 + salt
    if isinstance(t, i.FloatType):
        return 0.25 + salt
    if isinstance(t, (i.VarTupleType, i.ListType)):
        return [_sample(t.item_type, name, salt), _sample(t.item_type, name, salt + 1)]
    if isinstance(t, i.DictType):
        return {_sample(t.key_type, "k", salt): _sample(t.value_type, name, salt)}
    if isinstance(t, i.StructType):
        return {f.encode_name: _sample(f.type, f.name, salt) for f in t.fields}
    raise TypeError(f"no sample for {t!r}")


def nested_structs(classes: Any) -> dict[str, type]:
    """The untagged Structs the events carry inside them (a piece line), by name."""
    out: dict[str, type] = {}
    for t in msgspec.inspect.multi_type_info(list(classes)):
        for f in t.fields:
            for inner in _walk(f.type):
                if isinstance(inner, msgspec.inspect.StructType) and inner.tag is None:
                    out[inner.cls.__name__] = inner.cls
    return out


def _walk(t: msgspec.inspect.Type) -> list[msgspec.inspect.Type]:
    inner = [getattr(t, a) for a in ("item_type", "key_type", "value_type") if hasattr(t, a)]
    return [t, *(w for i in inner for w in _walk(i))]


def event_forms(cls: type) -> dict[str, Any]:
    info = msgspec.inspect.type_info(cls)
    full: dict[str, Any] = {info.tag_field: info.tag} if info.tag_field else {}
    minimal = dict(full)
    for n, f in enumerate(info.fields):
        full[f.encode_name] = _sample(f.type, f.name, n)
        if f.required:
            minimal[f.encode_name] = full[f.encode_name]
    decode = msgspec.json.Decoder(cls)
    return {
        "fields": [[f.encode_name, f.required] for f in info.fields],
        "full": msgspec.json.encode(decode.decode(msgspec.json.encode(full))).decode(),
        "minimal": msgspec.json.encode(minimal).decode(),
        "minimal_encoded": msgspec.json.encode(decode.decode(msgspec.json.encode(minimal))).decode(),
    }


def _canonical(value: Any) -> Any:
    # Some tuples in a state are filled from sets, whose order changes from one process to the next: every
    # sequence is compared as the collection of its items.
    if isinstance(value, dict):
        return {k: _canonical(v) for k, v in value.items()}
    if isinstance(value, list):
        return sorted((_canonical(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    return value


def state_digest(state: Any) -> str:
    """The replayed state's fields (its static world left out), in a stable form, hashed."""
    data = msgspec.structs.asdict(state)
    data.pop("world", None)
    plain = _canonical(msgspec.to_builtins(data, str_keys=True, order="deterministic"))
    return hashlib.sha256(json.dumps(plain, sort_keys=True).encode()).hexdigest()


def head_hash(payloads: list[str]) -> str:
    """The hash chain's head over ``payloads`` stored as one game with fixed metadata (events/hashing.py)."""
    head = GENESIS
    for seq, payload in enumerate(payloads, start=1):
        tag = json.loads(payload)["type"]
        head = chain_hash(head, canonical_bytes("wire", seq, tag, 1, "2026-01-01T00:00:00Z", "table", "c", payload.encode()))
    return head


def capture(name: str) -> dict[str, Any]:
    game, bench = game_modules(name)
    seed = GAMES[name]
    definition, _commands, events = bench.play(seed, rounds=2)
    payloads = [msgspec.json.encode(e).decode() for e in events]
    return {
        "events": {cls.__struct_config__.tag: event_forms(cls) for cls in game.events},
        "structs": {name: event_forms(cls) for name, cls in nested_structs(game.events).items()},
        "game": {
            "seed": seed,
            "definition": msgspec.json.encode(definition).decode(),  # a string: its keys keep their order
            "payloads": payloads,
            "head": head_hash(payloads),
            "state": state_digest(bench.replay(definition, events)),
        },
    }


def main() -> None:
    WIRE.mkdir(exist_ok=True)
    for name in sys.argv[1:] or GAMES:
        (WIRE / f"{name}.json").write_text(json.dumps(capture(name), indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
