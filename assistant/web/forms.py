"""Forms generated from msgspec Structs (commands, game options), and form data turned back into their JSON.

Any game's commands get a usable form without game-specific code: each field's type decides its input
(number, text, choice, tick box, dice, list, counts per name). Parsing is plain conversion only; whether the
values make sense is for the game's ``decide`` (or the options type) to say.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import msgspec
from msgspec import inspect as mi

from events.base import tag_of
from events.bounds import InputError, checked_json


class FormError(ValueError):
    """A form value that cannot even be read (letters in a number, bad JSON)."""


def whole_number(raw: str, most_digits: int = 12) -> int | None:
    """A whole number typed or sent in a query: ASCII digits only, at most ``most_digits`` of them (beyond, Python
    refuses to read 4,300 digits and SQLite to store 19); None for anything else, which the caller names."""
    raw = raw.strip()
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= most_digits else None


@dataclass(frozen=True)
class FieldSpec:
    name: str
    label: str
    widget: str  # int | text | select | checkbox | dice | int_list | text_list | counts | json
    required: bool
    default: str = ""
    choices: tuple[str, ...] = ()
    minimum: int | None = None  # the command type's bounds, drawn as the input's min, max and maxlength
    maximum: int | None = None
    max_length: int | None = None

    @property
    def is_dice(self) -> bool:
        return self.widget == "dice"


@dataclass(frozen=True)
class FormSpec:
    """One form: a command (``tag``) or an options type, with its fields."""

    tag: str
    title: str
    help: str
    fields: tuple[FieldSpec, ...]
    is_edit: bool = False  # edits and overrides: always with a reason, shown apart


DICE_NAMES = re.compile(r"(^|_)(faces|dice)$")


def humanise(name: str) -> str:
    text = name.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def _first_line(doc: str | None) -> str:
    return (doc or "").strip().split("\n\n")[0].replace("\n", " ").strip()


def _unwrap_optional(t: mi.Type) -> mi.Type:
    """``X | None`` is drawn as X; a blank input then means "not given"."""
    if isinstance(t, mi.UnionType):
        rest = [x for x in t.types if not isinstance(x, mi.NoneType)]
        if len(rest) == 1 and len(rest) != len(t.types):
            return rest[0]
    return t


def _widget(name: str, t: mi.Type) -> tuple[str, tuple[str, ...]]:
    if isinstance(t, mi.BoolType):
        return "checkbox", ()
    if isinstance(t, mi.IntType):
        return "int", ()
    if isinstance(t, (mi.StrType, mi.FloatType)):
        return "text", ()
    if isinstance(t, mi.LiteralType):
        return "select", tuple(str(v) for v in t.values)
    if isinstance(t, mi.EnumType):
        return "select", tuple(str(m.value) for m in t.cls)
    if isinstance(t, (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)):
        if isinstance(t.item_type, mi.IntType):
            return ("dice" if DICE_NAMES.search(name) else "int_list"), ()
        if isinstance(t.item_type, (mi.StrType, mi.LiteralType)):
            return "text_list", ()
    if isinstance(t, mi.DictType) and isinstance(t.key_type, (mi.StrType, mi.LiteralType)):
        if isinstance(t.value_type, mi.IntType):
            return "counts", ()
        if isinstance(t.value_type, mi.StrType):
            return "pairs", ()
    return "json", ()


def _default_text(widget: str, value: Any) -> str:
    if value is msgspec.NODEFAULT or value is None:
        return ""
    if widget in ("int_list", "dice"):
        return " ".join(str(v) for v in value)
    if widget == "text_list":
        return ", ".join(str(v) for v in value)
    if widget in ("counts", "pairs"):
        return ", ".join(f"{k}={v}" for k, v in value.items())
    if widget == "checkbox":
        return "on" if value else ""
    if widget == "json":
        return ""  # structured defaults stay as they are unless someone types JSON in
    return str(value)


@lru_cache(maxsize=512)
def form_for(cls: type[msgspec.Struct], tag: str | None = None) -> FormSpec:
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    fields = []
    for f in info.fields:
        inner = _unwrap_optional(f.type)
        widget, choices = _widget(f.name, inner)
        default = f.default if f.default is not msgspec.NODEFAULT else (
            f.default_factory() if f.default_factory is not msgspec.NODEFAULT else msgspec.NODEFAULT
        )
        fields.append(FieldSpec(
            name=f.encode_name, label=humanise(f.name), widget=widget, required=f.required,
            default=_default_text(widget, default), choices=choices,
            minimum=getattr(inner, "ge", None), maximum=getattr(inner, "le", None),
            max_length=getattr(inner, "max_length", None) if isinstance(inner, mi.StrType) else None,
        ))
    name = tag if tag is not None else _tag_or_name(cls)
    short = name.split(".", 1)[-1]
    is_edit = any(word in short for word in ("edit", "override")) or (
        short != "roll_back" and any(f.name == "reason" for f in fields) and not name.startswith("core.")
    )
    return FormSpec(tag=name, title=humanise(short), help=_first_line(cls.__doc__), fields=tuple(fields), is_edit=is_edit)


def _tag_or_name(cls: type[msgspec.Struct]) -> str:
    try:
        return tag_of(cls)
    except TypeError:
        return cls.__name__


def dice_text(text: str) -> str:
    """Faces as typed on a phone's numeric keypad (no space, no comma): a run of digits is one die per digit
    ("1156436" is seven dice), since the games' dice show 1 to 6. Separated faces are kept as they are."""
    text = text.strip()
    return " ".join(text) if re.fullmatch(r"\d{2,}", text) else text


