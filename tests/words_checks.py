"""Every word a player reads, gathered headless and checked: refusals, names, developer words.

Shared by the per-game ``tests/<game>/test_words.py`` files; nothing here knows one game from another (the
registry says where a game's rules, choices, layout and rules page are).

* :func:`refusals` plays seeded random games (every player count the game allows) and, at sampled states,
  collects the sentences a refused click gets (the game's table choices walked as in
  ``tests/choices_checks.py``: a click on a target that is not legal, a disabled button) and the rules'
  sentences for intents that are not legal now (``rules.why_illegal`` on intents legal at other moments of
  the game), each with the prompt shown at that state.
* :func:`check_refusal` says what is wrong with one refusal: it repeats the prompt, holds a developer word,
  or is a catch-all that says nothing.
* :func:`names_file` reads ``data/<layout>/words.yaml``::

      names:                         # the one name of each thing, with the synonyms that must not come back
        Dice tray: [hand, dice pool]
      allowed:                       # optional: phrases in which a synonym may stand ("on the other hand")
        - other hand

  and :func:`check_names` lists each synonym found in a set of texts, and where.
* :func:`player_texts` gathers every text of a game a player reads that can be had without a window: its
  rules page (F1), its option labels and help, the table's fixed labels and the results rows, prompts, log
  lines and tooltips over seeded playouts, and its refusals.
* :func:`reading_minutes` times a text at 230 words a minute; :func:`first_page` is the how-to-play page at
  the top of F1.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

import yaml

from tabletop.app.choosing import KEEP, Seen
from tabletop.core.controller import MatchController
from tabletop.core.protocol import IllegalIntent
from tabletop.core.rng import derive_seed
from tabletop.core.simulate import DEFAULT_SEATS
from tabletop.core.values import Value, visible_events
from tabletop.paths import data_path
from tabletop.registry import entry, get_rules, load

__all__ = ["Said", "Refusal", "refusals", "check_refusal", "DEVELOPER_WORDS", "CATCH_ALLS", "Names", "names_file",
           "check_names", "player_texts", "rules_page_text", "option_texts", "playout_texts", "strip_prefix",
           "reading_minutes", "refusal_problems", "rules_page_path", "first_page", "screen_texts"]

#: Words of the code, the documents and their authors that never belong in a sentence a player reads.  Each
#: is a regular expression matched case-insensitively.
DEVELOPER_WORDS: tuple[tuple[str, str], ...] = (
    (r"\w=|=\w", "'=' (a key=value form)"),
    (r"\bslot\b", "'slot'"),
    (r"\bseat\s*=", "'seat='"),
    (r"\bseat \d", "'seat <number>'"),
    (r" term\b", "'term'"),
    (r"\bthe seed\b", "'the seed'"),
    (r"\bthe reference\b", "'the reference'"),
    (r"\bthe document\b", "'the document'"),
    (r"\bGSC\b", "'GSC'"),
    (r"\bthe author\b", "'the author'"),
    (r"\bintent\b", "'intent'"),
    (r"[a-z]+_[a-z]+", "a snake_case identifier"),
)

#: Refusals that say nothing about what is wrong (compared without case and final punctuation).
CATCH_ALLS: tuple[str, ...] = (
    "That is not a move here.", "Not now.", "That is not possible now.", "You cannot do that.",
    "Not allowed.", "Illegal move.", "That is not allowed.", "Not a legal move.", "You cannot do that now.",
    "That cannot be done now.", "Not possible.", "That move is not possible now.", "Nothing is selected.",
)

#: Prefixes a refusal may put before a copy of the prompt ("Not now: Ada: roll the dice.").
_PROMPT_PREFIXES = re.compile(r"^\s*(not now|not yet|wait|no|sorry|not your turn)\s*[:,.\-—]\s*", re.IGNORECASE)


@dataclass(frozen=True)
class Said:
    """One text a player reads: ``where`` it is read (a kind and a detail) and the ``text``."""

    where: str
    text: str


@dataclass(frozen=True)
class Refusal:
    """A refused click or intent: the sentence, the prompt shown then, and how it came about."""

    text: str
    prompt: str
    how: str          # "click die:red", "button Roll", "intent roll 0"
    players: int
    seed: int
    move: int

    def __str__(self) -> str:
        return (f"{self.text!r} (prompt {self.prompt!r}; {self.how}; {self.players} players, seed {self.seed}, "
                f"move {self.move})")


# ==================================================================== refusals
def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().rstrip(".!?")).casefold()


def strip_prefix(text: str) -> str:
    """``text`` without a leading "Not now:" and the like."""
    return _PROMPT_PREFIXES.sub("", text, count=1)


def check_refusal(text: str, prompt: str) -> list[str]:
    """What is wrong with a refusal read while ``prompt`` is shown (empty: nothing)."""
    problems: list[str] = []
    if not text.strip():
        return ["the refusal is empty"]
    said, asked = _norm(text), _norm(prompt)
    if asked and (said == asked or _norm(strip_prefix(text)) == asked or said.endswith(asked) and
                  len(said) - len(asked) < 16):
        problems.append("it repeats the prompt instead of saying what is wrong")
    for pattern, name in DEVELOPER_WORDS:
        if re.search(pattern, text, re.IGNORECASE if not pattern.startswith("[a-z]") else 0):
            problems.append(f"it holds a developer word: {name}")
    if said in {_norm(catch) for catch in CATCH_ALLS}:
        problems.append("it is a catch-all that does not say what is wrong")
    return problems


def _walk_clicks(make: Any, limit: int) -> Iterator[tuple[str, str]]:
    """(how, refusal) for every refused click reachable from the fresh selection, breadth first over at most
    ``limit`` selections: targets (glowing or not), buttons (disabled ones say why), menu answers."""
    first = make(None)
    queue = [first.selection]
    seen = {first.selection}
    while queue:
        choices = make(queue.pop(0))
        tried: list[tuple[str, Any]] = []
        for target in choices.targets():
            tried.append((f"click {target}", choices.click(target)))
        for slot in choices.buttons():
            if slot is not None:
                tried.append((f"button {slot.text!r}", slot.reply))
                if not slot.enabled and slot.reason:
                    yield f"disabled button {slot.text!r}", slot.reason
        menu = choices.menu()
        if menu is not None:
            for slot in menu.items:
                tried.append((f"menu {menu.title!r} > {slot.text!r}", slot.reply))
                if not slot.enabled and slot.reason:
                    yield f"disabled menu answer {slot.text!r}", slot.reason
        for how, reply in tried:
            if reply.refusal:
                yield how, reply.refusal
            if reply.selection is not KEEP and reply.intent is None:
                following = make(reply.selection).selection
                if following not in seen and len(seen) < limit:
                    seen.add(following)
                    queue.append(following)


def refusals(game: str, seeds: Sequence[int] = (1, 2), *, every: int = 4, players: Sequence[int] | None = None,
             intents_per_state: int = 6, selections: int = 40, moves: int | None = 400,
             options: dict[str, str] | None = None) -> list[Refusal]:
    """The refusals a player reads over seeded random playouts of ``game``.

    At every ``every``-th state of each playout (each seed at each player count, all counts by default): the
    refused clicks of the seat to act (at most ``selections`` selections walked), and the rules' sentences for
    up to ``intents_per_state`` intents that were legal at some other moment but are not now (also those of
    the other seats, as if they clicked out of turn).  Each refusal comes with the prompt shown then."""
    rules = get_rules(game)
    reference = entry(game).choices
    choices_class = load(reference) if reference else None
    found: list[Refusal] = []
    counts = list(players) if players is not None else list(rules.meta.player_counts)
    for count in counts:
        for seed in seeds:
            match = MatchController(rules, options, DEFAULT_SEATS[:count], seed)
            bot = rules.playout_bot(derive_seed(seed, "words"))
            pool: dict[str, Value] = {}
            pick = random.Random(seed * 1000 + count)
            while not match.finished and (moves is None or len(match.journal) < moves):
                legal = tuple(match.legal_intents())
                for intent in legal:
                    pool.setdefault(intent.to_str(), intent)
                if len(match.journal) % every == 0:
                    state = match.state
                    prompt = rules.prompt(state)
                    move = len(match.journal)
                    if choices_class is not None and state.to_act is not None:
                        seen = _seen(match)
                        for how, text in _walk_clicks(lambda sel: choices_class(seen, sel), selections):
                            found.append(Refusal(text, prompt, how, count, seed, move))
                        # The same table seen by a seat that may not act now.
                        for seat in range(count):
                            if seat != state.to_act:
                                other = Seen(rules.view(state, seat), (), seat, tuple(match.seats), rules,
                                             why=lambda intent, state=state: rules.why_illegal(state, intent))
                                for how, text in _walk_clicks(lambda sel: choices_class(other, sel), 4):
                                    found.append(Refusal(text, prompt, f"{how} (seat {seat} waiting)", count, seed,
                                                         move))
                                break
                    deciding = [i for seat in rules.deciding(state) for i in rules.legal_for(state, seat)]
                    illegal = [intent for key, intent in pool.items() if intent not in legal and intent not in deciding]
                    for intent in pick.sample(illegal, min(intents_per_state, len(illegal))):
                        text = rules.why_illegal(state, intent)
                        found.append(Refusal(text, prompt, f"intent {intent.to_str()}", count, seed, move))
                try:
                    match.submit(bot.choose(legal))
                except IllegalIntent as exc:     # the playout bot only sends legal intents
                    raise AssertionError(exc.reason) from None
    return found


def _seen(match: MatchController) -> Seen:
    rules, state = match.rules, match.state
    return Seen(rules.view(state, state.to_act), tuple(rules.legal_intents(state)), state.to_act,
                tuple(match.seats), rules, why=lambda intent: rules.why_illegal(state, intent))


def refusal_problems(found: Iterable[Refusal], limit: int = 20) -> list[str]:
    """Every distinct problem of the refusals, one line each (at most ``limit`` lines)."""
    lines: list[str] = []
    done: set[tuple[str, str]] = set()
    for refusal in found:
        for problem in check_refusal(refusal.text, refusal.prompt):
            key = (refusal.text if "prompt" not in problem else _norm(strip_prefix(refusal.text)), problem)
            if key in done:
                continue
            done.add(key)
            lines.append(f"{problem}: {refusal}")
    return lines[:limit]


# ==================================================================== names
@dataclass(frozen=True)
class Names:
    """A game's one name for each thing and the synonyms that must not be read, with allowed phrases."""

    names: dict[str, tuple[str, ...]]
    allowed: tuple[str, ...] = ()


