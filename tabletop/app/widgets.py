"""Buttons, text fields, tooltips and short messages, drawn from layout elements."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from .choosing import Reply, Slot
from .layout import Element, Style
from .marks import draw_bot_badge
from .text import draw_box

if TYPE_CHECKING:
    from .services import AppServices

__all__ = ["Button", "ActionBar", "TextField", "Toasts", "draw_tooltip", "press_any", "Meter", "Counter",
           "SeatPanel", "contrast", "relative_luminance"]


class Button:
    """A clickable box; when disabled it can say why (shown on hover)."""

    def __init__(self, app: "AppServices", element: Element, on_click: Callable[[], object], *, text: str | None = None,
                 enabled: bool = True, hotkey: int | None = None, reason: str = "", visible: bool = True) -> None:
        self.app = app
        self.element = element
        self.rect = pygame.Rect(element.rect)
        self.on_click = on_click
        self.text = element.text if text is None else text
        self.enabled = enabled
        self.visible = visible
        self.hotkey = hotkey
        self.reason = reason          # why it is disabled, or a hint when enabled
        self.hovered = False
        self._hover_since = 0         # ms; the tooltip waits a moment and not right after a click

    def handle(self, event: pygame.event.Event) -> bool:
        """React to a click or the hotkey; True if the event was used."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            inside = self.rect.collidepoint(event.pos)
            if inside and not self.hovered:
                self._hover_since = pygame.time.get_ticks()
            self.hovered = inside
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._hover_since = 1 << 62      # no tooltip until the mouse leaves and comes back
            self._press()
            return True
        if event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey:
            self._press()
            return True
        return False

    def _press(self) -> None:
        if self.enabled:
            self.app.audio.play("click")
            self.on_click()
        elif self.reason:
            self.app.toasts.show(self.reason)

    def look(self, *, hovered: bool = False, enabled: bool = True) -> Style:
        """The style of the button in a state: normal, hovered or disabled (text always readable on it)."""
        colours = self.app.layouts.theme.colours
        style = self.element.style
        if not enabled:
            return replace(style, bg=colours.get("button_disabled", style.bg),
                           colour=colours.get("text_dim", style.colour),
                           border=colours.get("button_disabled", style.border))
        if hovered:
            # A dark-text (primary) button brightens; a light-text one takes the hover blue.
            dark_text = relative_luminance(style.colour) < 0.4
            key = "button_primary_hover" if dark_text else "button_hover"
            return replace(style, bg=colours.get(key, style.bg))
        return style

    def draw(self, surface: pygame.Surface) -> None:
        """Draw in its normal, hovered or disabled look."""
        if not self.visible:
            return
        style = self.look(hovered=self.hovered, enabled=self.enabled)
        draw_box(surface, self.rect, style)
        self.app.text.draw(surface, self.text, style, self.rect.inflate(-16, 0), shrink=True)

    def draw_tooltip(self, surface: pygame.Surface, *, always: bool = False) -> None:
        """If hovered for a moment and disabled with a reason (or ``always``: any hint), show it."""
        waited = pygame.time.get_ticks() - self._hover_since > 700
        if self.visible and self.hovered and waited and self.reason and (always or not self.enabled):
            draw_tooltip(self.app, surface, self.reason, self.rect.midtop)


