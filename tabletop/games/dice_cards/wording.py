"""Everything Dice Cards says to the players: the move log, the banner's prompt, why a move is refused.

The rules decide; this module puts their decisions into words, with names from the
state or view it is given.  A hand die's value is never named for a seat that may
not see it: the log says "Bo rolls 3 dice into their hand".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

from tabletop.core.values import Value

from . import events as ev
from .intents import (Activate, Adjust, Attack, Battle, BlocksDone, BlockWith, Charge, ChooseDeck, Discard, EndTurn,
                      FightNext, MoveRelic, Remove, Shed, Strike, Summon, Unblock)
from .content import Ability
from .costs import payments
from .state import HAND_LIMIT, MAX_UNITS, SLOTS, Stage, State, Unit

if TYPE_CHECKING:
    from .queries import DiceCardsQueries

__all__ = ["prompt", "narrate", "refusal", "unit_name", "unit_label", "plural", "ORDINALS"]

#: Which of two or more alike units (the field's order, left to right).
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def plural(count: int, word: str) -> str:
    """``1 die``, ``3 dice``, ``2 shields``.

    >>> plural(1, "die"), plural(3, "die"), plural(2, "unit")
    ('1 die', '3 dice', '2 units')
    """
    if count == 1:
        return f"1 {word}"
    return f"{count} {'dice' if word == 'die' else word + 's'}"


def kind_name(rules: "DiceCardsQueries", archetype: str) -> str:
    """``Cinder Drakes`` -> ``Cinder Drake`` (one unit of the archetype)."""
    if not archetype:
        return "typeless unit"
    name = rules.content.name(archetype)
    return name[:-1] if name.endswith("s") else name


def unit_label(rules: "DiceCardsQueries", view: State, unit: Unit) -> str:
    """A unit as the table shows it, by its archetype, with its Power or its place only when its owner has
    another like it: ``Cinder Drake``, ``Cinder Drake (Power 3)``, ``second Cinder Drake (Power 3)``."""
    kind = kind_name(rules, unit.archetype)
    alike = [u for u in view.units if u.owner == unit.owner and u.archetype == unit.archetype]
    if len(alike) < 2:
        return kind
    power = rules.power(view, unit)
    same = [u for u in alike if rules.power(view, u) == power]
    if len(same) < 2:
        return f"{kind} (Power {power})"
    index = next(i for i, u in enumerate(same) if u.uid == unit.uid)
    return f"{ORDINALS[min(index, len(ORDINALS) - 1)]} {kind} (Power {power})"


def unit_name(rules: "DiceCardsQueries", view: State, uid: int, archetype: str | None = None,
              owner: int | None = None) -> str:
    """``Ann's Cinder Drake`` (from ``archetype`` and ``owner`` when the unit has left the table)."""
    for unit in view.units:
        if unit.uid == uid:
            return f"{view.duelists[unit.owner].name}'s {unit_label(rules, view, unit)}"
    kind = kind_name(rules, archetype or "")
    if owner is not None and 0 <= owner < len(view.duelists):
        return f"{view.duelists[owner].name}'s {kind}"
    return f"a {kind}"


def ability_name(rules: "DiceCardsQueries", ability_id: str) -> str:
    return rules.ability(ability_id).name if rules.content.has_ability(ability_id) else ability_id


def _values(values: Iterable[int]) -> str:
    text = ", ".join(str(v) for v in values)
    return text or "nothing"


