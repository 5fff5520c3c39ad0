"""What the Elemental Dice table says in words: hover help, a card's printed text, the labels of its areas and
the banner (no pygame).

Every sentence here is shown to players as it stands; the choices (what a hover
explains), the faces (a card's text) and the view (the labels it draws) take them
from here.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.elemental_dice.cards import Card
from tabletop.games.elemental_dice.queries import ElementalDiceQueries
from tabletop.games.elemental_dice.state import HIDDEN, Phase, State, Window
from tabletop.games.elemental_dice.wording import card_name, die_name

__all__ = ["explain", "die_help", "card_text", "PILES", "PILE_NAMES", "DIE_WORDS", "Chip", "chips", "chip_help", "more_help",
           "facedown_help", "pile_help", "pile_title", "pile_note", "browsable", "hp_help", "gold_help",
           "ACTIONS_HELP", "SHOP_HELP", "SHOP_DISCARD", "banner", "hand_words", "chain_words", "shop_words",
           "actions_words", "LEGEND_WORDS", "legend_line", "TYPE_LEGEND", "BADGE_LEGEND"]

#: A player's piles, left to right, and their names under them.
PILES = ("draw", "discard", "removed")
PILE_NAMES = {"draw": "Draw", "discard": "Discard", "removed": "Removed"}
#: What each die stands for, under it in the tray.
DIE_WORDS = {"RED": "fire", "BROWN": "earth", "BLUE": "water", "GREEN": "nature", "PURPLE": "magic",
             "YELLOW": "gold", "ORANGE": "chance"}
#: The legend's words for the dice, the card types and the duration badge (the rules screen).
LEGEND_WORDS = {**DIE_WORDS, "ORANGE": "chance, rerolled when read"}


def legend_line(die: str) -> str:
    """A die in the rules screen's legend: its element, the one name texts give it, then its colour.

    >>> legend_line("RED"), legend_line("ORANGE")
    ('Fire die (red).', 'Chance die (orange): rerolled when read.')
    """
    name = f"{DIE_WORDS[die].capitalize()} die ({die.lower()})"
    return f"{name}: rerolled when read." if die == "ORANGE" else f"{name}."
TYPE_LEGEND = {"action": "Action card: one a turn", "blessing": "Blessing: play it any time",
               "passive": "Passive: stays in play"}
BADGE_LEGEND = "Turn ends a shield or buff lasts"
ACTIONS_HELP = ("Actions: one a turn (more with Proactive, At What Cost and extra-action cards). "
                "Blessings and face-down cards need none.")
SHOP_HELP = ("The shop: reroll it to lay out five new cards, then buy one a turn. "
             "Click here to look through its discard pile.")
SHOP_DISCARD = "The shop's discard pile"
#: What each die does, for its tooltip.
_DIE_HELP = {
    "RED": "Fire cards deal damage by it; Water Reservoirs shields against it.",
    "BROWN": "Earth cards deal damage by it and shield (Solid Infrastructure) against water.",
    "BLUE": "Water cards hit both players; Water Reservoirs shields with it.",
    "GREEN": "Nature cards heal; Natural Forests shields with it against earth.",
    "PURPLE": "Magic multiplies (fire × magic); Magical Barrier shields with it.",
    "YELLOW": "Gold cards gain this much gold.",
    "ORANGE": "Rerolled every time a card reads it; no card may set it.",
}

#: A card in a player's play area: the card, its label, and the turn ends it still lasts (None: a passive).
Chip = tuple[str, str, "int | None"]


def die_help(die: str, value: int) -> str:
    """What a die is and does, for its tooltip."""
    name = die_name(die)
    return f"The {name} die ({die.lower()}) shows {value}. {_DIE_HELP.get(die, '')}"


#: The question At What Cost asks when it is bought or wished for.
AT_WHAT_COST = "At What Cost removes one of your passives: which one?"
#: The note for a card shown only to be looked at.
ONLY_TO_LOOK = "That card is only to look at."


def card_label(card: Card, prometheus: int = 3) -> str:
    """A card in a few words for a list (a phone's): its printed name, cost and text."""
    return f"{card.name} ({card.cost} gold): {card_text(card, prometheus)}"


def card_text(card: Card, prometheus: int = 3) -> str:
    """A card's text as its face prints it (Prometheus's Gift's multiplier as the match's option sets it)."""
    text = card.text
    if prometheus != 3 and "Triple" in text:
        text = text.replace("Triple", "Double" if prometheus == 2 else f"Multiply by {prometheus}")
    if any(step.kind == "buff" for step in card.steps):
        # The reference's ruling E8: a buff lasts to the end of its owner's turn.
        text += " Lasts until the end of your turn (played in your opponent's turn: your next turn)."
    return text


def chips(rules: ElementalDiceQueries, state: State, seat: int) -> list[Chip]:
    """A player's cards in play: shields and buffs (with the turn ends they last), then passives."""
    player = state.players[seat]
    out: list[Chip] = []
    for lasting in player.lasting:
        out.append((lasting.card, card_name(rules, lasting.card), max(1, lasting.expires - state.flow.turn + 1)))
    for card in player.passives:
        out.append((card, card_name(rules, card), None))
    return out


def chip_help(rules: ElementalDiceQueries, state: State, seat: int, card: str, text: str, lasting: bool) -> str:
    """A card in play: its name and text (``text``: the face's), and how long a shield or buff lasts."""
    if lasting:
        ends_at = next(x for x in state.players[seat].lasting if x.card == card).expires
        owner = state.players[seat].name
        ends = "this turn" if ends_at == state.flow.turn else "the next turn"
        text += (f" In force for {owner} until the end of {ends} (turn {ends_at}); "
                 "the number on it counts the turn ends left.")
    return f"{card_name(rules, card)}: {text}"


def more_help(labels: list[str]) -> str:
    """The cards in play that do not fit in the column."""
    return "Also in play: " + ", ".join(labels)


def facedown_help(state: State, seat: int, index: int) -> str | None:
    """Another player's face-down card (None for one's own: the card itself is shown at full size)."""
    player = state.players[seat]
    face_down = player.facedown[index]
    when = " It was placed this turn: it may be flipped from the next turn on." \
        if face_down.placed == state.flow.turn else " It may be flipped at any time, for free."
    if face_down.card == HIDDEN:
        return f"A face-down card of {player.name}.{when}"
    return None


def pile_help(state: State, seat: int, pile: str) -> str:
    """What a pile is, how many cards it holds and who may look through it."""
    player = state.players[seat]
    count = len(getattr(player, pile))
    if pile == "draw":
        return (f"{player.name}'s draw pile: {count} cards, face down. When it runs out, the discard pile is "
                "shuffled in.")
    if pile == "discard":
        who = "everyone" if state.discard_public else player.name
        return f"{player.name}'s discard pile: {count} cards; {who} may look at them (click)."
    return f"Removed from the game: {count} of {player.name}'s cards, gone for good (click to look)."


def pile_title(state: State, seat: int, pile: str) -> str:
    """The title over a pile opened to look through: ``Ann's discard pile``."""
    return f"{state.players[seat].name}'s {PILE_NAMES[pile].lower()} pile"


def pile_note(state: State, seat: int, pile: str) -> str | None:
    """What a click on a pile that may not be looked through says (None: it may be)."""
    player = state.players[seat]
    cards = getattr(player, pile)
    name = pile_title(state, seat, pile)
    if pile == "draw":
        return f"{name}: {len(cards)} cards, face down"
    if any(card == HIDDEN for card in cards):
        return f"{name}: {len(cards)} cards; only {player.name} may look at them."
    return None


def browsable(state: State, seat: int, pile: str) -> bool:
    """A pile with cards the screen may show (it is ringed: a click opens it)."""
    cards = getattr(state.players[seat], pile)
    return pile != "draw" and bool(cards) and HIDDEN not in cards


def hp_help(state: State, seat: int) -> str:
    """A player's HP."""
    player = state.players[seat]
    return f"{player.name} has {player.hp} HP. At 0 or less they lose; healing has no limit."


def gold_help(state: State, seat: int) -> str:
    """A player's gold."""
    player = state.players[seat]
    return (f"{player.name} has {player.gold} gold: for the shop, rerolls and face-down cards. "
            "Damage dealt earns as much gold.")


def banner(rules: ElementalDiceQueries, state: State) -> tuple[str, str, str, int | None]:
    """The banner's headline, prompt, turn and the seat to act."""
    flow = state.flow
    names = [p.name for p in state.players]
    turn = f"Turn {flow.turn}"
    if flow.phase == Phase.OVER:
        winner = names[flow.winner] if flow.winner >= 0 else ""
        return f"The game is over: {winner} wins", "", turn, None
    active = names[flow.active]
    other = names[1 - flow.active]
    if flow.phase == Phase.MAIN:
        headline = f"{active}'s turn  ·  {other} waits"
    elif flow.phase == Phase.WINDOW and flow.window == Window.TURN_START and not flow.chain:
        headline = f"{active}'s turn begins  ·  {other} may answer first"
    elif flow.phase == Phase.WINDOW:
        headline = f"{active}'s turn  ·  {names[flow.priority]} may answer"
    else:
        execution = flow.executing
        card = card_name(rules, execution.card) if execution else ""
        headline = f"{active}'s turn  ·  {card} takes effect"
    return headline, rules.prompt(state), turn, state.to_act


def hand_words(rules: ElementalDiceQueries, state: State, shows: int | None, chosen: str | None) -> str:
    """The line over the hand: whose it is, or what to do with the card chosen."""
    if shows is None:
        return "Hands are hidden: each player sees their own behind the cover."
    hand = state.players[shows].hand
    if chosen is not None:
        return f"{card_name(rules, chosen)} chosen: use the buttons below, or click it again"
    return f"{state.players[shows].name}'s hand" + ("" if hand else ": empty")


def chain_words(rules: ElementalDiceQueries, state: State) -> str:
    """The line over the chain."""
    flow = state.flow
    if not flow.chain and flow.executing is None:
        return "Played cards wait here for answers; the last takes effect first."
    if flow.executing is not None:
        return f"Taking effect: {card_name(rules, flow.executing.card)}"
    return f"Waiting to take effect ({len(flow.chain)}), the last first"


def shop_words(rules: ElementalDiceQueries, state: State) -> str:
    """The line over the shop."""
    cost = rules.reroll_cost(state, state.flow.active)
    return (f"Shop  ·  {len(state.shop_draw)} in its draw pile  ·  {len(state.shop_discard)} discarded"
            f"  ·  reroll {cost} gold")


def actions_words(rules: ElementalDiceQueries, state: State, seat: int) -> str:
    """A player's actions left (the other player's only when granted some)."""
    left = rules.actions_left(state, seat)
    if seat == state.flow.active:
        return f"Actions {left}"
    return f"+{left} action{'s' if left != 1 else ''}" if left else ""


def explain(rules: ElementalDiceQueries, state: State, kind: str, key: Any) -> str | None:
    """The hover text of a table's target (``kind``, ``key``): a die, a card in play, a face-down card, a pile,
    HP, gold, actions or the shop."""
    if kind == "die":
        return die_help(str(key), state.die(str(key)))
    if kind == "chip":
        seat, index = key
        card, _, turns = chips(rules, state, seat)[index]
        text = card_text(rules.book[card], state.prometheus) if card != HIDDEN else ""
        return chip_help(rules, state, seat, card, text, turns is not None)
    if kind == "more":
        seat, first = key
        return more_help([label for _, label, _ in chips(rules, state, seat)[first:]])
    if kind == "facedown":
        return facedown_help(state, *key)
    if kind == "pile":
        return pile_help(state, *key)
    if kind == "hp":
        return hp_help(state, int(key))
    if kind == "gold":
        return gold_help(state, int(key))
    if kind == "actions":
        return ACTIONS_HELP
    if kind == "shop_label":
        return SHOP_HELP
    return None
