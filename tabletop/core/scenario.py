"""Scenario files: a rules test anyone can write in YAML, run by ``python -m tabletop scenario FILE``.

A scenario names a game, its seats and options, forces the random outcomes, sends
intents in their text form, and checks the state after them.  See the README
section "Writing a scenario" for the format; in short::

    title: Gandalf, roll 1
    game: dice-realms
    seats: [Gandalf, Saruman]
    random: [R1 G3 B3 M4 Y5 W5]          # forced outcomes, in the order the rules draw them
    given: {players.0.time_warps: 0}     # optional: edit the starting state by dotted path
    steps:
      - roll seat=0
      - pick seat=0 die=blue realm=blue cell=1
      - expect: {players.0.blue: 1, dice.forgotten: [red]}
      - refuse: pick seat=0 die=red realm=red cell=tail-1
        reason: not in hand                # optional: words the refusal must contain
    expect:
      dice.hand: [green, magenta, yellow, white]

Expectation keys are dotted paths into the state's plain form, or ``outcome.…``,
``to_act``, ``private_seat`` (the seat whose private view the decision needs, or null),
``legal`` / ``not_legal`` / ``legal_exactly`` (lists of intents),
``events`` (texts that must be among the last step's events, by prefix) and
``prompt`` (words it contains).  A step may also be ``given:`` (edit the state
here), ``random:`` (more forced outcomes) or ``undo: true|false``.  After the given
position and after every step the rules' invariants are checked: a position no
game can reach (a card in two places) stops the scenario, as it would prove nothing.

A scenario file is read like every content file (see :mod:`tabletop.core.data`), and
held to :data:`MAX_SCENARIO_BYTES`: a shared file that is an alias bomb, nests too
deep or holds giant numbers stops with an error naming its file, line and key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .controller import MatchController
from .protocol import Rules
from .data import DataError, Reader
from .files import FileKind
from .protocol import IllegalIntent
from .rng import RandomExhausted, ScriptedRandom, ScriptMismatch, SeededRandom
from .values import from_plain, to_plain

__all__ = ["ScenarioResult", "run_scenario", "resolve_path", "MAX_SCENARIO_BYTES"]

#: The largest scenario file read (the longest shipped scenario is about 3 KB).
MAX_SCENARIO_BYTES = 256 * 1024
SCENARIO_FILE = FileKind("a scenario file", MAX_SCENARIO_BYTES)
#: The seeds a scenario may name (what a 64-bit seed holds).
_SEEDS = (0, 2 ** 63 - 1)

_TOP_KEYS = ("title", "rule", "note", "game", "options", "seats", "seed", "random", "given", "steps", "expect")


@dataclass
class ScenarioResult:
    """What a scenario run found."""

    path: Path
    title: str = ""
    passed: int = 0
    failed: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when every expectation held and nothing went wrong."""
        return self.failed == 0 and not self.errors


_MISSING = object()


def resolve_path(root: Any, path: str) -> Any:
    """Follow a dotted path (``players.0.blue``) through dicts and lists; _MISSING if absent.

    >>> resolve_path({"a": [{"b": 3}]}, "a.0.b")
    3
    """
    node = root
    for part in path.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.lstrip("-").isdigit() and -len(node) <= int(part) < len(node):
            node = node[int(part)]
        else:
            return _MISSING
    return node


def _set_path(root: Any, path: str, value: Any) -> None:
    parts = path.split(".")
    node = resolve_path(root, ".".join(parts[:-1])) if len(parts) > 1 else root
    last = parts[-1]
    if isinstance(node, dict) and last in node:
        node[last] = value
    elif isinstance(node, list) and last.isdigit() and int(last) < len(node):
        node[int(last)] = value
    else:
        raise KeyError(path)


def _plain_yaml(value: Any) -> Any:
    """The YAML tree as plain dicts and lists (the loader's line-aware subclasses dropped)."""
    if isinstance(value, dict):
        return {k: _plain_yaml(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_yaml(v) for v in value]
    return value


def _show(value: Any) -> str:
    if value is _MISSING:
        return "(no such path)"
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value)


