"""The code stamp: 16 bytes naming the code that folds a game's states.

Checkpoints carry it, so a checkpoint written before the rules or a read model changed is simply not used. It hashes
the state types' schema and the source of the folds: for a fold inside a game package, every file of that game and
of each family (``assistant/families/<name>``) the game imports, since a family's helpers fold its states too.

Computing it (the schema, every source file) costs a short command a fifth of its time, so it is kept between runs
(``cachefile``), keyed by the files (name, size, modification time) it reads and of every module defining a loaded
msgspec Struct (the state types and all they hold are among them): editing, installing or upgrading any of them
changes the key.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

import msgspec

from assistant import cachefile
from projections.base import Projection

_stamps: dict[tuple[str, ...], bytes] = {}
_FAMILY_IMPORT = re.compile(rb"\bassistant\.families\.([A-Za-z_][A-Za-z0-9_]*)")


def code_stamp(projections: Sequence[Projection[Any]], types: tuple[Any, ...]) -> bytes:
    """The stamp of the code folding these projections' states (types: their state types, in order)."""
    modules = sorted({f.__module__ for p in projections for f in (p.initial, p.apply)} | {"assistant.replay"})
    key = tuple(modules)
    if key not in _stamps:
        sources = _source_files(modules)
        files = _stats(sources + _struct_files())
        name = "stamp-" + hashlib.blake2b(repr([key, [f[0] for f in files]]).encode(), digest_size=8).hexdigest()
        families = _families(name, sources, files)
        family_files = [path for family in families for path in _family_files(family)]
        kept_key = [modules, msgspec.__version__, files, _stats(family_files)]
        kept = cachefile.load(name, kept_key)
        if isinstance(kept, str) and len(kept) == 32:
            _stamps[key] = bytes.fromhex(kept)
        else:
            _stamps[key] = _compute_stamp(modules, types)
            cachefile.save(name, kept_key, _stamps[key].hex())
    return _stamps[key]


def _compute_stamp(modules: Sequence[str], types: tuple[Any, ...]) -> bytes:
    digest = hashlib.sha256()
    try:
        digest.update(msgspec.json.encode(msgspec.json.schema(tuple[types])))  # type: ignore[valid-type]
    except (TypeError, ValueError):
        digest.update(repr(types).encode())
    sources = _source_files(modules)
    for path in sources + [p for family in _scan_families(sources) for p in _family_files(family)]:
        with open(path, "rb") as fh:
            digest.update(fh.read())
    return digest.digest()[:16]


def _families(name: str, sources: list[str], files: list[list[Any]]) -> list[str]:
    """The families the stamped files import, kept beside the stamp (keyed by the same files: the imports can only
    change with them), so a run that finds the stamp kept reads no source."""
    kept = cachefile.load(f"{name}-families", files)
    if isinstance(kept, list) and all(isinstance(f, str) for f in kept):
        return kept
    families = _scan_families(sources)
    cachefile.save(f"{name}-families", files, families)
    return families


def _scan_families(sources: list[str]) -> list[str]:
    found: set[str] = set()
    for path in sources:
        with open(path, "rb") as fh:
            found.update(m.decode() for m in _FAMILY_IMPORT.findall(fh.read()))
    return sorted(found)


def _family_files(family: str) -> list[str]:
    # found, not imported: the core imports no family
    spec = importlib.util.find_spec("assistant.families")
    for folder in (spec.submodule_search_locations or ()) if spec else ():
        root = os.path.join(folder, family)
        if os.path.isdir(root):
            return sorted(_python_files(root))
    return []


def _struct_files() -> list[str]:
    """The file of each module defining a loaded msgspec Struct (a hundred or so; walking the whole packages took
    three times as long). Which Structs are loaded differs between programs (a server loads its pages' too): each
    set of files is kept under a name of its own, so two programs do not overwrite each other's."""
    seen: set[type] = set()
    todo = [msgspec.Struct]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
    paths = []
    for name in {c.__module__ for c in seen}:
        path = getattr(sys.modules.get(name), "__file__", None)
        if path and not name.startswith("msgspec"):
            paths.append(path)
    return paths


def _stats(paths: list[str]) -> list[list[Any]]:
    """[file, size, modification time] of each file (sorted, once each; a vanished file is left out)."""
    out = []
    for path in sorted(set(paths)):
        try:
            st = os.stat(path)
        except OSError:
            continue
        out.append([path, st.st_size, st.st_mtime_ns])
    return out


def _source_files(modules: Sequence[str]) -> list[str]:
    """The files of these modules; for a module inside a game package, every file of that game."""
    files: set[str] = set()
    roots: set[str] = set()  # each game's folder, walked once however many of its modules fold
    for name in modules:
        module = sys.modules.get(name)
        path = getattr(module, "__file__", None)
        if not path:
            continue
        parts = name.split(".")
        game = parts[2] if parts[:2] == ["assistant", "games"] and len(parts) >= 3 else (
            parts[1] if parts[0] == "projections" and len(parts) >= 3 else None
        )
        if game is None:
            files.add(path)
            continue
        root = os.path.dirname(path)
        while os.path.basename(root) != game and os.path.dirname(root) != root:
            root = os.path.dirname(root)
        roots.add(root)
    for root in roots:
        files.update(_python_files(root))
    return sorted(files)


def _python_files(folder: str) -> list[str]:
    """Every Python file under ``folder`` (bytecode caches aside)."""
    out = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    out += _python_files(entry.path)
            elif entry.name.endswith(".py"):
                out.append(entry.path)
    return out
