"""Learn at the table: a tutorial played on the real table, with a coach that points and speaks.

The script is data (``data/<game>/tutorial.yaml``, read by :mod:`tabletop.app.lesson`).  The
:class:`TutorialScene` is the game's own table with these differences:

* the learner may send only the move the current step teaches: the view's choices are given that one
  legal intent, so only what leads to it glows; any other click gets a gentle line from the coach (never
  an error sound);
* the coach mark (:class:`CoachMark`) rings what to click next (the first click of the shortest click
  sequence to the taught move, or what the step names) and says why in a box beside it, whose height grows
  with its words so nothing is ever cut; talk steps, and a bot's move once the table has shown it, wait for **Next**;
* the other seats play the script's moves at the bot's pace; nothing is taken back;
* the tutorial can be left at any time (Menu, Esc): the number of steps done is kept in the user's folder
  (``tutorials/<game>.json``) and "Learn to play" offers to continue it;
* after the last step the coach offers **Play on: a real game** against the strong bot, hints still at hand.

:func:`check_tutorial` plays a tutorial headless on the real table, click by click
(``tabletop tutorial --check``: :mod:`tabletop.app.tutorial_check`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Sequence

import pygame

from tabletop.core.bots import BotBase
from tabletop.core.data import DataError
from tabletop.core.protocol import IllegalIntent
from tabletop.core.rng import RandomExhausted, ScriptMismatch
from tabletop.core.values import Value

from .choosing import KEEP, Move, Reply, Seen, moves, route_to
from .coach import SCREEN, CoachMark, controls_rects, glowing_rects, move_rect
from .audience import Screen
from .lesson import (Lesson, LessonRun, forget_progress, keep_progress, load_lesson, saved_step,
                     target_text)
from .screens.table import TableScene
from .services import AppServices
from .widgets import Button, press_any

__all__ = ["TutorialScene", "check_tutorial", "saved_step"]

#: What the coach adds while a reveal waits for its next step.
_REVEAL_STEP = "Click anywhere or press Space for the next step of the reveal."
#: What the coach says after the last step.
_HANDOVER = ("That is how {game} is played. Now play a real game against {bot}: no coach, and every move is "
             "yours to choose. Stuck? Press H (or Hint) for the strong bot's advice.")


def _with_learner_name(app: AppServices, lesson: Lesson) -> Lesson:
    """The tutorial with the learner's seat named as the player was last named for this game (if any)."""
    remembered = app.settings.names.get(lesson.game) if isinstance(app.settings.names, dict) else None
    name = remembered[0] if remembered else ""
    others = [seat for index, seat in enumerate(lesson.seats) if index != lesson.learner]
    if not name or name in others:
        return lesson
    seats = list(lesson.seats)
    seats[lesson.learner] = name
    return replace(lesson, seats=tuple(seats))


# ==================================================================== the gate
class _ScriptBot(BotBase):
    """A seat played by the script: it makes the current step's move (the table paces it like any bot)."""

    def __init__(self, run: LessonRun) -> None:
        self.run = run

    def choose(self, legal: Sequence[Value], view: Any = None) -> Value:
        intent = self.run.intent()
        return intent if intent is not None and intent in legal else legal[0]


