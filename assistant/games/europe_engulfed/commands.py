"""Europe Engulfed commands (tags "ee.*"): what the players ask the assistant to record or resolve."""

from __future__ import annotations

import msgspec

from events.base import Command
from events.bounds import Faces, Name, Names, Text, amount, count, items, mapping

# Bounds that fit the game (decide checks the exact figures against the board and the state):
MAX_STEPS = 9  # a block's steps (the largest have 4)
MAX_PIECES = 99  # items of one purchase
MAX_WERP = 999  # WERP moved by one transfer, edit or U-boat loss (a whole turn's income is under 300)
MAX_TRACK = 99  # a General Information Track value, V-weapon points
MAX_FLEET = 99  # fleet points of one nation in one sea
MAX_SPECIAL_ACTIONS = 20
MAX_LIMIT = 99  # a Table 20.3 strategic-move limit
MAX_PATH = 40  # areas and seas in one move
MAX_SIDES = 10  # entries keyed by side or nation; the Vichy units
MAX_EDIT_LINES = 100  # blocks added by one edit or deployment
FleetPoints = count(MAX_FLEET)
Weather = mapping(Name, Name, 10)  # zone -> condition
FireOrder = mapping(Name, items(Names, 50), MAX_SIDES)  # side -> groups of unit ids firing one throw each


class Advance(Command, tag="ee.advance"):
    """End the current phase (in production: this nation's production) and go on to the next (EE 1.0)."""

    faces: Faces = ()  # physical dice in throw order; empty = the assistant rolls


class EnterWeather(Command, tag="ee.enter_weather"):
    """The weather of the turn as printed on the turn track (or read off a variable box): zone -> condition."""

    weather: Weather


class RollWeather(Command, tag="ee.roll_weather"):
    """Variable weather (EE 1.11): the German and the Soviet player each roll a die."""

    faces: Faces = ()  # physical dice in throw order; empty = the assistant rolls


class SetStrategicMoveLimit(Command, tag="ee.set_strategic_move_limit"):
    """Enter a nation's Table 20.3 strategic-move limit (not printed in the rule book)."""

    nation: Name
    limit: count(MAX_LIMIT)


class ResolveUBoats(Command, tag="ee.resolve_uboats"):
    """The U-boat campaign (EE 2.11-2.13); ``percent`` and ``werp_loss`` as read on the map tables after the dice,
    unless the players entered those tables as game options."""

    percent: count(100) | None = None
    werp_loss: count(MAX_WERP) | None = None
    faces: Faces = ()  # physical dice in throw order; empty = the assistant rolls


class AirRaid(Command, tag="ee.air_raid"):
    """A strategic bombing raid against the producing nation (EE 2.22). ``intercept`` is the defender's choice
    below the forced-interception threshold; ``land_support`` is the 2.27 declaration."""

    intercept: bool = True
    land_support: bool = False
    faces: Faces = ()  # physical dice in throw order; empty = the assistant rolls


class LaunchVWeapons(Command, tag="ee.launch_v_weapons"):
    """V-1 or V-2 points launched against England in the Allied production phase (EE 2.28)."""

    kind: Name
    points: count(MAX_TRACK)
    intercept: bool = True
    faces: Faces = ()  # physical dice in throw order; empty = the assistant rolls


class TransferWerp(Command, tag="ee.transfer_werp"):
    """Lend-lease or aid (EE 9.35, 9.36, 9.43): booked in both ledgers at once."""

    receiver: Name
    amount: count(MAX_WERP)
    route: Name = "direct"
    sender: Name = ""  # the producing nation when left out; naming another is refused with when it may send
    override: Text = ""  # the table's reason for sending it although the rules refuse


class Buy(Command, tag="ee.buy"):
    """One purchase in the producing nation's production phase.

    item: new_unit | replacement | gsu | special_action | fortification | heavy_fortification | fleet_point |
    fighter | bomber | uboat | v1 | v2 | flak | asw.
    """

    item: str
    qty: count(MAX_PIECES) = 1
    kind: Name = ""
    elite: bool = False
    steps: count(MAX_STEPS) = 0
    max_steps: count(MAX_STEPS) = 0
    area: Name = ""
    sea: Name = ""
    unit_id: Name = ""
    owner: Name = ""  # an Axis minor paid with German WERP, or "free_french" for the U.S.A.
    override: Text = ""  # the table's reason for buying it although the rules refuse (recorded with the refusal)


