"""Wizard Dice bots: the strong bot beats the easy one, every choice is legal and depends only on the seat's view
and seed, the easy bot casts what its dice form, the strong bot keeps, casts and cancels sensibly, and
``determinize`` samples the secrets a seat cannot see consistently with what it does see."""

import random

import pytest

from tabletop.core.controller import MatchController
from tabletop.core.rng import ScriptedRandom, SeededRandom, derive_seed
from tabletop.core.simulate import DEFAULT_SEATS, play_one
from tabletop.core.values import evolve
from tabletop.games.wizard_dice.bots import EasyBot, StrongBot, outlook_of
from tabletop.games.wizard_dice.intents import Cancel, CastSpell, Commit, Roll, Stop
from tabletop.games.wizard_dice.spells import load_spells
from tabletop.games.wizard_dice.state import Stage, Target
from tabletop.registry import get_rules
from tests.strength_checks import wins_most

RULES = get_rules("wizard-dice")
BOOK = load_spells()


def new_match(dice, seats=("Drew", "Rick")) -> MatchController:
    """A match whose wizards roll ``dice`` first, in the order drawn; seeded dice after that."""
    return MatchController(RULES, None, list(seats), 1, rng=ScriptedRandom(list(dice), then=SeededRandom(1)))


def play(bots, seed, players=None):
    """One game with these levels; every choice checked against the legal intents."""
    count = players or len(bots)
    match = MatchController(RULES, None, DEFAULT_SEATS[:count], seed)
    seated = [RULES.make_bot(level, derive_seed(seed, "bot", seat), seat) for seat, level in enumerate(bots)]
    while not match.finished:
        seat = match.state.to_act
        legal = match.legal_intents()
        intent = seated[seat].choose(legal, RULES.view(match.state, seat))
        assert intent in legal, f"{bots[seat]} chose {intent.to_str()}, not a legal move"
        match.submit(intent)
    return match


# ================================================================ strength, legality, determinism
@pytest.mark.slow
def test_strong_beats_easy_in_most_of_a_seeded_batch():
    """Up to 30 seeded games, the seats taken in turn, stopped once the verdict is clear (:func:`wins_most`)."""
    def strong_won(index):
        bots = ("strong", "easy") if index % 2 == 0 else ("easy", "strong")
        match = play_one(RULES, derive_seed(2024, index), check=False, bots=bots)
        winners = RULES.outcome(match.state).winners
        return any(bots[seat] == "strong" for seat in winners) if winners else None

    wins_most(strong_won, 30, fewest_decided=25)


@pytest.mark.slow
@pytest.mark.parametrize("bots", [("strong", "easy", "easy"), ("easy", "strong", "strong", "easy")])
def test_every_choice_is_legal_with_three_and_four_wizards(bots):
    for seed in range(2):
        match = play(bots, 300 + seed)
        assert RULES.outcome(match.state).finished


def test_the_same_seed_gives_the_same_choices():
    first = play(("strong", "easy"), 41)
    second = play(("strong", "easy"), 41)
    assert [entry.intent for entry in first.journal] == [entry.intent for entry in second.journal]


def test_an_unknown_level_is_refused_and_each_level_names_itself():
    assert RULES.make_bot("easy", 1, 0).bot_id == "easy"
    assert RULES.make_bot("strong", 1, 1).bot_id == "strong"
    with pytest.raises(ValueError):
        RULES.make_bot("grandmaster", 1, 0)


