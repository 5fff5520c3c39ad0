"""ElementaliS rules beyond the scenario files: mage types, the draft's refusals, costs and spell lists by
type, the Sun die's immunity, illegal intents, and golden games between random bots (rules reference B1,
B2 items 1 and 5, B5 tests 16, 17, 18 and 20)."""

from itertools import product

import pytest

from tabletop.core.controller import MatchController
from tabletop.core.protocol import IllegalIntent
from tabletop.core.rng import ScriptedRandom, SeededRandom
from tabletop.core.simulate import play_one
from tabletop.core.values import to_plain
from tabletop.games.elementalis.elements import ELEMENTS, ETHER, SUN
from tabletop.games.elementalis.intents import Cast, PassWindow, Roll, StartMana, TakeMajor, TakeMinor, Tap
from tabletop.games.elementalis.scoring import score
from tabletop.games.elementalis.state import Die, Flow, Mage, Mana, State, Window
from tabletop.registry import get_rules

RULES = get_rules("elementalis")
CONTENT = RULES.content

# (seed, mages): (Mana in each Pool at the end, winners, intents played) of a game between random bots.
# If one changes, a rule changed (or the bot did): say so and update the numbers.
# Issue 18: the spell window after the Cosmic Roll, Incinerate and Tornado picking from any Pools, and Gust
# (the opposing mage's dice in an opposition, Mirror Pool copies too) changed the last two.
GOLDEN = {
    (1, 2): ((4, 0), (0,), 66),
    (2, 3): ((8, 4, 4), (0,), 121),
    (3, 5): ((3, 3, 1, 0, 1), (1,), 243),
}


@pytest.mark.parametrize("seed, mages", sorted(GOLDEN))
def test_golden_games(seed, mages):
    match = play_one(RULES, seed, mages)
    outcome = RULES.outcome(match.state)
    assert match.finished
    assert (outcome.scores, outcome.winners, len(match.journal)) == GOLDEN[(seed, mages)]


# ---------------------------------------------------------------- mage types (B1's table, test 20)
SUPPORT = {("earth", "water"), ("water", "earth"), ("air", "fire"), ("fire", "air")}


def expected_type(major: str, minor: str) -> str:
    if major == ETHER:
        return "unbound" if minor == ETHER else "creationist"
    if minor == ETHER:
        return "elitist"
    if minor == major:
        return "purist"
    return "elementalist" if (major, minor) in SUPPORT else "harmonist"


@pytest.mark.parametrize("major, minor", list(product((*ELEMENTS, ETHER), repeat=2)))
def test_every_pair_of_arcana_has_its_type(major, minor):
    assert CONTENT.mage_type(major, minor) == expected_type(major, minor)


def test_the_reference_type_derivations():
    table = {("earth", "water"): "elementalist", ("water", "earth"): "elementalist",
             ("air", "fire"): "elementalist", ("fire", "air"): "elementalist", ("earth", "earth"): "purist",
             ("earth", "fire"): "harmonist", ("earth", "air"): "harmonist", ("water", "fire"): "harmonist",
             ("ether", "air"): "creationist", ("air", "ether"): "elitist",
             ("ether", "ether"): "unbound"}                      # E-15: a Creationist with no Minor element
    assert {pair: CONTENT.mage_type(*pair) for pair in table} == table
    harmonists = {(a, b) for a, b in product(ELEMENTS, repeat=2) if CONTENT.mage_type(a, b) == "harmonist"}
    assert harmonists == {("earth", "air"), ("earth", "fire"), ("air", "earth"), ("air", "water"),
                          ("water", "air"), ("water", "fire"), ("fire", "water"), ("fire", "earth")}


def test_unbound_scores_only_mana_of_choice():
    counts = {"ether": 3, "water": 2, "sun": 1}
    assert score(CONTENT, "unbound", ETHER, ETHER, counts, sun=True).choice == 2
    assert score(CONTENT, "unbound", ETHER, ETHER, counts, sun=True).nets == {}


# ---------------------------------------------------------------- the draft
def new_match(seats=("Ann", "Bo"), options=None, seed=7) -> MatchController:
    return MatchController(RULES, options, list(seats), seed)


def test_five_mages_need_the_ether_cards():
    seats = ["Ann", "Bo", "Cy", "Di", "Ed"]
    with pytest.raises(ValueError, match="Ether cards"):
        RULES.setup({"ether_cards": "no"}, seats, SeededRandom(1))
    match = new_match(seats)
    for seat, element in enumerate(ELEMENTS):
        match.submit(TakeMajor(seat, element))
    assert match.legal_intents() == (TakeMajor(4, ETHER),)     # the last Major left: someone is a Creationist


def test_without_the_ether_cards_no_ether_is_drafted():
    match = new_match(options={"ether_cards": "no"})
    assert TakeMajor(0, ETHER) not in match.legal_intents()
    match.submit(TakeMajor(0, "fire"))
    match.submit(TakeMajor(1, "water"))
    assert TakeMinor(0, ETHER) not in match.legal_intents()


