"""The contract between the table and a game's view, and the machinery every view shares.

The table (``screens/table.py``) owns the banner, Undo, Rules, Menu, the move log,
tooltips and the pass-the-device cover.  A game's view draws its own area; the
table calls exactly the members of :class:`GameView`.  :class:`GameViewBase` gives
the common parts: the animation timeline, event handlers dispatched from a table
keyed by event class, rising texts and announcements, and the way a click becomes
a move.

Each game's table has three parts in ``tabletop/app/games/<game>/``:
``geometry.py`` (where things are), ``choices.py`` (no pygame: what glows and which
legal intent a click sends, see :mod:`tabletop.app.choosing`) and ``view.py``
(drawing and animation).  The view hit-tests a click with its geometry, asks its
choices what the click means (:meth:`GameViewBase.click_target`) and carries out
the reply (:meth:`GameViewBase.apply`): it never builds an intent itself.

A view is built as ``View(app, table, match)``.  It shows ``table.screen()`` (the
rules' view for the seat in front of the screen and what it may send, worked out by
the table once per position and seat shown) and sends moves with
``table.submit(intent)``.  The table never calls back into the view in the middle of
that call: a move sent while the view handles an event or a frame is shown
(``animate``) once the view has returned, and the choices are built once for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Generic, Mapping, Protocol, Sequence, TypeVar

import pygame

from tabletop.core.values import Value, visible_events
from tabletop.registry import entry

from .anim import Timeline
from .audience import is_bot_kind
from .choosing import KEEP, ChoicesBase, Move, Reply, Seen, Target
from .marks import Mark, draw_bot_badge, draw_marks, turn_of, unique
from .sprites import Announcer, FloatingTexts

if TYPE_CHECKING:
    from tabletop.core.controller import MatchController

    from .hints import Hint
    from .services import AppServices
    from .widgets import ActionBar

__all__ = ["TableStatus", "Tooltip", "GameView", "GameViewBase", "TableAccess"]

#: A tooltip: its text and the point it hangs above.
Tooltip = tuple[str, tuple[int, int]]


@dataclass(frozen=True)
class TableStatus:
    """The banner's texts: who decides and in what role, what to do now, the round; and the seat to act."""

    headline: str
    prompt: str
    round: str
    seat: int | None


class TableAccess(Protocol):
    """What a view may ask of the table it sits on."""

    @property
    def shows(self) -> int | None:
        """The seat in front of the screen (None: the public view)."""

    def screen(self) -> Seen:
        """What the screen shows and may send now (the rules' view for the seat in front of it, the legal intents
        it may send, the names), worked out once per position and seat shown: asking again costs nothing."""

    def seen_state(self) -> Any:
        """The rules' view of the current state for the seat in front of the screen (the screen's)."""

    def legal(self) -> Sequence[Value]:
        """The legal intents now, when the seat in front of the screen may act (else empty; the screen's)."""

    def submit(self, intent: Value) -> bool:
        """Send a move; False if it was refused (the table shows why) or the view was busy.  A move sent while
        the view handles an event or a frame is shown (``animate``) once the view has returned: the table never
        calls back into the view in the middle of its call."""

    def vet(self, reply: Reply) -> str:
        """"" to carry out a click's reply; else the words for a click the table holds back (a tutorial's)."""

    def release_log(self, count: int) -> None:
        """``count`` more of the events the view shows step by step are on screen: the log may tell them."""

    def hint(self) -> "Hint | None":
        """The hint on screen now for the seat in front of it (the H button's), if any (a phone shows none)."""

    @property
    def humans(self) -> list[int]:
        """The seats played by people (the others are bots)."""


