"""Special Actions (EE 7.0): holding caps by nation and year, and spending them."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.families.engulfed.special_actions import cap_in_year
from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.commands import SpendSpecialAction
from assistant.games.europe_engulfed.powers import enemy
from assistant.games.europe_engulfed.state import EEState
import assistant.games.europe_engulfed.events as ev
from events.base import Event

# What each use needs: (rule, phases it may be spent in, phasing player's (True) or defender's (False)).
USES: dict[str, tuple[str, tuple[str, ...], bool]] = {
    "amphibious": ("EE 7.2", ("operational_move",), True),
    "airborne": ("EE 7.3", ("operational_move",), True),
    "withdraw": ("EE 7.52", ("operational_move",), True),
    "retreat": ("EE 7.51", ("combat", "breakthrough"), False),
    "reinforce": ("EE 7.6", ("combat", "breakthrough"), False),
}
# Limited Supply (EE 7.9) is spent only through ee.determine_supply(limited_supply=...), which spends the marker
# and applies the step losses in one command: a second path here would spend it twice.
ELSEWHERE = {
    "limited_supply": ("EE 7.9", "ee.determine_supply with limited_supply orders in your final supply phase"),
    "counterattack": ("EE 7.7", "ee.counterattack"),
    "unrestricted_replacement": ("EE 7.8", "ee.unrestricted_replacement"),
}


def cap(nation: str, turn: int) -> int:
    """EE 7.11: the most Special Actions a nation may hold in the calendar year of ``turn``."""
    return cap_in_year(data.nation(nation).sa_caps, calendar.year(turn))


def held(s: EEState, nation: str) -> int:
    return len(s.special_actions.get(nation, ()))


def spend(s: EEState, nation: str, purpose: str, rule: str, area: str = "") -> ev.SpecialActionSpent:
    """One marker back to the force pool, or removed for good (7.11 note; 9.45c for Italy after collapse)."""
    if held(s, nation) < 1:
        raise Refused(f"{data.nation(nation).title if nation in data.MAJORS else nation} holds no Special Action",
                      rule="EE 7.13")
    over_cap = held(s, nation) > cap(nation, s.turn)
    italian = nation == "italy" and s.politics.morale_collapsed >= 0
    return ev.SpecialActionSpent(nation=nation, purpose=purpose, area=area, rule=rule,
                                 removed_for_good=over_cap or italian)


def spend_special_action(cmd: SpendSpecialAction, s: EEState, ctx: Context) -> list[Event]:
    if cmd.purpose in ELSEWHERE:
        rule, command = ELSEWHERE[cmd.purpose]
        raise Refused(f"{cmd.purpose.replace('_', ' ')} is spent with {command}", rule=rule)
    use = USES.get(cmd.purpose)
    if use is None:
        raise Refused(f"unknown Special Action use {cmd.purpose!r}; known: {', '.join(USES)} "
                      "(breakthroughs: ee.buy_breakthrough, counterattack: ee.counterattack, 7.8: "
                      "ee.unrestricted_replacement)", rule="EE 7.0")
    rule, phases, phasing = use
    if s.phase not in phases:
        raise Refused(f"{cmd.purpose.replace('_', ' ')} is spent in the {' or '.join(phases)} phase", rule=rule)
    if cmd.nation not in data.MAJORS:
        raise Refused("minor powers' Special Actions only reinforce or counterattack", rule="EE 9.64")
    side = data.side_of(cmd.nation)
    if phasing and side != s.side:
        raise Refused(f"{cmd.purpose} is the phasing player's Special Action", rule=rule)
    if not phasing and side != enemy(s.side):
        raise Refused(f"{cmd.purpose} is the defender's Special Action", rule=rule)
    if cmd.purpose in ("amphibious", "airborne"):
        zone = s.board.areas[cmd.area].weather_zone if cmd.area in s.board.areas else None
        if zone and s.weather.get(zone) not in ("clear", "light_mud"):
            raise Refused("amphibious and airborne assaults need Clear or Light Mud", rule=rule)
    if cmd.purpose in ("retreat", "reinforce") and s.battle and s.battle.counterattacked:
        raise Refused("not during a counterattack", rule="EE 7.7")
    return [spend(s, cmd.nation, cmd.purpose, rule, cmd.area)]
