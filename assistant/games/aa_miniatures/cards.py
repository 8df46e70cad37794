"""Unit stat cards (rulebook p.8-9): the catalogue players fill, validated field by field.

A card is what its stat card shows. Rows come from the entry form, a CSV file or a TOML file; each bad row is
reported with its number and every field that is wrong, and nothing of a file is taken while any row is wrong.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any, Literal

import msgspec

from assistant.games.aa_miniatures.tables import load

UnitType = Literal["soldier", "vehicle"]

MAX_TEXT = 500
MAX_NAME = 80
MAX_ABILITIES = 12
MAX_ROWS = 2000
MAX_FILE = 1_000_000
EXTRA = "(values past the last column)"  # where a CSV row's surplus values land, to be reported
CSV_FIELDS = (
    "id", "name", "set", "number", "nationality", "type", "subtypes", "cost", "cost_printing", "year", "speed",
    "defense", "hit_points", "attack_soldier", "attack_vehicle", "initiative_bonus", "abilities",
    "command_abilities", "rarity", "flavor", "source",
)


class Ability(msgspec.Struct, frozen=True, kw_only=True):
    """A special or command ability as the card prints it: name and text (p.26)."""

    name: str
    text: str = ""
    command: bool = False


class Card(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    nationality: str
    side: str
    type: UnitType
    cost: int
    year: int
    speed: int
    defense: tuple[int, ...]  # one value, or front/rear (p.9)
    attack_soldier: tuple[int | None, int | None, int | None]  # short, medium, long; None = no value printed
    attack_vehicle: tuple[int | None, int | None, int | None]
    subtypes: tuple[str, ...] = ()
    set: str = ""
    number: str = ""
    cost_printing: str = ""  # costs changed between printings: which one this cost is from
    hit_points: int | None = None
    initiative_bonus: int = 0  # commanders (p.11, p.26)
    abilities: tuple[Ability, ...] = ()
    rarity: str = ""
    flavor: str = ""
    source: str = ""

    @property
    def front(self) -> int:
        return self.defense[0]

    @property
    def rear(self) -> int:
        return self.defense[-1]

    @property
    def has_facing(self) -> bool:
        return len(self.defense) == 2

    @property
    def commander(self) -> bool:
        return self.initiative_bonus > 0 or any(a.command for a in self.abilities)

    def attack(self, target_type: str, band: str) -> int | None:
        row = self.attack_soldier if target_type == "soldier" else self.attack_vehicle
        return row[("short", "medium", "long").index(band)]

    def has(self, ability: str) -> bool:
        return any(a.name.lower().startswith(ability.lower()) for a in self.abilities)

    def long_range(self, target_type: str) -> int:
        """The farthest long-range hex against a target type: 8, or an Extended Range ability's N (p.16)."""
        best = 8
        for a in self.abilities:
            m = re.match(r"extended range (\d+)", a.name.lower())
            if not m:
                continue
            text = a.text.lower()
            names_vehicles, names_soldiers = "vehicle" in text, "soldier" in text
            if (names_vehicles == names_soldiers) or (target_type == "vehicle") == names_vehicles:
                best = max(best, int(m.group(1)))
        return best


class RowError(msgspec.Struct, frozen=True):
    row: int  # 1-based data row (the header is row 0)
    name: str
    problems: tuple[str, ...]

    def __str__(self) -> str:
        label = f" ({self.name})" if self.name else ""
        return f"row {self.row}{label}: " + "; ".join(self.problems)


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60]


# ---------------------------------------------------------------- one row


def _int(raw: Any, field: str, low: int, high: int, problems: list[str], optional: bool = False) -> int | None:
    if raw is None or (isinstance(raw, str) and raw.strip() in ("", "-", "—")):
        if optional:
            return None
        problems.append(f"{field} is missing")
        return None
    if isinstance(raw, bool):
        problems.append(f"{field} must be a whole number, not {raw!r}")
        return None
    try:
        value = int(str(raw).strip()) if not isinstance(raw, int) else raw
    except ValueError:
        problems.append(f"{field} must be a whole number, not {str(raw)[:20]!r}")
        return None
    if not low <= value <= high:
        problems.append(f"{field} must be {low} to {high}, not {value}")
        return None
    return value


def _kind(value: Any) -> str:
    """A wrongly typed value as a file's reader would name it: 'the number 5', 'a table'."""
    if isinstance(value, bool):
        return f"the value {str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"{type(value).__name__} {str(value)[:20]!r}"


TEXT_FIELDS = ("id", "name", "nationality", "type", "set", "number", "cost_printing", "rarity", "flavor", "source")


