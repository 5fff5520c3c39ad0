"""Dice Cards rules beyond the scenario files: paying energy costs (DT12, DT13 and combined costs), the
archetypes file's loader, the decks one may choose, dice conservation and privacy over seeded random
duels, and golden duels between playout bots."""

import json
import re
from itertools import combinations

import pytest

from tabletop.core.controller import MatchController
from tabletop.core.data import DataError
from tabletop.core.values import to_plain, visible_events
from tabletop.games.dice_cards.content import _read, load_content, parse_cost
from tabletop.games.dice_cards.intents import ChooseDeck
from tabletop.games.dice_cards.costs import payments
from tabletop.games.dice_cards.state import HIDDEN_DIE, dice_of_power
from tabletop.paths import data_path
from tabletop.registry import get_rules

RULES = get_rules("dice-cards")
CONTENT = RULES.content
SEEDS = (1, 2, 3, 2026, 7, 11)


def pay(cost: str, energy) -> list[tuple[int, ...]]:
    return payments(parse_cost(cost), tuple(energy))


# ---------------------------------------------------------------- energy costs (C.3 #6)
def test_dt12_three_three_five():
    assert pay("doubles", (3, 3, 5)) == [(3, 3)]
    assert pay("single", (3, 3, 5)) == [(3,), (5,)]
    assert pay("high doubles", (3, 3, 5)) == []
    assert pay("high doubles", (5, 5)) == [(5, 5)]
    assert pay("low single", (3, 3, 5)) == [(3,)]
    assert pay("high single", (3, 3, 5)) == [(5,)]
    assert pay("triples", (3, 3, 5)) == []


def test_dt13_a_flush_leaves_the_extra_five():
    assert pay("flush", (1, 2, 3, 4, 5, 5, 6)) == [(1, 2, 3, 4, 5, 6)]
    assert pay("flush", (1, 2, 3, 4, 5, 5)) == []           # no 6
    assert pay("flush", ()) == []


@pytest.mark.parametrize("cost, energy, ways", [
    ("doubles + single", (3, 3, 5), [(3, 3, 5)]),
    ("doubles + single", (3, 3, 3), [(3, 3, 3)]),            # each part uses distinct tokens
    ("doubles + single", (3, 3), []),
    ("doubles + doubles", (2, 2, 2, 2), [(2, 2, 2, 2)]),
    ("doubles + doubles", (2, 2, 2), []),
    ("high doubles + low single", (1, 3, 5, 5, 6, 6), [(1, 5, 5), (1, 6, 6), (3, 5, 5), (3, 6, 6)]),
    ("high doubles + low single", (4, 4, 4), []),            # no low token
    ("flush + single", (1, 2, 3, 4, 5, 6, 6), [(1, 2, 3, 4, 5, 6, 6)]),
    ("flush + single", (1, 2, 3, 4, 5, 6), []),
    ("triples", (4, 4, 4, 4), [(4, 4, 4)]),
    ("low triples", (1, 1, 1, 4, 4, 4), [(1, 1, 1)]),
    ("", (1, 2), [()]),                                      # no energy: one way, paying nothing
])
def test_combined_costs(cost, energy, ways):
    assert pay(cost, energy) == ways


def test_a_cost_names_only_known_sets():
    assert [str(p) for p in parse_cost("High Doubles + single")] == ["High Doubles", "Single"]
    with pytest.raises(ValueError, match="not an energy set"):
        parse_cost("quads")
    with pytest.raises(ValueError, match="cannot be high or low"):
        parse_cost("high flush")


