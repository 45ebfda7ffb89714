"""rbgtool games as OpenSpiel games (pyspiel's Python game interface).

>>> import pyspiel, rbgtool.openspiel
>>> game = rbgtool.openspiel.game("corpus/sbg/breakthrough.sbg")
>>> same = pyspiel.load_game("python_rbgtool", {"path": "corpus/sbg/breakthrough.sbg"})

Actions are the move ids of :attr:`rbgtool.Game.num_distinct_actions` (docs/python.md, "Action
encodings"): SBG ``from * squares + to``; RBG from the first vertex and the last
non-switch modifier with its vertex. GDL games have no bounded encoding and are refused.
Returns map scores from the GGP range 0..100 onto -1..1: ``(score - 50) / 50``.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
import pyspiel

import rbgtool

SHORT_NAME = "python_rbgtool"
MAX_GAME_LENGTH = 100_000

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="rbgtool game (RBG or SBG)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=16,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"path": "", "engine": "interpreted"},
)


def returns_of(scores: list[int]) -> list[float]:
    """Scores 0..100 (GGP convention) as returns -1..1."""
    return [(s - 50) / 50 for s in scores]


class RbgtoolGame(pyspiel.Game):  # type: ignore[misc]
    """Any RBG or SBG game loaded by rbgtool, as a pyspiel game."""

    def __init__(self, params: Optional[dict[str, Any]] = None) -> None:
        params = dict(params or {})
        path = str(params.get("path", ""))
        if not path:
            raise ValueError(
                f"{SHORT_NAME} needs the parameter 'path' (a .rbg or .sbg file)"
            )
        engine = str(params.get("engine", "interpreted"))
        self.rbg = rbgtool.load(path, engine=engine)
        bound = self.rbg.num_distinct_actions
        if bound is None:
            raise ValueError(
                f"{path}: GDL games have no bounded action encoding for OpenSpiel"
            )
        info = pyspiel.GameInfo(
            num_distinct_actions=bound,
            max_chance_outcomes=0,
            num_players=len(self.rbg.players),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, {"path": path})

    def new_initial_state(self) -> "RbgtoolState":
        return RbgtoolState(self, self.rbg.initial_state())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Optional[dict[str, Any]] = None
    ) -> "TextObserver":
        return TextObserver()


class RbgtoolState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state over an :class:`rbgtool.State`."""

    def __init__(self, game: RbgtoolGame, state: rbgtool.State) -> None:
        super().__init__(game)
        self.state = state
        self._ids: Optional[list[int]] = None

    def _legal(self) -> list[int]:
        """The legal action ids, sorted (the fast path: no move texts)."""
        if self._ids is None:
            ids = self.state.legal_ids()
            unique = sorted(set(ids))
            if len(unique) != len(ids):
                raise rbgtool.GameError(
                    "two legal moves share an action id here; see docs/python.md"
                )
            self._ids = unique
        return self._ids

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        player = self.state.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if player is None else player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._legal())

    def _apply_action(self, action: int) -> None:
        self._ids = None
        self.state.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        for move in self.state.legal_moves():
            if move.id == action:
                return move.text
        return f"action {action}"

    def is_terminal(self) -> bool:
        return not self._legal()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * len(self.state.game.players)
        return returns_of(self.state.scores())

    def __str__(self) -> str:
        return self.state.to_text()

    def __deepcopy__(self, memo: Any) -> "RbgtoolState":
        copy = RbgtoolState(self.get_game(), self.state.clone())
        return copy


class TextObserver:
    """Perfect information: the observation is the position text (no tensor)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: RbgtoolState, player: int) -> None:
        pass

    def string_from(self, state: RbgtoolState, player: int) -> str:
        return str(state)


def game(path: str, engine: str = "interpreted") -> pyspiel.Game:
    """The game at ``path`` (.rbg or .sbg) as an OpenSpiel game; ``engine="compiled"`` runs
    an RBG game in its compiled library."""
    return pyspiel.load_game(SHORT_NAME, {"path": str(path), "engine": engine})


pyspiel.register_game(_GAME_TYPE, RbgtoolGame)
