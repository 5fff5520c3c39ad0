"""What a click means at the Dice Cards table (no pygame).

Everything clickable comes from the rules' legal intents.  A click on a hand die, an ability row, a realm or
relic token starts a choice: the legal intents that begin so are narrowed one question at a time (how to pay,
which mode, which caster, which target, which slot: :class:`~tabletop.app.choosing.Narrowing`), each answered
by a click on a glowing unit or hand die or by an answer of the menu; when one intent is left it is sent.
The deck choice and the attackers are selections: a click on an archetype card or a unit adds or takes it
back, and the confirm button sends the legal intent equal to the selection.  The blocker chosen waits for the
attacker it blocks.  Every reply's intent is an element of the legal intents; an intent built here is only a
probe, to ask the rules why a click is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Hashable, Iterator, Sequence

from tabletop.core.values import Value
from tabletop.games.dice_cards.intents import (Activate, Adjust, Attack, Battle, BlocksDone, BlockWith, Charge,
                                               ChooseDeck, Discard, EndTurn, FightNext, MoveRelic, Remove, Shed, Strike,
                                               Summon, Unblock)
from tabletop.games.dice_cards.rules import payments

from ...choosing import NOTHING, ChoicesBase, Menu, Narrowing, Reply, Seen, Slot, Target, field_of
from .decks import recommendations, short_name
from .stages import Stage, field_tokens
from .words import (COURT_TITLE, DECK_FULL, NOT_THAT_UNIT, ORDER_TITLE, OVERFLOW_TITLE, PICK_ATTACKERS, PICK_DECK, SHED_TITLE,
                    STRIKE_TITLE, Words)

__all__ = ["DiceCardsChoices", "Chosen", "FIELDS", "read", "MENU_ITEMS", "QUICK_DECKS"]

#: The intent fields a choice asks about, in order.
FIELDS = ("kind", "ability", "archetype", "die", "discard", "sacrifice", "pay", "mode", "caster", "target",
          "shield", "slot", "value", "by", "unit")
#: The most answers a menu offers.
MENU_ITEMS = 9
#: The most decks offered one click away at the deck choice.
QUICK_DECKS = 6
#: The questions a click on a unit answers.
_UNIT_QUESTIONS = ("caster", "target", "unit", "sacrifice")


def read(intent: Value, name: str) -> Hashable:
    """A field of an intent for narrowing; ``target`` is the unit aimed at together with ``player`` (at the
    opponent)."""
    if name == "target":
        return (getattr(intent, "target", None), getattr(intent, "player", False))
    return field_of(intent, name)


@dataclass(frozen=True)
class Chosen:
    """What the player has chosen so far: a choice being narrowed, the attackers (in field order), the unit
    that is to block, the archetypes of the deck (in the order clicked)."""

    narrowing: Narrowing | None = None
    attackers: tuple[int, ...] = ()
    blocker: int | None = None
    deck: tuple[str, ...] = ()


class DiceCardsChoices(ChoicesBase[Chosen]):
    """The Dice Cards table's choices for one screen and selection."""

    fresh = Chosen()

    def __init__(self, seen: Seen, selection: Chosen | None = None) -> None:
        self.words = Words(seen)
        self._glowing: frozenset[Target] | None = None
        self.stage: str = seen.state.flow.stage
        self.acting: int | None = seen.acting
        super().__init__(seen, selection)
        narrowing = self.selection.narrowing
        self.asked = narrowing.question(read) if narrowing is not None else ""

    def settle(self, selection: Chosen) -> Chosen:
        narrowing = selection.narrowing.within(self.legal) if selection.narrowing is not None else None
        able = {uid for intent in self.legal if isinstance(intent, Attack) for uid in intent.units}
        attackers = tuple(u.uid for u in self.state.units if u.uid in selection.attackers and u.uid in able)
        blockers = {intent.unit for intent in self.legal if isinstance(intent, BlockWith)}
        blocker = selection.blocker if selection.blocker in blockers else None
        deck = selection.deck if self.stage == Stage.DECK else ()
        return Chosen(narrowing, attackers, blocker, deck)

    # ---------------------------------------------------------------- helpers
    @property
    def me(self) -> int:
        """The seat to act (a click is worked out only while it may act)."""
        assert self.acting is not None
        return self.acting

    def _legal(self, kind: type, **fields: object) -> Value | None:
        """The first legal intent of ``kind`` whose fields are ``fields``."""
        for intent in self.legal:
            if isinstance(intent, kind) and all(getattr(intent, k) == v for k, v in fields.items()):
                return intent
        return None

    def _narrowed(self, narrowing: Narrowing, members: Sequence[Value]) -> Reply:
        def keep(kept: Narrowing | None) -> Chosen:
            if kept is not None:                  # the next menu asks its own question
                kept = replace(kept, title=self.words.follow_up(narrowing.title, kept.question(read)))
            return replace(self.selection, narrowing=kept)

        return self.narrowed(narrowing, members, keep)

    def _begin(self, uses: Sequence[Value], title: str) -> Reply:
        """Start a choice among ``uses`` (sent at once when there is only one)."""
        if len(uses) == 1:
            return self.send(uses[0])
        return Reply(selection=replace(self.selection, narrowing=Narrowing(tuple(uses), title, FIELDS)))

    @property
    def cleared(self) -> Chosen:
        """The selection with the choice, the attackers and the blocker forgotten (the deck stays)."""
        return Chosen(deck=self.selection.deck)

    # ---------------------------------------------------------------- what glows
    def glowing_units(self) -> set[int]:
        """The units a click may choose now."""
        if not self.legal:
            return set()
        narrowing = self.selection.narrowing
        if narrowing is not None:
            return self._asked_units(narrowing)
        stage = self.stage
        if stage == Stage.ATTACK:
            return {u for i in self.legal if isinstance(i, Attack) for u in i.units}
        if stage == Stage.BLOCK:
            blocker = self.selection.blocker
            if blocker is not None:
                return {i.attacker for i in self.legal if isinstance(i, BlockWith) and i.unit == blocker}
            return {i.unit for i in self.legal if isinstance(i, (BlockWith, Unblock))}
        if stage in (Stage.STRIKE, Stage.OVERFLOW):
            return {i.unit for i in self.legal if isinstance(i, (Strike, Remove))}
        return set()

    def _asked_units(self, narrowing: Narrowing) -> set[int]:
        asked = self.asked
        candidates: tuple[Any, ...] = narrowing.candidates
        if asked == "caster":
            return {i.caster for i in candidates}
        if asked == "target":
            return {i.target for i in candidates if i.target is not None and not i.player}
        if asked == "unit":
            return {i.unit for i in candidates if i.unit}
        if asked == "sacrifice":
            # A unit every remaining choice sacrifices is chosen already: a click on it would change nothing.
            groups = [set(i.sacrifice) for i in candidates]
            return set().union(*groups) - set.intersection(*groups)
        return set()

    def glowing_hand(self) -> set[int]:
        """The values of the hand dice a click may use (none while a choice is narrowed)."""
        if not self.legal or self.selection.narrowing is not None:
            return set()
        return {i.die for i in self.legal if isinstance(i, (Summon, Charge, Discard))}

    def glowing_abilities(self) -> set[str]:
        """The abilities a click on their row may use."""
        if not self.legal or self.selection.narrowing is not None:
            return set()
        return {i.ability for i in self.legal if isinstance(i, (Activate, Summon)) and i.ability}

    def glowing_tokens(self) -> set[str]:
        """Realm tokens that may change an energy token; relics that may move."""
        if not self.legal or self.selection.narrowing is not None:
            return set()
        out = {i.ability for i in self.legal if isinstance(i, MoveRelic)}
        if self.of_kind(Adjust) and self.acting is not None:
            out |= {t.ability for t in self.state.duelists[self.acting].field if t.kind == "realm"}
        return out

    def glowing(self) -> frozenset[Target]:
        """What may be clicked now (worked out once: the view asks every frame)."""
        if self._glowing is None:
            self._glowing = self._glow()
        return self._glowing

    def _glow(self) -> frozenset[Target]:
        if not self.legal:
            return frozenset()
        if self.stage == Stage.DECK:
            full = len(self.selection.deck) >= 3
            return frozenset(Target("deck", a) for a in self.rules.content.archetypes
                             if not full or a in self.selection.deck)
        out = {Target("unit", uid) for uid in self.glowing_units()}
        seat = self.acting
        if seat is None:
            return frozenset(out)
        duelist = self.state.duelists[seat]
        values = self.glowing_hand()
        out |= {Target("hand", (seat, i)) for i, die in enumerate(duelist.hand) if die.value in values}
        out |= {Target("ability", (seat, a)) for a in self.glowing_abilities()}
        tokens = self.glowing_tokens()
        out |= {Target("token", (seat, a, kind)) for a, kind in field_tokens(duelist) if a in tokens}
        return frozenset(out)

    def targets(self) -> Iterator[Target]:
        """Every archetype card; or every unit, and the relics, hand dice, ability rows and tokens of the seat
        to act."""
        if not self.legal:
            return
        if self.stage == Stage.DECK:
            yield from (Target("deck", a) for a in self.rules.content.archetypes)
            return
        yield from (Target("unit", u.uid) for u in self.state.units)
        seat = self.acting
        if seat is None:
            return
        duelist = self.state.duelists[seat]
        yield from (Target("relic", (seat, r.ability, r.host)) for r in duelist.relics if r.host >= 0)
        yield from (Target("hand", (seat, i)) for i in range(len(duelist.hand)))
        yield from (Target("ability", (seat, a.ability_id)) for a in self.rules.content.abilities_of(duelist.deck))
        yield from (Target("token", (seat, a, kind)) for a, kind in field_tokens(duelist))

    # ---------------------------------------------------------------- buttons and the menu
    def buttons(self) -> tuple[Slot | None, ...]:
        if not self.legal:
            return ()
        stage, selection = self.stage, self.selection
        if stage == Stage.DECK:
            return self._deck_buttons()
        if selection.narrowing is not None:
            return (Slot("Back", Reply(selection=self.cleared)),)
        if stage == Stage.MAIN:
            battle, end = self._legal(Battle), self._legal(EndTurn)
            return (Slot("Battle!", self.send(battle)) if battle else None,
                    Slot("End turn", self.send(end)) if end else None)
        if stage == Stage.ATTACK:
            none, attack = self._legal(Attack, units=()), self._legal(Attack, units=selection.attackers)
            text = f"Attack with {len(selection.attackers)}" if selection.attackers else "Pick attackers"
            return (Slot("No attack", self.send(none)) if none else None,
                    Slot(text, self.send(attack)) if attack and selection.attackers
                    else Slot.disabled(text, PICK_ATTACKERS))
        if stage == Stage.BLOCK:
            done = self._legal(BlocksDone)
            return (Slot("Back", Reply(selection=self.cleared)) if selection.blocker is not None else None,
                    Slot("Fight!", self.send(done)) if done else None)
        return ()

    def _deck_buttons(self) -> tuple[Slot | None, ...]:
        content = self.rules.content
        names = list(content.starter_decks)
        starters = [Slot(f"Starter: {name}", Reply(selection=replace(self.selection, deck=content.starter_decks[name])))
                    for name in names]
        chosen = tuple(a for a in content.archetypes if a in self.selection.deck)
        confirm = self._legal(ChooseDeck, archetypes=chosen)
        text = "Play this deck" if chosen else "Pick archetypes"
        if confirm is not None:
            middle = Slot(text, self.send(confirm))
        elif chosen:
            middle = Slot.disabled(text, self.seen.why(ChooseDeck(self.me, chosen)))    # a probe: why not
        else:
            middle = Slot.disabled(text, PICK_DECK)
        return (starters[0], middle, *starters[1:2])

    def quick_decks(self, last: Sequence[str] = ()) -> list[Slot]:
        """Decks one click away at the deck choice, each sending its legal choice at once: the player's last deck
        (``last``, remembered by their name), the starter decks, and the decks recommended for the archetypes
        picked so far (see :mod:`.decks`)."""
        if self.stage != Stage.DECK or not self.legal:
            return []
        content = self.rules.content
        out: list[Slot] = []
        seen: set[tuple[str, ...]] = set()

        def offer(label: str, archetypes: Sequence[str]) -> None:
            deck = tuple(a for a in content.archetypes if a in archetypes)
            intent = self._legal(ChooseDeck, archetypes=deck)
            if intent is not None and deck not in seen:
                seen.add(deck)
                out.append(Slot(f"{label}: " + " · ".join(short_name(content, a) for a in deck), self.send(intent)))

        if last:
            offer("Your last", last)
        for name, deck in content.starter_decks.items():
            offer(name, deck)
        for deck in recommendations(content, tuple(a for a in content.archetypes if a in self.selection.deck)):
            offer("Suggested", deck)
        return out[:QUICK_DECKS]

    def menu(self) -> Menu | None:
        if not self.legal:
            return None
        selection, words = self.selection, self.words
        if selection.narrowing is not None:
            narrowing = selection.narrowing
            if not self.asked:
                return None
            items = [Slot(words.answer(self.asked, value, members[0]), self._narrowed(narrowing, members))
                     for value, members in narrowing.answers(read)]
            return Menu(narrowing.title, tuple(items[:MENU_ITEMS]))
        stage = self.stage
        if stage == Stage.BLOCK and selection.blocker is not None:
            return self._menu(words.blocks_which(selection.blocker),
                              [(f"Block {words.unit(i.attacker)}", i) for i in self.legal
                               if isinstance(i, BlockWith) and i.unit == selection.blocker])
        if stage == Stage.STRIKE:
            return self._menu(STRIKE_TITLE, [(f"{words.unit(i.unit)} strikes", i) for i in self.legal
                                             if isinstance(i, Strike)])
        if stage == Stage.ORDER:
            return self._menu(ORDER_TITLE, [(f"{words.unit(i.unit)} fights {words.unit(i.attacker)}", i)
                                            for i in self.legal if isinstance(i, FightNext)])
        if stage == Stage.OVERFLOW:
            return self._menu(OVERFLOW_TITLE, [(f"Discard {words.unit(i.unit)}", i) for i in self.legal
                                               if isinstance(i, Remove)])
        if stage == Stage.SHED:
            names = words.shed_options(self.me)
            return self._menu(SHED_TITLE, [(f"Lose {names[i.equip]}", i) for i in self.legal
                                           if isinstance(i, Shed) and i.equip < len(names)])
        return None

    def _menu(self, title: str, answers: list[tuple[str, Value]]) -> Menu | None:
        if not answers:
            return None
        return Menu(title, tuple(Slot(text, self.send(intent)) for text, intent in answers[:MENU_ITEMS]))

    # ---------------------------------------------------------------- clicks
    def clear(self) -> Reply:
        """A right click or Esc forgets the choice, the attackers and the blocker (not the deck being picked)."""
        return Reply(selection=self.cleared) if self.selection != self.cleared else NOTHING

    def click(self, target: Target) -> Reply:
        if not self.legal:
            return NOTHING
        kind, seat = target.kind, self.acting
        key: Any = target.key
        if kind == "deck":
            return self._click_deck(key)
        if kind == "unit":
            return self._click_unit(key)
        owner, *rest = key
        if kind == "relic":
            ability, host = rest
            if owner == seat and self.stage == Stage.MAIN and self.selection.narrowing is None:
                return self._click_token(ability, "relic")
            return self._click_unit(host)            # the relic lies on its unit: the click is the unit's
        if owner != seat:
            return NOTHING
        if kind == "hand":
            return self._click_hand(self.state.duelists[owner].hand[rest[0]].value)
        if kind == "ability":
            return self._click_ability(rest[0])
        if kind == "token":
            return self._click_token(*rest)
        return NOTHING

    def _click_deck(self, archetype: str) -> Reply:
        deck = self.selection.deck
        if archetype in deck:
            picked = tuple(a for a in deck if a != archetype)
        elif len(deck) < 3:
            picked = (*deck, archetype)
        else:
            return Reply(refusal=DECK_FULL)
        return Reply(selection=replace(self.selection, deck=picked))

    def _click_unit(self, uid: int) -> Reply:
        stage, seat, selection = self.stage, self.me, self.selection
        narrowing = selection.narrowing
        if uid not in self.glowing_units():
            if narrowing is not None and self.asked in ("caster", "target", "unit"):
                return Reply(refusal=NOT_THAT_UNIT)
            if narrowing is None and stage == Stage.ATTACK:
                return self.refuse(Attack(seat, (uid,)))                                  # a probe: why not
            if narrowing is None and stage == Stage.BLOCK and selection.blocker is None:
                return self.refuse(BlockWith(seat, uid, self.state.flow.attackers[0]))    # a probe: why not
            return NOTHING
        if narrowing is not None:
            return self._narrowed(narrowing, self._with_unit(narrowing, uid))
        if stage == Stage.ATTACK:
            chosen = set(selection.attackers) ^ {uid}
            return Reply(selection=replace(selection, attackers=tuple(u.uid for u in self.state.units
                                                                      if u.uid in chosen)))
        if stage == Stage.BLOCK:
            if selection.blocker is not None:
                return self._sent(self._legal(BlockWith, unit=selection.blocker, attacker=uid))
            unblock = self._legal(Unblock, unit=uid)
            if unblock is not None:
                return self.send(unblock)
            return Reply(selection=replace(selection, blocker=uid))
        return self._sent(self._legal(Strike if stage == Stage.STRIKE else Remove, unit=uid))

    def _with_unit(self, narrowing: Narrowing, uid: int) -> tuple[Value, ...]:
        """The candidates that a click on unit ``uid`` keeps, for the question asked."""
        asked = self.asked
        if asked == "target":
            return narrowing.keep(lambda i: read(i, "target") == (uid, False))
        if asked == "sacrifice":
            return narrowing.keep(lambda i: uid in getattr(i, "sacrifice"))
        return narrowing.keep(lambda i: getattr(i, asked) == uid)

    def _sent(self, intent: Value | None) -> Reply:
        return NOTHING if intent is None else self.send(intent)

    def _click_hand(self, value: int) -> Reply:
        narrowing, seat = self.selection.narrowing, self.me
        if narrowing is not None and self.asked in ("die", "discard"):
            members = narrowing.keep(lambda i: getattr(i, self.asked) == value)
            if members:
                return self._narrowed(narrowing, members)
        if value not in self.glowing_hand():
            if narrowing is not None:
                return Reply(refusal="First finish the choice you began: click a glowing piece or an answer, "
                                     "or Back.")
            probe = Discard(seat, value) if self.stage == Stage.DISCARD else Charge(seat, value)  # a probe: why not
            return self.refuse(probe)
        if self.stage == Stage.DISCARD:
            return self._sent(self._legal(Discard, die=value))
        uses = [i for i in self.legal if isinstance(i, (Summon, Charge)) and i.die == value]
        return self._begin(uses, f"The {value}: summon or charge?")

    def _click_ability(self, ability_id: str) -> Reply:
        uses = [i for i in self.legal if isinstance(i, (Activate, Summon)) and i.ability == ability_id]
        if uses:
            return self._begin(uses, self.words.ability_title(ability_id))
        ability = self.rules.ability(ability_id)
        duelist = self.state.duelists[self.me]
        if ability.kind in ("ritual", "fusion", "realm", "relic"):
            # A die of the hand, so the sentence tells what else stops the summon.
            return self.refuse(Summon(self.me, duelist.hand[0].value if duelist.hand else 0, ability=ability_id))
        # A payment the energy allows, if any, so the sentence tells what else is missing.
        pay = next(iter(payments(ability.cost, duelist.energy)), ())
        return self.refuse(Activate(self.me, ability_id, pay))

    def _click_token(self, ability_id: str, kind: str) -> Reply:
        seat = self.me
        if kind == "realm":
            uses = self.of_kind(Adjust)
            return self._begin(uses, COURT_TITLE) if uses else self.refuse(Adjust(seat, 0, 1))
        if kind == "relic":
            uses = [i for i in self.legal if isinstance(i, MoveRelic) and i.ability == ability_id]
            return (self._begin(uses, self.words.relic_title(ability_id)) if uses
                    else self.refuse(MoveRelic(seat, ability_id, 0)))
        return NOTHING

    # ---------------------------------------------------------------- hover
    def explain(self, target: Target) -> str | None:
        return self.words.explain(target.kind, target.key)
