"""Board amendments, the machinery: players complete or correct a board fact by fact from their physical map.

A game declares its place formats (msgspec Structs whose unknown facts are ``None``) and builds its amendment
types from them with ``partial_edit``; ``set_place`` and the pair helpers apply them. Amendments travel in the
game's own log, so a game file stays self-contained and replays anywhere.
"""

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import msgspec
from msgspec import UNSET, UnsetType

from assistant.families.engulfed.gaps import BoardGap  # noqa: F401  (kept where games first found it)

AMENDMENT_CONFIG: dict[str, Any] = dict(frozen=True, kw_only=True, tag_field="op", forbid_unknown_fields=True,
                                        omit_defaults=True)


class AmendmentRefused(ValueError):
    pass


def partial_edit(name: str, tag: str, of: type, key: str, doc: str, module: str) -> type:
    """An edit of some facts of ``of``: each fact may be given (None = back to unknown) or left out."""
    fields: list[tuple] = [(key, str)]
    fields += [(f.name, f.type | UnsetType, UNSET) for f in msgspec.structs.fields(of) if f.name != "sources"]
    fields.append(("source", str, ""))  # where the players read it, e.g. "our map sheet 2"
    cls = msgspec.defstruct(name, fields, tag=tag, module=module, **AMENDMENT_CONFIG)
    cls.__doc__ = doc
    return cls


def given(amendment: msgspec.Struct, skip: tuple[str, ...]) -> dict:
    """The facts an amendment sets (left-out facts are UNSET and stay as they are)."""
    return {f: getattr(amendment, f) for f in amendment.__struct_fields__
            if f not in skip and getattr(amendment, f) is not UNSET}


def with_source(sources: tuple[str, ...], source: str) -> tuple[str, ...]:
    return sources if not source or source in sources else (*sources, source)


def set_place(table: dict, key: str, cls: type, facts: dict, source: str) -> dict:
    """The table with ``key`` created (it needs a name) or updated with the given facts."""
    old = table.get(key)
    if old is None:
        if facts.get("name") is None:
            raise AmendmentRefused(f"new place {key!r} needs a name")
        new = cls(**facts, sources=(source,) if source else ())
    else:
        new = msgspec.structs.replace(old, **facts, sources=with_source(old.sources, source))
    return {**table, key: new}


def same_pair(x: str, y: str, a: str, b: str) -> bool:
    return {x, y} == {a, b}


def with_link(links: tuple, new: msgspec.Struct, what: str) -> tuple:
    """``links`` (borders, routes: Structs with ``a`` and ``b``) plus ``new``; refused when the pair is there."""
    if any(same_pair(x.a, x.b, new.a, new.b) for x in links):  # type: ignore[attr-defined]
        raise AmendmentRefused(f"the {what} {new.a}–{new.b} is already on the board (remove it first to change it)")  # type: ignore[attr-defined]
    return (*links, new)


def without_link(links: tuple, a: str, b: str, what: str) -> tuple:
    kept = tuple(x for x in links if not same_pair(x.a, x.b, a, b))
    if len(kept) == len(links):
        raise AmendmentRefused(f"no {what} {a}–{b} on the board")
    return kept


def sources_of(source: str) -> tuple[str, ...]:
    return (source,) if source else ()


B = TypeVar("B")


def apply_all(board: B, amendments: Iterable[Any], one: Callable[[B, Any], B], check: Callable[[B], None],
              invalid: type[Exception], validate: bool = True) -> B:
    """The board after the amendments, in order (``one`` applies one). Refuses (AmendmentRefused) an edit that
    cannot apply or a result that is not a valid board (``check`` raises ``invalid`` with its ``problems``)."""
    for am in amendments:
        board = one(board, am)
    if validate:
        try:
            check(board)
        except invalid as exc:
            raise AmendmentRefused("; ".join(exc.problems)) from None  # type: ignore[attr-defined]
    return board


def ends(link: Any) -> tuple[str, ...]:
    """The places a link (border, route, arrow) touches."""
    return tuple(getattr(link, f) for f in ("a", "b", "sea", "area") if hasattr(link, f))


def remove_place(board: B, table: str, key: str, what: str, links: Sequence[str] = ()) -> B:
    """``board`` without place ``key`` of ``table`` and every link of the ``links`` tables that touches it."""
    places = getattr(board, table)
    if key not in places:
        raise AmendmentRefused(f"no {what} {key!r} on the board")
    changes: dict[str, Any] = {table: {k: v for k, v in places.items() if k != key}}
    for name in links:
        changes[name] = tuple(x for x in getattr(board, name) if key not in ends(x))
    return msgspec.structs.replace(board, **changes)  # type: ignore[type-var]