# ================================================================ the banner
def prompt(rules: "DiceCardsQueries", state: State) -> str:
    """What the seat to act must do now, in plain words."""
    flow = state.flow
    names = [d.name for d in state.duelists]
    seat = state.to_act
    if seat is None:
        if flow.winner >= 0:
            return f"{names[flow.winner]} wins the duel."
        return "The duel is over."
    name = names[seat]
    if flow.stage == Stage.DECK:
        return f"{name}, choose your deck: up to three archetypes, or a starter deck."
    if flow.stage == Stage.MAIN:
        phase = f"Main Phase {flow.main}"
        summon = "" if flow.summoned else "summon, "
        battle = ", battle" if any(i.KIND == "battle" for i in rules.legal_intents(state)) else ""
        return f"{name}, {phase}: {summon}charge dice, use abilities{battle}, or end the turn."
    if flow.stage == Stage.ATTACK:
        return f"{name}, choose your attackers (or none)."
    if flow.stage == Stage.BLOCK:
        return (f"{name}, {names[flow.active]} attacks with {plural(len(flow.attackers), 'unit')}: "
                "assign your blockers, then fight.")
    if flow.stage == Stage.ORDER:
        return (f"{name}, choose which battle is fought next: a captive may come home to a full field "
                "before the others are fought.")
    if flow.stage == Stage.STRIKE:
        return f"{name}, choose which unblocked attacker hits the foremost shield next."
    if flow.stage == Stage.DISCARD:
        if flow.why == "tithe":
            return f"{name}, Tithe of Secrets: discard {plural(flow.discarding, 'die')} of your choice."
        return f"{name}, hand limit {HAND_LIMIT}: discard {plural(flow.discarding, 'die')}."
    if flow.stage == Stage.OVERFLOW:
        return f"{name}, a 6th unit: choose one of your units to discard (the new one ignores the summon)."
    if flow.stage == Stage.SHED:
        return f"{name}, the fused unit holds more than {SLOTS} equips: choose one to lose."
    return f"{name} to act."


# ================================================================ the move log
def narrate(rules: "DiceCardsQueries", event: Value, view: State, seat: int | None) -> str | None:
    """The move log's sentence for ``event`` as ``seat`` reads it."""
    line = _LINES.get(type(event))
    return line(_Teller(rules, view), event) if line is not None else None


class _Teller:
    """What a log line is told with: the rules (for names) and the view of the seat reading it."""

    def __init__(self, rules: "DiceCardsQueries", view: State) -> None:
        self.rules = rules
        self.view = view
        self.names = [d.name for d in view.duelists]

    def who(self, seat: int) -> str:
        return self.names[seat]

    def unit(self, uid: int, archetype: str | None = None, owner: int | None = None) -> str:
        return unit_name(self.rules, self.view, uid, archetype, owner)


def _on_deck_chosen(t: _Teller, event: ev.DeckChosen) -> str:
    return f"{t.who(event.seat)} chooses {', '.join(t.rules.content.name(a) for a in event.archetypes)}."


def _on_deck_picked(t: _Teller, event: ev.DeckPicked) -> str:
    return f"{t.who(event.seat)} has chosen a deck."


def _on_decks_shown(t: _Teller, event: ev.DecksShown) -> str:
    first = ", ".join(t.rules.content.name(a) for a in event.first)
    second = ", ".join(t.rules.content.name(a) for a in event.second)
    return (f"The duel begins: {t.names[0]} plays {first}; {t.names[1]} plays {second}. "
            f"{t.who(event.starts)} goes first.")


def _on_turn_began(t: _Teller, event: ev.TurnBegan) -> str:
    return f"Turn {event.turn}: {t.who(event.seat)}."


def _on_rolled(t: _Teller, event: ev.Rolled) -> str:
    where = {"draw": "draws and rolls", "shield": "rolls the broken shield's die:",
             "grave": "rolls a die from the Grave:"}[event.why]
    return f"{t.who(event.seat)} {where} {_values(sorted(d.value for d in event.dice))} into their hand."


def _on_rolled_count(t: _Teller, event: ev.RolledCount) -> str:
    what = {"draw": "", "shield": " (the broken shield's die)", "grave": " (from the Grave)"}[event.why]
    return f"{t.who(event.seat)} rolls {plural(event.count, 'die')} into their hand{what}."


def _on_decked_out(t: _Teller, event: ev.DeckedOut) -> str:
    return f"{t.who(event.seat)} must draw from an empty Stock."


def _on_summoned(t: _Teller, event: ev.Summoned) -> str:
    how = {"summon": f"summons from a {event.die}", "ritual": f"performs a ritual with a {event.die}",
           "fusion": f"fuses with a {event.die}", "extra": "sets an extra unit"}[event.how]
    return f"{t.who(event.seat)} {how}: a {kind_name(t.rules, event.archetype)} of Power {event.power}."


def _on_token_placed(t: _Teller, event: ev.TokenPlaced) -> str:
    die = f" (spending a {event.die})" if event.die else ""
    return f"{t.who(event.seat)} places the {ability_name(t.rules, event.ability)} {event.kind} token{die}."


def _on_charged(t: _Teller, event: ev.Charged) -> str:
    return f"{t.who(event.seat)} charges a {event.value} as energy."


