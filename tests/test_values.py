"""Intents and events: text forms that round-trip, and refusals that say what is wrong."""

from dataclasses import dataclass

import pytest

from tabletop.core.values import Codec, Value, ValueFormatError, from_plain, to_plain
from tabletop.registry import game_ids, get_rules

GAME_IDS = game_ids()


@dataclass(frozen=True, slots=True)
class Sample(Value):
    KIND = "sample"
    seat: int
    name: str
    values: tuple[int, ...] = ()
    flag: bool = False
    maybe: int | None = None


CODEC = Codec(Sample)


@pytest.mark.parametrize("value", [
    Sample(0, "red"),
    Sample(3, "white", (1, 2, 6), True, 4),
    Sample(1, "x", (), False, None),
])
def test_text_form_round_trips(value):
    text = value.to_str()
    assert CODEC.parse(text) == value
    assert CODEC.parse(text).to_str() == text


def test_text_form_is_stable():
    assert Sample(2, "blue", (3, 4), True).to_str() == "sample seat=2 name=blue values=3,4 flag=true"


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ("nonsense seat=1", "unknown kind"),
    ("sample name=red", "needs seat"),
    ("sample seat=x name=red", "bad seat"),
    ("sample seat=1 name=red colour=blue", "no field colour"),
    ("sample seat=1 seat=2 name=red", "twice"),
    ("sample seat=1 name", "not of the form"),
    ("sample seat=1 name=a flag=maybe", "bad flag"),
])
def test_bad_text_is_refused_with_a_reason(text, words):
    with pytest.raises(ValueFormatError, match=words):
        CODEC.parse(text)


def test_spaces_cannot_enter_a_text_form():
    with pytest.raises(ValueError):
        Sample(0, "two words").to_str()


def test_duplicate_kinds_are_refused():
    with pytest.raises(ValueError):
        Codec(Sample, Sample)


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_state_survives_plain_form(game):
    from tabletop.core.rng import SeededRandom

    rules = get_rules(game)
    state = rules.setup({}, ["Ann", "Bo"], SeededRandom(1)).state
    assert from_plain(rules.state_type, to_plain(state)) == state


def test_from_plain_names_the_bad_path():
    from tabletop.games.dice_realms.state import State

    rules = get_rules("dice-realms")
    from tabletop.core.rng import SeededRandom

    plain = to_plain(rules.setup({}, ["Ann", "Bo"], SeededRandom(1)).state)
    plain["players"][1]["blue"] = "three"
    with pytest.raises(ValueError, match=r"state\.players\.1\.blue"):
        from_plain(State, plain)


# --------------------------------------------------------------------------- properties

from hypothesis import given, settings, strategies as st  # noqa: E402

WORD = st.text(alphabet=st.characters(blacklist_categories=("Zs", "Cc", "Zl", "Zp"),
                                      blacklist_characters="=,"), min_size=1, max_size=12)


@given(seat=st.integers(-5, 10 ** 6), name=WORD, values=st.lists(st.integers(-9, 99), max_size=6),
       flag=st.booleans(), maybe=st.one_of(st.none(), st.integers(0, 50)))
def test_any_value_round_trips(seat, name, values, flag, maybe):
    value = Sample(seat, name, tuple(values), flag, maybe)
    assert Sample.from_str(value.to_str()) == value


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32), st.integers(0, 120))
def test_reachable_states_survive_plain_form_and_intents_their_text(seed, moves):
    from tabletop.core.bots import RandomBot
    from tabletop.core.controller import MatchController

    match = MatchController(get_rules("dice-realms"), None, ["Ann", "Bo"], seed)
    bot = RandomBot(seed)
    for _ in range(moves):
        if match.finished:
            break
        for intent in match.legal_intents():
            assert match.rules.intents.parse(intent.to_str()) == intent
        match.submit(bot.choose(match.legal_intents()))
    assert from_plain(match.rules.state_type, to_plain(match.state)) == match.state
    for entry in match.journal:
        for event in entry.events:
            assert match.rules.events.parse(event.to_str()) == event
