"""The Wizard Dice reveal on screen: every cast turned over in the middle of the table (:mod:`.stage`), then the
phases one step at a time.

A step is a few events shown together (a reflection with what follows it); the view
waits for a click or Space before each step, unless "Play all" (or the setting, or a
table without humans) plays them through.  While the steps play, the panels show the
table as it stood before the reveal and follow each step: hit points move, allies
come and go, damage and healing rise from their targets.  The log tells each step
as it is shown.  This is animation state only: the rules have already resolved the
whole round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from tabletop.core.values import Value
from tabletop.games.wizard_dice import events as ev
from tabletop.games.wizard_dice.state import Cast, State, Target
from tabletop.games.wizard_dice.wording import PHASE_TITLES, TIER_TITLES, target_name

from .impact import MINUS

if TYPE_CHECKING:
    import pygame

__all__ = ["Shown", "RevealSteps", "reveal_from"]


def _landed() -> None:
    """A number flying to its target arrives: what it does there is the next step (``land``)."""


@dataclass
class Shown:
    """What one revealed cast looks like on the reveal board as the phases play out."""

    caster: int
    spell: str
    dice: tuple[int, ...]
    targets: tuple[Target, ...]
    split: tuple[int, ...]
    note: str = ""
    cancelled: bool = False
    done: bool = False

    @classmethod
    def of(cls, caster: int, cast: Cast) -> "Shown":
        """A cast as the rules revealed it."""
        return cls(caster, cast.spell, cast.dice, cast.targets, cast.split)


def reveal_from(events: Sequence[Value]) -> int | None:
    """Where the events of a reveal (or of a Counterspell's choice, resuming one) begin."""
    index = next((i for i, e in enumerate(events) if isinstance(e, ev.Revealed)), None)
    if index is None and any(isinstance(e, (ev.PhaseBegan, ev.Cancelled, ev.RoundEnded, ev.DuelOver)) for e in events):
        index = 0
    return index


class RevealSteps:
    """The view's part that shows a reveal step by step (mixed into the Wizard Dice view, whose ``__init__`` sets
    the attributes below)."""

    app: Any
    table: Any
    timeline: Any
    announcer: Any
    floating: Any
    handlers: Any
    beats: list[list[Value]]            # the steps still to show
    waiting: bool                       # a step waits for a click or Space
    play_all: bool
    board: list[Shown]                  # the reveal board
    phase_title: str
    current: tuple[int, str] | None     # the cast the reveal is showing now
    shown_hp: list[int]
    shown_allies: list[list[tuple[int, str, int]]]
    bar_hp: list[float]
    fallen: set[int]

    if TYPE_CHECKING:
        @property
        def state(self) -> State: ...

        @property
        def animation_factor(self) -> float: ...

        def target_rect(self, target: Target) -> pygame.Rect | None: ...

        def refresh(self) -> None: ...

        def sync(self) -> None: ...

        def turn_cards_over(self) -> None: ...

        def card_rect(self, caster: int, spell: str) -> pygame.Rect | None: ...

        def land(self, target: Target, hp: int, text: str, colour: str, note: str = "",
                 sound: str = "cross") -> None: ...

        def fly(self, source: pygame.Rect | None, target: Target, text: str, colour: str,
                land: Callable[[], None]) -> None: ...

    @property
    def revealing(self) -> bool:
        """A reveal is being shown (its steps, or the last step still on screen)."""
        return bool(self.beats) or self.current is not None

    def log_hold(self, events: Sequence[Value]) -> int:
        """The casts of a reveal are told at once; what happens to them only as its steps play."""
        start = reveal_from(events)
        if start is None:
            return 0
        return sum(1 for e in events[start:] if not isinstance(e, ev.Revealed))

    def open_reveal(self, events: Sequence[Value]) -> None:
        """Show the casts on the board and cut what follows into steps."""
        # With no human at the table (bots only, the attract mode) nobody is there to click through it.
        self.play_all = self.app.settings.reveal == "play" or not self.table.humans
        reveals = [e for e in events if isinstance(e, ev.Revealed)]
        if reveals:
            self.board = [Shown(e.seat, e.spell, e.dice, e.targets, e.split) for e in reveals]
            self.phase_title = "The reveal"
            self.turn_cards_over()          # then the first step waits (or plays, when playing all)
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
        self.waiting = False
        if not reveals:
            self.next_beat()

    def next_beat(self) -> None:
        """Show the next step."""
        self.waiting = False
        if not self.beats:
            return
        beat = self.beats.pop(0)
        for event in beat:
            self._show(event)
        self.table.release_log(len(beat))
        self.timeline.add(0.15)
        self.refresh()

    def waiting_for_click(self) -> bool:
        """A step of the reveal waits for a click or Space at the table."""
        return bool(self.beats) and self.waiting

    def play_through(self) -> None:
        """"Play all": show every step left without waiting."""
        self.play_all = True
        self.next_beat()

    def step_reveal(self) -> None:
        """After a step has played: the next one (playing through) or wait; after the last, the table at rest."""
        if self.beats and not self.waiting and not self.timeline.busy:
            if self.play_all:
                self.next_beat()
            else:
                self.waiting = True
                self.refresh()
        if not self.beats and self.current is not None and not self.timeline.busy:
            self.current = None
            self.sync()

    # ---------------------------------------------------------------- one step
    def _mark(self, caster: int, spell: str, **changes: Any) -> None:
        for shown in self.board:
            if shown.caster == caster and shown.spell == spell and not shown.done:
                for key, value in changes.items():
                    setattr(shown, key, value)
                self.current = (caster, spell)
                return

    def float_at(self, target: Target, text: str, colour: str, sound: str | None = None) -> None:
        """Rise ``text`` from a wizard's panel or an ally's die, in the theme's ``colour`` (gain, hurt)."""
        rect = self.target_rect(target)
        anchor = rect.midtop if rect is not None else (960, 300)
        self.floating.add(self.timeline, text, anchor, self.app.layouts.theme.rgb(colour), duration=0.7, sound=sound)

    def _show(self, event: Value) -> None:
        """One event of a step: mark the cast on the board, move HP, float the numbers."""
        state = self.state
        name = lambda t: target_name(state, t)  # noqa: E731 - a short local alias
        wizard = lambda seat: state.wizards[seat].name  # noqa: E731
        if isinstance(event, ev.PhaseBegan):
            title = PHASE_TITLES.get(event.phase, "")
            if event.tier:
                title = f"{PHASE_TITLES[1]}, {TIER_TITLES[event.tier]}"
            self.phase_title = title
            self.current = (-1, "")
            self.announcer.announce(self.timeline, title, 0.8 * max(self.animation_factor, 0.2))
            self.timeline.add(0.5)
        elif isinstance(event, ev.Reflected):
            self._mark(event.caster, event.spell, note=f"reflected to {name(event.now)}")
        elif isinstance(event, ev.MirrorRaised):
            self._mark(event.seat, "magic-mirror", note="mirror raised", done=True)
        elif isinstance(event, ev.Warded):
            self._mark(event.caster, event.spell, note=f"allies -{event.ally_reduction}, spells -1", done=True)
            self.float_at(event.target, "Warded", "gain", "place")
        elif isinstance(event, ev.ShellHolds):
            self.float_at(event.target, f"Shell -{event.value}", "gain")
        elif isinstance(event, ev.Protected):
            self._mark(event.caster, "counterspell", note="protecting " + name(event.target))
        elif isinstance(event, ev.Cancelled):
            self._mark(event.caster, event.spell, cancelled=True, done=True, note=f"countered by {wizard(event.seat)}")
            self.float_at(event.target, "Countered", "gain", "cross")
        elif isinstance(event, ev.Silenced):
            self._mark(event.caster, "paralysis", note="ally held", done=True)
        elif isinstance(event, ev.Summoned):
            self._mark(event.caster, "summon-ogre" if event.kind == "ogre" else "summon-troll", done=True,
                       note=f"{event.kind} for {wizard(event.seat)}")
            self.shown_allies[event.seat].append((event.ally, event.kind, event.hp))
            self.float_at(Target.wizard(event.seat), f"+ {event.kind.capitalize()}", "gain", "bonus")
        elif isinstance(event, ev.Healed):
            self._mark(event.caster, event.spell, done=True, note=f"+{event.amount} {name(event.target)}")
            self.fly(self.card_rect(event.caster, event.spell), event.target, f"+{event.amount}", "gain", _landed)
            self.land(event.target, event.hp, f"+{event.amount}", "gain", sound="bonus")
        elif isinstance(event, ev.AllyDamage):
            wizard_hit = Target.wizard(event.seat)
            self.fly(None, wizard_hit, f"{MINUS}{event.taken}", "hurt", _landed)
            self.land(wizard_hit, event.hp, f"{MINUS}{event.taken}", "hurt",
                      f"{event.reduced} held" if event.reduced else "")
        elif isinstance(event, ev.Hit):
            self._mark(event.caster, event.spell, done=True, note=f"{event.amount} to {name(event.target)}")
            self.fly(self.card_rect(event.caster, event.spell), event.target, f"{MINUS}{event.amount}", "hurt",
                     _landed)
            self.land(event.target, event.hp, f"{MINUS}{event.amount}", "hurt",
                      f"{event.reduced} held" if event.reduced else "")
        elif isinstance(event, ev.Slain):
            self._mark(event.caster, "finger-of-death", done=True, note=f"slays {wizard(event.seat)}")
            self.float_at(Target.wizard(event.seat), "Slain", "hurt", "cross")
        elif isinstance(event, ev.Paralysed):
            self._mark(event.caster, "paralysis", done=True, note=f"{wizard(event.seat)} -1 die")
            self.float_at(Target.wizard(event.seat), "Paralysed", "hurt")
        elif isinstance(event, ev.Poisoned):
            self.float_at(event.target, "Poisoned", "hurt")
        elif isinstance(event, ev.PoisonTick):
            self.land(event.target, event.hp, f"{MINUS}{event.amount}", "hurt", "poison")
        elif isinstance(event, ev.Fizzled):
            self._mark(event.caster, event.spell, done=True, cancelled=True,
                       note="fizzles" if event.why == "caster-dead" else "target gone")
        else:
            self._show_ending(event)
        self.timeline.add(0.25)

    def _show_ending(self, event: Value) -> None:
        """A fall, the end of the duel or of the round, or an event the view animates as at any other time."""
        state = self.state
        if isinstance(event, ev.Died):
            if event.target.is_wizard:
                seat = event.target.index
                self.shown_hp[seat] = min(self.shown_hp[seat], 0)
                self.timeline.add(0.0, on_start=lambda: self._fall(seat))        # marked as it is announced
                self.announcer.announce(self.timeline, f"{target_name(state, event.target)} falls", 0.9, "error")
            else:
                self.float_at(event.target, "Destroyed", "hurt")
                self.timeline.add(0.3, on_end=lambda n=event.target.index: self._remove_ally(n))
        elif isinstance(event, ev.DuelOver):
            winners = " and ".join(state.wizards[s].name for s in event.winners)
            words = f"A draw: {winners}" if event.why == "draw" else f"{winners} wins"
            self.announcer.announce(self.timeline, words, 1.4, "win")
        elif isinstance(event, ev.RoundEnded):
            self.phase_title = f"Round {event.round} is over"
        elif type(event) in self.handlers:
            self.handlers[type(event)](event)

    def _fall(self, seat: int) -> None:
        self.fallen.add(seat)
        if seat < len(self.bar_hp):
            self.bar_hp[seat] = min(self.bar_hp[seat], 0.0)

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
