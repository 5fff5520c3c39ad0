"""Tutorials are data: ``data/<game folder>/tutorial.yaml``, read here (no pygame) and played by the table.

A tutorial is a short scripted game against a bot: the dice and draws are forced, every move of every
seat is named, and the coach says what each move teaches.  The format::

    title: Learn Dice Realms                  # shown on the picker's "Learn to play" and in the coach's box
    minutes: 8                                # about how long it takes
    seats: [You, Brom]                        # the learner first; every other seat is a bot
    learner: 0                                # optional: the learner's seat (default 0)
    options: {}                               # optional: the game's options
    seed: 7                                   # optional: where chance comes from once the forced outcomes end
    random: [fire, water]                     # optional: forced outcomes of the setup (as in a scenario)
    given: {players.0.time_warps: 1}          # optional: edit the starting position (as in a scenario)
    steps:
      - say: Welcome to Dice Realms ...       # a talk step: the coach speaks, the learner clicks Next
        point: area:forgotten                 # optional: what the coach points at
      - random: [R2 G3 B6 M1 Y4 W5]           # forced outcomes of the move that follows
        do: roll seat=0                       # the move taught (its stable text form; it must be legal here)
        say: Roll the dice: click Roll.        # why, in one or two sentences of the game's own words
      - do: pick seat=1 die=red realm=red cell=tail-3    # a bot's move: played by the table
        say: Brom takes the red 3.            # optional: the coach speaks first (a Next click)
      - given: {round: 6}                     # optional: skip ahead (the coach says so)
        say: Let us jump to the last round.

Each step has at most these keys: ``say`` (the coach's words), ``do`` (a move), ``point``, ``random``,
``given``.  A ``do`` of the learner's seat is **taught**: the table glows only what leads to it, the coach
points at its next click (or at ``point``), and any other click gets a gentle hint.  A ``do`` of another
seat is the bot's move, played at the bot's pace; with ``say`` the coach speaks first.  A step without
``do`` is a talk step (with a Next button).  The ``random`` of a step is pushed when the step comes up,
its ``given`` applied then.  After the last step the coach offers a real game.

``point`` names what the coach points at:

* ``die:red``, ``cell:0 blue 3``, ``card:Fireball`` ... a target of the game's choices, written as its kind,
  a colon and its key's parts separated by spaces (what :func:`target_text` gives);
* ``button:Roll``: the action bar's button whose words start with ``Roll``;
* ``area:forgotten``: an element of the game's layout (``data/layouts/<game>.yaml``);
* nothing: for a taught move, the next click of the shortest click sequence that sends it.

For a taught move, ``point`` shows its first click only (a die before its cell, say); once something is
chosen the coach points along the shortest click sequence from there.

The tests and ``tabletop tutorial --check`` play every tutorial from start to end and fail when a move is
not legal at its step, a pointer names nothing on screen, or a text does not fit the coach's box.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Hashable

from tabletop.core.controller import MatchController, write_atomic
from tabletop.core.data import DataError, Reader
from tabletop.core.files import TUTORIAL_PROGRESS, FileKind, FileRefused, parse_json, read_text, set_aside
from tabletop.core.records import shown_file_name
from tabletop.core.protocol import IllegalIntent, Rules
from tabletop.core.rng import ScriptedRandom, SeededRandom
from tabletop.core.scenario import _apply_given, _push_random  # the scenario machinery's forced outcomes
from tabletop.core.values import Token, Value
from tabletop.paths import data_path, describe_os_error, user_dir
from tabletop.registry import entry, game_ids, get_rules

__all__ = ["Lesson", "LessonStep", "LessonRun", "load_lesson", "lesson_games", "target_text", "lesson_path",
           "LESSON_LIMIT", "saved_step", "read_progress", "keep_progress", "forget_progress", "open_tutorial"]

#: The largest tutorial file read.
LESSON_LIMIT = 256 * 1024
LESSON_FILE = FileKind("a tutorial file", LESSON_LIMIT)
_TOP = ("title", "minutes", "seats", "learner", "options", "seed", "random", "given", "steps")
_STEP = ("say", "do", "point", "random", "given")


@dataclass(frozen=True)
class LessonStep:
    """One step of a tutorial (see the module docstring)."""

    number: int
    line: int | None
    say: str = ""
    do: str = ""
    point: str = ""
    random: Reader | None = None
    given: Reader | None = None

    @property
    def where(self) -> str:
        """The step's place in its file, for messages."""
        return f"step {self.number} (line {self.line})"


@dataclass(frozen=True)
class Lesson:
    """A tutorial as read from its file."""

    game: str
    path: Path
    title: str
    minutes: int
    seats: tuple[str, ...]
    learner: int
    options: dict[str, str]
    seed: int
    random: Reader | None
    given: Reader | None
    steps: tuple[LessonStep, ...]