class PlaceFree(Command, tag="ee.place_free"):
    """Free steps or units: source = axis_minor_step (9.15) | conscription (9.24f) | soviet_elites (9.24e) |
    minor_replacement (9.62). A replacement step when ``unit_id`` names a unit on the map; otherwise a new unit
    (its id given, or named by the assistant when empty)."""

    source: Name
    unit_id: Name = ""
    area: Name = ""
    kind: Name = "infantry"
    steps: count(MAX_STEPS) = 1
    max_steps: count(MAX_STEPS) = 0
    owner: Name = ""


class DeclareConscription(Command, tag="ee.declare_conscription"):
    """Soviet Emergency Conscription (EE 9.24f), once in the game, in a Soviet production phase."""


class UnrestrictedReplacement(Command, tag="ee.unrestricted_replacement"):
    """Spend a Special Action held since the previous turn to replace freely in one supplied area (EE 7.8)."""

    nation: Name
    area: Name


class DeclareWar(Command, tag="ee.declare_war"):
    """A declaration of war, only in the phasing player's initial operational movement phase (EE 1.23)."""

    aggressor: Name
    target: Name
    override: Text = ""  # the table's reason for declaring it although the rules refuse


class Move(Command, tag="ee.move"):
    """Move one unit along ``path`` (areas entered in order). mode: operational | strategic | amphibious |
    airborne | retreat | reinforcement | front_defense; empty: the phase's own (strategic in a strategic phase).

    Sea transport (EE 5.3): put the sea areas crossed in the path where the unit is at sea, e.g.
    ``["atlantic", "norway"]`` (operational: from a port to a port or invasion site of that sea) or
    ``["london", "atlantic", "mediterranean", "alexandria"]`` (strategic). ``"cape"`` in a British strategic path
    is the Cape of Good Hope route (5.33). ``fleet`` picks whose fleet points carry it in a sea (default: the
    unit's own nation, then its partners); ``unopposed`` lists seas where the enemy declines naval interdiction
    (8.21); ``faces`` are the interdiction dice when thrown at the table.
    """

    unit_id: Name
    path: items(Name, MAX_PATH)
    mode: Name = ""
    fleet: mapping(Name, Name, MAX_PATH) = {}
    unopposed: items(Name, MAX_PATH) = ()
    faces: Faces = ()  # physical dice in throw order; empty = the assistant rolls
    override: Text = ""  # the table's reason for making the move although the rules refuse


class Fight(Command, tag="ee.fight"):
    """One combat round in one area by the phasing player (EE 6.2).

    Player choices: ``gsu_air`` (GSU ids flying air combat), ``supported`` (land unit ids given a GSU, in
    priority order, EE 6.6), ``fire_order`` (groups of unit ids firing one throw each, per side),
    ``loss_order`` (unit ids in the order their owner takes losses), and the situational hit-bonuses the map
    decides: ``crossed`` (unit kinds that entered across a river or strait, 6.83), ``maginot`` (6.84),
    ``landing`` (first round against an amphibious or airborne assault, 7.21/7.31).
    """

    area: Name
    round_type: Name = "normal"
    gsu_air: Names = ()
    supported: Names = ()
    fire_order: FireOrder = {}
    loss_order: mapping(Name, Names, MAX_SIDES) = {}
    crossed: Names = ()
    maginot: bool = False
    landing: bool = False
    nations: Names = ()  # breakthrough combat: the majors that spent a Special Action (EE 6.72)
    faces: Faces = ()  # physical dice in throw order; empty = the assistant rolls


class Counterattack(Command, tag="ee.counterattack"):
    """The defender spends a Special Action to counterattack at the end of a round (EE 6.5, 7.7)."""

    nation: Name
    area: Name
    round_type: Name = "normal"
    gsu_air: Names = ()
    supported: Names = ()
    fire_order: FireOrder = {}
    loss_order: mapping(Name, Names, MAX_SIDES) = {}
    faces: Faces = ()  # physical dice in throw order; empty = the assistant rolls


class BuyBreakthrough(Command, tag="ee.buy_breakthrough"):
    """Spend Special Actions for a breakthrough phase (EE 1.26, 5.4, 6.7): kind operational | strategic | combat.
    For combat, every major power that attacks spends one (6.72)."""

    kind: Name
    nations: Names
    area: Name = ""


class SpendSpecialAction(Command, tag="ee.spend_special_action"):
    """Any other Special Action use (EE 7.2-7.6): amphibious, airborne, withdraw, retreat, reinforce. The movement
    it allows is then recorded with the usual commands. Limited Supply (7.9) is given with ee.determine_supply."""

    nation: Name
    purpose: Name
    area: Name = ""
    override: Text = ""  # the table's reason for spending it although the rules refuse


