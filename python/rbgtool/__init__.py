"""rbgtool from Python: RBG, SBG and GDL games on the same engines as the ``rbgtool`` CLI.

>>> import rbgtool
>>> game = rbgtool.load("corpus/rbg/ticTacToe.rbg")
>>> game.perft(2)
72
>>> state = game.initial_state()
>>> move = state.legal_moves()[0]
>>> state.apply(move)
>>> state.undo()

Whole work in Rust with the GIL released (:mod:`rbgtool.work`): ``tournament``, ``evolve``,
``evolve_generation``, ``record``, ``learn``; ``ray=...`` spreads tournaments and fitness
evaluations over Ray. Adapters live in submodules: :mod:`rbgtool.openspiel` (pyspiel games),
:mod:`rbgtool.pettingzoo` (AEC environments), :mod:`rbgtool.ray` (Ray tasks).
See docs/python.md.
"""

from __future__ import annotations

from rbgtool._rbgtool import Game, GameError, Move, State, check, convert, load
from rbgtool.work import evolve, evolve_generation, learn, record, tournament

__all__ = [
    "Game",
    "GameError",
    "Move",
    "State",
    "check",
    "convert",
    "evolve",
    "evolve_generation",
    "learn",
    "load",
    "random_playout",
    "record",
    "tournament",
]


def random_playout(state: State, rng: object, max_length: int = 1_000_000) -> int:
    """Plays uniformly random moves on ``state`` (changed in place) until a terminal state or
    ``max_length`` moves, picking with ``rng.randrange``; returns the number of moves.

    >>> import random
    >>> s = rbgtool.load("corpus/sbg/breakthrough.sbg").initial_state()
    >>> n = rbgtool.random_playout(s, random.Random(1))
    >>> s.is_terminal()
    True
    """
    randrange = getattr(rng, "randrange")
    length = 0
    while length < max_length:
        moves = state.legal_moves()
        if not moves:
            break
        state.apply(moves[randrange(len(moves))])
        length += 1
    return length