def lesson_path(game: str) -> Path:
    """Where the tutorial of ``game`` lives (it may not exist)."""
    return data_path(entry(game).layout, "tutorial.yaml")


def lesson_games() -> tuple[str, ...]:
    """The games that have a tutorial, in the registry's order."""
    return tuple(game for game in game_ids() if lesson_path(game).is_file())


def load_lesson(game: str, path: Path | None = None) -> Lesson:
    """Read the tutorial of ``game``; DataError (file, line, key) if it is not well formed."""
    path = path or lesson_path(game)
    spec = Reader.from_file(path, LESSON_FILE).only_keys(*_TOP)
    seats = tuple(item.str() for item in spec["seats"])
    learner = spec.get("learner", 0).int(0, max(0, len(seats) - 1))
    steps = []
    for number, item in enumerate(spec["steps"], start=1):
        item.only_keys(*_STEP)
        step = LessonStep(number, item.line, say=item.get("say", "").str().strip(), do=item.get("do", "").str(),
                          point=item.get("point", "").str(),
                          random=item["random"] if item.has("random") else None,
                          given=item["given"] if item.has("given") else None)
        if not step.say and not step.do:
            raise item.error("a step needs words (say) or a move (do)")
        steps.append(step)
    if not steps:
        raise spec["steps"].error("a tutorial needs at least one step")
    return Lesson(game=game, path=Path(path), title=spec.get("title", "Learn to play").str(),
                  minutes=spec.get("minutes", 10).int(1, 60), seats=seats, learner=learner,
                  options={k: str(v.data) for k, v in spec.get("options", {}).items()},
                  seed=spec.get("seed", 1).int(0, 2 ** 62), random=spec["random"] if spec.has("random") else None,
                  given=spec["given"] if spec.has("given") else None, steps=tuple(steps))


def target_text(kind: str, key: Hashable) -> str:
    """A target as a tutorial names it: ``die:red``, ``cell:0 blue 3`` (a key's parts separated by spaces).

    >>> target_text("die", "red"), target_text("cell", (0, "blue", 3)), target_text("roll", None)
    ('die:red', 'cell:0 blue 3', 'roll')
    """
    if key is None:
        return kind
    parts = key if isinstance(key, tuple) else (key,)
    return f"{kind}:" + " ".join(_part(part) for part in parts)


def _part(part: Any) -> str:
    if isinstance(part, Token) or hasattr(part, "to_text"):
        return str(part.to_text())
    if isinstance(part, tuple):
        return " ".join(_part(inner) for inner in part)
    return str(part)


class LessonRun:
    """A tutorial being played: its match (with the forced outcomes), and the step it has come to.

    ``seat_kinds`` are the match's seat kinds (default: the learner human, every other seat the strong bot).
    """

    def __init__(self, lesson: Lesson, lookup: Callable[[str], Rules] = get_rules,
                 seat_kinds: tuple[str, ...] | None = None) -> None:
        self.lesson = lesson
        rules = lookup(lesson.game)
        self.script = ScriptedRandom([], then=SeededRandom(lesson.seed))
        if lesson.random is not None:
            _push_random(self.script, lesson.random)
        kinds = seat_kinds or tuple("human" if seat == lesson.learner else "strong"
                                    for seat in range(len(lesson.seats)))
        self.match = MatchController(rules, lesson.options, lesson.seats, lesson.seed, rng=self.script,
                                     seat_kinds=kinds)
        if lesson.given is not None:
            _apply_given(self.match, lesson.given)
        self.index = 0
        self.telling = False        # the current step's move (the script's) was made: its words wait to be read
        self._enter()

    # ---------------------------------------------------------------- where it stands
    @property
    def step(self) -> LessonStep | None:
        """The step the tutorial has come to (None once every step is done)."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def done(self) -> bool:
        """Every step has been played."""
        return self.index >= len(self.lesson.steps)

    def intent(self) -> Value | None:
        """The move of the current step (None for a talk step); DataError if it is not a move of the game."""
        step = self.step
        if step is None or not step.do:
            return None
        try:
            return self.match.rules.intents.parse(step.do)
        except ValueError as exc:
            raise DataError(self.lesson.path, step.line, "do", f"not a move of this game: {exc}") from None

    def seat(self) -> int | None:
        """The seat that makes the current step's move (None for a talk step)."""
        intent = self.intent()
        return None if intent is None else getattr(intent, "seat", self.match.state.to_act)

    def taught(self) -> Value | None:
        """The learner's move the current step teaches (None when the step is not one)."""
        intent = self.intent()
        return intent if intent is not None and self.seat() == self.lesson.learner else None

    def problem(self) -> str:
        """Why the current step cannot be played here ("" if it can): its move is not legal now."""
        intent = self.intent()
        step = self.step
        if intent is None or step is None or self.telling:
            return ""
        if intent not in self.match.legal_intents():
            why = self.match.rules.why_illegal(self.match.state, intent) if hasattr(
                self.match.rules, "why_illegal") else "not legal"
            return f"{self.lesson.path.name} {step.where}: '{step.do}' is not legal here ({why})"
        return ""

    # ---------------------------------------------------------------- moving on
    def _enter(self) -> None:
        """The current step comes up: its given position, its forced outcomes."""
        step = self.step
        if step is None:
            return
        if step.given is not None:
            _apply_given(self.match, step.given)
        if step.random is not None:
            _push_random(self.script, step.random)

    def advance(self) -> None:
        """The current step is done (a talk step read, or its move made): on to the next."""
        if self.step is not None:
            self.index += 1
            self._enter()

    def made(self, intent: Value) -> bool:
        """A move was made at the table: True (and on to the next step) when it is the current step's.  A move
        of the script's seats with words stays the current step until the words are read (:meth:`read`): the
        coach tells of a bot's move after it was made, never before."""
        if intent == self.intent():
            step = self.step
            if step is not None and step.say and self.seat() != self.lesson.learner:
                self.telling = True
            else:
                self.advance()
            return True
        return False

    def read(self) -> None:
        """The words of a move just made were read: on to the next step."""
        if self.telling:
            self.telling = False
            self.advance()

    def play_step(self) -> tuple[Value, ...]:
        """Play the current step headless (its move, if any) and move on; IllegalIntent if it is not legal."""
        intent = self.intent()
        events: tuple[Value, ...] = ()
        if intent is not None:
            problem = self.problem()
            if problem:
                raise IllegalIntent(problem, intent)
            events = self.match.submit(intent)
        self.advance()
        return events

    def skip_to(self, index: int) -> None:
        """Play the first ``index`` steps headless (a tutorial continued where it was left)."""
        while self.index < min(index, len(self.lesson.steps)):
            self.play_step()


