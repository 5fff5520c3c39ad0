"""The Wizard Dice table view."""
