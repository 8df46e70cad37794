"""The club database's upkeep: schema upgrades, and moving a table's SQLite games into the club's database."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from events.exchange import verify_rows
from events.store import EventStore, StoreError
from events.stores import is_postgres


def upgrade_database(target: Path | str, app_role: str | None = None) -> dict[str, Any]:
    """Apply the migrations a club database lacks (a SQLite file keeps its schema by itself)."""
    if not is_postgres(target):
        if app_role:
            raise StoreError("--app-role is for a PostgreSQL database; a SQLite file has no roles")
        EventStore(Path(target), create_dir=True).close()
        return {"applied": [], "message": f"{target}: a SQLite file brings its schema up to date when opened"}
    from events.migrations import LATEST
    from events.pgstore import shown, upgrade

    applied = upgrade(str(target), app_role)
    done = f"applied {', '.join(applied)}" if applied else "nothing to apply"
    role = f"; role {app_role} granted the application's rights" if app_role else ""
    return {"applied": applied, "version": LATEST,
            "message": f"{shown(str(target))}: schema version {LATEST} ({done}){role}"}


def migrate(source: Path, target: str) -> list[dict[str, Any]]:
    """Copy every game (archived ones too) from ``source`` into the club database ``target``.

    Each game goes in one transaction with its rows verbatim, so its hashes are the same; afterwards both sides
    are verified and their head commitments compared. A game already there with the same head is left alone (a
    second run after an interruption finishes the job); one that differs is reported, never overwritten.
    """
    if not is_postgres(target):
        raise StoreError(f"--to must be a postgresql:// URL, not {target!r}")
    if not source.is_file():
        raise StoreError(f"{source} is not a file: nothing to migrate")
    from events.pgstore import PostgresStore

    old = EventStore(source)
    new = PostgresStore(target)
    moved = []
    try:
        for game in old.games(include_archived=True):
            rows = list(old.rows(game.game_id))
            head = old.head_commitment(game.game_id)
            result = _copy(old, new, game, rows, head)
            there = list(new.rows(game.game_id))
            verified = (not result.startswith("REFUSED") and verify_rows(rows) is None and verify_rows(there) is None and there == rows
                        and new.head_commitment(game.game_id) == head)
            moved.append({"game_id": game.game_id, "title": game.title, "events": len(rows), "head_hash": head[1],
                          "result": result if verified or result.startswith("REFUSED") else f"{result}; NOT VERIFIED", "verified": verified})
    finally:
        old.close()
        new.shutdown()
    return moved


def _copy(old: EventStore, new: Any, game: Any, rows: list, head: tuple[int, str]) -> str:
    if head[0] == 0:
        return "empty game skipped"
    try:
        new.game(game.game_id)
    except StoreError:
        new.import_rows(rows, game.kind, game.title)
        if _archived(old, game.game_id):
            new.set_archived(game.game_id, True)
        return "copied, hash chain verified on both sides"
    if new.head_commitment(game.game_id) == head:
        return "already there with the same head, verified"
    return "REFUSED: the club database holds a different log under this id; left as it was (export both and compare)"


def _archived(store: EventStore, game_id: str) -> bool:
    return all(g.game_id != game_id for g in store.games())