class TutorialGate:
    """What the tutorial hands the table (:class:`~tabletop.app.screens.table.TableGate`): only the move the
    current step teaches may be sent, the other seats play the script, clicks that do not lead to the taught
    move are answered by the coach, nothing is taken back, and the end of the script is the coach's."""

    def __init__(self, scene: "TutorialScene") -> None:
        self.scene = scene
        self.run = scene.run
        self._alone: tuple[Any, bool] | None = None

    def narrow(self, screen: Screen, legal: tuple[Value, ...]) -> tuple[Value, ...]:
        """Only the taught move, when the learner is to make it: alone if the game's table offers the same
        clicks to it without the others, so only they glow.  Where the others are needed (a button shown only
        beside another) or alone it would be shorter (a menu of one that the game skips), all of them: the
        learner is taught the clicks of a real game, and the clicks are vetted."""
        taught = self.run.taught()
        if taught is None or taught not in legal:
            return ()
        return (taught,) if self._shown_alone(taught, legal) else legal

    def _shown_alone(self, taught: Value, legal: tuple[Value, ...]) -> bool:
        scene = self.scene
        key = (scene.match.state, self.run.index)
        if self._alone is None or self._alone[0] != key:
            view = getattr(scene, "view", None)          # the view asks before it is made: assume it can
            alone = True
            if view is not None and view.Choices is not None:
                alone_route = taught_route(scene, view, (taught,), taught)
                alone = alone_route is not None and len(alone_route) == len(
                    taught_route(scene, view, legal, taught) or alone_route)
            self._alone = (key, alone)
        return self._alone[1]

    def scripted(self, seat: int, legal: Sequence[Value]) -> Value | None:
        """The step's move, when it is this seat's."""
        intent = self.run.intent()
        return intent if intent is not None and intent in legal and self.run.seat() == seat else None

    def holds_bots(self) -> bool:
        """The script's seats wait while the coach's words are to be read (and after the last step)."""
        return self.run.done or self.scene.waiting_for_next()

    def player(self, seat: int) -> Any | None:
        """Every seat but the learner's is played by the script."""
        return None if seat == self.run.lesson.learner else _ScriptBot(self.run)

    def vet(self, reply: Reply) -> str:
        """Carry out a click only when it leads to the taught move (or only looks at something)."""
        scene = self.scene
        taught = self.run.taught()
        if reply.look is not None and reply.intent is None:
            return ""
        if taught is not None:
            if reply.intent is not None and reply.intent == taught:
                scene.nudge = ""
                return ""
            if (reply.intent is None and not reply.refusal and reply.selection is not KEEP
                    and scene.reachable(reply.selection)):
                scene.nudge = ""
                return ""
            scene.nudge = "Not that one yet: click where the coach points."
        elif not self.run.done:
            scene.nudge = "Read the coach's words, then click Next."
        else:
            return ""
        return scene.nudge

    def moved(self, intent: Value) -> None:
        """The step is done when its move was made (a bot's, once its words are read)."""
        if self.run.made(intent) and not self.run.telling:
            self.scene.stepped()

    def step(self) -> int:
        """The script's step: the taught move changes with it."""
        return self.run.index

    def undo_refusal(self) -> str:
        return "In a tutorial moves are not taken back."

    def shows_results(self) -> bool:
        """The coach ends a tutorial, not the results screen."""
        return False


def seen_with(scene: "TutorialScene", view: Any, legal: Sequence[Value]) -> Seen:
    """The screen the learner sees, with only ``legal`` to send (the taught move alone, say)."""
    return Seen(scene.view_of(scene.shows), tuple(legal), scene.shows, tuple(scene.match.seats), scene.match.rules,
                why=view.why_not)


def taught_route(scene: "TutorialScene", view: Any, legal: Sequence[Value], taught: Value
                 ) -> tuple[Move, ...] | None:
    """The clicks to ``taught`` from nothing chosen, on the table's choices built from ``legal``."""
    seen = seen_with(scene, view, legal)
    return route_to(lambda chosen: view.Choices(seen, chosen), taught, None)


