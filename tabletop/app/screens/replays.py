"""Replays: the saved and finished matches (game, players, date, result); a click offers to watch it move by
move as a spectator, with every hand once it is over, or to export a finished one to a file another copy
of Dice Tabletop opens (from its ``replays`` folder, or with ``tabletop play --replay FILE``).

Every file is read by the one loader of match files (``MatchController.load``).  A damaged file of the
app's own folders is set aside and reported; one in ``replays/`` is the player's: it stays where it is and
its row says it cannot be replayed (a click says why)."""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path

from tabletop.core.controller import MatchController
from tabletop.core.records import shown_file_name

from ..match_list import MatchListScene, Row

__all__ = ["ReplaysScene", "describe_match", "open_replay"]


def describe_match(match: MatchController, path: Path) -> str:
    """``✓ Finished · Dice Cards: Ada vs Brom, 24 Nov 11:05, Ada won``; an unfinished match is marked ``▶
    Unfinished`` with where it stands, one the players replaced by a new game ``✗ Replaced, unfinished``."""
    try:
        when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
    except (OSError, ValueError, OverflowError):
        when = "date unknown"
    if match.finished:
        outcome = match.rules.outcome(match.state)
        winners = [match.seats[seat] for seat in outcome.winners]
        result = f"{' and '.join(winners)} won" if winners else "no winner"
        mark = "✓ Finished"
    else:
        result = match.rules.progress(match.state) or f"{len(match.journal)} moves in"
        # A match the players replaced by a new one is kept among the finished ones (its file says so).
        mark = "✗ Replaced, unfinished" if path.stem.endswith("-abandoned") else "▶ Unfinished"
    return f"{mark} · {match.rules.meta.name}: {' vs '.join(match.seats)}, {when}, {result}"


def open_replay(app, match: MatchController, show_all: bool = False) -> None:
    """The table, replaying ``match`` from its first move."""
    app.scenes.open("table", match=match, replay=match, show_all=show_all)


class ReplaysScene(MatchListScene):
    """One row per match file, newest first: a match to replay, or a file that cannot be replayed."""

    scene_name = "replays"

    def __init__(self, app) -> None:
        super().__init__(app, "replays")
        listed, problems = app.saves.replays(self.rows)
        self.matches: list[tuple[MatchController, Path]] = [(entry.match, entry.path) for entry in listed
                                                            if entry.match is not None]
        self.unreadable = [entry.problem for entry in listed if entry.match is None]
        rows: list[Row] = []
        for entry in listed:
            if entry.match is not None:
                rows.append((describe_match(entry.match, entry.path),
                             partial(self.choose, entry.match, entry.path), ""))
            else:
                rows.append((f"{shown_file_name(entry.path)}: cannot be replayed", lambda: None, entry.problem))
        self.show_rows(rows)
        self.message = " ".join(problems + self.unreadable)
        if not listed:
            self.message = self.message or "No match to replay yet: finish or save one first."

    def choose(self, match: MatchController, path: Path) -> None:
        """Watch it, watch it with every hand (finished only), or export it (finished only)."""
        choices = [("Watch", lambda: open_replay(self.app, match))]
        if match.finished:
            choices += [("Watch all hands", lambda: open_replay(self.app, match, show_all=True)),
                        ("Export to a file", lambda: self.export(match))]
        self.app.scenes.open("confirm", heading="Replay", message=describe_match(match, path), choices=choices)

    def export(self, match: MatchController) -> None:
        try:
            path = self.app.saves.export(match)
        except OSError as exc:
            self.app.toasts.show(f"Could not export: {exc}.", 6)
            return
        self.app.toasts.show(f"Exported to {path}. Another copy opens it from its replays folder, "
                             f"or with: tabletop play --replay FILE", 10)
