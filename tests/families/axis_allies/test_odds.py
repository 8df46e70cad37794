"""Exact battle odds against cases worked by hand (closed forms in each docstring)."""

from fractions import Fraction as F

import pytest

from assistant.families.axis_allies.odds import Battle, BattleRules, battle_odds, casualty_orders
from tests.analysis.profiles import AA_CLASSIC as P


def close(x: float, y) -> bool:
    return abs(x - float(y)) < 1e-12


def test_one_infantry_against_one_infantry():
    """Each round the attacker hits with a = 1/6, the defender with d = 2/6 = 1/3.
    Nobody hit: (5/6)(2/3) = 10/18, so a round settles it with 8/18 = 4/9.
    Attacker wins  (1/6)(2/3) / (4/9) = 1/4;  draw (1/6)(1/3) / (4/9) = 1/8;
    defender wins  (5/6)(1/3) / (4/9) = 5/8.  Rounds: P(R = r) = (5/9)^(r-1) * 4/9."""
    odds = battle_odds(Battle(profiles=P, attackers={"infantry": 1}, defenders={"infantry": 1}))
    assert close(odds.attacker_wins, F(1, 4))
    assert close(odds.draw, F(1, 8))
    assert close(odds.defender_wins, F(5, 8))
    assert odds.retreat == 0 and odds.stalemate == 0
    assert close(odds.captures, F(1, 4))
    assert odds.rounds[0] == 0
    for r in range(1, 20):
        assert close(odds.rounds[r], F(5, 9) ** (r - 1) * F(4, 9))
    assert close(odds.expected_attacker_survivors["infantry"], F(1, 4))
    assert close(odds.expected_defender_survivors["infantry"], F(5, 8))
    assert close(odds.expected_attacker_loss, 3 * F(3, 4))


def test_two_infantry_against_one_infantry():
    """From (2 att, 1 def): attacker scores >= 1 hit with 1 - (5/6)^2 = 11/36, the defender 1 hit with 1/3.
    Round outcomes (over 108): nobody hit 50, attacker wins keeping 2: 22, keeping 1: 11, to (1 v 1): 25.
    Leaving (2,1) happens with 58/108: win directly 33/58, reach 1 v 1 with 25/58.
    Attacker wins 33/58 + 25/58 * 1/4 = 157/232; draw 25/58 * 1/8 = 25/464; defender 25/58 * 5/8 = 125/464.
    Expected attacking infantry left: 2 * 22/58 + 1 * 11/58 + 1 * (25/58)(1/4) = 245/232."""
    odds = battle_odds(Battle(profiles=P, attackers={"infantry": 2}, defenders={"infantry": 1}))
    assert close(odds.attacker_wins, F(157, 232))
    assert close(odds.draw, F(25, 464))
    assert close(odds.defender_wins, F(125, 464))
    assert close(odds.expected_attacker_survivors["infantry"], F(245, 232))


def test_aa_gun_fires_before_the_battle_and_fighters_cannot_capture():
    """1 fighter (attack 3) vs 1 infantry and an AA gun. AA: the fighter falls with 1/6.
    Then a = 1/2, d = 1/3, a round settles it with 1 - (1/2)(2/3) = 2/3:
    win (1/2)(2/3)/(2/3) = 1/2, draw (1/2)(1/3)/(2/3) = 1/4, lose 1/4.
    Attacker wins 5/6 * 1/2 = 5/12, draw 5/24, defender 1/6 + 5/24 = 3/8; no capture (aircraft only)."""
    odds = battle_odds(Battle(profiles=P, attackers={"fighter": 1}, defenders={"infantry": 1, "aa_gun": 1}))
    assert close(odds.attacker_wins, F(5, 12))
    assert close(odds.draw, F(5, 24))
    assert close(odds.defender_wins, F(3, 8))
    assert odds.captures == 0
    assert close(odds.rounds[0], F(1, 6))  # shot down before any round
    assert "aa_gun" not in odds.expected_defender_survivors


