"""What a click means at the ElementaliS table (no pygame).

Everything clickable comes from the rules' legal intents.  The three buttons of the bottom strip send the
moment's moves (Power Roll, Declare a spell or Pass, Bank or roll on, Counter or let it be ...).  Choices
that are not on the table (the draft, Mana to take, give or pay, an Elementalist's Ethers, a Flux Tap, the
spells) are the menu's buttons in the lower panel.

A spell chosen is a :class:`~tabletop.app.choosing.Narrowing` of its casts: the dice and mages it may be
cast on glow, the Earth Links it may burn are buttons; a die narrows the casts to that die's (Tremor then
asks for the face), a mage or a button to one cast, which is sent.  Mana taken counter by counter (the
setup's two Mana, a Creationist's Mana of choice, a payment) is the selection's ``mana``: a button per
colour that still completes some legal choice, and the counter that completes one sends it.  In an
opposition the glowing dice are picked up one by one (the selection's ``dice``) and a button rolls them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Iterator

from tabletop.core.values import Value
from tabletop.games.elementalis.elements import ELEMENTS, Spell
from tabletop.games.elementalis.intents import (Allow, Bank, Cast, Chance, Choose, Cosmic, Declare, Done, Forfeit, Give,
                                                Oppose, PassWindow, Pay, Pick, Roll, Split, StartMana, TakeMajor,
                                                TakeMinor, Tap)
from tabletop.games.elementalis.intents import Counter as CounterSpell
from tabletop.games.elementalis.queries import ElementaliSQueries
from tabletop.games.elementalis.wording import mana_text

from ...choosing import NOTHING, ChoicesBase, Menu, Narrowing, Reply, Seen, Slot, Target
from .arcana import draft_line, major_help, minor_help, minor_label
from .help import CHANNEL_HELP, die_help, idle_line, mage_help, mana_word, spell_button, spell_help
from .stages import CAST, COUNTER, DECLARE, DRAFT, DRAFT_MAJOR, GIVE, MANA_CHOICE, OPPOSE, PICK, PUSH, SPLIT, TURN

__all__ = ["ElementaliSChoices", "Chosen", "unit_order", "die_target", "mage_target", "choice_target", "CHANNEL"]

#: A spell's casts are narrowed by die, mage or Earth Link; once a die is chosen, by face (Tremor).
SPELL_FIELDS = ("die", "target", "link")
FACE_FIELDS = ("face",)

MANA_MOVES = (StartMana, Choose, Pay)

#: The Channel (explained on hover).
CHANNEL = Target("channel")


def die_target(index: int) -> Target:
    """The target of die ``index`` of the row."""
    return Target("die", index)


def mage_target(seat: int) -> Target:
    """The target of a mage's panel."""
    return Target("mage", seat)


def choice_target(index: int) -> Target:
    """The place of choice ``index`` of the lower panel (explained on hover: a spell's text)."""
    return Target("choice", index)


@dataclass(frozen=True)
class Chosen:
    """What the player has chosen so far: a spell's casts still open, the dice picked up in an opposition
    (in die order), the Mana counters taken so far (in the order clicked)."""

    casting: Narrowing | None = None
    dice: tuple[int, ...] = ()
    mana: tuple[str, ...] = ()


def unit_order(unit: str) -> tuple[bool, int]:
    """Mana counters in element order, colourless ones last."""
    base = unit.replace("pale-", "")
    return unit.startswith("pale-"), ELEMENTS.index(base) if base in ELEMENTS else 9


