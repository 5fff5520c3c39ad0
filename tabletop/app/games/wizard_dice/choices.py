"""What a click means at the Wizard Dice table (no pygame).

Behind the cover a wizard rolls: a click on a die sends its Keep or Release, the
buttons send Roll and Stop.  Then the wizard selects free dice; the book lights the
spells they make exactly, and a click on one starts narrowing the legal casts of
that spell from those dice (a spell clicked first takes the dice of its largest
form).  A Lightning Bolt's third button chooses the split, a Counterspell's the die
that is its 4th; each click on a glowing wizard or ally then keeps the casts aimed
that way, and when one cast is left it is sent.  A summon with three or more
wizards asks last whom its ally attacks.  A click on an ally aims its attack (3+
wizards) or, at upkeep, banishes it; a spell of the list is taken back.  On the
open table a Counterspell's answers are a menu, and carrying selects up to 2
unused dice.  Every intent sent is one of the legal intents.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Iterator, cast

from tabletop.core.values import Value
from tabletop.games.wizard_dice.intents import Banish, CastSpell, Commit, KeepAllies, Roll, Stop, Uncast
from tabletop.games.wizard_dice.queries import WizardDiceQueries
from tabletop.games.wizard_dice.state import Secret, Stage
from tabletop.games.wizard_dice.state import Target as Aimed
from tabletop.games.wizard_dice.wording import dice_text

from ...choosing import NOTHING, ChoicesBase, Menu, Narrowing, Reply, Seen, Slot, Target
from .help import (SPLIT_WORDS, aiming_words, ally_help, choice_text, die_help, free_die_words, hp_help, list_label,
                   markers_help, shown_help, spell_help)
from .offer import free_indices, offer_of, own_secret, shown_dice

__all__ = ["WizardDiceChoices", "Chosen", "fits"]


@dataclass(frozen=True)
class Chosen:
    """What the player has chosen so far: dice of the tray (for a spell, or to carry), the spell being aimed
    with its split, the form of its dice (which die is the free one; empty: the highest) and the targets
    clicked so far; or an ally whose attack is being aimed."""

    dice: tuple[int, ...] = ()
    spell: str | None = None
    aimed: tuple[Aimed, ...] = ()
    split: tuple[int, ...] = ()
    form: tuple[int, ...] = ()
    ally: int | None = None


def fits(cast: CastSpell, aimed: tuple[Aimed, ...]) -> bool:
    """Whether ``cast`` still agrees with the targets clicked so far (in order for an uneven split)."""
    if len(aimed) > len(cast.targets):
        return False
    if cast.split and cast.split[0] != cast.split[-1]:
        return cast.targets[:len(aimed)] == aimed
    return all(cast.targets.count(target) >= aimed.count(target) for target in set(aimed))


def _casts(narrowing: Narrowing) -> tuple[CastSpell, ...]:
    """A narrowing's candidates: casts, every one."""
    return cast(tuple[CastSpell, ...], narrowing.candidates)


def _target(aimed: Aimed) -> Target:
    return Target(aimed.kind, aimed.index)


