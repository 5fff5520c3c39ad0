"""Everything Wizard Dice says to the players: the move log, the banner's prompt, why a move is refused.

The rules decide; this module puts their decisions into words, with the wizards'
names and the spells' names from the state or view it is given.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from tabletop.core.values import Value

from . import events as ev
from .intents import (Aim, Banish, Cancel, CancelNothing, Carry, CastSpell, Commit, Keep, KeepAllies, Release, Roll,
                      Stop, Uncast)
from .state import Stage, State, Target

if TYPE_CHECKING:
    from .queries import WizardDiceQueries

__all__ = ["prompt", "narrate", "refusal", "target_name", "dice_text", "dice_count", "article", "PHASE_TITLES",
           "TIER_TITLES"]

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


def dice_count(n: int) -> str:
    """``1 die``, ``2 dice``.

    >>> dice_count(1), dice_count(2)
    ('1 die', '2 dice')
    """
    return f"{n} die" if n == 1 else f"{n} dice"


def article(kind: str) -> str:
    """``an Ogre``, ``a Troll``.

    >>> article("ogre"), article("troll")
    ('an Ogre', 'a Troll')
    """
    name = kind.capitalize()
    return f"{'an' if name[:1] in 'AEIOU' else 'a'} {name}"


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


def _spell(rules: "WizardDiceQueries", spell: str) -> str:
    return rules.book[spell].name if spell in rules.book else spell


def _aimed(rules: "WizardDiceQueries", state: State, targets: Sequence[Target], split: Sequence[int] = ()) -> str:
    if split:
        return ": " + " and ".join(f"{amount} damage at {target_name(state, t)}" for t, amount in zip(targets, split))
    counts = Counter(targets)
    parts = []
    for target in dict.fromkeys(targets):
        times = f" ({counts[target]})" if len(counts) > 1 and counts[target] > 1 else ""
        parts.append(target_name(state, target) + times)
    return " at " + " and ".join(parts)


def prompt(rules: "WizardDiceQueries", state: State, seat: int | None = None) -> str:
    """What the seat to act (or ``seat``, one of the wizards allocating at once) must do now, in plain words."""
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
    seat = state.to_act if seat is None else seat
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


def narrate(rules: "WizardDiceQueries", event: Value, view: State, seat: int | None) -> str | None:
    """The move log's sentence for ``event`` as ``seat`` reads it (private events only reach their owner)."""
    line = _LINES.get(type(event))
    return line(_Teller(rules, view, seat), event) if line is not None else None


class _Teller:
    """What a log line is told with: the rules (for spell names), the view and the seat reading it ("You")."""

    def __init__(self, rules: "WizardDiceQueries", view: State, seat: int | None) -> None:
        self.rules = rules
        self.view = view
        self.seat = seat

    def who(self, seat: int) -> str:
        return "You" if seat == self.seat else self.view.wizards[seat].name

    def whose(self, seat: int, start: bool = True) -> str:
        if seat == self.seat:
            return "Your" if start else "your"
        return f"{self.view.wizards[seat].name}'s"

    def target(self, target: Target) -> str:
        return target_name(self.view, target)


def _on_round_began(t: _Teller, event: ev.RoundBegan) -> str:
    order = ", ".join(t.view.wizards[s].name for s in event.order)
    return f"Round {event.round} begins ({order})."


def _on_banished(t: _Teller, event: ev.Banished) -> str:
    return f"{t.who(event.seat)} banished {ally_name(t.view, event.ally)}; its die comes back."


def _on_rolled(t: _Teller, event: ev.Rolled) -> str:
    return f"{t.who(event.seat)} rolled: {dice_text(event.dice)} (roll {event.roll} of 3)."


def _on_allocated(t: _Teller, event: ev.Allocated) -> str:
    return (f"{t.who(event.seat)} will cast {_spell(t.rules, event.spell)} ({dice_text(event.dice)})"
            f"{_aimed(t.rules, t.view, event.targets)}.")


def _on_withdrawn(t: _Teller, event: ev.Withdrawn) -> str:
    return f"{t.who(event.seat)} took back {_spell(t.rules, event.spell)}."


def _on_aimed(t: _Teller, event: ev.Aimed) -> str:
    return f"{ally_name(t.view, event.ally)} will attack {t.view.wizards[event.at].name}."


def _on_committed(t: _Teller, event: ev.Committed) -> str:
    return f"{t.who(event.seat)} {'have' if event.seat == t.seat else 'has'} committed."


