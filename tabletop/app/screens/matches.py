"""The unfinished matches, to choose which to resume (newest first)."""

from __future__ import annotations

from functools import partial
from typing import Sequence

from ..match_list import MatchListScene
from ..matches import open_saved
from ..storage import SavedMatch

__all__ = ["MatchesScene"]


class MatchesScene(MatchListScene):
    """One row per unfinished match: what it is and where it stands; a click resumes it."""

    scene_name = "matches"

    def __init__(self, app, saved: Sequence[SavedMatch]) -> None:
        super().__init__(app, "matches")
        self.saved = list(saved)[:self.rows]
        self.show_rows([(f"{match.describe()}  {match.note}".rstrip(), partial(self.choose, match), "")
                        for match in self.saved])

    def choose(self, saved: SavedMatch) -> None:
        """Resume ``saved`` (or say why it cannot be)."""
        self.message = open_saved(self.app, saved)
