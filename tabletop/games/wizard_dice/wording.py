"""Everything Wizard Dice says to the players: the move log, the banner's prompt, why a move is refused.

The rules decide; this module puts their decisions into words, with the wizards'
names and the spells' names from the state or view it is given.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterable, Sequence

from tabletop.core.values import Value

from . import events as ev
from .intents import (Aim, Banish, Cancel, CancelNothing, Carry, CastSpell, Commit, Keep, KeepAllies, Release, Roll,
                      Stop, Uncast)
from .state import Stage, State, Target

if TYPE_CHECKING:
    from .rules import WizardDiceRules

__all__ = ["prompt", "narrate", "why_illegal", "target_name", "dice_text", "PHASE_TITLES", "TIER_TITLES"]

PHASE_TITLES = {1: "Phase 1: counter spells", 2: "Phase 2: summons", 3: "Phase 3: healing",
                4: "Phase 4: allies attack", 5: "Phase 5: attack spells", 6: "End of the round: poison"}
TIER_TITLES = {6: "complexity 6: Magic Mirror", 5: "complexity 5: Magic Shell", 4: "complexity 4: Counterspell",
               3: "complexity 3: Shield and Paralysis on allies"}


def dice_text(dice: Iterable[int]) -> str:
    """``3 3 4 4``.

    >>> dice_text((1, 2, 3))
    '1 2 3'
    """
    return " ".join(str(d) for d in dice)


def ally_name(state: State, number: int) -> str:
    """``Drew's Ogre`` (from the roster, so a fallen ally keeps its name)."""
    for ally_number, owner, kind in state.roster:
        if ally_number == number:
            return f"{state.wizards[owner].name}'s {kind.capitalize()}"
    return f"ally {number}"


def target_name(state: State, target: Target) -> str:
    """A wizard's name, or an ally's (``Rick's Troll``)."""
    if target.is_wizard:
        return state.wizards[target.index].name
    return ally_name(state, target.index)


def _spell(rules: "WizardDiceRules", spell: str) -> str:
    return rules.book[spell].name if spell in rules.book else spell


def _aimed(rules: "WizardDiceRules", state: State, targets: Sequence[Target], split: Sequence[int] = ()) -> str:
    if split:
        return " and ".join(f"{amount} at {target_name(state, t)}" for t, amount in zip(targets, split))
    counts = Counter(targets)
    parts = []
    for target in dict.fromkeys(targets):
        times = f" ({counts[target]})" if len(counts) > 1 and counts[target] > 1 else ""
        parts.append(target_name(state, target) + times)
    return " and ".join(parts)


def prompt(rules: "WizardDiceRules", state: State) -> str:
    """What the seat to act must do now, in plain words."""
    flow = state.flow
    if flow.stage == Stage.OVER:
        names = [state.wizards[s].name for s in flow.winners]
        if flow.draw:
            if state.teams:
                return "A draw: the last wizards of both teams fall together."
            return f"A draw: {' and '.join(names)} fall together." if names else "A draw."
        if flow.ended_by == "last team":
            return f"{' and '.join(names)} win: the other team has fallen."
        if state.teams and flow.ended_by == "round limit":
            if len(names) > 2:
                return "The round limit is reached: both teams share the win on equal HP."
            return f"The round limit is reached: {' and '.join(names)} win on HP."
        if len(names) > 1:
            return f"{' and '.join(names)} share the win on equal HP."
        return f"{names[0]} wins the duel." if names else "The duel is over."
    seat = state.to_act
    assert seat is not None
    name = state.wizards[seat].name
    if flow.stage == Stage.UPKEEP:
        return f"{name}: banish an ally to roll its die this round, or keep your allies."
    if flow.stage == Stage.COUNTER:
        return f"{name}: choose the spell your Counterspell cancels."
    if flow.stage == Stage.CARRY:
        return f"{name}: carry up to 2 unused dice into the next round, or none."
    wizard = state.wizards[seat]
    secret = wizard.secret
    assert secret is not None
    if not secret.rolled_out:
        if secret.rolls == 0:
            return f"{name}: roll your {rules.available_dice(wizard) - secret.fixed} dice."
        return f"{name}: keep dice and roll again (roll {secret.rolls} of 3 done), or keep them all."
    if rules.free_dice(wizard):
        return f"{name}: select dice to cast a spell, then commit."
    return f"{name}: every die is used; commit your spells."


