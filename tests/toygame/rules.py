"""Secret Trick: a throwaway 2-4 player game with a secret hand, built only to prove the shared table.

Twelve cards, Star 1 to Star 12, are shuffled and three are dealt to each player.
In each of three tricks, every player in turn (from the trick's leader) plays a
card face down; when all have played, the cards are revealed and the highest
wins the trick.  The winner collects it, in public, and leads the next trick.
Most tricks wins; equal counts share the win.

Secret: each hand, each face-down card until the reveal, and the undealt deck.
The screen changes hands before every face-down play; collecting is public.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from tabletop.core.protocol import BaseRules, GameMeta, OptionSpec, Outcome, Step
from tabletop.core.rng import RandomSource, shuffled
from tabletop.core.values import Codec, PrivateEvent, Value

HIDDEN = "?"
CARDS = tuple(f"star-{value}" for value in range(1, 13))


def card_value(card: str) -> int:
    """The number on a card: ``star-7`` -> 7."""
    return int(card.rsplit("-", 1)[1])


def card_name(card: str) -> str:
    """A card in words: ``star-7`` -> ``Star 7``."""
    return f"Star {card_value(card)}"


# ----------------------------------------------------------------------------- state
@dataclass(frozen=True, slots=True)
class State:
    """Hands, the cards played face down in this trick, tricks won, whose turn."""

    names: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    played: tuple[str, ...]           # this trick, by seat ("" not yet, "?" face down to this viewer)
    revealed: bool = False            # the trick's cards are face up, waiting to be collected
    tricks: tuple[int, ...] = ()
    deck: tuple[str, ...] = ()        # undealt cards
    taken: tuple[str, ...] = ()       # cards of collected tricks (face up, public)
    leader: int = 0
    turn: int = 0                     # the seat to play or collect
    trick: int = 1
    over: bool = False
    rounds: int = 3

    @property
    def to_act(self) -> int | None:
        """The seat that must decide next."""
        return None if self.over else self.turn


# ----------------------------------------------------------------------------- intents
@dataclass(frozen=True, slots=True)
class Play(Value):
    """Play ``card`` face down."""

    KIND = "play"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Collect(Value):
    """The trick's winner takes the revealed cards (a public step)."""

    KIND = "collect"
    seat: int


# ----------------------------------------------------------------------------- events
@dataclass(frozen=True, slots=True)
class HandCount(Value):
    """Public: ``seat`` was dealt ``count`` cards."""

    KIND = "hand-count"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Dealt(PrivateEvent):
    """Private to ``seat``: the cards it was dealt."""

    KIND = "dealt"
    seat: int
    cards: tuple[str, ...]

    def public_form(self) -> Value:
        return HandCount(self.seat, len(self.cards))


@dataclass(frozen=True, slots=True)
class FaceDown(Value):
    """Public: ``seat`` played a card face down."""

    KIND = "face-down"
    seat: int


@dataclass(frozen=True, slots=True)
class Played(PrivateEvent):
    """Private to ``seat``: which card it played face down."""

    KIND = "played"
    seat: int
    card: str

    def public_form(self) -> Value:
        return FaceDown(self.seat)


