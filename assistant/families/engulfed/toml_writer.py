"""A TOML writer for the shapes our data files use (tables, arrays of tables, scalars, lists of scalars).

The standard library reads TOML but does not write it; boards and scenarios need to be exported.
"""

from __future__ import annotations

import json
import re
from typing import Any

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(k: str) -> str:
    return k if _BARE_KEY.match(k) else json.dumps(k, ensure_ascii=False)


def _scalar(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)  # a JSON string is a valid TOML basic string
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_scalar(x) for x in v) + "]"
    if isinstance(v, dict):  # only empty tables reach here
        return "{ " + ", ".join(f"{_key(k)} = {_scalar(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def _sub_table(v: Any) -> bool:
    return isinstance(v, dict) and bool(v)


def _table_array(v: Any) -> bool:
    return isinstance(v, list | tuple) and bool(v) and all(isinstance(x, dict) for x in v)


def _emit(out: list[str], path: list[str], table: dict[str, Any]) -> None:
    plain = {k: v for k, v in table.items() if not _sub_table(v) and not _table_array(v)}
    for k, v in plain.items():
        out.append(f"{_key(k)} = {_scalar(v)}")
    for k, v in table.items():
        if k in plain:
            continue
        sub = [*path, _key(k)]
        if _table_array(v):
            for item in v:
                out.append("")
                out.append(f"[[{'.'.join(sub)}]]")
                _emit(out, sub, item)
        else:
            if any(not _sub_table(x) and not _table_array(x) for x in v.values()):
                out.append("")
                out.append(f"[{'.'.join(sub)}]")
            _emit(out, sub, v)


def dumps(data: dict[str, Any]) -> str:
    out: list[str] = []
    _emit(out, [], data)
    return "\n".join(out).lstrip("\n") + "\n"
