"""ElementaliS is not in the game picker yet (its table view is the next step of issue 10): its tests
register it for their own duration, as tests register throwaway games."""

import pytest

from tabletop.registry import GameEntry, registered

ENTRY = GameEntry("elementalis", rules="tabletop.games.elementalis:make_rules", view="", layout="elementalis",
                  results=(("Mana", "total"),))


@pytest.fixture(autouse=True)
def elementalis_registered():
    with registered(ENTRY):
        yield