def _on_revealed(t: _Teller, event: ev.Revealed) -> str:
    return (f"{t.who(event.seat)} cast {_spell(t.rules, event.spell)} ({dice_text(event.dice)})"
            f"{_aimed(t.rules, t.view, event.targets, event.split)}.")


def _on_phase_began(t: _Teller, event: ev.PhaseBegan) -> str | None:
    if event.tier:
        return None
    return PHASE_TITLES.get(event.phase, f"Phase {event.phase}") + "."


def _on_shell_holds(t: _Teller, event: ev.ShellHolds) -> str:
    return f"Last round's Magic Shell still shields {t.target(event.target)} (allies -{event.value})."


def _on_mirror_raised(t: _Teller, event: ev.MirrorRaised) -> str:
    return f"{t.whose(event.seat)} Magic Mirror stands before {t.target(event.target)}."


def _on_reflected(t: _Teller, event: ev.Reflected) -> str:
    return (f"{t.whose(event.caster)} {_spell(t.rules, event.spell)} at {t.target(event.was)} is reflected "
            f"to {t.target(event.now)}.")


def _on_warded(t: _Teller, event: ev.Warded) -> str:
    return (f"{t.whose(event.caster)} {_spell(t.rules, event.spell)} wards {t.target(event.target)}: "
            f"allies -{event.ally_reduction}, each attack spell -{event.spell_reduction}.")


def _on_protected(t: _Teller, event: ev.Protected) -> str:
    extra = f" (allies -{event.ally_reduction})" if event.ally_reduction else ""
    return f"{t.whose(event.caster)} Counterspell protects {t.target(event.target)}{extra}."


def _on_counter_choosing(t: _Teller, event: ev.CounterChoosing) -> str:
    return f"{t.who(event.seat)} must choose which spell at {t.target(event.target)} to cancel."


def _on_cancelled(t: _Teller, event: ev.Cancelled) -> str:
    return (f"{t.whose(event.seat)} Counterspell cancels {t.whose(event.caster, False)} "
            f"{_spell(t.rules, event.spell)} at {t.target(event.target)}.")


def _on_silenced(t: _Teller, event: ev.Silenced) -> str:
    return f"{t.whose(event.caster)} Paralysis holds {ally_name(t.view, event.ally)}: no damage this round."


def _on_summoned(t: _Teller, event: ev.Summoned) -> str:
    stolen = "" if event.seat == event.caster else f", stolen from {t.view.wizards[event.caster].name}"
    named = article(event.kind)
    return f"{named[0].upper()}{named[1:]} ({event.hp} HP) joins {t.view.wizards[event.seat].name}{stolen}."


def _on_healed(t: _Teller, event: ev.Healed) -> str:
    return (f"{t.whose(event.caster)} {_spell(t.rules, event.spell)} heals {t.target(event.target)} by "
            f"{event.amount}: {event.hp} HP.")


def _on_ally_damage(t: _Teller, event: ev.AllyDamage) -> str:
    blocked = f" ({event.reduced} held off)" if event.reduced else ""
    return (f"Allies strike {t.view.wizards[event.seat].name} for {event.total}{blocked}: "
            f"{event.taken} damage, {_left(event.hp)}.")


def _on_hit(t: _Teller, event: ev.Hit) -> str:
    blocked = f" ({event.reduced} held off)" if event.reduced else ""
    return (f"{t.whose(event.caster)} {_spell(t.rules, event.spell)} deals {event.amount} damage to "
            f"{t.target(event.target)}{blocked}: {_left(event.hp)}.")


def _left(hp: int) -> str:
    """What a hit leaves: ``3 HP left``, or ``no HP left`` (the death check then says who falls)."""
    return f"{hp} HP left" if hp > 0 else "no HP left"


def _on_slain(t: _Teller, event: ev.Slain) -> str:
    return f"{t.whose(event.caster)} Finger of Death slays {t.view.wizards[event.seat].name}."


def _on_paralysed(t: _Teller, event: ev.Paralysed) -> str:
    return f"{t.view.wizards[event.seat].name} is paralysed: {dice_count(event.dice)} fewer next round."


def _on_poisoned(t: _Teller, event: ev.Poisoned) -> str:
    return f"{t.target(event.target)} is poisoned: 1 damage at the end of round {event.due}."


def _on_poison_tick(t: _Teller, event: ev.PoisonTick) -> str:
    return f"Poison deals {event.amount} damage to {t.target(event.target)}: {_left(event.hp)}."


