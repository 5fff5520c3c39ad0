"""The Dice Cards playmat, drawn: each duelist's zones, hand, shields, energy, tokens, units (stacks of dice in
their archetype's colour), abilities (rows of the shared card renderer), the lines of the blocks, the menu, and
before the duel the archetype cards of the deck choice.  Drawing only: where things lie is the view's geometry,
what glows its choices."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from tabletop.games.dice_cards.state import Unit

from ...cards import RowFace, RowLook, draw_row
from ...choosing import Target
from ...text import draw_box
from .stages import Stage
from .decks import DECK_QUICK
from .words import DECK_PRIVATE, DECK_PROMPT



class Playmat(Protocol):
    """What the painter needs of the view it draws for (the Dice Cards view itself)."""

    app: Any
    table: Any
    art: Any
    layout: Any
    rules: Any
    content: Any
    geometry: Any
    choices: Any
    sprites: dict[str, Any]
    sliding: list[dict]
    arriving: set[int]
    menu_bar: Any
    quick_bar: Any
    menu_shift: int
    menu_title: str

    @property
    def state(self) -> Any:
        """The state on the screen."""

    @property
    def busy(self) -> bool:
        """Animations play."""

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The seat's colour at this table."""

__all__ = ["MatPainter", "stack_of"]

#: The zones of a mat, in the order they are drawn.
_ZONES = ("field_zone", "unit_zone", "stock", "shield_zone", "charge_zone", "grave", "hand", "abilities")


def stack_of(base: int) -> list[int]:
    """A unit's dice from the bottom: 6s, then the rest (8 is 6 and 2).

    >>> stack_of(8), stack_of(6), stack_of(13)
    ([6, 2], [6], [6, 6, 1])
    """
    dice = []
    left = base
    while left > 6:
        dice.append(6)
        left -= 6
    dice.append(left)
    return dice