def assert_refused(match: MatchController, intent, words: str = "") -> None:
    before = match.state
    plain = to_plain(before)
    with pytest.raises(IllegalIntent) as caught:
        match.submit(intent)
    assert words.lower() in caught.value.reason.lower()
    assert match.state is before and to_plain(match.state) == plain
    with pytest.raises(IllegalIntent):                     # the rules object itself, not only the controller
        RULES.apply(before, intent, ScriptedRandom([]))


def test_the_ether_major_takes_an_element_minor():
    match = new_match()
    match.submit(TakeMajor(0, ETHER))
    match.submit(TakeMajor(1, "fire"))
    assert TakeMinor(0, ETHER) not in match.legal_intents()
    assert_refused(match, TakeMinor(0, ETHER), "element Minor")
    match.submit(TakeMinor(0, "water"))
    assert TakeMinor(1, ETHER) in match.legal_intents()          # an Elitist Fire/Ether is fine


def test_draft_refusals():
    match = new_match(("Ann", "Bo", "Cy"))
    assert_refused(match, TakeMajor(1, "fire"), "Ann's decision")
    match.submit(TakeMajor(0, "fire"))
    assert_refused(match, TakeMajor(1, "fire"), "taken")
    match.submit(TakeMajor(1, "water"))
    match.submit(TakeMajor(2, "earth"))
    assert_refused(match, StartMana(0, ("fire", "water")), "Starting Mana is taken only once, after the draft")  # the Minors first
    match.submit(TakeMinor(0, "air"))
    match.submit(TakeMinor(1, "air"))
    assert_refused(match, TakeMinor(2, "air"), "Both Air Minors are taken")     # two Minors of each element
    match.submit(TakeMinor(2, "earth"))
    assert_refused(match, StartMana(0, ("fire", "water")), "Bo's decision")   # the first player takes none


# ---------------------------------------------------------------- costs and spell lists by type
def table(*pairs, ether_leak=False, mana=None, dice=()) -> State:
    mages = tuple(Mage(name=f"M{seat}", major=major, minor=minor, mana=Mana.of(mana or {}))
                  for seat, (major, minor) in enumerate(pairs))
    return State(mages=mages, flow=Flow(stage="turn", ether_leak=ether_leak, dice=dice))


@pytest.mark.parametrize("pair, costs", [
    (("fire", "water"), (2, 3, 4)),          # Harmonist: +1 on every spell
    (("earth", "earth"), (1, 1, 2)),         # Purist: -1 on levels 2 and 3
    (("fire", "ether"), (1, 1, 2)),          # Elitist: as a Purist (E-19)
    (("fire", "air"), (1, 2, 3)),            # Elementalist: the level
    (("ether", "air"), (1, 2, 3)),           # Creationist: the level (she only has level 1)
])
def test_costs_by_type(pair, costs):
    state = table(pair)
    assert tuple(RULES.cost(state, 0, level) for level in (1, 2, 3)) == costs
    leaked = table(pair, ether_leak=True)
    assert tuple(RULES.cost(leaked, 0, level) for level in (1, 2, 3)) == tuple(c + 1 for c in costs)


def test_reference_test_16_costs():
    harmonist, purist = table(("fire", "water")), table(("earth", "earth"))
    level = {s.spell_id: s.level for s in CONTENT.spells}
    assert RULES.cost(harmonist, 0, level["char"]) == 2
    assert RULES.cost(purist, 0, level["tremor"]) == 1
    assert RULES.cost(purist, 0, level["earth-link"]) == 2


def test_counter_spell_costs_the_voided_level_with_the_counterers_modifiers():
    state = table(("water", "fire"))
    burn, char, incinerate = (CONTENT.spell(s) for s in ("burn", "char", "incinerate"))
    assert [RULES.counter_cost(state, 0, s) for s in (char, burn, incinerate)] == [2, 3, 4]   # Harmonist
    purist = table(("water", "water"))
    assert [RULES.counter_cost(purist, 0, s) for s in (char, burn, incinerate)] == [1, 1, 2]
    leaked = table(("water", "water"), ether_leak=True)
    assert [RULES.counter_cost(leaked, 0, s) for s in (char, burn, incinerate)] == [2, 2, 3]


def spell_list(major, minor):
    return sorted((card, spell.spell_id) for card, spell in RULES.entries(table((major, minor)), 0))


def test_spell_lists_by_type():
    level_1 = [("major", s) for s in ("breeze", "char", "mirror-pool", "petrify")]
    assert spell_list("ether", "air") == sorted(level_1 + [("minor", "breeze")])       # Creationist: any level 1
    assert spell_list("ether", "ether") == sorted(level_1)                             # E-15
    assert spell_list("fire", "ether") == [("major", "burn"), ("major", "char"), ("major", "incinerate"),
                                           ("minor", "char")]                          # settled ruling 2
    assert spell_list("water", "water") == [("major", "counter-spell"), ("major", "ether-leak"),
                                            ("major", "mirror-pool"), ("minor", "mirror-pool")]    # E-18
    assert spell_list("earth", "water") == [("major", "earth-link"), ("major", "petrify"), ("major", "tremor"),
                                            ("minor", "mirror-pool")]
    assert spell_list("air", "fire") == [("major", "breeze"), ("major", "gust"), ("major", "tornado"),
                                         ("minor", "char")]