# ==================================================================== the scene
class TutorialScene(TableScene):
    """A game's table played from its tutorial script, with the coach (see the module docstring)."""

    scene_name = "tutorial"
    #: The game's view: a GameViewBase with choices and geometry (the coach asks for more than the protocol).
    view: Any

    def __init__(self, app: AppServices, game: str, resume: int = 0, lesson: Lesson | None = None) -> None:
        self.lesson = _with_learner_name(app, lesson or load_lesson(game))
        self.run = LessonRun(self.lesson)
        self.run.skip_to(resume)
        self.keeps_progress = True             # a check plays it without touching the player's progress
        self.nudge = ""
        self._route: tuple[Any, Move | None] | None = None
        super().__init__(app, self.run.match, gate=TutorialGate(self))
        self.help_game = game
        self.coach = CoachMark(app)
        self.coach_box: pygame.Rect | None = None         # where the coach's box was last drawn
        layout = self.coach.layout
        self.next_button = Button(app, layout["next"], self.next_step, hotkey=pygame.K_RETURN)
        self.play_on_button = Button(app, layout["play_on"], self.play_on)
        self.leave_button = Button(app, layout["leave"], self.leave_to_title)
        self.bot_name = next((self.match.seats[seat] for seat in range(len(self.match.seats))
                              if seat != self.lesson.learner), "the bot")

    def reachable(self, selection: Any) -> bool:
        """Whether ``selection`` is a step towards the taught move: it is still reached by clicks from there, by
        fewer than from what is chosen now, or by no more where the table built for the taught move alone
        offers that click too.  So another die chosen instead is no step towards it, but where a cell alone
        would make the move, the die the coach's words name first is ("click the red 1, then a 1")."""
        taught = self.run.taught()
        view = self.view
        if taught is None or view.Choices is None:
            return False

        def make(chosen: Any) -> Any:
            return view.Choices(view.seen(), chosen)

        after = route_to(make, taught, selection)
        now = route_to(make, taught, view.selection)
        if after is None or now is None or len(after) < len(now):
            return after is not None
        offered = view.Choices(seen_with(self, view, (taught,)), view.selection)
        return len(after) == len(now) and any(
            reply.selection == selection for _, reply in moves(offered) if reply.selection is not KEEP)

    # ---------------------------------------------------------------- moving through the script
    def next_step(self) -> None:
        """Next: the coach's words were read (a talk step is done, or the bot's move it told of)."""
        if self.view.busy or self.run.done:
            return
        if self.run.telling:
            self.run.read()
            self.stepped()
        elif self.run.intent() is None:
            self.run.advance()
            self.stepped()

    def stepped(self) -> None:
        """A step is done: the next one's given position shown, the progress kept."""
        self.nudge = ""
        self._route = None
        step = self.run.step
        if step is not None and step.given is not None:
            self.view.finish_animations()
            self.view.sync()
            self.log.rebuild(self.shows)
        elif not self.view.busy:
            self.view.refresh()                # what glows follows the step
        if not self.keeps_progress:
            return
        if self.run.done:
            forget_progress(self.lesson.game)
        else:
            keep_progress(self.lesson.game, self.run.index)

    def waiting_for_next(self) -> bool:
        """The coach's words wait for Next: a talk step, or a bot's move it tells of (once it was made)."""
        step = self.run.step
        if step is None:
            return False
        return not step.do or self.run.telling

    def open_menu(self) -> None:
        """Menu (Esc): leave the tutorial for now (it continues where it was), start it again, or go on."""
        game = self.lesson.game

        def leave() -> None:
            self.app.scenes.pop_until("title")

        def again() -> None:
            forget_progress(game)
            self.app.scenes.pop_until("title")
            self.app.scenes.open("tutorial", game=game)

        self.app.scenes.open("confirm", heading=self.lesson.title,
                             message="Leave the tutorial for now? Learn to play will continue it where you are. "
                                     "Cancel goes on with it.",
                             choices=[("Leave for now", leave), ("Start again", again)])

    # ---------------------------------------------------------------- the end
    def play_on(self) -> None:
        """A real game against the strong bot, with the tutorial's names."""
        from .matches import start_match

        forget_progress(self.lesson.game)
        seats = list(self.lesson.seats)
        kinds = ["human" if seat == self.lesson.learner else "strong" for seat in range(len(seats))]
        self.app.scenes.pop_until("title")
        start_match(self.app, self.lesson.game, seats, {}, kinds)

    def leave_to_title(self) -> None:
        forget_progress(self.lesson.game)
        self.app.scenes.pop_until("title")

    # ---------------------------------------------------------------- the coach on screen
    def coach_words(self) -> tuple[str, str]:
        """The heading and the words the coach shows now."""
        if self.run.done:
            return "Well done!", _HANDOVER.format(game=self.match.rules.meta.name, bot=self.bot_name)
        step = self.run.step
        assert step is not None
        heading = f"{self.lesson.title} · {self.run.index + 1} of {len(self.lesson.steps)}"
        seat = self.run.seat()
        if step.do and seat != self.lesson.learner and not self.run.telling:
            # A bot's move is told once the table has shown it: until then the coach only says whose it is.
            name = self.match.seats[seat] if seat is not None else self.bot_name
            return heading, f"Watch {name}'s move."
        if step.say:
            return heading, step.say
        return heading, f"{self.bot_name} moves."

    def coach_buttons(self) -> list[Button]:
        """The buttons in the coach's box now (none while the view is busy: its clicks are the view's)."""
        if self.view.busy:
            return []
        if self.run.done:
            return [self.leave_button, self.play_on_button]
        return [self.next_button] if self.waiting_for_next() else []

    def pointer(self) -> pygame.Rect | None:
        """What the coach points at now (None: nothing)."""
        step = self.run.step
        if step is None:
            return None
        if step.point and (self.run.taught() is None or self._fresh()):
            return self.resolve(step.point)
        move = self.next_move()
        return None if move is None else self.move_rect(move)

    def _fresh(self) -> bool:
        """Nothing is chosen yet on the table (a step's ``point`` shows the first click of a taught move)."""
        view = self.view
        if view.Choices is None:
            return True
        return view.choices.selection == view.Choices(view.seen(), None).selection

    def next_move(self) -> Move | None:
        """The learner's next click towards the taught move (None: no move is taught now)."""
        taught = self.run.taught()
        view = self.view
        if taught is None or view.Choices is None or not self.legal():
            return None
        key = (self.match.state, view.selection, self.run.index)
        if self._route is None or self._route[0] != key:
            route = route_to(lambda chosen: view.Choices(view.seen(), chosen), taught, view.selection)
            self._route = (key, route[0] if route else None)
        return self._route[1]

    def move_rect(self, move: Move) -> pygame.Rect | None:
        """Where a click of ``move`` lands on screen."""
        return move_rect(self.view, move)

    def resolve(self, point: str) -> pygame.Rect | None:
        """The rect a step's ``point`` names (see :mod:`tabletop.app.lesson`), None if it names nothing."""
        view = self.view
        kind, _, name = point.partition(":")
        if kind == "area":
            try:
                return pygame.Rect(view.layout[name].rect)
            except DataError:
                return None
        if kind == "button":
            for button in getattr(getattr(view, "action_bar", None), "buttons", ()):
                if button.visible and button.text.lower().startswith(name.lower()):
                    return pygame.Rect(button.rect)
            return None
        geometry = view.geometry
        for hits in (geometry.hits(view.state), geometry.help_hits(view.state)):
            for target, rect in hits:
                if target_text(target.kind, target.key) == point:
                    return pygame.Rect(rect)
        return None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN):
            if press_any(self.coach_buttons(), event):
                return
        if (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.coach_box is not None
                and self.coach_box.collidepoint(event.pos)):
            return                 # the coach's box is read, not clicked through to what lies under it
        super().handle(event)

    def revealing(self) -> bool:
        """The game's view waits for a click to show the next step of something (Wizard Dice's reveal)."""
        return self.view.waiting_for_click() and self.view.busy

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.coach_box = None
        if self.revealing():
            heading, words = self.coach_words()
            self.coach_box = self.coach.draw(surface, None, words, heading=heading, nudge=_REVEAL_STEP, high=True,
                                             keep_off=controls_rects(self))
            return
        if self.view.busy:
            return
        heading, words = self.coach_words()
        self.coach_box = self.coach.draw(surface, self.pointer(), words, heading=heading, nudge=self.nudge,
                                         buttons=self.coach_buttons(), clock=self.clock, avoid=self.avoid(),
                                         keep_off=self.keep_off())

    def keep_off(self) -> list[pygame.Rect]:
        """What the coach's box never covers where it can stand elsewhere: the table's buttons (Menu is the way
        out of a tutorial) and what the step speaks of."""
        found = controls_rects(self)
        step = self.run.step
        if step is not None and step.point:
            pointed = self.resolve(step.point)
            if pointed is not None:
                found.append(pointed)
        return found

    def avoid(self) -> list[pygame.Rect]:
        """What the coach's box should cover as little of as it can: what glows, what the step's next clicks
        are."""
        found = glowing_rects(self.view)
        taught = self.run.taught()
        if taught is not None and self.view.Choices is not None:
            route = route_to(lambda chosen: self.view.Choices(self.view.seen(), chosen), taught, None) or ()
            found += [rect for rect in (self.move_rect(move) for move in route) if rect is not None]
        return found

    @property
    def busy(self) -> bool:
        return True           # the ring pulses