def _on_activated(t: _Teller, event: ev.Activated) -> str:
    paid = f", paying {_values(event.pay)}" if event.pay else ""
    return f"{t.who(event.seat)} activates {ability_name(t.rules, event.ability)}{paid}."


def _on_equipped(t: _Teller, event: ev.Equipped) -> str:
    tokens = "" if event.count == 1 else f" (stack of {event.count})"
    return f"{t.unit(event.uid)} is equipped with {ability_name(t.rules, event.ability)}{tokens}."


def _on_equip_lost(t: _Teller, event: ev.EquipLost) -> str:
    why = {"expired": "ends", "shed": "is lost", "merged": "is too tall a stack",
           "destroyed": "is destroyed"}.get(event.why, "goes")
    whose = f" on {t.unit(event.uid)}" if event.uid else ""
    return f"{ability_name(t.rules, event.ability)}{whose} {why} ({plural(event.count, 'die')} to the Grave)."


def _on_strike_first(t: _Teller, event: ev.StrikeFirst) -> str:
    return f"{t.unit(event.uid)} strikes first this turn."


def _on_unit_destroyed(t: _Teller, event: ev.UnitDestroyed) -> str:
    why = {"battle": "is destroyed in battle", "ability": "is destroyed", "sacrifice": "is sacrificed",
           "overflow": "is discarded to make room",
           "damage": "is destroyed: its Power is no longer above the damage it took this turn"}[event.why]
    return f"{t.who(event.owner)}'s {kind_name(t.rules, event.archetype)} (Power {event.power}) {why}."


def _on_shield_hit(t: _Teller, event: ev.ShieldHit) -> str:
    by = f"{t.unit(event.by)} hits" if event.by else "The ability hits"
    return f"{by} {t.who(event.seat)}'s foremost shield for {event.amount}: {event.left} left."


def _on_shield_broken(t: _Teller, event: ev.ShieldBroken) -> str:
    return f"{t.who(event.seat)}'s foremost shield breaks; its die is rolled into their hand."


def _on_shield_mended(t: _Teller, event: ev.ShieldMended) -> str:
    return f"{t.who(event.seat)} mends a shield to {event.power}."


def _on_shield_raised(t: _Teller, event: ev.ShieldRaised) -> str:
    return f"{t.who(event.seat)} raises a new foremost shield of {event.power}."


def _on_captured(t: _Teller, event: ev.Captured) -> str:
    return f"{t.unit(event.captor)} takes {t.unit(event.captive)} captive."


def _on_released(t: _Teller, event: ev.Released) -> str:
    return f"{t.unit(event.uid)} comes home from captivity."


def _on_energy_adjusted(t: _Teller, event: ev.EnergyAdjusted) -> str:
    return f"{t.who(event.seat)} turns an energy {event.value} into a {event.to}."


def _on_relic_moved(t: _Teller, event: ev.RelicMoved) -> str:
    where = f"onto {t.unit(event.unit)}" if event.unit else "off, into the Field zone"
    return f"{t.who(event.seat)}'s {ability_name(t.rules, event.ability)} goes {where}."


def _on_banished(t: _Teller, event: ev.Banished) -> str:
    return f"{t.who(event.seat)} banishes {plural(event.count, 'die')} from the Grave."


def _on_discarded(t: _Teller, event: ev.Discarded) -> str:
    why = {"tithe": " (Tithe of Secrets)", "hand-limit": " (hand limit)", "ritual": " for the ritual"}[event.why]
    return f"{t.who(event.seat)} discards {_values(event.dice)}{why}."


def _on_battle_began(t: _Teller, event: ev.BattleBegan) -> str:
    return f"{t.who(event.seat)} goes to battle."


def _on_attacked(t: _Teller, event: ev.Attacked) -> str:
    if not event.units:
        return f"{t.who(event.seat)} attacks with nothing after all."
    own = [unit_label(t.rules, t.view, u) if u is not None else "unit"
           for u in (next((x for x in t.view.units if x.uid == uid), None) for uid in event.units)]
    listed = ", ".join(own[:-1]) + f" and {own[-1]}" if len(own) > 1 else own[0]
    return f"{t.who(event.seat)} attacks with their {listed}."


def _on_blocked(t: _Teller, event: ev.Blocked) -> str:
    return f"{t.unit(event.unit)} blocks {t.unit(event.attacker)}."


