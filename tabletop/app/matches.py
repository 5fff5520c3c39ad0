"""Starting and resuming matches from the screens: seats checked, saves kept apart, names remembered.

A new match never replaces an unfinished one silently: when the same game has an
unfinished match, the players are asked whether to keep it beside the new one,
replace it, or resume it instead.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Mapping, Sequence

from tabletop.core.controller import MatchController
from tabletop.core.protocol import TABLE_BOT_LEVELS, GameMeta, OptionSpec, bot_levels  # noqa: F401 (the doctest below)
from tabletop.registry import get_rules

from .storage import SavedMatch, clean_name

if TYPE_CHECKING:
    from .services import AppServices

__all__ = ["start_match", "quick_start", "open_saved", "DEFAULT_NAMES", "remembered_names", "SEAT_KINDS",
           "seat_kinds", "next_kind", "kind_words", "rotated_options"]

#: Who may play a seat, in the order a seat's button steps through them: a person at the shared screen, a person
#: on their own phone, or a bot of a level (a game offers the levels its rules have: :func:`seat_kinds`).
SEAT_KINDS = ("human", "phone", *TABLE_BOT_LEVELS)
_KIND_WORDS = {"human": "Human", "phone": "Phone", "easy": "Bot: easy", "strong": "Bot: strong",
               "expert": "Bot: expert"}


def seat_kinds(game_id: str, phones: bool = True) -> tuple[str, ...]:
    """Who may play a seat of ``game_id``, in the order its button steps through them: a human, a phone (at seat
    setup; not ``phones``: mid-match, where a phone seat is only ever given back to the shared screen), then the
    bot levels the game's rules have (every game has easy and strong; expert where the game has one)."""
    return ("human", *(("phone",) if phones else ()), *bot_levels(get_rules(game_id), table=True))


def next_kind(game_id: str, kind: str, phones: bool = True) -> str:
    """The seat kind after ``kind`` on a seat's button (a kind not offered here goes back to Human)."""
    kinds = seat_kinds(game_id, phones)
    return kinds[(kinds.index(kind) + 1) % len(kinds)] if kind in kinds else kinds[0]


def kind_words(kind: str) -> str:
    """A seat kind as its button says it (``Bot: easy``)."""
    return _KIND_WORDS.get(kind, f"Bot: {kind}")


DEFAULT_NAMES = ("Ada", "Brom", "Cyra", "Dorn", "Esme")


def remembered_names(app: "AppServices", game_id: str) -> list[str]:
    """The names last used for ``game_id`` in seat order (the starter first), or default names."""
    meta = get_rules(game_id).meta
    names = [clean_name(name) for name in app.settings.names.get(game_id) or ()]
    try:
        meta.check_seats(names)
    except ValueError:
        names = list(DEFAULT_NAMES[:meta.min_players])
    starter = app.settings.starter.get(game_id, 0)
    starter = starter % len(names) if isinstance(starter, int) else 0
    return names[starter:] + names[:starter]


def rotated_options(meta: GameMeta, options: Mapping[str, str], players: int, shift: int = 1) -> dict[str, str]:
    """``options`` for the same players seated ``shift`` places on (the seat list ``seats[shift:] +
    seats[:shift]``): each player's own options (``key.N``) go with them to their new seat.

    >>> meta = GameMeta("g", "G", 2, 3, False, "", "", (OptionSpec("auto", "Auto", ("off", "on"), "off",
    ...                 per_seat=True), OptionSpec("hp", "HP", ("20", "10"), "20")))
    >>> rotated_options(meta, {"hp": "10", "auto.0": "on", "auto.1": "off", "auto.2": "off"}, 3)
    {'hp': '10', 'auto.0': 'off', 'auto.1': 'off', 'auto.2': 'on'}
    """
    rotated = dict(options)
    for spec in meta.options:
        if spec.per_seat and all(spec.seat_key(seat) in options for seat in range(players)):
            for seat in range(players):
                rotated[spec.seat_key(seat)] = options[spec.seat_key((seat + shift) % players)]
    return rotated


