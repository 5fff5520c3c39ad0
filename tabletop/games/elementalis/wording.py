"""Everything ElementaliS says to the players: the move log, the banner's prompt, why a move is refused."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterable

from tabletop.core.values import Value

from . import events as ev
from .intents import (Allow, Bank, Cast, Chance, Choose, Cosmic, Counter as CounterSpell, Declare, Done, Forfeit,
                      Give, Oppose, PassWindow, Pay, Pick, Roll, Split, StartMana, TakeMajor, TakeMinor, Tap)
from .state import Stage, State

if TYPE_CHECKING:
    from .queries import ElementaliSQueries

__all__ = ["prompt", "narrate", "refusal", "mana_text", "TYPE_NAMES"]

TYPE_NAMES = {"elementalist": "Elementalist", "harmonist": "Harmonist", "purist": "Purist",
              "creationist": "Creationist", "elitist": "Elitist", "unbound": "Ether mage (no element)"}


def mana_text(units: Iterable[str]) -> str:
    """``2 fire, 1 colourless air`` (``nothing`` for none).

    >>> mana_text(("fire", "fire", "pale-air")), mana_text(())
    ('2 fire, 1 colourless air', 'nothing')
    """
    counts = Counter(units)
    if not counts:
        return "nothing"
    return ", ".join(f"{n} {u.replace('pale-', 'colourless ')}" for u, n in counts.items())


def _face(face: str) -> str:
    return face.replace("+", " + ").replace("fire + fire", "double fire").replace(
        "water + water", "double water").replace("earth + earth", "double earth").replace(
        "air + air", "double air").replace("ether + ether", "double ether")


def prompt(rules: "ElementaliSQueries", state: State) -> str:
    """What the seat to act must do now."""
    flow = state.flow
    seat = state.to_act
    if seat is None:            # the game is over
        names = " and ".join(state.mages[s].name for s in flow.winners)
        return f"{names} {'share the win' if len(flow.winners) > 1 else 'wins'}."
    name = state.mages[seat].name
    stage = flow.stage
    if stage == Stage.DRAFT_MAJOR:
        return f"{name}: take a Major (the card of your main element)."
    if stage == Stage.DRAFT_MINOR:
        return f"{name}: take a Minor (your second card)."
    if stage == Stage.START_MANA:
        return f"{name}: take 2 Mana of your choice from the Flux."
    if stage == Stage.TURN:
        tap = " (your Pool is empty: you may tap the Flux first)" if any(
            i.KIND == "tap" for i in rules.legal_intents(state)) else ""
        return f"{name}: the Power Roll{tap}."
    if stage == Stage.DECLARE:
        after = flow.window.after if flow.window is not None else ""
        if after == "cosmic":
            return (f"{name}: the Cosmic Roll shows {_face(flow.dice[rules.sun_index(state)].face)}: declare a "
                    "spell (none can touch the Sun die), or pass.")
        return f"{name}: declare a spell, or pass."
    if stage == Stage.CAST:
        return f"{name}: cast your spell (or forfeit)."
    if stage == Stage.COUNTER and flow.window is not None:
        spell = rules.content.spell(flow.window.pending).name
        return f"{name}: counter {state.mages[flow.window.pending_caster].name}'s {spell}, or let it be?"
    if stage == Stage.PICK:
        window = flow.window
        spell = rules.content.spell(window.pending).name if window is not None else "the spell"
        left = window.picks_left if window is not None else 0
        return (f"{name}: {spell}: pick a Mana counter from any other mage's Pool ({left} more at most), "
                "or stop.")
    if stage == Stage.SPLIT:
        return f"{name}: share your Ethers between {state.mages[seat].major} and {state.mages[seat].minor}."
    if stage == Stage.CHOOSE:
        return f"{name}: choose the elements of your {flow.pay_count} Mana of choice."
    if stage == Stage.PUSH:
        nxt = "the Chance Roll (a Sun loses it all)" if flow.roll == "power" else \
            "the Cosmic Roll (the Sun die alone)"
        return f"{name}: bank {mana_text(flow.channel.units())}, or risk it on {nxt}."
    if stage == Stage.OPPOSE:
        return f"{name}: Elemental Opposition: pick up dice showing your Major to roll, or none."
    if stage == Stage.PAY:
        return f"{name}: choose the {flow.pay_count} Mana you pay to {state.mages[flow.pay_to].name}."
    if stage == Stage.GIVE:
        return f"{name}: choose the Mana of the Channel that goes to {state.mages[flow.pay_to].name}."
    return f"{name} decides."


def narrate(rules: "ElementaliSQueries", event: Value, view: State, seat: int | None) -> str | None:
    """The move log's sentence for ``event`` (nothing is hidden in ElementaliS)."""
    def who(s: int) -> str:
        return view.mages[s].name

    if isinstance(event, ev.ArcanaTaken):
        mage = f": {TYPE_NAMES.get(event.mage, event.mage)}" if event.mage else ""
        return f"{who(event.seat)} takes the {event.element.capitalize()} {event.kind.capitalize()}{mage}."
    if isinstance(event, ev.ManaTaken):
        why = {"start": "to start", "tap": "from the Flux", "cosmic": "from the Cosmic Roll"}.get(event.why, "")
        return f"{who(event.seat)} takes {mana_text(event.mana)} {why}."
    if isinstance(event, ev.TurnBegan):
        return f"{who(event.seat)}'s turn (round {event.round})."
    if isinstance(event, ev.Tapped):
        return f"{who(event.seat)} taps the Flux: 1 {event.colour}."
    if isinstance(event, ev.Rolled):
        faces = ", ".join(_face(f) for f in event.faces)
        return f"{who(event.seat)}'s {event.roll} roll: {faces}."
    if isinstance(event, ev.Declared):
        return f"{who(event.seat)} {'declares a spell' if event.cast else 'passes'}."
    if isinstance(event, ev.SpellCast):
        on = f" on {who(event.on)}" if event.on >= 0 and event.on != event.seat else ""
        return f"{who(event.seat)} casts {rules.content.spell(event.spell).name}{on} ({event.cost} Mana)."
    if isinstance(event, ev.Countered):
        return (f"{who(event.seat)}'s Counter Spell ({event.cost} Mana) voids {who(event.caster)}'s "
                f"{rules.content.spell(event.spell).name}.")
    if isinstance(event, ev.DieChanged):
        return f"{rules.content.spell(event.spell).name}: a die is {event.what} ({_face(event.face)})."
    if isinstance(event, ev.ManaPicked):
        return (f"{rules.content.spell(event.spell).name} picks 1 {event.mana.replace('pale-', 'colourless ')} "
                f"of {who(event.target)}'s.")
    if isinstance(event, ev.ArcanaKept):
        return (f"The {event.kind.capitalize()}s are not passed: {who(event.seat)} would hold both Ether "
                "cards.")
    if isinstance(event, ev.ManaLost):
        what = "returns to the Flux" if event.how == "flux" else "turns colourless"
        return f"1 {event.mana.replace('pale-', 'colourless ')} of {who(event.seat)}'s {what}."
    if isinstance(event, ev.LinkMade):
        return f"{who(event.seat)} links to {who(event.linked)} (Earth Link)."
    if isinstance(event, ev.LinkBroken):
        return f"{who(event.seat)}'s Earth Link to {who(event.linked)} {'burns' if event.why == 'burned' else 'ends'}."
    if isinstance(event, ev.Scored):
        drained = f"; {mana_text(event.drained)} drained" if event.drained else ""
        where = "Pool (Earth Link)" if event.linked else "Channel"
        return f"{who(event.seat)} scores {mana_text(event.gained)} into the {where}{drained}."
    if isinstance(event, ev.Busted):
        return f"The Sun! {who(event.seat)} loses {mana_text(event.lost)} from the Channel."
    if isinstance(event, ev.Banked):
        return f"{who(event.seat)} banks {mana_text(event.mana)}."
    if isinstance(event, ev.Opposed):
        active = who(view.flow.active)
        rolled = (f"{who(event.seat)} opposes: {event.own} of their Major's symbols against {event.active} of "
                  f"{active}'s")
        if event.net > 0:
            return f"{rolled}, so {who(event.seat)} takes {event.net} Mana from {active}."
        if event.net < 0:
            return f"{rolled}, so {who(event.seat)} pays {-event.net} Mana to {active}."
        return f"{rolled}: nothing changes hands."
    if isinstance(event, ev.ManaMoved):
        return f"{who(event.source)} gives {mana_text(event.mana)} to {who(event.seat)}."
    if isinstance(event, ev.CosmicFace):
        words = {"own-major": "their own Major: 3 more in the Channel", "other-major": "another's Major",
                 "nobody": "nobody's Major", "sun": "the Sun", "ether": "Ether: the Sun die rolls again"}
        return f"Cosmic Roll: {_face(event.face)}, {words[event.outcome]}."
    if isinstance(event, ev.ArcanaPassed):
        types = ", ".join(f"{m.name} {TYPE_NAMES.get(t, t)}" for m, t in zip(view.mages, event.types))
        return f"Every {event.kind.capitalize()} passes to the left: {types}."
    if isinstance(event, ev.RoundBegan):
        return f"Round {event.round} of 6."
    if isinstance(event, ev.GameOver):
        names = " and ".join(who(s) for s in event.winners)
        return f"The game is over: {names} {'share the win' if len(event.winners) > 1 else 'wins'}."
    return None