def _on_unblocked(t: _Teller, event: ev.Unblocked) -> str:
    return f"{t.unit(event.unit)} no longer blocks."


def _on_fight_chosen(t: _Teller, event: ev.FightChosen) -> str:
    return f"{t.who(event.seat)} has {t.unit(event.unit)} fight {t.unit(event.attacker)} next."


def _on_fought(t: _Teller, event: ev.Fought) -> str:
    first = ""
    if event.first:
        first = f" ({t.unit(event.first)} strikes first)"
    active = t.view.flow.active
    return (f"Battle: {t.unit(event.attacker, event.attacker_type, active)} deals {event.to_defender} damage, "
            f"{t.unit(event.defender, event.defender_type, 1 - active)} deals {event.to_attacker}{first}.")


def _on_player_hit(t: _Teller, event: ev.PlayerHit) -> str:
    by = t.unit(event.by) if event.by else "An ability"
    return f"{by} damages {t.who(event.seat)} directly!"


def _on_duel_won(t: _Teller, event: ev.DuelWon) -> str:
    how = "by a direct hit" if event.how == "direct" else "as the other cannot draw"
    return f"{t.who(event.seat)} wins the duel {how}."


#: The log line of each kind of event (UnitDamaged and TurnEnded have none: the battle or ability line says it).
_LINES: dict[type, Callable[[_Teller, Any], str | None]] = {
    ev.DeckChosen: _on_deck_chosen,
    ev.DeckPicked: _on_deck_picked,
    ev.DecksShown: _on_decks_shown,
    ev.TurnBegan: _on_turn_began,
    ev.Rolled: _on_rolled,
    ev.RolledCount: _on_rolled_count,
    ev.DeckedOut: _on_decked_out,
    ev.Summoned: _on_summoned,
    ev.TokenPlaced: _on_token_placed,
    ev.Charged: _on_charged,
    ev.Activated: _on_activated,
    ev.Equipped: _on_equipped,
    ev.EquipLost: _on_equip_lost,
    ev.StrikeFirst: _on_strike_first,
    ev.UnitDestroyed: _on_unit_destroyed,
    ev.ShieldHit: _on_shield_hit,
    ev.ShieldBroken: _on_shield_broken,
    ev.ShieldMended: _on_shield_mended,
    ev.ShieldRaised: _on_shield_raised,
    ev.Captured: _on_captured,
    ev.Released: _on_released,
    ev.EnergyAdjusted: _on_energy_adjusted,
    ev.RelicMoved: _on_relic_moved,
    ev.Banished: _on_banished,
    ev.Discarded: _on_discarded,
    ev.BattleBegan: _on_battle_began,
    ev.Attacked: _on_attacked,
    ev.Blocked: _on_blocked,
    ev.Unblocked: _on_unblocked,
    ev.FightChosen: _on_fight_chosen,
    ev.Fought: _on_fought,
    ev.PlayerHit: _on_player_hit,
    ev.DuelWon: _on_duel_won,
}


# ================================================================ refusals
#: What must come first, by stage, when a Main Phase move is sent outside the Main Phase.
_FIRST = {Stage.ATTACK: "Choose your attackers first (or attack with none).",
          Stage.BLOCK: "Assign your blockers first, then fight.",
          Stage.ORDER: "The defender is choosing which battle comes next.",
          Stage.STRIKE: "Choose which attacker hits the shield next.",
          Stage.DISCARD: "First discard the dice asked for (click them in your hand).",
          Stage.OVERFLOW: "Choose a unit to discard first: six is one too many.",
          Stage.SHED: "Choose an equip for the fused unit to lose first.",
          Stage.DECK: "Choose a deck first."}

def refusal(rules: "DiceCardsQueries", state: State, intent: Value) -> str:
    """Why ``intent`` is refused now, in a sentence a player understands."""
    flow = state.flow
    seat = getattr(intent, "seat", None)
    if flow.stage == Stage.OVER:
        return "The duel is over."
    if seat is None or seat != state.to_act:
        actor = state.to_act
        name = state.duelists[actor].name if actor is not None else "nobody"
        if flow.stage == Stage.BLOCK:
            return f"{name} is assigning blockers: wait until they fight."
        return f"It is {name}'s decision now."
    if flow.stage != Stage.MAIN and isinstance(intent, _MAIN_PHASE):
        return _FIRST.get(flow.stage, "Finish this step of the turn first.")
    why = _WHY.get(type(intent))
    return why(rules, state, intent) if why is not None else _NOT_NOW


