"""The Elemental Dice table: its view and how its cards and dice read on screen."""