class WizardDiceChoices(ChoicesBase[Chosen]):
    """The Wizard Dice table's choices for one screen and selection."""

    fresh = Chosen()
    rules: WizardDiceQueries

    def __init__(self, seen: Seen, selection: Chosen | None = None) -> None:
        self.offer = offer_of(seen.legal)
        self.book = seen.rules.book
        self.secret: Secret | None = own_secret(seen.state, seen.shows)
        self.stage = seen.state.flow.stage
        super().__init__(seen, selection)

    # ---------------------------------------------------------------- the selection
    def settle(self, selection: Chosen) -> Chosen:
        if selection == self.fresh:
            return selection
        if not self.legal:
            return self.fresh
        if self.stage == Stage.CARRY:
            unused = len(self.state.wizards[self.state.to_act].unused)
            return Chosen(dice=tuple(i for i in selection.dice if i < unused)[:2])
        if self.stage != Stage.SECRET or self.secret is None or not self.secret.rolled_out:
            return self.fresh
        free = free_indices(self.secret)
        if any(i not in free for i in selection.dice):
            return Chosen(dice=tuple(i for i in selection.dice if i in free))
        if selection.ally is not None and selection.ally not in self.offer.aims:
            selection = replace(selection, ally=None)
        if selection.spell is not None and not self.forms(selection):
            selection = replace(selection, spell=None, aimed=(), split=(), form=())
        return selection

    def values(self, selection: Chosen) -> tuple[int, ...]:
        """The values of the selected dice, sorted."""
        secret = self.secret
        return tuple(sorted(secret.dice[i] for i in selection.dice)) if secret is not None else ()

    @cached_property
    def exact(self) -> list[str]:
        """Spells a legal cast makes from exactly the selected dice."""
        values = self.values(self.selection)
        return list(self.offer.makes.get(values, ())) if values else []

    @cached_property
    def formable(self) -> set[str]:
        """Spells the free dice (while rolling: the kept dice) can form now."""
        secret = self.secret
        if secret is None:
            return set()
        if not secret.rolled_out:
            kept = [d for d, k in zip(secret.dice, secret.kept) if k and secret.rolls]
            return {s.spell_id for s in self.book.formable(kept, self.state.loose_patterns)}
        return set(self.offer.by_spell)

    # ---------------------------------------------------------------- narrowing the casts of a spell
    def forms(self, selection: Chosen) -> list[tuple[int, ...]]:
        """The ways the chosen spell takes the selected dice (its dice in the pattern's order), the highest free
        die first (B.3: the table's default)."""
        assert selection.spell is not None
        pattern = self.book[selection.spell].pattern
        casts = self.offer.casts.get((selection.spell, self.values(selection)), [])
        return sorted({c.dice for c in casts}, key=lambda d: (pattern.extra(d), d), reverse=True)

    def narrowing(self, selection: Chosen) -> Narrowing:
        """The casts the selection can still become: its spell from its dice in its form, its split, agreeing
        with the targets clicked so far."""
        if selection.spell is None:
            return Narrowing(())
        forms = self.forms(selection)
        if not forms:
            return Narrowing(())
        form = selection.form if selection.form in forms else forms[0]
        casts = self.offer.casts[(selection.spell, self.values(selection))]
        return Narrowing(tuple(c for c in casts if c.dice == form and (not selection.split or c.split == selection.split)
                               and fits(c, selection.aimed)), self.book[selection.spell].name)

    @cached_property
    def candidates(self) -> tuple[CastSpell, ...]:
        """The casts the current selection can still become."""
        return _casts(self.narrowing(self.selection))

    def splits(self, selection: Chosen) -> list[tuple[int, ...]]:
        """A split spell's splits from the selected dice, the undivided one first."""
        if selection.spell is None or not self.book[selection.spell].split:
            return []
        casts = self.offer.casts.get((selection.spell, self.values(selection)), [])
        found = {cast.split for cast in casts}
        return sorted(found, key=lambda s: (len(s), tuple(-x for x in s)))

    @cached_property
    def aim_targets(self) -> frozenset[Aimed]:
        """Where the next click on the table may aim the chosen spell (or an ally's attack)."""
        selection = self.selection
        if selection.ally is not None:
            return frozenset(Aimed.wizard(at) for at in self.offer.aims.get(selection.ally, {}))
        if selection.spell is None:
            return frozenset()
        out: set[Aimed] = set()
        several = len({c.aim for c in self.candidates}) > 1
        for cast in self.candidates:
            if len(cast.targets) > len(selection.aimed):
                out |= {t for t in cast.targets if t not in out and fits(cast, (*selection.aimed, t))}
            elif several and cast.aim is not None:
                out.add(Aimed.wizard(cast.aim))
        return frozenset(out)

    def _cast_when_one(self, selection: Chosen) -> Reply:
        """Send the cast once the choice leaves exactly one; else go on with ``selection``."""
        candidates = _casts(self.narrowing(selection))
        aimed = len(selection.aimed)
        complete = [c for c in candidates if len(c.targets) == aimed
                    or (aimed == 0 and len({c.targets for c in candidates}) == 1)]
        if len(candidates) == 1 and (complete or len(candidates[0].targets) == aimed):
            return self.send(candidates[0])
        if complete and len({(c.targets, c.split, c.aim) for c in complete}) == 1 and len(complete[0].targets) == aimed:
            return self.send(complete[0])
        return Reply(selection=selection)

    def _aim(self, target: Aimed) -> Reply:
        """A click on a glowing wizard or ally: the next target of the spell, whom the summon's ally attacks,
        or whom an ally attacks."""
        selection = self.selection
        if selection.ally is not None:
            return self.send(self.offer.aims[selection.ally][target.index])
        if any(len(c.targets) > len(selection.aimed) for c in self.candidates):
            return self._cast_when_one(replace(selection, aimed=(*selection.aimed, target)))
        chosen = [c for c in self.candidates if c.aim == target.index]
        return self.send(chosen[0]) if chosen else self._cast_when_one(selection)

    def _choose_spell(self, spell: str) -> Reply:
        """A click on the book: aim this spell with the selected dice, or with the dice of its largest form."""
        selection = self.selection
        if spell not in self.exact:
            casts = self.offer.by_spell.get(spell)
            if not casts or self.secret is None:
                return self._why_not_spell(spell)
            pattern = self.book[spell].pattern
            best = max(casts, key=lambda c: (len(c.dice), pattern.extra(c.dice)))
            free = free_indices(self.secret)
            dice: list[int] = []
            for value in sorted(best.dice):
                dice.append(next(i for i in free if self.secret.dice[i] == value and i not in dice))
            selection = replace(selection, dice=tuple(sorted(dice)))
        selection = replace(selection, spell=spell, aimed=(), split=(), form=())
        splits = self.splits(selection)
        return self._cast_when_one(replace(selection, split=splits[0] if splits else ()))

    def _why_not_spell(self, spell: str) -> Reply:
        """The rules' sentence for casting ``spell`` now, with the selected dice (or the dice its pattern needs)."""
        seat = self.seen.shows
        dice = self.values(self.selection) or self.book[spell].pattern.example()
        targets = tuple(self.rules.targets(self.state, seat, self.book[spell])[:1]) if seat is not None else ()
        return self.refuse(CastSpell(seat if seat is not None else 0, spell, dice, targets))

    def refuse(self, intent: Value) -> Reply:
        """The rules' sentence for why ``intent`` cannot be sent now (asked once per list of legal intents)."""
        if not self.legal:
            return super().refuse(intent)
        refusals = self.offer.refusals
        if intent not in refusals:
            refusals[intent] = self.seen.why(intent)
        return Reply(refusal=refusals[intent])

    # ---------------------------------------------------------------- what glows
    def glowing(self) -> frozenset[Target]:
        """The glowing wizards and allies a spell may be aimed at, the allies that may be banished or aimed, the
        spells of the book the selected dice make, the selected dice."""
        out = {_target(aimed) for aimed in self.aim_targets}
        out |= {Target("ally", number) for number in (*self.offer.banish, *self.offer.aims)}
        if self.stage == Stage.SECRET and self.seen.shows is not None:
            out |= {Target("book", spell) for spell in self.exact if spell != self.selection.spell}
        out |= {Target("die", index) for index in self.selection.dice}
        return frozenset(out)

    def targets(self) -> Iterator[Target]:
        """The dice, the book, the spells in the list, every ally and every wizard.  A spell no legal cast makes
        only ever says why not, whatever is selected: it is tried from the fresh selection only (asking the rules
        why for every selection of dice would make walking every click sequence slow)."""
        state = self.state
        if self.stage == Stage.CARRY:
            dice = max(shown_dice(self.secret), len(state.wizards[state.to_act].unused))
        else:
            dice = shown_dice(self.secret)
        yield from (Target("die", index) for index in range(dice))
        if self.stage == Stage.SECRET:
            every = self.selection == self.fresh
            yield from (Target("book", spell.spell_id) for spell in self.book.spells
                        if every or spell.spell_id in self.offer.by_spell)
            if self.secret is not None:
                yield from (Target("cast", index) for index in range(len(self.secret.casts)))
        for wizard in state.wizards:
            yield from (Target("ally", ally.number) for ally in wizard.allies)
        yield from (Target("wizard", seat) for seat in range(len(state.wizards)))

    # ---------------------------------------------------------------- buttons and the Counterspell's menu
    def buttons(self) -> tuple[Slot | None, ...]:
        """The three buttons of the moment."""
        if not self.legal:
            return ()
        once = self.offer.once
        if self.stage == Stage.UPKEEP:
            return (None, self._sends("Keep allies", once.get(KeepAllies)))
        if self.stage == Stage.COUNTER:
            return ()
        if self.stage == Stage.CARRY:
            return self._carry_buttons()
        secret = self.state.wizards[self.seen.acting].secret
        if not secret.rolled_out:
            if secret.rolls == 0:
                wizard = self.state.wizards[self.seen.acting]
                return (None, self._sends(f"Roll {self.rules.available_dice(wizard) - secret.fixed} dice",
                                          once.get(Roll)))
            loose = sum(1 for k in secret.kept if not k)
            again = f"Roll {loose} again" if loose else "Roll again"
            reason = "Every die is kept: release one, or keep them all."
            roll = Slot(again, self.send(once[Roll]), reason=reason) if Roll in once else Slot.disabled(again, reason)
            return (self._sends("Keep all", once.get(Stop)), roll)
        if self.selection.spell is not None:
            return (Slot("Back", Reply(selection=self.fresh)), None, self._third_button())
        clear = Slot("Clear", Reply(selection=self.fresh), reason="No dice are selected: there is nothing to clear.") if self.selection.dice \
            else Slot.disabled("Clear", "No dice are selected: there is nothing to clear.")
        return (clear, self._sends("Commit spells", once.get(Commit)))

    def _sends(self, text: str, intent: Value | None) -> Slot:
        """A button sending ``intent``; shown without it when this screen may not send it (a tutorial's step, a
        phone's narrower list), saying why."""
        if intent is None:
            return Slot.disabled(text, "Not now: another move comes first.")
        return Slot.send(text, intent)

    def _carry_buttons(self) -> tuple[Slot | None, ...]:
        seat = self.seen.acting
        unused = self.state.wizards[seat].unused
        chosen = tuple(sorted(unused[i] for i in self.selection.dice))
        carry = self.offer.carry.get(chosen) if chosen else None
        reason = "Click up to 2 unused dice to carry them."
        second = Slot(f"Carry {dice_text(chosen)}", self.send(carry), reason=reason) if carry is not None else \
            Slot.disabled(f"Carry {dice_text(chosen)}" if chosen else "Select dice", reason)
        return (self._sends("Carry none", self.offer.carry.get(())), second)

    def _third_button(self) -> Slot | None:
        """A Lightning Bolt's next split, or the next die a Counterspell may take as its 4th."""
        selection = self.selection
        splits = self.splits(selection)
        if len(splits) > 1:
            following = splits[(splits.index(selection.split) + 1) % len(splits)] if selection.split in splits \
                else splits[0]
            text = SPLIT_WORDS.get(following, "+".join(map(str, following)))
            return Slot(text, Reply(selection=replace(selection, split=following, aimed=())))
        forms = self.forms(selection)
        if len(forms) > 1:
            now = forms.index(selection.form) if selection.form in forms else 0
            following = forms[(now + 1) % len(forms)]
            assert selection.spell is not None      # forms are listed only for a chosen spell
            spell = self.book[selection.spell]
            text = free_die_words(spell, spell.pattern.extra(following))
            return Slot(text, Reply(selection=replace(selection, form=following, aimed=())))
        return None

    def menu(self) -> Menu | None:
        """A Counterspell's answers: the spells it may cancel (and, sometimes, nothing)."""
        if not self.offer.cancels:
            return None
        return Menu("", tuple(Slot.send(choice_text(self.state, self.book, intent), intent)
                              for intent in self.offer.cancels))

    # ---------------------------------------------------------------- clicks
    def click(self, target: Target) -> Reply:
        kind, key = target.kind, target.key
        if kind == "wizard":
            aimed = Aimed.wizard(target.number)
            return self._aim(aimed) if aimed in self.aim_targets else self.click_nothing()
        if kind == "ally":
            return self._click_ally(target.number)
        if kind == "die":
            return self._click_die(target.number)
        if kind == "book":
            if self.stage == Stage.SECRET and self.seen.shows is not None:
                return self._choose_spell(str(key))
            return NOTHING
        if kind == "cast":
            return self._click_cast(target.number)
        return NOTHING

    def click_nothing(self) -> Reply:
        """A click beside everything: while a spell waits for its target, say so (and what is aimed so far);
        else forget the selection."""
        if self.selection.spell is not None and self.aim_targets:
            return Reply(refusal=f"{self.aiming_words()}: click a glowing wizard or ally, or Back.")
        return self.clear()

    def aiming_words(self) -> str:
        """The spell being aimed, where it goes so far and what is left to aim (``help.aiming_words``)."""
        selection = self.selection
        assert selection.spell is not None
        most = max((len(c.targets) for c in self.candidates), default=0)
        return aiming_words(self.state, self.book[selection.spell], selection.aimed, selection.split, most)

    def _click_ally(self, number: int) -> Reply:
        aimed = Aimed.ally(number)
        if aimed in self.aim_targets:
            return self._aim(aimed)
        found = self.state.ally(number)
        if found is not None and Aimed.wizard(found[0]) in self.aim_targets:
            return self._aim(Aimed.wizard(found[0]))        # the ally sits inside its wizard's glowing panel
        if self.stage == Stage.UPKEEP:
            if number in self.offer.banish:
                return self.send(self.offer.banish[number])
            return self.refuse(Banish(self.state.to_act, number)) if self.legal else NOTHING
        if number in self.offer.aims:
            return Reply(selection=replace(self.selection, ally=None if self.selection.ally == number else number))
        return NOTHING

    def _click_die(self, index: int) -> Reply:
        secret = self.secret
        selection = self.selection
        if self.stage == Stage.CARRY:
            # A public decision: whoever carries decides at the shared screen.
            if self.legal and index < len(self.state.wizards[self.state.to_act].unused):
                if index in selection.dice:
                    return Reply(selection=Chosen(dice=tuple(i for i in selection.dice if i != index)))
                if len(selection.dice) < 2:
                    return Reply(selection=Chosen(dice=tuple(sorted((*selection.dice, index)))))
                return Reply(refusal="At most 2 dice can be carried into the next round.")
            return NOTHING if index < shown_dice(secret) else self.click_nothing()
        if index >= shown_dice(secret) or secret is None:
            return self.click_nothing()
        if not secret.rolled_out:
            if index in self.offer.keeps:
                return self.send(self.offer.keeps[index])
            if secret.rolls == 0:
                return Reply(refusal="Roll first.")
            if index < secret.fixed:
                return Reply(refusal="A carried die keeps its value: it is not rolled.")
            return NOTHING
        if index not in free_indices(secret):
            return Reply(refusal="That die is in a spell already: click the spell below to take it back.")
        if selection.spell is not None:
            return Reply(selection=Chosen(dice=(index,)))
        dice = tuple(i for i in selection.dice if i != index) if index in selection.dice else \
            tuple(sorted((*selection.dice, index)))
        return Reply(selection=replace(selection, dice=dice))

    def _click_cast(self, index: int) -> Reply:
        """A spell in the wizard's list: take it back."""
        secret = self.secret
        if self.stage != Stage.SECRET or secret is None or index >= len(secret.casts):
            return self.click_nothing()
        spell = secret.casts[index].spell
        if spell in self.offer.uncast:
            return self.send(self.offer.uncast[spell])
        return self.refuse(Uncast(self.seen.shows if self.seen.shows is not None else 0, spell))

    # ---------------------------------------------------------------- hover
    def label(self, target: Target) -> str:
        """A target in words for a phone's list: its tooltip's, else a listed spell, a wizard or a die by name."""
        return self.explain(target) or list_label(self.state, self.book, self.secret, target) or super().label(target)

    def explain(self, target: Target) -> str | None:
        state = self.state
        kind, key = target.kind, target.key
        if kind == "book":
            return spell_help(self.book[str(key)])
        if kind == "ally":
            found = state.ally(target.number)
            if found is None:
                return None
            return ally_help(state.wizards[found[0]].name, found[1].kind, found[1].hp)
        if kind == "markers":
            return markers_help(state.wizards[target.number])
        if kind == "hp":
            return hp_help(state.wizards[target.number], state.start_hp)
        if kind == "die":
            index = target.number
            if self.secret is None or index >= shown_dice(self.secret):
                return None
            return die_help(self.secret, index)
        if kind == "shown":
            caster, spell = cast(tuple[int, str], key)
            return shown_help(state, self.book, caster, spell)
        return None