_NOT_NOW = "That is not one of the moves open to you now: the glowing pieces are."
#: The moves of a Main Phase.
_MAIN_PHASE = (Summon, Charge, Activate, Adjust, MoveRelic, Battle, EndTurn)


def _why_deck(rules: "DiceCardsQueries", state: State, intent: ChooseDeck) -> str:
    if state.flow.stage != Stage.DECK:
        return "Decks are chosen before the duel."
    if not 1 <= len(intent.archetypes) <= 3 or len(set(intent.archetypes)) != len(intent.archetypes):
        return "A deck is one to three different archetypes."
    if any(a not in rules.content.archetypes for a in intent.archetypes):
        return "That is not an archetype of this game."
    order = list(rules.content.archetypes)
    if list(intent.archetypes) != sorted(intent.archetypes, key=order.index):
        return f"Name the deck's archetypes in the game's order: {', '.join(order)}."
    return "A deck needs at least one archetype with units (Veil Court and Clockwork Reliquary have none)."


def _hand(state: State, seat: int) -> list[int]:
    return [d.value for d in state.duelists[seat].hand]


def _why_summon(rules: "DiceCardsQueries", state: State, intent: Summon) -> str:
    hand = _hand(state, intent.seat)
    duelist = state.duelists[intent.seat]
    if not hand:
        return "Your hand is empty: a summon spends a die from your hand."
    if intent.die not in hand:
        return f"There is no {intent.die} in your hand."
    if state.flow.summoned:
        return "You have used this turn's summon already."
    if intent.ability:
        if not rules.content.has_ability(intent.ability) or intent.ability.split(".")[0] not in duelist.deck:
            return "That special summon is not in your deck."
        ability = rules.ability(intent.ability)
        if ability.kind == "ritual" and (intent.discard is None or
                                         hand.count(intent.discard) < 1 + (intent.discard == intent.die)):
            return f"{ability.name} needs another hand die to discard."
        if ability.kind == "fusion":
            return f"{ability.name} sacrifices 1 or 2 of your own {rules.content.name(ability.archetype)}."
        if ability.kind in ("realm", "relic"):
            return f"You have the {ability.name} token already."
        return "That summon is not possible."
    if intent.archetype not in duelist.deck:
        return "Units come only in the colours of your deck's archetypes."
    if not rules.content.archetypes[intent.archetype].has_units:
        return f"{rules.content.name(intent.archetype)} has no units: it places a token instead."
    return "That summon is not possible."


def _why_charge(rules: "DiceCardsQueries", state: State, intent: Charge) -> str:
    if intent.die not in _hand(state, intent.seat):
        return f"There is no {intent.die} in your hand."
    return _NOT_NOW


def _why_activate(rules: "DiceCardsQueries", state: State, intent: Activate) -> str:
    duelist = state.duelists[intent.seat]
    if not rules.content.has_ability(intent.ability) or intent.ability.split(".")[0] not in duelist.deck:
        return "That ability is not in your deck."
    ability = rules.ability(intent.ability)
    if ability.once_per_turn and ability.ability_id in state.flow.used:
        return f"{ability.name} works once per turn."
    if not rules.may_cast(state, intent.seat, ability.archetype):
        archetype = rules.content.archetypes[ability.archetype]
        if archetype.has_units:
            return f"{ability.name} needs a caster: a {kind_name(rules, ability.archetype)} of yours."
        token = next((a for a in archetype.abilities if a.kind in ("realm", "relic")), None)
        what = f"the {token.name} {token.kind} token" if token is not None else "its token"
        return f"{ability.name} needs a caster: {what} ({archetype.name} has no units)."
    if tuple(sorted(intent.pay)) not in payments(ability.cost, duelist.energy):
        return _why_not_paid(ability, list(duelist.energy), list(intent.pay))
    return _why_target(rules, state, intent, ability)


def _why_not_paid(ability: Ability, energy: list[int], pay: list[int]) -> str:
    """Why a payment does not pay: a token you lack, energy that cannot pay the cost at all, or the wrong set."""
    tokens = f"your energy tokens are {_values(sorted(energy))}" if energy else "you have no energy tokens"
    if not payments(ability.cost, energy):
        return f"{ability.name} costs {ability.cost_text}, and {tokens}: charge dice first."
    left = list(energy)
    for value in pay:
        if value not in left:
            return f"You have no energy token showing {value} ({tokens})."
        left.remove(value)
    return f"{ability.name} costs {ability.cost_text}: {_values(sorted(pay))} does not pay it ({tokens})."