def run_scenario(path: str | Path, lookup: Callable[[str], Rules],
                 say: Callable[[str], None] = print) -> ScenarioResult:
    """Run one scenario file, reporting each step and expectation through ``say``.

    ``lookup`` gives the rules of the game the file names (``tabletop.registry.get_rules``).
    """
    path = Path(path)
    result = ScenarioResult(path)
    try:
        spec = Reader.from_file(path, SCENARIO_FILE).only_keys(*_TOP_KEYS)
        result.title = spec.get("title", path.stem).str()
        rule = spec.get("rule", "").str()
        say(f"scenario {path}: {result.title}" + (f" ({rule})" if rule else ""))
        seed = spec.get("seed").optional(lambda r: r.int(*_SEEDS))
        script = ScriptedRandom([], then=SeededRandom(seed) if seed is not None else None)
        _push_random(script, spec.get("random", []))
        options = {k: str(v.data) for k, v in spec.get("options", {}).items()}
        seats = [item.str() for item in spec["seats"]]
        game = spec["game"].str()
        try:
            match = MatchController(lookup(game), options, seats, seed or 0, rng=script)
        except (KeyError, ValueError) as exc:
            raise spec["game"].error(str(exc)) from None
        if spec.has("given"):
            _apply_given(match, spec["given"])
            _check_invariants(match, spec["given"], "the given position", result)
        last_events: tuple = match.opening_events
        for number, step in enumerate(spec.get("steps", []), start=1):
            last_events = _run_step(match, step, number, last_events, result, say)
            if not result.errors:
                _check_invariants(match, step, f"step {number}", result)
            if result.errors:
                break
        if not result.errors and spec.has("expect"):
            _check(match, spec["expect"], last_events, result, say, "end")
    except DataError as exc:
        result.errors.append(str(exc))
    except (ScriptMismatch, RandomExhausted) as exc:
        result.errors.append(f"{path}: forced outcomes: {exc}")
    for error in result.errors:
        say(f"  ERROR {error}")
    say(f"  {'ok' if result.ok else 'FAILED'}: {result.passed} passed, {result.failed} failed"
        + (f", {len(result.errors)} error(s)" if result.errors else ""))
    return result


def _push_random(script: ScriptedRandom, reader: Reader) -> None:
    """Forced outcomes: numbers, die tokens (``R1``), names (``fire``), or ``{deck: [Fireball, Veto]}``."""
    for item in reader:
        try:
            if isinstance(item.data, dict):
                item.only_keys("deck")
                script.push_deck([card.str() for card in item["deck"]])
            elif isinstance(item.data, (int, str)) and not isinstance(item.data, bool):
                script.push([item.data])
            else:
                raise item.error("a forced outcome is a number, a token like R1, a name, or {deck: [...]}")
        except ScriptMismatch as exc:
            raise item.error(str(exc)) from None


def _apply_given(match: MatchController, given: Reader) -> None:
    """Edit the current state by dotted paths (a scenario shortcut to a position; not replayable)."""
    plain = to_plain(match.state)
    for key, value in given.items():
        _path_key(key, value)
        try:
            _set_path(plain, key, _plain_yaml(value.data))
        except KeyError:
            raise value.error("no such path in the starting state") from None
    try:
        state = from_plain(match.rules.state_type, plain)
    except (ValueError, TypeError) as exc:
        raise given.error(f"the edited state is not valid: {exc}") from None
    if match.journal:
        match.barrier(len(match.journal) - 1)     # undo's stop after the last move: of the position it made
    match.states[-1] = state
    match.edited_at = len(match.journal)


def _check_invariants(match: MatchController, where: Reader, what: str, result: ScenarioResult) -> None:
    """A position no game can reach (a card in two places, say) stops the scenario: it would prove nothing."""
    problems = match.rules.invariants(match.state)
    if problems:
        result.errors.append(f"{where.path}:{where.line}: after {what} the state breaks the rules' invariants: "
                             + "; ".join(problems))


def _path_key(key: Any, reader: Reader) -> None:
    """Refuse a key of ``given``/``expect`` that is not a dotted path (``1: x``, ``[a]: x``)."""
    if not isinstance(key, str):
        raise reader.error("a key here is a dotted path like players.0.blue")


