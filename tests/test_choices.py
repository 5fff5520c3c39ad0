"""The table can play every legal move, and only legal moves, in every game: its choices (what glows and what a
click sends, no pygame) walked over seeded playout states at every player count; and proof that the check
fails on a table that hides a move or offers one the rules refuse."""

from __future__ import annotations

import sys

import pytest

from tabletop.app.choosing import Reply, Target
from tabletop.registry import entry, game_ids, get_rules, load

from .choices_checks import check_playout

#: Every registered game: each names its choices (``GameEntry.choices`` is required).
CHOICE_GAMES = list(game_ids())


def cases() -> list:
    found = []
    for game in CHOICE_GAMES:
        for players in get_rules(game).meta.player_counts:
            found.append(pytest.param(game, players, id=f"{game}-{players}p"))
    return found


@pytest.mark.parametrize("game, players", cases())
def test_clicks_reach_every_legal_move_and_nothing_else(game, players):
    # Every third state of two seeded playouts: all of a game's kinds of decision come up.
    for seed in (11, 12):
        report = check_playout(game, seed, players, every=3)
        assert report.states > 5
        assert report.problems == [], "\n".join(report.problems[:10])


def option_mixes() -> list:
    """For each game and player count: every option it offers there at its last choice (a per-seat option for
    every seat), so the table is walked under the variants too; mixes the game refuses are left out."""
    from tabletop.core.controller import MatchController
    from tabletop.core.simulate import DEFAULT_SEATS

    found = []
    for game in CHOICE_GAMES:
        meta = get_rules(game).meta
        for players in meta.player_counts:
            mix: dict[str, str] = {}
            for spec in meta.options:
                if not spec.offered(players):
                    continue
                trial = {**mix, spec.key: spec.choices[-1]}
                try:
                    MatchController(get_rules(game), trial, DEFAULT_SEATS[:players], 1)
                except ValueError:
                    continue
                mix = trial
            if mix:
                found.append(pytest.param(game, players, mix, id=f"{game}-{players}p-options"))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("game, players, options", option_mixes())
def test_clicks_reach_every_legal_move_under_the_options(game, players, options):
    report = check_playout(game, 13, players, every=3, options=options)
    assert report.states > 5
    assert report.problems == [], "\n".join(report.problems[:10])


def test_choices_load_no_pygame():
    for game in CHOICE_GAMES:
        load(entry(game).choices)
    # The choices of every game (and the shared module) never bring pygame in.
    leaked = [name for name in sys.modules if name == "pygame" or name.startswith("pygame.")]
    if leaked:
        # Other tests in this process may have loaded pygame: check in a clean interpreter instead.
        import subprocess

        code = ("import sys\nfrom tabletop.registry import entry, game_ids, load\n"
                "[load(entry(g).choices) for g in game_ids()]\n"
                "print('pygame' in sys.modules)\n")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert out.stdout.strip() == "False"


# ------------------------------------------------------------------ the check can fail
def _broken_variants(game: str):
    """Two broken tables for ``game``: one that never sends the first legal intent of a kind, one that sends an
    intent the rules refuse."""
    base = load(entry(game).choices)

    class HidesAMove(base):  # type: ignore[misc, valid-type]
        def click(self, target: Target) -> Reply:
            reply = super().click(target)
            if reply.intent is not None and reply.intent == self.legal[-1]:
                return Reply(refusal="Hidden.")
            return reply

        def buttons(self):
            return tuple(None if slot is not None and slot.reply.intent == self.legal[-1] else slot
                         for slot in super().buttons())

        def menu(self):
            menu = super().menu()
            if menu is None:
                return None
            return type(menu)(menu.title, tuple(slot for slot in menu.items if slot.reply.intent != self.legal[-1]))

    class OffersAnIllegalMove(base):  # type: ignore[misc, valid-type]
        def click(self, target: Target) -> Reply:
            reply = super().click(target)
            if reply.refusal and self.legal:
                # Instead of saying why not, send a move anyway (one the rules have not listed).
                return Reply(intent=_tweaked(self.legal[0]))
            return reply

    return HidesAMove, OffersAnIllegalMove


def _tweaked(intent):
    """A copy of ``intent`` with its seat moved on: never among the legal intents."""
    import dataclasses

    return dataclasses.replace(intent, seat=getattr(intent, "seat", 0) + 7)


@pytest.mark.parametrize("game", CHOICE_GAMES)
def test_the_check_fails_on_a_table_that_hides_a_move(game):
    hides, _ = _broken_variants(game)
    players = get_rules(game).meta.min_players
    report = check_playout(game, 11, players, every=3, choices_class=hides, moves=60)
    assert report.unreachable, "a table that never sends the last legal intent passed the check"


@pytest.mark.parametrize("game", CHOICE_GAMES)
def test_the_check_fails_on_a_table_that_offers_an_illegal_move(game):
    _, offers = _broken_variants(game)
    players = get_rules(game).meta.min_players
    report = check_playout(game, 11, players, every=3, choices_class=offers, moves=60)
    assert report.illegal, "a table that sends a move the rules refuse passed the check"


@pytest.mark.parametrize("game", CHOICE_GAMES)
def test_clicks_reach_any_one_legal_move_handed_alone(game):
    # A phone is handed its seat's intents, a tutorial's step the one it teaches: the table must not assume the
    # whole list (a button built from a move that is not there broke the tutorials of two games).
    from .choices_checks import each_alone_problems

    assert each_alone_problems(game, 3) == []


def test_the_alone_check_fails_on_choices_that_need_every_move():
    from tabletop.games.wizard_dice.intents import Stop

    from .choices_checks import each_alone_problems

    base = load(entry("wizard-dice").choices)

    class NeedsStop(base):
        def buttons(self):
            if self.legal and not any(isinstance(intent, Stop) for intent in self.legal) \
                    and self.stage == "secret" and self.secret is not None and not self.secret.rolled_out:
                raise KeyError(Stop)
            return super().buttons()

    assert each_alone_problems("wizard-dice", 3, choices_class=NeedsStop)


# ------------------------------------------------------------------ a sixth game is covered too
def test_a_game_entry_without_choices_is_refused():
    from tabletop.registry import GameEntry

    with pytest.raises(TypeError, match="choices"):
        GameEntry("seventh", rules="m:f", view="m:V", layout="l", results=())  # type: ignore[call-arg]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_toy_game_built_by_the_readmes_recipe_passes_the_choices_check(players):
    """Secret Trick (``tests/toygame``), the model a sixth game is copied from, has its three parts: its clicks
    reach every legal move and nothing else, and the check fails on its table hiding a move."""
    from tabletop.registry import registered

    from .toygame import ENTRY

    with registered(ENTRY):
        if players not in get_rules(ENTRY.game_id).meta.player_counts:
            pytest.skip(f"Secret Trick is not played by {players}")
        for seed in (11, 12):
            report = check_playout(ENTRY.game_id, seed, players, every=1)
            assert report.states > 5
            assert report.problems == [], "\n".join(report.problems[:10])
        hides, _ = _broken_variants(ENTRY.game_id)
        assert check_playout(ENTRY.game_id, 11, players, every=1, choices_class=hides).unreachable
