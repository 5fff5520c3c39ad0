"""The audience policy (tabletop/app/audience.py), headless, over seeded playouts of every game with mixes of
people at the shared screen, people on phones and bots; and two deliberately leaking policies it must catch."""

import pytest

from tabletop.app.audience import PHONE, SHARED, Audience, SharedView, phone_screen
from tabletop.registry import get_rules

from .audience_checks import AudienceLeak, walk

GAMES = ["dice-realms", "elemental-dice", "wizard-dice", "elementalis", "dice-cards"]

#: Mixes of seats, by player count: people at the shared screen, on phones, and bots.
MIXES = {
    2: [("human", "human"), ("human", "phone"), ("phone", "phone"), ("phone", "easy"), ("human", "easy")],
    3: [("human", "phone", "phone"), ("human", "human", "phone"), ("phone", "easy", "human")],
    4: [("phone", "phone", "phone", "human"), ("human", "easy", "phone", "human")],
    5: [("phone", "phone", "human", "easy", "phone")],
}


def mixes(game):
    meta = get_rules(game).meta
    return [(game, kinds) for count, listed in MIXES.items() if count in meta.player_counts for kinds in listed]


CASES = [case for game in GAMES for case in mixes(game)]


@pytest.mark.parametrize("game, kinds", CASES, ids=[f"{g}-{'-'.join(k)}" for g, k in CASES])
def test_every_screen_shows_and_sends_only_its_own(game, kinds):
    for seed in (1, 2):
        result = walk(game, kinds, seed)
        assert result.steps > 0


def test_with_every_hidden_hand_on_a_phone_the_shared_screen_is_never_covered():
    for game in ("elemental-dice", "wizard-dice", "dice-cards"):
        assert walk(game, ("phone", "phone"), 3).covers == 0
        assert walk(game, ("human", "human"), 3).covers > 5


def test_phones_in_wizard_dice_allocate_out_of_turn():
    result = walk("wizard-dice", ("phone", "phone", "phone", "human"), 4)
    assert result.out_of_turn > 0


def test_a_shared_screen_human_still_decides_in_turn_behind_the_cover():
    audience = Audience(get_rules("wizard-dice"), ("human", "human", "phone"))
    from tabletop.core.controller import MatchController

    match = MatchController(audience.rules, {}, ["Ann", "Bo", "Cy"], 1, seat_kinds=audience.kinds)
    state = match.state
    assert state.flow.stage == "upkeep" or audience.deciding(state)
    while state.flow.stage != "secret":
        match.submit(match.legal_intents()[0])
        state = match.state
    view = audience.shared(state, None)
    assert view == SharedView(state.to_act, state.to_act)              # the cover names the seat to act
    assert audience.may_send(SHARED, state, None) == ()                  # nothing before the cover passes
    assert audience.may_send(SHARED, state, view.shows) == audience.rules.legal_for(state, view.shows)
    phone = phone_screen(2)
    assert audience.may_send(phone, state) == audience.rules.legal_for(state, 2)   # at the same time


class ShowsThePhonesDecision(Audience):
    """Leaks: the big screen shows the private view of a phone seat deciding in private."""

    def shared(self, state, shows_now):
        private = self.private_seat(state)
        if private is not None and private in self.phones:
            return SharedView(private)
        return super().shared(state, shows_now)


class PhoneShowsTheSeatToAct(Audience):
    """Leaks: a phone shows the view of the seat to act, whoever's it is."""

    def shows(self, screen, shared_shows=None):
        if screen.kind == "phone":
            return None if self._state is None else self._state.to_act
        return super().shows(screen, shared_shows)

    _state = None

    def shared(self, state, shows_now):
        self._state = state
        return super().shared(state, shows_now)


class PhoneSendsForAnyone(Audience):
    """Leaks: a phone may send every legal intent, whichever seat it names."""

    def may_send(self, screen, state, shows=None):
        if screen.kind == "phone":
            return tuple(self.rules.legal_intents(state))
        return super().may_send(screen, state, shows)


@pytest.mark.parametrize("leaky", [ShowsThePhonesDecision, PhoneShowsTheSeatToAct, PhoneSendsForAnyone])
@pytest.mark.parametrize("game", ["elemental-dice", "wizard-dice", "dice-cards"])
def test_a_leaking_policy_is_caught(game, leaky):
    kinds = ("phone", "phone", "human") if game == "wizard-dice" else ("phone", "human")
    with pytest.raises(AudienceLeak):
        for seed in range(1, 6):
            walk(game, kinds, seed, audience_class=leaky)


@pytest.mark.parametrize("game", ["elemental-dice", "wizard-dice", "dice-cards"])
def test_the_handovers_command_counts_covers_and_none_with_every_hand_on_a_phone(game, capsys):
    from tabletop.app.handovers import count_handovers
    from tabletop.cli import main

    shared, moves = count_handovers(game, 4, 2, "human", level="easy", limit=400)
    phones, same_moves = count_handovers(game, 4, 2, "phone", level="easy", limit=400)
    assert shared > 0 and phones == 0 and moves == same_moves
    assert main(["handovers", "--game", game, "--games", "1", "--seed", "2"]) == 0
    assert '"phones": {"handovers_per_game": 0.0' in capsys.readouterr().out