class ActionBar:
    """A game's buttons, each at its own layout element, showing the :class:`~tabletop.app.choosing.Slot` its
    choices offer there now (no slot: the button is hidden).  A press gives back the slot's reply.

    ``looks`` optionally names the element whose look a button takes for a normal and a primary slot (the
    place stays the position's own)."""

    def __init__(self, app: "AppServices", places: Sequence[Element], hotkeys: Sequence[int | None] = (),
                 looks: tuple[Element, Element] | None = None) -> None:
        self.places = list(places)
        self.looks = looks
        self.buttons = [Button(app, place, partial(self._pressed, index), visible=False,
                               hotkey=hotkeys[index] if index < len(hotkeys) else None)
                        for index, place in enumerate(self.places)]
        self.slots: list[Slot | None] = [None] * len(self.places)
        self._reply: Reply | None = None

    @classmethod
    def repeated(cls, app: "AppServices", element: Element, count: int, step: tuple[int, int],
                 hotkeys: Sequence[int | None] = ()) -> "ActionBar":
        """``count`` buttons, the first at ``element`` and each next one ``step`` further (a menu's answers)."""
        return cls(app, [element.moved(step[0] * index, step[1] * index) for index in range(count)], hotkeys)

    def show(self, slots: Sequence[Slot | None]) -> None:
        """Show these slots, by position; positions beyond them are hidden."""
        self.slots = [slots[index] if index < len(slots) else None for index in range(len(self.places))]
        for button, slot, place in zip(self.buttons, self.slots, self.places):
            button.visible = slot is not None and bool(slot.text)
            if slot is None:
                continue
            button.text, button.enabled, button.reason = slot.text, slot.enabled, slot.reason
            if self.looks is not None:
                look = self.looks[1] if slot.primary else self.looks[0]
                button.element = look.moved(place.rect[0] - look.rect[0], place.rect[1] - look.rect[1])
                button.rect = pygame.Rect(button.element.rect)

    def _pressed(self, index: int) -> None:
        slot = self.slots[index]
        if slot is not None:
            self._reply = slot.reply

    def handle(self, event: pygame.event.Event) -> Reply | None:
        """The reply of the button this event presses (a disabled one says why itself), or None."""
        self._reply = None
        used = press_any(self.buttons, event)
        reply, self._reply = self._reply, None
        if reply is not None:
            return reply
        return Reply() if used else None

    def draw(self, surface: pygame.Surface) -> None:
        """The visible buttons."""
        for button in self.buttons:
            button.draw(surface)

    def draw_tooltips(self, surface: pygame.Surface) -> None:
        """A disabled button's reason, when hovered."""
        for button in self.buttons:
            button.draw_tooltip(surface)