def test_battleship_support_shot_casualty_fires_back_in_round_one():
    """1 infantry landing with 1 bombarding battleship (hits on <= 4, once) vs 1 infantry.
    Round 1: the defender is hit with 1 - (2/6)(5/6) = 26/36 but still fires (1/3).
    Over 108: attacker wins 52, both die 26, defender wins 10, nobody hit 20 -> ordinary 1 v 1.
    Attacker wins (52 + 20/4)/108 = 57/108; draw (26 + 20/8)/108 = 57/216; defender (10 + 20*5/8)/108 = 45/216."""
    odds = battle_odds(
        Battle(profiles=P, attackers={"infantry": 1}, defenders={"infantry": 1}, support_fire={"battleship": 1})
    )
    assert close(odds.attacker_wins, F(57, 108))
    assert close(odds.draw, F(57, 216))
    assert close(odds.defender_wins, F(45, 216))


def test_submarine_first_strike_removes_its_victim_before_it_fires():
    """1 submarine (2) attacks 1 transport (1). First strike 1/3 wins outright; else the transport fires (1/6).
    Nobody hit 10/18; attacker wins (1/3)/(8/18) = 3/4, defender (2/3)(1/6)/(8/18) = 1/4, never a draw.
    Without first strike (simultaneous): win (1/3)(5/6)/(8/18) = 5/8, draw 1/8, lose 1/4."""
    naval = dict(profiles=P, attackers={"submarine": 1}, defenders={"transport": 1}, at_sea=True)
    odds = battle_odds(Battle(**naval))
    assert close(odds.attacker_wins, F(3, 4)) and close(odds.defender_wins, F(1, 4)) and odds.draw == 0
    assert odds.captures == 0  # no territory at sea
    plain = battle_odds(Battle(**naval, rules=BattleRules(attacker_subs_first_strike=False)))
    assert close(plain.attacker_wins, F(5, 8)) and close(plain.draw, F(1, 8)) and close(plain.defender_wins, F(1, 4))


def test_defending_submarines_first_strike_option():
    """1 carrier (attack 1) attacks 1 submarine (2) with defender first strike:
    the sub fires first (1/3) and its victim never fires; else the carrier fires (1/6).
    Defender wins (1/3)/(1 - (2/3)(5/6)) = 3/4; attacker wins 1/4."""
    odds = battle_odds(
        Battle(profiles=P, attackers={"carrier": 1}, defenders={"submarine": 1}, at_sea=True,
               rules=BattleRules(defender_subs_first_strike=True))
    )
    assert close(odds.defender_wins, F(3, 4)) and close(odds.attacker_wins, F(1, 4))


def test_submarines_never_hit_aircraft():
    """A submarine attacking a lone fighter can never score: the fighter (4) wins surely;
    rounds are geometric with 2/3. A defending submarine attacked by a bomber never fires back."""
    odds = battle_odds(Battle(profiles=P, attackers={"submarine": 1}, defenders={"fighter": 1}, at_sea=True))
    assert close(odds.defender_wins, 1)
    assert close(odds.rounds[2], F(1, 3) * F(2, 3))
    odds = battle_odds(Battle(profiles=P, attackers={"bomber": 1}, defenders={"submarine": 1}, at_sea=True))
    assert close(odds.attacker_wins, 1)


def test_retreat_threshold():
    """1 v 1 infantry, retreat when down to 1 attacker: only round 1 is fought.
    Attacker wins (1/6)(2/3) = 1/9, draw 1/18, defender (5/6)(1/3) = 5/18, retreat (5/6)(2/3) = 5/9."""
    odds = battle_odds(
        Battle(profiles=P, attackers={"infantry": 1}, defenders={"infantry": 1}, retreat_when_attackers_at_most=1)
    )
    assert close(odds.attacker_wins, F(1, 9)) and close(odds.draw, F(1, 18))
    assert close(odds.defender_wins, F(5, 18)) and close(odds.retreat, F(5, 9))
    assert close(odds.rounds[1], 1)


