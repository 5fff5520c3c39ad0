"""Play a whole game in a real window under Xvfb, by mouse only (xdotool), and take screenshots.

The app runs as a normal process on a virtual X screen.  This script reads the
match record the app saves after every move, works out the legal moves with the
rules, picks one (with the game's playout bot), and clicks where a player would
click: positions come from the layout files (and, for Dice Realms, the Tiled map),
as the app draws them.  It clicks "I'm ready" whenever the rules hand the screen
to another player, and checks that every click sequence made exactly the intended
move.

Needs Debian's xvfb, xdotool and imagemagick.  Run from the project root:
``.venv/bin/python tools/xdotool_play.py [--game elemental-dice] [--seed N] [--shots DIR]``
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tabletop.app.layout import LayoutBook  # noqa: E402
from tabletop.core.controller import MatchController, MatchRecord  # noqa: E402
from tabletop.core.rng import derive_seed  # noqa: E402
from tabletop.registry import entry, get_rules  # noqa: E402

Point = tuple[int, int]
LAYOUTS = LayoutBook(ROOT / "data" / "layouts")


def centre(rect) -> Point:
    x, y, w, h = rect
    return int(x + w // 2), int(y + h // 2)


# ---------------------------------------------------------------------------- Dice Realms
class DiceRealmsClicks:
    """Where a player clicks for each Dice Realms move."""

    def __init__(self) -> None:
        import pytmx

        self.layout = LAYOUTS["dice_realms"]
        tmx = pytmx.TiledMap(str(ROOT / "data" / "dice_realms" / "board.tmx"))
        self.map_size = (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight)
        self.cells = {}
        for obj in tmx.get_layer_by_name("cells"):
            if obj.type == "cell":
                self.cells[(obj.properties["realm"], str(obj.properties["cell"]))] = (obj.x, obj.y, obj.width,
                                                                                      obj.height)

    def slots(self, key: str) -> list[Point]:
        return [tuple(int(v) for v in item.numbers(2)) for item in self.layout.setting(key)]

    def die_center(self, state, die: str) -> Point:
        from tabletop.games.dice_realms.state import DICE

        dice = state.dice
        if die in dice.forgotten:
            return self.slots("forgotten_slots")[dice.forgotten.index(die)]
        if die in dice.fields:
            return self.slots("field_slots")[dice.fields.index(die)]
        return self.slots("tray_slots")[DICE.index(die)]

    def cell_center(self, seat: int, realm: str, cell: str) -> Point:
        gx, gy, gw, gh = self.layout[f"grimoire_{seat}"].rect
        x, y, w, h = self.cells[(realm, str(cell))]
        sx, sy = gw / self.map_size[0], gh / self.map_size[1]
        return int(gx + (x + w / 2) * sx), int(gy + (y + h / 2) * sy)

    def clicks_for(self, match: MatchController, viewer, intent) -> list:
        from tabletop.games.dice_realms.intents import Bonus, Boost, Forfeit, Pass, Pick, Roll, TimeWarp

        state = match.state
        named = {Roll: "roll", TimeWarp: "time_warp", Forfeit: "forfeit", Pass: "skip"}
        if type(intent) in named:
            return [centre(self.layout[named[type(intent)]].rect)]
        if isinstance(intent, (Pick, Boost)):
            return [self.die_center(state, intent.die), self.cell_center(intent.seat, intent.realm, intent.cell)]
        if isinstance(intent, Bonus):
            kinds = list(dict.fromkeys(state.flow.pending))
            clicks = []
            if len(kinds) > 1:
                x, y, w, h = self.layout["bonus_chip"].rect
                step = self.layout.setting("chip_spacing").int()
                clicks.append((x + w // 2 + kinds.index(intent.kind) * step, y + h // 2))
            clicks.append(self.cell_center(intent.seat, intent.realm, intent.cell))
            return clicks
        raise ValueError(intent)


# ---------------------------------------------------------------------------- Elemental Dice
class _Art:
    """The one thing the hand and grid geometry ask of the card art: the full card size."""

    def __init__(self) -> None:
        self.size = tuple(LAYOUTS["cards"]["card"].rect[2:])


class ElementalDiceClicks:
    """Where a player clicks for each Elemental Dice move (the view's geometry, from its layout)."""

    def __init__(self) -> None:
        import pygame

        from tabletop.app.cards import CardGrid, FannedHand

        self.layout = layout = LAYOUTS["elemental_dice"]
        self.step = layout.setting("column_step").int()
        self.hand = FannedHand(_Art(), pygame.Rect(layout["hand"].rect), tuple(layout["hand_card"].rect[2:]),
                               spread_degrees=10, spacing=1.0)
        self.grid = CardGrid(_Art(), pygame.Rect(layout["picker_cards"].rect), tuple(layout["picker_card"].rect[2:]))
        self.dice = [tuple(int(v) for v in item.numbers(2)) for item in layout.setting("dice")]
        self.payment = 0

    def passed_by_itself(self, match: MatchController, made: str) -> bool:
        """Whether ``made`` is the table's own timed pass of a public prompt (it passes once shown ANSWER_WAIT
        seconds): on a loaded machine it can come before this tool's clicks do, as it would for a slow player."""
        from tabletop.games.elemental_dice.intents import Pass

        intent = match.rules.intents.parse(made)
        return isinstance(intent, Pass) and intent in match.legal_intents()

    def at(self, name: str, seat: int, dx: int = 0, dy: int = 0) -> Point:
        x, y = centre(self.layout[name].rect)
        return x + seat * self.step + dx, y + dy

    def button(self, index: int) -> Point:
        return centre(self.layout[f"button_{index + 1}"].rect)

    def die(self, die: str) -> Point:
        from tabletop.games.elemental_dice.cards import DICE

        return self.dice[DICE.index(die)]

    def picker_card(self, cards: list, card: str) -> list:
        """Wheel clicks until the card shows, then the card (the grid scrolls as the view's does)."""
        index = cards.index(card)
        self.grid.scroll = 0
        clicks: list = []
        while not self.grid.area.contains(self.grid.rects(len(cards))[index]):
            self.grid.scroll_by(-1, len(cards))
            clicks.append(("wheel", centre(self.grid.area)))
        clicks.append(self.grid.rects(len(cards))[index].center)
        return clicks

    def clicks_for(self, match: MatchController, viewer, intent) -> list:
        from tabletop.games.elemental_dice import intents as it

        state = match.state
        legal = list(match.legal_intents())
        execution = state.flow.executing
        if isinstance(intent, (it.Play, it.Place)):
            hand = state.players[viewer].hand
            rect, _ = self.hand.slots(len(hand))[hand.index(intent.card)]
            mine = [i for i in legal if isinstance(i, (it.Play, it.Place)) and i.card == intent.card]
            return [rect.center, self.button(mine.index(intent))]
        if isinstance(intent, it.Reveal):
            player = state.players[intent.seat]
            index = next(i for i, fd in enumerate(player.facedown) if fd.card == intent.card)
            step = self.layout.setting("facedown_step").int()
            return [self.at("facedown_slot", intent.seat, index * step), self.button(0)]
        if isinstance(intent, it.Buy):
            index = state.shop_row.index(intent.card)
            shop = centre(self.layout["shop_card"].rect)
            clicks = [(shop[0] + index * self.layout.setting("shop_step").int(), shop[1]), self.button(0)]
            if intent.remove is not None:
                removes = [i.remove for i in legal if isinstance(i, it.Buy) and i.card == intent.card]
                clicks += self.picker_card(removes, intent.remove)
            return clicks
        if isinstance(intent, (it.Reroll, it.FlipDie)):
            return [self.die(intent.die)]
        if isinstance(intent, it.SetDie):
            values = [i for i in legal if isinstance(i, it.SetDie) and i.die == intent.die]
            chip = self.layout["value_chip"].rect
            x, y = centre(chip)
            return [self.die(intent.die), (x + values.index(intent) * (chip[2] + 12), y)]
        if isinstance(intent, it.Swap):
            return [self.die(intent.first), self.die(intent.second)]
        if isinstance(intent, it.Pay):
            most = max(i.gold for i in legal if isinstance(i, it.Pay))
            if intent.gold == 0:
                return [self.button(2)]
            minus, plus = centre(self.layout["minus"].rect), centre(self.layout["plus"].rect)
            return [minus] * (most + 1) + [plus] * intent.gold + [self.button(0)]
        if isinstance(intent, (it.Done, it.KeepOrder, it.Stop)):
            return [centre(self.layout["picker_button"].rect)]
        if isinstance(intent, (it.Put, it.Take, it.Discard, it.Cancel, it.Remove)):
            if isinstance(intent, it.Put):
                cards = list(execution.picked) + [c for c in execution.seen if c not in execution.picked]
            else:
                cards = list(dict.fromkeys(i.card for i in legal if type(i) is type(intent)))
            clicks = self.picker_card(cards, intent.card)
            if isinstance(intent, it.Take) and intent.remove is not None:
                removes = [i.remove for i in legal if isinstance(i, it.Take) and i.card == intent.card]
                clicks += self.picker_card(removes, intent.remove)
            return clicks
        # The three buttons of the moment, in the order the view lays them out.
        order = {it.Chance: lambda i: 0 if i.reroll else 1, it.Again: lambda i: 0 if i.reroll else 1,
                 it.Term: lambda i: [x for x in legal if isinstance(x, it.Term)].index(i),
                 it.Pass: lambda i: 0, it.Respond: lambda i: 1,
                 it.RerollShop: lambda i: 0, it.EndTurn: lambda i: 1, it.Interrupt: lambda i: 2}
        return [self.button(order[type(intent)](intent))]


# ---------------------------------------------------------------------------- Wizard Dice
class WizardDiceClicks:
    """Where a player clicks for each Wizard Dice move (the view's geometry, from its layout).

    The reveal plays through (the settings say so), so no step needs a click; a cast is made
    as a player makes it: its dice, the spell in the book, a Lightning Bolt's split, the targets.
    """

    settings = {"reveal": "play"}

    def __init__(self) -> None:
        self.layout = LAYOUTS["wizard_dice"]
        self.seats = 0

    def setting(self, name: str) -> int:
        return self.layout.setting(name).int()

    def corner(self, seat: int) -> Point:
        slots = self.layout.setting("panel_slots")[str(self.seats)]
        return tuple(int(v) for v in list(slots)[seat].numbers(2))  # type: ignore[return-value]

    def panel(self, seat: int) -> Point:
        x, y = self.corner(seat)
        return centre((x, y, *self.layout["panel"].rect[2:]))

    def die(self, index: int) -> Point:
        return self.setting("die_x") + index * self.setting("die_step"), self.setting("die_y")

    def ally(self, state, number: int) -> Point:
        for seat, wizard in enumerate(state.wizards):
            for slot, ally in enumerate(wizard.allies):
                if ally.number == number:
                    x, y = self.corner(seat)
                    rect = self.layout["ally_die"].rect
                    return centre((rect[0] + x + slot * self.setting("ally_step"), rect[1] + y, rect[2], rect[3]))
        raise SystemExit(f"no ally {number} on the table")

    def target(self, state, target) -> Point:
        return self.panel(target.index) if target.is_wizard else self.ally(state, target.index)

    def button(self, index: int) -> Point:
        return centre(self.layout[f"button_{index + 1}"].rect)

    def row(self, name: str, step: str, index: int) -> Point:
        x, y = centre(self.layout[name].rect)
        return x, y + index * self.setting(step)

    def pause_after(self, intent) -> float:
        """Seconds the reveal that follows a commit takes to play through (fast animations)."""
        return 6.0 if intent.KIND in ("commit", "cancel", "cancel-nothing") else 0.0

    def playable(self, match, intent) -> bool:
        """Casts use the highest free die of their pattern, as the screen does (rules reference B.3)."""
        if intent.KIND != "cast":
            return True
        pattern = match.rules.book[intent.spell].pattern
        same = [c for c in match.legal_intents() if c.KIND == "cast" and c.spell == intent.spell
                and sorted(c.dice) == sorted(intent.dice)]
        return intent.dice == max((c.dice for c in same), key=lambda d: (pattern.extra(d), d))

    def clicks_for(self, match: MatchController, viewer, intent) -> list:
        from collections import Counter

        from tabletop.games.wizard_dice import intents as it

        state = match.state
        self.seats = len(state.wizards)
        legal = list(match.legal_intents())
        if isinstance(intent, it.Roll):
            return [self.button(1)]
        if isinstance(intent, (it.Keep, it.Release)):
            return [self.die(intent.die)]
        if isinstance(intent, it.Stop):
            return [self.button(0)]
        if isinstance(intent, (it.Commit, it.KeepAllies)):
            return [self.button(1)]
        if isinstance(intent, it.Banish):
            return [self.ally(state, intent.ally)]
        if isinstance(intent, it.Aim):
            return [self.ally(state, intent.ally), self.panel(intent.at)]
        if isinstance(intent, it.Uncast):
            casts = state.wizards[intent.seat].secret.casts
            return [self.row("spell_row", "spell_step", max(i for i, c in enumerate(casts) if c.spell == intent.spell))]
        if isinstance(intent, (it.Cancel, it.CancelNothing)):
            return [self.row("choice", "choice_step", legal.index(intent))]
        if isinstance(intent, it.Carry):
            if not intent.dice:
                return [self.button(0)]
            unused = list(state.wizards[intent.seat].unused)
            chosen: list[int] = []
            for value in intent.dice:
                chosen.append(next(i for i, v in enumerate(unused) if v == value and i not in chosen))
            return [self.die(i) for i in chosen] + [self.button(1)]
        assert isinstance(intent, it.CastSpell), intent
        secret = state.wizards[intent.seat].secret
        used = Counter(d for cast in secret.casts for d in cast.dice)
        free = []
        for index in range(len(secret.dice) - 1, -1, -1):       # spells hold the rightmost copies (the view's way)
            if used[secret.dice[index]]:
                used[secret.dice[index]] -= 1
            else:
                free.append(index)
        picked: list[int] = []
        for value in sorted(intent.dice):
            picked.append(next(i for i in sorted(free) if secret.dice[i] == value and i not in picked))
        book = [spell.spell_id for spell in match.rules.book.spells]
        clicks: list = [self.die(i) for i in picked] + [self.row("book_row", "book_step", book.index(intent.spell))]
        candidates = [c for c in legal if c.KIND == "cast" and c.spell == intent.spell and c.dice == intent.dice]
        if intent.split:
            splits = sorted(dict.fromkeys(c.split for c in candidates), key=lambda s: (len(s), tuple(-x for x in s)))
            clicks += [self.button(2)] * splits.index(intent.split)
        if len(candidates) > 1:
            targets = list(intent.targets)
            clicks += [self.target(state, t) for t in targets]
            if len({c.aim for c in candidates if c.targets == intent.targets}) > 1:
                clicks.append(self.panel(intent.aim))
        return clicks


# ---------------------------------------------------------------------------- ElementaliS
class ElementaliSClicks:
    """Where a player clicks for each ElementaliS move: the view's choice buttons (in the order the view
    builds them from the legal intents), its three buttons, the dice and the mages' panels."""

    def __init__(self) -> None:
        self.layout = LAYOUTS["elementalis"]
        self.seats = 0

    def setting(self, name: str) -> int:
        return self.layout.setting(name).int()

    def panel(self, seat: int) -> Point:
        slots = self.layout.setting("panel_slots")[str(self.seats)]
        x, y = (int(v) for v in list(slots)[seat].numbers(2))
        return centre((x, y, *self.layout["panel"].rect[2:]))

    def die(self, index: int) -> Point:
        return self.setting("die_x") + index * self.setting("die_step"), self.setting("die_y")

    def choice(self, index: int) -> Point:
        columns = self.setting("choice_columns")
        x, y = centre(self.layout["choice"].rect)
        return x + (index % columns) * self.setting("choice_step_x"), y + (index // columns) * self.setting("choice_step_y")

    def button(self, index: int) -> Point:
        return centre(self.layout[f"button_{index + 1}"].rect)

    def pause_after(self, intent) -> float:
        return 0.0

    def clicks_for(self, match: MatchController, viewer, intent) -> list:
        from collections import Counter

        from tabletop.games.elementalis import intents as it
        from tabletop.games.elementalis.elements import ELEMENTS

        state = match.state
        self.seats = len(state.mages)
        legal = list(match.legal_intents())
        if isinstance(intent, (it.TakeMajor, it.TakeMinor, it.Split, it.Give)):
            return [self.choice(legal.index(intent))]
        if isinstance(intent, it.Tap):
            return [self.choice([i for i in legal if isinstance(i, it.Tap)].index(intent))]
        if isinstance(intent, (it.StartMana, it.Choose, it.Pay)):
            def order(unit: str) -> tuple:
                base = unit.replace("pale-", "")
                return (unit.startswith("pale-"), ELEMENTS.index(base))
            # The view's list (ElementaliSChoices._mana_items): first a button per colour that completes a legal
            # choice all at once ("+2 fire"), then "+1" per colour still possible.
            clicks, picked = [], []
            wanted = Counter(intent.mana)
            while Counter(picked) != wanted:
                fits = [Counter(i.mana) for i in legal if not (Counter(picked) - Counter(i.mana))]
                kinds = sorted(dict.fromkeys(u for counts in fits for u in counts
                                             if Counter(picked + [u]) <= counts), key=order)
                wholes = [u for u in kinds if any(counts - Counter(picked) == Counter({u: counts[u] - picked.count(u)})
                                                  and counts[u] - picked.count(u) >= 2 for counts in fits)]
                rest = wanted - Counter(picked)
                if len(rest) == 1 and sum(rest.values()) >= 2 and next(iter(rest)) in wholes:
                    clicks.append(self.choice(wholes.index(next(iter(rest)))))
                    break
                unit = next(u for u in intent.mana if Counter(picked + [u]) <= wanted)
                clicks.append(self.choice(len(wholes) + kinds.index(unit)))
                picked.append(unit)
            return clicks
        if isinstance(intent, it.Pick):
            return [self.choice([i for i in legal if isinstance(i, it.Pick)].index(intent))]
        if isinstance(intent, (it.Roll, it.Declare, it.Counter, it.Done)):
            return [self.button(1)]
        if isinstance(intent, (it.PassWindow, it.Forfeit, it.Allow)):
            return [self.button(0)]
        if isinstance(intent, it.Bank):                 # the table's buttons: (none), Bank, Chance or Cosmic Roll
            return [self.button(1)]
        if isinstance(intent, (it.Chance, it.Cosmic)):
            return [self.button(2)]
        if isinstance(intent, it.Oppose):
            return [*(self.die(d) for d in intent.dice), self.button(1 if intent.dice else 0)]
        assert isinstance(intent, it.Cast), intent
        casts = [i for i in legal if isinstance(i, it.Cast)]
        spells = list(dict.fromkeys(c.spell for c in casts))
        clicks = [self.choice(spells.index(intent.spell))]
        same = [c for c in casts if c.spell == intent.spell]
        if len(same) == 1 and same[0].die is None and same[0].target is None and same[0].link is None:
            return clicks
        if intent.die is not None:
            clicks.append(self.die(intent.die))
            if intent.face is not None:
                faces = [c.face for c in same if c.die == intent.die]
                clicks.append(self.choice(faces.index(intent.face)))
        elif intent.link is not None:
            links = [c for c in same if c.target is not None]        # the view's buttons: targets in order
            clicks.append(self.choice(links.index(intent)))
        elif intent.target is not None:
            clicks.append(self.panel(intent.target))
        return clicks


# ---------------------------------------------------------------------------- Dice Cards
class DiceCardsClicks:
    """Where a player clicks for each Dice Cards move: the shortest route the table's own choices offer
    (``tabletop/app/games/dice_cards/choices.py``: a hand die, an ability row, a realm or relic token starts a
    choice, narrowed one question at a time), each click where the table's geometry places its target, button or
    menu answer.  The seat to act holds the screen, so its mat is the near one (at the bottom).  A question is
    answered on the table (a glowing unit, a hand die) or from the menu, at random: both ways are used.
    """

    def __init__(self) -> None:
        import random

        from tabletop.app.games.dice_cards.choices import DiceCardsChoices
        from tabletop.app.games.dice_cards.geometry import DiceCardsGeometry

        class MenuAnswers(DiceCardsChoices):
            """The table answered from its menus only: while a menu is open, nothing on the table is clicked."""

            def targets(self):
                return iter(()) if self.menu() is not None else super().targets()

        self.ways = (DiceCardsChoices, MenuAnswers)
        self.layout = LAYOUTS["dice_cards"]
        self.rules = get_rules("dice-cards")
        self.geometries = [DiceCardsGeometry(self.layout, self.rules.content, near) for near in (0, 1)]
        self.random = random.Random(5)

    def clicks_for(self, match: MatchController, viewer, intent) -> list:
        from tabletop.app.choosing import KEEP, Seen, moves, route_to

        state = match.state
        seen = Seen(self.rules.view(state, viewer), tuple(match.legal_intents()), viewer, tuple(match.seats),
                    self.rules, why=lambda probe: self.rules.why_illegal(state, probe))
        way = self.ways[0] if self.random.random() < 0.6 else self.ways[1]
        route = route_to(lambda selection: way(seen, selection), intent)
        if route is None:
            raise SystemExit(f"the table offers no clicks for '{intent.to_str()}'")
        geometry = self.geometries[0 if viewer is None else viewer]
        clicks, selection = [], None
        for move in route:
            choices = way(seen, selection)
            clicks.append(self.point(geometry, seen.state, choices, move))
            reply = dict(moves(choices))[move]
            if reply.selection is not KEEP:
                selection = reply.selection
        return clicks

    def point(self, geometry, state, choices, move) -> Point:
        """Where the view shows ``move``: a button, an answer of the menu (over the near mat when it asks about a
        unit on the far one), or a part of a target that no button covers."""
        import pygame

        menu = choices.menu()
        count = len(menu.items) if menu is not None else 0
        shift = geometry.menu_shift(state, count, choices.glowing_units())
        if move.kind == "menu":
            return geometry.menu_item_rect(move.index, shift).center
        buttons = [slot is not None and bool(slot.text) for slot in choices.buttons()]
        if move.kind == "button":
            return centre(self.layout[f"button_{move.index + 1}"].rect)
        covered = [geometry.menu_item_rect(index, shift) for index in range(count)]
        covered += [self.layout[f"button_{index + 1}"].rect for index, shown in enumerate(buttons) if shown]
        return geometry.click_point(state, move.target, [pygame.Rect(rect) for rect in covered])


PLANNERS = {"dice-realms": DiceRealmsClicks, "elemental-dice": ElementalDiceClicks, "wizard-dice": WizardDiceClicks,
            "elementalis": ElementaliSClicks, "dice-cards": DiceCardsClicks}
NAMES = {"dice-realms": ["Gandalf", "Saruman"], "elemental-dice": ["Ann", "Bo"], "wizard-dice": ["Drew", "Rick", "Cy"],
         "elementalis": ["Ann", "Bo", "Cy", "Di"], "dice-cards": ["Ann", "Bo"]}


# ---------------------------------------------------------------------------- the player
class Player:
    """Clicks through a match, checking each move against the saved record."""

    def __init__(self, display: str, window: str, home: Path, game: str, seed: int) -> None:
        self.display = display
        self.window = window
        self.home = home
        self.game = game
        self.rules = get_rules(game)
        self.bot = self.rules.playout_bot(derive_seed(seed, "xdotool"))
        self.clicks = PLANNERS[game]()
        self.ready = centre(LAYOUTS["pass_device"]["ready"].rect)
        self.viewer = None

    def xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=self.display), check=True)

    def click(self, point) -> None:
        if point[0] == "wheel":
            self.xdotool("mousemove", "--window", self.window, str(point[1][0]), str(point[1][1]), "click", "5")
        else:
            self.xdotool("mousemove", "--window", self.window, str(point[0]), str(point[1]), "click", "1")
        time.sleep(0.2)

    def record(self) -> MatchRecord | None:
        saves = self.home / "saves"
        path = saves / f"{self.game}.json"
        if not path.exists():          # a finished match's file is moved aside
            finished = sorted((saves / "finished").glob(f"{self.game}-*.json")) if (saves / "finished").exists() else []
            path = finished[-1] if finished else path
        try:
            return MatchRecord.from_json(path.read_text())
        except (OSError, ValueError):
            return None

    def wait_for(self, count: int, timeout: float = 8.0) -> MatchRecord:
        deadline = time.time() + timeout
        while time.time() < deadline:
            record = self.record()
            if record is not None and len(record.entries) >= count:
                time.sleep(0.9)          # let the animations finish before the next click
                return record
            time.sleep(0.1)
        raise SystemExit(f"the app did not make move {count} within {timeout} s")

    def hand_over(self, match: MatchController) -> None:
        """Click "I'm ready" when the table covers the screen for another player (as the table decides)."""
        holder = None if match.finished else self.rules.private_seat(match.state)
        if holder != self.viewer:
            self.viewer = holder
            if holder is not None:
                # The cover comes up only once the last move's animations end: wait for it.
                time.sleep(1.5)
                self.click(self.ready)

    def play(self, shots: Path) -> dict:
        record = self.wait_for(0, timeout=20)
        moves = covers = timed_passes = 0
        while not record.finished:
            match = MatchController.from_record(record, get_rules)
            before = self.viewer
            self.hand_over(match)
            covers += self.viewer != before and self.viewer is not None
            playable = getattr(self.clicks, "playable", lambda m, i: True)
            legal = [i for i in match.legal_intents() if playable(match, i)]
            view = self.rules.view(match.state, match.state.to_act)
            intent = self.bot.choose(legal, view)
            for attempt in range(3):
                # Clicks while things still move are ignored, as for a player: click again.
                for point in self.clicks.clicks_for(match, self.viewer, intent):
                    self.click(point)
                try:
                    record = self.wait_for(len(record.entries) + 1, timeout=3.0)
                    time.sleep(getattr(self.clicks, "pause_after", lambda i: 0.0)(intent))
                    break
                except SystemExit:
                    if attempt == 2:
                        screenshot(self.display, shots / "stuck.png")
                        raise SystemExit(f"no move after the clicks for '{intent.to_str()}' (screenshot stuck.png)")
                    self.click((5, 5))            # clear a half-made choice before trying again
            made = record.entries[len(match.journal)][0]
            if made != intent.to_str():
                passed_by_itself = getattr(self.clicks, "passed_by_itself", lambda m, t: False)
                if not passed_by_itself(match, made):
                    raise SystemExit(f"clicked for '{intent.to_str()}' but the app made '{made}'")
                timed_passes += 1
                self.click((5, 5))            # clear what the clicks had half chosen at the next position
            moves += 1
            if moves in (8, 45, 200):
                screenshot(self.display, shots / f"move-{moves}.png")
        time.sleep(2.5)
        screenshot(self.display, shots / "results.png")
        final = MatchController.from_record(record, get_rules)
        outcome = final.rules.outcome(final.state)
        return {"game": self.game, "moves": moves, "covers": covers, "timed_passes": timed_passes,
                "scores": list(outcome.scores),
                "winners": list(outcome.winners)}