def _ints(text: str, label: str, dice: bool = False) -> list[int]:
    parts = [p for p in re.split(r"[\s,;]+", dice_text(text) if dice else text.strip()) if p]
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise FormError(f"{label}: write whole numbers separated by spaces, e.g. 3 1 6") from None


def _pairs(text: str, label: str) -> list[tuple[str, str]]:
    out = []
    for part in re.split(r"[,;\n]+", text):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep:
            key, sep, value = part.strip().rpartition(" ")
        if not sep or not key.strip():
            raise FormError(f"{label}: write name=value pairs separated by commas, e.g. infantry=3, tank=1")
        out.append((key.strip(), value.strip()))
    return out


def parse(spec: FormSpec, form: Mapping[str, str], multi: Mapping[str, Sequence[str]] | None = None) -> dict[str, Any]:
    """The JSON object (without ``type``) a submitted form stands for.

    ``counts`` fields may also come as one input per name (``field.name``), as the purchase grids send them.
    """
    out: dict[str, Any] = {}
    for f in spec.fields:
        if f.widget == "checkbox":
            out[f.name] = form.get(f.name) in ("on", "true", "1", "yes")
            continue
        if f.widget == "counts":
            prefix = f.name + "."
            grid = {k[len(prefix):]: v for k, v in form.items() if k.startswith(prefix)}
            if grid:
                counts = {}
                for key, value in grid.items():
                    if value.strip() in ("", "0"):
                        continue
                    try:
                        counts[key] = int(value)
                    except ValueError:
                        raise FormError(f"{f.label}: {key} needs a whole number") from None
                out[f.name] = counts
                continue
        raw = form.get(f.name, "")
        if f.widget == "text_list" and multi is not None and len(multi.get(f.name, ())) > 1:
            # several inputs (from, via, to): each may itself hold a comma-separated list
            out[f.name] = [p.strip() for v in multi[f.name] for p in re.split(r"[,;\n]+", v) if p.strip()]
            continue
        if not raw.strip():
            if f.required:
                raise FormError(f"{f.label} is needed")
            continue  # not given: the command's default applies
        text = raw.strip()
        if f.widget == "int":
            try:
                out[f.name] = int(text)
            except ValueError:
                raise FormError(f"{f.label} must be a whole number, not {text!r}") from None
        elif f.widget in ("int_list", "dice"):
            out[f.name] = _ints(text, f.label, dice=f.widget == "dice")
        elif f.widget == "text_list":
            out[f.name] = [p.strip() for p in re.split(r"[,;\n]+", text) if p.strip()]
        elif f.widget == "counts":
            counts = {}
            for key, value in _pairs(text, f.label):
                try:
                    counts[key] = int(value)
                except ValueError:
                    raise FormError(f"{f.label}: {key} needs a whole number, not {value!r}") from None
            out[f.name] = counts
        elif f.widget == "pairs":
            out[f.name] = dict(_pairs(text, f.label))
        elif f.widget == "json":
            try:
                out[f.name] = json.loads(checked_json(text, what=f.label))
            except InputError as exc:
                raise FormError(str(exc)) from None
            except ValueError:
                raise FormError(f"{f.label}: not valid JSON") from None
        else:
            out[f.name] = raw if f.widget == "text" else text
    return out


@dataclass
class RenderedForm:
    """A form as the templates draw it: its spec, the values to show, an error, its command id, choice hints."""

    spec: FormSpec
    command_id: str
    values: dict[str, str] = field(default_factory=dict)
    error: str = ""
    hints: dict[str, tuple[str, ...]] = field(default_factory=dict)
    fixed: dict[str, str] = field(default_factory=dict)  # hidden values the presenter fills in
    template: str = ""  # a game's own template for this form (templates/games/<kind>/...); "" = generic
    data: dict[str, Any] = field(default_factory=dict)  # what that template shows besides the fields
    label: str = ""  # the submit button's text, when the command's title is not the clearest
    apart: bool | None = None  # shown with the edits and overrides (None: when the command is one)
    at: int = 0  # the log position the form was drawn at (0: not named)
    answers: str = ""  # the throw or decision it answers there (the move's ``answers``)
    # how a choice reads in its list, where not as its value with spaces: field -> value -> words ("axis" -> "Axis")
    labels: dict[str, dict[str, str]] = field(default_factory=dict)

    def choice(self, f: FieldSpec, value: str) -> str:
        """A value of a choice list as the table reads it."""
        return self.labels.get(f.name, {}).get(value) or str(value).replace("_", " ")

    @property
    def open(self) -> bool:
        """Folded forms unfold to show their error."""
        return bool(self.error)

    @property
    def is_edit(self) -> bool:
        return self.spec.is_edit if self.apart is None else self.apart

    @property
    def can_roll(self) -> bool:
        """A dice field that may be left empty: the assistant rolls."""
        return any(f.is_dice and not f.required for f in self.spec.fields)

    def value(self, f: FieldSpec) -> str:
        return self.values.get(f.name, f.default)
