"""The grimoire of Dice Realms, drawn from the Tiled map ``data/dice_realms/board.tmx``.

The map holds one player's grimoire: a ground tile layer and object layers that
place every cell, reward, label and score box with the rules' names in their
properties.  The static picture (ground, boxes, printed values, reward icons) is
drawn once; each player's marks are drawn over it and cached until they change.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pygame

from tabletop.core.data import DataError
from tabletop.core.files import IMAGE_FILE, MAP_FILE, FileRefused, read_bytes, read_text
from tabletop.games.dice_realms.scoring import total_score
from tabletop.games.dice_realms.state import Cell, Grimoire
from tabletop.games.dice_realms.tables import REALMS
from tabletop.paths import data_path

from .help import REWARD_NAMES
from .icons import RewardIcons

__all__ = ["GrimoireMap", "MapCell", "MapReward", "grimoire_map"]


@dataclass(frozen=True)
class MapCell:
    """A cell of the grimoire: which realm and cell id, where, and what is printed in it."""

    realm: str
    cell: Cell
    rect: pygame.Rect
    label: str
    blocked: bool


@dataclass(frozen=True)
class MapReward:
    """A printed reward (or an Emberfall column's points) next to the cells that earn it."""

    realm: str
    goal: str
    reward: str
    rect: pygame.Rect
    points: int = 0


def load_map(path: Path) -> Any:
    """A Tiled map with its tile sets and images, every file read by the one careful reader (pytmx itself would
    open them by path: a FIFO or a device there would hang the start).  An external tile set is put in the map's
    place of it, its image paths made relative to the map."""
    import pytmx
    from pytmx.util_pygame import pygame_image_loader

    root = ElementTree.fromstring(read_text(path, MAP_FILE))
    for tileset in root.findall("tileset"):
        source = tileset.get("source")
        if not source:
            continue
        tsx = path.parent / source
        inner = ElementTree.fromstring(read_text(tsx, MAP_FILE))
        for image in inner.iter("image"):
            if image.get("source"):
                image.set("source", os.path.relpath(tsx.parent / image.get("source", ""), path.parent))
        tileset.attrib.pop("source")
        tileset.attrib.update({k: v for k, v in inner.attrib.items() if k != "firstgid"})
        tileset.extend(list(inner))

    def guarded_loader(filename: str, colorkey: Any, **kwargs: Any) -> Any:
        return pygame_image_loader(io.BytesIO(read_bytes(Path(filename), IMAGE_FILE)), colorkey, **kwargs)

    tiled = pytmx.TiledMap(image_loader=guarded_loader)
    tiled.filename = str(path)            # image paths are relative to it
    tiled.parse_xml(root)
    return tiled


class GrimoireMap:
    """The parsed map, and the drawing of one grimoire from it."""

    def __init__(self, app, path: Path | None = None) -> None:
        import pytmx

        self.app = app
        self.path = path or data_path("dice_realms", "board.tmx")
        try:
            self.tmx = load_map(self.path)
        except FileRefused as exc:
            raise DataError(self.path, None, "", f"the Tiled map cannot be loaded: {exc.sentence('cannot be read')}") \
                from None
        except Exception as exc:  # pytmx raises many kinds; all mean the map is unusable
            raise DataError(self.path, None, "", f"the Tiled map cannot be loaded ({exc})") from None
        self.size = (self.tmx.width * self.tmx.tilewidth, self.tmx.height * self.tmx.tileheight)
        self.cells: dict[tuple[str, Cell], MapCell] = {}
        self.blocked: list[MapCell] = []
        self.rewards: list[MapReward] = []
        self.labels: list[tuple[pygame.Rect, str, str]] = []
        self.areas: dict[str, pygame.Rect] = {}
        for obj in self._objects("cells", pytmx):
            props = obj.properties
            rect = pygame.Rect(int(obj.x), int(obj.y), int(obj.width), int(obj.height))
            label = props.get("label")
            blocked = obj.type == "blocked"
            try:
                # A blocked box of Terra's grid is no cell at all: it has no cell id.
                where = Cell.from_text(str(props["cell"])) if "cell" in props or not blocked else Cell.at(0)
            except (KeyError, ValueError) as exc:
                raise DataError(self.path, None, f"cells.{obj.name or obj.id}", f"no usable cell ({exc})") from None
            cell = MapCell(props.get("realm", ""), where, rect, "" if label is None else str(label), blocked)
            if cell.blocked:
                self.blocked.append(cell)
            else:
                self.cells[(cell.realm, cell.cell)] = cell
        for obj in self._objects("rewards", pytmx):
            props = obj.properties
            rect = pygame.Rect(int(obj.x), int(obj.y), int(obj.width), int(obj.height))
            self.rewards.append(MapReward(props.get("realm", ""), props.get("goal", ""), props.get("reward", "none"),
                                          rect, int(props.get("points", 0))))
        for obj in self._objects("labels", pytmx):
            rect = pygame.Rect(int(obj.x), int(obj.y), int(obj.width), int(obj.height))
            self.labels.append((rect, str(obj.properties.get("text", "")), obj.properties.get("realm", "")))
        for obj in self._objects("areas", pytmx):
            self.areas[obj.name] = pygame.Rect(int(obj.x), int(obj.y), int(obj.width), int(obj.height))
        if not self.cells:
            raise DataError(self.path, None, "cells", "the map has no cells")
        self.layout = app.layouts["dice_realms"]
        self.theme = theme = app.layouts.theme
        self.art = art = app.dice_for("dice_realms")
        self.colours = {name: kind.body for name, kind in art.kinds.items()}
        self.icons = RewardIcons(app.text, self.colours, theme, art)
        self._static: pygame.Surface | None = None

    def _objects(self, layer: str, pytmx) -> list:
        try:
            group = self.tmx.get_layer_by_name(layer)
        except ValueError:
            raise DataError(self.path, None, layer, "the map has no object layer of this name") from None
        if not isinstance(group, pytmx.TiledObjectGroup):
            raise DataError(self.path, None, layer, "this layer should be an object layer")
        return list(group)

    # ---------------------------------------------------------------- lookup
    def cell_at(self, pos: tuple[int, int]) -> MapCell | None:
        """The cell under a point in map coordinates."""
        for cell in self.cells.values():
            if cell.rect.collidepoint(pos):
                return cell
        return None

    def reward_at(self, pos: tuple[int, int]) -> MapReward | None:
        """The printed reward under a point in map coordinates."""
        for reward in self.rewards:
            if reward.rect.collidepoint(pos):
                return reward
        return None

    def goal_cells(self, realm: str, goal: str, tables) -> list[MapCell]:
        """The cells of a completed row, column or the diagonal (for its glow)."""
        if realm == "red":
            found = [g for g in tables.red_goals if g.goal_id == goal]
        elif realm == "green":
            found = [g for gs in tables.green_goals_by_cell.values() for g in gs if g.goal_id == goal]
        else:
            key = (realm, Cell.at(int(goal.split("-")[-1])))
            return [self.cells[key]] if key in self.cells else []
        if not found:
            return []
        keys = [(realm, c if isinstance(c, Cell) else Cell.at(c)) for c in found[0].cells]
        return [self.cells[key] for key in keys if key in self.cells]

    # ---------------------------------------------------------------- drawing
    def static_layer(self) -> pygame.Surface:
        """Ground, cell boxes, printed values and rewards: the same for both players."""
        if self._static is not None:
            return self._static
        surface = pygame.Surface(self.size, pygame.SRCALPHA)
        for layer in self.tmx.visible_layers:
            if hasattr(layer, "tiles"):
                for x, y, image in layer.tiles():
                    surface.blit(image, (x * self.tmx.tilewidth, y * self.tmx.tileheight))
        text = self.app.text
        theme = self.theme
        ink, paper = theme.rgb("ink"), theme.rgb("parchment")
        for cell in self.blocked:
            pygame.draw.rect(surface, theme.rgb("dr_paper_dark"), cell.rect, border_radius=8)
            pygame.draw.line(surface, theme.rgb("dr_blocked_line"), cell.rect.inflate(-18, -18).topleft,
                             cell.rect.inflate(-18, -18).bottomright, 3)
            pygame.draw.line(surface, theme.rgb("dr_blocked_line"), cell.rect.inflate(-18, -18).topright,
                             cell.rect.inflate(-18, -18).bottomleft, 3)
        for cell in self.cells.values():
            colour = self.colours.get(cell.realm, ink)
            pygame.draw.rect(surface, paper, cell.rect, border_radius=8)
            pygame.draw.rect(surface, colour, cell.rect, 3, border_radius=8)
            self._print_label(surface, cell)
        # Emberfall's diagonal, drawn as a faint line so its Arcane Boost makes sense.
        diagonal = [self.cells[("red", cell)] for cell in (Cell.from_text(c) for c in ("head-1", "wings-2", "tail-3",
                                                                                         "heart-4"))
                    if ("red", cell) in self.cells]
        if len(diagonal) == 4:
            pygame.draw.line(surface, theme.rgb("accent"), diagonal[0].rect.topleft, diagonal[-1].rect.bottomright, 2)
        points = self.layout["column_points"].style
        for reward in self.rewards:
            if reward.reward == "none":
                text.draw(surface, str(reward.points), points, reward.rect)
            else:
                icon = self.icons.get(reward.reward, min(reward.rect.width, reward.rect.height), width=reward.rect.width)
                surface.blit(icon, icon.get_rect(center=reward.rect.center))
        title = self.layout["realm_title"].style
        for rect, label, realm in self.labels:
            colour = (*_bright(self.colours.get(realm, ink)), 255)
            # The realm's die symbol before its name: the same symbol the die shows, so in grey a die is matched
            # to its realm by its shape.
            glyph = self.realm_symbol(realm, rect.height - 2)
            if glyph is not None:
                surface.blit(glyph, glyph.get_rect(midleft=(rect.left, rect.centery)))
                rect = pygame.Rect(rect.left + glyph.get_width() + 6, rect.top, rect.width - glyph.get_width() - 6,
                                   rect.height)
            text.draw(surface, label, title, rect, colour=colour, shrink=True)
        for token in ("time_warp", "arcane_boost", "crest"):
            area = self.areas.get(f"token:{token}")
            if area is not None:
                pygame.draw.rect(surface, theme.rgba("dr_score_box"), area, border_radius=10)
                icon = self.icons.get(token, area.height - 12)
                surface.blit(icon, icon.get_rect(midleft=(area.left + 8, area.centery)))
        self._static = surface
        return surface

    def realm_symbol(self, realm: str, size: int) -> pygame.Surface | None:
        """The symbol of the realm's die at ``size`` pixels, in the realm's title colour (None without one)."""
        kind = self.art.kinds.get(realm)
        if kind is None or not kind.symbol:
            return None
        return self.art.symbol(kind.symbol, size, _bright(self.colours.get(realm, self.theme.rgb("ink"))))

    def _print_label(self, surface: pygame.Surface, cell: MapCell) -> None:
        """What a cell shows before it is marked: its value, Tide Abyss' threshold, Savanna's multiplier."""
        text = self.app.text
        if not cell.label:
            return
        if cell.realm in ("red", "green"):
            text.draw(surface, cell.label, self.layout["cell_value"].style, cell.rect)
        elif cell.label.startswith(">="):
            # "3+": the die must show at least 3.
            text.draw(surface, cell.label[2:] + "+", self.layout["threshold"].style, cell.rect)
        elif cell.label == "<":
            if cell.cell.number != 1:
                # Each Mystical Sky entry must be higher than the one before: an arrow between the cells.
                mid = cell.rect.centery
                tip = (cell.rect.left - 1, mid)
                pygame.draw.polygon(surface, self.theme.rgb("dr_phoenix_arrow"), [(tip[0] - 8, mid - 9), tip, (tip[0] - 8, mid + 9)])
        else:
            text.draw(surface, cell.label.replace("x", "\u00d7"), self.layout["multiplier"].style, cell.rect)

    def render(self, sheet: Grimoire, hidden: frozenset, scores: tuple, role: str,
               colour: tuple[int, int, int], into: pygame.Surface | None = None) -> pygame.Surface:
        """One player's grimoire: the printed sheet, their marks (but those still ``hidden`` for an animation),
        their name in their ``colour``, the ``role`` tag, the realm ``scores`` shown so far, tokens and total.
        Drawn ``into`` the player's previous image when there is one (a sheet is 2 MB: a copy each time would
        hold two of them at once, at every mark, over a night of demo games)."""
        layout = self.layout
        text = self.app.text
        static = self.static_layer()
        if into is not None and into.get_size() == static.get_size():
            image = into
            image.fill((0, 0, 0, 0))
            image.blit(static, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)     # onto nothing: an exact copy
        else:
            image = static.copy()
        self.draw_marks(image, sheet, hidden)
        plate = layout["name_plate"]
        text.draw(image, sheet.name, replace(plate.style, colour=(*colour, 255)), plate.rect, shrink=True)
        tag = layout["role_tag"]
        if role:
            tag_colour = self.theme.rgb("dr_passive_tag" if role == "passive" else "accent")
            pygame.draw.rect(image, tag_colour, tag.rect, border_radius=tag.style.radius or 18)
            text.draw(image, role.upper(), replace(tag.style, colour=self.theme.rgba("dr_tag_text")), tag.rect, shrink=True)
        for realm, score in zip(REALMS, scores):
            area = self.areas.get(f"score:{realm}")
            if area is not None:
                element = layout["realm_score"]
                style = replace(element.style, align="right" if realm in ("red", "green") else "left")
                text.draw(image, f"{score} pt" if score == 1 else f"{score} pts", style, area)
        for token, count in (("time_warp", sheet.time_warps), ("arcane_boost", sheet.arcane_boosts),
                             ("crest", sheet.crests)):
            area = self.areas.get(f"token:{token}")
            if area is None:
                continue
            label = layout["token_label"]
            label_area = pygame.Rect(area.left + area.height + 4, area.top, area.width - area.height - 58, area.height)
            text.draw(image, REWARD_NAMES[token], label.style, label_area, shrink=True)
            count_style = layout["token_count"].style
            text.draw(image, f"\u00d7{count}", count_style, area.inflate(-16, 0))
        total_area = self.areas.get("total")
        if total_area is not None:
            # The scores shown so far (they catch up with the animations); the rules add them up.
            total = total_score(dict(zip(REALMS, scores)), sheet.crests)
            pygame.draw.rect(image, self.theme.rgba("dr_total_box"), total_area, border_radius=12)
            text.draw(image, "Total", layout["total_label"].style, total_area.inflate(-24, 0))
            text.draw(image, str(total), layout["total"].style, total_area.inflate(-24, 0))
        return image

    def draw_marks(self, surface: pygame.Surface, sheet: Grimoire, hidden: frozenset) -> None:
        """A player's crosses and written values (except marks still waiting for their animation)."""
        ink = self.theme.rgb("ink")
        for cell_id in sheet.red:
            if ("red", cell_id) not in hidden:
                _cross(surface, self.cells[("red", cell_id)].rect, ink)
        for value in sheet.green:
            if ("green", Cell.at(value)) not in hidden:
                _cross(surface, self.cells[("green", Cell.at(value))].rect, ink)
        for number in range(1, sheet.blue + 1):
            if ("blue", Cell.at(number)) not in hidden:
                _cross(surface, self.cells[("blue", Cell.at(number))].rect, ink)
        text = self.app.text
        written = self.layout["written_value"].style
        times = self.layout["multiplier"].style
        for realm, entries in (("magenta", sheet.magenta), ("yellow", sheet.yellow)):
            for index, value in enumerate(entries, start=1):
                if (realm, Cell.at(index)) in hidden:
                    continue
                cell = self.cells[(realm, Cell.at(index))]
                pygame.draw.rect(surface, self.theme.rgb("dr_written_cell"), cell.rect.inflate(-6, -6), border_radius=6)
                if realm == "yellow" and cell.label:
                    # The multiplier stays readable beside the value: "6×2".
                    text.draw(surface, f"{value}{cell.label.replace('x', chr(0xd7))}", times, cell.rect)
                else:
                    text.draw(surface, str(value), written, cell.rect)


def _bright(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    red, green, blue = (min(255, int(c * 1.2 + 40)) for c in colour)
    return red, green, blue


def _cross(surface: pygame.Surface, rect: pygame.Rect, ink: tuple[int, int, int]) -> None:
    inner = rect.inflate(-14, -14)
    pygame.draw.line(surface, ink, inner.topleft, inner.bottomright, 6)
    pygame.draw.line(surface, ink, inner.topright, inner.bottomleft, 6)


def grimoire_map(app) -> GrimoireMap:
    """The grimoire read from its Tiled map, once per app (at start-up, so a broken map stops the start)."""
    found = app.cache.get("dice_realms.map")
    if found is None:
        found = app.cache["dice_realms.map"] = GrimoireMap(app)
    return found