def _progress_path(game: str) -> Path:
    return user_dir() / "tutorials" / f"{game}.json"


def saved_step(game: str) -> int:
    """How many steps of ``game``'s tutorial were done when it was left (0: not started, or finished)."""
    return read_progress(game)[0]


def read_progress(game: str) -> tuple[int, str]:
    """How many steps of ``game``'s tutorial were done when it was left (0: not started, or finished), and a
    sentence for the players if its progress file could not be read.  Such a file is read by the one careful
    reader (an ordinary file of at most 4 KB: never a FIFO or a device), then set aside, so it is said once."""
    path = _progress_path(game)
    try:
        if not (path.exists() or path.is_symlink()):
            return 0, ""
        data = parse_json(read_text(path, TUTORIAL_PROGRESS), path.name, nesting=2, values=16)
    except (FileRefused, OSError) as exc:
        reason = exc.reason if isinstance(exc, FileRefused) else describe_os_error(exc)
        try:
            kept = f" The file was kept as {shown_file_name(set_aside(path).name)}."
        except OSError:
            kept = ""
        return 0, f"Where you were in this tutorial could not be read ({reason}); it starts again.{kept}"
    step = data.get("step", 0) if isinstance(data, dict) else 0
    return (step if isinstance(step, int) and not isinstance(step, bool) and step > 0 else 0), ""


def keep_progress(game: str, step: int) -> None:
    try:
        write_atomic(_progress_path(game), json.dumps({"game": game, "step": step}))
    except OSError:
        pass          # the tutorial goes on; it only cannot be continued later


def forget_progress(game: str) -> None:
    """The tutorial of ``game`` starts from the beginning next time."""
    try:
        _progress_path(game).unlink()
    except OSError:
        pass


def open_tutorial(app: Any, game: str) -> None:
    """"Learn to play": the tutorial of ``game``, or the question whether to continue the one left."""
    step, problem = read_progress(game)
    if problem:
        app.toasts.show(problem, 6)
    if step <= 0:
        app.scenes.open("tutorial", game=game)
        return
    name = get_rules(game).meta.name

    def again() -> None:
        forget_progress(game)
        app.scenes.open("tutorial", game=game)

    app.scenes.open("confirm", heading=f"Learn {name}",
                    message="You left this tutorial part of the way through. Continue where you were, "
                            "or start it again?",
                    choices=[("Continue", lambda: app.scenes.open("tutorial", game=game, resume=step)),
                             ("Start again", again)])


def check_rules_level(game: str) -> list[str]:
    """Play a tutorial headless through the rules alone; the problems found (empty when it plays to its end)."""
    try:
        run = LessonRun(load_lesson(game))
        while not run.done:
            problem = run.problem()
            if problem:
                return [problem]
            run.play_step()
    except (DataError, IllegalIntent) as exc:
        return [str(exc)]
    return []
