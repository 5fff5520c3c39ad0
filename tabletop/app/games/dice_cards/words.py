"""What the Dice Cards table says: the answers of a choice, the menus' questions and what a hover explains.
Words only (no pygame); the rules decide, :mod:`.choices` says when each sentence is shown."""

from __future__ import annotations

from typing import Any

from tabletop.games.dice_cards.state import State
from tabletop.games.dice_cards.wording import kind_name, plural, unit_label

from ...choosing import Seen

__all__ = ["Words", "MODE_WORDS", "DECK_PROMPT", "DECK_PRIVATE", "PICK_DECK", "PICK_ATTACKERS",
           "STRIKE_TITLE", "OVERFLOW_TITLE", "SHED_TITLE", "NOT_THAT_UNIT", "DECK_FULL", "COURT_TITLE"]

MODE_WORDS = {"mend_shield": "Mend one of your shields", "new_shield": "Raise a new foremost shield",
              "destroy_units": "Destroy every enemy unit with low Power", "break_shield": "Break the foremost shield"}
DECK_PROMPT = "Choose your deck: click one to three archetypes (one at least with units), or a starter deck."
DECK_PRIVATE = "Decks are being chosen in private."
PICK_DECK = "Click one to three archetypes, or take a starter deck."
DECK_FULL = "A deck holds at most three archetypes: click one to put it back."
PICK_ATTACKERS = "Click your units that attack (they glow)."
STRIKE_TITLE = "Which unblocked attacker hits the foremost shield next?"
OVERFLOW_TITLE = "Six units: which one goes to the Grave?"
ORDER_TITLE = "Which unit battle comes next? (A captive may come home to a full field.)"
SHED_TITLE = "The fused unit keeps two equips: which one goes?"
NOT_THAT_UNIT = "That unit cannot be chosen here: choose a glowing one."
COURT_TITLE = "Court of Whispers: change one of your energy tokens by 1."


#: The question of a choice's next menu, by the intent field it asks about.
FOLLOW_UPS = {
    "ability": "a unit of your deck, or an ability?",
    "archetype": "which unit?",
    "die": "spend which die?",
    "discard": "discard which die?",
    "sacrifice": "sacrifice which units?",
    "pay": "pay with which energy?",
    "mode": "which effect?",
    "caster": "which unit casts it?",
    "target": "at whom?",
}


