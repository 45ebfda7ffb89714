"""rbgtool games as OpenSpiel games (pyspiel's Python game interface).

>>> import pyspiel, rbgtool.openspiel
>>> game = rbgtool.openspiel.game("corpus/sbg/breakthrough.sbg")
>>> same = pyspiel.load_game("python_rbgtool", {"path": "corpus/sbg/breakthrough.sbg"})

Actions are the move ids of :attr:`rbgtool.Game.num_distinct_actions` (docs/python.md, "Action
encodings"): SBG ``from * squares + to``; RBG from the first vertex and the last
non-switch modifier with its vertex. Returns map scores from the GGP range 0..100 onto -1..1:
``(score - 50) / 50``.

GDL games are registered apart, as ``python_rbgtool_gdl`` with OpenSpiel's SIMULTANEOUS
dynamics (every GDL turn is a joint move; a role that waits has its one ``noop``): each role
chooses an action from its own legal actions, a role's action id being the index of the move in
its list of :meth:`rbgtool.Game.role_actions` (every move the role can ever make, sorted).
``game(path)`` picks the right one by the file's language.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
import pyspiel

import rbgtool
from rbgtool.observation import Planes

SHORT_NAME = "python_rbgtool"
MAX_GAME_LENGTH = 100_000


def _game_type(
    short_name: str, long_name: str, dynamics: Any, parameters: dict[str, str]
) -> pyspiel.GameType:
    """The adapters' game type: deterministic, perfect information, terminal rewards, with
    observation strings and tensors (rbgtool.observation)."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=16,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


_GAME_TYPE = _game_type(
    SHORT_NAME,
    "rbgtool game (RBG or SBG)",
    pyspiel.GameType.Dynamics.SEQUENTIAL,
    {"path": "", "engine": "interpreted"},
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
                f"{path}: a GDL game; load it as {GDL_SHORT_NAME!r} (simultaneous dynamics)"
            )
        self.planes = Planes(self.rbg)
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
    ) -> "TensorObserver":
        return TensorObserver(self.planes)


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


class TensorObserver:
    """Perfect information: every player observes the whole state, as the planes of
    :mod:`rbgtool.observation` (the information state is the same) and as the position
    text."""

    def __init__(self, planes: Planes) -> None:
        self.planes = planes
        self.tensor = np.zeros(planes.size, np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor.reshape(planes.shape)}

    def set_from(self, state: Any, player: int) -> None:
        self.planes.fill(state.state, self.tensor)

    def string_from(self, state: Any, player: int) -> str:
        return str(state)


GDL_SHORT_NAME = "python_rbgtool_gdl"

_GDL_GAME_TYPE = _game_type(
    GDL_SHORT_NAME,
    "rbgtool GDL game (simultaneous moves)",
    pyspiel.GameType.Dynamics.SIMULTANEOUS,
    {"path": ""},
)


class RbgtoolGdlGame(pyspiel.Game):  # type: ignore[misc]
    """A GDL game loaded by rbgtool, every turn a simultaneous move of all roles."""

    def __init__(self, params: Optional[dict[str, Any]] = None) -> None:
        params = dict(params or {})
        path = str(params.get("path", ""))
        if not path:
            raise ValueError(
                f"{GDL_SHORT_NAME} needs the parameter 'path' (a .kif file)"
            )
        self.rbg = rbgtool.load(path)
        actions = self.rbg.role_actions()
        if actions is None:
            raise ValueError(f"{path}: not a GDL game; load it as {SHORT_NAME!r}")
        self.actions: list[list[str]] = actions
        self.ids: list[dict[str, int]] = [
            {m: i for i, m in enumerate(moves)} for moves in actions
        ]
        self.planes = Planes(self.rbg)
        info = pyspiel.GameInfo(
            num_distinct_actions=max(1, max(len(a) for a in actions)),
            max_chance_outcomes=0,
            num_players=len(self.rbg.players),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GDL_GAME_TYPE, info, {"path": path})

    def new_initial_state(self) -> "RbgtoolGdlState":
        return RbgtoolGdlState(self, self.rbg.initial_state(), self.actions, self.ids)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Optional[dict[str, Any]] = None
    ) -> "TensorObserver":
        return TensorObserver(self.planes)


class RbgtoolGdlState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state over a GDL :class:`rbgtool.State`: SIMULTANEOUS until terminal."""

    def __init__(
        self,
        game: pyspiel.Game,
        state: rbgtool.State,
        actions: list[list[str]],
        ids: list[dict[str, int]],
    ) -> None:
        super().__init__(game)
        self.state = state
        # Kept by the state (and shared by its copies): pyspiel may hand a state another
        # wrapper of its game than the RbgtoolGdlGame that made it.
        self._actions = actions
        self._ids = ids
        self._own: Optional[list[list[str]]] = None

    def _role_moves(self) -> list[list[str]]:
        if self._own is None:
            self._own = self.state.role_moves()
        return self._own

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def _legal_actions(self, player: int) -> list[int]:
        ids = self._ids[player]
        return sorted(ids[m] for m in self._role_moves()[player])

    def _apply_actions(self, actions: list[int]) -> None:
        own = [self._actions[r][a] for r, a in enumerate(actions)]
        self._own = None
        self.state.apply_role_moves(own)

    def _action_to_string(self, player: int, action: int) -> str:
        return f"{self.state.game.players[player]}: {self._actions[player][action]}"

    def is_terminal(self) -> bool:
        return not any(self._role_moves())

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * len(self.state.game.players)
        return returns_of(self.state.scores())

    def __str__(self) -> str:
        return self.state.to_text()

    def __deepcopy__(self, memo: Any) -> "RbgtoolGdlState":
        return RbgtoolGdlState(
            self.get_game(), self.state.clone(), self._actions, self._ids
        )


def game(path: str, engine: str = "interpreted") -> pyspiel.Game:
    """The game at ``path`` as an OpenSpiel game: RBG and SBG as ``python_rbgtool``
    (``engine="compiled"`` runs an RBG game in its compiled library), GDL as
    ``python_rbgtool_gdl`` (simultaneous dynamics; the interpreter)."""
    if str(path).endswith((".kif", ".gdl")):
        return pyspiel.load_game(GDL_SHORT_NAME, {"path": str(path)})
    return pyspiel.load_game(SHORT_NAME, {"path": str(path), "engine": engine})


pyspiel.register_game(_GAME_TYPE, RbgtoolGame)
pyspiel.register_game(_GDL_GAME_TYPE, RbgtoolGdlGame)
