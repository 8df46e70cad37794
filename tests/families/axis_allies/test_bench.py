"""The odds benchmark measures both sides the same way and says how (figures themselves are never asserted)."""

from assistant.families.axis_allies.bench import exact_against_monte_carlo
from assistant.families.axis_allies.odds import Battle, battle_odds
from tests.analysis.profiles import AA_CLASSIC as P


def test_exact_against_monte_carlo_reports_both_sides_and_their_ratio():
    battle = Battle(profiles=P, attackers={"infantry": 3, "armour": 1}, defenders={"infantry": 3})
    figures = exact_against_monte_carlo(battle, runs=500, repeats=2)
    assert figures["measured"].startswith("best of 2 each")
    assert figures["interpreter_flags"] in ("none", "-O")
    exact, sampled = max(figures["exact_ms"], 0.01), max(figures["monte_carlo_numpy_ms"], 0.01)
    ratio = exact / sampled  # from the printed (rounded) times: as close as their rounding allows
    assert abs(ratio - figures["exact_over_numpy_monte_carlo"]) <= 0.001 + ratio * (0.006 / exact + 0.006 / sampled)
    assert figures["monte_carlo_runs"] == 500
    assert figures["attacker_wins_exact"] == round(battle_odds(battle).attacker_wins, 6)
    assert figures["target"].endswith("(ratio < 1)")


def test_the_table_figures_play_the_game_through_the_app_and_time_each_page():
    from assistant.families.axis_allies.bench import table_figures
    from assistant.games.aa_europe.bench import play

    _definition, commands, events = play(3, rounds=1)
    figures = table_figures("aa_europe", {}, 3, commands, samples=3)
    assert figures["events at the table"] == len(events) + 1  # the creation, then every event the commands made
    for page in ("table page", "table fragment (htmx)", "time travel to a random event (htmx)"):
        p50, rest = figures[f"{page}: p50 / p95 (ms), processor p95"].split(" / ")
        assert float(p50) > 0 and all(float(x) > 0 for x in rest.split(", "))
