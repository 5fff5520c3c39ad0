"""Where things lie on the Wizard Dice table: a panel per wizard (its HP, markers and allies' dice), the tray of
dice, the wizard's list of spells or the reveal board, the spell book, the Counterspell's answers."""

from __future__ import annotations

from typing import Iterator, Protocol, Sequence

import pygame

from tabletop.games.wizard_dice.state import Stage, State

from ...choosing import Target
from ...geometry import GeometryBase
from ...layout import Layout

__all__ = ["WizardDiceGeometry", "DICE_PLACES", "MARK_ROOM"]

#: The tray holds at most six dice.
DICE_PLACES = 6
#: How far the mark of a spell just revealed keeps from its column's right edge, so that the shared mark's badge
#: (44 px wide, on the top right corner) stays inside the column.
MARK_ROOM = 28


class HasCaster(Protocol):
    """A cast on the reveal board, as far as its place goes."""

    @property
    def caster(self) -> int: ...


class WizardDiceGeometry(GeometryBase):
    """The table's places, from ``data/layouts/wizard_dice.yaml``, for this many wizards and this spell book."""

    def __init__(self, layout: Layout, seats: int, spells: Sequence[str]) -> None:
        super().__init__(layout, seats)
        self.spells = tuple(spells)                 # the book's spells, in book order
        self.corners = self.seat_corners()
        # Panels side by side: as wide as the layout's panel, but never over the next one (five wizards).
        width, height = layout["panel"].rect[2:]
        gaps = [b[0] - a[0] for a, b in zip(self.corners, self.corners[1:]) if b[1] == a[1]]
        self.panel_size = (min([width, *(gap - 9 for gap in gaps)]), height)
        self.die_size = layout.setting("die_size").int(20, 200)
        self.ally_step = layout.setting("ally_step").int()
        self.spell_step = layout.setting("spell_step").int()
        self.book_step = layout.setting("book_step").int()
        self.reveal_step = layout.setting("reveal_step").int()
        self.choice_step = layout.setting("choice_step").int()

    # ---------------------------------------------------------------- places
    def seat_element(self, name: str, seat: int) -> pygame.Rect:
        """Element ``name`` of a wizard's panel, in ``seat``'s panel (the corners are read once); it keeps the
        panel's margin on the right when panels are narrower than the layout's (five wizards)."""
        rect = pygame.Rect(self.layout[name].rect)
        rect.width = min(rect.width, self.panel_size[0] - 2 * rect.x)
        return rect.move(*self.corners[seat])

    def panel_rect(self, seat: int) -> pygame.Rect:
        """A wizard's panel."""
        return pygame.Rect(*self.corners[seat], *self.panel_size)

    def ally_rect(self, seat: int, slot: int) -> pygame.Rect:
        """The die of a wizard's ``slot``-th ally, on its panel."""
        return self.seat_element("ally_die", seat).move(slot * self.ally_step, 0)

    def die_rect(self, index: int, size: int | None = None) -> pygame.Rect:
        """The square die ``index`` of the tray covers."""
        return super().die_rect(index, self.die_size if size is None else size)

    def spell_row_rect(self, index: int) -> pygame.Rect:
        """A row of the wizard's list of spells."""
        return pygame.Rect(self.layout["spell_row"].rect).move(0, index * self.spell_step)

    def book_row_rect(self, index: int) -> pygame.Rect:
        """A spell of the book."""
        return pygame.Rect(self.layout["book_row"].rect).move(0, index * self.book_step)

    def reveal_rect(self, column: int, row: int) -> pygame.Rect:
        """A cast on the reveal board: a column per wizard, as wide as the board allows."""
        base = pygame.Rect(self.layout["reveal_column"].rect)
        columns = max(2, self.seats)
        width = (base.width - 10 * (columns - 1)) // columns
        return pygame.Rect(base.x + column * (width + 10), base.y + 40 + row * self.reveal_step,
                           width, self.layout["reveal_row"].rect[3])

    @staticmethod
    def board_columns(board: Sequence["HasCaster"]) -> list[int]:
        """The casters of the reveal board, a column each in the order they appear (every wizard: up to 5)."""
        return list(dict.fromkeys(shown.caster for shown in board))

    def reveal_head_rect(self, column: int) -> pygame.Rect:
        """The line naming a column's caster, above its spells."""
        first = self.reveal_rect(column, 0)
        return pygame.Rect(first.x + 4, first.y - 40, first.width - 8, self.layout["reveal_name"].rect[3])

    def reveal_mark_rect(self, column: int) -> pygame.Rect:
        """Where the mark of the spells just revealed is drawn: their caster's name line (every spell of a
        wizard is revealed at once), less the right edge, so that the badge on its top right corner stays inside
        the column and covers none of the spells' words."""
        head = self.reveal_head_rect(column)
        return pygame.Rect(head.x, head.y, head.width - MARK_ROOM, head.height)

    # ---------------------------------------------------------------- hit-testing
    def ally_hits(self, allies: Sequence[Sequence[int]]) -> Iterator[tuple[Target, pygame.Rect]]:
        """Each wizard's allies (their numbers, in panel order) and where their dice lie."""
        for seat, numbers in enumerate(allies):
            for slot, number in enumerate(numbers):
                yield Target("ally", number), self.ally_rect(seat, slot)

    @staticmethod
    def allies_of(state: State) -> list[list[int]]:
        """The numbers of each wizard's allies, in panel order."""
        return [[ally.number for ally in wizard.allies] for wizard in state.wizards]

    def hits(self, state: State) -> Iterator[tuple[Target, pygame.Rect]]:
        """Allies' dice (they sit inside their wizards' panels), the panels, the tray's dice, the book, the
        wizard's list of spells."""
        yield from self.ally_hits(self.allies_of(state))
        for seat in range(len(state.wizards)):
            yield Target("wizard", seat), self.panel_rect(seat)
        for index in range(DICE_PLACES):
            yield Target("die", index), self.die_rect(index)
        for index, spell in enumerate(self.spells):
            yield Target("book", spell), self.book_row_rect(index)
        for index in range(self.casts_listed(state)):
            yield Target("cast", index), self.spell_row_rect(index)

    def help_hits(self, state: State) -> Iterator[tuple[Target, pygame.Rect]]:
        """The book, allies' dice, each wizard's markers and hit points, the tray's dice."""
        for index, spell in enumerate(self.spells):
            yield Target("book", spell), self.book_row_rect(index)
        yield from self.ally_hits(self.allies_of(state))
        for seat in range(len(state.wizards)):
            yield Target("markers", seat), self.seat_element("markers", seat)
            yield Target("hp", seat), self.seat_element("hp", seat)
        for index in range(DICE_PLACES):
            yield Target("die", index), self.die_rect(index)

    # ---------------------------------------------------------------- what the state lists
    @staticmethod
    def casts_listed(state: State) -> int:
        """How many spells the wizard at the screen has in its list (only its own secret is in its view)."""
        if state.flow.stage != Stage.SECRET:
            return 0
        for wizard in state.wizards:
            if wizard.secret is not None and wizard.secret.seal != "hidden":
                return len(wizard.secret.casts)
        return 0