def _unfinished_of(app: "AppServices", game_id: str) -> SavedMatch | None:
    saved, _ = app.saves.unfinished()
    return next((match for match in saved if match.game == game_id and not match.watch_only), None)


def start_match(app: "AppServices", game_id: str, names: Sequence[str], options: dict,
                seat_kinds: Sequence[str] = (), *, confirmed: bool = False,
                colours: Sequence[int] = ()) -> MatchController | None:
    """Create the match (seat 0 starts), remember the names, and open the table over the title.

    If ``game_id`` has an unfinished match, ask first (None is returned; the answer starts it).
    """
    meta = get_rules(game_id).meta
    names = [clean_name(name) for name in names]
    try:
        meta.check_seats(names)
    except ValueError as exc:
        app.toasts.show(f"The match cannot start: {exc}.")
        return None
    if not confirmed:
        waiting = _unfinished_of(app, game_id)
        if waiting is not None:
            def keep() -> None:
                start_match(app, game_id, names, options, seat_kinds, confirmed=True, colours=colours)

            def replace() -> None:
                app.saves.abandon(waiting.path, waiting.game)
                start_match(app, game_id, names, options, seat_kinds, confirmed=True, colours=colours)

            app.scenes.open("confirm", heading=f"An unfinished {meta.name} match is saved",
                            message=f"{waiting.describe()}. Start a new one beside it, replace it, "
                                    "or resume it?",
                            choices=[("Keep both", keep), ("Replace it", replace),
                                     ("Resume it", lambda: open_saved(app, waiting))])
            return None
    match = MatchController(get_rules(game_id), options, names, secrets.randbits(62), seat_kinds=seat_kinds,
                            colours=colours)
    app.saves.start(match)
    remembered = app.settings.names.get(game_id)
    if remembered and sorted(remembered) == sorted(names):
        app.settings.starter[game_id] = remembered.index(names[0])
    else:
        app.settings.names[game_id] = list(names)
        app.settings.starter[game_id] = 0
    app.save_settings()
    app.scenes.pop_until("title")
    app.scenes.open("table", match=match)
    if app.saves.problem:
        app.toasts.show(app.saves.problem, 6)
    return match


def quick_start(app: "AppServices", game_id: str) -> MatchController | None:
    """A new match with the last names and starter used (or default names)."""
    return start_match(app, game_id, remembered_names(app, game_id), {})


def open_saved(app: "AppServices", saved: SavedMatch) -> str:
    """Open a saved match at the table ("" if it opened; otherwise why not, in words).

    A match open in another copy of the app opens to be watched only; one in a folder that cannot be
    written may be watched, or played on without saving (the players choose, and are told).
    """
    if saved.read_only:
        app.scenes.open("confirm", heading="This match cannot be saved here",
                        message=f"{saved.describe()}. Your games folder cannot be written, so moves made now "
                                "will not be kept: watch it, or play on without saving.",
                        choices=[("Watch", lambda: _open_read_only(app, saved, play=False)),
                                 ("Play on, unsaved", lambda: _open_read_only(app, saved, play=True))])
        return ""
    match, playable, problem = app.saves.open(saved)
    if match is None:
        return problem
    app.scenes.pop_until("title")
    app.scenes.open("table", match=match, watch_only=not playable)
    if not playable:
        app.toasts.show("This match is open in another copy of Dice Tabletop: here you can watch it, "
                        "not play it. Start a new game to play here.", 8)
    return ""


def _open_read_only(app: "AppServices", saved: SavedMatch, play: bool) -> None:
    """A match of a read-only folder at the table: watched, or played on in memory only (never written)."""
    match, _, problem = app.saves.open(saved)
    if match is None:
        app.toasts.show(problem, 8)
        return
    app.scenes.pop_until("title")
    app.scenes.open("table", match=match, watch_only=not play)
    if play:
        app.toasts.show("Playing on without saving: your games folder cannot be written, so this match "
                        "will not be kept.", 8)