def _on_fizzled(t: _Teller, event: ev.Fizzled) -> str:
    why = "its caster has fallen" if event.why == "caster-dead" else "its target is gone"
    return f"{t.whose(event.caster)} {_spell(t.rules, event.spell)} fizzles: {why}."


def _on_died(t: _Teller, event: ev.Died) -> str:
    return f"{t.target(event.target)} {'falls' if event.target.is_wizard else 'is destroyed'}."


def _on_carried(t: _Teller, event: ev.Carried) -> str:
    if not event.dice:
        return f"{t.who(event.seat)} carried no dice."
    return f"{t.who(event.seat)} carried {dice_text(event.dice)} into the next round."


def _on_duel_over(t: _Teller, event: ev.DuelOver) -> str:
    names = " and ".join(t.view.wizards[s].name for s in event.winners)
    if event.why == "last-team":
        return f"{names} win: the other team has fallen."
    if event.why == "draw":
        if t.view.teams:
            return "A draw: the last wizards of both teams fall together."
        return f"A draw: {names} fall together."
    if event.why == "round-limit":
        return f"The round limit is reached: {names} {'win' if len(event.winners) > 1 else 'wins'} on HP."
    return f"{names} wins the duel."


#: The log line of each kind of event (AllyStruck and RoundEnded have none).
_LINES: dict[type, Callable[[_Teller, Any], str | None]] = {
    ev.RoundBegan: _on_round_began,
    ev.Banished: _on_banished,
    ev.Rolled: _on_rolled,
    ev.Allocated: _on_allocated,
    ev.Withdrawn: _on_withdrawn,
    ev.Aimed: _on_aimed,
    ev.Committed: _on_committed,
    ev.Revealed: _on_revealed,
    ev.PhaseBegan: _on_phase_began,
    ev.ShellHolds: _on_shell_holds,
    ev.MirrorRaised: _on_mirror_raised,
    ev.Reflected: _on_reflected,
    ev.Warded: _on_warded,
    ev.Protected: _on_protected,
    ev.CounterChoosing: _on_counter_choosing,
    ev.Cancelled: _on_cancelled,
    ev.Silenced: _on_silenced,
    ev.Summoned: _on_summoned,
    ev.Healed: _on_healed,
    ev.AllyDamage: _on_ally_damage,
    ev.Hit: _on_hit,
    ev.Slain: _on_slain,
    ev.Paralysed: _on_paralysed,
    ev.Poisoned: _on_poisoned,
    ev.PoisonTick: _on_poison_tick,
    ev.Fizzled: _on_fizzled,
    ev.Died: _on_died,
    ev.Carried: _on_carried,
    ev.DuelOver: _on_duel_over,
}


def refusal(rules: "WizardDiceQueries", state: State, intent: Value) -> str:
    """Why ``intent`` is refused now, in a sentence a player understands."""
    flow = state.flow
    to_act = state.to_act
    if to_act is None:
        return "The duel is over."
    seat = getattr(intent, "seat", None)
    if seat != to_act:
        if seat is None or not 0 <= seat < len(state.wizards):
            return "There is no such wizard."
        if flow.stage != Stage.SECRET:
            return f"It is {state.wizards[to_act].name}'s decision now, not {state.wizards[seat].name}'s."
        if seat not in rules.deciding(state):
            return f"{state.wizards[seat].name} has committed: the spells are set for this round."
        # Every wizard still to commit decides at once: the reason is in the wizard's own secret, below.
    wizard = state.wizards[seat]
    if isinstance(intent, (Banish, KeepAllies)):
        if flow.stage != Stage.UPKEEP:
            return "Allies can be banished only at the start of a round, before anyone rolls."
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
        if len(intent.dice) > 2:
            return "You may carry at most 2 dice."
        unused = Counter(wizard.unused)
        missing = [d for d, n in Counter(intent.dice).items() if unused[d] < n]
        if not wizard.unused:
            return "You have no unused dice to carry: every die went into a spell."
        return (f"You have no unused {missing[0] if missing else dice_text(intent.dice)} to carry: "
                f"your unused dice are {dice_text(sorted(wizard.unused))}.")
    if flow.stage != Stage.SECRET:
        first = {Stage.UPKEEP: "banish an ally or keep your allies",
                 Stage.COUNTER: "choose the spell your Counterspell cancels",
                 Stage.CARRY: "carry dice into the next round, or none"}.get(flow.stage, "finish this step")
        return f"Wait for your secret turn: first {first}."
    secret = wizard.secret
    assert secret is not None
    if isinstance(intent, (Roll, Keep, Release, Stop)):
        if secret.rolled_out:
            return "Your dice are final: select dice to cast a spell."
        if isinstance(intent, Roll):
            return "Every die is kept: keep them all, or release one to roll it."
        if secret.rolls == 0:
            return "Roll first."
        if isinstance(intent, (Keep, Release)) and intent.die < secret.fixed:
            return "A carried die keeps its value: it is not rolled."
        return "There is no such die."
    if not secret.rolled_out:
        return "Finish rolling first: keep all your dice, or roll the third time."
    if isinstance(intent, Uncast):
        return f"You have not chosen {_spell(rules, intent.spell)} this round: there is nothing to take back."
    if isinstance(intent, Aim):
        return _why_not_aim(state, seat, intent)
    if isinstance(intent, Commit):
        return "Your spells are already committed."
    if isinstance(intent, CastSpell):
        return _why_not_cast(rules, state, seat, intent)
    return "That is not a move of this game."


