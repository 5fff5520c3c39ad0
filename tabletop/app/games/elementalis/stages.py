"""The stages of an ElementaliS match (``Flow.stage``), named once for the table.

The rules core (``tabletop/games/elementalis/state.py``) compares bare strings and names no constants yet;
until it does, the table names them here, word for word as the core's docstring lists them, and a test
checks every stage a seeded playout reaches is one of these.  When the core gains its own constants,
this module imports them instead.
"""

from __future__ import annotations

__all__ = ["DRAFT_MAJOR", "DRAFT_MINOR", "START_MANA", "TURN", "DECLARE", "CAST", "COUNTER", "PICK", "SPLIT",
           "CHOOSE", "PUSH", "OPPOSE", "PAY", "GIVE", "OVER", "STAGES", "SETUP", "MANA_CHOICE", "DRAFT"]

DRAFT_MAJOR = "draft_major"      # each mage takes a Major Arcana
DRAFT_MINOR = "draft_minor"      # then a Minor
START_MANA = "start_mana"        # the two Mana of a mage other than the first
TURN = "turn"                    # Flux Tap or the Power Roll
DECLARE = "declare"              # a spell window: declare a spell or pass
CAST = "cast"                    # a declared mage casts (or forfeits)
COUNTER = "counter"              # a mage may void a spell cast on them
PICK = "pick"                    # Incinerate or Tornado choosing Mana
SPLIT = "split"                  # an Elementalist shares the Ethers
CHOOSE = "choose"                # a Creationist colours Mana of choice
PUSH = "push"                    # bank the Channel or roll on
OPPOSE = "oppose"                # a mage picks dice to roll against the active mage
PAY = "pay"                      # a mage chooses the Mana it pays
GIVE = "give"                    # the Cosmic Roll's Mana for another mage
OVER = "over"

#: Every stage.
STAGES = (DRAFT_MAJOR, DRAFT_MINOR, START_MANA, TURN, DECLARE, CAST, COUNTER, PICK, SPLIT, CHOOSE, PUSH, OPPOSE,
          PAY, GIVE, OVER)
#: The Arcana draft (nobody's turn yet).
DRAFT = (DRAFT_MAJOR, DRAFT_MINOR)
#: The setup: the draft and the starting Mana.
SETUP = (DRAFT_MAJOR, DRAFT_MINOR, START_MANA)
#: Stages where Mana is taken counter by counter.
MANA_CHOICE = (START_MANA, CHOOSE, PAY)
