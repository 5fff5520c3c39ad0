"""Secret Trick, a throwaway game living in the tests: it proves a new game needs only its rules, its table in
three parts (geometry, choices, view), its layout and rules page, and one registry entry (:data:`ENTRY`)."""

from pathlib import Path

from tabletop.registry import GameEntry

HERE = Path(__file__).parent

#: The one registry line of the game (registered by the tests with ``registry.registered(ENTRY)``).
ENTRY = GameEntry("secret-trick", rules="tests.toygame:make_rules", view="tests.toygame.view:SecretTrickView",
                  choices="tests.toygame.choices:SecretTrickChoices", layout=str(HERE / "layout.yaml"),
                  results=(("Cards left", "cards_left"), ("Tricks", "tricks")),
                  bench="tests.toygame.view:busiest_table", rules_page=str(HERE / "rules.md"))
#: The same game with a view that shows every hand to everyone.
LEAKY_ENTRY = GameEntry("leaky-trick", rules="tests.toygame:make_leaky_rules",
                        view="tests.toygame.view:SecretTrickView",
                        choices="tests.toygame.choices:SecretTrickChoices", layout=str(HERE / "layout.yaml"),
                        results=(("Tricks", "tricks"),))


def make_rules():
    """The rules of Secret Trick."""
    from .rules import SecretTrickRules

    return SecretTrickRules()


def make_leaky_rules():
    """Secret Trick with a view that leaks every hand."""
    from dataclasses import replace

    from .rules import META, LeakyTrickRules

    rules = LeakyTrickRules()
    rules.meta = replace(META, game_id="leaky-trick", name="Leaky Trick")
    return rules