#: The stage in which each kind of intent is sent.
_STAGE_OF: dict[type, str] = {
    TakeMajor: Stage.DRAFT_MAJOR, TakeMinor: Stage.DRAFT_MINOR, StartMana: Stage.START_MANA, Tap: Stage.TURN,
    Roll: Stage.TURN, Declare: Stage.DECLARE, PassWindow: Stage.DECLARE, Forfeit: Stage.CAST, Cast: Stage.CAST,
    CounterSpell: Stage.COUNTER, Allow: Stage.COUNTER, Pick: Stage.PICK, Done: Stage.PICK, Split: Stage.SPLIT,
    Choose: Stage.CHOOSE, Bank: Stage.PUSH, Chance: Stage.PUSH, Cosmic: Stage.PUSH, Oppose: Stage.OPPOSE,
    Pay: Stage.PAY, Give: Stage.GIVE,
}


def refusal(rules: "ElementaliSQueries", state: State, intent: Value) -> str:
    """Why ``intent`` is refused now, in a sentence a player understands."""
    flow = state.flow
    to_act = state.to_act
    if to_act is None:
        return "The game is over."
    seat = getattr(intent, "seat", None)
    if seat != to_act:
        if seat is None or not 0 <= seat < len(state.mages):
            return "There is no such mage."
        return f"It is {state.mages[to_act].name}'s decision now, not {state.mages[seat].name}'s."
    seat = to_act
    wanted = _STAGE_OF.get(type(intent))
    if wanted != flow.stage:
        when = _WHEN.get(type(intent), "That is done at another moment of the game")
        now = prompt(rules, state).split(": ", 1)[-1]
        return f"{when}. Now: {now}"
    if isinstance(intent, TakeMajor):
        if intent.element in {m.major for m in state.mages}:
            owner = next(m.name for m in state.mages if m.major == intent.element)
            return f"{owner} has taken the {intent.element.capitalize()} Major already: there is only one."
        return "That Major is not in this game (the Ether cards are an option)."
    if isinstance(intent, TakeMinor):
        if intent.element == "ether" and state.mages[seat].major == "ether":
            return "A mage with the Ether Major takes an element Minor."
        return f"Both {str(intent.element).capitalize()} Minors are taken."
    if isinstance(intent, Tap):
        if state.mages[seat].total:
            return "The Flux Tap is only for a mage whose Pool is empty."
        return (f"The Flux Tap gives Mana of your Major's element, {state.mages[seat].major.capitalize()} "
                "(only a Creationist chooses).")
    if isinstance(intent, Cast):
        return _why_not_cast(rules, state, seat, intent)
    if isinstance(intent, Pick):
        window = flow.window
        aimed = rules.content.spell(window.pending) if window is not None else None
        name = aimed.name if aimed is not None else "The spell"
        target = intent.target
        units = ("fire", "water", "earth", "air")
        if not isinstance(intent.mana, str) or intent.mana.replace("pale-", "") not in units:
            return "Pick one Mana counter of Fire, Water, Earth or Air (or a colourless one)."
        if not isinstance(target, int) or not 0 <= target < len(state.mages):
            return f"Say whose Pool the counter comes from: {name} picks from any other mage's Pool."
        if target == seat:
            return f"{name} picks from the other mages' Pools, never your own."
        if aimed is not None and not rules.may_target(state, seat, target, aimed):
            return _elitist_why(rules, state, seat, target, aimed.element)
        if intent.mana.startswith("pale-") and window is not None and window.pending == "tornado":
            return "Tornado turns only coloured Mana colourless."
        return f"{state.mages[target].name} has no {intent.mana.replace('pale-', 'colourless ')} left to pick."
    if isinstance(intent, Choose):
        if isinstance(intent.mana, str) or not all(c in ("fire", "water", "earth", "air") for c in intent.mana):
            return "Choose an element for each Mana of choice: Fire, Water, Earth or Air."
        short = [c for c, n in Counter(intent.mana).items() if rules.available(state, c) < n]
        if short:
            return (f"The Flux holds too little {short[0]} for that: choose among the elements it still holds "
                    f"({', '.join(c for c in ('fire', 'water', 'earth', 'air') if rules.available(state, c))}).")
        return f"Choose the colours of {flow.pay_count} Mana of choice (as many as the Flux can give)."
    if isinstance(intent, Pay):
        return f"Pay exactly {flow.pay_count} Mana, and only counters your Pool holds."
    if isinstance(intent, Oppose):
        return "Pick up only dice showing your Major's symbol."
    return "That move does not exist in ElementaliS."