class EstablishVichy(Command, tag="ee.establish_vichy"):
    """Germany accepts the French armistice (EE 9.521); the three Vichy units' areas (9.522); ``relocate``: each
    Axis unit standing in Vichy territory -> the nearest Axis-controlled area it goes to (9.523)."""

    placements: items(Name, MAX_SIDES)
    relocate: mapping(Name, Name) = {}


class TransferFleet(Command, tag="ee.transfer_fleet"):
    """Fleet points moved between sea areas in a friendly supply phase (EE 8.3, 8.31, 8.32)."""

    nation: Name
    from_sea: Name
    to_sea: Name
    count: FleetPoints = 1


class NavalCombat(Command, tag="ee.naval_combat"):
    """The opponent of a sea transport starts naval combat in that sea (EE 8.1). ``fleet_loss_order``: per side,
    the nations whose fleet points go first (the British player splits Allied losses, 9.51a); ``units_lost``: the
    transported units the carrier's owner loses first (8.14)."""

    sea: Name
    fleet_loss_order: mapping(Name, Names, MAX_SIDES) = {}
    units_lost: Names = ()
    faces: Faces = ()  # physical dice in throw order; empty = the assistant rolls


class ChooseFrenchFleetEscape(Command, tag="ee.french_fleet_escape"):
    """France conquered without Vichy: the Allied player picks the sea whose French fleet point becomes British
    (EE 9.522)."""

    sea: Name


class EliminateExcess(Command, tag="ee.eliminate_excess"):
    """The owner eliminates the land units over a fortress's stacking limit at the end of a phase (EE 5.5)."""

    unit_ids: Names


class RemoveBeachhead(Command, tag="ee.remove_beachhead"):
    """The invader removes his beachhead once the area is cleared of enemy land units (EE 7.22)."""

    area: Name


class NewBlock(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A block to put on the map: its nation, type, steps (0 = full strength) and area; ``id`` optional."""

    nation: Name
    kind: Name
    max_steps: count(MAX_STEPS)
    area: Name
    steps: count(MAX_STEPS) = 0
    elite: bool = False
    id: Name = ""


class Edit(Command, tag="ee.edit"):
    """Edit mode: when the physical board and the assistant disagree, the table corrects the record by hand, with
    a reason (mandatory). ``add`` blocks (from the force pool when it holds one), ``remove`` blocks by id (to the
    force pool, or out of the game with ``for_good``), set blocks' ``steps``, set area ``control`` (Axis, Allied,
    neutral), adjust a nation's ``werp`` (+/- in its ledger of this turn), set ``track`` values (uboats, asw, v1,
    v2, flak_germany, flak_britain, bombers_axis, bombers_allied, fighters_axis, fighters_allied), Special
    Actions held, fleet points per sea and nation, and this turn's ``weather``."""

    reason: Text
    add: items(NewBlock, MAX_EDIT_LINES) = ()
    remove: Names = ()
    for_good: bool = False
    steps: mapping(Name, count(MAX_STEPS)) = {}
    control: mapping(Name, Name) = {}
    werp: mapping(Name, amount(-MAX_WERP, MAX_WERP)) = {}
    track: mapping(Name, count(MAX_TRACK)) = {}
    special_actions: mapping(Name, count(MAX_SPECIAL_ACTIONS)) = {}
    fleets: mapping(Name, mapping(Name, count(MAX_FLEET))) = {}
    weather: Weather = {}


class DeployMinor(Command, tag="ee.deploy_minor"):
    """EE 9.61: war was just declared on a minor power; its forces deploy at once, as the players read them off
    the deployment table (not in the rule book): one entry per block, in the minor's own areas."""

    minor: Name
    blocks: items(NewBlock, MAX_EDIT_LINES)


class LeaveFortress(Command, tag="ee.leave_fortress"):
    """EE 5.5, 6.85, 6.86: attackers leave a fortress — over its stacking limit once it is taken, or at the end
    of the attacker's player turn — for its surrounding area; from Malta back to their port of origin by sea
    (open to naval combat), a ground support unit to Sicily."""

    unit_ids: Names


COMMANDS = (
    Advance,
    EnterWeather,
    RollWeather,
    SetStrategicMoveLimit,
    ResolveUBoats,
    AirRaid,
    LaunchVWeapons,
    TransferWerp,
    Buy,
    PlaceFree,
    DeclareConscription,
    UnrestrictedReplacement,
    DeclareWar,
    Move,
    Fight,
    Counterattack,
    BuyBreakthrough,
    SpendSpecialAction,
    EstablishVichy,
    TransferFleet,
    NavalCombat,
    ChooseFrenchFleetEscape,
    RemoveBeachhead,
    EliminateExcess,
    Edit,
    DeployMinor,
    LeaveFortress,
)