class MatPainter:
    """Draws the table of a Dice Cards view (a :class:`Playmat`) (its state, geometry, choices and moving dice)."""

    def __init__(self, view: Playmat) -> None:
        self.view = view
        self.app = view.app
        self.art = view.art
        self.layout = view.layout
        self.theme = view.app.layouts.theme
        layout, theme = self.layout, self.theme
        self.ability_look = RowLook(title=layout["ability_row"].style, glow=theme.rgb("glow"), tint=theme.rgb("text"),
                                    cost=layout["ability_cost"].style, icon_size=34, icon_x=2, title_x=52,
                                    cost_width=layout["ability_cost"].rect[2], emblem_width=46)
        card = pygame.Rect(layout["deck_card"].rect)
        self.deck_line_look = RowLook(title=layout["deck_ability"].style, glow=theme.rgb("glow"),
                                      tint=theme.rgb("text"), title_x=0, title_width=card.width - 36, wrap=True,
                                      pulse_frame=False)

    # ---------------------------------------------------------------- helpers
    def _text(self, surface: pygame.Surface, words: str, element: str, rect: Any, **kwargs: Any) -> None:
        self.app.text.draw(surface, words, self.layout[element].style, rect, **kwargs)

    def _seat_colour(self, seat: int) -> tuple[int, int, int]:
        return self.view.seat_colour(seat)

    # ---------------------------------------------------------------- the duel
    def draw_duel(self, surface: pygame.Surface, glowing: frozenset[Target], pulse: float) -> None:
        """The centre line, both mats, the lines of the blocks and the dice sliding between zones."""
        view = self.view
        draw_box(surface, self.layout["centre_line"].rect, self.layout["centre_line"].style)
        for seat in (0, 1):
            self.draw_mat(surface, seat, glowing, pulse)
        self.draw_battle_lines(surface)
        for item in view.sliding:
            self.art.draw(surface, item["kind"], item["face"], (item["x"], item["y"]), item["size"], lift=0.4)

    def draw_mat(self, surface: pygame.Surface, seat: int, glowing: frozenset[Target], pulse: float) -> None:
        """One duelist's mat."""
        view, geometry = self.view, self.view.geometry
        state = view.state
        duelist = state.duelists[seat]
        for name in _ZONES:
            draw_box(surface, geometry.zone(name, seat), self.layout[name].style)
        # Whose mat: a stripe in the seat's colour along the hand, with the name.
        hand_zone = geometry.zone("hand", seat)
        pygame.draw.rect(surface, self._seat_colour(seat), (hand_zone.x, hand_zone.y, 12, hand_zone.height),
                         border_radius=6)
        if seat == state.to_act and not view.busy:
            glow = tuple(int(c * (0.75 + 0.25 * pulse)) for c in self.theme.rgb("glow"))
            pygame.draw.rect(surface, glow, hand_zone.inflate(6, 6), 4, border_radius=14)
        label = pygame.Rect(self.layout["hand_label"].rect)
        label.y = hand_zone.y
        label.height = hand_zone.height
        who = duelist.name + (" (you)" if seat == view.table.shows else "")
        # On as many lines as the name needs (the zone is tall): a long name is never cut short.
        self._text(surface, f"{who}: hand {len(duelist.hand)}", "hand_label", label,
                   colour=(*self._seat_colour(seat), 255), wrap=True)
        self.draw_hand(surface, seat, glowing, pulse)
        self.draw_pool(surface, seat, "stock", "Stock", duelist.stock, "stock")
        self.draw_pool(surface, seat, "grave", "Grave", duelist.grave, "grave",
                       extra=f"banished {duelist.banished}" if duelist.banished else "")
        self.draw_shields(surface, seat)
        self.draw_energy(surface, seat)
        self.draw_tokens(surface, seat, glowing, pulse)
        self.draw_units(surface, seat, glowing, pulse)
        self.draw_abilities(surface, seat, glowing, pulse)

    def draw_pool(self, surface: pygame.Surface, seat: int, zone_name: str, label: str, count: int, glyph: str,
                  extra: str = "") -> None:
        """The Stock or the Grave: a count of dice."""
        zone = self.view.geometry.zone(zone_name, seat)
        title = pygame.Rect(zone.x, zone.y + 2, zone.width, 34)
        self._text(surface, label, "zone_label", title)
        icon = self.art.symbol(glyph, 36, self.theme.rgb("dc_pool_icon"))
        number = pygame.Rect(zone.x, zone.y + 34, zone.width, 50)
        if icon is not None:
            surface.blit(icon, icon.get_rect(midleft=(zone.x + 10, number.centery)))
            number = number.move(18, 0)
        self._text(surface, str(count), "pool_count", number)
        if extra and zone.height > 110:
            self._text(surface, extra, "zone_label", pygame.Rect(zone.x, zone.bottom - 32, zone.width, 30),
                       shrink=True)

    def draw_hand(self, surface: pygame.Surface, seat: int, glowing: frozenset[Target], pulse: float) -> None:
        """A hand: its dice (blank where the screen may not see them), tumbling while they are rolled."""
        view = self.view
        hand = view.state.duelists[seat].hand
        busy = view.busy
        for index, (die, rect) in enumerate(zip(hand, view.geometry.hand_rects(view.state, seat))):
            sprite = view.sprites.get(f"h{seat}-{index}")
            x: float = rect.centerx
            y: float = rect.centery
            angle, lift = 0.0, 0.0
            face = die.value
            if sprite is not None and busy:
                x, y, angle, lift = sprite.x, sprite.y, sprite.angle, sprite.lift
                face = sprite.face if die.value else 0
            kind = "typeless" if die.value else "hidden"
            self.art.draw(surface, kind, face, (x, y), rect.width, angle, lift)
            if Target("hand", (seat, index)) in glowing:
                pygame.draw.rect(surface, self.theme.rgb("glow"), rect.inflate(10, 10), 3 + int(2 * pulse),
                                 border_radius=14)

    def draw_shields(self, surface: pygame.Surface, seat: int) -> None:
        """The shields, the foremost ringed."""
        geometry = self.view.geometry
        zone = geometry.zone("shield_zone", seat)
        shields = self.view.state.duelists[seat].shields
        rects = geometry.shield_rects(self.view.state, seat)
        for power, rect in zip(shields, rects):
            self.art.draw(surface, "shield", power, rect.center, rect.width)
        if not shields:
            self._text(surface, "No shields!", "token_label", zone, colour=self.theme.rgba("hurt"))
        elif rects:
            # The foremost shield, which takes the next hit, wears the accent ring.
            pygame.draw.rect(surface, self.theme.rgb("dc_attack"), rects[0].inflate(8, 8), 3, border_radius=14)

    def draw_energy(self, surface: pygame.Surface, seat: int) -> None:
        """The energy tokens, one die per value with its count."""
        energy = self.view.state.duelists[seat].energy
        for value in range(1, 7):
            rect = self.view.geometry.energy_rect(seat, value)
            count = energy.count(value)
            self.art.draw(surface, "energy", value, rect.center, rect.width, alpha=255 if count else 60)
            if count:
                self._text(surface, f"x{count}", "count", pygame.Rect(rect.right + 8, rect.centery - 17, 70, 34))

    def draw_tokens(self, surface: pygame.Surface, seat: int, glowing: frozenset[Target], pulse: float) -> None:
        """The Field zone's tokens, each with its kind."""
        geometry = self.view.geometry
        for rect, ability, kind in geometry.token_rects(self.view.state, seat):
            archetype, n = ability.split(".")
            self.art.draw(surface, archetype, int(n), rect.center, rect.width)
            label = pygame.Rect(0, 0, 92, 30)
            label.midtop = (rect.centerx, rect.bottom + 2) if seat == geometry.near else (rect.centerx, rect.y - 32)
            self._text(surface, kind, "token_label", label)
            if Target("token", (seat, ability, kind)) in glowing:
                pygame.draw.rect(surface, self.theme.rgb("glow"), rect.inflate(12, 12), 3 + int(2 * pulse),
                                 border_radius=14)

    def draw_units(self, surface: pygame.Surface, seat: int, glowing: frozenset[Target], pulse: float) -> None:
        """The units of a mat: stacks of dice with their Power, damage, equips and captive."""
        view, geometry = self.view, self.view.geometry
        state = view.state
        units = geometry.field_units(state, seat)
        if not units:
            # An empty mat says what its zones are for, so a newcomer can read the table.
            self._text(surface, "Unit zone: up to 5 units", "zone_label", geometry.zone("unit_zone", seat))
            if not geometry.token_rects(state, seat):
                self._text(surface, "Field zone", "zone_label", geometry.zone("field_zone", seat))
        flow = state.flow
        blocking = {b.defender for b in flow.blocks}
        selection = view.choices.selection if view.choices is not None else None
        attackers = selection.attackers if selection is not None else ()
        blocker = selection.blocker if selection is not None else None
        rects = geometry.unit_rects(state)
        for index, unit in enumerate(units):
            if unit.uid in view.arriving and view.busy:
                continue
            cx, cy = geometry.unit_centre(seat, index)
            rect = rects[unit.uid]
            if Target("unit", unit.uid) in glowing:
                pygame.draw.rect(surface, self.theme.rgb("glow"), rect, 3 + int(2 * pulse), border_radius=14)
            if (unit.uid in flow.attackers or unit.uid in attackers) and flow.stage in Stage.BATTLE:
                pygame.draw.rect(surface, self.theme.rgb("dc_attack"), rect.inflate(-6, -6), 4, border_radius=12)
            if unit.uid in blocking or unit.uid == blocker:
                pygame.draw.rect(surface, self.theme.rgb("dc_block"), rect.inflate(-6, -6), 4, border_radius=12)
            self._draw_unit(surface, unit, seat, (cx, cy))
            captive = state.captive_of(unit.uid)
            if captive is not None:
                self._draw_captive(surface, captive, glowing, pulse)

    def _draw_unit(self, surface: pygame.Surface, unit: Unit, seat: int, centre: tuple[int, int]) -> None:
        """A unit's stack of dice, its equips, its Power and its badges."""
        view, geometry = self.view, self.view.geometry
        cx, cy = centre
        size, stack_step = geometry.unit_die, self.layout.setting("stack_step").int()
        dice = stack_of(unit.base)
        for level, value in enumerate(dice):
            offset = (len(dice) - 1 - level) * stack_step
            self.art.draw(surface, unit.archetype or "typeless", value, (cx, cy + offset - (len(dice) - 1) * 4),
                          size if level == len(dice) - 1 else size - 4)
        self._draw_equips(surface, unit, cx, cy, geometry.equip_die)
        power = view.rules.current_power(view.state, unit)
        label = pygame.Rect(0, 0, 180, 34)
        label.center = (cx, geometry.flip(seat, geometry.flip(seat, cy) + 78))
        self._text(surface, f"Power {power}", "power", label,
                   colour=self.theme.rgba("dc_power") if power == unit.base else self.theme.rgba("gain"))
        if unit.damage:
            self._badge(surface, (cx - 52, cy - 46), f"-{unit.damage}", self.theme.rgb("hurt"))
        if unit.strike_first:
            self._badge(surface, (cx + 52, cy - 46), "1st", self.theme.rgb("glow"))

    def _draw_equips(self, surface: pygame.Surface, unit: Unit, cx: int, cy: int, size: int) -> None:
        items = [(e.ability, e.count) for e in unit.equips]
        items += [(r.ability, 1) for r in self.view.state.duelists[unit.owner].relics if r.host == unit.uid]
        for side, (ability, count) in zip((-1, 1), items):
            archetype, n = ability.split(".")
            x = cx + side * 66
            for level in range(count):
                self.art.draw(surface, archetype, int(n), (x, cy - level * 8), size)
            if count > 1:
                self._text(surface, f"x{count}", "count", pygame.Rect(x - 20, cy + 20, 70, 34))

    def _draw_captive(self, surface: pygame.Surface, captive: Unit, glowing: frozenset[Target], pulse: float) -> None:
        geometry = self.view.geometry
        size = geometry.captive_die
        centre = geometry.captive_centre(self.view.state, captive.captor)
        self.art.draw(surface, captive.archetype or "typeless", min(6, captive.base), centre, size)
        rect = pygame.Rect(0, 0, size + 8, size + 8)
        rect.center = centre
        pygame.draw.rect(surface, self._seat_colour(captive.owner), rect, 3, border_radius=10)
        chain = self.art.symbol("chain", 26, self.theme.rgb("dc_symbol"))
        if chain is not None:
            surface.blit(chain, chain.get_rect(center=(rect.x - 14, rect.centery)))
        if Target("unit", captive.uid) in glowing:
            pygame.draw.rect(surface, self.theme.rgb("glow"), rect.inflate(8, 8), 3 + int(2 * pulse),
                             border_radius=12)

    def _badge(self, surface: pygame.Surface, centre: tuple[int, int], words: str,
               colour: tuple[int, int, int]) -> None:
        rect = pygame.Rect(0, 0, 64, 34)
        rect.center = centre
        pygame.draw.rect(surface, self.theme.rgb("dc_badge"), rect, border_radius=10)
        pygame.draw.rect(surface, colour, rect, 2, border_radius=10)
        self._text(surface, words, "count", rect.inflate(-6, 0), colour=(*colour, 255), shrink=True)

    def draw_battle_lines(self, surface: pygame.Surface) -> None:
        """Blocks: a line from each blocker to its attacker, numbered in the order they fight."""
        state = self.view.state
        flow = state.flow
        if flow.stage not in (Stage.BLOCK, Stage.STRIKE):
            return
        rects = self.view.geometry.unit_rects(state)
        order: dict[int, int] = {}
        for block in flow.blocks:
            if block.defender in rects and block.attacker in rects:
                order[block.attacker] = order.get(block.attacker, 0) + 1
                start, end = rects[block.defender].center, rects[block.attacker].center
                pygame.draw.line(surface, self.theme.rgb("dc_block"), start, end, 4)
                mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
                pygame.draw.circle(surface, self.theme.rgb("dc_badge"), mid, 20)
                self._text(surface, str(order[block.attacker]), "count", pygame.Rect(mid[0] - 9, mid[1] - 17, 30, 34))

    def draw_abilities(self, surface: pygame.Surface, seat: int, glowing: frozenset[Target], pulse: float) -> None:
        """A duelist's abilities, one row each: its die, its name, its cost."""
        view = self.view
        zone = view.geometry.zone("abilities", seat)
        rows = view.geometry.ability_rects(view.state, seat)
        if not rows:
            self._text(surface, "Deck not shown yet", "ability_row", zone.inflate(-20, 0))
        for rect, ability_id in rows:
            ability = view.rules.ability(ability_id)
            kind = {"regular": "", "equip": "equip", "field": "field"}.get(ability.kind, ability.kind)
            face = RowFace(ability.name, cost=ability.cost_text if ability.cost else kind,
                           die=(ability.archetype, ability.n),
                           state="offered" if Target("ability", (seat, ability_id)) in glowing else "plain")
            draw_row(surface, rect, face, self.ability_look, self.app.text, self.art, pulse)

    def draw_menu(self, surface: pygame.Surface) -> None:
        """The menu of answers, with its question, over a mat."""
        view = self.view
        count = sum(1 for button in view.menu_bar.buttons if button.visible)
        if not count:
            return
        box = view.geometry.menu_box(count, view.menu_shift)
        draw_box(surface, box, self.layout["menu"].style)
        self._text(surface, view.menu_title, "menu_title",
                   pygame.Rect(self.layout["menu_title"].rect).move(0, view.menu_shift), shrink=True)
        view.menu_bar.draw(surface)

    # ---------------------------------------------------------------- before the duel
    def draw_deck_choice(self, surface: pygame.Surface, acting: int | None, picked: tuple[str, ...]) -> None:
        """The archetype cards (those ``picked`` ringed), the starter decks and the choice so far."""
        content, geometry = self.view.content, self.view.geometry
        self._text(surface, DECK_PROMPT if acting is not None else DECK_PRIVATE, "deck_title",
                   self.layout["deck_title"].rect, shrink=True)
        for index, (arch_id, archetype) in enumerate(content.archetypes.items()):
            rect = geometry.deck_card_rect(index)
            chosen = arch_id in picked
            draw_box(surface, rect, self.layout["deck_card"].style)
            pygame.draw.rect(surface, self.art.colour(arch_id), (rect.x, rect.y, rect.width, 10),
                             border_top_left_radius=12, border_top_right_radius=12)
            if chosen:
                pygame.draw.rect(surface, self.theme.rgb("glow"), rect.inflate(8, 8), 5, border_radius=16)
            self.art.draw(surface, arch_id, 6 if chosen else 1, (rect.right - 40, rect.y + 42), 48)
            self._text(surface, archetype.name, "deck_name", pygame.Rect(rect.x + 18, rect.y + 18, 340, 46),
                       shrink=True)
            token = next((a.kind for a in archetype.abilities if a.kind in ("realm", "relic")), "token")
            kind = "units" if archetype.has_units else f"{token} token, no units"
            # Under the die, across the card: the colour's name and what the deck holds, never cut.
            self._text(surface, f"{archetype.colour_name} · {kind}", "deck_kind",
                       pygame.Rect(rect.x + 18, rect.y + 70, rect.width - 30, 36), shrink=True)
            for n, ability in enumerate(archetype.abilities):
                line = pygame.Rect(rect.x + 18, rect.y + 108 + n * 82, rect.width - 36, 80)
                cost = ability.cost_text if ability.cost else f"{ability.kind} summon"
                draw_row(surface, line, RowFace(f"{ability.n} {ability.name} ({cost})"), self.deck_line_look,
                         self.app.text, self.art)
        info = pygame.Rect(1440, 150, 460, 122)
        self._text(surface, "Your choice: " + (", ".join(content.name(a) for a in picked) or "none yet"),
                   "deck_ability", info, wrap=True, valign="top")
        if any(button.visible for button in self.view.quick_bar.buttons):
            self._text(surface, DECK_QUICK, "deck_quick_title", self.layout["deck_quick_title"].rect, shrink=True)
            self.draw_quick_decks(surface)

    def draw_quick_decks(self, surface: pygame.Surface) -> None:
        """Each deck one click away as a button of two lines: what it is (``Your last``, a starter deck's name),
        then its archetypes."""
        for button in self.view.quick_bar.buttons:
            if not button.visible:
                continue
            style = button.look(hovered=button.hovered, enabled=button.enabled)
            draw_box(surface, button.rect, style)
            label, _, decks = button.text.partition(": ")
            inner = button.rect.inflate(-16, -8)
            top, bottom = inner.copy(), inner.copy()
            top.height = bottom.height = inner.height // 2
            bottom.top = top.bottom
            self.app.text.draw(surface, label, style, top, colour=(*self.theme.rgb("text_dim"), 255), shrink=True)
            self.app.text.draw(surface, decks, style, bottom, shrink=True)