def relative_luminance(colour) -> float:
    """WCAG relative luminance of an sRGB colour (0 black .. 1 white).

    >>> round(relative_luminance((255, 255, 255)), 3), relative_luminance((0, 0, 0))
    (1.0, 0.0)
    """
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG contrast ratio of two colours (1 .. 21).

    >>> round(contrast((0, 0, 0), (255, 255, 255)), 1)
    21.0
    """
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def press_any(buttons, event: pygame.event.Event) -> bool:
    """Offer ``event`` to each button in turn; True as soon as one uses it."""
    return any(button.handle(event) for button in buttons)


class TextField:
    """A one-line name entry, edited as players expect.

    A click (or Tab) into the field selects its whole text, so typing replaces it; a second click puts the
    caret where it lands.  Ctrl+A selects all; Backspace and Delete remove the selection or one character
    (with Ctrl: a word); Left, Right, Home and End move the caret (with Shift: they select); Ctrl+V pastes.
    Enter confirms.  Only a focused field shows its caret.  Text beyond ``max_length`` is left out and
    :attr:`cut` says so until the next edit, for the screen to tell the players.
    """

    def __init__(self, app: "AppServices", element: Element, value: str = "", max_length: int = 16,
                 on_enter: Callable[[], None] | None = None) -> None:
        self.app = app
        self.element = element
        self.rect = pygame.Rect(element.rect)
        self.value = value
        self.max_length = max_length
        self.focused = False
        self.on_enter = on_enter
        self.caret = len(value)       # where typing goes (0 .. len(value))
        self.anchor = self.caret      # the other end of the selection (== caret: nothing selected)
        self.cut = False              # the last edit left characters out at the length limit
        self._blink = 0.0
        self._scroll = 0              # pixels of text scrolled out on the left (a name wider than the box)

    # ---------------------------------------------------------------- state
    @property
    def selection(self) -> tuple[int, int]:
        """The selected characters as ``(start, end)`` (equal when nothing is selected)."""
        return min(self.caret, self.anchor), max(self.caret, self.anchor)

    @property
    def selected(self) -> str:
        """The selected text."""
        start, end = self.selection
        return self.value[start:end]

    def focus(self, select_all: bool = True) -> None:
        """Take the focus, the whole text selected (typing replaces it)."""
        self.focused = True
        self._blink = 0.0
        self.caret = len(self.value)
        self.anchor = 0 if select_all else self.caret

    def blur(self) -> None:
        """Give the focus away (no caret, no selection)."""
        self.focused = False
        self.anchor = self.caret = min(self.caret, len(self.value))

    def select_all(self) -> None:
        """Select the whole text."""
        self.anchor, self.caret = 0, len(self.value)

    # ---------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        """Focus on click, edit when focused; True if the event was used.

        A click elsewhere only takes the focus away (False: it still reaches what was clicked)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.rect.collidepoint(event.pos):
                if self.focused:
                    self.blur()
                return False
            if self.focused:
                self.caret = self.anchor = self._index_at(event.pos[0])
                self._blink = 0.0
            else:
                self.focus()
            return True
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        mod = getattr(event, "mod", 0)
        command = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mod & pygame.KMOD_SHIFT)
        self._blink = 0.0
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
            self.blur()
            if self.on_enter and key != pygame.K_TAB:
                self.on_enter()
            return True
        if command and key == pygame.K_a:
            self.select_all()
            return True
        if command and key == pygame.K_v:
            self.insert(_clipboard())
            return True
        if command and key == pygame.K_c:
            _to_clipboard(self.selected)
            return True
        if command and key == pygame.K_x:
            _to_clipboard(self.selected)
            self._replace_selection("")
            return True
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            if self.caret == self.anchor:
                forward = key == pygame.K_DELETE
                self.anchor = self._word_end(self.caret, forward) if command else \
                    max(0, min(len(self.value), self.caret + (1 if forward else -1)))
            self._replace_selection("")
            return True
        moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_HOME: -2, pygame.K_END: 2}
        if key in moves:
            step = moves[key]
            start, end = self.selection
            if abs(step) == 2:
                target = 0 if step < 0 else len(self.value)
            elif command:
                target = self._word_end(self.caret, step > 0)
            elif start != end and not shift:
                target = start if step < 0 else end        # an arrow ends a selection at its side
            else:
                target = max(0, min(len(self.value), self.caret + step))
            self.caret = target
            if not shift:
                self.anchor = target
            return True
        # A printable key types through TEXTINPUT; it must not also press a button's hotkey.
        unicode = getattr(event, "unicode", "")
        return bool(unicode) and not command and all(_typeable(ch) for ch in unicode)

    def insert(self, typed: str) -> None:
        """Type ``typed`` over the selection (or at the caret); what does not fit the limit is left out."""
        self._replace_selection("".join(ch for ch in typed if _typeable(ch)))

    def _replace_selection(self, typed: str) -> None:
        start, end = self.selection
        before, after = self.value[:start], self.value[end:]
        room = max(0, self.max_length - len(_tidy(before + after)))
        self.cut = len(_tidy(before + typed + after)) > self.max_length and len(typed) > room
        if self.cut:
            typed = typed[:room]
        left = _tidy(before + typed)
        value = _tidy(left + after)[: self.max_length]
        self.value = value
        self.caret = self.anchor = min(len(left), len(value))

    def _word_end(self, index: int, forward: bool) -> int:
        """Where Ctrl+arrow from ``index`` lands: the end of this or the next word, or the start of this or
        the previous one."""
        text, i = self.value, index
        if forward:
            while i < len(text) and text[i] == " ":
                i += 1
            while i < len(text) and text[i] != " ":
                i += 1
        else:
            while i > 0 and text[i - 1] == " ":
                i -= 1
            while i > 0 and text[i - 1] != " ":
                i -= 1
        return i

    # ---------------------------------------------------------------- drawing
    def _text_size(self) -> int:
        """The size the name is drawn at: the style's, smaller for a long name, never below readable."""
        from .text import MIN_READABLE

        style = self.element.style
        inner = self.rect.width - 28
        return self.app.text.fit_size(self.value or " ", style.font, style.size, inner,
                                      smallest=min(style.size, MIN_READABLE))

    def _x_of(self, index: int, size: int) -> int:
        """The x of the gap before character ``index``, on screen."""
        style = self.element.style
        return self.rect.x + 14 - self._scroll + self.app.text.size(self.value[:index], style.font, size)[0]

    def _index_at(self, x: int) -> int:
        """The caret position nearest to screen x."""
        size = self._text_size()
        return min(range(len(self.value) + 1), key=lambda index: abs(self._x_of(index, size) - x))

    def update(self, dt: float) -> None:
        """Blink the cursor."""
        self._blink = (self._blink + dt) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        """The box, the text (the selection highlighted) and, when focused, a caret."""
        colours = self.app.layouts.theme.colours
        style = self.element.style
        if self.focused:
            style = replace(style, border=colours.get("accent", style.border), border_width=max(3, style.border_width))
        draw_box(surface, self.rect, style)
        inner = self.rect.inflate(-28, 0)
        size = self._text_size()
        width = self.app.text.size(self.value, style.font, size)[0]
        caret_x = self.app.text.size(self.value[:self.caret], style.font, size)[0]
        # A name wider than the box (only the widest letters) scrolls to keep the caret in sight.
        self._scroll = 0 if width <= inner.width else max(0, min(width - inner.width, caret_x - inner.width // 2))
        clip = surface.get_clip()
        surface.set_clip(inner.inflate(6, 0).clip(clip) if clip else inner.inflate(6, 0))
        start, end = self.selection
        if self.value:
            image = self.app.text.render(self.value, style.font, size, style.colour)
            surface.blit(image, (inner.x - self._scroll, self.rect.centery - image.get_height() // 2))
        if self.focused and start != end:
            # The selection: dark letters on the accent, plain to see in colour and in grey.
            left, right = self._x_of(start, size), self._x_of(end, size)
            mark = pygame.Rect(left - 2, self.rect.top + 10, right - left + 4, self.rect.height - 20)
            pygame.draw.rect(surface, colours["accent"][:3], mark, border_radius=4)
            picked = self.app.text.render(self.value[start:end], style.font, size, colours["text_dark"])
            surface.blit(picked, (left, self.rect.centery - picked.get_height() // 2))
        surface.set_clip(clip)
        if self.focused and start == end and self._blink < 0.5:
            x = self._x_of(self.caret, size) + (1 if self.caret else 0)
            pygame.draw.line(surface, style.colour[:3], (x, self.rect.top + 14), (x, self.rect.bottom - 14), 3)


def _tidy(value: str) -> str:
    """A name as it is kept while typing: no leading spaces, never two spaces in a row."""
    while "  " in value:
        value = value.replace("  ", " ")
    return value.lstrip()


def _clipboard() -> str:
    """The clipboard's text ("" when there is none or no clipboard can be reached)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


def _to_clipboard(text: str) -> None:
    """Put ``text`` on the clipboard (nothing happens where there is no clipboard)."""
    if not text:
        return
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError):
        pass


def _typeable(ch: str) -> bool:
    """Whether a typed character may go into a name (no control, format or unpaired characters)."""
    import unicodedata

    category = unicodedata.category(ch)
    return ch == " " or not (category.startswith(("C", "Z")))


class Toasts:
    """Short messages at the bottom of the screen (an illegal click's reason, a saved-game notice)."""

    def __init__(self, app: "AppServices") -> None:
        self.app = app
        self.message = ""
        self.remaining = 0.0

    def show(self, message: str, seconds: float = 3.0) -> None:
        """Show ``message`` for a while (replacing any current one)."""
        self.message = message
        self.remaining = seconds + len(message) / 40

    def update(self, dt: float) -> None:
        """Count down."""
        self.remaining = max(0.0, self.remaining - dt)

    def area(self) -> pygame.Rect:
        """Where the current message is drawn: at the top, as tall as its lines (it grows downwards, over the
        banner's words, never over the buttons at the bottom)."""
        element = self.app.layouts["common"]["toast"]
        lines = self.app.text.wrap(self.message, element.style.font, element.style.size, element.rect[2] - 60)
        rect = pygame.Rect(element.rect)
        height = max(rect.height, len(lines) * int(element.style.size * 1.35) + 30)
        return pygame.Rect(rect.x, rect.y, rect.width, height)

    def draw(self, surface: pygame.Surface) -> None:
        """The current message, if any."""
        if self.remaining <= 0 or not self.message:
            return
        element = self.app.layouts["common"]["toast"]
        rect = self.area()
        draw_box(surface, rect, element.style)
        self.app.text.draw(surface, self.message, element.style, rect.inflate(-60, -20), wrap=True)


def draw_tooltip(app: "AppServices", surface: pygame.Surface, text: str, anchor: tuple[int, int]) -> None:
    """A small box with ``text`` above ``anchor``, kept on screen."""
    element = app.layouts["common"]["tooltip"]
    style = element.style
    width = element.rect[2]
    lines = app.text.wrap(text, style.font, style.size, width - 28)
    line_width = max(app.text.size(line, style.font, style.size)[0] for line in lines)
    # As tall as the lines the text is drawn in: a tooltip grows with its text and never cuts it.
    height = len(lines) * app.text.line_height(style) + 20
    rect = pygame.Rect(0, 0, line_width + 28, height)
    rect.midbottom = (anchor[0], anchor[1] - 8)
    rect.clamp_ip(surface.get_rect())
    draw_box(surface, rect, style)
    app.text.draw(surface, text, replace(style, align="left"), rect.inflate(-28, -16), wrap=True)


# ---------------------------------------------------------------------------- table pieces
# Shared by every game; their look is in data/layouts/pieces.yaml.

class Meter:
    """A bar for a value out of a maximum (hit points, say), with an optional shield drawn after it.

    The value may go below zero (it is then drawn empty, with its number in the warning colour).
    """

    def __init__(self, app: "AppServices", rect: pygame.Rect | tuple, colour: tuple[int, int, int],
                 label: str = "") -> None:
        self.app = app
        self.rect = pygame.Rect(rect)
        self.colour = colour
        self.label = label

    def draw(self, surface: pygame.Surface, value: int, maximum: int, shield: int = 0,
             bar: float | None = None) -> None:
        """The bar, the shield segment and ``label value/maximum`` (``+shield``) on it; ``bar``, where the bar is
        filled to when it slides towards ``value``."""
        layout = self.app.layouts["pieces"]
        colours = self.app.layouts.theme.colours
        frame = layout["meter"].style
        draw_box(surface, self.rect, frame)
        inner = self.rect.inflate(-8, -8)
        fill = value if bar is None else bar
        share = max(0.0, min(1.0, fill / maximum)) if maximum > 0 else 0.0
        filled = pygame.Rect(inner.x, inner.y, round(inner.width * share), inner.height)
        if filled.width:
            pygame.draw.rect(surface, self.colour, filled, border_radius=max(2, frame.radius - 4))
        if shield > 0 and maximum > 0:
            extra = min(inner.right - filled.right, round(inner.width * shield / maximum))
            block = pygame.Rect(filled.right, inner.y, max(6, extra), inner.height)
            pygame.draw.rect(surface, colours["shield"], block.clip(inner), border_radius=4)
            pygame.draw.rect(surface, colours["text"], block.clip(inner), 2, border_radius=4)
        words = f"{self.label} {value}/{maximum}".strip() + (f"  +{shield}" if shield else "")
        style = layout["meter_text"].style
        self.app.text.draw(surface, words, style, inner, colour=colours["bad"] if value <= 0 else None, shrink=True)


class Counter:
    """An icon (or a coloured disc) with a number beside it: gold, mana, tokens, points."""

    def __init__(self, app: "AppServices", rect: pygame.Rect | tuple, colour: tuple[int, int, int],
                 icon: pygame.Surface | None = None, label: str = "") -> None:
        self.app = app
        self.rect = pygame.Rect(rect)
        self.colour = colour
        self.icon = icon
        self.label = label

    def draw(self, surface: pygame.Surface, count: int | str, turns_left: int | None = None) -> None:
        """The counter; ``turns_left`` adds a badge saying how long a marker lasts."""
        layout = self.app.layouts["pieces"]
        size = self.rect.height
        spot = pygame.Rect(self.rect.x, self.rect.y, size, size)
        if self.icon is not None:
            icon = self.icon if self.icon.get_height() == size else pygame.transform.smoothscale(self.icon,
                                                                                               (size, size))
            surface.blit(icon, spot)
        else:
            pygame.draw.circle(surface, self.colour, spot.center, size // 2 - 2)
            pygame.draw.circle(surface, (20, 18, 24), spot.center, size // 2 - 2, 3)
        words = f"{count}" if not self.label else f"{self.label} {count}"
        style = layout["counter_text"].style
        self.app.text.draw(surface, words, style,
                           pygame.Rect(spot.right + 8, self.rect.y, self.rect.width - size - 8, size), shrink=True)
        if turns_left is not None:
            badge = layout["duration_badge"]
            box = pygame.Rect(0, 0, badge.rect[2], badge.rect[3])
            box.center = (spot.right - 4, spot.bottom - 4)
            draw_box(surface, box, badge.style)
            self.app.text.draw(surface, str(turns_left), badge.style, box)


class SeatPanel:
    """A player's place at the table: name in the seat colour, whose turn it is, and a few lines."""

    def __init__(self, app: "AppServices", rect: pygame.Rect | tuple, seat: int, name: str,
                 colour: int | None = None, bot: Callable[[], str | None] | None = None) -> None:
        self.app = app
        self.rect = pygame.Rect(rect)
        self.seat = seat
        self.name = name
        self.colour_slot = seat if colour is None else colour      # the player's colour (kept in a rematch)
        self.bot = bot              # the level of the bot playing this seat now (its badge on the panel), or None

    @property
    def colour(self) -> tuple[int, int, int]:
        """This seat's colour from the theme."""
        return self.app.layouts.theme.colours[f"seat_{self.colour_slot}"][:3]

    def draw(self, surface: pygame.Surface, lines: list[str], *, to_act: bool = False, tag: str = "",
             pulse: float = 0.0) -> pygame.Rect:
        """The panel; returns the area left for the game below the name (for meters, counters)."""
        layout = self.app.layouts["pieces"]
        colours = self.app.layouts.theme.colours
        draw_box(surface, self.rect, layout["seat_panel"].style)
        stripe = pygame.Rect(self.rect.x, self.rect.y, 12, self.rect.height)
        pygame.draw.rect(surface, self.colour, stripe, border_top_left_radius=12, border_bottom_left_radius=12)
        if to_act:
            glow = tuple(int(c * (0.75 + 0.25 * pulse)) for c in colours["accent"][:3])
            pygame.draw.rect(surface, glow, self.rect.inflate(8, 8), 5, border_radius=18)
        name = layout["seat_name"]
        name_rect = pygame.Rect(self.rect.x + 24, self.rect.y + 6, self.rect.width - 40, name.rect[3])
        text = self.app.text
        shown_tag = tag or ("TO PLAY" if to_act else "")
        if shown_tag:
            tag_style = layout["seat_tag"].style
            tag_width = text.size(shown_tag, tag_style.font, tag_style.size)[0] + 24
            tag_rect = pygame.Rect(self.rect.right - tag_width - 12, self.rect.y + 12, tag_width, name.rect[3] - 12)
            draw_box(surface, tag_rect, tag_style,
                     bg=colours["accent"] if to_act else colours["panel_light"])
            text.draw(surface, shown_tag, tag_style, tag_rect,
                      colour=colours["text_dark"] if to_act else colours["text"])
            name_rect.width -= tag_width + 8
        text.draw(surface, self.name, name.style, name_rect, colour=(*self.colour, 255), shrink=True)
        line = layout["seat_line"]
        y = name_rect.bottom + 2
        for content in lines:
            text.draw(surface, content, line.style, pygame.Rect(self.rect.x + 24, y, self.rect.width - 36,
                                                                line.rect[3]), shrink=True)
            y += line.rect[3]
        kind = self.bot() if self.bot is not None else None
        if kind is not None:        # in the panel's lower right corner: clear of the name and the tag
            draw_bot_badge(self.app, surface, (self.rect.right - 10, self.rect.bottom - 26), kind, align="right")
        return pygame.Rect(self.rect.x + 24, y, self.rect.width - 36, self.rect.bottom - y - 8)