def _split(raw: Any, sep: str) -> list[Any]:
    if raw is None:
        return []
    if isinstance(raw, (list, tuple)):
        return list(raw)
    return [p.strip() for p in str(raw).split(sep)] if str(raw).strip() else []


def _attacks(raw: Any, field: str, problems: list[str]) -> tuple[int | None, int | None, int | None]:
    parts = _split(raw, "/")
    if len(parts) != 3:
        problems.append(f"{field} needs three values, short/medium/long (use - where the card prints none)")
        return (None, None, None)
    values = [_int(p, f"{field} ({band})", 0, 40, problems, optional=True) for p, band in zip(parts, ("short", "medium", "long"))]
    return (values[0], values[1], values[2])


ESCAPED = "\\|:"  # in "Name: text | Name: text", a backslash keeps one of these as it is ("\\|" is a "|")


def _cut(text: str, sep: str, once: bool = False) -> list[str]:
    """``text`` cut at each ``sep`` not escaped by a backslash (the escapes are kept, for ``_unescape``)."""
    parts, current, i = [], "", 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text) and text[i + 1] in ESCAPED:
            current += text[i: i + 2]
            i += 2
            continue
        if ch == sep and not (once and parts):
            parts.append(current)
            current = ""
        else:
            current += ch
        i += 1
    return [*parts, current]


def _unescape(text: str) -> str:
    return re.sub(r"\\([\\|:])", r"\1", text)


def _escape(text: str, chars: str) -> str:
    return "".join("\\" + ch if ch in chars else ch for ch in text)


def _abilities(raw: Any, command: bool, problems: list[str]) -> list[Ability]:
    out: list[Ability] = []
    if raw is not None and not isinstance(raw, (str, list, tuple)):
        problems.append(f"{'command abilities' if command else 'abilities'} are 'Name: text | Name: text' or a list "
                        f"of [[cards.abilities]] tables, not {_kind(raw)}")
        return out
    items: list[Any] = _cut(raw, "|") if isinstance(raw, str) else _split(raw, "|")
    for item in items:
        if isinstance(item, Mapping):
            name, text = item.get("name", ""), item.get("text", "")
            is_command = item.get("command", command)
            if not isinstance(name, str) or not isinstance(text, str) or not isinstance(is_command, bool):
                problems.append("an ability is a table with a name and a text (both text) and command (true or "
                                "false)")
                continue
            name, text = name.strip(), text.strip()
        elif isinstance(item, str):
            if not item.strip():
                continue
            name, text = (_cut(item, ":", once=True) + [""])[:2]
            name, text, is_command = _unescape(name).strip(), _unescape(text).strip(), command
        else:
            problems.append(f"an ability is written 'Name: text' or as a table, not {_kind(item)}")
            continue
        if not name:
            problems.append("an ability needs a name (write 'Name: text')")
            continue
        if len(name) > MAX_NAME or len(text) > MAX_TEXT:
            problems.append(f"ability {name[:30]!r} is too long (name {MAX_NAME}, text {MAX_TEXT} characters)")
            continue
        out.append(Ability(name=name, text=text, command=is_command))
    return out


