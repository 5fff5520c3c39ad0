"""The games, one package each behind the protocol in :mod:`tabletop.core.protocol`.

The list of games, and where each one's rules, view and layout live, is
:mod:`tabletop.registry`; ``tabletop.registry.get_rules(game_id)`` gives a game's rules.
"""
