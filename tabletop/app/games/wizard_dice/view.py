"""The Wizard Dice table: a panel per wizard, the dice and spells of the wizard at the screen, the spell book.

Behind the cover a wizard rolls (click a die to keep it or let it roll again), then
selects dice: the book lights up the spells those dice form exactly, a click on one
casts it, and the targets that spell may take glow on the table (wizards' panels and
their allies' dice).  Everything clickable comes from the rules' legal intents.

From the reveal on nothing is secret: the middle shows every wizard's spells, and the
five phases play out one step at a time (a click or Space for the next step, or
"Play all"); damage and healing rise from their targets.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Callable

import pygame

from tabletop.core.values import Value
from tabletop.games.wizard_dice import events as ev
from tabletop.games.wizard_dice.intents import (Aim, Banish, Cancel, CancelNothing, Carry, CastSpell, Commit, Keep,
                                                KeepAllies, Release, Roll, Stop, Uncast)
from tabletop.games.wizard_dice.state import Stage, State, Target
from tabletop.games.wizard_dice.wording import PHASE_TITLES, TIER_TITLES, dice_text, target_name

from ...gameview import GameViewBase, TableStatus, Tooltip
from ...sprites import DieSprite, tumble_dice
from ...text import draw_box
from ...widgets import Button, Meter, SeatPanel, press_any

__all__ = ["WizardDiceView", "busiest_table"]

_CATEGORY_SYMBOL = {"attack": "attack", "counter": "counter", "healing": "heal", "summon": "summon"}
_GLOW = (255, 220, 90)
_GOOD = (120, 220, 130)
_HURT = (255, 110, 90)


@dataclass
class _Slot:
    """One of the three buttons of the moment."""

    text: str
    action: Callable[[], None]
    enabled: bool = True
    reason: str = ""


@dataclass
class _Shown:
    """What one revealed cast looks like on the reveal board as the phases play out."""

    caster: int
    spell: str
    dice: tuple[int, ...]
    targets: tuple[Target, ...]
    split: tuple[int, ...]
    note: str = ""
    cancelled: bool = False
    done: bool = False


class WizardDiceView(GameViewBase):
    """Draws the Wizard Dice table and turns clicks into its intents."""

    def __init__(self, app, table, match) -> None:
        super().__init__(app, table, match)
        layout = self.layout
        self.book = self.rules.book
        self.dice_art = app.dice_for("wizard_dice")
        count = len(match.seats)
        self.corners = corners = self.seat_corners(count)
        size = layout["panel"].rect[2:]
        self.panels = [SeatPanel(app, pygame.Rect(*corners[seat], *size), seat, name)
                       for seat, name in enumerate(match.seats)]
        self.meters = [Meter(app, self.seat_element("hp", seat), (196, 62, 62), "HP") for seat in range(count)]
        self.buttons = [Button(app, layout[f"button_{n}"], lambda n=n: self._press(n - 1)) for n in (1, 2, 3)]
        self.buttons[1].hotkey = pygame.K_SPACE
        self.choice_buttons: list[Button] = []
        self.die_size = layout.setting("die_size").int(20, 200)
        self.visual_random = random.Random(7)           # only for how dice tumble; never for outcomes
        self.sprites: dict[int, DieSprite] = {}
        self.selected: list[int] = []                   # dice chosen for the next spell (or to carry)
        self.spell: str | None = None                   # the spell being aimed
        self.aimed: list[Target] = []
        self.split: tuple[int, ...] = ()
        self.aiming_ally: int | None = None             # an ally whose attack is being aimed (3+ wizards)
        self.slots: list[_Slot] = []
        self.shown_hp: list[int] = []
        self.shown_allies: list[list[tuple[int, str, int]]] = []
        self.board: list[_Shown] = []                   # the reveal board
        self.phase_title = ""
        self.beats: list[list[Value]] = []
        self.waiting = False
        self.play_all = self.app.settings.reveal == "play"
        self.current: tuple[int, str] | None = None     # the cast the reveal is showing now
        self.before: State | None = None                # the table as last shown at rest (for a reveal)
        self.handlers = {
            ev.Rolled: self._on_rolled, ev.Committed: self._on_committed, ev.Banished: self._on_banished,
            ev.Carried: self._on_carried, ev.RoundBegan: self._on_round_began,
        }
        self.sync()

    # ================================================================ geometry
    def ally_rect(self, seat: int, slot: int) -> pygame.Rect:
        return self.seat_element("ally_die", seat).move(slot * self.layout.setting("ally_step").int(), 0)

    def target_rect(self, target: Target) -> pygame.Rect | None:
        """Where a target is on the table: a wizard's panel, an ally's die."""
        if target.is_wizard:
            return self.panels[target.index].rect
        for seat, allies in enumerate(self.shown_allies):
            for slot, (number, _, _) in enumerate(allies):
                if number == target.index:
                    return self.ally_rect(seat, slot)
        return None

    def spell_row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.layout["spell_row"].rect).move(0, index * self.layout.setting("spell_step").int())

    def book_row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.layout["book_row"].rect).move(0, index * self.layout.setting("book_step").int())

    def reveal_rect(self, column: int, row: int) -> pygame.Rect:
        """A cast on the reveal board: a column per wizard, as wide as the board allows."""
        base = pygame.Rect(self.layout["reveal_column"].rect)
        columns = max(2, len(self.match.seats))
        width = (base.width - 10 * (columns - 1)) // columns
        return pygame.Rect(base.x + column * (width + 10),
                           base.y + 40 + row * self.layout.setting("reveal_step").int(),
                           width, self.layout["reveal_row"].rect[3])

    # ================================================================ state -> picture
    @property
    def busy(self) -> bool:
        """Animations play, or the reveal still has steps to show."""
        return self.timeline.busy or bool(self.beats)

    @property
    def animating(self) -> bool:
        return self.busy or bool(self.announcer.text) or bool(self.floating.items)

    def _my_secret(self):
        seat = self.table.viewer
        if seat is None:
            return None
        secret = self.state.wizards[seat].secret
        return secret if secret is not None and secret.seal != "hidden" else None

    def sync(self) -> None:
        """Every piece where the rules say, no animation."""
        state = self.state
        self.before = state
        self.shown_hp = [w.hp for w in state.wizards]
        self.shown_allies = [[(a.number, a.kind, a.hp) for a in w.allies] for w in state.wizards]
        secret = self._my_secret()
        dice = secret.dice if secret is not None and secret.rolls + secret.fixed else ()
        self.sprites = {i: DieSprite(f"d{i}", *self.die_centre(i), value, self.die_size) for i, value in enumerate(dice)}
        if state.flow.revealed and not self.beats:
            self.board = [_Shown(c, cast.spell, cast.dice, cast.targets, cast.split) for c, cast in state.flow.revealed]
        self._clear_choice()
        self.refresh()

    def _clear_choice(self) -> None:
        self.selected = []
        self.spell = None
        self.aimed = []
        self.split = ()
        self.aiming_ally = None

    def refresh(self) -> None:
        """Work out from the legal intents what may be clicked, and what the three buttons do."""
        legal = list(self.table.legal())
        self.legal = legal
        self.slots = []
        state = self.state
        flow = state.flow
        self.choice_buttons = []
        if self.beats:
            if self.waiting:
                self.slots = [_Slot("", lambda: None), _Slot("Next step", self._next_beat),
                              _Slot("Play all", self._play_all)]
            self._place_buttons()
            return
        if not legal:
            self._place_buttons()
            return
        seat = legal[0].seat  # type: ignore[attr-defined]
        if flow.stage == Stage.UPKEEP:
            self.slots = [_Slot("", lambda: None), _Slot("Keep allies", lambda: self.table.submit(KeepAllies(seat)))]
        elif flow.stage == Stage.COUNTER:
            step = self.layout.setting("choice_step").int()
            for index, intent in enumerate(legal):
                button = Button(self.app, self.layout["choice"].moved(0, index * step),
                                lambda i=intent: self.table.submit(i), text=self._choice_text(intent))
                self.choice_buttons.append(button)
        elif flow.stage == Stage.CARRY:
            unused = state.wizards[seat].unused
            chosen = tuple(sorted(unused[i] for i in self.selected if i < len(unused)))
            carry = Carry(seat, chosen)
            self.slots = [_Slot("Carry none", lambda: self.table.submit(Carry(seat, ()))),
                          _Slot(f"Carry {dice_text(chosen)}" if chosen else "Select dice",
                                lambda: self.table.submit(carry), enabled=carry in legal and bool(chosen),
                                reason="Click up to 2 unused dice to carry them.")]
        else:
            secret = state.wizards[seat].secret
            if not secret.rolled_out:
                if secret.rolls == 0:
                    self.slots = [_Slot("", lambda: None), _Slot(f"Roll {len(self._to_roll(seat))} dice",
                                                                 lambda: self.table.submit(Roll(seat)))]
                else:
                    loose = sum(1 for k in secret.kept if not k)
                    self.slots = [_Slot("Keep all", lambda: self.table.submit(Stop(seat))),
                                  _Slot(f"Roll {loose} again" if loose else "Roll again",
                                        lambda: self.table.submit(Roll(seat)), enabled=Roll(seat) in legal,
                                        reason="Every die is kept: release one, or keep them all.")]
            elif self.spell is not None:
                slots = [_Slot("Back", self._clear_and_refresh), _Slot("", lambda: None)]
                splits = self._splits()
                if len(splits) > 1:
                    words = {(4,): "All 4 at one", (3, 1): "Split 3 + 1", (2, 2): "Split 2 + 2"}
                    nxt = splits[(splits.index(self.split) + 1) % len(splits)] if self.split in splits else splits[0]
                    slots.append(_Slot(words.get(nxt, "+".join(map(str, nxt))), lambda s=nxt: self._set_split(s)))
                self.slots = slots
            else:
                self.slots = [_Slot("Clear", self._clear_and_refresh, enabled=bool(self.selected),
                                    reason="Nothing is selected."),
                              _Slot("Commit spells", lambda: self.table.submit(Commit(seat)))]
        self._place_buttons()

    def _place_buttons(self) -> None:
        for index, button in enumerate(self.buttons):
            slot = self.slots[index] if index < len(self.slots) else None
            button.visible = slot is not None and bool(slot.text)
            if slot is not None:
                button.text = slot.text
                button.enabled = slot.enabled
                button.reason = slot.reason

    def _press(self, index: int) -> None:
        if index < len(self.slots) and self.slots[index].enabled:
            self.slots[index].action()

    def _clear_and_refresh(self) -> None:
        self._clear_choice()
        self.refresh()

    def _to_roll(self, seat: int) -> list[int]:
        wizard = self.state.wizards[seat]
        return list(range(self.rules.available_dice(wizard) - (wizard.secret.fixed if wizard.secret else 0)))

    def _choice_text(self, intent: Value) -> str:
        state = self.state
        if isinstance(intent, CancelNothing):
            return "Cancel nothing: let every spell through"
        assert isinstance(intent, Cancel)
        return (f"Cancel {state.wizards[intent.caster].name}'s {self.book[intent.spell].name} "
                f"at {target_name(state, intent.target)}")

    # ================================================================ choosing a spell
    def _casts(self) -> list[CastSpell]:
        return [i for i in self.legal if isinstance(i, CastSpell)]

    def _free_indices(self) -> list[int]:
        """The dice of the tray no allocated spell uses (the rightmost copies are taken by the spells)."""
        secret = self._my_secret()
        if secret is None:
            return []
        used = Counter(d for cast in secret.casts for d in cast.dice)
        free = []
        for index in range(len(secret.dice) - 1, -1, -1):
            value = secret.dice[index]
            if used[value]:
                used[value] -= 1
            else:
                free.append(index)
        return sorted(free)

    def selected_values(self) -> tuple[int, ...]:
        secret = self._my_secret()
        return tuple(sorted(secret.dice[i] for i in self.selected)) if secret else ()

    def spells_for_selection(self) -> list[str]:
        """Spells a legal cast makes from exactly the selected dice."""
        values = self.selected_values()
        if not values:
            return []
        return list(dict.fromkeys(c.spell for c in self._casts() if tuple(sorted(c.dice)) == values))

    def spells_formable(self) -> set[str]:
        """Spells the free dice (while rolling: the kept dice) can form now."""
        secret = self._my_secret()
        if secret is None:
            return set()
        if not secret.rolled_out:
            kept = [d for d, k in zip(secret.dice, secret.kept) if k and secret.rolls]
            return {s.spell_id for s in self.book.formable(kept)}
        return {c.spell for c in self._casts()}

    def _candidates(self) -> list[CastSpell]:
        """The casts the current choice (dice, spell, split, targets so far) can still become."""
        values = self.selected_values()
        out = [c for c in self._casts() if c.spell == self.spell and tuple(sorted(c.dice)) == values]
        if not out:
            return []
        # The free die of a Shield or Counterspell: the highest is never worse (B.3: the default).
        pattern = self.book[self.spell].pattern
        best = max((c.dice for c in out), key=lambda d: (pattern.extra(d), d))
        out = [c for c in out if c.dice == best]
        if self.split:
            out = [c for c in out if c.split == self.split]
        return [c for c in out if self._fits(c, self.aimed)]

    def _fits(self, cast: CastSpell, aimed: list[Target]) -> bool:
        if len(aimed) > len(cast.targets):
            return False
        if cast.split and cast.split[0] != cast.split[-1]:
            return list(cast.targets[:len(aimed)]) == aimed
        need = Counter(aimed)
        have = Counter(cast.targets)
        return all(have[t] >= n for t, n in need.items())

    def _splits(self) -> list[tuple[int, ...]]:
        if self.spell is None or not self.book[self.spell].split:
            return []
        values = self.selected_values()
        found = [c.split for c in self._casts() if c.spell == self.spell and tuple(sorted(c.dice)) == values]
        return list(dict.fromkeys(sorted(found, key=lambda s: (len(s), tuple(-x for x in s)))))

    def _set_split(self, split: tuple[int, ...]) -> None:
        self.split = split
        self.aimed = []
        self.refresh()

    def glowing_targets(self) -> set[Target]:
        """Where the next click on the table may aim the chosen spell (or an ally's attack)."""
        if self.aiming_ally is not None:
            return {Target.wizard(i.at) for i in self.legal if isinstance(i, Aim) and i.ally == self.aiming_ally}
        if self.spell is None:
            return set()
        out: set[Target] = set()
        for cast in self._candidates():
            if len(cast.targets) > len(self.aimed):
                out |= {t for t in cast.targets if self._fits(cast, [*self.aimed, t])}
            elif len({c.aim for c in self._candidates()}) > 1 and cast.aim is not None:
                out.add(Target.wizard(cast.aim))
        return out

    def choose_spell(self, spell: str) -> None:
        """A click on the book: aim this spell with the selected dice (or with dice picked for it)."""
        if spell not in self.spells_for_selection():
            forms = [c for c in self._casts() if c.spell == spell]
            if not forms:
                self.app.toasts.show(self._why_not_spell(spell))
                self.app.audio.play("error")
                return
            # No fitting selection: take the dice of its largest form.
            secret = self._my_secret()
            best = max(forms, key=lambda c: (len(c.dice), self.book[spell].pattern.extra(c.dice)))
            free = self._free_indices()
            chosen: list[int] = []
            for value in sorted(best.dice):
                index = next(i for i in free if secret.dice[i] == value and i not in chosen)
                chosen.append(index)
            self.selected = chosen
        self.spell = spell
        self.aimed = []
        splits = self._splits()
        self.split = splits[0] if splits else ()
        self._maybe_cast()
        self.refresh()

    def _why_not_spell(self, spell: str) -> str:
        """The rules' sentence for casting ``spell`` now, with the selected dice (or the dice its pattern needs)."""
        seat = self.table.viewer
        dice = self.selected_values() or self.book[spell].pattern.example()
        targets = tuple(self.rules.targets(self.state, seat, self.book[spell])[:1]) if seat is not None else ()
        return self.rules.why_illegal(self.match.state, CastSpell(seat if seat is not None else 0, spell, dice,
                                                                  targets))

    def aim_at(self, target: Target) -> None:
        """A click on a glowing target."""
        if self.aiming_ally is not None:
            seat = self.table.viewer
            self.table.submit(Aim(seat, self.aiming_ally, target.index))
            self.aiming_ally = None
            return
        candidates = self._candidates()
        if any(len(c.targets) > len(self.aimed) for c in candidates):
            self.aimed.append(target)
        else:
            candidates = [c for c in candidates if c.aim == target.index]
            if candidates:
                self.table.submit(candidates[0])
                self._clear_choice()
                return
        self._maybe_cast()
        self.refresh()

    def _maybe_cast(self) -> None:
        """Send the cast once the choice leaves exactly one."""
        candidates = self._candidates()
        complete = [c for c in candidates if len(c.targets) == len(self.aimed) or
                    (len(self.aimed) == 0 and len({c.targets for c in candidates}) == 1)]
        if len(candidates) == 1 and (complete or len(candidates[0].targets) == len(self.aimed)):
            intent = candidates[0]
            self._clear_choice()
            self.table.submit(intent)
        elif complete and len({(c.targets, c.split) for c in complete}) == 1 and len({c.aim for c in complete}) == 1 \
                and len(complete[0].targets) == len(self.aimed):
            intent = complete[0]
            self._clear_choice()
            self.table.submit(intent)

    # ================================================================ input
    def handle(self, event: pygame.event.Event) -> None:
        """Mouse and keys; during the reveal a click or Space shows the next step."""
        if self.beats:
            if self.waiting and ((event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                                  and not any(b.rect.collidepoint(event.pos) for b in self.buttons[2:]))
                                 or (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN))):
                if event.type == pygame.MOUSEBUTTONDOWN and press_any(self.buttons, event):
                    return
                self._next_beat()
                return
            press_any(self.buttons, event)
            return
        if self.busy:
            return
        if press_any([*self.buttons, *self.choice_buttons], event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._clear_and_refresh()
        elif event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_6:
            self._click_die(event.key - pygame.K_1)

    def click(self, pos: tuple[int, int]) -> None:
        """A left click on the table (not on a button)."""
        state = self.state
        seat = self.table.viewer
        for target in self.glowing_targets():
            rect = self.target_rect(target)
            if rect is not None and rect.collidepoint(pos) and (target.is_wizard is False or not any(
                    self.target_rect(t) is not None and self.target_rect(t).collidepoint(pos)
                    for t in self.glowing_targets() if not t.is_wizard)):
                self.aim_at(target)
                return
        # Ally dice before panels: an ally sits inside its wizard's panel.
        for owner, allies in enumerate(self.shown_allies):
            for slot, (number, _, _) in enumerate(allies):
                if self.ally_rect(owner, slot).collidepoint(pos):
                    self._click_ally(owner, number)
                    return
        for index in range(len(self.sprites)):
            if self.die_rect(index).collidepoint(pos):
                self._click_die(index)
                return
        if state.flow.stage == Stage.CARRY and self.legal:
            for index in range(len(state.wizards[state.to_act].unused)):
                if self.carry_rect(index).collidepoint(pos):
                    self._toggle_carry(index)
                    return
        for index, spell in enumerate(self.book.spells):
            if self.book_row_rect(index).collidepoint(pos):
                if state.flow.stage == Stage.SECRET and seat is not None:
                    self.choose_spell(spell.spell_id)
                return
        secret = self._my_secret()
        if secret is not None:
            for index, cast in enumerate(secret.casts):
                if self.spell_row_rect(index).collidepoint(pos):
                    self.table.submit(Uncast(seat, cast.spell))
                    return
        if self.spell is not None and self.glowing_targets():
            self.app.toasts.show("Click a glowing wizard or ally to aim the spell, or Back.")
            return
        self._clear_and_refresh()

    def carry_rect(self, index: int) -> pygame.Rect:
        return self.die_rect(index)

    def _toggle_carry(self, index: int) -> None:
        if index in self.selected:
            self.selected.remove(index)
        elif len(self.selected) < 2:
            self.selected.append(index)
        else:
            self.app.toasts.show("At most 2 dice can be carried into the next round.")
        self.refresh()

    def _click_die(self, index: int) -> None:
        state = self.state
        if state.flow.stage == Stage.CARRY:
            # A public decision: whoever carries decides at the shared screen.
            if self.legal and index < len(state.wizards[state.to_act].unused):
                self._toggle_carry(index)
            return
        secret = self._my_secret()
        if secret is None or index >= len(secret.dice):
            return
        if not secret.rolled_out:
            for intent in self.legal:
                if isinstance(intent, (Keep, Release)) and intent.die == index:
                    self.table.submit(intent)
                    return
            if secret.rolls == 0:
                self.app.toasts.show("Roll first.")
            elif index < secret.fixed:
                self.app.toasts.show("A continued die keeps its value: it is not rolled.")
            return
        if index not in self._free_indices():
            self.app.toasts.show("That die is in a spell already: click the spell below to take it back.")
            return
        if self.spell is not None:
            self._clear_choice()
        if index in self.selected:
            self.selected.remove(index)
        else:
            self.selected.append(index)
        self.refresh()

    def _click_ally(self, owner: int, number: int) -> None:
        state = self.state
        if state.flow.stage == Stage.UPKEEP:
            intent = next((i for i in self.legal if isinstance(i, Banish) and i.ally == number), None)
            if intent is not None:
                self.table.submit(intent)
            elif self.legal:
                self.app.toasts.show(self.rules.why_illegal(self.match.state, Banish(state.to_act, number)))
                self.app.audio.play("error")
            return
        if any(isinstance(i, Aim) and i.ally == number for i in self.legal):
            self.aiming_ally = None if self.aiming_ally == number else number
            self.refresh()

    # ================================================================ animations
    def animate(self, events) -> None:
        """Rolls tumble at once; from the reveal on, the phases are shown a step at a time."""
        self.timeline.speed = self.app.animation_factor
        self._clear_choice()            # a move was made: what was selected for it is spent
        reveal_from = self._reveal_from(events)
        before = events if reveal_from is None else events[:reveal_from]
        for event in before:
            handler = self.handlers.get(type(event))
            if handler is not None:
                handler(event)
        if reveal_from is not None:
            self._open_reveal(events[reveal_from:])
        else:
            self.timeline.add(0.0, on_end=self.sync)
        self.refresh()

    @staticmethod
    def _reveal_from(events) -> int | None:
        """Where the events of a reveal (or of a Counterspell's choice, resuming one) begin."""
        index = next((i for i, e in enumerate(events) if isinstance(e, ev.Revealed)), None)
        if index is None and any(isinstance(e, (ev.PhaseBegan, ev.Cancelled, ev.RoundEnded, ev.DuelOver))
                                 for e in events):
            index = 0
        return index

    def log_hold(self, events) -> int:
        """The casts of a reveal are told at once; what happens to them only as its steps play."""
        start = self._reveal_from(events)
        if start is None:
            return 0
        return sum(1 for e in events[start:] if not isinstance(e, ev.Revealed))

    def _open_reveal(self, events) -> None:
        self._clear_choice()
        # With no human at the table (bots only, the attract mode) nobody is there to click through it.
        self.play_all = self.app.settings.reveal == "play" or not getattr(self.table, "humans", [0])
        reveals = [e for e in events if isinstance(e, ev.Revealed)]
        if reveals:
            self.board = [_Shown(e.seat, e.spell, e.dice, e.targets, e.split) for e in reveals]
            self.phase_title = "The reveal"
        beats: list[list[Value]] = []
        current: list[Value] = []
        for event in events:
            if isinstance(event, ev.Revealed):
                continue
            current.append(event)
            if isinstance(event, (ev.Reflected, ev.AllyStruck)):
                continue            # shown together with what follows
            beats.append(current)
            current = []
        if current:
            beats.append(current)
        self.beats = beats
        self.waiting = bool(reveals) and not self.play_all
        if not self.waiting:
            self._next_beat()

    def _next_beat(self) -> None:
        self.waiting = False
        if not self.beats:
            return
        beat = self.beats.pop(0)
        for event in beat:
            self._show(event)
        self.table.release_log(len(beat))
        self.timeline.add(0.15)
        self.refresh()

    def _play_all(self) -> None:
        self.play_all = True
        self._next_beat()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.beats and not self.waiting and not self.timeline.busy:
            if self.play_all:
                self._next_beat()
            else:
                self.waiting = True
                self.refresh()
        if not self.beats and self.current is not None and not self.timeline.busy:
            self.current = None
            self.sync()

    def _mark(self, caster: int, spell: str, **changes) -> None:
        for shown in self.board:
            if shown.caster == caster and shown.spell == spell and not shown.done:
                for key, value in changes.items():
                    setattr(shown, key, value)
                self.current = (caster, spell)
                return

    def _float_at(self, target: Target, text: str, colour, sound: str | None = None) -> None:
        rect = self.target_rect(target)
        anchor = rect.midtop if rect is not None else (960, 300)
        self.floating.add(self.timeline, text, anchor, colour, duration=0.7, sound=sound)

    def _show(self, event: Value) -> None:
        """One step of the reveal: mark the cast on the board, move HP, float the numbers."""
        state = self.state
        name = lambda t: target_name(state, t)  # noqa: E731 - a short local alias
        if isinstance(event, ev.PhaseBegan):
            title = PHASE_TITLES.get(event.phase, "")
            if event.tier:
                title = f"{PHASE_TITLES[1]}, {TIER_TITLES[event.tier]}"
            self.phase_title = title
            self.current = (-1, "")
            self.announcer.announce(self.timeline, title, 0.8 * max(self.app.animation_factor, 0.2))
            self.timeline.add(0.5)
        elif isinstance(event, ev.Reflected):
            self._mark(event.caster, event.spell, note=f"reflected to {name(event.now)}")
        elif isinstance(event, ev.MirrorRaised):
            self._mark(event.seat, "magic-mirror", note="mirror raised", done=True)
        elif isinstance(event, ev.Warded):
            self._mark(event.caster, event.spell, note=f"allies -{event.ally_reduction}, spells -1", done=True)
            self._float_at(event.target, "Warded", _GOOD, "place")
        elif isinstance(event, ev.ShellHolds):
            self._float_at(event.target, f"Shell -{event.value}", _GOOD)
        elif isinstance(event, ev.Protected):
            self._mark(event.caster, "counterspell", note="protecting " + name(event.target))
        elif isinstance(event, ev.Cancelled):
            self._mark(event.caster, event.spell, cancelled=True, done=True, note=f"countered by "
                       f"{state.wizards[event.seat].name}")
            self._float_at(event.target, "Countered", _GOOD, "cross")
        elif isinstance(event, ev.Silenced):
            self._mark(event.caster, "paralysis", note="ally held", done=True)
        elif isinstance(event, ev.Summoned):
            self._mark(event.caster, "summon-ogre" if event.kind == "ogre" else "summon-troll", done=True,
                       note=f"{event.kind} for {state.wizards[event.seat].name}")
            self.shown_allies[event.seat].append((event.ally, event.kind, event.hp))
            self._float_at(Target.wizard(event.seat), f"+ {event.kind.capitalize()}", _GOOD, "bonus")
        elif isinstance(event, ev.Healed):
            self._mark(event.caster, event.spell, done=True, note=f"+{event.amount} {name(event.target)}")
            self._set_health(event.target, event.hp)
            self._float_at(event.target, f"+{event.amount}", _GOOD, "bonus")
        elif isinstance(event, ev.AllyDamage):
            self._set_health(Target.wizard(event.seat), event.hp)
            self._float_at(Target.wizard(event.seat), f"-{event.taken}" + (f" ({event.reduced} held)"
                                                                          if event.reduced else ""), _HURT, "cross")
        elif isinstance(event, ev.Hit):
            self._mark(event.caster, event.spell, done=True, note=f"{event.amount} to {name(event.target)}")
            self._set_health(event.target, event.hp)
            self._float_at(event.target, f"-{event.amount}", _HURT, "cross")
        elif isinstance(event, ev.Slain):
            self._mark(event.caster, "finger-of-death", done=True, note=f"slays {state.wizards[event.seat].name}")
            self._float_at(Target.wizard(event.seat), "Slain", _HURT, "cross")
        elif isinstance(event, ev.Paralysed):
            self._mark(event.caster, "paralysis", done=True, note=f"{state.wizards[event.seat].name} -1 die")
            self._float_at(Target.wizard(event.seat), "Paralysed", _HURT)
        elif isinstance(event, ev.Poisoned):
            self._float_at(event.target, "Poisoned", _HURT)
        elif isinstance(event, ev.PoisonTick):
            self._set_health(event.target, event.hp)
            self._float_at(event.target, f"-{event.amount} poison", _HURT, "cross")
        elif isinstance(event, ev.Fizzled):
            self._mark(event.caster, event.spell, done=True, cancelled=True,
                       note="fizzles" if event.why == "caster-dead" else "target gone")
        elif isinstance(event, ev.Died):
            if event.target.is_wizard:
                self.shown_hp[event.target.index] = min(self.shown_hp[event.target.index], 0)
                self.announcer.announce(self.timeline, f"{name(event.target)} falls", 0.9, "error")
            else:
                self._float_at(event.target, "Destroyed", _HURT)
                self.timeline.add(0.3, on_end=lambda n=event.target.index: self._remove_ally(n))
        elif isinstance(event, ev.DuelOver):
            winners = " and ".join(state.wizards[s].name for s in event.winners)
            words = f"A draw: {winners}" if event.why == "draw" else f"{winners} wins"
            self.announcer.announce(self.timeline, words, 1.4, "win")
        elif isinstance(event, ev.RoundEnded):
            self.phase_title = f"Round {event.round} is over"
        elif type(event) in self.handlers:
            self.handlers[type(event)](event)
        self.timeline.add(0.25)

    def _set_health(self, target: Target, hp: int) -> None:
        if target.is_wizard:
            self.shown_hp[target.index] = hp
            return
        for allies in self.shown_allies:
            for slot, (number, kind, _) in enumerate(allies):
                if number == target.index:
                    allies[slot] = (number, kind, hp)

    def _remove_ally(self, number: int) -> None:
        for allies in self.shown_allies:
            allies[:] = [a for a in allies if a[0] != number]

    def _on_rolled(self, event: ev.Rolled) -> None:
        landing = {}
        for index in event.rolled:
            x, y = self.die_centre(index)
            landing[index] = (x, y, event.dice[index])
        self.sprites = {i: DieSprite(f"d{i}", *self.die_centre(i), value, self.die_size)
                        for i, value in enumerate(event.dice)}
        tumble_dice(self.timeline, self.sprites, landing, self.visual_random, self.die_size,
                    on_start=lambda: self.app.audio.play("roll"))

    def _on_committed(self, event: ev.Committed) -> None:
        self.floating.add(self.timeline, "Committed", self.panels[event.seat].rect.midbottom, _GOOD,
                          sound="place")

    def _on_banished(self, event: ev.Banished) -> None:
        self._float_at(Target.ally(event.ally), "Banished", _GOOD)

    def _on_carried(self, event: ev.Carried) -> None:
        if event.dice:
            self.floating.add(self.timeline, f"Carries {dice_text(event.dice)}", self.panels[event.seat].rect.midbottom,
                              _GOOD, sound="place")

    def _on_round_began(self, event: ev.RoundBegan) -> None:
        self.announcer.announce(self.timeline, f"Round {event.round}", 0.6)

    # ================================================================ drawing
    def status(self) -> TableStatus:
        """Banner texts: who decides, what to do now, the round."""
        state = self.state
        flow = state.flow
        names = [w.name for w in state.wizards]
        limit = f" of {state.round_limit}" if state.round_limit else ""
        round_text = f"Round {flow.round}{limit}"
        if self.beats or self.current is not None:
            title = "The reveal" if self.phase_title in ("", "The reveal") else f"The reveal  ·  {self.phase_title}"
            return TableStatus(title, "Click or press Space for the next step; "
                               "Play all shows the rest.", round_text, None)
        if flow.stage == Stage.OVER:
            return TableStatus(self.rules.prompt(state), "", round_text, None)
        seat = state.to_act
        if flow.stage == Stage.SECRET:
            waiting = [names[s] for s in flow.order if not state.wizards[s].secret.committed and s != seat]
            then = f"  ·  then {', '.join(waiting)}" if waiting else "  ·  then the reveal"
            headline = f"{names[seat]} casts in secret{then}"
        elif flow.stage == Stage.UPKEEP:
            headline = f"Round {flow.round} upkeep  ·  {names[seat]} may banish allies"
        elif flow.stage == Stage.COUNTER:
            headline = f"The reveal  ·  {names[seat]}'s Counterspell chooses"
        else:
            headline = f"End of round {flow.round}  ·  {names[seat]} may carry dice"
        return TableStatus(headline, self.rules.prompt(state), round_text, seat)

    def draw(self, surface: pygame.Surface) -> None:
        """The whole area below the banner."""
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        state = self.state
        for seat in range(len(state.wizards)):
            self._draw_panel(surface, seat, pulse)
        if state.flow.stage == Stage.SECRET and self._my_secret() is not None and not self.beats \
                and self.current is None:
            self._draw_tray(surface, pulse)
            self._draw_my_spells(surface)
        elif state.flow.stage == Stage.CARRY and not self.beats and self.current is None:
            self._draw_carry(surface, pulse)
            self._draw_board(surface)
        else:
            self._draw_public_tray(surface)
            self._draw_board(surface)
        self._draw_book(surface, pulse)
        for button in self.buttons:
            button.draw(surface)
        for button in self.choice_buttons:
            button.draw(surface)
        self.draw_effects(surface)
        for button in self.buttons:
            button.draw_tooltip(surface)

    def _symbol(self, name: str, size: int, tint=(240, 236, 224)) -> pygame.Surface | None:
        return self.dice_art.symbol(name, size, tint)

    def _draw_panel(self, surface: pygame.Surface, seat: int, pulse: float) -> None:
        # While a reveal is stepped, the panels show the table as it was before it (HP and allies move
        # with each step); the state already holds the end of the round.
        revealing = bool(self.beats) or self.current is not None
        state = self.before if revealing and self.before is not None else self.state
        wizard = state.wizards[seat]
        flow = state.flow
        text = self.app.text
        layout = self.layout
        tag = ""
        if revealing:
            tag = "FALLEN" if not wizard.alive or self.shown_hp[seat] <= 0 else ""
        elif not wizard.alive:
            tag = "FALLEN"
        elif flow.stage == Stage.OVER:
            tag = "WINNER" if seat in flow.winners else ""
        elif flow.stage == Stage.SECRET and wizard.secret is not None:
            tag = "COMMITTED" if wizard.secret.committed else ("CASTING" if seat == state.to_act else "WAITING")
        to_act = seat == state.to_act and not self.beats and self.current is None
        self.panels[seat].draw(surface, [], to_act=to_act, tag=tag, pulse=pulse)
        hp = self.shown_hp[seat] if seat < len(self.shown_hp) else wizard.hp
        self.meters[seat].draw(surface, hp, state.start_hp)
        # Markers: poison ticks to come, paralysis, Shell shields, continued dice.
        markers = self.seat_element("markers", seat)
        x = markers.x
        style = layout["markers"].style
        items: list[tuple[str, str]] = []
        if wizard.poison:
            items.append(("poison", f"{len(wizard.poison)}"))
        paralysis = wizard.paralysis_next if flow.stage in (Stage.CARRY, Stage.OVER) else wizard.paralysed
        if paralysis:
            items.append(("paralysis", f"-{paralysis}"))
        shells = wizard.shells or wizard.shells_next
        if shells:
            items.append(("shield", "+".join(str(v) for v in shells)))
        for symbol, words in items:
            glyph = self._symbol(symbol, 34, (230, 220, 255))
            if glyph is not None:
                surface.blit(glyph, glyph.get_rect(midleft=(x, markers.centery)))
            x += 40
            used = text.draw(surface, words, style, pygame.Rect(x, markers.y, 90, markers.height))
            x = used.right + 18
        if wizard.continued:
            used = text.draw(surface, "carried", style, pygame.Rect(x, markers.y, 110, markers.height))
            x = used.right + 8
            for value in wizard.continued:
                self.dice_art.draw(surface, "continued", value, (x + 18, markers.centery), 36)
                x += 42
        if not wizard.alive:
            glyph = self._symbol("dead", 40, (220, 90, 80))
            if glyph is not None:
                surface.blit(glyph, glyph.get_rect(midright=markers.midright))
        # Allies: dice showing their HP.
        allies = self.shown_allies[seat] if seat < len(self.shown_allies) else []
        label = self.seat_element("allies_label", seat)
        text.draw(surface, "Allies" if allies else "No allies", layout["allies_label"].style, label)
        glowing = self.glowing_targets() if not self.busy else set()
        aims = {a.number: a.aim for a in wizard.allies}
        secret = wizard.secret
        if secret is not None and secret.seal != "hidden":
            aims.update(dict(secret.aims))      # this round's new orders, seen only by their wizard
        for slot, (number, kind, ally_hp) in enumerate(allies):
            rect = self.ally_rect(seat, slot)
            self.dice_art.draw(surface, kind, max(0, min(6, ally_hp)), rect.center, rect.width - 4)
            clickable = Target.ally(number) in glowing or any(
                isinstance(i, (Banish, Aim)) and i.ally == number for i in self.legal) and not self.busy
            if clickable:
                width = 5 if self.aiming_ally == number else 3
                pygame.draw.rect(surface, _GLOW, rect.inflate(8, 8), width, border_radius=12)
            if len(state.wizards) > 2 and number in aims and len(allies) < 4:
                at = state.wizards[aims[number]].name[:6]
                text.draw(surface, f"→{at}", layout["allies_label"].style,
                          pygame.Rect(rect.right + 2, rect.y, 70, rect.height))
        if Target.wizard(seat) in glowing:
            pygame.draw.rect(surface, _GLOW, self.panels[seat].rect.inflate(12, 12), 4 + int(2 * pulse),
                             border_radius=20)

    def _draw_tray(self, surface: pygame.Surface, pulse: float) -> None:
        layout = self.layout
        text = self.app.text
        draw_box(surface, layout["tray"].rect, layout["tray"].style)
        secret = self._my_secret()
        seat = self.table.viewer
        wizard = self.state.wizards[seat]
        if not secret.rolled_out:
            title = (f"Your {self.rules.available_dice(wizard)} dice: roll them" if secret.rolls == 0 else
                     f"Roll {secret.rolls} of 3: click a die to keep it (gold) or let it roll again")
        else:
            free = len(self._free_indices())
            title = (f"Your dice: select some, then a spell in the book ({free} free)" if free else
                     "Every die is in a spell: commit them")
        text.draw(surface, title, layout["tray_title"].style, layout["tray_title"].rect)
        free = set(self._free_indices()) if secret.rolled_out else set(range(len(secret.dice)))
        for index, sprite in self.sprites.items():
            kept = secret.kept[index] if index < len(secret.kept) else False
            kind = "continued" if index < secret.fixed else ("kept" if kept and not secret.rolled_out else "wizard")
            alpha = 255 if index in free else 90
            lift = 0.3 if index in self.selected else 0.0
            self.dice_art.draw(surface, kind, sprite.face, (sprite.x, sprite.y), sprite.size, sprite.angle, lift,
                               alpha)
            rect = self.die_rect(index)
            if index in self.selected:
                pygame.draw.rect(surface, _GLOW, rect.inflate(14, 14).move(0, -8), 5, border_radius=22)
            if kind == "kept":
                # Kept is said in words too, not by the gold alone (greyscale, colour-blind players).
                label = pygame.Rect(rect.x, rect.bottom + 4, rect.width, self.layout["kept_label"].rect[3])
                self.app.text.draw(surface, "kept", self.layout["kept_label"].style, label)
        note = ""
        if secret.fixed:
            note = "Blue dice were carried from last round and keep their values.  "
        if self.spell is not None:
            spell = self.book[self.spell]
            which = "the first" if spell.most_targets > 1 and not self.aimed else "the next"
            note += (f"{spell.name}: click {which} target (glowing)" if self.glowing_targets() else
                     f"{spell.name}: choose")
        elif secret.rolled_out and self.selected:
            names = [self.book[s].name for s in self.spells_for_selection()]
            note += ("These dice make: " + ", ".join(names) + " (click it in the book)") if names else \
                "These dice make no spell yet."
        text.draw(surface, note, layout["tray_note"].style, layout["tray_note"].rect, shrink=True)

    def _draw_public_tray(self, surface: pygame.Surface) -> None:
        layout = self.layout
        draw_box(surface, layout["tray"].rect, layout["tray"].style)
        state = self.state
        if state.flow.stage == Stage.SECRET:
            words = "Each wizard rolls and chooses spells in secret; they are revealed together."
        elif state.flow.stage == Stage.UPKEEP:
            words = "Upkeep: a wizard may banish allies to roll their dice this round (click an ally)."
        elif state.flow.stage == Stage.OVER:
            words = self.rules.prompt(state)
        else:
            words = "The reveal: every spell is shown; the five phases resolve in order."
        self.app.text.draw(surface, words, layout["tray_title"].style, layout["tray_title"].rect, shrink=True)
        if self.beats or self.current is not None:
            return                  # how many dice each rolls next is told once the reveal has played
        y = layout["tray_title"].rect[1] + 52
        for seat, wizard in enumerate(state.wizards):
            line = f"{wizard.name}: {'fallen' if not wizard.alive else str(self.rules.available_dice(wizard)) + ' dice next'}"
            if wizard.alive and state.flow.stage in (Stage.SECRET, Stage.UPKEEP):
                line = f"{wizard.name}: {self.rules.available_dice(wizard)} dice this round"
            column = pygame.Rect(34 + (seat % 2) * 690, y + (seat // 2) * 44, 680, 40)
            self.app.text.draw(surface, line, layout["tray_note"].style, column, shrink=True)

    def _draw_carry(self, surface: pygame.Surface, pulse: float) -> None:
        layout = self.layout
        draw_box(surface, layout["tray"].rect, layout["tray"].style)
        seat = self.state.to_act
        wizard = self.state.wizards[seat]
        self.app.text.draw(surface, f"{wizard.name} used {wizard.used} dice: carry up to 2 unused dice into the "
                           "next round (click them)", layout["tray_title"].style, layout["tray_title"].rect, shrink=True)
        for index, value in enumerate(wizard.unused):
            lift = 0.5 if index in self.selected else 0.0
            self.dice_art.draw(surface, "continued" if index in self.selected else "wizard", value,
                               self.die_centre(index), self.die_size, 0, lift)
            if index in self.selected:
                pygame.draw.rect(surface, _GLOW, self.die_rect(index).inflate(14, 14).move(0, -14), 5,
                                 border_radius=22)

    def _draw_my_spells(self, surface: pygame.Surface) -> None:
        layout = self.layout
        text = self.app.text
        draw_box(surface, layout["spells"].rect, layout["spells"].style)
        secret = self._my_secret()
        text.draw(surface, "Your spells this round (secret until the reveal; click one to take it back)",
                  layout["spells_title"].style, layout["spells_title"].rect, shrink=True)
        state = self.state
        for index, cast in enumerate(secret.casts):
            rect = self.spell_row_rect(index)
            draw_box(surface, rect, layout["spell_row"].style)
            words = f"{self.book[cast.spell].name}   {dice_text(cast.dice)}   → " + self._targets_text(cast)
            text.draw(surface, words, layout["spell_row"].style, rect.inflate(-24, 0), shrink=True)
        if len(state.wizards) > 2 and any(isinstance(i, Aim) for i in self.legal):
            y = self.spell_row_rect(len(secret.casts)).y
            text.draw(surface, "Click one of your allies to choose whom it attacks.", layout["tray_note"].style,
                      pygame.Rect(34, y, 1370, 40))

    def _targets_text(self, cast) -> str:
        state = self.state
        if cast.split:
            return " + ".join(f"{amount} at {target_name(state, t)}" for t, amount in zip(cast.targets, cast.split))
        counted = Counter(cast.targets)
        return ", ".join(target_name(state, t) + (f" ×{n}" if n > 1 else "") for t, n in counted.items())

    def _draw_board(self, surface: pygame.Surface) -> None:
        layout = self.layout
        text = self.app.text
        draw_box(surface, layout["spells"].rect, layout["spells"].style)
        title = self.phase_title or ("Spells of the last reveal" if self.board else "No spells revealed yet")
        text.draw(surface, title, layout["phase_title"].style, layout["phase_title"].rect, shrink=True)
        if self.choice_buttons:
            return
        state = self.state
        order = list(dict.fromkeys(s.caster for s in self.board))
        row_style = layout["reveal_row"].style
        for column, caster in enumerate(order[:4]):
            first = self.reveal_rect(column, 0)
            head = pygame.Rect(first.x + 4, first.y - 40, first.width - 8, layout["reveal_name"].rect[3])
            text.draw(surface, state.wizards[caster].name, layout["reveal_name"].style, head,
                      colour=(*self.panels[caster].colour, 255))
            rows = [s for s in self.board if s.caster == caster]
            room = 3                # three rows, then a line naming the others
            for row, shown in enumerate(rows[:room]):
                rect = self.reveal_rect(column, row)
                current = self.current == (shown.caster, shown.spell)
                draw_box(surface, rect, row_style, border=_GLOW if current else None)
                name = self.book[shown.spell].name
                colour = (150, 150, 160, 255) if shown.cancelled else None
                text.draw(surface, f"{name} · {dice_text(shown.dice)}", row_style,
                          pygame.Rect(rect.x + 12, rect.y + 1, rect.width - 20, 28), colour=colour, shrink=True)
                detail = shown.note or ("→ " + self._targets_text(shown))
                text.draw(surface, detail, layout["tray_note"].style,
                          pygame.Rect(rect.x + 12, rect.y + 29, rect.width - 20, 28), shrink=True)
                if shown.cancelled:
                    pygame.draw.line(surface, (220, 90, 80), (rect.x + 10, rect.y + 18), (rect.right - 10, rect.y + 18), 3)
            if len(rows) > room:
                more = self.reveal_rect(column, room)
                names = ", ".join(self.book[s.spell].name for s in rows[room:])
                text.draw(surface, f"+ {names}", layout["tray_note"].style,
                          pygame.Rect(more.x + 4, more.y, more.width - 8, 34), shrink=True)
        if not self.board and state.flow.stage == Stage.SECRET:
            text.draw(surface, "Nothing is shown until every wizard has committed.", layout["tray_note"].style,
                      self.reveal_rect(0, 0).inflate(1000, 0).move(500, 0))

    def _draw_book(self, surface: pygame.Surface, pulse: float) -> None:
        layout = self.layout
        text = self.app.text
        draw_box(surface, layout["book"].rect, layout["book"].style)
        text.draw(surface, "Spell book", layout["book_title"].style, layout["book_title"].rect)
        formable = self.spells_formable()
        exact = set(self.spells_for_selection())
        die = layout.setting("book_die").int()
        row_style = layout["book_row"].style
        for index, spell in enumerate(self.book.spells):
            rect = self.book_row_rect(index)
            if spell.spell_id == self.spell or spell.spell_id in exact:
                pygame.draw.rect(surface, (90, 74, 20), rect, border_radius=8)
                pygame.draw.rect(surface, _GLOW, rect, 2, border_radius=8)
            elif spell.spell_id in formable:
                pygame.draw.rect(surface, (48, 44, 74), rect, border_radius=8)
            glyph = self._symbol(_CATEGORY_SYMBOL[spell.category], 24)
            if glyph is not None:
                surface.blit(glyph, glyph.get_rect(midleft=(rect.x + 6, rect.centery)))
            colour = None if spell.spell_id in formable or spell.spell_id in exact else (150, 150, 165, 255)
            text.draw(surface, spell.name, row_style, pygame.Rect(rect.x + 36, rect.y, 250, rect.height),
                      colour=colour, shrink=True)
            example = spell.pattern.example()
            x = rect.right - 6 - die // 2 - (len(example) - 1) * (die + 2)
            for value in example:
                self.dice_art.draw(surface, "wizard", value, (x, rect.centery), die)
                x += die + 2

    # ================================================================ help
    def help_at(self, pos: tuple[int, int]) -> Tooltip | None:
        """What a spell, a wizard's markers, an ally or a die means."""
        state = self.state
        for index, spell in enumerate(self.book.spells):
            rect = self.book_row_rect(index)
            if rect.collidepoint(pos):
                phase = {"counter": f"phase 1 (complexity {spell.tier})", "summon": "phase 2",
                         "healing": "phase 3", "attack": "phase 5"}[spell.category]
                return f"{spell.name} ({phase}): {spell.text}", rect.midleft
        for seat, allies in enumerate(self.shown_allies):
            for slot, (number, kind, hp) in enumerate(allies):
                rect = self.ally_rect(seat, slot)
                if rect.collidepoint(pos):
                    return (f"{state.wizards[seat].name}'s {kind.capitalize()}: {hp} HP. It deals its HP in damage "
                            "to an opponent in phase 4 and holds one of its wizard's dice."), rect.midtop
        for seat, wizard in enumerate(state.wizards):
            if self.seat_element("markers", seat).collidepoint(pos):
                parts = []
                if wizard.poison:
                    parts.append(f"poisoned: 1 damage at the end of round {', '.join(map(str, wizard.poison))}")
                if wizard.paralysed or wizard.paralysis_next:
                    parts.append(f"paralysed: {wizard.paralysed or wizard.paralysis_next} die fewer")
                if wizard.shells or wizard.shells_next:
                    parts.append("a Magic Shell shields them next round")
                if wizard.continued:
                    parts.append(f"carried dice {dice_text(wizard.continued)} (not rolled)")
                if parts:
                    return f"{wizard.name}: " + "; ".join(parts) + ".", self.seat_element("markers", seat).midtop
            if self.meters[seat].rect.collidepoint(pos):
                return (f"{wizard.name}'s hit points (healing can reach {state.start_hp + 1}; 0 or less: fallen).",
                        self.meters[seat].rect.midtop)
        for shown in self.board:
            order = list(dict.fromkeys(s.caster for s in self.board))
            column = order.index(shown.caster)
            row = [s for s in self.board if s.caster == shown.caster].index(shown)
            if row < 3 and self.reveal_rect(column, row).collidepoint(pos):
                spell = self.book[shown.spell]
                return (f"{state.wizards[shown.caster].name}'s {spell.name}: {spell.text}",
                        self.reveal_rect(column, row).midtop)
        secret = self._my_secret()
        if secret is not None:
            for index in self.sprites:
                if self.die_rect(index).collidepoint(pos):
                    if index < secret.fixed:
                        return "A carried die: it keeps its value and is not rolled.", self.die_rect(index).midtop
                    if not secret.rolled_out:
                        return "Click to keep this die (gold) or let it roll again.", self.die_rect(index).midtop
                    return "Click to select this die for a spell.", self.die_rect(index).midtop
        return None

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        """The dice and markers, for the rules screen."""
        # One short line each: the legend column is narrow, and every item must fit beside the page.
        items = [(self.dice_art.face("wizard", 5, 44), "A wizard's die"),
                 (self.dice_art.face("kept", 5, 44), "Kept between rolls"),
                 (self.dice_art.face("continued", 4, 44), "Carried from last round"),
                 (self.dice_art.face("ogre", 2, 44), "Ogre ally (face = HP)"),
                 (self.dice_art.face("troll", 3, 44), "Troll ally (face = HP)")]
        words = {"attack": "Attack spell: phase 5", "counter": "Counter spell: phase 1",
                 "heal": "Healing spell: phase 3", "summon": "Summon spell: phase 2",
                 "poison": "Poisoned: 1 damage later", "paralysis": "Paralysed: 1 die fewer",
                 "shield": "Shell's free Shield", "dead": "A fallen wizard"}
        for name, meaning in words.items():
            glyph = self._symbol(name, 44)
            if glyph is not None:
                items.append((glyph, meaning))
        return items


def busiest_table(app):
    """The bench's scene: four wizards with allies, mid-reveal, dice tumbling."""
    from tabletop.core.controller import MatchController
    from tabletop.registry import get_rules

    rules = get_rules("wizard-dice")
    seed = 2026
    while True:
        match = MatchController(rules, None, ["Ann", "Bo", "Cy", "Di"], seed)
        bot = rules.playout_bot(seed)
        while not match.finished and not (match.state.flow.round >= 3 and match.state.flow.stage == Stage.SECRET
                                          and sum(len(w.allies) for w in match.state.wizards) >= 2):
            match.submit(bot.choose(match.legal_intents(), rules.view(match.state, match.state.to_act)))
        if not match.finished:
            break
        seed += 1
    table = app.scenes.open("table", match=match)
    if app.scenes.top is not table:
        app.scenes.pop()               # the cover: the bench looks at the casting wizard's own screen
    view = table.view
    rolls = [0]

    def roll_again() -> None:
        rolls[0] += 1
        count = max(1, len(view.sprites)) or 6
        dice = tuple((rolls[0] + i) % 6 + 1 for i in range(count))
        view.animate((ev.Rolled(table.viewer or 0, 1, dice, tuple(range(count))),))

    return table, roll_again