def card_from_row(row: Mapping[str, Any]) -> tuple[Card | None, list[str]]:
    """A card from one row of plain values (form, CSV or TOML); the problems, field by field, when it is not one."""
    t = load()
    problems: list[str] = []
    extra = [v for v in row.get(EXTRA) or () if str(v).strip()]  # empty trailing cells are harmless
    if extra:
        problems.append(f"{len(extra)} value(s) more than the header has columns (a comma inside a field needs the "
                        f"field in double quotes)")
    unknown = sorted(set(row) - set(CSV_FIELDS) - {"defense_front", "defense_rear", EXTRA})
    if unknown:
        problems.append(f"unknown column(s): {', '.join(map(str, unknown))[:120]}")
    for key in TEXT_FIELDS:  # a TOML file may give a number or a list where the card prints text
        if row.get(key) is not None and not isinstance(row[key], str):
            problems.append(f"{key.replace('_', ' ')} must be text, not {_kind(row[key])}")
    raw_subtypes = row.get("subtypes")
    if raw_subtypes is not None and not isinstance(raw_subtypes, str) and not (
            isinstance(raw_subtypes, (list, tuple)) and all(isinstance(x, str) for x in raw_subtypes)):
        wrong = next((x for x in raw_subtypes if not isinstance(x, str)), raw_subtypes) if isinstance(
            raw_subtypes, (list, tuple)) else raw_subtypes
        problems.append(f"subtypes are text (\"tank, artillery\") or a list of text, not {_kind(wrong)}")
        raw_subtypes = None
    name = str(row.get("name") or "").strip()
    if not name:
        problems.append("name is missing")
    elif len(name) > MAX_NAME:
        problems.append(f"name is longer than {MAX_NAME} characters")
    card_id = slug(str(row.get("id") or "").strip() or name)
    if name and not card_id:  # the id names the card in commands and files: it cannot be empty
        problems.append("the id (or, without one, the name) needs at least one letter or digit")
    nationality = str(row.get("nationality") or "").strip().lower().replace(" ", "_")
    side = t.side_of(nationality)
    if not side:
        problems.append(f"nationality {nationality or '(empty)'!r} is none of {', '.join(t.nationalities)}")
    unit_type = str(row.get("type") or "").strip().lower()
    if unit_type not in ("soldier", "vehicle"):
        problems.append(f"type must be soldier or vehicle, not {unit_type or '(empty)'!r}")
    cost = _int(row.get("cost"), "cost", 0, 300, problems)
    year = _int(row.get("year"), "year", 1930, 1950, problems)
    speed = _int(row.get("speed"), "speed", 0, 20, problems)
    hit_points = _int(row.get("hit_points"), "hit points", 1, 20, problems, optional=True)
    bonus = _int(row.get("initiative_bonus") or 0, "initiative bonus", 0, 12, problems)
    if "defense_front" in row:
        defense_parts = [row.get("defense_front"), row.get("defense_rear")]
        defense_parts = [d for d in defense_parts if d not in (None, "")]
    else:
        defense_parts = _split(row.get("defense"), "/")
    if len(defense_parts) not in (1, 2):
        problems.append("defense is one value, or front/rear such as 5/3")
        defense: tuple[int, ...] = ()
    else:
        values = [_int(d, "defense", 1, 20, problems) for d in defense_parts]
        defense = tuple(v for v in values if v is not None)
        if len(defense) == 2 and unit_type == "soldier":
            problems.append("only Vehicles have front/rear defense (p.9)")
    attack_soldier = _attacks(row.get("attack_soldier"), "attack vs Soldiers", problems)
    attack_vehicle = _attacks(row.get("attack_vehicle"), "attack vs Vehicles", problems)
    abilities = _abilities(row.get("abilities"), False, problems) + _abilities(row.get("command_abilities"), True, problems)
    if len(abilities) > MAX_ABILITIES:
        problems.append(f"at most {MAX_ABILITIES} abilities per card")
    texts = {k: str(row.get(k) or "").strip() for k in ("set", "number", "cost_printing", "rarity", "flavor", "source")}
    for key, value in texts.items():
        if len(value) > MAX_TEXT:
            problems.append(f"{key.replace('_', ' ')} is longer than {MAX_TEXT} characters")
    subtypes = tuple(str(s).strip().lower() for s in _split(raw_subtypes, ",") if str(s).strip())
    if problems:
        return None, problems
    return Card(
        id=card_id, name=name, nationality=nationality, side=side, type=unit_type,  # type: ignore[arg-type]
        cost=cost, year=year, speed=speed, defense=defense,  # type: ignore[arg-type]
        attack_soldier=attack_soldier, attack_vehicle=attack_vehicle, subtypes=subtypes[:6], hit_points=hit_points,
        initiative_bonus=bonus or 0, abilities=tuple(abilities), **texts,
    ), []


def cards_from_rows(rows: Iterable[Mapping[str, Any]], first_row: int = 1) -> tuple[list[Card], list[RowError]]:
    cards: list[Card] = []
    errors: list[RowError] = []
    seen: dict[str, int] = {}
    for n, row in enumerate(rows, start=first_row):
        if n - first_row >= MAX_ROWS:
            errors.append(RowError(n, "", (f"a catalogue holds at most {MAX_ROWS} cards",)))
            break
        card, problems = card_from_row(row)
        if card is not None and card.id in seen:
            problems = [f"id {card.id!r} is already used by row {seen[card.id]}"]
            card = None
        if card is None:
            errors.append(RowError(n, str(row.get("name") or "")[:40], tuple(problems)))
        else:
            seen[card.id] = n
            cards.append(card)
    return cards, errors


# ---------------------------------------------------------------- files