#: When each kind of move is made (the first half of a refusal out of its moment).
_WHEN: dict[type, str] = {
    TakeMajor: "Majors are taken only in the draft, before the first turn",
    TakeMinor: "Minors are taken only in the draft, once every mage has a Major",
    StartMana: "Starting Mana is taken only once, after the draft",
    Tap: "The Flux Tap comes only at the start of your turn, before the Power Roll, with an empty Pool",
    Roll: "The Power Roll only starts a turn",
    Declare: "Spells are declared only in a spell window, right after a roll",
    PassWindow: "There is a spell to pass on only in a spell window, right after a roll",
    Cast: "You cast only when your declared spell's turn comes",
    Forfeit: "You forfeit only a spell you declared, when its turn comes",
    CounterSpell: "Counter Spell answers only a spell just cast on you",
    Allow: "There is a spell to let be only when one was just cast on you",
    Pick: "Counters are picked only after casting Incinerate or Tornado",
    Done: "Counters are picked only after casting Incinerate or Tornado",
    Split: "Ethers are shared only when an Elementalist's roll scores",
    Choose: "Mana of choice is chosen only when a Creationist's roll scores",
    Bank: "You bank only after a roll of yours has scored",
    Chance: "The Chance Roll comes only after a Power Roll has scored",
    Cosmic: "The Cosmic Roll comes only after a Chance Roll has scored",
    Oppose: "Dice are picked up only in an Elemental Opposition",
    Pay: "Mana is paid only when an Opposition goes against you",
    Give: "Mana is given only when a Cosmic Roll shows another mage's Major",
}