def test_a_creationist_casts_any_level_1_and_nothing_else():
    state = table(("ether", "earth"), ("fire", "fire"), mana={e: 5 for e in ELEMENTS}, dice=DICE)
    assert {c.spell for c in RULES.castable(state, 0)} == {"char", "mirror-pool", "petrify", "breeze"}


# ---------------------------------------------------------------- the Sun die (test 18; settled ruling 4)
KINDS = ("fire", "water", "earth", "air", SUN)
DICE = tuple(Die(kind, face) for kind, face in zip(KINDS, ("fire", "water", "earth", "air", "ether")))
SUN_DIE = KINDS.index(SUN)


def test_the_sun_die_is_never_a_target_but_a_mirror_copy_is():
    dice = DICE + (Die("water", "water", copy=True),)            # a Mirror Pool copy is a die in play
    seen = set()
    for element in ELEMENTS:
        state = table((element, element), ("ether", "fire"), mana={e: 9 for e in ELEMENTS}, dice=dice)
        castable = RULES.castable(state, 0)
        assert all(c.die != SUN_DIE for c in castable), [c.to_str() for c in castable if c.die == SUN_DIE]
        seen |= {c.spell for c in castable}
        on_copy = {c.spell for c in castable if c.die == len(dice) - 1}
        assert on_copy == {s.spell_id for s in CONTENT.spells_of(element) if s.target.startswith("die")}
    assert {"char", "burn", "petrify", "tremor", "breeze", "gust", "mirror-pool"} <= seen


def test_gust_rolls_every_die_but_the_sun_die_and_held_dice():
    dice = tuple(Die(d.kind, d.face, held=(i == 1)) for i, d in enumerate(DICE))
    mages = (Mage("Ann", "air", "air", mana=Mana(air=2)), Mage("Bo", "water", "water"))
    window = Window(after="score", asked=(0,), declared=(0,))
    state = State(mages=mages, flow=Flow(stage="cast", roll="power", dice=dice, rolled=True, window=window))
    assert Cast(0, "gust") in RULES.legal_intents(state)
    step = RULES.apply(state, Cast(0, "gust"), ScriptedRandom([2, 2, 2]))     # exactly three dice are rolled
    assert [e.die for e in step.events if e.KIND == "die-changed"] == [0, 2, 3]
    assert [d.face for d in step.state.flow.dice] == ["air", "water", "air", "air", "ether"]


# ---------------------------------------------------------------- illegal intents change nothing
def test_illegal_intents_raise_and_change_nothing():
    match = new_match()
    for text in ("major seat=0 element=fire", "major seat=1 element=water", "minor seat=0 element=fire",
                 "minor seat=1 element=water", "start-mana seat=1 mana=earth,air"):
        match.submit(text)
    assert_refused(match, Tap(0, "water"), "Major's element, Fire")
    assert_refused(match, Roll(1), "Ann's decision")
    assert_refused(match, Tap(1, "water"), "Ann's decision")
    match.submit(Tap(0, "fire"))
    assert_refused(match, Tap(0, "fire"))                           # one tap a turn
    match._fixed_rng = ScriptedRandom([6, 3, 2, 2, 3])              # Example 1's Power Roll
    match.submit(Roll(0))
    assert match.state.flow.stage == "declare"                     # 1 Fire: Char and Burn are possible
    assert_refused(match, Roll(0), "The Power Roll only starts a turn")
    match.submit("declare seat=0")
    assert_refused(match, Cast(0, "char", die=SUN_DIE), "Sun die")
    assert_refused(match, Cast(0, "incinerate", target=1), "costs 2 Fire Mana from your Pool; you have 1")
    assert_refused(match, Cast(0, "tremor", die=0, face="fire"), "on neither your Major nor your Minor")
    assert_refused(match, Cast(0, "char", die=9))
    assert_refused(match, PassWindow(0), "only in a spell window")
    assert_refused(match, TakeMajor(0, "air"), "Majors are taken only in the draft")


def test_the_double_ether_die_options():
    state = table(("fire", "air"))
    assert RULES.dice_kinds(state) == ("fire", "water", "earth", "air", SUN)
    sixth = State(mages=state.mages, flow=state.flow, double_ether="sixth die")
    assert RULES.dice_kinds(sixth) == ("fire", "water", "earth", "air", SUN, "double_ether")
    instead = State(mages=state.mages, flow=state.flow, double_ether="instead of the air die")
    assert RULES.dice_kinds(instead) == ("fire", "water", "earth", "double_ether", SUN)
