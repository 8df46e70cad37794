"""The club database's schema, one numbered SQL file per version, applied in order by ``tabletop db upgrade``.

A file is never edited once released: a change is a new file. ``grants`` lists what the application's role
may do, table by table (nothing may UPDATE or DELETE the log).
"""

from __future__ import annotations

from importlib import resources


def _load() -> list[tuple[int, str, str]]:
    found = []
    for entry in resources.files(__name__).iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), name[:-4], entry.read_text(encoding="utf-8")))
    return sorted(found)


MIGRATIONS = _load()
LATEST = MIGRATIONS[-1][0]

# table -> privileges of the application's role
APP_PRIVILEGES = {
    "schema_migrations": "SELECT",
    "games": "SELECT, INSERT, UPDATE",
    "events": "SELECT, INSERT",
    "commands": "SELECT, INSERT",
    "checkpoints": "SELECT, INSERT, UPDATE, DELETE",
    "club_settings": "SELECT, INSERT",
    "members": "SELECT, INSERT, UPDATE",
    "invitations": "SELECT, INSERT, UPDATE",
    "seats": "SELECT, INSERT, UPDATE, DELETE",
}


def grants(role: str) -> list[str]:
    """SQL statements (``{role}`` to be filled in as an identifier) giving the application's role its rights."""
    out = ["GRANT USAGE ON SCHEMA public TO {role}"]
    for table, privileges in APP_PRIVILEGES.items():
        out.append(f"REVOKE ALL ON {table} FROM {{role}}")
        out.append(f"GRANT {privileges} ON {table} TO {{role}}")
    return out
