"""The names of the stages of a Dice Cards duel (``Flow.stage``) and the tokens a Field zone shows, for the
table (no pygame).

The rules core compares the stages as bare strings and names no constants for them yet;
the table names them once here so that no app file spells a stage out.
"""

from __future__ import annotations

from tabletop.games.dice_cards.state import Duelist

__all__ = ["Stage", "field_tokens", "FIELD_TOKENS"]

#: The most tokens a Field zone shows.
FIELD_TOKENS = 6


class Stage:
    """Where the duel stands (the words of ``Flow.stage``)."""

    DECK = "deck"            # each duelist picks archetypes in private
    MAIN = "main"            # Main Phase 1 or 2
    ATTACK = "attack"        # the attacker declares attackers
    BLOCK = "block"          # the defender assigns blockers
    STRIKE = "strike"        # the attacker orders the hits on shields
    ORDER = "order"          # the defender chooses the next unit battle (when a captive may come home)
    DISCARD = "discard"      # the hand limit, or Tithe of Secrets
    OVERFLOW = "overflow"    # a duelist with six units discards one
    SHED = "shed"            # a Graft's unit holds more than two equips: its owner drops one
    OVER = "over"

    #: The stages of the Battle Phase, in which attackers are marked.
    BATTLE = (ATTACK, BLOCK, STRIKE, ORDER)


def field_tokens(duelist: Duelist) -> list[tuple[str, str]]:
    """The tokens ``duelist``'s Field zone shows, as (ability, kind): realm and field tokens, then the relics not
    equipped."""
    tokens = [(t.ability, t.kind) for t in duelist.field]
    tokens += [(r.ability, "relic") for r in duelist.relics if r.host < 0]
    return tokens[:FIELD_TOKENS]
