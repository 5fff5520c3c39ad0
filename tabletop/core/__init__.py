"""The rules core shared by every game: protocol, values, random sources, match controller.

Nothing here imports pygame; everything is pure and runs headless.
"""