def narrate(rules: "WizardDiceRules", event: Value, view: State, seat: int | None) -> str | None:
    """The move log's sentence for ``event`` as ``seat`` reads it (private events only reach their owner)."""
    def who(s: int) -> str:
        return "You" if s == seat else view.wizards[s].name

    def whose(s: int, start: bool = True) -> str:
        if s == seat:
            return "Your" if start else "your"
        return f"{view.wizards[s].name}'s"

    def target(t: Target) -> str:
        return target_name(view, t)

    if isinstance(event, ev.RoundBegan):
        order = ", ".join(view.wizards[s].name for s in event.order)
        return f"Round {event.round} begins ({order})."
    if isinstance(event, ev.Banished):
        return f"{who(event.seat)} banished {ally_name(view, event.ally)}; its die comes back."
    if isinstance(event, ev.Rolled):
        return f"{who(event.seat)} rolled: {dice_text(event.dice)} (roll {event.roll} of 3)."
    if isinstance(event, ev.Allocated):
        return (f"{who(event.seat)} allocated {dice_text(event.dice)} to {_spell(rules, event.spell)} "
                f"at {_aimed(rules, view, event.targets)}.")
    if isinstance(event, ev.Withdrawn):
        return f"{who(event.seat)} took back {_spell(rules, event.spell)}."
    if isinstance(event, ev.Aimed):
        return f"{ally_name(view, event.ally)} will attack {view.wizards[event.at].name}."
    if isinstance(event, ev.Committed):
        return f"{who(event.seat)} {'have' if event.seat == seat else 'has'} committed."
    if isinstance(event, ev.Revealed):
        return (f"{who(event.seat)} cast {_spell(rules, event.spell)} ({dice_text(event.dice)}) "
                f"at {_aimed(rules, view, event.targets, event.split)}.")
    if isinstance(event, ev.PhaseBegan):
        if event.tier:
            return None
        return PHASE_TITLES.get(event.phase, f"Phase {event.phase}") + "."
    if isinstance(event, ev.ShellHolds):
        return f"Last round's Magic Shell still shields {target(event.target)} (allies -{event.value})."
    if isinstance(event, ev.MirrorRaised):
        return f"{whose(event.seat)} Magic Mirror stands before {target(event.target)}."
    if isinstance(event, ev.Reflected):
        return (f"{whose(event.caster)} {_spell(rules, event.spell)} at {target(event.was)} is reflected "
                f"to {target(event.now)}.")
    if isinstance(event, ev.Warded):
        return (f"{whose(event.caster)} {_spell(rules, event.spell)} wards {target(event.target)}: "
                f"allies -{event.ally_reduction}, each attack spell -{event.spell_reduction}.")
    if isinstance(event, ev.Protected):
        extra = f" (allies -{event.ally_reduction})" if event.ally_reduction else ""
        return f"{whose(event.caster)} Counterspell protects {target(event.target)}{extra}."
    if isinstance(event, ev.CounterChoosing):
        return f"{who(event.seat)} must choose which spell at {target(event.target)} to cancel."
    if isinstance(event, ev.Cancelled):
        return (f"{whose(event.seat)} Counterspell cancels {whose(event.caster, False)} "
                f"{_spell(rules, event.spell)} at {target(event.target)}.")
    if isinstance(event, ev.Silenced):
        return f"{whose(event.caster)} Paralysis holds {ally_name(view, event.ally)}: no damage this round."
    if isinstance(event, ev.Summoned):
        stolen = "" if event.seat == event.caster else f", stolen from {view.wizards[event.caster].name}"
        return f"A {event.kind.capitalize()} ({event.hp} HP) joins {view.wizards[event.seat].name}{stolen}."
    if isinstance(event, ev.Healed):
        return (f"{whose(event.caster)} {_spell(rules, event.spell)} heals {target(event.target)} by "
                f"{event.amount}: {event.hp} HP.")
    if isinstance(event, ev.AllyStruck):
        return None
    if isinstance(event, ev.AllyDamage):
        blocked = f" ({event.reduced} held off)" if event.reduced else ""
        return (f"Allies strike {view.wizards[event.seat].name} for {event.total}{blocked}: "
                f"{event.taken} damage, {event.hp} HP.")
    if isinstance(event, ev.Hit):
        blocked = f" ({event.reduced} held off)" if event.reduced else ""
        return (f"{whose(event.caster)} {_spell(rules, event.spell)} deals {event.amount} to "
                f"{target(event.target)}{blocked}: {event.hp} HP.")
    if isinstance(event, ev.Slain):
        return f"{whose(event.caster)} Finger of Death slays {view.wizards[event.seat].name}."
    if isinstance(event, ev.Paralysed):
        return f"{view.wizards[event.seat].name} is paralysed: {event.dice} die fewer next round."
    if isinstance(event, ev.Poisoned):
        return f"{target(event.target)} is poisoned: 1 damage at the end of round {event.due}."
    if isinstance(event, ev.PoisonTick):
        return f"Poison deals {event.amount} to {target(event.target)}: {event.hp} HP."
    if isinstance(event, ev.Fizzled):
        why = "its caster has fallen" if event.why == "caster-dead" else "its target is gone"
        return f"{whose(event.caster)} {_spell(rules, event.spell)} fizzles: {why}."
    if isinstance(event, ev.Died):
        return f"{target(event.target)} {'falls' if event.target.is_wizard else 'is destroyed'}."
    if isinstance(event, ev.RoundEnded):
        return None
    if isinstance(event, ev.Carried):
        if not event.dice:
            return f"{who(event.seat)} carried no dice."
        return f"{who(event.seat)} carried {dice_text(event.dice)} into the next round."
    if isinstance(event, ev.DuelOver):
        names = " and ".join(view.wizards[s].name for s in event.winners)
        if event.why == "last-team":
            return f"{names} win: the other team has fallen."
        if event.why == "draw":
            if view.teams:
                return "A draw: the last wizards of both teams fall together."
            return f"A draw: {names} fall together."
        if event.why == "round-limit":
            return f"The round limit is reached: {names} {'win' if len(event.winners) > 1 else 'wins'} on HP."
        return f"{names} wins the duel."
    return None


