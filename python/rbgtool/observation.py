"""Observation tensors of rbgtool games, for networks (the OpenSpiel adapter's observer).

RBG and SBG games: one plane per piece name (``Game.piece_names``; the empty square's name
too, where the game names it) over the board's cells, then one plane per player, all ones for
the player to move. SBG boards are ``(planes, height, width)`` with row 0 at the bottom; RBG
boards ``(planes, vertices)`` in ``Game.vertices`` order. GDL games: a 0/1 vector over
``Game.base_propositions()`` (the fluents true in the state; whose turn it is is one of them
in turn-taking games), shape ``(propositions,)``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

import rbgtool


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
        planes = len(self.pieces) + len(self.players)
        size = game.board_size
        cells = len(game.initial_state().pieces())
        self.shape = (planes, size[1], size[0]) if size else (planes, cells)
        self.cells = cells

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
        for cell, piece in enumerate(state.pieces()):
            plane = self.pieces.get(piece)
            if plane is not None:
                out[plane * self.cells + cell] = 1
        player = state.current_player()
        if player is not None:
            start = (len(self.pieces) + player) * self.cells
            out[start : start + self.cells] = 1