def names_file(game: str) -> Names:
    """The names of ``game`` from ``data/<layout>/words.yaml``."""
    path = data_path(entry(game).layout, "words.yaml")
    raw = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    names = {str(name): tuple(str(s) for s in (synonyms or ())) for name, synonyms in (raw.get("names") or {}).items()}
    return Names(names, tuple(str(phrase) for phrase in raw.get("allowed") or ()))


def _phrase(phrase: str) -> str:
    """A phrase as a regular expression: whole words, any case, also in the plural ("Crests")."""
    words = r"\s+".join(re.escape(word) for word in phrase.split())     # a line may break between words
    return rf"(?<!\w){words}(?:s|es|'s)?(?!\w)"


def _blank(text: str, phrases: Iterable[str]) -> str:
    """``text`` with every phrase (whole words, any case, singular or plural) replaced by spaces, longest
    first."""
    for phrase in sorted(phrases, key=len, reverse=True):
        text = re.sub(_phrase(phrase), lambda m: " " * len(m.group()), text, flags=re.IGNORECASE)
    return text


def check_names(game: str, texts: Iterable[Said], names: Names | None = None) -> list[str]:
    """Each synonym of one of ``game``'s names found in ``texts``, with where it was read.

    The one names and the allowed phrases are blanked out first, so a synonym that is part of a name
    ("Heartland" in "Terra's Heartland") is not counted (a name that is part of the synonym, like "die" in
    "orange die", is left); synonyms match as whole words, any case, singular or
    plural."""
    names = names or names_file(game)
    keep = [*names.names, *names.allowed]
    # A name that is part of a synonym ("die" in "orange die") is not blanked when that synonym is looked for.
    keeps = {synonym: tuple(phrase for phrase in keep if not re.search(_phrase(phrase), synonym, re.IGNORECASE))
             for synonyms in names.names.values() for synonym in synonyms}
    found: list[str] = []
    done: set[tuple[str, str]] = set()
    for said in texts:
        blanked_by: dict[tuple[str, ...], str] = {}
        for name, synonyms in names.names.items():
            for synonym in synonyms:
                kept = keeps[synonym]
                if kept not in blanked_by:
                    blanked_by[kept] = _blank(said.text, kept)
                blanked = blanked_by[kept]
                match = re.search(_phrase(synonym), blanked, re.IGNORECASE)
                if match and (synonym, said.text) not in done:
                    done.add((synonym, said.text))
                    start = max(0, match.start() - 40)
                    found.append(f"{synonym!r} (say {name!r}) in {said.where}: ...{said.text[start:match.end() + 40]}...")
    return found