@dataclass(frozen=True, slots=True)
class Revealed(Value):
    """Public: the trick's cards, by seat."""

    KIND = "revealed"
    cards: tuple[str, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class Collected(Value):
    """Public: ``seat`` collects trick ``trick``."""

    KIND = "collected"
    seat: int
    trick: int


@dataclass(frozen=True, slots=True)
class GameEnded(Value):
    """Public: tricks by seat and the winners."""

    KIND = "game-ended"
    tricks: tuple[int, ...]
    winners: tuple[int, ...]


META = GameMeta(
    game_id="secret-trick", name="Secret Trick", min_players=2, max_players=4, hidden_information=True,
    pitch="Play a secret card; the highest takes the trick.", minutes="3",
    options=(OptionSpec("tricks", "Tricks", ("3", "2"), "3", "How many tricks are played."),),
)


class SecretTrickRules(BaseRules):
    """The rules of Secret Trick (see the module docstring)."""

    meta = META
    intents = Codec(Play, Collect)
    events = Codec(HandCount, Dealt, FaceDown, Played, Revealed, Collected, GameEnded)
    state_type = State

    def setup(self, options: Mapping[str, str], seats: Sequence[str], rng: RandomSource) -> Step:
        """Shuffle, deal three cards each; seat 0 leads."""
        self.meta.check_seats(seats)
        chosen = self.meta.resolve_options(options, len(seats))
        deck = shuffled(CARDS, rng, "deck")
        count = len(seats)
        hands = tuple(tuple(sorted(deck[seat * 3:seat * 3 + 3], key=card_value)) for seat in range(count))
        state = State(names=tuple(seats), hands=hands, played=("",) * count, tricks=(0,) * count,
                      deck=deck[count * 3:], rounds=int(chosen["tricks"]))
        return Step(state, tuple(Dealt(seat, hands[seat]) for seat in range(count)))

    def legal_intents(self, state: State) -> tuple[Value, ...]:
        """Play any card in hand; or, once revealed, the winner collects."""
        if state.over:
            return ()
        if state.revealed:
            return (Collect(state.turn),)
        return tuple(Play(state.turn, card) for card in state.hands[state.turn])

    def apply(self, state: State, intent: Value, rng: RandomSource) -> Step:
        """Play face down (revealing once everyone has played) or collect."""
        self.refuse_unless_legal(state, intent)
        count = len(state.names)
        if isinstance(intent, Collect):
            tricks = list(state.tricks)
            tricks[intent.seat] += 1
            events: list[Value] = [Collected(intent.seat, state.trick)]
            state = replace(state, tricks=tuple(tricks), played=("",) * count, revealed=False,
                            taken=state.taken + state.played,
                            leader=intent.seat, turn=intent.seat, trick=state.trick + 1)
            if state.trick > state.rounds:
                state = replace(state, over=True)
                events.append(GameEnded(state.tricks, self.outcome(state).winners))
            return Step(state, tuple(events))
        assert isinstance(intent, Play)
        seat = intent.seat
        hands = list(state.hands)
        hands[seat] = tuple(card for card in hands[seat] if card != intent.card)
        played = list(state.played)
        played[seat] = intent.card
        state = replace(state, hands=tuple(hands), played=tuple(played))
        events = [Played(seat, intent.card)]
        following = (seat + 1) % count
        if following != state.leader:
            return Step(replace(state, turn=following), tuple(events))
        winner = max(range(count), key=lambda s: card_value(state.played[s]))
        events.append(Revealed(state.played, winner))
        return Step(replace(state, revealed=True, turn=winner), tuple(events))

    def refusal(self, state: State, intent: Value) -> str:
        """Why a move the legal list refused cannot be made, in words."""
        if state.over:
            return "The game is over."
        seat = getattr(intent, "seat", None)
        if seat != state.turn:
            return f"It is {state.names[state.turn]}'s turn."
        if isinstance(intent, Play):
            return "The trick is revealed: it must be collected first." if state.revealed else \
                "That card is not in your hand."
        return "There is nothing to collect yet."

    def view(self, state: State, seat: int | None) -> State:
        """Other hands and face-down cards as ``?``; the deck as a count."""
        hands = tuple(hand if s == seat else (HIDDEN,) * len(hand) for s, hand in enumerate(state.hands))
        played = state.played if state.revealed else tuple(
            card if s == seat or not card else HIDDEN for s, card in enumerate(state.played))
        return replace(state, hands=hands, played=played, deck=(HIDDEN,) * len(state.deck))

    def private_seat(self, state: State) -> int | None:
        """A face-down play needs the player alone at the screen; collecting a revealed trick does not."""
        if state.over or state.revealed:
            return None
        return state.turn

    def secrets(self, state: State, seat: int | None) -> frozenset[str]:
        """A seat's hand and face-down card (ids and names); for nobody, the undealt deck."""
        if seat is None:
            cards = state.deck
        else:
            cards = state.hands[seat] + (() if state.revealed or not state.played[seat] else (state.played[seat],))
        return frozenset(word for card in cards for word in (card, card_name(card)))

    def outcome(self, state: State) -> Outcome:
        """Tricks won; the most tricks wins (ties share)."""
        best = max(state.tricks)
        winners = tuple(s for s, t in enumerate(state.tricks) if t == best) if state.over else ()
        return Outcome(state.over, state.tricks, winners, "",
                       tuple({"tricks": t, "cards_left": len(h)} for t, h in zip(state.tricks, state.hands)))

    def progress(self, state: State) -> str:
        """Which trick is being played."""
        return f"trick {min(state.trick, state.rounds)} of {state.rounds}"

    def prompt(self, state: State) -> str:
        """What to do now."""
        if state.over:
            return "The game is over."
        name = state.names[state.turn]
        if state.revealed:
            return f"{name} wins the trick: collect it."
        return f"{name}: play a card face down."

    def narrate(self, event: Value, view: State, seat: int | None) -> str | None:
        """The move log, as ``seat`` may read it."""
        def who(s: int) -> str:
            return "You" if s == seat else view.names[s]

        if isinstance(event, Dealt):
            return f"You are dealt {', '.join(card_name(c) for c in event.cards)}."
        if isinstance(event, HandCount):
            return f"{who(event.seat)} is dealt {event.count} cards."
        if isinstance(event, Played):
            return f"You play {card_name(event.card)} face down."
        if isinstance(event, FaceDown):
            return f"{who(event.seat)} plays a card face down."
        if isinstance(event, Revealed):
            shown = ", ".join(f"{view.names[s]} {card_name(c)}" for s, c in enumerate(event.cards))
            return f"Revealed: {shown}. {view.names[event.winner]} wins the trick."
        if isinstance(event, Collected):
            return f"{view.names[event.seat]} collects trick {event.trick}."
        if isinstance(event, GameEnded):
            return "Game over: " + " and ".join(view.names[s] for s in event.winners) + " wins."
        return None

    def invariants(self, state: State) -> list[str]:
        """Every card is in a hand, on the table, in the deck or in a collected trick."""
        held = sum(len(hand) for hand in state.hands) + sum(1 for c in state.played if c) + len(state.deck)
        total = held + len(state.taken)
        return [] if total == len(CARDS) else [f"{total} cards accounted for, not 12"]


class LeakyTrickRules(SecretTrickRules):
    """A deliberately broken variant: its view shows everyone's hand (the privacy test must catch it)."""

    def view(self, state: State, seat: int | None) -> State:
        """Everything, to everyone."""
        return state