def _why_not_aim(state: State, seat: int, intent: Aim) -> str:
    found = state.ally(intent.ally)
    if found is None or found[0] != seat:
        return "That ally is not yours."
    ally = found[1]
    yours = f"Your {ally.kind.capitalize()}"
    enemies = state.enemies(seat)
    if len(enemies) <= 1:
        return f"{yours} attacks your only opponent: there is no one else to aim it at."
    if not 0 <= intent.at < len(state.wizards):
        return "There is no such wizard."
    if intent.at == seat:
        return f"{yours} never attacks you."
    name = state.wizards[intent.at].name
    if not state.wizards[intent.at].alive:
        return f"{name} has fallen: aim it at a living opponent."
    if intent.at not in enemies:
        return f"{name} is your team-mate: an ally attacks only the other team."
    secret = state.wizards[seat].secret
    current = dict(secret.aims).get(ally.number, ally.aim) if secret is not None else ally.aim
    if intent.at == current:
        return f"{yours} already attacks {name}."
    return f"{yours} cannot attack {name} now."


def _why_not_cast(rules: "WizardDiceQueries", state: State, seat: int, intent: CastSpell) -> str:
    if intent.spell not in rules.book:
        return f"There is no spell {intent.spell!r} in the book."
    spell = rules.book[intent.spell]
    secret = state.wizards[seat].secret
    assert secret is not None
    if not state.repeat_spells and any(cast.spell == intent.spell for cast in secret.casts):
        return f"Each spell at most once a round: you already cast {spell.name}."
    free = Counter(rules.free_dice(state.wizards[seat]))
    if any(free[d] < n for d, n in Counter(intent.dice).items()):
        left = sorted(rules.free_dice(state.wizards[seat]))
        have = f"your free dice are {dice_text(left)}" if left else "every die is in a spell already"
        return f"You do not have {dice_text(intent.dice)} free: {have}."
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


def outcome_title(state: State, winners: Sequence[int]) -> str:
    """The results' title of a team game won by one team: ``Team 1 wins: Ada and Cy`` (else empty: the winners'
    names are the title)."""
    teams = {state.teams[seat] for seat in winners} if state.teams else set()
    if len(teams) != 1:
        return ""
    team = teams.pop()
    names = [w.name for seat, w in enumerate(state.wizards) if state.teams[seat] == team]
    return f"Team {team + 1} wins: {' and '.join(names)}"


def progress(state: State) -> str:
    """The match in a few words, for the lists of saved matches: ``round 3, HP 12 to 9`` for a duel; ``round 3,
    team HP 30 to 25`` for teams; ``round 3, 4 of 5 standing, lowest HP 9`` for more.

    Never the HP of five wizards in a row: the line is read at a glance and must not be cut."""
    limit = f" of {state.round_limit}" if state.round_limit else ""
    head = f"round {state.flow.round}{limit}"
    hp = [max(0, w.hp) for w in state.wizards]
    if len(hp) == 2:
        return f"{head}, HP {hp[0]} to {hp[1]}"
    if state.teams:
        totals = [sum(h for seat, h in enumerate(hp) if state.teams[seat] == team) for team in (0, 1)]
        return f"{head}, team HP {totals[0]} to {totals[1]}"
    standing = [h for h, w in zip(hp, state.wizards) if w.alive]
    if not standing:
        return f"{head}, none standing"
    return f"{head}, {len(standing)} of {len(hp)} standing, lowest HP {min(standing)}"