# ==================================================================== gathering the texts
def rules_page_path(game: str) -> Path:
    """The F1 page of ``game`` (as the rules screen finds it, without loading pygame)."""
    page = entry(game).rules_page
    return data_path(page) if page else data_path(game.replace("-", "_"), "rules.md")


def rules_page_text(game: str) -> str:
    """The F1 page of ``game`` as players read it (maintainers' ``<!-- comments -->`` left out)."""
    return re.sub(r"[ \t]*<!--.*?-->", "", rules_page_path(game).read_text(encoding="utf-8"), flags=re.DOTALL)


def reading_minutes(text: str, per_minute: int = 230) -> float:
    """Minutes to read ``text`` at ``per_minute`` words (Markdown marks and comments are not words)."""
    text = re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL)
    words = re.findall(r"[A-Za-z0-9][\w'’+\-]*", re.sub(r"[#*`>|_]", " ", text))
    return len(words) / per_minute


def first_page(game: str) -> str:
    """The how-to-play page: the F1 page up to the line that says the full rules follow (or up to its first
    ``## `` heading whose title starts with "The full rules" or "Full rules"); the whole page if there is
    no such line."""
    text = rules_page_text(game)
    found = re.search(r"^(The full rules follow.*|## (The )?[Ff]ull rules.*)$", text, re.MULTILINE)
    return text[:found.start()] if found else text