# ==================================================================== checking every tutorial
def check_tutorial(app: AppServices, game: str, say: Callable[[str], None] = print,
                   lesson: Lesson | None = None) -> list[str]:
    """Play ``game``'s tutorial (or ``lesson``) headless on the real table, click by click; the problems found."""
    problems: list[str] = []
    try:
        scene = TutorialScene(app, game, lesson=lesson)
    except (DataError, IllegalIntent) as exc:
        return [f"{game}: {exc}"]
    scene.keeps_progress = False
    app.scenes.push(scene)
    app.settings.bots = "instant"
    try:
        guard = 0
        while not scene.run.done and guard < 5000:
            guard += 1
            _settle(app, scene)
            step = scene.run.step
            assert step is not None
            problem = scene.run.problem()
            if problem:
                problems.append(problem)
                break
            heading, words = scene.coach_words()
            if (step.do and step.say and words == step.say and scene.run.seat() != scene.lesson.learner
                    and not scene.run.telling):
                problems.append(f"{game} {step.where}: the coach tells of {scene.bot_name}'s move before it is made")
            cut = scene.coach.problem(words, heading, "Not that one yet: click where the coach points.",
                                      scene.coach_buttons())
            if cut:
                problems.append(f"{game} {step.where}: {cut}")
            if step.point and scene.resolve(step.point) is None:
                problems.append(f"{game} {step.where}: point '{step.point}' names nothing on screen")
            rect = scene.pointer()
            if rect is not None and not SCREEN.contains(rect):
                problems.append(f"{game} {step.where}: the coach points off the screen ({tuple(rect)})")
            box = scene.coach.place(rect, words, heading, scene.nudge, scene.coach_buttons(), scene.avoid(),
                                    keep_off=scene.keep_off())
            if rect is not None and box.colliderect(rect):
                problems.append(f"{game} {step.where}: the coach's box covers what it points at")
            pointed = scene.resolve(step.point) if step.point else None
            if pointed is not None and box.colliderect(pointed):
                problems.append(f"{game} {step.where}: the coach's box covers '{step.point}', which it speaks of")
            covered = [button.text for button in scene.buttons if button.visible and box.colliderect(button.rect)]
            if covered:
                problems.append(f"{game} {step.where}: the coach's box covers {', '.join(covered)}")
            taught = scene.run.taught()
            if taught is not None and scene.view.Choices is not None:
                offered = taught_route(scene, scene.view, scene.legal(), taught)
                real = taught_route(scene, scene.view, scene.match.legal_intents(), taught)
                if offered is not None and real is not None and len(offered) < len(real):
                    problems.append(f"{game} {step.where}: '{step.do}' takes {len(offered)} click(s) here and "
                                    f"{len(real)} in a real game")
            index = scene.run.index
            if scene.waiting_for_next():
                scene.next_step()
            elif scene.run.taught() is not None:
                move = scene.next_move()
                if move is None or scene.move_rect(move) is None:
                    problems.append(f"{game} {step.where}: no click on screen leads to '{step.do}'")
                    break
                _click(scene, move)
            else:
                for _ in range(50):
                    scene.update(0.5)
                    if scene.run.index != index or scene.run.telling:
                        break
            if scene.run.index == index and not scene.waiting_for_next() and scene.run.taught() is None \
                    and scene.run.intent() is not None and scene.bot_to_act() is None:
                problems.append(f"{game} {step.where}: the move '{step.do}' was never made")
                break
        if not scene.run.done and not problems:
            step = scene.run.step
            problems.append(f"{game} {step.where if step else 'end'}: the tutorial is stuck here")
        say(f"{game}: {len(scene.lesson.steps)} steps, " + ("ok" if not problems else f"{len(problems)} problem(s)"))
    except (DataError, IllegalIntent, ScriptMismatch, RandomExhausted) as exc:
        problems.append(f"{game} {scene.run.step.where if scene.run.step else 'end'}: {exc}")
    finally:
        if app.scenes.top is scene:
            app.scenes.pop()
    return problems


def _settle(app: AppServices, scene: TutorialScene) -> None:
    for _ in range(200):                  # a reveal shown step by step: one click per step, as a player does
        if not scene.revealing():
            break
        scene.draw(app.display.surface)
        scene.view.next_beat()  # type: ignore[attr-defined]  # only a view with a reveal is revealing()
        scene.view.finish_animations()
    scene.view.finish_animations()
    for _ in range(3):
        scene.update(0.05)
        scene.view.finish_animations()
    scene.draw(app.display.surface)


def _click(scene: TutorialScene, move: Move) -> None:
    """The reply of a click of ``move``, carried out through the scene's vetting, as a real click is."""
    choices = scene.view.choices
    if move.kind == "target" and move.target is not None:
        reply = choices.click(move.target)
    elif move.kind == "button":
        slot = choices.buttons()[move.index]
        assert slot is not None
        reply = slot.reply
    elif move.kind == "menu":
        menu = choices.menu()
        assert menu is not None
        reply = menu.items[move.index].reply
    else:
        reply = choices.clear()
    scene.view.apply(reply)