# ---------------------------------------------------------------- the archetypes file
BROKEN = [
    ("cost: high doubles", "cost: high quads", "archetypes.CINDER.abilities.2.cost", "is not an energy set"),
    ("effect: {strike_first: {target: own_unit_of_type}}", "effect: {strike_last: {target: own_unit_of_type}}",
     "archetypes.CINDER.abilities.0.effect.strike_last", "is not an effect"),
    ("        kind: field", "        kind: meadow", "archetypes.BASTION.abilities.1.kind", "'meadow' is not one of"),
    ("effect: {equip: {target: own_unit_of_type, power: 1, stack: 3}}",
     "effect: {equip: {target: own_unit_of_type, power: 1, stack: 3, range: 2}}",
     "archetypes.CINDER.abilities.1.effect.equip.range", "unknown key"),
    ("Stonewall: [BASTION, HOLLOW, VEIL]", "Stonewall: [BASTION, HOLLOW, MOAT]", "starter_decks.Stonewall.2",
     "'MOAT' is not one of"),
]


@pytest.mark.parametrize("old, new, key, words", BROKEN, ids=[b[2] for b in BROKEN])
def test_a_malformed_archetypes_file_names_file_line_and_key(tmp_path, old, new, key, words):
    text = data_path("dice_cards", "archetypes.yaml").read_text(encoding="utf-8")
    assert old in text
    broken = text.replace(old, new, 1)
    path = tmp_path / "archetypes.yaml"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(DataError) as info:
        _read(path)
    line = next(n for n, l in enumerate(broken.splitlines(), 1) if new.strip() in l)
    assert info.value.path == str(path)
    assert info.value.line == line
    assert info.value.key == key
    assert words in str(info.value)
    assert str(info.value).startswith(f"{path}:{line}: {key}: ")


def test_the_bundled_archetypes():
    content = load_content()
    assert list(content.archetypes) == ["CINDER", "BASTION", "HOLLOW", "BRAMBLE", "VEIL", "CLOCKWORK"]
    assert [a for a, arch in content.archetypes.items() if not arch.has_units] == ["VEIL", "CLOCKWORK"]
    assert dict(content.starter_decks) == {"Wildfire": ("CINDER", "BRAMBLE", "CLOCKWORK"),
                                           "Stonewall": ("BASTION", "HOLLOW", "VEIL")}
    assert content.ability("CLOCKWORK.3").cost_text == "Flush"
    assert content.ability("CINDER.3").cost_text == "High Doubles"


# ---------------------------------------------------------------- the decks (C.2 Setup 1)
def test_38_decks_and_each_has_a_unit_archetype():
    match = MatchController(RULES, None, ["Ann", "Bo"], 1)
    decks = [intent.archetypes for intent in match.legal_intents()]
    assert all(isinstance(intent, ChooseDeck) for intent in match.legal_intents())
    # 4 + 14 + 20: every set of 1 to 3 of the 6 archetypes except those of Veil Court and Clockwork alone.
    assert len(decks) == len(set(decks)) == 38
    assert all(any(CONTENT.archetypes[a].has_units for a in deck) for deck in decks)
    ids = list(CONTENT.archetypes)
    every = [d for size in (1, 2, 3) for d in combinations(ids, size)]
    assert set(every) - set(decks) == {("VEIL",), ("CLOCKWORK",), ("VEIL", "CLOCKWORK")}
    assert set(CONTENT.starter_decks.values()) <= set(decks)


# ---------------------------------------------------------------- seeded random duels
def random_duel(seed: int, each_step=None) -> MatchController:
    """A duel between two playout bots; ``each_step(match)`` is called before every move and at the end."""
    match = MatchController(RULES, None, ["Ann", "Bo"], seed)
    bot = RULES.playout_bot(seed)
    while not match.finished:
        assert len(match.journal) < 5000, "the duel does not end"
        if each_step:
            each_step(match)
        match.submit(bot.choose(match.legal_intents()))
    if each_step:
        each_step(match)
    return match


def dice_owned(state, seat: int) -> int:
    """Counted here from the zones, not by the rules' own helper."""
    d = state.duelists[seat]
    count = d.stock + len(d.hand) + len(d.energy) + len(d.shields) + d.grave + d.banished + len(d.field)
    count += len(d.relics)
    for unit in state.units:
        if unit.owner == seat:
            count += dice_of_power(unit.base) + sum(e.count for e in unit.equips)
    return count