# ================================================================ easy
def test_easy_casts_what_its_dice_form_at_sensible_targets_before_it_commits():
    match = new_match([3, 3, 4, 4, 1, 6])
    match.submit("roll seat=0")
    match.submit("stop seat=0")
    for seed in range(20):
        choice = EasyBot(seed, 0).choose(match.legal_intents(), RULES.view(match.state, 0))
        assert isinstance(choice, CastSpell), choice.to_str()
        spell = BOOK[choice.spell]
        if spell.category == "attack":
            assert all(target == Target.wizard(1) for target in choice.targets)
        else:
            assert choice.targets == (Target.wizard(0),)
    # Once nothing more can be cast, it commits.
    match.submit("cast seat=0 spell=summon-ogre dice=3,3,4,4 targets=wizard-0 aim=1")
    match.submit("cast seat=0 spell=magic-missiles dice=6 targets=wizard-1")
    match.submit("cast seat=0 spell=poison-arrow dice=1 targets=wizard-1")
    assert isinstance(EasyBot(3, 0).choose(match.legal_intents(), RULES.view(match.state, 0)), Commit)


# ================================================================ strong
def strong_turn(match: MatchController, seat: int = 0) -> list:
    """Let the strong bot play ``seat``'s secret turn up to its commit; returns its choices."""
    bot = StrongBot(1, seat)
    chosen = []
    while match.state.to_act == seat and match.state.flow.stage == Stage.SECRET:
        intent = bot.choose(match.legal_intents(), RULES.view(match.state, seat))
        chosen.append(intent)
        match.submit(intent)
        if isinstance(intent, Commit):
            break
    return chosen


def weakened(match: MatchController, seat: int, hp: int) -> MatchController:
    """The match with ``seat`` down to ``hp`` (a position a duel reaches; the dice to come stay scripted)."""
    state = match.state
    wizards = list(state.wizards)
    wizards[seat] = evolve(wizards[seat], hp=hp)
    match.states[-1] = evolve(state, wizards=tuple(wizards))
    return match


def test_strong_keeps_four_of_a_kind_and_rolls_for_the_kill():
    # Rick at 4: a Lightning Bolt finishes him only if he raised no Shield; a fifth 5 is a Fireball.
    match = weakened(new_match([5, 2, 5, 3, 5, 5]), 1, 4)
    match.submit("roll seat=0")
    bot = StrongBot(1, 0)
    while True:
        intent = bot.choose(match.legal_intents(), RULES.view(match.state, 0))
        if isinstance(intent, (Roll, Stop)):
            break
        match.submit(intent)
    assert isinstance(intent, Roll)
    secret = match.state.wizards[0].secret
    assert [d for d, kept in zip(secret.dice, secret.kept) if kept] == [5, 5, 5, 5]


def test_strong_casts_a_fireball_that_can_end_the_duel():
    # Five 5s and a 2 against Rick at 4 HP; whatever it rolls again (a 3, then a 4), the Fireball stands.
    match = weakened(new_match([5, 5, 5, 5, 5, 2, 3, 4]), 1, 4)
    match.submit("roll seat=0")
    casts = [intent for intent in strong_turn(match) if isinstance(intent, CastSpell)]
    assert casts[0].spell == "fireball" and casts[0].targets == (Target.wizard(1),)


def test_strong_cancels_the_spell_that_would_hurt_it_most():
    match = new_match([1, 2, 3, 4, 5, 5, 6, 6, 4, 4, 4, 4])
    match.submit("roll seat=0")
    match.submit("stop seat=0")
    match.submit("cast seat=0 spell=counterspell dice=1,2,3,4 targets=wizard-0")
    match.submit("commit seat=0")
    match.submit("roll seat=1")
    match.submit("stop seat=1")
    match.submit("cast seat=1 spell=magic-missiles dice=6,6 targets=wizard-0,wizard-0")
    match.submit("cast seat=1 spell=lightning-bolt dice=4,4,4,4 targets=wizard-0 split=4")
    match.submit("commit seat=1")
    assert match.state.flow.stage == Stage.COUNTER and match.state.to_act == 0
    choice = StrongBot(1, 0).choose(match.legal_intents(), RULES.view(match.state, 0))
    assert choice == Cancel(0, 1, "lightning-bolt", Target.wizard(0))