def test_no_retreat_from_an_amphibious_assault():
    with pytest.raises(ValueError, match="§6.4"):
        battle_odds(Battle(profiles=P, attackers={"infantry": 2}, defenders={"infantry": 1},
                           support_fire={"battleship": 1}, retreat_when_attackers_at_most=1))


def test_two_hit_battleship_option():
    """1 two-hit battleship (4) vs 1 transport (1). Undamaged: the battleship's hit (2/3) wins;
    a transport hit alone (1/18) damages it; nobody hit 5/18 -> win 12/13, damaged 1/13.
    Damaged: win 10/18, draw 2/18, lose 1/18 over 13/18 -> 10/13, 2/13, 1/13.
    Attacker wins 12/13 + 10/169 = 166/169, draw 2/169, defender 1/169."""
    odds = battle_odds(
        Battle(profiles=P, attackers={"battleship": 1}, defenders={"transport": 1}, at_sea=True,
               rules=BattleRules(two_hit_battleships=True))
    )
    assert close(odds.attacker_wins, F(166, 169)) and close(odds.draw, F(2, 169)) and close(odds.defender_wins, F(1, 169))


def test_default_casualty_order_is_cheapest_first_keeping_the_last_land_unit():
    battle = Battle(profiles=P, attackers={"infantry": 2, "armour": 1, "fighter": 1}, defenders={"infantry": 1, "fighter": 1})
    attack, defence = casualty_orders(battle)
    assert attack == ["infantry", "infantry", "fighter", "armour"]
    assert defence == ["infantry", "fighter"]


def test_player_casualty_order_changes_the_odds():
    """1 infantry + 1 fighter attack: by default the fighter goes first so the infantry can take the territory;
    giving up the infantry first keeps the stronger fighter shooting but loses the capture more often."""
    forces = dict(profiles=P, attackers={"infantry": 1, "fighter": 1}, defenders={"infantry": 2})
    default = battle_odds(Battle(**forces))
    fighter_first = battle_odds(Battle(**forces, attacker_casualty_order=("fighter", "infantry")))
    assert casualty_orders(Battle(**forces))[0] == ["fighter", "infantry"]
    assert default.attacker_wins == pytest.approx(fighter_first.attacker_wins)
    infantry_first = battle_odds(Battle(**forces, attacker_casualty_order=("infantry", "fighter")))
    assert infantry_first.captures < default.captures
    assert infantry_first.attacker_wins > default.attacker_wins  # the stronger fighter keeps shooting


def test_bad_casualty_order_is_refused():
    with pytest.raises(ValueError, match="casualty order"):
        battle_odds(Battle(profiles=P, attackers={"infantry": 2}, defenders={"infantry": 1},
                           attacker_casualty_order=("infantry", "armour", "infantry", "fighter")))


def test_probabilities_sum_to_one_in_a_big_mixed_battle():
    odds = battle_odds(
        Battle(profiles=P, attackers={"infantry": 12, "armour": 8, "fighter": 6, "bomber": 4},
               defenders={"infantry": 16, "armour": 8, "fighter": 6, "aa_gun": 1})
    )
    total = odds.attacker_wins + odds.defender_wins + odds.draw + odds.retreat + odds.stalemate
    assert total == pytest.approx(1.0, abs=1e-12)
    assert sum(odds.rounds) + odds.rounds_beyond == pytest.approx(1.0, abs=1e-9)


def test_solved_battles_are_remembered_until_the_caches_are_cleared():
    from assistant.families.axis_allies.odds import clear_caches

    battle = Battle(profiles=P, attackers={"infantry": 3, "armour": 1}, defenders={"infantry": 3})
    first = battle_odds(battle)
    assert battle_odds(Battle(profiles=P, attackers={"infantry": 3, "armour": 1}, defenders={"infantry": 3})) is first
    assert battle_odds(Battle(profiles=P, attackers={"infantry": 3, "armour": 1}, defenders={"infantry": 2})) != first
    clear_caches()
    again = battle_odds(battle)
    assert again is not first and again == first