class GameView(Protocol):
    """What the table calls on a game's view (see the module docstring)."""

    @property
    def busy(self) -> bool:
        """True while animations play; the table ignores clicks and delays hand-overs until False."""

    @property
    def animating(self) -> bool:
        """True while anything on screen still moves (an announcement fading, say), even if clicks count."""

    def sync(self) -> None:
        """Put every piece where the current view of the state says, with no animation."""

    def animate(self, events: Sequence[Value]) -> None:
        """Play the events of one move (already filtered for the seat in front of the screen)."""

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    layout: Any
    """The game's own layout (where a game that moves the move log says where it lies)."""

    speed_override: float | None
    """The table's pace for a bot's move: how long its animations take (None: the animation setting)."""

    @property
    def Choices(self) -> type[ChoicesBase] | None:
        """The game's choices class (``choices.py``), which the hint and the tutorial route clicks through; None
        for a view that works out clicks itself."""

    def finish_animations(self) -> None:
        """End every animation at once, where it lands (a replay stepped back)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the game's area (below the banner; never changes state)."""

    def handle(self, event: pygame.event.Event) -> None:
        """A mouse or key event the table's own buttons did not take."""

    def status(self) -> TableStatus:
        """The banner's texts."""

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        """Icons of the board with their meaning, for the rules screen."""

    def help_at(self, pos: tuple[int, int]) -> Tooltip | None:
        """What the thing under ``pos`` means, if anything (the table shows it after a pause)."""

    def log_hold(self, events: Sequence[Value]) -> int:
        """How many of the last of these events the view will show step by step (their log lines wait)."""

    def cover_answer(self) -> tuple[str, Value] | None:
        """A public answer the pass-the-device cover may offer (its words and a legal intent), or None."""

    def answer_without_cover(self) -> Value | None:
        """A public answer the table gives at once for a seat instead of raising the cover (a legal intent
        that tells nothing hidden), or None."""

    def cover_needless(self, seat: int) -> bool:
        """Whether the screen may go back to ``seat``'s view without the cover: it showed that seat last and
        nobody has touched it since (a public prompt that passed by itself)."""

    def waiting_for_click(self) -> bool:
        """Whether the view waits for a click at the table to show the next step of something (a reveal)."""


C = TypeVar("C", bound=ChoicesBase)


