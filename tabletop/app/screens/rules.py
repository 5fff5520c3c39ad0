"""The rules reference (F1): the game's rules page, a legend of the board's icons, scrollable."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pygame

from tabletop.core.data import DataError
from tabletop.core.files import RULES_PAGE, FileRefused, read_text
from tabletop.core.records import shown_file_name
from tabletop.paths import data_path
from tabletop.registry import entry

from ..layout import Style
from ..scenes import Scene
from ..text import draw_box
from ..lesson import lesson_path, open_tutorial
from ..widgets import Button


def parse_markdown(text: str) -> list[tuple[str, str]]:
    """A small Markdown subset: (kind, text) with kind title, heading, bullet or paragraph.

    Comments (``<!-- ... -->``, also over several lines) are notes for maintainers and are left out.

    >>> parse_markdown("# T\\n\\nSome\\nwords <!-- 08_x -->\\n- a\\n  b\\n## H")
    [('title', 'T'), ('paragraph', 'Some words'), ('bullet', 'a b'), ('heading', 'H')]
    """
    text = re.sub(r"[ \t]*<!--.*?-->", "", text, flags=re.DOTALL)
    blocks: list[tuple[str, str]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            blocks.append(("break", ""))
            continue
        if line.startswith("## "):
            blocks.append(("heading", line[3:]))
        elif line.startswith("# "):
            blocks.append(("title", line[2:]))
        elif line.startswith("- "):
            blocks.append(("bullet", line[2:]))
        elif blocks and blocks[-1][0] in ("bullet", "paragraph"):
            kind, previous = blocks[-1]
            blocks[-1] = (kind, f"{previous} {line}")
        else:
            blocks.append(("paragraph", line))
    return [block for block in blocks if block[0] != "break"]


def rules_page(game_id: str | None):
    """The Markdown rules page of a game: the registry's, or ``data/<game>/rules.md``; None: ``data/help.md``."""
    if game_id is None:
        return data_path("help.md")
    page = entry(game_id).rules_page
    return data_path(page) if page else data_path(game_id.replace("-", "_"), "rules.md")


def read_rules_page(path: Path) -> str:
    """The text of a rules page, by the one careful reader (DataError, naming the file and the line of the first
    byte that is not text, if it cannot be shown)."""
    try:
        return read_text(path, RULES_PAGE)
    except FileRefused as exc:
        raise DataError(path, exc.line, "", f"the rules page cannot be shown: {exc.reason}") from None


class RulesScene(Scene):
    """An overlay with the rules page of the game being played."""

    overlay = True
    scene_name = "rules"

    def __init__(self, app, game_id: str | None = None,
                 legend: list[tuple[pygame.Surface, str]] | None = None) -> None:
        super().__init__(app)
        self.layout = layout = app.layouts["rules"]
        path = rules_page(game_id)
        try:
            self.blocks = parse_markdown(read_rules_page(path))
        except DataError as exc:             # checked at start; swapped or removed since
            self.blocks = [("paragraph", f"The rules page {shown_file_name(path.name)} cannot be shown: "
                                         f"{exc.message.rpartition(': ')[2]}.")]
        self.legend = list(legend or [])
        self.scroll = 0
        self.page = self._render_page()
        self.close = Button(app, layout["close"], app.scenes.pop, hotkey=pygame.K_ESCAPE)
        # "Learn to play": the game's tutorial, unless one is being played already.
        self.game_id = game_id or ""
        self.learn = Button(app, layout["learn"], self.open_tutorial,
                            visible=bool(game_id) and lesson_path(self.game_id).is_file()
                            and app.scenes.find("tutorial") is None)

    def open_tutorial(self) -> None:
        """Close the rules and open the game's tutorial."""
        self.app.scenes.pop()
        open_tutorial(self.app, self.game_id)

    def _render_page(self) -> pygame.Surface:
        element = self.layout["text"]
        heading = self.layout["heading"]
        width = element.rect[2]
        text = self.app.text
        style = element.style
        pieces: list[tuple[pygame.Rect, str, Style]] = []
        y = 0
        for kind, content in self.blocks:
            if kind in ("title", "heading"):
                piece_style = replace(heading.style, size=heading.style.size + (8 if kind == "title" else 0))
                y += 18
                indent, shown, gap = 0, content, 6
            else:
                piece_style = style
                indent, shown, gap = (34, content, 8) if kind == "bullet" else (0, content, 8)
            # Measured exactly as it will be drawn, so wrapped lines never run into the next block.
            lines = text.wrap(shown, piece_style.font, piece_style.size, width - indent)
            height = text.line_height(piece_style) * len(lines)
            pieces.append((pygame.Rect(indent, y, width - indent, height), shown, piece_style))
            if kind == "bullet":
                pieces.append((pygame.Rect(0, y, indent, text.line_height(piece_style)), "\u2022", piece_style))
            y += height + gap
        self.pieces = pieces
        page = pygame.Surface((width, y + 20), pygame.SRCALPHA)
        for rect, content, piece_style in pieces:
            text.draw(page, content, piece_style, rect, valign="top", wrap=True)
        return page

    def handle(self, event: pygame.event.Event) -> None:
        if self.close.handle(event) or self.learn.handle(event):
            return
        view_height = self.layout["text"].rect[3]
        limit = max(0, self.page.get_height() - view_height)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = min(limit, max(0, self.scroll - event.y * 60))
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F1:
                self.app.scenes.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll = min(limit, self.scroll + (60 if event.key == pygame.K_DOWN else view_height - 80))
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll = max(0, self.scroll - (60 if event.key == pygame.K_UP else view_height - 80))

    def legend_rows(self) -> list[tuple[pygame.Surface, str, pygame.Rect]]:
        """Each legend item with the area it takes (its label wrapped to the legend's width)."""
        row = self.layout["legend_row"]
        text_width = row.rect[2] - 70
        y = row.rect[1]
        out = []
        for icon, label in self.legend:
            lines = self.app.text.wrap(label, row.style.font, row.style.size, text_width)
            height = max(icon.get_height() + 10, len(lines) * int(row.style.size * 1.3) + 10)
            out.append((icon, label, pygame.Rect(row.rect[0], y, row.rect[2], height)))
            y += height
        return out

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        draw_box(surface, layout["shade"].rect, layout["shade"].style)
        draw_box(surface, layout["panel"].rect, layout["panel"].style)
        area = pygame.Rect(layout["text"].rect)
        surface.blit(self.page, area.topleft, pygame.Rect(0, self.scroll, area.width, area.height))
        if self.legend:
            draw_box(surface, layout["legend"].rect, layout["legend"].style)
            self.app.text.draw_element(surface, layout["legend_title"])
            row = layout["legend_row"]
            for icon, label, rect in self.legend_rows():
                surface.blit(icon, icon.get_rect(midleft=(rect.left, rect.centery)))
                self.app.text.draw(surface, label, row.style, pygame.Rect(rect.left + 70, rect.y, rect.width - 70,
                                                                          rect.height), wrap=True)
        self.close.draw(surface)
        self.learn.draw(surface)
        self.app.text.draw_element(surface, layout["hint"])
