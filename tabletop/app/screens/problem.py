"""A plain screen for what cannot be shown: broken data, or a screen that fails again and again.

It uses no layout and no theme (they may be what is broken): pygame's own font,
plain colours, and two ways out: back to the title, or quit.
"""

from __future__ import annotations

import pygame

from ..scenes import Scene
from ..text import wrap_words

__all__ = ["ProblemScene"]


class ProblemScene(Scene):
    """Says plainly what cannot be shown, and offers the title (T) or Quit (Q, Esc)."""

    scene_name = "problem"

    def __init__(self, app, heading: str, message: str) -> None:
        super().__init__(app)
        self.heading = heading
        self.message = message
        self.font = pygame.font.Font(None, 48)
        self.big = pygame.font.Font(None, 72)
        self.title_button = pygame.Rect(560, 880, 360, 100)
        self.quit_button = pygame.Rect(1000, 880, 360, 100)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.title_button.collidepoint(event.pos):
                self.to_title()
            elif self.quit_button.collidepoint(event.pos):
                self.app.quit()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_t:
                self.to_title()
            elif event.key in (pygame.K_q, pygame.K_ESCAPE):
                self.app.quit()

    def to_title(self) -> None:
        """Try the title again (if it fails, this screen comes back)."""
        self.app.scenes.start_over("title")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((30, 20, 20))
        surface.blit(self.big.render(self.heading, True, (255, 200, 150)), (120, 120))
        for row, line in enumerate(wrap_words(self.font, self.message, 1680)):
            surface.blit(self.font.render(line, True, (240, 225, 205)), (120, 240 + row * 54))
        for rect, label in ((self.title_button, "Title (T)"), (self.quit_button, "Quit (Q)")):
            pygame.draw.rect(surface, (90, 70, 60), rect, border_radius=14)
            pygame.draw.rect(surface, (255, 200, 150), rect, 3, border_radius=14)
            image = self.font.render(label, True, (255, 240, 220))
            surface.blit(image, image.get_rect(center=rect.center))