class Words:
    """The table's sentences for one screen: its view of the duel, the names and the seat in front of it."""

    def __init__(self, seen: Seen) -> None:
        self.rules = seen.rules
        self.content = seen.rules.content
        self.state: State = seen.state
        self.names = seen.names
        self.shows = seen.shows

    # ---------------------------------------------------------------- labels
    def unit(self, uid: int) -> str:
        """``your Cinder Drake``, ``Bo's Bastion Warden (Power 3)`` (Power or place only to tell alike units
        apart)."""
        for unit in self.state.units:
            if unit.uid == uid:
                owner = "your" if unit.owner == self.shows else f"{self.names[unit.owner]}'s"
                return f"{owner} {unit_label(self.rules, self.state, unit)}"
        return "a unit that has left the field"

    def blocks_which(self, blocker: int) -> str:
        """The block menu's question."""
        name = self.unit(blocker)
        return f"{name[:1].upper()}{name[1:]} blocks which attacker?"

    def shed_options(self, seat: int) -> list[str]:
        """What the fused unit may lose, in the order of ``Shed.equip``."""
        state = self.state
        unit = state.unit(int(state.flow.why))
        names = [self.rules.ability(e.ability).name + (f" x{e.count}" if e.count > 1 else "") for e in unit.equips]
        names += [self.rules.ability(r.ability).name + " (returns unequipped)"
                  for r in state.duelists[seat].relics if r.host == unit.uid]
        return names

    def ability_title(self, ability_id: str) -> str:
        """The question of a choice started at an ability row: its name and text."""
        ability = self.rules.ability(ability_id)
        return ability.name + ": " + ability.text

    def relic_title(self, ability_id: str) -> str:
        """The question of a choice started at a relic."""
        return f"{self.rules.ability(ability_id).name}: equip it to a unit of yours, or take it off."

    def follow_up(self, title: str, question: str) -> str:
        """The header of a choice's next menu: what it began with ("The 5", an ability's name) and the question
        now open (the first menu's header asked another)."""
        asked = FOLLOW_UPS.get(question)
        return f"{title.split(':', 1)[0]}: {asked}" if asked else title

    def answer(self, question: str, value: Any, intent: Any) -> str:
        """The words of one answer to ``question`` (an intent field), ``intent`` one that gives it."""
        state, rules = self.state, self.rules
        if question == "kind":
            return {"summon": "Summon", "charge": "Charge as energy"}.get(str(value), str(value))
        if question == "ability":
            return rules.ability(value).name if value else "A unit of your deck"
        if question == "archetype":
            return (f"Summon a {kind_name(rules, str(value))} (Power {-(-intent.die // 2)})" if value
                    else rules.ability(intent.ability).name)
        if question in ("die", "discard"):
            return f"{'Spend' if question == 'die' else 'Discard'} a {value}"
        if question == "sacrifice":
            return "Sacrifice " + " and ".join(self.unit(u) for u in value)
        if question == "pay":
            return f"Pay {', '.join(str(v) for v in value)}"
        if question == "mode":
            effect = rules.ability(intent.ability).modes[value][0]
            return MODE_WORDS.get(effect, effect)
        if question == "caster":
            return f"With {self.unit(value)} (Power {rules.power(state, state.unit(value))})"
        if question == "target":
            target, player = value
            if player:
                return f"At {self.names[1 - intent.seat]} (the foremost shield)"
            return f"At {self.unit(target)}"
        return self._answer_more(question, value, intent)

    def _answer_more(self, question: str, value: Any, intent: Any) -> str:
        state = self.state
        if question == "shield":
            return f"Shield {value + 1} (Power {state.duelists[intent.seat].shields[value]})"
        if question == "slot":
            if value is None:
                return "Start a new stack"
            return f"Add to the stack of {state.unit(intent.target).equips[value].count}"
        if question == "value":
            return f"Change an energy {value}"
        if question == "by":
            return f"Into a {intent.value + value}"
        if question == "unit":
            return f"Onto {self.unit(value)}" if value else "Take it off"
        return str(value)

    # ---------------------------------------------------------------- hover help
    def explain(self, kind: str, key: Any) -> str | None:
        """The hover text of a target of the table (``kind``, ``key``)."""
        if kind == "deck":
            return self.archetype_help(key)
        if kind == "unit":
            return self.unit_help(key)
        seat, *rest = key
        if kind == "ability":
            return self.ability_help(rest[0])
        if kind == "token":
            return self.token_help(seat, rest[0], rest[1])
        if kind == "shield":
            return self.shield_help(seat, rest[0])
        if kind == "energy":
            return self.energy_help(seat, rest[0])
        if kind == "hand":
            return self.hand_help(seat, rest[0])
        if kind == "zone":
            return self.zone_help(seat, rest[0])
        return None

    def archetype_help(self, arch_id: str) -> str:
        """An archetype card of the deck choice."""
        archetype = self.content.archetypes[arch_id]
        texts = " ".join(f"{a.n}. {a.name} ({a.cost_text if a.cost else a.kind + ' summon'}): {a.text}"
                         for a in archetype.abilities)
        return f"{archetype.name} ({archetype.colour_name}). {texts}"

    def unit_help(self, uid: int) -> str:
        """A unit: its Power, damage, equips, relic, captive."""
        state, rules = self.state, self.rules
        unit = state.unit(uid)
        owner = self.names[unit.owner]
        parts = [f"{owner}'s {unit_label(rules, state, unit)}: base Power {unit.base}, "
                 f"Power now {rules.current_power(state, unit)}"]
        if unit.damage:
            parts.append(f"{unit.damage} damage this turn (it falls at {rules.current_power(state, unit)})")
        for equip in unit.equips:
            ability = rules.ability(equip.ability)
            parts.append(f"{ability.name} x{equip.count}: {ability.text}")
        for relic in state.duelists[unit.owner].relics:
            if relic.host == uid:
                parts.append(f"{rules.ability(relic.ability).name} equipped (+2 Power)")
        if unit.strike_first:
            parts.append("strikes first this turn")
        if unit.captor >= 0:
            parts.append(f"captive of {self.unit(unit.captor)}: it can neither attack nor block")
        captive = state.captive_of(uid)
        if captive is not None:
            parts.append(f"holds {self.unit(captive.uid)} captive")
        return "; ".join(parts) + "."

    def ability_help(self, ability_id: str) -> str:
        """An ability row."""
        a = self.rules.ability(ability_id)
        once = " Once per turn." if a.once_per_turn else ""
        cost = f"Cost: {a.cost_text}." if a.cost else f"A {a.kind} summon: it uses the turn's summon."
        return f"{a.name} ({self.content.name(a.archetype)} {a.n}, {a.kind}). {cost}{once} {a.text}"

    def token_help(self, seat: int, ability_id: str, kind: str) -> str:
        """A token of the Field zone."""
        return f"{self.state.duelists[seat].name}'s {self.rules.ability(ability_id).name} {kind} token: " \
               f"{self.rules.ability(ability_id).text}"

    def shield_help(self, seat: int, index: int) -> str:
        """A shield."""
        duelist = self.state.duelists[seat]
        where = "the foremost shield: it takes the next hit" if index == 0 else f"shield {index + 1}"
        return (f"{duelist.name}'s {where}, Power {duelist.shields[index]}. A hit lowers it for good; at 0 "
                "it breaks and its die is rolled into the owner's hand.")

    def energy_help(self, seat: int, value: int) -> str:
        """The energy tokens of one value."""
        duelist = self.state.duelists[seat]
        return (f"{duelist.name}'s energy tokens of value {value}: {duelist.energy.count(value)}. "
                "Energy pays for abilities in sets: Single, Doubles, Triples, High (4-6), Low (1-3), "
                "Flush (1 to 6).")

    def hand_help(self, seat: int, index: int) -> str:
        """A hand die (one the screen may not see says only whose it is)."""
        duelist = self.state.duelists[seat]
        die = duelist.hand[index]
        if not die.value:
            return f"One of {duelist.name}'s hand dice: only they see its value."
        return f"A {die.value} in your hand: summon it (Power {-(-die.value // 2)}) or charge it as energy."

    def zone_help(self, seat: int, name: str) -> str:
        """A zone of a mat."""
        duelist = self.state.duelists[seat]
        who = duelist.name
        if name == "stock":
            return f"{who}'s Stock: {duelist.stock} dice left. A turn draws 3; whoever must draw from an empty " \
                   "Stock loses."
        if name == "grave":
            return f"{who}'s Grave: {duelist.grave} spent or discarded dice" \
                   + (f"; {duelist.banished} banished" if duelist.banished else "") + "."
        texts = {"field_zone": f"{who}'s Field zone: realm and field tokens, and relics not equipped.",
                 "unit_zone": f"{who}'s Unit zone: up to 5 units.",
                 "shield_zone": f"{who}'s shields: {len(duelist.shields)} left. With none, a hit wins.",
                 "charge_zone": f"{who}'s Charge zone: energy tokens, by value.",
                 "hand": f"{who}'s hand: {plural(len(duelist.hand), 'die')}.",
                 "abilities": f"{who}'s deck: " + ", ".join(self.content.name(a) for a in duelist.deck)}
        return texts[name]
