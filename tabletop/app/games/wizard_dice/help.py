"""What the Wizard Dice table says on hover and in its lists: words only (the rules decide, the choices ask)."""

from __future__ import annotations

from collections import Counter
from typing import Protocol, Sequence

from tabletop.core.values import Value
from tabletop.games.wizard_dice.intents import Cancel, CancelNothing
from tabletop.games.wizard_dice.spells import Spell, SpellBook
from tabletop.games.wizard_dice.state import Secret, State, Target, Wizard
from tabletop.games.wizard_dice.wording import dice_count, dice_text, target_name

from ...choosing import Target as Spot

__all__ = ["CATEGORY_SYMBOL", "LEGEND_WORDS", "SPLIT_WORDS", "spell_help", "ally_help", "markers_help", "hp_help",
           "die_help", "shown_help", "choice_text", "targets_text", "free_die_words", "aiming_words", "list_label"]

#: The glyph of each kind of spell, in the book and the legend.
CATEGORY_SYMBOL = {"attack": "attack", "counter": "counter", "healing": "heal", "summon": "summon"}

#: The legend's lines for the glyphs (one short line each: the legend column is narrow).
LEGEND_WORDS = {"attack": "Attack spell: phase 5", "counter": "Counter spell: phase 1",
                "heal": "Healing spell: phase 3", "summon": "Summon spell: phase 2",
                "poison": "Poisoned: 1 damage later", "paralysis": "Paralysed: 1 die fewer",
                "shield": "Shell's free Shield", "dead": "A fallen wizard"}

#: A Lightning Bolt's third button: the split it changes to.
SPLIT_WORDS = {(4,): "All 4 at one", (3, 1): "Split 3 + 1", (2, 2): "Split 2 + 2"}

_PHASE = {"summon": "phase 2", "healing": "phase 3", "attack": "phase 5"}
_FREE_DIE = {"pair_plus_any": "3rd die", "straight3_plus_any": "4th die"}


def spell_help(spell: Spell) -> str:
    """A spell of the book: its phase and what it does."""
    if spell.category == "counter":
        phase = f"phase 1 (complexity {spell.tier})"
    elif spell.tier:
        # Paralysis: an attack spell at a wizard, a counter spell at an ally (its phase goes by its target).
        phase = f"{_PHASE[spell.category]} at a wizard; phase 1 (complexity {spell.tier}) at an ally"
    else:
        phase = _PHASE[spell.category]
    return f"{spell.name} ({phase}): {spell.text}"


def ally_help(owner: str, kind: str, hp: int) -> str:
    """An ally's die on a wizard's panel."""
    return (f"{owner}'s {kind.capitalize()}: {hp} HP. It deals its HP in damage "
            "to an opponent in phase 4 and holds one of its wizard's dice.")


def markers_help(wizard: Wizard) -> str | None:
    """A wizard's markers (poison to come, paralysis, Shell shields, carried dice); None when there are none."""
    parts = []
    if wizard.poison:
        parts.append(f"poisoned: 1 damage at the end of round {', '.join(map(str, wizard.poison))}")
    if wizard.paralysed or wizard.paralysis_next:
        parts.append(f"paralysed: {dice_count(wizard.paralysed or wizard.paralysis_next)} fewer")
    if wizard.shells or wizard.shells_next:
        parts.append("a Magic Shell shields them next round")
    if wizard.continued:
        parts.append(f"carried dice {dice_text(wizard.continued)} (not rolled)")
    return f"{wizard.name}: " + "; ".join(parts) + "." if parts else None


def hp_help(wizard: Wizard, start_hp: int) -> str:
    """A wizard's hit points meter."""
    return f"{wizard.name}'s hit points (healing can reach {start_hp + 1}; 0 or less: fallen)."