def test_strong_attacks_the_weakest_opponent():
    match = new_match([], seats=("Drew", "Rick", "Ann"))
    state = match.state
    wizards = list(state.wizards)
    wizards[1] = evolve(wizards[1], hp=12)
    wizards[2] = evolve(wizards[2], hp=7)
    state = evolve(state, wizards=tuple(wizards))
    assert outlook_of(RULES.view(state, 0), 0).target == 2


# ================================================================ determinize
def test_determinize_samples_a_committed_wizards_secret_and_rebuilds_one_not_started():
    match = new_match([3, 3, 4, 4, 1, 6], seats=("Drew", "Rick", "Ann"))
    match.submit("roll seat=0")
    match.submit("stop seat=0")
    match.submit("cast seat=0 spell=summon-ogre dice=3,3,4,4 targets=wizard-0 aim=1")
    match.submit("commit seat=0")
    match.submit("roll seat=1")
    state = match.state
    view = RULES.view(state, 1)
    seen = set()
    for seed in range(8):
        sampled = RULES.determinize(view, 1, random.Random(seed))
        assert RULES.view(sampled, 1) == view
        assert not RULES.invariants(sampled)
        assert sampled.wizards[1] == state.wizards[1]          # the seat's own secret stays its own
        assert sampled.wizards[2] == state.wizards[2]          # Ann has not rolled: nothing to sample
        drew = sampled.wizards[0].secret
        assert drew.committed and drew.rolled_out and len(drew.dice) == 6
        for owner in (0, 2):          # secrets held exactly where they really are (a seal, sampled casts)
            assert bool(RULES.secrets(sampled, owner)) == bool(RULES.secrets(state, owner))
        seen.add(drew.dice)
    assert len(seen) > 1
    # Before anyone rolls, every other secret is only the continued dice: the state comes back as it is.
    fresh = new_match([], seats=("Drew", "Rick", "Ann")).state
    assert RULES.determinize(RULES.view(fresh, 0), 0, random.Random(1)) == fresh


# ================================================================ enemy allies (issue 22)
def with_ogre(match: MatchController, owner: int, hp: int = 2, aim: int = 0) -> MatchController:
    """The match with an Ogre of ``hp`` HP beside ``owner``, attacking ``aim`` (a position a duel reaches)."""
    from tabletop.games.wizard_dice.state import Ally
    state = match.state
    wizards = list(state.wizards)
    wizards[owner] = evolve(wizards[owner], allies=(Ally(7, "ogre", hp, 2, aim),))
    match.states[-1] = evolve(state, wizards=tuple(wizards), next_ally=8, roster=((7, owner, "ogre"),))
    return match


def test_strong_kills_an_enemy_ogre_with_a_poison_arrow_when_that_is_clearly_best():
    # Two 1s, and nothing else worth much: the arrow kills the Ogre (2 damage a round stopped for good) or
    # takes 1 or 2 HP off Rick at 20 HP, perhaps behind a Shield.
    match = with_ogre(new_match([1, 1, 2, 4, 6, 3]), 1)
    match.submit("roll seat=0")
    match.submit("stop seat=0")
    casts = [intent for intent in strong_turn(match) if isinstance(intent, CastSpell)]
    arrows = [c for c in casts if c.spell == "poison-arrow"]
    assert arrows and arrows[0].targets == (Target.ally(7),), [c.to_str() for c in casts]



def test_the_strong_bots_reason_for_the_arrow_names_the_ogre_and_what_its_fall_stops():
    match = with_ogre(new_match([1, 1, 2, 4, 6, 3]), 1)
    match.submit("roll seat=0")
    match.submit("stop seat=0")
    bot = RULES.make_bot("strong", 1, 0)
    reasons = {}
    while not match.state.wizards[0].secret.committed:
        intent, reason = bot.decide(RULES.view(match.state, 0), random.Random(1))
        reasons[intent.to_str()] = reason
        match.submit(intent)
    # The bot found better still: one 6 and one 1 kill the Ogre, and the other 1 makes a Counterspell.
    assert reasons["cast seat=0 spell=magic-missiles dice=6 targets=ally-7"] == \
        "Magic Missiles at Rick's Ogre: with your Poison Arrow it falls, and stops 2 damage a round.", reasons
    assert reasons["cast seat=0 spell=poison-arrow dice=1 targets=ally-7"] == \
        "Poison Arrow at Rick's Ogre: with your Magic Missiles it falls, and stops 2 damage a round.", reasons


