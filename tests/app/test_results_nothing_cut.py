"""The results screen cuts nothing a player reads: every row label, every name and every number of every game's
score table, at its smallest and its largest table, with long names (the table and the chart both drawn), and
no text runs out of its box (tonight's tally of five long names)."""

import pygame
import pytest

from tabletop.core.controller import MatchController
from tabletop.registry import game_ids, get_rules

from .test_nothing_cut import Watch

#: Long names a table may well type (the longest names are clipped on purpose: see test_nothing_cut.py).
NAMES = ["Bartholomew", "Guinevere", "Maximilian", "Persephone", "Cassiopeia"]


def finished(game: str, players: int) -> MatchController:
    rules = get_rules(game)
    match = MatchController(rules, None, NAMES[:players], 21)
    bot = rules.playout_bot(4)
    while not match.finished:
        match.submit(bot.choose(match.legal_intents()))
    return match


@pytest.mark.parametrize("game", game_ids())
def test_the_score_table_cuts_no_label_name_or_number(app, monkeypatch, game):
    watch = Watch(app, monkeypatch)
    draw = app.text.draw

    def within_its_box(surface, text, style, rect, **kwargs):
        # A text drawn wider than its box (a tally line left unwrapped) runs off the screen or into its neighbours.
        used = draw(surface, text, style, rect, **kwargs)
        if used.width > pygame.Rect(rect).width + 2:
            watch.cut.add((watch.where, f"{text!r} {used.width} px in a box {pygame.Rect(rect).width} px wide"))
        return used

    monkeypatch.setattr(app.text, "draw", within_its_box)
    meta = get_rules(game).meta
    for players in sorted({meta.min_players, meta.max_players}):
        results = app.scenes.open("results", match=finished(game, players))
        watch.where = f"{game} results at {players}"
        results.draw(app.display.surface)
        results.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0))
        watch.where = f"{game} chart at {players}"
        results.draw(app.display.surface)
        app.scenes.pop()
    assert not watch.cut, sorted(watch.cut)
