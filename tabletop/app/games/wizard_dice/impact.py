"""Where a Wizard Dice reveal's damage and healing land: the number, large and signed ("−3", "+2", so it does not
rest on colour), rising from the target's hit points (a wizard's HP bar, an ally's die) while the bar slides from
the old value to the new; and a fallen wizard's mark (a skull and the word "Fallen" over the bar), which stays
after the reveal.

Animation state only (mixed into the Wizard Dice view); only the reveal's public events drive it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.games.wizard_dice.state import State
from tabletop.games.wizard_dice.state import Target as Aimed

from ...anim import ease_in_out, ease_out

__all__ = ["Impact", "Impacts", "IMPACT_SECONDS", "MINUS"]

#: How long a number stays rising over its target (the bar slides in the first half), at normal speed.
IMPACT_SECONDS = 1.1
#: The minus sign of a hit (the typographic one: as wide as the plus, where a hyphen reads as a dash).
MINUS = "\u2212"


@dataclass
class Impact:
    """A hit or a heal where it landed: its number rising from ``rect`` (the target's hit points)."""

    text: str
    rect: pygame.Rect
    colour: tuple[int, int, int]
    note: str = ""                      # what kind of hit, under the number ("poison", "2 held")
    progress: float = 0.0


class Impacts:
    """The numbers where they land, the sliding HP bars and the fallen marks (mixed into the Wizard Dice view,
    whose ``__init__`` sets ``impacts``, ``bar_hp`` and ``fallen``)."""

    app: Any
    layout: Any
    theme: Any
    geometry: Any
    dice_art: Any
    timeline: Any
    shown_hp: list[int]
    impacts: list[Impact]
    bar_hp: list[float]                 # each wizard's HP bar as drawn (between two values while it slides)
    fallen: set[int]                    # the wizards the reveal has shown falling

    if TYPE_CHECKING:
        @property
        def revealing(self) -> bool: ...

        def hp_rect(self, target: Aimed) -> pygame.Rect | None: ...

        def _set_health(self, target: Aimed, hp: int) -> None: ...

    def land(self, target: Aimed, hp: int, text: str, colour: str, note: str = "", sound: str = "cross") -> None:
        """As the next step: ``text`` rises large from ``target``'s hit points, which move to ``hp`` (a wizard's
        bar sliding there from where it stood)."""
        rect = self.hp_rect(target)
        impact = Impact(text, pygame.Rect(rect) if rect is not None else pygame.Rect(900, 300, 120, 40),
                        self.theme.rgb(colour), note)
        old: list[float] = []

        def begin() -> None:
            if target.is_wizard and target.index < len(self.bar_hp):
                old.append(self.bar_hp[target.index])
            self._set_health(target, hp)
            self.impacts.append(impact)
            self.app.audio.play(sound)

        def move(p: float) -> None:
            impact.progress = p
            if old:
                slide = ease_in_out(min(1.0, 2 * p))
                self.bar_hp[target.index] = old[0] + (hp - old[0]) * slide

        def end() -> None:
            if impact in self.impacts:
                self.impacts.remove(impact)

        self.timeline.add(IMPACT_SECONDS, on_start=begin, on_update=move, on_end=end)

    def bar_of(self, seat: int, hp: int) -> float:
        """Where a wizard's HP bar is drawn: sliding while a reveal plays, else at its hit points."""
        if self.revealing and seat < len(self.bar_hp):
            return self.bar_hp[seat]
        return float(hp)

    def is_fallen(self, state: State, seat: int) -> bool:
        """A wizard the table shows fallen: fallen before this reveal, or shown falling in it; at rest, dead."""
        return not state.wizards[seat].alive or (self.revealing and seat in self.fallen)

    # ---------------------------------------------------------------- drawing
    def draw_fallen(self, surface: pygame.Surface, seat: int) -> None:
        """A fallen wizard's mark over the HP bar: a skull on a dark plate and the word, both large."""
        bar = self.geometry.seat_element("hp", seat)
        plate = pygame.Surface(bar.size, pygame.SRCALPHA)
        plate.fill((10, 8, 14, 255))               # opaque: the bar's own words do not show through
        surface.blit(plate, bar.topleft)
        red = self.theme.rgb("wd_fallen")
        pygame.draw.rect(surface, red, bar, 3, border_radius=8)
        style = self.layout["fallen_mark"].style
        words = self.app.text.size("Fallen", style.font, style.size)[0]
        glyph = self.dice_art.symbol("dead", bar.height - 4, red)
        width = words + (bar.height + 8 if glyph is not None else 0)
        x = bar.centerx - width // 2
        if glyph is not None:
            surface.blit(glyph, glyph.get_rect(midleft=(x, bar.centery)))
            x += bar.height + 8
        self.app.text.draw(surface, "Fallen", style, pygame.Rect(x, bar.y, words + 4, bar.height),
                           colour=(*red, 255))

    def draw_impacts(self, surface: pygame.Surface) -> None:
        """Every number still rising: large, outlined on a dark plate, fading at the end."""
        style = self.layout["impact"].style
        note_style = self.layout["impact_note"].style
        text = self.app.text
        top = pygame.Rect(self.app.layouts["table"]["banner"].rect).bottom + 4
        for impact in self.impacts:
            alpha = int(255 * min(1.0, 4 * (1 - impact.progress)))
            rise = int(90 * ease_out(min(1.0, impact.progress * 1.4)))
            rendered = text.render(impact.text, style.font, style.size, (*impact.colour, 255))
            image = rendered.subsurface(rendered.get_bounding_rect())      # the glyphs only: a tight plate
            note = text.render(impact.note, note_style.font, note_style.size, (240, 240, 240, 255)) \
                if impact.note else None
            width = max(image.get_width(), note.get_width() if note is not None else 0) + 32
            height = image.get_height() + (note.get_height() if note is not None else 0) + 20
            plate = pygame.Rect(0, 0, width, height)
            # Lands on the hit points, then rises above them (their new value shows again); never under the
            # banner (drawn over the table).
            plate.center = (impact.rect.centerx, impact.rect.centery)
            plate.y = max(top, plate.y - rise)
            box = pygame.Surface(plate.size, pygame.SRCALPHA)
            pygame.draw.rect(box, (8, 8, 12, 250), box.get_rect(), border_radius=14)
            pygame.draw.rect(box, (*impact.colour, 255), box.get_rect(), 3, border_radius=14)
            box.blit(image, image.get_rect(midtop=(width // 2, 10)))
            if note is not None:
                box.blit(note, note.get_rect(midtop=(width // 2, image.get_height() + 12)))
            box.set_alpha(alpha)
            surface.blit(box, plate.topleft)