# ================================================================ the new levels (issue 22)
@pytest.mark.parametrize("bots", [("greedy", "strong"), ("expert", "strong"), ("easy", "greedy"),
                                  ("expert", "greedy", "strong")])
def test_every_new_level_plays_legal_games_to_the_end(bots):
    match = play(bots, 77)
    assert RULES.outcome(match.state).finished
    assert RULES.make_bot(bots[0], 1, 0).bot_id == bots[0]


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_decide_gives_the_intent_choose_gives_with_the_same_generator_and_a_sentence(level):
    """At every decision of a seeded game: a bot's ``choose`` and a twin's ``decide`` with a generator seeded
    as the bot's own agree, and the reason is one plain sentence (no developer words)."""
    match = MatchController(RULES, None, DEFAULT_SEATS[:2], 12)
    players = [RULES.make_bot("strong", 5, seat) for seat in range(2)]
    checked = 0
    while not match.finished and checked < 120:
        seat = match.state.to_act
        view = RULES.view(match.state, seat)
        legal = match.legal_intents()
        if len(legal) > 1:
            chosen = RULES.make_bot(level, 9, seat).choose(legal, view)
            decided, reason = RULES.make_bot(level, 9, seat).decide(view, random.Random(9))
            assert decided == chosen, (decided, chosen)
            assert reason.endswith(".") and reason[0].isupper() and "seat" not in reason and "=" not in reason
            checked += 1
        match.submit(players[seat].choose(legal, view))
    assert checked > 20


def test_greedy_casts_the_most_damage_at_once_and_no_defence():
    # 5 5 5 5 2 3: a Lightning Bolt for 4 now; the strong bot might keep rolling, the greedy one keeps the four
    # 5s and, once out of rolls, casts the bolt at Rick, whole.
    match = new_match([5, 5, 5, 5, 2, 3, 1, 4, 2, 6])
    match.submit("roll seat=0")
    bot = RULES.make_bot("greedy", 1, 0)
    chosen = []
    while match.state.to_act == 0 and match.state.flow.stage == Stage.SECRET:
        intent = bot.choose(match.legal_intents(), RULES.view(match.state, 0))
        chosen.append(intent)
        match.submit(intent)
        if isinstance(intent, Commit):
            break
    casts = [c for c in chosen if isinstance(c, CastSpell)]
    assert [c.spell for c in casts if BOOK[c.spell].category != "attack"] == []
    assert any(c.spell == "lightning-bolt" and c.targets == (Target.wizard(1),) for c in casts), chosen


def test_greedy_stops_when_it_keeps_every_die_even_if_its_plan_leaves_one_spare():
    # Two 6s carried, then 6 1 1 1: Magic Missiles (6 6) and Poison Arrow (1 1 1) leave a 6 spare; once that
    # 6 is kept too nothing is left to roll, and the greedy bot stops (it kept and released it for ever).
    match = new_match([6, 1, 1, 1])
    state = match.state
    wizards = list(state.wizards)
    wizards[0] = evolve(wizards[0], continued=(6, 6))
    match.states[-1] = evolve(state, wizards=tuple(wizards))
    match.states[-1] = RULES._begin_secret(evolve(match.state, flow=evolve(match.state.flow, stage=Stage.UPKEEP)))
    bot = RULES.make_bot("greedy", 1, 0)
    for _ in range(12):
        if match.state.to_act != 0 or match.state.wizards[0].secret.rolled_out:
            break
        match.submit(bot.choose(match.legal_intents(), RULES.view(match.state, 0)))
    assert match.state.wizards[0].secret.rolled_out, [e.intent.to_str() for e in match.journal]
