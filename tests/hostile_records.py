"""Hostile match files: a real record of each game, and every way to break it that a game night has met or
could meet (truncations, bit flips, deep nesting, giant numbers, YAML in place of JSON, unknown games and
seat kinds, duplicated keys, names no screen can show, moves that do not replay ...).

``mutations(text)`` gives (name, content) pairs; content is text, or bytes for what is not UTF-8.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache

from tabletop.core.controller import MatchController
from tabletop.core.rng import derive_seed
from tabletop.registry import get_rules

GOOD_NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")


@lru_cache(maxsize=None)
def record_text(game: str, moves: int = 60, finished: bool = False) -> str:
    """A record of ``game`` played by its playout bot: ``moves`` moves in, or to its end."""
    rules = get_rules(game)
    match = MatchController(rules, None, GOOD_NAMES[:rules.meta.min_players], 1234)
    bot = rules.playout_bot(derive_seed(1234, "bot"))
    while not match.finished and (finished or len(match.journal) < moves):
        match.submit(bot.choose(match.legal_intents()))
    return match.record().to_json()


def _edit(text: str, change, compact: bool = False) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data) if compact else json.dumps(data, indent=1)


def _set(key, value):
    return lambda data: data.__setitem__(key, value)


def _seat(index, key, value):
    return lambda data: data["seats"][index].__setitem__(key, value)


def _outcomes(change):
    """Change the outcomes of the first move that drew any."""
    def apply(data):
        entry = next(e for e in data["intents"] if e["outcomes"])
        entry["outcomes"] = change(entry["outcomes"])
    return apply


def _replace_once(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def mutations(text: str) -> list[tuple[str, str | bytes]]:
    """Every hostile variant of the record ``text`` (67 edits and 4 bit flips)."""
    data = json.loads(text)
    seed = f'"seed": {data["seed"]}'
    n = len(text)
    flips = random.Random(n)
    out: list[tuple[str, str | bytes]] = [
        ("empty", ""),
        ("truncated to a quarter", text[: n // 4]),
        ("truncated to half", text[: n // 2]),
        ("truncated to three quarters", text[: 3 * n // 4]),
        ("last byte cut", text[:-1]),
        ("not UTF-8", b"\xff\xfe\xfa" + text.encode()[3:]),
        ("UTF-16", text.encode("utf-16")),
        ("NUL bytes inside", text[: n // 2] + "\x00" * 16 + text[n // 2:]),
        ("100,000-deep lists", "[" * 100_000 + "]" * 100_000),
        ("100,000-deep objects", '{"a": ' * 100_000 + "1" + "}" * 100_000),
        ("900-deep lists under an unknown key", _replace_once(text, "{", '{"padding": ' + "[" * 900 + "]" * 900 + ",")),
        ("a seed of 4,300 digits", _replace_once(text, seed, '"seed": ' + "7" * 4300)),
        ("a seed of 5,000 digits", _replace_once(text, seed, '"seed": ' + "7" * 5000)),
        ("a seed of 2**70", _edit(text, _set("seed", 2 ** 70))),
        ("a negative giant seed", _edit(text, _set("seed", -(2 ** 70)))),
        ("a fractional seed", _replace_once(text, seed, '"seed": 1.5')),
        ("a NaN seed", _replace_once(text, seed, '"seed": NaN')),
        ("an infinite seed", _replace_once(text, seed, '"seed": -Infinity')),
        ("a seed in words", _edit(text, _set("seed", "eleven"))),
        ("a true seed", _edit(text, _set("seed", True))),
        ("an outcome of 30 digits", _edit(text, _outcomes(lambda o: [10 ** 30] + o[1:]))),
        ("a negative outcome", _edit(text, _outcomes(lambda o: [-1] + o[1:]))),
        ("an outcome no die shows", _edit(text, _outcomes(lambda o: [99] + o[1:]))),
        ("an outcome too many", _edit(text, _outcomes(lambda o: o + [1]))),
        ("an outcome too few", _edit(text, _outcomes(lambda o: o[:-1]))),
        ("outcomes in words", _edit(text, _outcomes(lambda o: "one two"))),
        ("a YAML tag", "!!python/object/apply:os.system ['echo hi']\n" + text),
        ("YAML in place of JSON", "format: dice-tabletop-match\nversion: 1\ngame: dice-realms\n"),
        ("an unknown game", _edit(text, _set("game", "chess"))),
        ("a megabyte game name", _edit(text, _set("game", "g" * 1_000_000))),
        ("no game", _edit(text, _set("game", None))),
        ("another format", _edit(text, _set("format", "chess-pgn"))),
        ("no format", _edit(text, lambda d: d.pop("format"))),
        ("version 99", _edit(text, _set("version", 99))),
        ("version in words", _edit(text, _set("version", "1"))),
        ("no seats", _edit(text, _set("seats", []))),
        ("one seat", _edit(text, lambda d: d.__setitem__("seats", d["seats"][:1]))),
        ("six seats", _edit(text, lambda d: d.__setitem__("seats", [{"name": f"P{i}", "kind": "human"}
                                                                     for i in range(6)]))),
        ("ten thousand seats", _edit(text, lambda d: d.__setitem__("seats", [{"name": f"P{i}", "kind": "human"}
                                                                              for i in range(10_000)]))),
        ("a NUL in a name", _edit(text, _seat(0, "name", "An\u0000n"))),
        ("a megabyte name", _edit(text, _seat(0, "name", "A" * 1_000_000))),
        ("a megabyte name of words", _edit(text, _seat(0, "name", "A " * 500_000))),
        ("a lone surrogate in a name", _replace_once(text, '"name": "Ann"', '"name": "\\ud800Ann"')),
        ("a blank name", _edit(text, _seat(0, "name", "   "))),
        ("a newline in a name", _edit(text, _seat(0, "name", "An\nn"))),
        ("two seats named alike", _edit(text, _seat(1, "name", "Ann"))),
        ("a name that is a number", _edit(text, _seat(0, "name", 7))),
        ("a seat kind that is a sentence", _edit(text, _seat(0, "kind", "Bot: strong"))),
        ("a megabyte seat kind", _edit(text, _seat(0, "kind", "k" * 1_000_000))),
        ("a seat kind of null", _edit(text, _seat(0, "kind", None))),
        ("seats as an object", _edit(text, _set("seats", {"name": "Ann"}))),
        ("a seat that is a text", _edit(text, lambda d: d["seats"].__setitem__(0, "Ann"))),
        ("moves as an object", _edit(text, _set("intents", {"intent": "roll"}))),
        ("a move without its intent", _edit(text, lambda d: d["intents"][0].pop("intent"))),
        ("a megabyte move", _edit(text, lambda d: d["intents"][0].__setitem__("intent", "x" * 1_000_000))),
        ("a move of another game", _edit(text, lambda d: d["intents"][0].__setitem__("intent", "fly seat=0"))),
        ("a NUL in a move", _edit(text, lambda d: d["intents"][0].__setitem__("intent", "roll\u0000 seat=0"))),
        ("the moves backwards", _edit(text, lambda d: d["intents"].reverse())),
        ("sixty thousand moves", _edit(text, _set("intents", [{"intent": "pass", "outcomes": []}] * 60_000),
                                       compact=True)),
        ("the seed twice", _replace_once(text, seed, f'{seed}, "seed": 5')),
        ("the game twice", _replace_once(text, '"game": ', '"game": "chess", "game": ')),
        ("an unknown option", _edit(text, lambda d: d["options"].__setitem__("cheat", "yes"))),
        ("options as a list", _edit(text, _set("options", ["cheat"]))),
        ("finished in words", _edit(text, _set("finished", "no"))),
        ("five megabytes of padding", _edit(text, _set("padding", "x" * (5 * 1024 * 1024)))),
        ("the record inside a list", "[" + text + "]"),
    ]
    for index in range(4):
        position = flips.randrange(n)
        flipped = bytearray(text.encode())
        flipped[position] ^= 1 << flips.randrange(8)
        out.append((f"bit flip {index + 1}", bytes(flipped)))
    return out
