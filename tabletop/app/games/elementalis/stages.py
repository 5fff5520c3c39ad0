"""The stages of an ElementaliS match (``Flow.stage``) as the table groups them.

The names are the rules core's (:class:`tabletop.games.elementalis.state.Stage`); this module only gives
them short names for the table and the groups it asks about, and a test checks every stage a seeded playout
reaches is one of them.
"""

from __future__ import annotations

from tabletop.games.elementalis.state import Stage

__all__ = ["DRAFT_MAJOR", "DRAFT_MINOR", "START_MANA", "TURN", "DECLARE", "CAST", "COUNTER", "PICK", "SPLIT",
           "CHOOSE", "PUSH", "OPPOSE", "PAY", "GIVE", "OVER", "STAGES", "SETUP", "MANA_CHOICE", "DRAFT"]

DRAFT_MAJOR = Stage.DRAFT_MAJOR      # each mage takes a Major Arcana
DRAFT_MINOR = Stage.DRAFT_MINOR      # then a Minor
START_MANA = Stage.START_MANA        # the two Mana of a mage other than the first
TURN = Stage.TURN                    # Flux Tap or the Power Roll
DECLARE = Stage.DECLARE              # a spell window: declare a spell or pass
CAST = Stage.CAST                    # a declared mage casts (or forfeits)
COUNTER = Stage.COUNTER              # a mage may void a spell cast on them
PICK = Stage.PICK                    # Incinerate or Tornado choosing Mana
SPLIT = Stage.SPLIT                  # an Elementalist shares the Ethers
CHOOSE = Stage.CHOOSE                # a Creationist colours Mana of choice
PUSH = Stage.PUSH                    # bank the Channel or roll on
OPPOSE = Stage.OPPOSE                # a mage picks dice to roll against the active mage
PAY = Stage.PAY                      # a mage chooses the Mana it pays
GIVE = Stage.GIVE                    # the Cosmic Roll's Mana for another mage
OVER = Stage.OVER

#: Every stage.
STAGES = (DRAFT_MAJOR, DRAFT_MINOR, START_MANA, TURN, DECLARE, CAST, COUNTER, PICK, SPLIT, CHOOSE, PUSH, OPPOSE,
          PAY, GIVE, OVER)
#: The Arcana draft (nobody's turn yet).
DRAFT = (DRAFT_MAJOR, DRAFT_MINOR)
#: The setup: the draft and the starting Mana.
SETUP = Stage.SETUP
#: Stages where Mana is taken counter by counter.
MANA_CHOICE = (START_MANA, CHOOSE, PAY)
