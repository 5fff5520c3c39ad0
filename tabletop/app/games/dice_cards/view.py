"""The Dice Cards playmat, shown: two mats as the seed draws them, mirrored across the centre line, the duelist
in front of the screen at the bottom; each duelist's abilities at the right.

Near side, from the centre line out: Field zone | Unit zone | Stock; Shields | Charge zone | Grave; the Hand.
Units are stacks of dice in their archetype's colour (one die per 6 of base Power) with their Power, the
damage they took this turn, their equips beside them and a captive behind them.

Where things lie is :mod:`.geometry`; what a click means is :mod:`.choices` (the rules' legal intents only,
narrowed one question at a time); what a hover says is :mod:`.words`; the drawing itself is :mod:`.mat`.  This
module animates the events of each move and passes input on.  A hand the screen may not see is drawn as so
many blank dice: the view is the rules' view for the seat in front of the screen.
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

import pygame

from tabletop.core.values import Value
from tabletop.games.dice_cards import events as ev
from tabletop.games.dice_cards.intents import ChooseDeck

from ...anim import ease_out
from ...choosing import Move, Reply
from ...gameview import GameViewBase, TableStatus, Tooltip
from ...marks import Mark
from ...sprites import DieSprite, tumble_dice
from ...widgets import ActionBar
from .choices import MENU_ITEMS, QUICK_DECKS, DiceCardsChoices
from .geometry import DiceCardsGeometry
from .marks import last_move_marks
from .mat import MatPainter
from .stages import Stage

__all__ = ["DiceCardsView"]


class DiceCardsView(GameViewBase):
    """Draws the playmat, animates the events of each move and passes clicks to the choices."""

    Choices = DiceCardsChoices
    forgets_choice_on_move = True
    choices: DiceCardsChoices | None
    rules: Any                  # DiceCardsRules: its queries (ability, power, content) are not in the Rules protocol

    def __init__(self, app, table, match) -> None:
        super().__init__(app, table, match)
        layout = self.layout
        self.content = self.rules.content
        self.art = app.dice_for("dice_cards")
        self.theme = app.layouts.theme
        self.geometries = {near: DiceCardsGeometry(layout, self.content, near) for near in (0, 1)}
        self.geometry: DiceCardsGeometry = self.geometries[self.near]
        self.action_bar = ActionBar(app, [layout[f"button_{n}"] for n in (1, 2, 3)], [None, pygame.K_SPACE, None])
        self.menu_shift = 0                      # the menu moves over the near mat when far units glow
        self.menu_bar = self._menu_bar()
        self.quick_bar = ActionBar.repeated(app, layout["deck_quick"], QUICK_DECKS,
                                            (0, layout.setting("deck_quick_step").int()))
        self.menu_title = ""
        self.visual_random = random.Random(7)    # only for how dice tumble
        self.sprites: dict[str, DieSprite] = {}
        self.sliding: list[dict] = []            # dice moving between zones (hand to unit, energy, Grave)
        self.arriving: set[int] = set()          # units drawn once their die has landed
        self.unit_spots: dict[int, tuple[int, int]] = {}   # where each unit was drawn last (for its animations)
        self.unit_die = self.geometry.unit_die
        self.die_size = self.geometry.hand_die
        self.painter = MatPainter(self)
        self.handlers = {ev.Rolled: self._on_rolled, ev.RolledCount: self._on_rolled_count,
                         ev.Summoned: self._on_summoned, ev.Charged: self._on_charged,
                         ev.TokenPlaced: self._on_token, ev.Activated: self._on_activated,
                         ev.UnitDamaged: self._on_damaged, ev.UnitDestroyed: self._on_destroyed,
                         ev.ShieldHit: self._on_shield_hit, ev.ShieldBroken: self._on_shield_broken,
                         ev.ShieldMended: self._on_shield_mended, ev.ShieldRaised: self._on_shield_mended,
                         ev.Captured: self._on_captured, ev.PlayerHit: self._on_player_hit,
                         ev.DuelWon: self._on_won, ev.TurnBegan: self._on_turn, ev.DecksShown: self._on_decks,
                         ev.Equipped: self._on_equipped, ev.StrikeFirst: self._on_strike_first,
                         ev.Discarded: self._on_discarded}
        self.sync()

    @property
    def near(self) -> int:
        """The seat whose mat is at the bottom: the one in front of the screen."""
        shows = self.table.shows
        return 0 if shows is None else shows

    def _menu_bar(self) -> ActionBar:
        step = self.layout.setting("menu_step").int()
        return ActionBar.repeated(self.app, self.layout["menu_item"].moved(0, self.menu_shift), MENU_ITEMS, (0, step))

    # ================================================================ state -> what may be clicked
    def sync(self) -> None:
        """Every die where the rules say; the selection forgotten (a deck picked on one seat's screen must not
        show on the next seat's: the choice is private)."""
        self.sprites = {}
        self.sliding = []
        self.arriving = set()
        self.selection = None
        self.refresh()

    def refresh(self) -> None:
        """The geometry of the screen's seat, then the choices for the selection."""
        self.geometry = self.geometries[self.near]
        super().refresh()

    def show_choices(self) -> None:
        """The three buttons and the menu, placed over the far mat unless units glow there: then over the near
        one, so the menu never hides what it asks about (its answers may be clicked on the table too)."""
        choices = self.choices
        assert choices is not None
        self.action_bar.show(choices.buttons())
        self.quick_bar.show(choices.quick_decks(self.last_deck()))
        menu = choices.menu()
        items = menu.items if menu is not None else ()
        self.menu_title = menu.title if menu is not None else ""
        units = set() if self.busy else choices.glowing_units()
        shift = self.geometry.menu_shift(self.state, len(items), units)
        if shift != self.menu_shift:
            self.menu_shift = shift
            self.menu_bar = self._menu_bar()
        for button in self.menu_bar.buttons:
            button.hovered = False               # a new menu is lit only once the mouse moves over it
        self.menu_bar.show(items)

    def last_deck(self) -> tuple[str, ...]:
        """The archetypes of the last deck the player choosing now played (remembered by their name), if any."""
        choices = self.choices
        seat = choices.acting if choices is not None else None
        if seat is None or self.state.flow.stage != Stage.DECK:
            return ()
        return tuple(self.app.settings.decks.get(self.match.seats[seat], ()))

    def apply(self, reply: Reply) -> None:
        """As every view; a deck chosen on this screen is remembered under the player's name for next time."""
        before = len(self.match.journal)
        super().apply(reply)
        intent = reply.intent
        if isinstance(intent, ChooseDeck) and len(self.match.journal) > before:
            self.app.settings.decks[self.match.seats[intent.seat]] = list(intent.archetypes)
            self.app.save_settings()

    def animate(self, events: Sequence[Any]) -> None:
        """A move was made: the units' places remembered for the events (the choice in progress is forgotten at
        once, as it is once the move has played out: the choices for the new position are built once)."""
        for uid, rect in self.geometry.unit_rects(self.state).items():
            self.unit_spots[uid] = rect.center
        super().animate(events)

    # ================================================================ input
    def handle(self, event: pygame.event.Event) -> None:
        """Mouse and keys (ignored while the dice are still moving)."""
        if self.busy:
            return
        self.take_input(event, self.menu_bar, self.action_bar, self.quick_bar)

    def position_of(self, move: Move) -> tuple[int, int] | None:
        """Where a player clicks for ``move``: for a target, a point of it that shows (not under a button) and
        that a click there lands on."""
        if move.kind != "target" or move.target is None:
            return super().position_of(move)
        covered = [button.rect for button in (*self.menu_bar.buttons, *self.action_bar.buttons) if button.visible]
        return self.geometry.click_point(self.state, move.target, covered)

    def help_at(self, pos: tuple[int, int]) -> Tooltip | None:
        """What the thing under ``pos`` means."""
        return self.explain_at(pos)

    # ================================================================ animations
    def _spot(self, uid: int) -> tuple[int, int]:
        rect = self.geometry.unit_rects(self.state).get(uid)
        if rect is not None:
            return rect.midtop
        return self.unit_spots.get(uid, (700, 516))

    def tumble_into_hand(self, seat: int, values: Sequence[int]) -> None:
        """Dice of ``values`` rolled into ``seat``'s hand (0: a die the screen may not see)."""
        hand = self.state.duelists[seat].hand
        count = len(hand)
        size = self.geometry.hand_size(seat)
        landing: dict[str, tuple[float, float, int]] = {}
        first = max(0, count - len(values))
        for offset, value in enumerate(values):
            index = first + offset
            x, y = self.geometry.hand_centre(seat, index, count)
            name = f"h{seat}-{index}"
            self.sprites[name] = DieSprite("typeless" if value else "hidden", x, y, value, size)
            landing[name] = (x, y, value)
        tumble_dice(self.timeline, self.sprites, landing, self.visual_random, size,
                    on_start=lambda: self.app.audio.play("roll"))

    def _on_rolled(self, event: ev.Rolled) -> None:
        self.tumble_into_hand(event.seat, [d.value for d in event.dice])

    def _on_rolled_count(self, event: ev.RolledCount) -> None:
        self.tumble_into_hand(event.seat, [0] * event.count)

    def _from_hand(self, seat: int) -> tuple[int, int]:
        """Where a die leaving ``seat``'s hand starts from (the slot after the dice left there)."""
        count = len(self.state.duelists[seat].hand)
        return self.geometry.hand_centre(seat, count, count + 1)

    def _slide(self, kind: str, face: int, start: tuple[int, int], end: tuple[int, int], size: int,
               arriving: int = 0, duration: float = 0.3) -> None:
        """A die moving from ``start`` to ``end`` (a unit ``arriving`` is drawn only once its die lands)."""
        item = {"kind": kind, "face": face, "x": start[0], "y": start[1], "size": size}

        def begin() -> None:
            self.sliding.append(item)

        def move(p: float) -> None:
            eased = ease_out(p)
            item["x"] = start[0] + (end[0] - start[0]) * eased
            item["y"] = start[1] + (end[1] - start[1]) * eased - 60 * math.sin(math.pi * p)

        def land() -> None:
            if item in self.sliding:
                self.sliding.remove(item)
            self.arriving.discard(arriving)
            self.app.audio.play("place")

        if arriving:
            self.arriving.add(arriving)
        self.timeline.add(duration, on_start=begin, on_update=move, on_end=land)

    def _float(self, words: str, anchor: tuple[int, int], colour: str, duration: float, **kwargs: Any) -> None:
        self.floating.add(self.timeline, words, anchor, self.theme.rgb(colour), duration=duration, **kwargs)

    def _announce(self, words: str, duration: float, sound: str | None = None) -> None:
        self.announcer.announce(self.timeline, words, duration, sound)

    def _on_summoned(self, event: ev.Summoned) -> None:
        spot = self.geometry.unit_rects(self.state).get(event.uid)
        end = spot.center if spot is not None else self._spot(event.uid)
        start = self._from_hand(event.seat) if event.die else self.geometry.zone("charge_zone", event.seat).center
        self._slide(event.archetype or "typeless", min(6, event.power), start, end, self.unit_die, event.uid)
        self._float(f"Power {event.power}", self._spot(event.uid), "gain", 0.5)

    def _on_charged(self, event: ev.Charged) -> None:
        rect = self.geometry.energy_rect(event.seat, event.value)
        self._slide("energy", event.value, self._from_hand(event.seat), rect.center, rect.width, duration=0.25)
        self._float(f"+{event.value} energy", rect.midtop, "gain", 0.3)

    def _on_token(self, event: ev.TokenPlaced) -> None:
        zone = self.geometry.zone("field_zone", event.seat)
        self._float(self.rules.ability(event.ability).name, zone.midtop, "glow", 0.5, sound="place")

    def _on_activated(self, event: ev.Activated) -> None:
        self._announce(f"{self.name(event.seat)}: {self.rules.ability(event.ability).name}", 0.5, "click")

    def _on_equipped(self, event: ev.Equipped) -> None:
        self._float(self.rules.ability(event.ability).name, self._spot(event.uid), "glow", 0.4)

    def _on_strike_first(self, event: ev.StrikeFirst) -> None:
        self._float("Strikes first", self._spot(event.uid), "glow", 0.4)

    def _on_damaged(self, event: ev.UnitDamaged) -> None:
        self._float(f"-{event.amount}", self._spot(event.uid), "hurt", 0.4, alongside=True, sound="cross")

    def _on_destroyed(self, event: ev.UnitDestroyed) -> None:
        words = {"sacrifice": "Sacrificed", "overflow": "Discarded"}.get(event.why, "Destroyed")
        self._float(words, self._spot(event.uid), "hurt", 0.45)

    def _on_shield_hit(self, event: ev.ShieldHit) -> None:
        zone = self.geometry.zone("shield_zone", event.seat)
        self._float(f"-{event.amount}", zone.midtop, "hurt", 0.45, sound="cross")

    def _on_shield_broken(self, event: ev.ShieldBroken) -> None:
        self._announce(f"{self.name(event.seat)}'s shield breaks!", 0.7, "cross")

    def _on_shield_mended(self, event: ev.ShieldMended | ev.ShieldRaised) -> None:
        zone = self.geometry.zone("shield_zone", event.seat)
        self._float("Shield up", zone.midtop, "gain", 0.45, sound="bonus")

    def _on_captured(self, event: ev.Captured) -> None:
        self._float("Captured!", self._spot(event.captor), "glow", 0.5)

    def _on_discarded(self, event: ev.Discarded) -> None:
        zone = self.geometry.zone("grave", event.seat)
        for value in event.dice:
            self._slide("typeless", value, self._from_hand(event.seat), zone.center, self.die_size, duration=0.25)
        self._float(f"{', '.join(map(str, event.dice))} to the Grave", zone.midtop, "hurt", 0.4)

    def _on_player_hit(self, event: ev.PlayerHit) -> None:
        self._announce(f"Direct hit on {self.name(event.seat)}!", 0.9, "cross")

    def _on_won(self, event: ev.DuelWon) -> None:
        self._announce(f"{self.name(event.seat)} wins the duel", 1.4, "win")

    def _on_turn(self, event: ev.TurnBegan) -> None:
        self._announce(f"Turn {event.turn}: {self.name(event.seat)}", 0.5)

    def _on_decks(self, event: ev.DecksShown) -> None:
        self._announce("The duel begins", 0.6, "bonus")

    # ================================================================ the banner, the legend
    def marks_of(self, events: Sequence[Value], state: Any, shows: int | None) -> Sequence[Mark]:
        """What the move touched (``marks.py``)."""
        return last_move_marks(events, state, shows)

    def status(self) -> TableStatus:
        """Banner texts: whose turn and which phase, what to do now, the turn."""
        state = self.state
        flow = state.flow
        seat = state.to_act
        if flow.stage == Stage.OVER:
            return TableStatus(self.rules.prompt(state), "", f"Turn {flow.turn}", None)
        if flow.stage == Stage.DECK:
            return TableStatus(f"Choosing decks  ·  {self.name(seat)} chooses in private",
                               self.rules.prompt(state), "Before the duel", seat)
        active = self.name(flow.active)
        phase = {Stage.MAIN: f"Main Phase {flow.main}", Stage.ATTACK: "Battle Phase", Stage.BLOCK: "Battle Phase",
                 Stage.STRIKE: "Battle Phase", Stage.ORDER: "Battle Phase",
                 Stage.DISCARD: "End Phase" if flow.why == "hand-limit" else "Main Phase",
                 Stage.OVERFLOW: "A sixth unit", Stage.SHED: "Fusion"}.get(flow.stage, "")
        headline = f"{active}'s turn  ·  {phase}"
        if seat is not None and seat != flow.active:
            headline += f"  ·  {self.name(seat)} decides"
        return TableStatus(headline, self.rules.prompt(state), f"Turn {flow.turn}", seat)

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        """The dice of the table with their meaning, for the rules screen."""
        items = []
        for arch_id, archetype in self.content.archetypes.items():
            items.append((self.art.face(arch_id, 3, 44), f"{archetype.name} ({archetype.colour_name})"))
        items.append((self.art.face("typeless", 5, 44), "A die in hand (typeless)"))
        items.append((self.art.face("hidden", 0, 44), "A die you may not see"))
        items.append((self.art.face("energy", 4, 44), "Energy token"))
        items.append((self.art.face("shield", 4, 44), "Shield (its Power)"))
        for glyph, words in (("damage", "Damage this turn"), ("strike", "Strikes first"), ("chain", "Captive")):
            icon = self.art.symbol(glyph, 44, self.theme.rgb("dc_symbol"))
            if icon is not None:
                items.append((icon, words))
        return items

    # ================================================================ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The mats (or the deck choice), the buttons and the menu, the rising texts."""
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        choices = self.choices
        glowing = frozenset() if self.busy or choices is None else choices.glowing()
        if self.state.flow.stage == Stage.DECK:
            self.painter.draw_deck_choice(surface, choices.acting if choices is not None else None,
                                          choices.selection.deck if choices is not None else ())
        else:
            self.painter.draw_duel(surface, glowing, pulse)
            for seat in range(2):
                hand = self.geometry.zone("hand", seat)
                self.draw_bot_badge(surface, seat, (hand.right - 12, hand.centery), align="right")
        self.draw_last_move(surface)
        self.action_bar.draw(surface)
        self.painter.draw_menu(surface)
        self.draw_effects(surface)
        self.action_bar.draw_tooltips(surface)
        self.menu_bar.draw_tooltips(surface)