@pytest.mark.parametrize("seed", SEEDS)
def test_every_duelist_keeps_27_dice_at_every_step(seed):
    seen = []

    def check(match):
        state = match.state
        if state.flow.stage == "deck":
            return
        seen.append(state.flow.stage)
        assert [dice_owned(state, seat) for seat in (0, 1)] == [27, 27], (seed, len(match.journal))
        assert [RULES.dice_count(state, seat) for seat in (0, 1)] == [27, 27]
        assert RULES.invariants(state) == []

    random_duel(seed, check)
    assert "main" in seen and len(seen) > 20


HAND_DIE = re.compile(r"die\d+-[1-6]")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seat_never_sees_the_other_hand(seed):
    def check(match):
        state = match.state
        hands = [{die.to_text() for die in d.hand} for d in state.duelists]
        for seat in (0, 1):
            view = RULES.view(state, seat)
            other = view.duelists[1 - seat]
            assert other.hand == (HIDDEN_DIE,) * len(state.duelists[1 - seat].hand)
            assert view.duelists[seat].hand == state.duelists[seat].hand
            text = json.dumps(to_plain(view))
            assert not {word for word in HAND_DIE.findall(text)} & hands[1 - seat]
            if state.flow.stage == "deck":
                assert other.deck == ()
        public = RULES.view(state, None)
        assert all(die == HIDDEN_DIE for d in public.duelists for die in d.hand)
        assert [len(d.hand) for d in public.duelists] == [len(d.hand) for d in state.duelists]
        assert not HAND_DIE.findall(json.dumps(to_plain(public)))

    random_duel(seed, check)


# ---------------------------------------------------------------- golden duels
# seed: (winner, how, turns, moves) of a duel between two playout bots (RULES.playout_bot(seed), as in
# random_duel).  If one changes, a rule changed (or the bot did): say so, and recompute them with
#   .venv/bin/python -c "from tests.dice_cards.test_rules import golden; print(golden())"
GOLDEN = {
    1: (0, "direct", 11, 84),
    2: (0, "direct", 11, 85),
    3: (1, "deck-out", 17, 150),
    2026: (1, "direct", 14, 134),       # issue 32: a blocker defends until the End Phase (settled ruling 10)
}


def golden() -> dict:
    out = {}
    for seed in sorted(GOLDEN):
        match = random_duel(seed)
        flow = match.state.flow
        out[seed] = (flow.winner, flow.how, flow.turn, len(match.journal))
    return out


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_duels(seed):
    match = random_duel(seed)
    flow = match.state.flow
    outcome = RULES.outcome(match.state)
    assert outcome.finished and outcome.winners == (flow.winner,)
    assert (flow.winner, flow.how, flow.turn, len(match.journal)) == GOLDEN[seed]


def test_both_duelists_choose_their_decks_at_once_and_the_first_chooser_stays_the_seat_to_act():
    match = MatchController(RULES, {}, ["Ann", "Bo"], 4)
    state = match.state
    assert RULES.deciding(state) == (0, 1) and state.to_act == 0
    assert RULES.legal_for(state, 1) and all(intent.seat == 1 for intent in RULES.legal_for(state, 1))
    events = match.submit("deck seat=1 archetypes=CINDER,BRAMBLE,CLOCKWORK")     # Bo, on a phone, first
    assert match.state.to_act == 0 and RULES.deciding(match.state) == (0,)
    assert RULES.legal_for(match.state, 1) == ()
    assert "CINDER" not in str(to_plain(RULES.view(match.state, 0)))           # Ann cannot see Bo's choice
    assert [type(e).__name__ for e in visible_events(events, 0)] == ["DeckPicked"]
    match.submit("deck seat=0 archetypes=BASTION,HOLLOW,VEIL")
    assert match.state.flow.stage == "main" and match.state.duelists[1].deck == ("CINDER", "BRAMBLE", "CLOCKWORK")
    again = MatchController.from_record(match.record(), lambda game: RULES)
    assert to_plain(again.state) == to_plain(match.state)
