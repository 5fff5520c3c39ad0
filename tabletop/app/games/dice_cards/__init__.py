"""The Dice Cards playmat view."""