def screenshot(display: str, path: Path) -> None:
    subprocess.run(["import", "-window", "root", str(path)], env=dict(os.environ, DISPLAY=display), check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dice-realms", choices=sorted(PLANNERS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shots", type=Path, default=Path(tempfile.mkdtemp(prefix="dice-shots-")))
    args = parser.parse_args()
    entry(args.game)
    args.shots.mkdir(parents=True, exist_ok=True)
    display = f":{90 + os.getpid() % 9}"
    home = Path(tempfile.mkdtemp(prefix="dice-home-"))
    settings = {"animation": "fast", "names": {args.game: NAMES[args.game]},
                **getattr(PLANNERS[args.game], "settings", {})}
    (home / "settings.json").write_text(json.dumps(settings))
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    env = dict(os.environ, DISPLAY=display, TABLETOP_HOME=str(home), TABLETOP_WINDOW="1920x1080",
               SDL_AUDIODRIVER="dummy")
    app = subprocess.Popen([sys.executable, "-m", "tabletop", "play", "--windowed", "--start", args.game],
                           cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        window = ""
        for _ in range(100):
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--classname", "."],
                                   env=dict(os.environ, DISPLAY=display), capture_output=True, text=True)
            if found.stdout.split():
                window = found.stdout.split()[-1]
                break
            time.sleep(0.1)
        if not window:
            raise SystemExit("no window appeared")
        result = Player(display, window, home, args.game, args.seed).play(args.shots)
        result["screenshots"] = str(args.shots)
        print(json.dumps(result))
        return 0
    finally:
        app.terminate()
        try:
            app.wait(timeout=10)
        except subprocess.TimeoutExpired:
            app.kill()
        xvfb.terminate()


if __name__ == "__main__":
    sys.exit(main())