def _run_step(match: MatchController, step: Reader, number: int, last_events: tuple,
              result: ScenarioResult, say: Callable[[str], None]) -> tuple:
    if isinstance(step.data, str):
        text = step.str()
        try:
            events = match.submit(text)
        except IllegalIntent as exc:
            result.errors.append(f"{step.path}:{step.line}: step {number} '{text}' was refused: {exc.reason}")
            return last_events
        except (ScriptMismatch, RandomExhausted) as exc:
            result.errors.append(f"{step.path}:{step.line}: step {number} '{text}': forced outcomes: {exc}")
            return last_events
        say(f"  step {number}: {text}")
        return events
    keys = step.keys()
    if keys == ["expect"]:
        _check(match, step["expect"], last_events, result, say, f"after step {number - 1}")
        return last_events
    if keys == ["given"]:
        _apply_given(match, step["given"])
        say(f"  step {number}: given {', '.join(step['given'].keys())}")
        return last_events
    if keys == ["random"]:
        script = match._fixed_rng
        assert isinstance(script, ScriptedRandom)       # a scenario's match draws from its script (see run)
        _push_random(script, step["random"])
        return last_events
    if keys == ["undo"]:
        allowed, reason = match.undo_status()
        undoable = step["undo"].bool()
        ok = allowed == undoable
        _count(result, ok, say, f"undo {'allowed' if undoable else 'refused'} (controller says: {reason})")
        if allowed and undoable:
            match.undo()
        return last_events
    if "refuse" in keys:
        step.only_keys("refuse", "reason")
        text = step["refuse"].str()
        before = match.state
        want = step.get("reason", "").str()
        try:
            match.submit(text)
        except IllegalIntent as exc:
            ok = want.lower() in exc.reason.lower() and match.state is before
            _count(result, ok, say, f"refused '{text}': {exc.reason}"
                   + ("" if ok else f" (expected the reason to contain {want!r})"))
            return last_events
        _count(result, False, say, f"'{text}' should have been refused but was applied")
        return last_events
    raise step.error("a step is an intent text, or a mapping with one of: expect, random, undo, refuse")


def _count(result: ScenarioResult, ok: bool, say: Callable[[str], None], text: str) -> None:
    if ok:
        result.passed += 1
    else:
        result.failed += 1
    say(f"  {'PASS' if ok else 'FAIL'} {text}")


def _check(match: MatchController, expect: Reader, last_events: tuple, result: ScenarioResult,
           say: Callable[[str], None], when: str) -> None:
    state = match.state
    plain = to_plain(state)
    plain_outcome = to_plain(match.rules.outcome(state))
    legal_texts = {intent.to_str() for intent in match.legal_intents()}
    for key, wanted_reader in expect.items():
        _path_key(key, wanted_reader)
        wanted = _plain_yaml(wanted_reader.data)
        if key == "legal_exactly":
            try:
                wanted_set = {match.rules.intents.parse(str(text)).to_str()
                              for text in (wanted if isinstance(wanted, list) else [wanted])}
            except ValueError as exc:
                raise wanted_reader.error(str(exc)) from None
            ok = wanted_set == legal_texts
            _count(result, ok, say, f"{when}: legal intents are exactly {sorted(wanted_set)}"
                   + ("" if ok else f", got {sorted(legal_texts)}"))
            continue
        if key in ("legal", "not_legal"):
            for text in (wanted if isinstance(wanted, list) else [wanted]):
                try:
                    canonical = match.rules.intents.parse(str(text)).to_str()
                except ValueError as exc:
                    raise wanted_reader.error(str(exc)) from None
                is_legal = canonical in legal_texts
                _count(result, is_legal == (key == "legal"), say,
                       f"{when}: '{text}' is {'legal' if is_legal else 'not legal'}")
            continue
        if key == "events":
            texts = [event.to_str() for event in last_events]
            for want in (wanted if isinstance(wanted, list) else [wanted]):
                found = any(text.startswith(str(want)) for text in texts)
                _count(result, found, say, f"{when}: event '{want}'"
                       + (" happened" if found else f" did not happen (events: {'; '.join(texts)})"))
            continue
        if key == "prompt":
            prompt = match.rules.prompt(state)
            _count(result, str(wanted).lower() in prompt.lower(), say, f"{when}: prompt '{prompt}' mentions {wanted!r}")
            continue
        if key == "to_act":
            actual = state.to_act
        elif key == "private_seat":
            actual = match.rules.private_seat(state)
        elif key.startswith("outcome."):
            actual = resolve_path(plain_outcome, key.removeprefix("outcome."))
        else:
            actual = resolve_path(plain, key)
        ok = actual == wanted
        _count(result, ok, say, f"{when}: {key} == {_show(wanted)}" + ("" if ok else f", got {_show(actual)}"))
