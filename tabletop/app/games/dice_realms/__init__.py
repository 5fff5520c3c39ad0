"""Dice Realms on the table: the grimoires from the Tiled map, the dice tray, the animations."""