def _why_adjust(rules: "DiceCardsQueries", state: State, intent: Adjust) -> str:
    if any(word.startswith("adjust:") for word in state.flow.used):
        return "The realm token changes an energy token once a turn; it has done so this turn."
    if intent.value not in state.duelists[intent.seat].energy:
        return f"You have no energy token showing {intent.value}."
    return "The realm token changes one energy token by 1, within 1 to 6, once a turn."


def _why_move_relic(rules: "DiceCardsQueries", state: State, intent: MoveRelic) -> str:
    if not any(r.ability == intent.ability for r in state.duelists[intent.seat].relics):
        return "You have no such relic token."
    if f"relic:{intent.ability}" in state.flow.used:
        return f"{ability_name(rules, intent.ability)} moves once a turn; it has moved this turn already."
    return "The relic moves once a turn, to a unit of yours with room for one more equip."


def _why_battle(rules: "DiceCardsQueries", state: State, intent: Battle) -> str:
    flow = state.flow
    if flow.turn == 1:
        return "The first player skips the Battle Phase of their first turn."
    if flow.battled or flow.main == 2:
        return "There is one Battle Phase a turn."
    return "You need a unit that can attack."


def _why_attack(rules: "DiceCardsQueries", state: State, intent: Attack) -> str:
    if state.flow.stage != Stage.ATTACK:
        return "Go to the Battle Phase first."
    return "Only your units that are not captive can attack."


def _why_fight_next(rules: "DiceCardsQueries", state: State, intent: FightNext) -> str:
    if state.flow.stage != Stage.ORDER:
        return ("The defender chooses the next battle only when the order can matter, that is when a "
                "captive may come home to a full field.")
    if not any(b.defender == intent.unit and b.attacker == intent.attacker for b in state.flow.fights):
        return "That battle is not one still to be fought: choose a unit that blocks that attacker."
    return ("Each attacker fights its blockers in the order they were assigned: choose the next blocker "
            "of an attacker.")


def _why_block(rules: "DiceCardsQueries", state: State, intent: BlockWith | Unblock | BlocksDone) -> str:
    if state.flow.stage != Stage.BLOCK:
        return "Blockers are assigned when the opponent attacks."
    if isinstance(intent, BlockWith):
        if any(u.uid == intent.unit and u.captive for u in state.units):
            captive = next(u for u in state.units if u.uid == intent.unit)
            return f"{unit_name(rules, state, captive.uid)} is a captive: it can neither attack nor block."
        return "Each of your units that is not captive blocks one attacker."
    return "That unit is not blocking."


def _why_strike(rules: "DiceCardsQueries", state: State, intent: Strike) -> str:
    return "Only an unblocked attacker that has not hit yet can strike."


def _why_discard(rules: "DiceCardsQueries", state: State, intent: Discard) -> str:
    if state.flow.stage != Stage.DISCARD:
        return "You discard only for the hand limit or a Tithe."
    return f"There is no {intent.die} in your hand."


def _why_remove(rules: "DiceCardsQueries", state: State, intent: Remove) -> str:
    if state.flow.stage != Stage.OVERFLOW:
        return f"You discard a unit only when a 6th would join your {MAX_UNITS}."
    return "Choose one of your own units on the field."


def _why_shed(rules: "DiceCardsQueries", state: State, intent: Shed) -> str:
    return "Choose one of the fused unit's equips."


#: Why each kind of intent is refused, once it is the sender's turn to decide (and, for a Main Phase move, the
#: Main Phase); an intent of no kind here is "not possible now".
_WHY: dict[type, Callable[["DiceCardsQueries", State, Any], str]] = {
    ChooseDeck: _why_deck, Summon: _why_summon, Charge: _why_charge, Activate: _why_activate, Adjust: _why_adjust,
    MoveRelic: _why_move_relic, Battle: _why_battle, Attack: _why_attack, FightNext: _why_fight_next,
    BlockWith: _why_block, Unblock: _why_block, BlocksDone: _why_block, Strike: _why_strike,
    Discard: _why_discard, Remove: _why_remove, Shed: _why_shed,
}


