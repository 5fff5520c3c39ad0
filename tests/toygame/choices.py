"""What a click means at the Secret Trick table (no pygame): a card of the screen's own hand plays it face
down, the Collect button takes a revealed trick, the collected pile opens to look through.  Like every game's
``choices.py``, it only ever sends an intent the rules list as legal."""

from __future__ import annotations

from tabletop.app.choosing import NOTHING, ChoicesBase, Reply, Slot, Target

from .rules import HIDDEN, Collect, Play, card_name, card_value

__all__ = ["SecretTrickChoices", "card_target", "TAKEN", "DECK"]

#: The collected cards (a click opens them) and the deck (a hover says how many).
TAKEN = Target("taken")
DECK = Target("deck")


def card_target(card: str) -> Target:
    """A card of the hand shown on this screen."""
    return Target("card", card)


class SecretTrickChoices(ChoicesBase[None]):
    """Nothing is chosen in steps here: one click plays a card or collects the trick."""

    fresh = None

    def hand(self) -> tuple[str, ...]:
        """The cards of the seat this screen shows (none for a screen that shows nobody)."""
        shows = self.seen.shows
        return () if shows is None else tuple(card for card in self.state.hands[shows] if card != HIDDEN)

    def _plays(self) -> dict[str, Play]:
        return {intent.card: intent for intent in self.legal if isinstance(intent, Play)}

    def _collect(self) -> Collect | None:
        return next((intent for intent in self.legal if isinstance(intent, Collect)), None)

    def glowing(self) -> frozenset[Target]:
        return frozenset(card_target(card) for card in self._plays())

    def targets(self) -> frozenset[Target]:
        return frozenset(card_target(card) for card in self.hand()) | {TAKEN}

    def buttons(self) -> tuple[Slot | None, ...]:
        collect = self._collect()
        return (None if collect is None else Slot.send("Collect the trick", collect, primary=True),)

    def click(self, target: Target) -> Reply:
        if target.kind == "card":
            intent = self._plays().get(str(target.key))
            if intent is not None:
                return Reply(intent=intent)
            # Why not, in the rules' words (another's turn, a trick to collect first).
            return self.refuse(Play(self.seen.shows if self.seen.shows is not None else 0, str(target.key)))
        if target == TAKEN:
            return Reply(look=TAKEN) if self.state.taken else Reply(note="No trick has been collected yet.")
        return NOTHING

    def explain(self, target: Target) -> str | None:
        if target.kind == "card":
            card = str(target.key)
            return f"{card_name(card)}: worth {card_value(card)}. The highest card takes the trick."
        if target == DECK:
            return f"The deck: {len(self.state.deck)} cards nobody has seen."
        if target == TAKEN:
            return "Cards of collected tricks: click to look through them."
        return None
