"""Observation tensors of rbgtool games, for networks (the OpenSpiel adapter's observer).

RBG and SBG games: one plane per piece name (``Game.piece_names``; the empty square's name
too, where the game names it) over the board's cells, then one plane per player, all ones for
the player to move, then (RBG) one plane per variable of ``Game.variables`` (players' scores
first), filled with its value over its bound (0 to 1). SBG boards are ``(planes, height, width)`` with row 0 at the bottom. RBG
boards keep their natural grid where the front end named the vertices by coordinates:
``rectangle`` boards (``rx{x}y{y}``) are ``(planes, rows, columns)`` in the declaration's
order (row 0 is the first line of ``#board``), ``hexagon`` boards (``hx{x}y{y}``) the same
over their coordinates' bounding box (cells off the board stay 0 in the piece planes),
``cuboid`` boards (``cx{x}y{y}z{z}``) ``(planes, layers, rows, columns)``; any other graph
is ``(planes, vertices)`` in ``Game.vertices`` order. GDL games: a 0/1 vector over
``Game.base_propositions()`` (the fluents true in the state; whose turn it is is one of them
in turn-taking games), shape ``(propositions,)``.
"""

from __future__ import annotations

import math
import re
from typing import Any, Optional

import numpy as np

import rbgtool

_COORDINATES = [
    (re.compile(r"rx(\d+)y(\d+)"), 2),
    (re.compile(r"hx(\d+)y(\d+)"), 2),
    (re.compile(r"cx(\d+)y(\d+)z(\d+)"), 3),
]


def grid_of(vertices: list[str]) -> Optional[tuple[tuple[int, ...], list[int]]]:
    """The grid shape of a board whose vertex names carry coordinates, and each vertex's
    cell in it (row-major); None for any other graph."""
    for pattern, parts in _COORDINATES:
        coords = []
        for name in vertices:
            match = pattern.fullmatch(name)
            if match is None:
                break
            coords.append(tuple(int(g) for g in match.groups()))
        else:
            if not coords:
                return None
            # (x, y) or (x, y, z): the shape is (z, y, x), the last index moving fastest.
            extent = [max(c[i] for c in coords) + 1 for i in range(parts)]
            shape = tuple(reversed(extent))
            cells = []
            for c in coords:
                index = 0
                for i in reversed(range(parts)):
                    index = index * extent[i] + c[i]
                cells.append(index)
            if len(set(cells)) != len(cells):
                return None
            return shape, cells
    return None


class Planes:
    """The observation tensor of one game: its shape, and how a state fills it."""

    def __init__(self, game: rbgtool.Game) -> None:
        self.players = list(game.players)
        props = game.base_propositions()
        self.propositions: dict[str, int] = {}
        self.pieces: dict[str, int] = {}
        if props is not None:
            self.propositions = {p: i for i, p in enumerate(props)}
            self.shape: tuple[int, ...] = (len(props),)
            return
        self.pieces = {name: i for i, name in enumerate(game.piece_names)}
        self.bounds = [bound for _, bound in game.variables or []]
        planes = len(self.pieces) + len(self.players) + len(self.bounds)
        size = game.board_size
        cells = len(game.initial_state().pieces())
        self.where = list(range(cells))
        vertices = game.vertices
        grid = grid_of(vertices) if vertices is not None else None
        if size:
            self.shape = (planes, size[1], size[0])
        elif grid is not None:
            self.shape = (planes, *grid[0])
            self.where = grid[1]
        else:
            self.shape = (planes, cells)
        self.cells = math.prod(self.shape[1:])

    @property
    def size(self) -> int:
        """The number of entries of the flat tensor."""
        return math.prod(self.shape)

    def fill(self, state: rbgtool.State, out: np.ndarray[Any, Any]) -> None:
        """Writes the state's tensor into ``out`` (flat, ``size`` entries)."""
        out.fill(0)
        if self.propositions:
            for line in state.to_text().splitlines():
                index = self.propositions.get(line.strip())
                if index is not None:
                    out[index] = 1
            return
        for vertex, piece in enumerate(state.pieces()):
            plane = self.pieces.get(piece)
            if plane is not None:
                out[plane * self.cells + self.where[vertex]] = 1
        player = state.current_player()
        if player is not None:
            start = (len(self.pieces) + player) * self.cells
            out[start : start + self.cells] = 1
        first = len(self.pieces) + len(self.players)
        for i, (value, bound) in enumerate(zip(state.variables(), self.bounds)):
            if bound > 0:
                start = (first + i) * self.cells
                out[start : start + self.cells] = value / bound