def screen_texts(game: str) -> list[Said]:
    """Fixed words of the table and the results screen: the layout's ``text:`` labels
    (``data/layouts/<layout>.yaml``) and the registry's results rows."""
    found: list[Said] = []
    layout = data_path("layouts", f"{entry(game).layout}.yaml")
    if layout.exists():
        for line in layout.read_text(encoding="utf-8").splitlines():
            label = re.search(r"\btext:\s*([^,}]+)", line)
            if label:
                found.append(Said(f"table label ({line.split(':')[0].strip()})", label.group(1).strip()))
    for label, _ in entry(game).results:
        found.append(Said("results row", label))
    return found


def option_texts(game: str) -> list[Said]:
    """The options' labels, help and choices, as the new-game screen shows them."""
    found: list[Said] = []
    for spec in get_rules(game).meta.options:
        found.append(Said(f"option {spec.key} label", spec.label))
        if spec.help:
            found.append(Said(f"option {spec.key} help", spec.help))
    return found


def tutorial_texts(game: str) -> list[Said]:
    """What the coach says in ``game``'s guided first game (its title and every step's ``say``), as read by
    the table (:func:`tabletop.app.lesson.load_lesson`); none for a game without a tutorial."""
    from tabletop.app.lesson import lesson_games, load_lesson

    if game not in lesson_games():
        return []
    lesson = load_lesson(game)
    found = [Said("tutorial title", lesson.title)]
    found += [Said(f"tutorial {step.where}", step.say) for step in lesson.steps if step.say]
    return found