class ElementaliSChoices(ChoicesBase[Chosen]):
    """The ElementaliS table's choices for one screen and selection."""

    fresh = Chosen()
    rules: ElementaliSQueries

    def __init__(self, seen: Seen, selection: Chosen | None = None) -> None:
        self.stage: str = seen.state.flow.stage
        self.casts = [intent for intent in seen.legal if isinstance(intent, Cast)]
        self.mana_moves = [(Counter(intent.mana), intent) for intent in seen.legal if isinstance(intent, MANA_MOVES)]
        self.opposes = {intent.dice: intent for intent in seen.legal if isinstance(intent, Oppose)}
        self.eligible = sorted({die for dice in self.opposes for die in dice})
        super().__init__(seen, selection)

    def settle(self, selection: Chosen) -> Chosen:
        casting = selection.casting.within(self.legal) if selection.casting is not None else None
        dice = tuple(die for die in selection.dice if die in self.eligible)
        mana = selection.mana if selection.mana and self._fitting(Counter(selection.mana)) else ()
        return Chosen(casting, dice, mana)

    # ---------------------------------------------------------------- the spell being aimed
    @property
    def me(self) -> int:
        """The seat the legal intents belong to (only asked when there are some)."""
        seat = self.seen.acting
        assert seat is not None, "nothing may be sent now"
        return seat

    @property
    def aimed(self) -> tuple[Cast, ...]:
        """The casts of the spell chosen still open (none: no spell chosen)."""
        casting = self.selection.casting
        return () if casting is None else tuple(c for c in casting.candidates if isinstance(c, Cast))

    @property
    def spell(self) -> str | None:
        """The spell chosen, waiting for its target."""
        aimed = self.aimed
        return aimed[0].spell if aimed else None

    @property
    def face_step(self) -> bool:
        """Tremor: a die is chosen, its face is asked."""
        casting = self.selection.casting
        return casting is not None and casting.fields == FACE_FIELDS

    def spell_of(self, spell_id: str) -> Spell:
        """A spell of the game's content."""
        return self.rules.content.spell(spell_id)

    # ---------------------------------------------------------------- what glows
    def glowing_dice(self) -> set[int]:
        """Dice a click may use now: a spell's targets, or dice to pick up in an opposition."""
        if not self.legal:
            return set()
        if self.stage == OPPOSE:
            return set(self.eligible)
        if self.face_step:
            return set()
        return {c.die for c in self.aimed if c.die is not None}

    def glowing_mages(self) -> set[int]:
        """Mages a spell may be cast on (an Earth Link to burn is a button: a mage may hold two)."""
        return {c.target for c in self.aimed if c.target is not None and c.link is None}

    def glowing(self) -> frozenset[Target]:
        return frozenset({die_target(die) for die in self.glowing_dice()} |
                         {mage_target(seat) for seat in self.glowing_mages()})

    def targets(self) -> Iterator[Target]:
        """Every die and every mage."""
        yield from (die_target(index) for index in range(len(self.state.flow.dice)))
        yield from (mage_target(seat) for seat in range(len(self.state.mages)))

    # ---------------------------------------------------------------- what the table sends itself
    def forced(self) -> Value | None:
        """The move the table sends for the mage at the screen, unasked: their one legal move when it only lets
        the game go on (a pass, a forfeit with no spell castable any more, stopping when nothing is left to pick)
        or is the last Major of the draft.  Nothing is hidden in ElementaliS, so not asking tells nobody
        anything; the move is taken from the legal list, never built here."""
        legal = self.legal
        if len(legal) != 1:
            return None
        only = legal[0]
        return only if isinstance(only, (PassWindow, Forfeit, Done, TakeMajor)) else None

    # ---------------------------------------------------------------- the buttons of the bottom strip
    def buttons(self) -> tuple[Slot | None, ...]:
        if not self.legal:
            return ()
        stage = self.stage
        seat = self.me
        if stage == TURN:
            return None, self._slot("Power Roll", Roll)
        if stage == DECLARE:
            return self._slot("Pass", PassWindow), self._slot("Declare a spell", Declare)
        if stage == CAST:
            back = (Slot("Back", Reply(selection=self.fresh)) if self.selection.casting is not None
                    else Slot.disabled("Back", "Choose a spell first."))
            return self._slot("Forfeit", Forfeit), back
        if stage == COUNTER:
            spell = self.spell_of(self.state.flow.window.pending)
            cost = self.rules.counter_cost(self.state, seat, spell)
            return self._slot("Let it be", Allow), self._slot(f"Counter ({cost} water)", CounterSpell)
        if stage == PICK:
            return None, self._slot("Stop", Done)
        if stage == PUSH:
            channel = self.state.flow.channel.total
            onward = Chance if any(isinstance(intent, Chance) for intent in self.legal) else Cosmic
            # The button says what a Sun would cost.
            # The button on Space (the middle one, in the primary look) is the safe choice: never the risk.
            return (None, self._slot(f"Bank {channel} Mana", Bank),
                    self._slot(f"{onward.__name__} Roll: risk {channel}", onward))
        if stage == OPPOSE:
            return self._opposition_buttons()
        if stage in MANA_CHOICE and self.selection.mana:
            return (Slot("Start again", Reply(selection=replace(self.selection, mana=()))),)
        return ()

    def _slot(self, text: str, kind: type) -> Slot | None:
        """A button sending the legal intent of this kind (no button if there is none)."""
        intent = next((intent for intent in self.legal if isinstance(intent, kind)), None)
        return None if intent is None else Slot(text, self.send(intent))

    def _opposition_buttons(self) -> tuple[Slot | None, ...]:
        chosen = self.selection.dice
        none = self.opposes.get(())
        first = Slot("Roll none", self.send(none)) if none is not None else None
        picked = self.opposes.get(chosen) if chosen else None
        if picked is None:
            return first, Slot.disabled("Pick dice", "Click the glowing dice you pick up.")
        return first, Slot(f"Roll {len(chosen)} dice", self.send(picked))

    # ---------------------------------------------------------------- the choices of the lower panel
    def menu(self) -> Menu | None:
        items = self._items() if self.legal else []
        return Menu(self.panel_title(bool(items)), tuple(items))

    def panel_title(self, offered: bool | None = None) -> str:
        """The lower panel's title: the Mana chosen so far, the spell being aimed, or what to do."""
        if offered is None:
            offered = bool(self._items()) if self.legal else False
        if self.selection.mana:
            return f"Chosen so far: {mana_text(self.selection.mana)}"
        window = self.state.flow.window
        if self.stage == PICK and window is not None and window.picked:
            taken = ", ".join(f"{mana_word(mana)} from {self.seen.names[owner]}"
                              for mana, owner in zip(window.picked, window.picked_from))
            return f"Picked so far: {taken}"
        if self.spell is not None:
            spell = self.spell_of(self.spell)
            return f"{spell.name}: {spell.text}"
        if self.stage == CAST:
            return "Your spells (cost in Mana of the spell's element, from your Pool)"
        if offered and self.stage in DRAFT:
            return f"{self.rules.prompt(self.state)} {draft_line(self.stage != DRAFT_MAJOR, self._my_major())}"
        if offered:
            return str(self.rules.prompt(self.state))
        return idle_line(self.rules, self.state)

    def _items(self) -> list[Slot]:
        stage = self.stage
        legal = self.legal
        if stage in DRAFT:
            # A Minor says the mage type it would make with the mage's Major (hover: what the Arcana does).
            major = self.state.mages[self.me].major
            return [Slot(minor_label(self.rules.content, major, i.element) if isinstance(i, TakeMinor)
                         else f"Take the {i.element.capitalize()} Major", self.send(i))
                    for i in legal if isinstance(i, (TakeMajor, TakeMinor))]
        if stage in MANA_CHOICE:
            return self._mana_items()
        if stage == TURN:
            return [Slot(f"Flux Tap: 1 {i.colour}", self.send(i)) for i in legal if isinstance(i, Tap)]
        if stage == CAST:
            return self._spell_items()
        if stage == PICK:
            return [Slot(f"Take 1 {mana_word(i.mana)}" + (f" from {self.seen.names[i.target]}"
                                                          if i.target is not None else ""), self.send(i))
                    for i in legal if isinstance(i, Pick)]
        if stage == SPLIT:
            mage = self.state.mages[self.me]
            return [Slot(f"{i.major} to {mage.major}, {len(legal) - 1 - i.major} to {mage.minor}", self.send(i))
                    for i in legal if isinstance(i, Split)]
        if stage == GIVE:
            return [Slot(f"Give 1 {i.mana}", self.send(i)) for i in legal if isinstance(i, Give)]
        return []

    def _my_major(self) -> str:
        """The Major of the mage choosing now ("" before the draft gave one)."""
        return self.state.mages[self.me].major if self.legal else ""

    def _draft_offers(self) -> list[Value]:
        return [i for i in self.legal if isinstance(i, (TakeMajor, TakeMinor))] if self.stage in DRAFT else []

    def _fitting(self, taken: Counter) -> list[Value]:
        """The Mana choices that hold every counter taken so far."""
        return [intent for counts, intent in self.mana_moves if not taken - counts]

    def _mana_items(self) -> list[Slot]:
        """A button per colour still possible; the counter that completes a legal choice sends it.  First, where
        the rest of a legal choice can be all of one colour, a button takes it all at once (``+2 fire``)."""
        taken = list(self.selection.mana)
        fits = [counts for counts, _ in self.mana_moves if not Counter(taken) - counts]
        kinds = sorted({unit for counts in fits for unit in counts if Counter(taken + [unit]) <= counts},
                       key=unit_order)
        out = []
        for unit in kinds:
            # Only a choice that holds what was taken: "+2 water" after "+1 fire" would drop the fire.
            whole = [(counts[unit] - taken.count(unit), intent) for counts, intent in self.mana_moves
                     if not Counter(taken) - counts
                     and counts - Counter(taken) == Counter({unit: counts[unit] - taken.count(unit)})]
            rest, intent = max(whole, key=lambda pair: pair[0], default=(0, None))
            if rest >= 2 and intent is not None:
                out.append(Slot(f"+{rest} {mana_word(unit)}", self.send(intent)))
        for unit in kinds:
            more = Counter(taken + [unit])
            done = next((intent for counts, intent in self.mana_moves if counts == more), None)
            reply = self.send(done) if done is not None else Reply(
                selection=replace(self.selection, mana=(*taken, unit)))
            out.append(Slot(f"+1 {mana_word(unit)}", reply))
        return out

    def _spell_ids(self) -> list[str]:
        """The spells the mage may cast now, each once, when none is chosen yet."""
        if self.stage != CAST or self.selection.casting is not None or not self.legal:
            return []
        return list(dict.fromkeys(c.spell for c in self.casts))

    def _spell_items(self) -> list[Slot]:
        if self.selection.casting is None:
            out = []
            for spell_id in self._spell_ids():
                spell = self.spell_of(spell_id)
                out.append(Slot(spell_button(spell, self.rules.cost(self.state, self.me, spell.level)),
                                self._choose_spell(spell_id)))
            return out
        if self.face_step:
            return [Slot(f"Face: {(c.face or '').replace('+', ' + ')}", self.send(c)) for c in self.aimed]
        mages = self.state.mages
        out = []
        for c in self.aimed:
            if c.target is None:
                continue
            name = self.spell_of(c.spell).name
            label = (f"{name} {mages[c.link].name}'s link to {mages[c.target].name}" if c.link is not None
                     else f"{name} on {mages[c.target].name}")
            out.append(Slot(label, self.send(c)))
        return out

    def _choose_spell(self, spell_id: str) -> Reply:
        """A spell with one way to cast it and nothing to aim at is cast at once; else its casts are open."""
        casts = tuple(c for c in self.casts if c.spell == spell_id)
        only = casts[0] if len(casts) == 1 else None
        if only is not None and only.die is None and only.target is None and only.link is None:
            return self.send(only)
        return Reply(selection=Chosen(casting=Narrowing(casts, fields=SPELL_FIELDS)))

    # ---------------------------------------------------------------- clicks on the table
    def click(self, target: Target) -> Reply:
        if not self.legal:
            return NOTHING
        if target.kind == "die":
            return self._click_die(_index(target))
        if target.kind == "mage":
            return self._click_mage(_index(target))
        return NOTHING

    def _click_die(self, index: int) -> Reply:
        seat = self.me
        casting = self.selection.casting
        spell = self.spell
        if index not in self.glowing_dice():
            # The rules say why this die cannot take this spell (the Sun die, a held die, an Elitist's roll).
            if spell is not None and casting is not None and casting.fields == FACE_FIELDS:
                return Reply(refusal=f"First choose the face {self.spell_of(spell).name} turns its die to, "
                                     "with the buttons below (or Back).")
            if spell is not None:
                return self.refuse(Cast(seat, spell, die=index))
            if self.stage == OPPOSE:
                return self.refuse(Oppose(seat, (index,)))
            return NOTHING
        if self.stage == OPPOSE:
            dice = set(self.selection.dice) ^ {index}
            return Reply(selection=replace(self.selection, dice=tuple(sorted(dice))))
        assert casting is not None
        members = [c for c in self.aimed if c.die == index]
        return self.narrowed(casting, members, self._face_asked)

    def _face_asked(self, narrowed: Narrowing | None) -> Chosen:
        """The casts of one die, several faces: the face is asked next."""
        return replace(self.selection, casting=narrowed and replace(narrowed, fields=FACE_FIELDS))

    def _click_mage(self, seat: int) -> Reply:
        casting = self.selection.casting
        if casting is None or seat not in self.glowing_mages():
            return NOTHING
        members = [c for c in self.aimed if c.target == seat and c.link is None]
        return self.narrowed(casting, members, lambda narrowed: replace(self.selection, casting=narrowed))

    # ---------------------------------------------------------------- hover
    def explain(self, target: Target) -> str | None:
        state = self.state
        if target.kind == "choice" and self.stage in DRAFT:
            offers = self._draft_offers()
            index = _index(target)
            if index >= len(offers):
                return None
            offer = offers[index]
            content = self.rules.content
            element = getattr(offer, "element")
            return (minor_help(content, self._my_major(), element) if isinstance(offer, TakeMinor)
                    else major_help(content, element))
        if target.kind == "choice":
            spells = self._spell_ids()
            index = _index(target)
            return spell_help(self.spell_of(spells[index])) if index < len(spells) else None
        if target.kind == "die":
            index = _index(target)
            return die_help(state.flow.dice[index]) if index < len(state.flow.dice) else None
        if target.kind == "mage":
            return mage_help(self.rules, state, _index(target))
        if target == CHANNEL:
            return CHANNEL_HELP
        return None


def _index(target: Target) -> int:
    """The number a die, mage or choice target carries."""
    key = target.key
    assert isinstance(key, int), target
    return key
