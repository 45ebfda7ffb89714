"""rbgtool from Python: RBG, SBG and GDL games on the same engines as the ``rbgtool`` CLI.

>>> import rbgtool
>>> game = rbgtool.load("corpus/rbg/ticTacToe.rbg")
>>> game.perft(2)
72
>>> state = game.initial_state()
>>> move = state.legal_moves()[0]
>>> state.apply(move)
>>> state.undo()

Adapters live in submodules: :mod:`rbgtool.openspiel` (pyspiel games),
:mod:`rbgtool.pettingzoo` (AEC environments), :mod:`rbgtool.ray` (distributed work).
See docs/python.md.
"""

from __future__ import annotations

from rbgtool._rbgtool import Game, GameError, Move, State, check, convert, load

__all__ = [
    "Game",
    "GameError",
    "Move",
    "State",
    "check",
    "convert",
    "load",
    "random_playout",
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