class GameViewBase(GameView, Generic[C]):
    """Shared parts of a view: timeline, dispatch of events to handlers, rising texts, announcements, and
    clicks turned into moves through the game's choices.

    A subclass fills ``self.handlers`` (event class -> method) and implements
    ``sync``, ``draw``, ``status``; ``refresh`` is called after every change so the
    view can work out again what is clickable.  A view built on choices sets
    :attr:`Choices` (its choices class) and ``self.geometry`` (its geometry); the
    base then keeps ``self.choices`` and ``self.selection`` up to date.
    """

    #: The game's choices class (``choices.py``); None for a view that works out clicks itself.
    Choices: type[C] | None = None
    #: Whether a move forgets what was chosen for it as soon as it is shown (else the view's ``sync`` does, once
    #: the move has played out): the choices of the new position are then built once, not again at its end.
    forgets_choice_on_move = False
    #: The choices for the current selection (made by :meth:`refresh`).
    choices: C
    #: Where things lie on the game's table.
    geometry: Any
    #: The buttons under the table and the chips of a menu (every game's view makes both).
    action_bar: ActionBar
    menu_bar: ActionBar

    def __init__(self, app: "AppServices", table: TableAccess, match: "MatchController") -> None:
        self.app = app
        self.table = table
        self.match = match
        self.rules = match.rules
        chrome = app.layouts["table"]
        self.layout = app.layouts[entry(match.game).layout]     # the game's own area
        self.timeline = Timeline(app.animation_factor)
        self.speed_override: float | None = None     # the table's pace for a bot's move (Fast), if any
        self.floating = FloatingTexts(app, chrome["float_text"])
        self.announcer = Announcer(app, chrome["announce"])
        self.handlers: Mapping[type, Callable[[Any], None]] = {}
        self.clock = 0.0
        self.selection: Any = None           # what the player has chosen so far (the game's own value)
        # The screen, the selection asked and settled, and the class the choices were last built with.
        self._built: tuple[Seen, Any, Any, type] | None = None
        self._marked: tuple[Any, int, int | None, tuple[Mark, ...]] | None = None   # last move, shows, marks

    @property
    def state(self) -> Any:
        """What the screen may show: the rules' view for the seat in front of it (the table's screen, worked out
        once per position and seat shown; reading it asks the rules nothing)."""
        return self.table.screen().state

    @property
    def busy(self) -> bool:
        """True while animations play (clicks are ignored then)."""
        return self.timeline.busy

    @property
    def animating(self) -> bool:
        """Animations, rising texts or an announcement still on screen."""
        return self.timeline.busy or bool(self.announcer.text) or bool(self.floating.items)

    def refresh(self) -> None:
        """Work out again what is clickable (called after every change): the choices for the current
        selection, then :meth:`show_choices`.  The choices are built once per screen and selection (they are a
        pure answer to the two): a refresh that finds neither changed only shows them again."""
        if self.Choices is None:
            return
        seen = self.seen()
        built = self._built
        if built is None or built[0] is not seen or built[3] is not self.Choices or \
                self.selection not in (built[1], built[2]):
            asked = self.selection
            self.choices = self.Choices(seen, asked)
            self._built = (seen, asked, self.choices.selection, self.Choices)
        self.selection = self.choices.selection
        self.show_choices()

    def show_choices(self) -> None:
        """Put the choices on the screen's widgets: the action bar, a menu (override)."""

    # ---------------------------------------------------------------- clicks become moves
    def seen(self) -> Seen:
        """What the choices are worked out from: this screen's view, its legal intents, names, the rules (the
        table's screen)."""
        return self.table.screen()

    def why_not(self, intent: Value) -> str:
        """The rules' sentence for why ``intent`` cannot be sent now."""
        return self.rules.why_illegal(self.match.state, intent)

    def apply(self, reply: Reply) -> None:
        """Carry out what a click means: say why not (or tell something), change the selection, open something,
        send a move.  The table may hold a click back (a tutorial's gate): then only the choices are shown again."""
        if self.table.vet(reply):
            self.refresh()
            return
        if reply.refusal:
            self.app.toasts.show(reply.refusal)
            self.app.audio.play("error")
        if reply.note:
            self.app.toasts.show(reply.note)
        if reply.sound:
            self.app.audio.play(reply.sound)
        if reply.selection is not KEEP:
            self.selection = reply.selection
        if reply.look is not None:
            self.look_at(reply.look)
        if reply.intent is not None and self.table.submit(reply.intent):
            return                  # the table shows the move (``animate``), which works out the choices again
        self.refresh()

    def take_input(self, event: pygame.event.Event, *bars: Any, escape_clears: bool = True) -> bool:
        """A table's usual input, in order: a button of ``bars`` (the first that takes the event), a left click
        on the board (whatever target lies there, or none), a right click (or Esc) forgetting the choice so far.
        True if the event was used; the game's own keys come after."""
        for bar in bars:
            reply = bar.handle(event)
            if reply is not None:
                self.apply(reply)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click_target(self.geometry.target_at(self.state, event.pos))
            return True
        if self.Choices is not None and ((event.type == pygame.MOUSEBUTTONDOWN and event.button == 3) or (
                escape_clears and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)):
            self.apply(self.choices.clear())
            return True
        return False

    def click_target(self, target: Target | None) -> None:
        """A click on ``target`` (None: on the table where nothing is)."""
        if self.Choices is not None:
            self.apply(self.choices.click(target) if target is not None else self.choices.click_nothing())

    def look_at(self, target: Target) -> None:
        """Open something only to look at (a pile of cards; override)."""

    def position_of(self, move: Move) -> tuple[int, int] | None:
        """Where a player clicks to make ``move`` (for the tests' drivers; None: a right click anywhere)."""
        if move.kind == "target" and move.target is not None:
            rect = self.geometry.rect_of(self.state, move.target)
            return None if rect is None else rect.center
        if move.kind == "button":
            return self.action_bar.buttons[move.index].rect.center
        if move.kind == "menu":
            return self.menu_bar.buttons[move.index].rect.center
        return None

    def explain_at(self, pos: tuple[int, int]) -> Tooltip | None:
        """The choices' explanation of the target under ``pos``, hung above it."""
        if self.Choices is None:
            return None
        target = self.geometry.help_target_at(self.state, pos)
        if target is None:
            return None
        words = self.choices.explain(target)
        if not words:
            return None
        rect = self.geometry.rect_of(self.state, target)
        return words, rect.midtop if rect is not None else pos

    def sync(self) -> None:
        """Put every piece where the rules say (override), then refresh."""
        self.refresh()

    def animate(self, events: Sequence[Value]) -> None:
        """Each event to its handler, in order; the picture ends exactly where the rules are."""
        if self.forgets_choice_on_move:
            self.selection = None
        self.timeline.speed = self.animation_factor
        for event in events:
            handler = self.handlers.get(type(event))
            if handler is not None:
                handler(event)
        self.timeline.add(0.0, on_end=self.sync)
        self.refresh()

    @property
    def animation_factor(self) -> float:
        """How long this view's animations take: the table's pace for a bot's move, else the setting."""
        return self.app.animation_factor if self.speed_override is None else self.speed_override

    def finish_animations(self) -> None:
        """End every animation at once, where it lands."""
        self.timeline.finish()

    def update(self, dt: float) -> None:
        """Advance the animations."""
        self.clock += dt
        self.timeline.update(dt)
        self.announcer.update(dt)

    def draw_effects(self, surface: pygame.Surface) -> None:
        """Rising texts and the announcement, over everything else of the view."""
        self.floating.draw(surface)
        self.announcer.draw(surface)

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        """No legend unless the game has one."""
        return []

    def help_at(self, pos: tuple[int, int]) -> Tooltip | None:
        """No hover help unless the game has some."""
        return None

    def log_hold(self, events: Sequence[Value]) -> int:
        """Every event is shown at once: the log tells them all now."""
        return 0

    def cover_answer(self) -> tuple[str, Value] | None:
        """No public answer on the cover unless the game has one."""
        return None

    def answer_without_cover(self) -> Value | None:
        """No answer is given for a seat unless the game has one."""
        return None

    def cover_needless(self, seat: int) -> bool:
        """The cover always stands between two seats' views unless the game knows better."""
        return False

    def waiting_for_click(self) -> bool:
        """Nothing waits for a click unless the game shows steps one by one."""
        return False

    def name(self, seat: int) -> str:
        """The name of ``seat``."""
        return self.match.seats[seat]

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The colour of the player at ``seat`` (their own: a rematch keeps it as the seats turn)."""
        return self.app.layouts.theme.rgb(f"seat_{self.match.colours[seat]}")

    # ---------------------------------------------------------------- the last move, marked
    def last_marks(self) -> tuple[Mark, ...]:
        """What the moves of the last turn touched (a bot's whole turn stays marked until the next player
        acts), as the seat in front of the screen may see it; worked out again whenever the last move or the
        shows changes (a move, an undo, a hand-over, a replay's step)."""
        history = self.match.history
        if len(history) <= max(0, self.match.edited_at):
            return ()                       # no move yet, or the position was edited since (a tutorial's skip)
        last, shows = history[-1], self.table.shows
        known = self._marked
        if known is None or known[0] is not last or known[1] != len(history) or known[2] != shows:
            turn = turn_of(self.match)
            events = [event for entry in turn for event in visible_events(entry.events, shows)]
            # What an earlier move of the turn touched may be gone from the table since (a cast slot cleared):
            # only what still lies on it is marked.
            marks = [mark for mark in unique(self.marks_of(events, self.state, shows))
                     if self.mark_rect(mark.target) is not None]
            known = self._marked = (last, len(history), shows, tuple(marks))
        return known[3]

    def marks_of(self, events: Sequence[Value], state: Any, shows: int | None) -> Sequence[Mark]:
        """What a move touched, from its events as ``shows`` may see them and the state after it (the game's
        ``marks.py``; none unless the game has one)."""
        return ()

    def mark_rect(self, target: Target) -> pygame.Rect | None:
        """Where a marked target lies now (default: where the geometry puts it; None: not on the table)."""
        return self.geometry.rect_of(self.state, target)

    def placed_marks(self) -> list[tuple[Mark, pygame.Rect]]:
        """The last move's marks with where each lies (those on the table)."""
        placed = []
        for mark in self.last_marks():
            rect = self.mark_rect(mark.target)
            if rect is not None:
                placed.append((mark, rect))
        return placed

    def draw_last_move(self, surface: pygame.Surface, clip: pygame.Rect | None = None) -> None:
        """The last move's marks, once its animations (and any steps the view shows one by one) have played: a
        moving piece carries no mark, and a mark never tells the outcome of a step not shown yet."""
        if self.busy:
            return
        draw_marks(self.app, surface, self.placed_marks(), clip, self.mark_keep_off())

    def mark_keep_off(self) -> Sequence[pygame.Rect]:
        """Labels a mark's badge must not cover (it moves to another corner): the geometry's ``labels``."""
        return self.geometry.labels

    def bot_kind(self, seat: int) -> str | None:
        """The level of the bot playing ``seat`` ("strong"), or None for a person."""
        kind = self.match.seat_kinds[seat]
        return kind if is_bot_kind(kind) else None

    def draw_bot_badge(self, surface: pygame.Surface, seat: int, anchor: tuple[int, int],
                       align: str = "left") -> pygame.Rect | None:
        """The badge of a bot seat ("bot · strong" with a robot's head) or a phone seat ("on a phone") at
        ``anchor``; nothing for a person at the shared screen."""
        kind = self.bot_kind(seat) or ("phone" if self.match.seat_kinds[seat] == "phone" else None)
        if kind is None:
            return None
        return draw_bot_badge(self.app, surface, anchor, kind, align)

