"""The reveal board names every spell whole at five wizards, where a column is narrow: a name too long even
shrunk ("Cure Heavy Wounds") goes on over the line below, before its targets, instead of "Cure Heavy…"."""

from tabletop.app.bench import open_busy_table
from tabletop.app.games.wizard_dice.reveal import Shown
from tabletop.games.wizard_dice.state import Stage, Target

from .test_nothing_cut import Watch


def test_every_spell_name_is_whole_on_the_board_at_five_wizards(app, monkeypatch):
    table = open_busy_table(app, "wizard-dice", ["Ann", "Bo", "Cy", "Di", "Ed"], 3,
                            lambda match: match.state.flow.stage == Stage.CARRY)
    view = table.view
    book = view.book
    watch = Watch(app, monkeypatch)
    for spell in book.spells:
        view.board = [Shown(caster, spell.spell_id, spell.pattern.example(), (Target("wizard", (caster + 1) % 5),), ())
                      for caster in range(5)]
        watch.where = spell.name
        table.draw(app.display.surface)
    assert "Cure Heavy Wounds" in {spell.name for spell in book.spells}
    assert not watch.cut, sorted(watch.cut)
