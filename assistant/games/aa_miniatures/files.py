"""Files players take away: the game's card catalogue (CSV, TOML: a club shares one file) and a printable army
sheet per side (the cards' numbers, the running total and the limits it was built under)."""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import escape

from assistant.games.aa_miniatures import cards
from assistant.games.aa_miniatures.state import State

SIDE_NAME = {"axis": "Axis", "allies": "Allied"}


def _sorted(s: State) -> list[cards.Card]:
    return sorted(s.catalogue.values(), key=lambda c: (c.side, c.name.lower()))


def catalogue_csv(s: State) -> tuple[str, str, str]:
    return "aam-cards.csv", cards.write_csv(_sorted(s)), "text/csv"


def catalogue_toml(s: State) -> tuple[str, str, str]:
    return "aam-cards.toml", cards.write_toml(_sorted(s)), "application/toml"


def _values(row: tuple[int | None, ...]) -> str:
    return " / ".join("–" if v is None else str(v) for v in row)


def army_sheet(side: str) -> Callable[[State], tuple[str, str, str]]:
    def sheet(s: State) -> tuple[str, str, str]:
        sc = s.scenario
        army = sorted(s.army(side), key=lambda u: u.id)
        rows = []
        for u in army:
            c = s.card(u)
            abilities = "; ".join(f"{a.name}" + (f": {a.text}" if a.text else "") for a in c.abilities)
            rows.append(
                f"<tr><td>{escape(u.label)}</td><td>{escape(c.set)} {escape(c.number)}</td>"
                f"<td>{c.type}{' – ' + escape(', '.join(c.subtypes)) if c.subtypes else ''}</td><td>{c.year}</td>"
                f"<td>{c.speed}</td><td>{'/'.join(map(str, c.defense))}</td><td>{_values(c.attack_soldier)}</td>"
                f"<td>{_values(c.attack_vehicle)}</td><td>{escape(abilities)}</td><td class=n>{c.cost}</td></tr>")
        limits = [f"{sc.budgets[side]} points{' exactly' if sc.exact.get(side) else ' at most'}",
                  f"at most {sc.max_units} units"]
        if sc.historical_limits:
            limits.append("historical army limits")
        if sc.year:
            limits.append(f"units introduced {'before' if sc.year_rule == 'before' else 'in or before'} {sc.year}")
        html = f"""<!doctype html><html lang="en"><meta charset="utf-8">
<title>{SIDE_NAME[side]} army</title>
<style>body{{font:12pt/1.35 system-ui,sans-serif;margin:1.5cm}}table{{border-collapse:collapse;width:100%}}
td,th{{border:1px solid #888;padding:3px 6px;text-align:left;vertical-align:top}}.n{{text-align:right}}
@media print{{body{{margin:0}}}}</style>
<h1>{SIDE_NAME[side]} army — {s.points(side)} points, {len(army)} units</h1>
<p>Scenario: {escape(sc.name)}; {escape(', '.join(limits))} (rulebook p.10, p.27-28).</p>
<table><thead><tr><th>Unit</th><th>Card</th><th>Type</th><th>Year</th><th>Speed</th><th>Defense</th>
<th>vs Soldiers</th><th>vs Vehicles</th><th>Abilities</th><th class=n>Cost</th></tr></thead>
<tbody>{''.join(rows)}</tbody>
<tfoot><tr><th colspan=9>Total</th><th class=n>{s.points(side)}</th></tr></tfoot></table>
<p>Card catalogue hash: {cards.content_hash(s.catalogue.values())[:16]}</p></html>"""
        return f"aam-{side}-army.html", html, "text/html"

    return sheet


FILES: dict[str, Callable[[State], tuple[str, str, str]]] = {
    "cards-csv": catalogue_csv,
    "cards-toml": catalogue_toml,
    "army-axis": army_sheet("axis"),
    "army-allies": army_sheet("allies"),
}