def _why_target(rules: "DiceCardsQueries", state: State, intent: Activate, ability: Ability) -> str:
    """Why an activation with a caster and a fitting payment is still refused: what its effect needs."""
    seat = intent.seat
    names = [d.name for d in state.duelists]
    if not 0 <= intent.mode < len(ability.modes):
        return f"{ability.name} has {plural(len(ability.modes), 'choice')}: choose one of them."
    effect, args = ability.modes[intent.mode]
    units = {u.uid: u for u in state.units}
    target = units.get(intent.target) if intent.target is not None else None
    caster = units.get(intent.caster) if intent.caster is not None else None
    kin = kind_name(rules, ability.archetype)
    if effect == "strike_first":
        if args["target"] == "relic_host":
            relic = rules.relic_of(state, seat, ability.archetype)
            relic_name = ability_name(rules, relic.ability) if relic is not None else "the relic"
            if relic is None or relic.host < 0:
                return f"{ability.name} works on the unit that carries {relic_name}: equip it first."
            return f"{ability.name} works on the unit that carries {relic_name}: {unit_name(rules, state, relic.host)}."
        return f"{ability.name} targets a {kin} of yours."
    if effect == "equip":
        mine = args["target"] != "own_unit_of_type" or (target is not None and target.archetype == ability.archetype)
        if target is None or target.owner != seat or not mine:
            whose = "a unit of yours" if args["target"] != "own_unit_of_type" else f"a {kin} of yours"
            return f"{ability.name} is equipped to {whose}."
        if intent.slot is not None:
            if not 0 <= intent.slot < len(target.equips) or target.equips[intent.slot].ability != ability.ability_id:
                return f"That unit has no {ability.name} stack to add to."
            if args["stack"] == 1:
                return f"{ability.name} does not stack."
            return f"That {ability.name} stack holds {args['stack']} tokens already, the most."
        if args["stack"] == 1 and any(e.ability == ability.ability_id for e in target.equips):
            return f"That unit carries {ability.name} already."
        open_stacks = [i for i, e in enumerate(target.equips)
                       if e.ability == ability.ability_id and e.count < args["stack"]]
        return (f"That unit's {SLOTS} equip slots are full"
                + (f"; add to its {ability.name} stack instead." if open_stacks else "."))
    if effect == "damage":
        if caster is None or caster.owner != seat or caster.archetype != ability.archetype:
            return f"{ability.name} needs a caster: a {kin} of yours (its Power is the damage)."
        return f"{ability.name} hits an enemy unit, or the opponent's foremost shield."
    if effect in ("destroy_unit", "destroy_units"):
        if effect == "destroy_unit" and (target is None or target.owner == seat):
            return f"{ability.name} destroys an enemy unit."
        if effect == "destroy_unit" and target is not None:
            return (f"{ability.name} destroys only a unit with Power {args['most_power']} or less "
                    f"(that one has {rules.power(state, target)}).")
        return f"{ability.name} takes no target."
    if effect == "mend_shield":
        return "Choose one of your shields to mend: the foremost is the first."
    if effect == "new_shield":
        return f"A new shield needs fewer than {args['below']} shields."
    if effect == "break_shield":
        return f"{names[1 - seat]} has no shield left to destroy."
    if effect == "raise_from_grave":
        need = args["banish"] + args["take"]
        return (f"{ability.name} needs {plural(need, 'die')} in your Grave before you pay "
                f"(you have {state.duelists[seat].grave}).")
    if effect == "capture":
        if caster is None or caster.owner != seat:
            return f"{ability.name} needs a unit of yours to hold the captive: choose it first."
        if caster.captive:
            return "A captive cannot take a captive."
        if state.captive_of(caster.uid) is not None:
            return "That unit holds a captive already."
        if target is None or target.owner == seat:
            return f"{ability.name} takes an enemy unit captive."
        if target.captive:
            return "That unit is a captive already."
        if state.captive_of(target.uid) is not None:
            return "A unit that holds a captive cannot be taken captive."
        return (f"{ability.name} takes only a unit with Power no higher than its captor's "
                f"({rules.power(state, target)} against {rules.power(state, caster)}).")
    if effect == "opponent_discards":
        return f"{ability.name} needs a die in {names[1 - seat]}'s hand."
    return f"{ability.name} takes no target."