def _elitist_why(rules: "ElementaliSQueries", state: State, caster: int, target: int, element: str) -> str:
    """Which of the Elitist limits stops a spell of ``element`` from ``caster`` at ``target``."""
    name = state.mages[target].name
    if rules.mage_type(state, target) == "elitist" and state.mages[target].major == element:
        return f"{name} is a {element.capitalize()} Elitist: no {element.capitalize()} spell can touch them."
    return (f"As an Elitist you cannot cast at {name}: their Minor is your Major, "
            f"{state.mages[caster].major.capitalize()}.")


def _why_not_cast(rules: "ElementaliSQueries", state: State, seat: int, intent: Cast) -> str:
    """The actual reason a cast is refused: not yours, used, too dear, or a target it cannot have."""
    flow = state.flow
    if intent.spell not in {s.spell_id for s in rules.content.spells}:
        return "There is no such spell."
    spell = rules.content.spell(intent.spell)
    cards = [card for card, s in rules.entries(state, seat) if s.spell_id == spell.spell_id]
    if not cards:
        return f"{spell.name} is on neither your Major nor your Minor."
    if spell.target == "reaction":
        return f"{spell.name} is never cast in a window: it answers a spell cast on you."
    if all(f"{seat}:{card}:{spell.spell_id}" in flow.used for card in cards):
        return f"You already cast {spell.name} this turn."
    cost = rules.cost(state, seat, spell.level)
    have = state.mages[seat].mana.get(spell.element)
    if have < cost:
        return (f"{spell.name} costs {cost} {spell.element.capitalize()} Mana from your Pool; you have "
                f"{have}.")
    if intent.die is not None:
        if not 0 <= intent.die < len(flow.dice):
            return "There is no such die."
        die = flow.dice[intent.die]
        if die.kind == "sun":
            return "The Sun die cannot be targeted."
        if flow.roll == "cosmic":
            return "After the Cosmic Roll only spells at no die can matter: the Sun die alone was rolled."
        if spell.target not in ("die", "die_face", "die_or_link"):
            return f"{spell.name} is not cast at a die."
        if die.destroyed:
            return "That die is burned: no spell can touch it this turn."
        if die.held and spell.spell_id in ("breeze", "petrify", "tremor"):
            return f"That die is held: {spell.name} cannot touch it."
        if not rules.may_target(state, seat, die.owner, spell):
            return _elitist_why(rules, state, seat, die.owner, spell.element)
        if spell.target == "die_face" and intent.face is not None:
            return f"That die has no {_face(intent.face)} face."
    if flow.roll == "cosmic" and spell.spell_id in ("gust", "mirror-pool"):
        return "After the Cosmic Roll only spells at no die can matter: the Sun die alone was rolled."
    if spell.target == "mana" and intent.target is not None:
        return f"{spell.name} names no mage: cast it, then pick counters from any other mage's Pool."
    if spell.spell_id == "ether-leak" and flow.ether_leak:
        return "Ether Leak is already in force this turn."
    if spell.spell_id == "gust" and not rules.gust_dice(state):
        return "Gust has no die to roll again: the Sun die, held and burned dice are out of its reach."
    if spell.spell_id == "gust" and not rules.may_target(state, seat, rules.roller(state), spell):
        return _elitist_why(rules, state, seat, rules.roller(state), spell.element)
    if intent.target is not None:
        if not 0 <= intent.target < len(state.mages):
            return "There is no such mage."
        if intent.target == seat and intent.link is None:
            return f"{spell.name} is cast at another mage, not at yourself."
        if any(a == seat and b == intent.target for a, b in flow.links) and intent.link is None:
            return f"Your Earth Link already holds {state.mages[intent.target].name}."
        owner = intent.link if intent.link is not None else intent.target
        if not rules.may_target(state, seat, owner, spell):
            return _elitist_why(rules, state, seat, owner, spell.element)
        if intent.link is not None:
            return "There is no such Earth Link to burn."
    if spell.target in ("die", "die_face") and intent.die is None:
        return f"{spell.name} is cast at a die: click one that glows."
    if spell.target == "player" and intent.target is None:
        return f"{spell.name} is cast at another mage: click one that glows."
    return f"{spell.name} cannot be cast at that target."

