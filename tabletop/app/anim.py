"""A small animation timeline: steps play one after another (or alongside the previous one).

The table turns each rules event into a step; while steps remain the table is busy
and ignores clicks.  A speed factor of 0 (the "instant" setting) plays every step
at once, still in order, so the picture always ends where the rules are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

__all__ = ["Timeline", "ease_out", "ease_in_out"]


def ease_out(t: float) -> float:
    """Fast start, gentle stop."""
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Gentle start and stop."""
    return 3 * t * t - 2 * t * t * t


@dataclass
class _Step:
    start: float
    duration: float
    on_start: Callable[[], None] | None = None
    on_update: Callable[[float], None] | None = None
    on_end: Callable[[], None] | None = None
    started: bool = False
    done: bool = field(default=False)


class Timeline:
    """Steps with start times; ``update(dt)`` plays them, ``finish()`` jumps to the end."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.time = 0.0
        self.steps: list[_Step] = []
        self._end = 0.0          # when the last sequential step ends
        self._last_start = 0.0   # when the last step started (for alongside steps)

    @property
    def busy(self) -> bool:
        """True while any step has not finished."""
        return any(not step.done for step in self.steps)

    def add(self, duration: float, *, on_start: Callable[[], None] | None = None,
            on_update: Callable[[float], None] | None = None, on_end: Callable[[], None] | None = None,
            alongside: bool = False, delay: float = 0.0) -> None:
        """Add a step after the previous one (or starting with it when ``alongside``)."""
        duration *= self.speed
        delay *= self.speed
        if not self.busy:
            self.time = self._end = self._last_start = 0.0
            self.steps.clear()
        start = (self._last_start if alongside else self._end) + delay
        self.steps.append(_Step(start, duration, on_start, on_update, on_end))
        self._last_start = start
        self._end = max(self._end, start + duration)

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds, starting, updating and ending steps in order."""
        if not self.steps:
            return
        self.time += dt
        for step in self.steps:
            if step.done or step.start > self.time:
                continue
            if not step.started:
                step.started = True
                if step.on_start:
                    step.on_start()
            progress = 1.0 if step.duration <= 0 else min(1.0, (self.time - step.start) / step.duration)
            if step.on_update:
                step.on_update(progress)
            if progress >= 1.0:
                step.done = True
                if step.on_end:
                    step.on_end()
        if not self.busy:
            self.steps.clear()
            self.time = self._end = self._last_start = 0.0

    def finish(self) -> None:
        """Play everything left to its end now."""
        while self.busy:
            self.update(max(self._end - self.time, 0.0) + 1e-6)