def _tooltips(choices: Any) -> Iterator[tuple[str, str]]:
    for target in choices.targets():
        try:
            text = choices.explain(target)
        except Exception as exc:  # noqa: BLE001 - say which tooltip broke
            raise AssertionError(f"the tooltip of {target} failed: {exc!r}") from exc
        if text:
            yield str(target), text
    for slot in choices.buttons():
        if slot is not None:
            yield "button", slot.text
            if slot.reason:
                yield "button reason", slot.reason
    menu = choices.menu()
    if menu is not None:
        yield "menu title", menu.title
        for slot in menu.items:
            yield "menu answer", slot.text


def playout_texts(game: str, seeds: Sequence[int] = (1,), *, every: int = 3, players: Sequence[int] | None = None,
                  moves: int | None = 300, options: dict[str, str] | None = None) -> list[Said]:
    """Prompts, progress lines, log lines (as each seat reads them), tooltips and buttons over seeded
    playouts (each seed at each player count)."""
    rules = get_rules(game)
    reference = entry(game).choices
    choices_class = load(reference) if reference else None
    found: list[Said] = []
    seen_texts: set[tuple[str, str]] = set()

    def add(where: str, text: str | None) -> None:
        if text and (where.split(" ")[0], text) not in seen_texts:
            seen_texts.add((where.split(" ")[0], text))
            found.append(Said(where, text))

    counts = list(players) if players is not None else list(rules.meta.player_counts)
    for count in counts:
        for seed in seeds:
            match = MatchController(rules, options, DEFAULT_SEATS[:count], seed)
            bot = rules.playout_bot(derive_seed(seed, "words"))
            events = list(match.opening_events)
            while True:
                state = match.state
                for seat in (None, *range(count)):
                    view = rules.view(state, seat)
                    for event in visible_events(events, seat):
                        add(f"log (seed {seed}, {count} players, move {len(match.journal)})",
                            rules.narrate(event, view, seat))
                add(f"prompt (seed {seed}, {count} players, move {len(match.journal)})", rules.prompt(state))
                add("progress", rules.progress(state))
                if match.finished or (moves is not None and len(match.journal) >= moves):
                    break
                if choices_class is not None and len(match.journal) % every == 0 and state.to_act is not None:
                    seen = _seen(match)
                    for where, text in _tooltips(choices_class(seen, None)):
                        add(f"tooltip {where} (seed {seed}, move {len(match.journal)})", text)
                events = list(match.submit(bot.choose(match.legal_intents())))
            if match.finished:
                outcome = rules.outcome(match.state)
                add("result", getattr(outcome, "summary", "") or "")
    return found


def player_texts(game: str, seeds: Sequence[int] = (1,), *, refusal_seeds: Sequence[int] = (1,),
                 moves: int | None = 300) -> list[Said]:
    """Every text of ``game`` a player reads that can be gathered headless: the F1 page (one text per
    paragraph), the options, the tutorial's words, prompts, log lines, tooltips and buttons over seeded
    playouts, and refusals."""
    found: list[Said] = []
    for number, paragraph in enumerate(re.split(r"\n\s*\n", rules_page_text(game))):
        if paragraph.strip():
            found.append(Said(f"F1 paragraph {number + 1}", paragraph))
    found += option_texts(game)
    found += tutorial_texts(game)
    found += screen_texts(game)
    found += playout_texts(game, seeds, moves=moves)
    done: set[str] = set()
    for refusal in refusals(game, refusal_seeds, moves=moves):
        if refusal.text not in done:
            done.add(refusal.text)
            found.append(Said(f"refusal ({refusal.how})", refusal.text))
    return found
