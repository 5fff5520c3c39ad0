"""What the ElementaliS table says in words: hover help for dice, mages, spells and the Channel, and the lines
of the lower panel (no pygame)."""

from __future__ import annotations

from tabletop.games.elementalis.elements import SUN, Spell, symbols
from tabletop.games.elementalis.queries import ElementaliSQueries
from tabletop.games.elementalis.state import Die, State
from tabletop.games.elementalis.wording import TYPE_NAMES, mana_text

from .stages import OVER, SETUP

__all__ = ["die_help", "mage_help", "spell_help", "CHANNEL_HELP", "spell_button", "spell_lines", "idle_line",
           "round_text", "mana_word", "scoring_help"]

#: What the Channel is, on hover.
CHANNEL_HELP = ("The Channel: Mana scored this turn, not yet safe. Bank it into the Pool, or push on: a Sun "
                "on the Chance or Cosmic Roll sends it all back to the Flux.")


def die_help(die: Die) -> str:
    """What a die shows (and that the Sun die is out of every spell's reach)."""
    face = " and ".join(symbols(die.face))
    extra = " It is the Sun die: no spell can touch it." if die.kind == SUN else ""
    return f"The {die.kind.replace('_', ' ')} die shows {face}.{extra}"


def mage_help(rules: ElementaliSQueries, state: State, seat: int) -> str | None:
    """A mage's type, Arcana, Pool and spells (None before both Arcana are drafted)."""
    mage = state.mages[seat]
    if not (mage.major and mage.minor):
        return None
    kind = rules.content.mage_type(mage.major, mage.minor)
    spells = ", ".join(dict.fromkeys(s.name for _, s in rules.entries(state, seat)))
    pool = mana_text(list(mage.mana.units()) + ["pale-" + u for u in mage.faded.units()])
    return (f"{mage.name}: {TYPE_NAMES.get(kind, kind)} ({mage.major} Major, {mage.minor} Minor). "
            f"Pool: {pool}. Spells: {spells}. Scores: {scoring_help(rules, state, seat)}")


def scoring_help(rules: ElementaliSQueries, state: State, seat: int) -> str:
    """How a roll scores for this mage, by their type and cards (the F1 summary, beside the board)."""
    mage = state.mages[seat]
    content = rules.content
    kind = content.mage_type(mage.major, mage.minor)
    major, minor = mage.major.capitalize(), mage.minor.capitalize()
    if kind == "elementalist":
        return (f"{major} symbols less {content.conflict(mage.major).capitalize()} ones, {minor} symbols less "
                f"{content.conflict(mage.minor).capitalize()} ones; each Ether +1 to either. A Sun on the Power "
                "Roll cancels the conflicts.")
    if kind == "harmonist":
        return (f"every {major} and {minor} symbol; Ether, the Sun and conflicts do nothing. Spells cost 1 "
                "more.")
    if kind in ("purist", "elitist"):
        limits = (f" No {major} spell can touch them; they cannot cast at a mage whose Minor is {major}."
                  if kind == "elitist" else "")
        return (f"{major} symbols plus every Ether, less {content.conflict(mage.major).capitalize()} symbols (a "
                f"Sun on the Power Roll cancels that). Level 2 and 3 spells cost 1 less.{limits}")
    if kind == "creationist":
        opposite = (content.classical[mage.minor] if state.creationist_opposition == "classical"
                    else content.conflict(mage.minor))
        return (f"each Ether gives 1 Mana of any element and +1 {minor}; {minor} symbols less "
                f"{opposite.capitalize()} ones. A Sun on the Power Roll takes 1 Mana of choice away. Casts "
                "every level-1 spell.")
    return "only Mana of choice: 1 per Ether, less 1 for a Sun on the Power Roll."


def spell_help(spell: Spell) -> str:
    """A spell's element, level and text."""
    return f"{spell.name} ({spell.element}, level {spell.level}): {spell.text}"


def spell_button(spell: Spell, cost: int) -> str:
    """A spell offered to cast, with what it costs this mage now."""
    return f"{spell.name} ({cost} {spell.element})"


def spell_lines(rules: ElementaliSQueries, state: State) -> list[tuple[int, str]]:
    """Each drafted mage's spells with their cost now, by seat: the lower panel when nothing is to be chosen."""
    out = []
    for seat, mage in enumerate(state.mages):
        if not (mage.major and mage.minor):
            continue
        spells = ", ".join(dict.fromkeys(spell_button(s, rules.cost(state, seat, s.level))
                                         for _, s in rules.entries(state, seat)))
        out.append((seat, f"{mage.name}: {spells}"))
    return out


def idle_line(rules: ElementaliSQueries, state: State) -> str:
    """The lower panel's title when nothing is to be chosen there."""
    if state.flow.stage == OVER:
        return str(rules.prompt(state))
    if any(m.minor for m in state.mages):
        return "The spells each mage may cast, with their cost now:"
    return "The draft: each mage takes a Major, then a Minor; the pair makes the mage's type."


def round_text(state: State) -> str:
    """The round as the banner says it (the draft has none)."""
    flow = state.flow
    return "The draft" if flow.stage in SETUP else f"Round {min(flow.round, 6)} of 6"


def mana_word(unit: str) -> str:
    """A Mana counter in words: ``fire``, ``colourless air``."""
    return unit.replace("pale-", "colourless ")
