"""The Dice Cards playmat: two mats as the seed draws them, mirrored across the centre line, the
duelist in front of the screen at the bottom; each duelist's abilities at the right.

Near side, from the centre line out: Field zone | Unit zone | Stock; Shields | Charge zone | Grave;
the Hand.  Units are stacks of dice in their archetype's colour (one die per 6 of base Power) with
their Power, the damage they took this turn, their equips beside them and a captive behind them.

Everything clickable comes from the rules' legal intents.  A click on a hand die, an ability, a
realm or relic token starts a choice: the intents that begin so are narrowed one question at a time
(how to pay, which mode, which caster, which target, which slot), each answered by a click on a
glowing unit or a button of the menu; when one intent is left it is sent.  A hand the screen may not
see is drawn as so many blank dice: the view is the rules' view for the seat in front of the screen.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from tabletop.games.dice_cards import events as ev
from tabletop.games.dice_cards.intents import (Activate, Adjust, Attack, Battle, BlocksDone, BlockWith, Charge,
                                               ChooseDeck, Discard, EndTurn, MoveRelic, Remove, Shed, Strike, Summon,
                                               Unblock)
from tabletop.games.dice_cards.rules import payments
from tabletop.games.dice_cards.state import Unit
from tabletop.games.dice_cards.wording import kind_name, plural

from ...anim import ease_out
from ...gameview import GameViewBase, TableStatus, Tooltip
from ...sprites import DieSprite, tumble_dice
from ...text import draw_box
from ...widgets import Button, press_any

__all__ = ["DiceCardsView", "busiest_table"]

_GLOW = (255, 220, 90)
_GOOD = (120, 220, 130)
_HURT = (255, 110, 90)
_ATTACK = (255, 150, 60)

_MODE_WORDS = {"mend_shield": "Mend one of your shields", "new_shield": "Raise a new foremost shield",
               "destroy_units": "Destroy every enemy unit with low Power", "break_shield": "Break the foremost shield"}


@dataclass
class _Slot:
    text: str
    action: Callable[[], None]
    enabled: bool = True
    reason: str = ""


class DiceCardsView(GameViewBase):
    """Draws the playmat and turns clicks into Dice Cards intents."""

    def __init__(self, app, table, match) -> None:
        super().__init__(app, table, match)
        layout = self.layout
        self.content = self.rules.content
        self.art = app.dice_for("dice_cards")
        self.buttons = [Button(app, layout[f"button_{n}"], lambda n=n: self._press(n - 1)) for n in (1, 2, 3)]
        self.buttons[1].hotkey = pygame.K_SPACE
        self.slots: list[_Slot] = []
        self.menu_buttons: list[Button] = []
        self.menu_shift = 0                      # the menu moves over the near mat when far units glow
        self.menu_title = ""
        self.candidates: list | None = None      # intents a choice started with, narrowed click by click
        self.asked = ""                          # the field the choice asks about now
        self.attackers: list[int] = []           # the attack stage's selection
        self.blocker: int | None = None          # the block stage: the unit chosen, waiting for its attacker
        self.picked_deck: list[str] = []
        self.visual_random = random.Random(7)    # only for how dice tumble
        self.sprites: dict[str, DieSprite] = {}
        self.sliding: list[dict] = []            # dice moving between zones (hand to unit, energy, Grave)
        self.arriving: set[int] = set()          # units drawn once their die has landed
        self.unit_spots: dict[int, tuple[int, int]] = {}   # where each unit was drawn last (for its animations)
        s = layout.setting
        self.mirror_y = s("mirror_y").int()
        self.unit_die = s("unit_die").int(20, 200)
        self.die_size = s("hand_die").int(20, 200)
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

    # ================================================================ geometry
    @property
    def near(self) -> int:
        """The seat whose mat is at the bottom: the one in front of the screen."""
        viewer = self.table.viewer
        return 0 if viewer is None else viewer

    def zone(self, name: str, seat: int) -> pygame.Rect:
        """Zone ``name`` of ``seat``'s mat (the far mat is the near one mirrored)."""
        rect = pygame.Rect(self.layout[name].rect)
        if seat != self.near:
            rect.y = self.mirror_y - rect.y - rect.height
        return rect

    def _flip(self, seat: int, y: int) -> int:
        return y if seat == self.near else self.mirror_y - y

    def field_units(self, seat: int) -> list[Unit]:
        return [u for u in self.state.units if u.owner == seat and u.captor < 0]

    def unit_centre(self, seat: int, index: int) -> tuple[int, int]:
        zone = self.zone("unit_zone", seat)
        step = self.layout.setting("unit_step").int()
        x = zone.x + step // 2 + index * step
        near_zone = pygame.Rect(self.layout["unit_zone"].rect)
        return x, self._flip(seat, near_zone.y + 74)

    def unit_rects(self) -> dict[int, pygame.Rect]:
        """Where each unit may be clicked: its slot on its owner's mat; a captive's, behind its captor."""
        out: dict[int, pygame.Rect] = {}
        state = self.state
        step = self.layout.setting("unit_step").int()
        zone_h = self.layout["unit_zone"].rect[3]
        for seat in range(2):
            zone = self.zone("unit_zone", seat)
            for index, unit in enumerate(self.field_units(seat)):
                x, _ = self.unit_centre(seat, index)
                out[unit.uid] = pygame.Rect(x - step // 2 + 4, zone.y + 4, step - 8, zone_h - 8)
        size = self.layout.setting("captive_die").int()
        for unit in state.units:
            if unit.captor >= 0 and unit.captor in out:
                centre = self.captive_centre(unit.captor)
                out[unit.uid] = pygame.Rect(centre[0] - size // 2 - 4, centre[1] - size // 2 - 4, size + 8, size + 8)
        return out

    def captive_centre(self, captor: int) -> tuple[int, int]:
        state = self.state
        unit = state.unit(captor)
        index = [u.uid for u in self.field_units(unit.owner)].index(captor)
        x, y = self.unit_centre(unit.owner, index)
        # Below the right equip slot, clear of the Power label and the centre line.
        return x + 66, self._flip(unit.owner, self._flip(unit.owner, y) + 42)

    def hand_centre(self, seat: int, index: int, count: int) -> tuple[int, int]:
        s = self.layout.setting
        zone = self.zone("hand", seat)
        step = s("hand_step").int()
        room = zone.right - s("hand_x").int() - 40
        if count > 1 and step * (count - 1) > room:
            step = room // (count - 1)
        return s("hand_x").int() + 40 + index * step, zone.centery

    def hand_rects(self, seat: int) -> list[pygame.Rect]:
        hand = self.state.duelists[seat].hand
        size = self.die_size if seat == self.near else self.layout.setting("far_hand_die").int()
        out = []
        for index in range(len(hand)):
            rect = pygame.Rect(0, 0, size, size)
            rect.center = self.hand_centre(seat, index, len(hand))
            out.append(rect)
        return out

    def token_rects(self, seat: int) -> list[tuple[pygame.Rect, str, str]]:
        """The Field zone's tokens: (rect, ability, kind) for realm and field tokens and unequipped relics."""
        duelist = self.state.duelists[seat]
        tokens = [(t.ability, t.kind) for t in duelist.field]
        tokens += [(r.ability, "relic") for r in duelist.relics if r.host < 0]
        s = self.layout.setting
        size, step = s("token_die").int(), s("token_step").int()
        zone = self.zone("field_zone", seat)
        out = []
        for index, (ability, kind) in enumerate(tokens[:6]):
            row, col = divmod(index, 3)
            rect = pygame.Rect(0, 0, size, size)
            y = zone.y + 48 + row * 96 if seat == self.near else zone.bottom - 48 - row * 96
            rect.center = (zone.x + 48 + col * step, y)
            out.append((rect, ability, kind))
        return out

    def shield_rects(self, seat: int) -> list[pygame.Rect]:
        s = self.layout.setting
        size, step = s("shield_die").int(), s("shield_step").int()
        zone = self.zone("shield_zone", seat)
        out = []
        for index in range(len(self.state.duelists[seat].shields)):
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (zone.x + 50 + index * step, zone.centery)
            out.append(rect)
        return out

    def energy_rect(self, seat: int, value: int) -> pygame.Rect:
        s = self.layout.setting
        size, step = s("energy_die").int(), s("energy_step").int()
        zone = self.zone("charge_zone", seat)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (zone.x + 50 + (value - 1) * step, zone.centery)
        return rect

    def ability_rects(self, seat: int) -> list[tuple[pygame.Rect, str]]:
        zone = self.zone("abilities", seat)
        base = pygame.Rect(self.layout["ability_row"].rect)
        step = self.layout.setting("ability_step").int()
        out = []
        for index, ability in enumerate(self.content.abilities_of(self.state.duelists[seat].deck)):
            out.append((pygame.Rect(base.x, zone.y + 4 + index * step, base.width, base.height), ability.ability_id))
        return out

    def deck_card_rect(self, index: int) -> pygame.Rect:
        s = self.layout.setting
        columns = s("deck_columns").int(1, 6)
        row, col = divmod(index, columns)
        return pygame.Rect(self.layout["deck_card"].rect).move(col * s("deck_step_x").int(), row * s("deck_step_y").int())

    # ================================================================ state -> what may be clicked
    def sync(self) -> None:
        self.sprites = {}
        self.sliding = []
        self.arriving = set()
        self._clear()
        # A deck picked on one seat's screen must not show on the next seat's (the choice is private).
        self.picked_deck = []
        self.refresh()

    def _clear(self) -> None:
        self.candidates = None
        self.asked = ""
        self.attackers = []
        self.blocker = None
        self.menu_title = ""

    def refresh(self) -> None:
        """Work out from the legal intents the menu, the buttons and what glows."""
        self.legal = list(self.table.legal())
        legal = self.legal
        state = self.state
        stage = state.flow.stage
        self.slots = []
        menu: list[tuple[str, Callable[[], None]]] = []
        if self.candidates is not None:
            self.candidates = [i for i in self.candidates if i in legal]
            if not self.candidates:
                self.candidates = None
        if legal:
            seat = legal[0].seat  # type: ignore[attr-defined]
            if stage == "deck":
                decks = self.content.starter_decks
                names = list(decks)
                chosen = tuple(a for a in self.content.archetypes if a in self.picked_deck)
                confirm = ChooseDeck(seat, chosen)
                self.slots = [_Slot(f"Starter: {names[0]}", lambda: self._starter(names[0])),
                              _Slot(f"Play these {len(chosen)}" if chosen else "Pick archetypes",
                                    lambda: self.table.submit(confirm), enabled=confirm in legal,
                                    reason=self.rules.why_illegal(self.match.state, confirm)
                                    if chosen else "Click one to three archetypes, or take a starter deck.")]
                if len(names) > 1:
                    self.slots.append(_Slot(f"Starter: {names[1]}", lambda: self._starter(names[1])))
            elif self.candidates is not None:
                menu = self._narrow_menu()
                self.slots = [_Slot("Back", self._clear_and_refresh)]
            elif stage == "main":
                battle = next((i for i in legal if isinstance(i, Battle)), None)
                self.slots = [_Slot("Battle!" if battle else "", lambda: self.table.submit(battle)),
                              _Slot("End turn", lambda: self.table.submit(EndTurn(seat)))]
            elif stage == "attack":
                chosen_units = tuple(u for u in (x.uid for x in self.field_units(seat)) if u in self.attackers)
                attack = Attack(seat, chosen_units)
                self.slots = [_Slot("No attack", lambda: self.table.submit(Attack(seat, ()))),
                              _Slot(f"Attack with {len(chosen_units)}" if chosen_units else "Pick attackers",
                                    lambda: self.table.submit(attack), enabled=bool(chosen_units),
                                    reason="Click your units that attack (they glow).")]
            elif stage == "block":
                if self.blocker is not None:
                    name = self._unit_label(self.blocker)
                    self.menu_title = f"{name[:1].upper()}{name[1:]} blocks which attacker?"
                    menu = [(f"Block {self._unit_label(i.attacker)}", lambda i=i: self.table.submit(i))
                            for i in legal if isinstance(i, BlockWith) and i.unit == self.blocker]
                self.slots = [_Slot("Back" if self.blocker is not None else "", self._clear_and_refresh),
                              _Slot("Fight!", lambda: self.table.submit(BlocksDone(seat)))]
            elif stage == "strike":
                self.menu_title = "Which unblocked attacker hits the foremost shield next?"
                menu = [(f"{self._unit_label(i.unit)} strikes", lambda i=i: self.table.submit(i)) for i in legal]
            elif stage == "overflow":
                self.menu_title = "Six units: which one goes to the Grave?"
                menu = [(f"Discard {self._unit_label(i.unit)}", lambda i=i: self.table.submit(i)) for i in legal]
            elif stage == "shed":
                unit = state.unit(int(state.flow.why))
                names = [self.rules.ability(e.ability).name + (f" x{e.count}" if e.count > 1 else "")
                         for e in unit.equips]
                names += [self.rules.ability(r.ability).name + " (returns unequipped)"
                          for r in state.duelists[seat].relics if r.host == unit.uid]
                self.menu_title = "The fused unit keeps two equips: which one goes?"
                menu = [(f"Lose {names[i.equip]}", lambda i=i: self.table.submit(i)) for i in legal
                        if isinstance(i, Shed) and i.equip < len(names)]
        if stage not in ("strike", "overflow", "shed", "block") and self.candidates is None:
            self.menu_title = ""
        self._build_menu(menu)
        for index, button in enumerate(self.buttons):
            slot = self.slots[index] if index < len(self.slots) else None
            button.visible = slot is not None and bool(slot.text)
            if slot is not None:
                button.text, button.enabled, button.reason = slot.text, slot.enabled, slot.reason

    def _build_menu(self, menu: list[tuple[str, Callable[[], None]]]) -> None:
        """The menu over the far mat, unless units glow there: then over the near one, so the menu never hides
        what it asks about (its answers may be clicked on the table too)."""
        step = self.layout.setting("menu_step").int()
        items = menu[:9]
        self.menu_shift = 0
        rects = self.unit_rects()
        centre_line = pygame.Rect(self.layout["centre_line"].rect).centery
        if items and any(rects[uid].centery < centre_line for uid in self.glowing_units() if uid in rects):
            top = pygame.Rect(self.layout["menu"].rect).y
            bottom = self.layout.setting("menu_bottom").int()
            self.menu_shift = bottom - (70 + len(items) * step) - top
        self.menu_buttons = [Button(self.app, self.layout["menu_item"].moved(0, i * step + self.menu_shift),
                                    action, text=text) for i, (text, action) in enumerate(items)]

    def _press(self, index: int) -> None:
        if index < len(self.slots) and self.slots[index].enabled:
            self.slots[index].action()

    def _clear_and_refresh(self) -> None:
        self._clear()
        self.refresh()

    def _starter(self, name: str) -> None:
        self.picked_deck = list(self.content.starter_decks[name])
        self.refresh()

    # ---------------------------------------------------------------- choices narrowed one question at a time
    _FIELDS = ("kind", "ability", "archetype", "die", "discard", "sacrifice", "pay", "mode", "caster", "target",
               "shield", "slot", "value", "by", "unit")

    def _begin(self, candidates: Sequence, title: str) -> None:
        """Start a choice among ``candidates`` (sent at once when there is only one)."""
        candidates = list(candidates)
        if len(candidates) == 1:
            self.table.submit(candidates[0])
            return
        self.candidates = candidates
        self.menu_title = title
        self.refresh()

    def _question(self) -> str:
        """The first field on which the candidates still differ."""
        for name in self._FIELDS:
            values = {self._field(i, name) for i in self.candidates or ()}
            if len(values) > 1:
                return name
        return ""

    @staticmethod
    def _field(intent, name: str):
        if name == "kind":
            return intent.KIND
        if name == "target":
            return (getattr(intent, "target", None), getattr(intent, "player", False))
        return getattr(intent, name, None)

    def _narrow_menu(self) -> list[tuple[str, Callable[[], None]]]:
        question = self._question()
        self.asked = question
        if not question:
            return []
        groups: dict = {}
        for intent in self.candidates or ():
            groups.setdefault(self._field(intent, question), []).append(intent)
        return [(self._answer_label(question, value, members[0]), lambda m=members: self._narrow_to(m))
                for value, members in groups.items()]

    def _narrow_to(self, members: list) -> None:
        if len(members) == 1:
            self._clear()
            self.table.submit(members[0])
            return
        self.candidates = members
        self.refresh()

    def _answer_label(self, question: str, value, intent) -> str:
        state = self.state
        if question == "kind":
            return {"summon": "Summon", "charge": "Charge as energy"}.get(value, value)
        if question == "ability":
            return self.rules.ability(value).name if value else "A unit of your deck"
        if question == "archetype":
            return (f"Summon a {kind_name(self.rules, value)} (Power {-(-intent.die // 2)})" if value
                    else self.rules.ability(intent.ability).name)
        if question == "die":
            return f"Spend a {value}"
        if question == "discard":
            return f"Discard a {value}"
        if question == "sacrifice":
            return "Sacrifice " + " and ".join(self._unit_label(u) for u in value)
        if question == "pay":
            return f"Pay {', '.join(str(v) for v in value)}"
        if question == "mode":
            effect = self.rules.ability(intent.ability).modes[value][0]
            return _MODE_WORDS.get(effect, effect)
        if question == "caster":
            unit = state.unit(value)
            return f"With {self._unit_label(value)} (Power {self.rules.power(state, unit)})"
        if question == "target":
            target, player = value
            if player:
                return f"At {self.name(1 - intent.seat)} (the foremost shield)"
            return f"At {self._unit_label(target)}"
        if question == "shield":
            return f"Shield {value + 1} (Power {state.duelists[intent.seat].shields[value]})"
        if question == "slot":
            if value is None:
                return "Start a new stack"
            unit = state.unit(intent.target)
            return f"Add to the stack of {unit.equips[value].count}"
        if question == "value":
            return f"Change an energy {value}"
        if question == "by":
            return f"Into a {intent.value + value}"
        if question == "unit":
            return f"Onto {self._unit_label(value)}" if value else "Take it off"
        return str(value)

    def _unit_label(self, uid: int) -> str:
        state = self.state
        for unit in state.units:
            if unit.uid == uid:
                owner = "your" if unit.owner == self.table.viewer else f"{self.name(unit.owner)}'s"
                return f"{owner} {kind_name(self.rules, unit.archetype)} #{uid}"
        return f"unit #{uid}"

    # ================================================================ what glows
    def glowing_units(self) -> set[int]:
        if self.busy or not self.legal:
            return set()
        stage = self.state.flow.stage
        if self.candidates is not None:
            if self.asked == "caster":
                return {i.caster for i in self.candidates}
            if self.asked == "target":
                return {i.target for i in self.candidates if i.target is not None and not i.player}
            if self.asked == "unit":
                return {i.unit for i in self.candidates if i.unit}
            if self.asked == "sacrifice":
                return {u for i in self.candidates for u in i.sacrifice}
            return set()
        if stage == "attack":
            return {u for i in self.legal if isinstance(i, Attack) for u in i.units}
        if stage == "block":
            if self.blocker is not None:
                return {i.attacker for i in self.legal if isinstance(i, BlockWith) and i.unit == self.blocker}
            return ({i.unit for i in self.legal if isinstance(i, BlockWith)}
                    | {i.unit for i in self.legal if isinstance(i, Unblock)})
        if stage == "strike":
            return {i.unit for i in self.legal if isinstance(i, Strike)}
        if stage == "overflow":
            return {i.unit for i in self.legal if isinstance(i, Remove)}
        return set()

    def glowing_hand(self) -> set[int]:
        """Values of hand dice a click may use."""
        if self.busy or not self.legal or self.candidates is not None:
            return set()
        return {i.die for i in self.legal if isinstance(i, (Summon, Charge, Discard))}

    def glowing_abilities(self) -> set[str]:
        if self.busy or not self.legal or self.candidates is not None:
            return set()
        return ({i.ability for i in self.legal if isinstance(i, Activate)}
                | {i.ability for i in self.legal if isinstance(i, Summon) and i.ability})

    def glowing_tokens(self) -> set[str]:
        """Realm tokens that may change an energy token; relics that may move."""
        if self.busy or not self.legal or self.candidates is not None:
            return set()
        out = {i.ability for i in self.legal if isinstance(i, MoveRelic)}
        if any(isinstance(i, Adjust) for i in self.legal):
            seat = self.legal[0].seat
            out |= {t.ability for t in self.state.duelists[seat].field if t.kind == "realm"}
        return out

    # ================================================================ input
    def handle(self, event: pygame.event.Event) -> None:
        if self.busy:
            return
        if press_any([*self.menu_buttons, *self.buttons], event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._clear_and_refresh()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._clear_and_refresh()

    def _refuse(self, intent) -> None:
        self.app.toasts.show(self.rules.why_illegal(self.match.state, intent))
        self.app.audio.play("error")

    def click(self, pos: tuple[int, int]) -> None:
        state = self.state
        if not self.legal:
            return
        seat = self.legal[0].seat  # type: ignore[attr-defined]
        stage = state.flow.stage
        if stage == "deck":
            for index, archetype in enumerate(self.content.archetypes):
                if self.deck_card_rect(index).collidepoint(pos):
                    if archetype in self.picked_deck:
                        self.picked_deck.remove(archetype)
                    elif len(self.picked_deck) < 3:
                        self.picked_deck.append(archetype)
                    else:
                        self.app.toasts.show("A deck holds at most three archetypes: click one to put it back.")
                    self.refresh()
                    return
            return
        if stage == "main" and self.candidates is None:
            # A relic on a unit: its equip die lies inside the unit's slot, so it is looked for first.
            for relic in state.duelists[seat].relics:
                if relic.host >= 0 and self._relic_rect(relic.host).collidepoint(pos):
                    self._click_token(relic.ability, "relic", seat)
                    return
        for uid, rect in reversed(self.unit_rects().items()):     # captives first: they lie on their captors
            if rect.collidepoint(pos):
                self._click_unit(uid, seat)
                return
        for index, rect in enumerate(self.hand_rects(seat)):
            if rect.collidepoint(pos):
                self._click_hand(state.duelists[seat].hand[index].value, seat)
                return
        for rect, ability in self.ability_rects(seat):
            if rect.collidepoint(pos):
                self._click_ability(ability, seat)
                return
        for rect, ability, kind in self.token_rects(seat):
            if rect.collidepoint(pos):
                self._click_token(ability, kind, seat)
                return

    def _click_unit(self, uid: int, seat: int) -> None:
        stage = self.state.flow.stage
        glowing = self.glowing_units()
        if uid not in glowing:
            if self.candidates is not None and self.asked in ("caster", "target", "unit"):
                self.app.toasts.show("That unit cannot be chosen here: choose a glowing one.")
                self.app.audio.play("error")
            elif stage == "attack":
                self._refuse(Attack(seat, (uid,)))
            elif stage == "block" and self.blocker is None:
                self._refuse(BlockWith(seat, uid, self.state.flow.attackers[0]))
            return
        if self.candidates is not None:
            name = self.asked
            if name == "target":
                members = [i for i in self.candidates if i.target == uid and not i.player]
            elif name == "sacrifice":
                members = [i for i in self.candidates if uid in i.sacrifice]
            else:
                members = [i for i in self.candidates if getattr(i, name) == uid]
            self._narrow_to(members)
            return
        if stage == "attack":
            if uid in self.attackers:
                self.attackers.remove(uid)
            else:
                self.attackers.append(uid)
            self.refresh()
        elif stage == "block":
            if self.blocker is not None:
                self.table.submit(BlockWith(seat, self.blocker, uid))
                self.blocker = None
            elif Unblock(seat, uid) in self.legal:
                self.table.submit(Unblock(seat, uid))
            else:
                self.blocker = uid
                self.refresh()
        elif stage == "strike":
            self.table.submit(Strike(seat, uid))
        elif stage == "overflow":
            self.table.submit(Remove(seat, uid))

    def _click_hand(self, value: int, seat: int) -> None:
        if self.candidates is not None and self.asked in ("die", "discard"):
            members = [i for i in self.candidates if getattr(i, self.asked) == value]
            if members:
                self._narrow_to(members)
                return
        if value not in self.glowing_hand():
            self._refuse(Charge(seat, value) if self.state.flow.stage != "discard" else Discard(seat, value))
            return
        if self.state.flow.stage == "discard":
            self.table.submit(Discard(seat, value))
            return
        uses = [i for i in self.legal if isinstance(i, (Summon, Charge)) and i.die == value]
        self._begin(uses, f"The {value}: summon or charge?")

    def _click_ability(self, ability_id: str, seat: int) -> None:
        uses = [i for i in self.legal if isinstance(i, (Activate, Summon)) and i.ability == ability_id]
        if not uses:
            ability = self.rules.ability(ability_id)
            duelist = self.state.duelists[seat]
            if ability.kind in ("ritual", "fusion", "realm", "relic"):
                # A die of the hand, so the sentence tells what else stops the summon.
                self._refuse(Summon(seat, duelist.hand[0].value if duelist.hand else 0, ability=ability_id))
            else:
                # A payment the energy allows, if any, so the sentence tells what else is missing.
                pay = next(iter(payments(ability.cost, duelist.energy)), ())
                self._refuse(Activate(seat, ability_id, pay))
            return
        self._begin(uses, self.rules.ability(ability_id).name + ": " + self.rules.ability(ability_id).text)

    def _click_token(self, ability_id: str, kind: str, seat: int) -> None:
        if kind == "realm":
            uses = [i for i in self.legal if isinstance(i, Adjust)]
            if not uses:
                self._refuse(Adjust(seat, 0, 1))
                return
            self._begin(uses, "Court of Whispers: change one of your energy tokens by 1.")
        elif kind == "relic":
            uses = [i for i in self.legal if isinstance(i, MoveRelic) and i.ability == ability_id]
            if not uses:
                self._refuse(MoveRelic(seat, ability_id, 0))
                return
            self._begin(uses, f"{self.rules.ability(ability_id).name}: equip it to a unit of yours, or take it off.")

    # ================================================================ animations
    def animate(self, events) -> None:
        self._clear()
        self._remember_spots()
        super().animate(events)

    def _remember_spots(self) -> None:
        for uid, rect in self.unit_rects().items():
            self.unit_spots[uid] = rect.center

    def _spot(self, uid: int) -> tuple[int, int]:
        rect = self.unit_rects().get(uid)
        if rect is not None:
            return rect.midtop
        return self.unit_spots.get(uid, (700, 516))

    def _tumble_into_hand(self, seat: int, values: Sequence[int]) -> None:
        hand = self.state.duelists[seat].hand
        count = len(hand)
        size = self.die_size if seat == self.near else self.layout.setting("far_hand_die").int()
        landing = {}
        first = max(0, count - len(values))
        for offset, value in enumerate(values):
            index = first + offset
            x, y = self.hand_centre(seat, index, count)
            name = f"h{seat}-{index}"
            self.sprites[name] = DieSprite("typeless" if value else "hidden", x, y, value, size)
            landing[name] = (x, y, value)
        tumble_dice(self.timeline, self.sprites, landing, self.visual_random, size,
                    on_start=lambda: self.app.audio.play("roll"))

    def _on_rolled(self, event: ev.Rolled) -> None:
        self._tumble_into_hand(event.seat, [d.value for d in event.dice])

    def _on_rolled_count(self, event: ev.RolledCount) -> None:
        self._tumble_into_hand(event.seat, [0] * event.count)

    def _from_hand(self, seat: int) -> tuple[int, int]:
        """Where a die leaving ``seat``'s hand starts from (the slot after the dice left there)."""
        count = len(self.state.duelists[seat].hand)
        return self.hand_centre(seat, count, count + 1)

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

    def _on_summoned(self, event: ev.Summoned) -> None:
        spot = self.unit_rects().get(event.uid)
        end = spot.center if spot is not None else self._spot(event.uid)
        start = self._from_hand(event.seat) if event.die else self.zone("charge_zone", event.seat).center
        self._slide(event.archetype or "typeless", min(6, event.power), start, end, self.unit_die, event.uid)
        self.floating.add(self.timeline, f"Power {event.power}", self._spot(event.uid), _GOOD, duration=0.5)

    def _on_charged(self, event: ev.Charged) -> None:
        rect = self.energy_rect(event.seat, event.value)
        self._slide("energy", event.value, self._from_hand(event.seat), rect.center, rect.width, duration=0.25)
        self.floating.add(self.timeline, f"+{event.value} energy", rect.midtop, _GOOD, duration=0.3)

    def _on_token(self, event: ev.TokenPlaced) -> None:
        zone = self.zone("field_zone", event.seat)
        self.floating.add(self.timeline, self.rules.ability(event.ability).name, zone.midtop, _GLOW, duration=0.5,
                          sound="place")

    def _on_activated(self, event: ev.Activated) -> None:
        self.announcer.announce(self.timeline, f"{self.name(event.seat)}: {self.rules.ability(event.ability).name}",
                                0.5, "click")

    def _on_equipped(self, event: ev.Equipped) -> None:
        self.floating.add(self.timeline, self.rules.ability(event.ability).name, self._spot(event.uid), _GLOW,
                          duration=0.4)

    def _on_strike_first(self, event: ev.StrikeFirst) -> None:
        self.floating.add(self.timeline, "Strikes first", self._spot(event.uid), _GLOW, duration=0.4)

    def _on_damaged(self, event: ev.UnitDamaged) -> None:
        self.floating.add(self.timeline, f"-{event.amount}", self._spot(event.uid), _HURT, duration=0.4,
                          alongside=True, sound="cross")

    def _on_destroyed(self, event: ev.UnitDestroyed) -> None:
        words = {"sacrifice": "Sacrificed", "overflow": "Discarded"}.get(event.why, "Destroyed")
        self.floating.add(self.timeline, words, self._spot(event.uid), _HURT, duration=0.45)

    def _on_shield_hit(self, event: ev.ShieldHit) -> None:
        zone = self.zone("shield_zone", event.seat)
        self.floating.add(self.timeline, f"-{event.amount}", zone.midtop, _HURT, duration=0.45, sound="cross")

    def _on_shield_broken(self, event: ev.ShieldBroken) -> None:
        self.announcer.announce(self.timeline, f"{self.name(event.seat)}'s shield breaks!", 0.7, "cross")

    def _on_shield_mended(self, event) -> None:
        zone = self.zone("shield_zone", event.seat)
        self.floating.add(self.timeline, "Shield up", zone.midtop, _GOOD, duration=0.45, sound="bonus")

    def _on_captured(self, event: ev.Captured) -> None:
        self.floating.add(self.timeline, "Captured!", self._spot(event.captor), _GLOW, duration=0.5)

    def _on_discarded(self, event: ev.Discarded) -> None:
        zone = self.zone("grave", event.seat)
        for value in event.dice:
            self._slide("typeless", value, self._from_hand(event.seat), zone.center, self.die_size, duration=0.25)
        self.floating.add(self.timeline, f"{', '.join(map(str, event.dice))} to the Grave", zone.midtop, _HURT,
                          duration=0.4)

    def _on_player_hit(self, event: ev.PlayerHit) -> None:
        self.announcer.announce(self.timeline, f"Direct hit on {self.name(event.seat)}!", 0.9, "cross")

    def _on_won(self, event: ev.DuelWon) -> None:
        self.announcer.announce(self.timeline, f"{self.name(event.seat)} wins the duel", 1.4, "win")

    def _on_turn(self, event: ev.TurnBegan) -> None:
        self.announcer.announce(self.timeline, f"Turn {event.turn}: {self.name(event.seat)}", 0.5)

    def _on_decks(self, event: ev.DecksShown) -> None:
        self.announcer.announce(self.timeline, "The duel begins", 0.6, "bonus")

    # ================================================================ the banner
    def status(self) -> TableStatus:
        state = self.state
        flow = state.flow
        seat = state.to_act
        if flow.stage == "over":
            return TableStatus(self.rules.prompt(state), "", f"Turn {flow.turn}", None)
        if flow.stage == "deck":
            return TableStatus(f"Choosing decks  ·  {self.name(seat)} chooses in private",
                               self.rules.prompt(state), "Before the duel", seat)
        active = self.name(flow.active)
        phase = {"main": f"Main Phase {flow.main}", "attack": "Battle Phase", "block": "Battle Phase",
                 "strike": "Battle Phase", "discard": "End Phase" if flow.why == "hand-limit" else "Main Phase",
                 "overflow": "A sixth unit", "shed": "Fusion"}.get(flow.stage, "")
        headline = f"{active}'s turn  ·  {phase}"
        if seat is not None and seat != flow.active:
            headline += f"  ·  {self.name(seat)} decides"
        return TableStatus(headline, self.rules.prompt(state), f"Turn {flow.turn}", seat)

    # ================================================================ drawing
    def draw(self, surface: pygame.Surface) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        if self.state.flow.stage == "deck":
            self._draw_deck_choice(surface, pulse)
        else:
            draw_box(surface, self.layout["centre_line"].rect, self.layout["centre_line"].style)
            for seat in (0, 1):
                self._draw_mat(surface, seat, pulse)
            self._draw_battle_lines(surface)
            for item in self.sliding:
                self.art.draw(surface, item["kind"], item["face"], (item["x"], item["y"]), item["size"], lift=0.4)
        for button in self.buttons:
            button.draw(surface)
        self._draw_menu(surface)
        self.draw_effects(surface)
        for button in (*self.buttons, *self.menu_buttons):
            button.draw_tooltip(surface)

    def _style(self, name: str):
        return self.layout[name].style

    def _text(self, surface, words: str, element: str, rect, **kwargs) -> None:
        self.app.text.draw(surface, words, self._style(element), rect, **kwargs)

    def _seat_colour(self, seat: int) -> tuple[int, int, int]:
        return self.app.layouts.theme.colours[f"seat_{seat}"][:3]

    def _draw_mat(self, surface: pygame.Surface, seat: int, pulse: float) -> None:
        state = self.state
        duelist = state.duelists[seat]
        for name in ("field_zone", "unit_zone", "stock", "shield_zone", "charge_zone", "grave", "hand",
                     "abilities"):
            draw_box(surface, self.zone(name, seat), self._style(name))
        # Whose mat: a stripe in the seat's colour along the hand, with the name.
        hand_zone = self.zone("hand", seat)
        pygame.draw.rect(surface, self._seat_colour(seat), (hand_zone.x, hand_zone.y, 12, hand_zone.height),
                         border_radius=6)
        if seat == state.to_act and not self.busy:
            glow = tuple(int(c * (0.75 + 0.25 * pulse)) for c in _GLOW)
            pygame.draw.rect(surface, glow, hand_zone.inflate(6, 6), 4, border_radius=14)
        label = pygame.Rect(self.layout["hand_label"].rect)
        label.y = hand_zone.y
        label.height = hand_zone.height
        who = duelist.name + ("  (you)" if seat == self.table.viewer else "")
        self._text(surface, f"{who}: hand {len(duelist.hand)}", "hand_label", label,
                   colour=(*self._seat_colour(seat), 255), shrink=True)
        self._draw_hand(surface, seat, pulse)
        self._draw_pool(surface, seat, "stock", "Stock", duelist.stock, "stock")
        self._draw_pool(surface, seat, "grave", "Grave", duelist.grave, "grave",
                        extra=f"banished {duelist.banished}" if duelist.banished else "")
        self._draw_shields(surface, seat)
        self._draw_energy(surface, seat)
        self._draw_tokens(surface, seat, pulse)
        self._draw_units(surface, seat, pulse)
        self._draw_abilities(surface, seat, pulse)

    def _draw_pool(self, surface, seat: int, zone_name: str, label: str, count: int, glyph: str,
                   extra: str = "") -> None:
        zone = self.zone(zone_name, seat)
        title = pygame.Rect(zone.x, zone.y + 2, zone.width, 34)
        self._text(surface, label, "zone_label", title)
        icon = self.art.symbol(glyph, 36, (200, 204, 214))
        number = pygame.Rect(zone.x, zone.y + 34, zone.width, 50)
        if icon is not None:
            surface.blit(icon, icon.get_rect(midleft=(zone.x + 10, number.centery)))
            number = number.move(18, 0)
        self._text(surface, str(count), "pool_count", number)
        if extra and zone.height > 110:
            self._text(surface, extra, "zone_label", pygame.Rect(zone.x, zone.bottom - 32, zone.width, 30),
                       shrink=True)

    def _draw_hand(self, surface, seat: int, pulse: float) -> None:
        hand = self.state.duelists[seat].hand
        glowing = self.glowing_hand() if seat == (self.legal[0].seat if self.legal else -1) else set()
        busy = self.busy
        for index, (die, rect) in enumerate(zip(hand, self.hand_rects(seat))):
            sprite = self.sprites.get(f"h{seat}-{index}")
            x, y, angle, lift = rect.centerx, rect.centery, 0.0, 0.0
            face = die.value
            if sprite is not None and busy:
                x, y, angle, lift = sprite.x, sprite.y, sprite.angle, sprite.lift
                face = sprite.face if die.value else 0
            kind = "typeless" if die.value else "hidden"
            self.art.draw(surface, kind, face, (x, y), rect.width, angle, lift)
            if die.value in glowing:
                pygame.draw.rect(surface, _GLOW, rect.inflate(10, 10), 3 + int(2 * pulse), border_radius=14)

    def _draw_shields(self, surface, seat: int) -> None:
        zone = self.zone("shield_zone", seat)
        shields = self.state.duelists[seat].shields
        rects = self.shield_rects(seat)
        for power, rect in zip(shields, rects):
            self.art.draw(surface, "shield", power, rect.center, rect.width)
        if not shields:
            self._text(surface, "No shields!", "token_label", zone, colour=(*_HURT, 255))
        elif rects:
            # The foremost shield, which takes the next hit, wears the accent ring.
            pygame.draw.rect(surface, _ATTACK, rects[0].inflate(8, 8), 3, border_radius=14)

    def _draw_energy(self, surface, seat: int) -> None:
        energy = self.state.duelists[seat].energy
        for value in range(1, 7):
            rect = self.energy_rect(seat, value)
            count = energy.count(value)
            self.art.draw(surface, "energy", value, rect.center, rect.width, alpha=255 if count else 60)
            if count:
                self._text(surface, f"x{count}", "count", pygame.Rect(rect.right + 8, rect.centery - 17, 70, 34))

    def _draw_tokens(self, surface, seat: int, pulse: float) -> None:
        glowing = self.glowing_tokens() if self.legal and self.legal[0].seat == seat else set()
        for rect, ability, kind in self.token_rects(seat):
            archetype, n = ability.split(".")
            self.art.draw(surface, archetype, int(n), rect.center, rect.width)
            label = pygame.Rect(0, 0, 92, 30)
            label.midtop = (rect.centerx, rect.bottom + 2) if seat == self.near else (rect.centerx, rect.y - 32)
            self._text(surface, kind, "token_label", label)
            if ability in glowing:
                pygame.draw.rect(surface, _GLOW, rect.inflate(12, 12), 3 + int(2 * pulse), border_radius=14)

    def _stack(self, base: int) -> list[int]:
        """A unit's dice from the bottom: 6s, then the rest (8 is 6 and 2)."""
        dice = []
        left = base
        while left > 6:
            dice.append(6)
            left -= 6
        dice.append(left)
        return dice

    def _relic_rect(self, uid: int) -> pygame.Rect:
        rect = self.unit_rects().get(uid, pygame.Rect(0, 0, 0, 0))
        size = self.layout.setting("equip_die").int()
        unit = self.state.unit(uid) if any(u.uid == uid for u in self.state.units) else None
        side = 1 if unit is not None and unit.equips else -1
        centre = (rect.centerx + side * 66, rect.y + 74 if unit is None or unit.owner == self.near
                  else rect.bottom - 74)
        out = pygame.Rect(0, 0, size, size)
        out.center = centre
        return out

    def _draw_units(self, surface, seat: int, pulse: float) -> None:
        state = self.state
        if not self.field_units(seat):
            # An empty mat says what its zones are for, so a newcomer can read the table.
            self._text(surface, "Unit zone: up to 5 units", "zone_label", self.zone("unit_zone", seat))
            if not self.token_rects(seat):
                self._text(surface, "Field zone", "zone_label", self.zone("field_zone", seat))
        glowing = self.glowing_units()
        flow = state.flow
        blocking = {b.defender for b in flow.blocks}
        s = self.layout.setting
        size, stack_step, equip_size = self.unit_die, s("stack_step").int(), s("equip_die").int()
        rects = self.unit_rects()
        for index, unit in enumerate(self.field_units(seat)):
            if unit.uid in self.arriving and self.busy:
                continue
            cx, cy = self.unit_centre(seat, index)
            rect = rects[unit.uid]
            attacking = unit.uid in flow.attackers or unit.uid in self.attackers
            if unit.uid in glowing:
                pygame.draw.rect(surface, _GLOW, rect, 3 + int(2 * pulse), border_radius=14)
            if attacking and flow.stage in ("attack", "block", "strike"):
                pygame.draw.rect(surface, _ATTACK, rect.inflate(-6, -6), 4, border_radius=12)
            if unit.uid in blocking or unit.uid == self.blocker:
                pygame.draw.rect(surface, (120, 200, 255), rect.inflate(-6, -6), 4, border_radius=12)
            dice = self._stack(unit.base)
            for level, value in enumerate(dice):
                offset = (len(dice) - 1 - level) * stack_step
                self.art.draw(surface, unit.archetype or "typeless", value, (cx, cy + offset - (len(dice) - 1) * 4),
                              size if level == len(dice) - 1 else size - 4)
            self._draw_equips(surface, unit, cx, cy, equip_size)
            power = self.rules.power(state, unit, defending=unit.uid in blocking)
            label = pygame.Rect(0, 0, 180, 34)
            label.center = (cx, self._flip(seat, self._flip(seat, cy) + 78))
            words = f"Power {power}"
            self._text(surface, words, "power", label, colour=(255, 255, 255, 255) if power == unit.base
                       else (*_GOOD, 255))
            if unit.damage:
                self._badge(surface, (cx - 52, cy - 46), f"-{unit.damage}", _HURT, "damage")
            if unit.strike_first:
                self._badge(surface, (cx + 52, cy - 46), "1st", _GLOW, "strike")
            captive = state.captive_of(unit.uid)
            if captive is not None:
                self._draw_captive(surface, captive, glowing, pulse)

    def _draw_equips(self, surface, unit: Unit, cx: int, cy: int, size: int) -> None:
        items = [(e.ability, e.count) for e in unit.equips]
        items += [(r.ability, 1) for r in self.state.duelists[unit.owner].relics if r.host == unit.uid]
        for side, (ability, count) in zip((-1, 1), items):
            archetype, n = ability.split(".")
            x = cx + side * 66
            for level in range(count):
                self.art.draw(surface, archetype, int(n), (x, cy - level * 8), size)
            if count > 1:
                self._text(surface, f"x{count}", "count", pygame.Rect(x - 20, cy + 20, 70, 34))

    def _draw_captive(self, surface, captive: Unit, glowing: set[int], pulse: float) -> None:
        size = self.layout.setting("captive_die").int()
        centre = self.captive_centre(captive.captor)
        self.art.draw(surface, captive.archetype or "typeless", min(6, captive.base), centre, size)
        rect = pygame.Rect(0, 0, size + 8, size + 8)
        rect.center = centre
        pygame.draw.rect(surface, self._seat_colour(captive.owner), rect, 3, border_radius=10)
        chain = self.art.symbol("chain", 26, (230, 230, 236))
        if chain is not None:
            surface.blit(chain, chain.get_rect(center=(rect.x - 14, rect.centery)))
        if captive.uid in glowing:
            pygame.draw.rect(surface, _GLOW, rect.inflate(8, 8), 3 + int(2 * pulse), border_radius=12)

    def _badge(self, surface, centre: tuple[int, int], words: str, colour, glyph: str) -> None:
        rect = pygame.Rect(0, 0, 64, 34)
        rect.center = centre
        pygame.draw.rect(surface, (20, 22, 30), rect, border_radius=10)
        pygame.draw.rect(surface, colour, rect, 2, border_radius=10)
        self._text(surface, words, "count", rect.inflate(-6, 0), colour=(*colour, 255), shrink=True)

    def _draw_battle_lines(self, surface) -> None:
        """Blocks: a line from each blocker to its attacker, numbered in the order they fight."""
        flow = self.state.flow
        if flow.stage not in ("block", "strike"):
            return
        rects = self.unit_rects()
        order: dict[int, int] = {}
        for block in flow.blocks:
            if block.defender in rects and block.attacker in rects:
                order[block.attacker] = order.get(block.attacker, 0) + 1
                start, end = rects[block.defender].center, rects[block.attacker].center
                pygame.draw.line(surface, (120, 200, 255), start, end, 4)
                mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
                pygame.draw.circle(surface, (20, 22, 30), mid, 20)
                self._text(surface, str(order[block.attacker]), "count", pygame.Rect(mid[0] - 9, mid[1] - 17, 30, 34))

    def _draw_abilities(self, surface, seat: int, pulse: float) -> None:
        zone = self.zone("abilities", seat)
        glowing = self.glowing_abilities() if self.legal and self.legal[0].seat == seat else set()
        rows = self.ability_rects(seat)
        if not rows:
            self._text(surface, "Deck not shown yet", "ability_row", zone.inflate(-20, 0))
        for rect, ability_id in rows:
            ability = self.rules.ability(ability_id)
            self.art.draw(surface, ability.archetype, ability.n, (rect.x + 18, rect.centery), 34)
            kind = {"regular": "", "equip": "equip", "field": "field"}.get(ability.kind, ability.kind)
            cost = ability.cost_text if ability.cost else kind
            cost_width = self.layout["ability_cost"].rect[2]
            name_rect = pygame.Rect(rect.x + 44, rect.y, rect.width - 48 - cost_width, rect.height)
            self._text(surface, ability.name, "ability_row", name_rect, shrink=True)
            cost_rect = pygame.Rect(rect.right - cost_width, rect.y, cost_width, rect.height)
            self._text(surface, cost, "ability_cost", cost_rect, shrink=True)
            if ability_id in glowing:
                pygame.draw.rect(surface, _GLOW, rect.inflate(6, 0), 3 + int(2 * pulse), border_radius=10)

    def _draw_menu(self, surface) -> None:
        if not self.menu_buttons:
            return
        step = self.layout.setting("menu_step").int()
        box = pygame.Rect(self.layout["menu"].rect).move(0, self.menu_shift)
        box.height = 70 + len(self.menu_buttons) * step
        draw_box(surface, box, self._style("menu"))
        self._text(surface, self.menu_title, "menu_title",
                   pygame.Rect(self.layout["menu_title"].rect).move(0, self.menu_shift), shrink=True)
        for button in self.menu_buttons:
            button.draw(surface)

    def _draw_deck_choice(self, surface, pulse: float) -> None:
        seat = self.legal[0].seat if self.legal else None
        title = ("Choose your deck: click one to three archetypes (one at least with units), or a starter deck."
                 if seat is not None else "Decks are being chosen in private.")
        self._text(surface, title, "deck_title", self.layout["deck_title"].rect, shrink=True)
        for index, (arch_id, archetype) in enumerate(self.content.archetypes.items()):
            rect = self.deck_card_rect(index)
            chosen = arch_id in self.picked_deck
            draw_box(surface, rect, self._style("deck_card"))
            pygame.draw.rect(surface, self.art.colour(arch_id), (rect.x, rect.y, rect.width, 10),
                             border_top_left_radius=12, border_top_right_radius=12)
            if chosen:
                pygame.draw.rect(surface, _GLOW, rect.inflate(8, 8), 5, border_radius=16)
            self.art.draw(surface, arch_id, 6 if chosen else 1, (rect.right - 44, rect.y + 52), 56)
            self._text(surface, archetype.name, "deck_name", pygame.Rect(rect.x + 18, rect.y + 18, 340, 46),
                       shrink=True)
            token = next((a.kind for a in archetype.abilities if a.kind in ("realm", "relic")), "token")
            kind = "units" if archetype.has_units else f"{token} token, no units"
            self._text(surface, f"{archetype.colour_name} · {kind}", "deck_kind",
                       pygame.Rect(rect.x + 18, rect.y + 64, 340, 36), shrink=True)
            for n, ability in enumerate(archetype.abilities):
                line = pygame.Rect(rect.x + 18, rect.y + 108 + n * 82, rect.width - 36, 80)
                cost = ability.cost_text if ability.cost else f"{ability.kind} summon"
                self._text(surface, f"{ability.n} {ability.name} ({cost})", "deck_ability", line, wrap=True,
                           shrink=True, valign="top")
        info = pygame.Rect(1440, 150, 460, 700)
        lines = ["Starter decks:"]
        for name, deck in self.content.starter_decks.items():
            lines.append(f"{name}: " + ", ".join(self.content.name(a) for a in deck))
        lines.append("")
        lines.append("Your choice: " + (", ".join(self.content.name(a) for a in self.picked_deck) or "none yet"))
        self._text(surface, "\n".join(lines), "deck_ability", info, wrap=True, valign="top")

    # ================================================================ help
    def help_at(self, pos: tuple[int, int]) -> Tooltip | None:
        state = self.state
        if state.flow.stage == "deck":
            for index, (arch_id, archetype) in enumerate(self.content.archetypes.items()):
                rect = self.deck_card_rect(index)
                if rect.collidepoint(pos):
                    texts = " ".join(f"{a.n}. {a.name} ({a.cost_text if a.cost else a.kind + ' summon'}): {a.text}"
                                     for a in archetype.abilities)
                    return f"{archetype.name} ({archetype.colour_name}). {texts}", rect.midtop
            return None
        for uid, rect in reversed(self.unit_rects().items()):     # captives first: they lie on their captors
            if rect.collidepoint(pos):
                return self._unit_help(uid), rect.midtop
        for seat in (0, 1):
            duelist = state.duelists[seat]
            for rect, ability_id in self.ability_rects(seat):
                if rect.collidepoint(pos):
                    a = self.rules.ability(ability_id)
                    once = " Once per turn." if a.once_per_turn else ""
                    cost = f"Cost: {a.cost_text}." if a.cost else f"A {a.kind} summon: it uses the turn's summon."
                    return f"{a.name} ({self.content.name(a.archetype)} {a.n}, {a.kind}). {cost}{once} {a.text}", \
                        rect.midtop
            for rect, ability_id, kind in self.token_rects(seat):
                if rect.collidepoint(pos):
                    a = self.rules.ability(ability_id)
                    return f"{duelist.name}'s {a.name} {kind} token: {a.text}", rect.midtop
            for index, rect in enumerate(self.shield_rects(seat)):
                if rect.collidepoint(pos):
                    where = "the foremost shield: it takes the next hit" if index == 0 else f"shield {index + 1}"
                    return (f"{duelist.name}'s {where}, Power {duelist.shields[index]}. A hit lowers it for good; at 0 "
                            "it breaks and its die is rolled into the owner's hand."), rect.midtop
            for value in range(1, 7):
                rect = self.energy_rect(seat, value)
                if rect.collidepoint(pos):
                    return (f"{duelist.name}'s energy tokens of value {value}: {duelist.energy.count(value)}. "
                            "Energy pays for abilities in sets: Single, Doubles, Triples, High (4-6), Low (1-3), "
                            "Flush (1 to 6)."), rect.midtop
            for index, rect in enumerate(self.hand_rects(seat)):
                if rect.collidepoint(pos):
                    die = duelist.hand[index]
                    if not die.value:
                        return f"One of {duelist.name}'s hand dice: only they see its value.", rect.midtop
                    return (f"A {die.value} in your hand: summon it (Power {-(-die.value // 2)}) or charge it as "
                            "energy."), rect.midtop
            texts = {"stock": f"{duelist.name}'s Stock: {duelist.stock} dice left. A turn draws 3; whoever must "
                              "draw from an empty Stock loses.",
                     "grave": f"{duelist.name}'s Grave: {duelist.grave} spent or discarded dice"
                              + (f"; {duelist.banished} banished" if duelist.banished else "") + ".",
                     "field_zone": f"{duelist.name}'s Field zone: realm and field tokens, and relics not equipped.",
                     "unit_zone": f"{duelist.name}'s Unit zone: up to 5 units.",
                     "shield_zone": f"{duelist.name}'s shields: {len(duelist.shields)} left. With none, a hit wins.",
                     "charge_zone": f"{duelist.name}'s Charge zone: energy tokens, by value.",
                     "hand": f"{duelist.name}'s hand: {plural(len(duelist.hand), 'die')}.",
                     "abilities": f"{duelist.name}'s deck: " + ", ".join(self.content.name(a) for a in duelist.deck)}
            for name, words in texts.items():
                rect = self.zone(name, seat)
                if rect.collidepoint(pos):
                    return words, rect.midtop
        return None

    def _unit_help(self, uid: int) -> str:
        state = self.state
        unit = state.unit(uid)
        owner = self.name(unit.owner)
        parts = [f"{owner}'s {kind_name(self.rules, unit.archetype)} #{uid}: base Power {unit.base}, "
                 f"Power now {self.rules.power(state, unit)}"]
        if unit.damage:
            parts.append(f"{unit.damage} damage this turn (it falls at {self.rules.power(state, unit)})")
        for equip in unit.equips:
            ability = self.rules.ability(equip.ability)
            parts.append(f"{ability.name} x{equip.count}: {ability.text}")
        for relic in state.duelists[unit.owner].relics:
            if relic.host == uid:
                parts.append(f"{self.rules.ability(relic.ability).name} equipped (+2 Power)")
        if unit.strike_first:
            parts.append("strikes first this turn")
        if unit.captor >= 0:
            parts.append(f"captive of {self._unit_label(unit.captor)}: it can neither attack nor block")
        if state.captive_of(uid) is not None:
            parts.append(f"holds {self._unit_label(state.captive_of(uid).uid)} captive")
        return "; ".join(parts) + "."

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        items = []
        for arch_id, archetype in self.content.archetypes.items():
            items.append((self.art.face(arch_id, 3, 44), f"{archetype.name} ({archetype.colour_name})"))
        items.append((self.art.face("typeless", 5, 44), "A die in hand (typeless)"))
        items.append((self.art.face("hidden", 0, 44), "A die you may not see"))
        items.append((self.art.face("energy", 4, 44), "Energy token"))
        items.append((self.art.face("shield", 4, 44), "Shield (its Power)"))
        for glyph, words in (("damage", "Damage this turn"), ("strike", "Strikes first"), ("chain", "Captive")):
            icon = self.art.symbol(glyph, 44, (230, 230, 236))
            if icon is not None:
                items.append((icon, words))
        return items


def busiest_table(app):
    """The bench's scene: a duel well under way, units on both mats; and how to keep dice tumbling."""
    from tabletop.core.controller import MatchController
    from tabletop.registry import get_rules

    rules = get_rules("dice-cards")
    seed = 2026
    while True:
        match = MatchController(rules, None, ["Ann", "Bo"], seed)
        bot = rules.playout_bot(seed)
        while not match.finished and not (match.state.flow.turn >= 6 and match.state.flow.stage == "main"
                                          and all(len(match.state.field_units(s)) >= 2 for s in (0, 1))):
            match.submit(bot.choose(match.legal_intents()))
        if not match.finished:
            break
        seed += 1
    table = app.scenes.open("table", match=match)
    if app.scenes.top is not table:
        app.scenes.pop()               # the cover: the bench looks at the active player's own screen
    view = table.view
    rolls = [0]

    def roll_again() -> None:
        rolls[0] += 1
        seat = view.state.flow.active
        view._tumble_into_hand(seat, [(rolls[0] + i) % 6 + 1 for i in range(3)])

    return table, roll_again