def read_csv(text: str) -> tuple[list[Card], list[RowError]]:
    if len(text) > MAX_FILE:
        return [], [RowError(0, "", (f"the file is larger than {MAX_FILE // 1000} kB",))]
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")), restkey=EXTRA)
    if not reader.fieldnames or "name" not in [f.strip() for f in reader.fieldnames]:
        return [], [RowError(0, "", (f"the header row must name the columns, e.g. {','.join(CSV_FIELDS[:8])},...",))]
    header = [f.strip() for f in reader.fieldnames]
    twice = sorted({f for f in header if header.count(f) > 1})
    if twice:  # a reader would silently keep only the last of the two columns
        return [], [RowError(0, "", (f"the header names a column twice: {', '.join(twice)[:120]}",))]
    rows = ({(k or "").strip(): v for k, v in r.items() if k == EXTRA or (v or "").strip()} for r in reader)
    return cards_from_rows(rows)


def read_toml(text: str) -> tuple[list[Card], list[RowError]]:
    if len(text) > MAX_FILE:
        return [], [RowError(0, "", (f"the file is larger than {MAX_FILE // 1000} kB",))]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return [], [RowError(0, "", (f"not valid TOML: {exc}",))]
    rows = data.get("cards")
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        return [], [RowError(0, "", ("a TOML catalogue lists its cards as [[cards]] tables",))]
    return cards_from_rows(rows)


def read(text: str, fmt: str) -> tuple[list[Card], list[RowError]]:
    if fmt == "csv":
        return read_csv(text)
    if fmt == "toml":
        return read_toml(text)
    return [], [RowError(0, "", (f"format must be csv or toml, not {fmt!r}",))]


def _slashed(values: Iterable[int | None]) -> str:
    return "/".join("-" if v is None else str(v) for v in values)


def _abilities_text(card: Card, command: bool) -> str:
    """The abilities as "Name: text | Name: text"; a "|" or a backslash in a text, and a ":" in a name too, are
    escaped with a backslash so that the file reads back as it was written."""
    written = []
    for a in card.abilities:
        if a.command == command:
            name, text = _escape(a.name, ESCAPED), _escape(a.text, ESCAPED.replace(":", ""))
            written.append(f"{name}: {text}" if text else name)
    return " | ".join(written)


def write_csv(cards: Iterable[Card]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for c in cards:
        writer.writerow({
            "id": c.id, "name": c.name, "set": c.set, "number": c.number, "nationality": c.nationality,
            "type": c.type, "subtypes": ", ".join(c.subtypes), "cost": c.cost, "cost_printing": c.cost_printing,
            "year": c.year, "speed": c.speed, "defense": _slashed(c.defense),
            "hit_points": "" if c.hit_points is None else c.hit_points,
            "attack_soldier": _slashed(c.attack_soldier), "attack_vehicle": _slashed(c.attack_vehicle),
            "initiative_bonus": c.initiative_bonus or "", "abilities": _abilities_text(c, False),
            "command_abilities": _abilities_text(c, True), "rarity": c.rarity, "flavor": c.flavor, "source": c.source,
        })
    return out.getvalue()


def _toml_value(v: Any) -> str:
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return str(v)


def write_toml(cards: Iterable[Card]) -> str:
    """The catalogue as TOML; attack values the card leaves blank are written as "-"."""
    lines = ["# Axis & Allies Miniatures card catalogue (stat cards as printed, rulebook p.8-9)", ""]
    for c in cards:
        lines.append("[[cards]]")
        for key in ("id", "name", "set", "number", "nationality", "type", "subtypes", "cost", "cost_printing", "year",
                    "speed", "defense", "hit_points", "attack_soldier", "attack_vehicle", "initiative_bonus",
                    "rarity", "flavor", "source"):
            value = getattr(c, key)
            if key.startswith("attack_"):
                value = ["-" if v is None else v for v in value]
            if value in (None, "", ()) or (key == "initiative_bonus" and not value):
                continue
            lines.append(f"{key} = {_toml_value(value)}")
        for a in c.abilities:
            lines += ["", "[[cards.abilities]]", f"name = {_toml_value(a.name)}"]
            if a.text:
                lines.append(f"text = {_toml_value(a.text)}")
            if a.command:
                lines.append("command = true")
        lines.append("")
    return "\n".join(lines)


def content_hash(cards: Iterable[Card]) -> str:
    """SHA-256 of the catalogue's canonical JSON, sorted by card id: the same cards give the same hash anywhere."""
    ordered = sorted((msgspec.to_builtins(c) for c in cards), key=lambda c: c["id"])
    return hashlib.sha256(msgspec.json.encode(ordered)).hexdigest()


@cache
def builtin() -> tuple[Card, ...]:
    """The two cards the rulebook prints (data/cards.toml)."""
    text = resources.files("assistant.games.aa_miniatures").joinpath("data/cards.toml").read_text("utf-8")
    cards, errors = read_toml(text)
    if errors:
        raise ValueError("; ".join(map(str, errors)))
    return tuple(cards)
