"""Every screen of the app by name: the only module that imports the screens.

Screens open one another through ``app.scenes.open(name, ...)``; this table is
handed to the scene manager when the app starts, so no screen imports another.
"""

from __future__ import annotations

from .scenes import SceneFactory
from .screens.attract import AttractScene
from .screens.confirm import ConfirmScene
from .screens.history import HistoryScene
from .screens.join import JoinScene
from .screens.matches import MatchesScene
from .screens.pass_device import PassDeviceScene
from .screens.pause import PauseScene
from .screens.picker import PickerScene
from .screens.pile import PileScene
from .screens.problem import ProblemScene
from .screens.replays import ReplaysScene
from .screens.results import ResultsScene
from .screens.rules import RulesScene
from .screens.seat_kinds import SeatKindsScene
from .screens.seats import SeatsScene
from .screens.settings import SettingsScene
from .screens.table import TableScene
from .screens.title import TitleScene
from .tutorial import TutorialScene

__all__ = ["SCENES"]

SCENES: dict[str, SceneFactory] = {scene.scene_name: scene for scene in (
    TitleScene, PickerScene, SeatsScene, SettingsScene, TableScene, PauseScene, RulesScene, ResultsScene,
    PassDeviceScene, PileScene, ProblemScene, ConfirmScene, MatchesScene, SeatKindsScene, AttractScene,
    ReplaysScene, HistoryScene, TutorialScene, JoinScene,
)}