def why_illegal(rules: "WizardDiceRules", state: State, intent: Value) -> str:
    """Why ``intent`` is refused now, in a sentence a player understands."""
    flow = state.flow
    if flow.stage == Stage.OVER:
        return "The duel is over."
    seat = getattr(intent, "seat", None)
    if seat != state.to_act:
        if seat is None or not 0 <= seat < len(state.wizards):
            return "There is no such wizard."
        return f"It is {state.wizards[state.to_act].name}'s decision now, not {state.wizards[seat].name}'s."
    wizard = state.wizards[seat]
    if isinstance(intent, (Banish, KeepAllies)):
        if flow.stage != Stage.UPKEEP:
            return "Allies can be banished only at the start of a round."
        return "That ally is not yours."
    if isinstance(intent, (Cancel, CancelNothing)):
        if flow.stage != Stage.COUNTER:
            return "No Counterspell is choosing now."
        if isinstance(intent, CancelNothing):
            return "A Counterspell must cancel one of the spells at its target (none of them is your own)."
        return "That spell is not aimed at the target your Counterspell protects."
    if isinstance(intent, Carry):
        if flow.stage != Stage.CARRY:
            return "Dice are carried only at the end of a round."
        return "You may carry at most 2 of this round's unused dice."
    if flow.stage != Stage.SECRET:
        return "Spells are chosen only while the wizards roll in secret."
    secret = wizard.secret
    assert secret is not None
    if isinstance(intent, (Roll, Keep, Release, Stop)):
        if secret.rolled_out:
            return "Your dice are final: allocate them to spells."
        if isinstance(intent, Roll):
            return "Every die is kept: keep them all, or release one to roll it."
        if secret.rolls == 0:
            return "Roll first."
        if isinstance(intent, (Keep, Release)) and intent.die < secret.fixed:
            return "A continued die keeps its value: it is not rolled."
        return "There is no such die."
    if not secret.rolled_out:
        return "Finish rolling first: keep all your dice, or roll the third time."
    if isinstance(intent, Uncast):
        return f"You have not allocated {_spell(rules, intent.spell)}."
    if isinstance(intent, Aim):
        if state.teams:
            return "Your ally may attack a living wizard of the other team, one of your choice."
        return "Your ally may attack any other living wizard, one of your choice."
    if isinstance(intent, Commit):
        return "You can commit now."
    if isinstance(intent, CastSpell):
        return _why_not_cast(rules, state, seat, intent)
    return "That is not a move of this game."


def _why_not_cast(rules: "WizardDiceRules", state: State, seat: int, intent: CastSpell) -> str:
    if intent.spell not in rules.book:
        return f"There is no spell {intent.spell!r} in the book."
    spell = rules.book[intent.spell]
    secret = state.wizards[seat].secret
    if not state.repeat_spells and any(cast.spell == intent.spell for cast in secret.casts):
        return f"Each spell at most once a round: you already allocated {spell.name}."
    free = Counter(rules.free_dice(state.wizards[seat]))
    if any(free[d] < n for d, n in Counter(intent.dice).items()):
        return f"You do not have {dice_text(intent.dice)} free."
    if not spell.pattern.matches(tuple(intent.dice), state.loose_patterns):
        others = [s.name for s in rules.book.exactly(intent.dice, state.loose_patterns)]
        could = f" ({dice_text(intent.dice)} could be: {', '.join(others)})" if others else ""
        return f"{spell.name} needs {spell.pattern.describe()}; {dice_text(intent.dice)} is not that{could}."
    targets = set(rules.targets(state, seat, spell))
    if any(t not in targets for t in intent.targets):
        if spell.targets == "opponent":
            if state.teams:
                return f"{spell.name} must be aimed at a living wizard of the other team."
            return f"{spell.name} must be aimed at a living opponent wizard."
        if spell.targets == "self":
            return f"{spell.name} is cast on yourself."
        return "That target is not on the table."
    if spell.split and (sum(intent.split) != spell.split or len(intent.split) != len(intent.targets)):
        return f"{spell.name} splits {spell.split} damage between at most 2 different targets."
    if spell.per_die_targets and len(intent.targets) != len(intent.dice):
        return f"{spell.name} needs one target per die."
    return f"{spell.name} cannot be cast that way."
