"""What each purchase costs (EE 4.43 and its notes, 2.28, 9.24d, 9.24g, 9.38), with the arithmetic spelled out."""

from __future__ import annotations

from math import ceil

import msgspec

from assistant.games.europe_engulfed import calendar, data, wording
from assistant.games.europe_engulfed.state import EEState


class Price(msgspec.Struct, frozen=True):
    cost: int
    rule: str
    cause: str  # the arithmetic, e.g. "new elite armor, 2 steps: cadre 8 (2 WERP, doubled for elite, doubled for
    # the cadre) + 1 step at 4 WERP = 4; total 12"


def surcharge(s: EEState, nation: str) -> tuple[int, str]:
    """Extra WERP per land step bought (British from 1944, Soviet from 1945 after conscription)."""
    sc = data.costs().surcharge.get(nation)
    if not sc or s.turn < calendar.index(sc.start):
        return 0, ""
    if sc.needs == "emergency_conscription" and s.politics.conscription < 0:
        return 0, ""
    return sc.per_step, sc.rule


def cadre_doubles(s: EEState, nation: str, kind: str) -> tuple[bool, str]:
    if kind == "militia":
        return False, "EE 4.43b"
    waiver = data.costs().cadre_waiver.get(nation)
    if waiver and s.politics.ussr_at_war >= 0 and s.turn < calendar.index(waiver.until):
        return False, waiver.rule
    return True, "EE 4.43b"


def new_unit(s: EEState, nation: str, kind: str, elite: bool, steps: int) -> Price:
    step = data.costs().step[kind]
    mult = 2 if elite else 1
    per = step * mult
    doubles, cadre_rule = cadre_doubles(s, nation, kind)
    cadre = per * (2 if doubles else 1)
    extra, extra_rule = surcharge(s, nation)
    total = cadre + (steps - 1) * per + steps * extra
    label = f"new {'elite ' if elite else ''}{wording.kind(kind)}, {_steps(steps)}"
    doubled = [d for d, on in (("doubled for elite", elite), ("doubled for the cadre", doubles)) if on]
    parts = [f"cadre {cadre}" + (f" ({step} WERP, {', '.join(doubled)})" if doubled else "")]
    if steps > 1:
        parts.append(f"{_steps(steps - 1)} at {per} WERP = {(steps - 1) * per}")
    if extra:
        parts.append(f"surcharge of {extra} WERP on each of {_steps(steps)} = {steps * extra} ({extra_rule})")
    # the cadre's rule (4.43b doubling or militia's exemption, or the 9.24d waiver) and the surcharge's
    rules = ", ".join(r for r in ("EE 4.43", cadre_rule, extra_rule) if r)
    return Price(total, rules, f"{label}: {' + '.join(parts)}; total {total}")


def _steps(n: int) -> str:
    return f"{n} step{'s' if n != 1 else ''}"


def replacement(s: EEState, nation: str, kind: str, elite: bool, steps: int) -> Price:
    per = data.costs().step[kind] * (2 if elite else 1)
    extra, extra_rule = surcharge(s, nation)
    total = steps * (per + extra)
    each = f"{per + extra} WERP each" + (f" ({per} + {extra} surcharge)" if extra else "")
    cause = f"{steps} replacement step{'s' if steps > 1 else ''} of {'elite ' if elite else ''}{wording.kind(kind)} at {each}"
    return Price(total, "EE 4.3" + (f", {extra_rule}" if extra else ""), f"{cause} = {total}")


ITEM_RULES = {
    "special_action": "EE 7.1",
    "gsu": "EE 4.43",
    "fortification": "EE 6.91",
    "heavy_fortification": "EE 6.95c",
    "fleet_point": "EE 4.62",
    "fighter": "EE 4.43",
    "bomber": "EE 4.43",
    "uboat": "EE 2.3",
    "flak": "EE 4.61",
    "asw": "EE 4.61",
    "v1": "EE 2.28",
    "v2": "EE 2.28",
}


def item(name: str, qty: int) -> Price:
    """Everything that is not a land step."""
    items = data.costs().item
    if name == "v1":
        total = ceil(qty / items["v1_points_per_werp"])
        return Price(total, ITEM_RULES[name], f"{wording.item(name, qty)}, one WERP per two = {total}")
    unit = items[name]
    return Price(unit * qty, ITEM_RULES[name], f"{wording.item(name, qty)} at {unit} WERP{' each' if qty > 1 else ''} = {unit * qty}")