def die_help(secret: Secret, index: int) -> str:
    """A die of the wizard at the screen: carried, being rolled, or ready for a spell."""
    value = secret.dice[index] if 0 <= index < len(secret.dice) else 0
    name = f"The {value}" if value else "This die"
    if index < secret.fixed:
        return f"{name}, a carried die: it keeps its value and is not rolled."
    if not secret.rolled_out:
        kept = index < len(secret.kept) and secret.kept[index]
        return f"{name} ({'kept' if kept else 'to roll again'}): click to keep it (gold) or let it roll again."
    return f"{name}: click to select it for a spell."


def shown_help(state: State, book: SpellBook, caster: int, spell: str) -> str:
    """A cast on the reveal board."""
    found = book[spell]
    return f"{state.wizards[caster].name}'s {found.name}: {found.text}"


def choice_text(state: State, book: SpellBook, intent: Value) -> str:
    """A Counterspell's answer: the spell it cancels, or nothing."""
    if isinstance(intent, CancelNothing):
        return "Cancel nothing: let every spell through"
    assert isinstance(intent, Cancel)
    return (f"Cancel {state.wizards[intent.caster].name}'s {book[intent.spell].name} "
            f"at {target_name(state, intent.target)}")


class Aimed(Protocol):
    """A cast's targets and split (a cast allocated, or one on the reveal board)."""

    @property
    def targets(self) -> tuple[Target, ...]: ...

    @property
    def split(self) -> tuple[int, ...]: ...


def targets_text(state: State, cast: Aimed) -> str:
    """Where a cast goes: ``3 at Drew + 1 at Rick``, ``Rick ×2``."""
    if cast.split:
        return " + ".join(f"{amount} at {target_name(state, t)}" for t, amount in zip(cast.targets, cast.split))
    counted = Counter(cast.targets)
    return ", ".join(target_name(state, t) + (f" ×{n}" if n > 1 else "") for t, n in counted.items())


def free_die_words(spell: Spell, value: int) -> str:
    """The third button of a spell whose free die can be chosen: the die it makes the free one."""
    return f"Use {value} as {_FREE_DIE.get(spell.pattern.type, 'free die')}"


def aiming_words(state: State, spell: Spell, aimed: Sequence[Target], split: Sequence[int], most: int) -> str:
    """A spell being aimed, where it goes so far and what is left (``most``: the most targets its casts still
    take): ``Magic Missiles → Dorn ×1, one more missile``; ``Lightning Bolt → 3 at Dorn, 1 more to aim``;
    ``Fireball: click its target``."""
    if not aimed:
        return f"{spell.name}: click {'the first target' if spell.most_targets > 1 else 'its target'}"
    if split:
        so_far = ", ".join(f"{amount} at {target_name(state, t)}" for t, amount in zip(aimed, split))
    else:
        so_far = ", ".join(f"{target_name(state, t)} ×{n}" for t, n in Counter(aimed).items())
    more = most - len(aimed)
    if more <= 0:
        return f"{spell.name} → {so_far}"
    if spell.per_die_targets:
        left = "one more missile" if more == 1 else f"{more} more missiles"
    elif split:
        left = f"{sum(split[len(aimed):])} more to aim"
    else:
        left = "one more target" if more == 1 else f"{more} more targets"
    return f"{spell.name} → {so_far}, {left}"


def list_label(state: State, book: SpellBook, secret: Secret | None, target: Spot) -> str | None:
    """A target the table shows as a picture, in words for a phone's list of what may be tapped: a spell in the
    wizard's list by its name and dice, a wizard by name, a die by its place in the row (None: another kind)."""
    kind, key = target.kind, target.key
    if kind == "cast" and secret is not None and isinstance(key, int) and key < len(secret.casts):
        allocated = secret.casts[key]
        return f"{book[allocated.spell].name} {dice_text(allocated.dice)}: take it back"
    if kind == "wizard" and isinstance(key, int):
        return state.wizards[key].name
    if kind == "die" and isinstance(key, int):
        return f"Die {key + 1}"
    return None
