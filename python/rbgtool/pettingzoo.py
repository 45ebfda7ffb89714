"""rbgtool games as PettingZoo AEC environments.

>>> import rbgtool.pettingzoo
>>> env = rbgtool.pettingzoo.env("corpus/sbg/breakthrough.sbg")
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.step(int(obs["action_mask"].nonzero()[0][0]))

Agents are the game's player names. Actions are move ids (docs/python.md, "Action
encodings"), ``Discrete(Game.num_distinct_actions)``; ``observe`` gives
``{"observation", "action_mask"}``. The observation has one plane per piece name
(``Game.piece_names``): ``(height, width, planes)`` on SBG boards; on RBG boards the grid of
:mod:`rbgtool.observation` with the planes last (``(rows, columns, planes)`` on rectangles),
``(vertices, planes)`` on other graphs. Rewards at the end are ``(score - 50) / 50`` (scores 0..100).

GDL games are ``ParallelEnv`` environments (``parallel_env``): every role acts at every step
(a role that waits has its one ``noop``), each from ``Discrete(len(role_actions[r]))`` where
``Game.role_actions`` lists every move the role can ever make, sorted. The observation is a
0/1 vector over ``Game.base_propositions`` (the fluents true in the state) and the role's
action mask.

>>> penv = rbgtool.pettingzoo.parallel_env("corpus/gdl/pennies.kif")
>>> observations, infos = penv.reset(seed=1)
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

import rbgtool
from rbgtool.observation import grid_of


def parallel_env(path: str, render_mode: Optional[str] = None) -> "RbgtoolParallelEnv":
    """The GDL game at ``path`` as a parallel environment: all roles act at each step."""
    return RbgtoolParallelEnv(rbgtool.load(str(path)), render_mode=render_mode)


def env(
    path: str, render_mode: Optional[str] = None, engine: str = "interpreted"
) -> "RbgtoolEnv":
    """The game at ``path`` (.rbg or .sbg) as an AEC environment; ``engine="compiled"``
    runs an RBG game in its compiled library."""
    return RbgtoolEnv(rbgtool.load(str(path), engine=engine), render_mode=render_mode)


class _PositionText:
    """Rendering shared by both environments: the position text (``ansi``), or printed
    (``human``)."""

    state: rbgtool.State
    render_mode: Optional[str]

    def render(self) -> Optional[str]:
        text = self.state.to_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class RbgtoolEnv(_PositionText, AECEnv):  # type: ignore[misc]
    """An AEC environment over an rbgtool game (turn-based games: RBG, SBG)."""

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "rbgtool_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game: rbgtool.Game, render_mode: Optional[str] = None) -> None:
        super().__init__()
        bound = game.num_distinct_actions
        if bound is None:
            raise ValueError(
                "a GDL game: every role acts at every step; use parallel_env"
            )
        self.game = game
        self.render_mode = render_mode
        self.possible_agents = list(game.players)
        self._planes = {name: i for i, name in enumerate(game.piece_names)}
        size = game.board_size
        squares = len(game.initial_state().pieces())
        vertices = game.vertices
        grid = grid_of(vertices) if vertices is not None else None
        self._where = list(range(squares))
        if size:
            self._shape: tuple[int, ...] = (size[1], size[0], len(self._planes))
        elif grid is not None:
            self._shape = (*grid[0], len(self._planes))
            self._where = grid[1]
        else:
            self._shape = (squares, len(self._planes))
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0, 1, self._shape, dtype=np.int8),
                "action_mask": spaces.Box(0, 1, (bound,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(bound) for a in self.possible_agents}
        self.state = game.initial_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(
        self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> None:
        self.state = self.game.initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        player = self.state.current_player()
        self.agent_selection = self.possible_agents[player if player is not None else 0]

    def _board(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        # SBG squares are y * width + x with y = 0 at the bottom: rows bottom-up. RBG
        # vertices go to their grid cells (`_where`).
        cells = int(np.prod(self._shape[:-1]))
        planes = np.zeros((cells, len(self._planes)), dtype=np.int8)
        for square, piece in enumerate(self.state.pieces()):
            plane = self._planes.get(piece)
            if plane is not None:
                planes[self._where[square], plane] = 1
        return planes.reshape(self._shape)

    def observe(self, agent: str) -> dict[str, Any]:
        mask = np.zeros(self.action_spaces[agent].n, dtype=np.int8)
        if agent == self.agent_selection and not self.terminations[agent]:
            mask[self.state.legal_ids()] = 1
        return {"observation": self._board(), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(int(action))
        if self.state.is_terminal():
            for a, score in zip(self.possible_agents, self.state.scores()):
                self.rewards[a] = (score - 50) / 50
                self.terminations[a] = True
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


class RbgtoolParallelEnv(_PositionText, ParallelEnv):  # type: ignore[misc]
    """A parallel environment over a GDL game: every role chooses its own move each step."""

    metadata = {"render_modes": ["ansi", "human"], "name": "rbgtool_gdl_v0"}

    def __init__(self, game: rbgtool.Game, render_mode: Optional[str] = None) -> None:
        super().__init__()
        actions = game.role_actions()
        props = game.base_propositions()
        if actions is None or props is None:
            raise ValueError("parallel_env takes GDL games; use env for RBG and SBG")
        self.game = game
        self.render_mode = render_mode
        self.possible_agents = list(game.players)
        self._actions = actions
        self._ids = [{m: i for i, m in enumerate(moves)} for moves in actions]
        self._props = {p: i for i, p in enumerate(props)}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (len(props),), dtype=np.int8),
                    "action_mask": spaces.Box(
                        0, 1, (max(1, len(actions[r])),), dtype=np.int8
                    ),
                }
            )
            for r, a in enumerate(self.possible_agents)
        }
        self.action_spaces = {
            a: spaces.Discrete(max(1, len(actions[r])))
            for r, a in enumerate(self.possible_agents)
        }
        self.state = game.initial_state()
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _observations(self) -> dict[str, dict[str, Any]]:
        vector = np.zeros(len(self._props), dtype=np.int8)
        for line in self.state.to_text().splitlines():
            index = self._props.get(line.strip())
            if index is not None:
                vector[index] = 1
        own = self.state.role_moves()
        out = {}
        for r, agent in enumerate(self.possible_agents):
            mask = np.zeros(self.action_spaces[agent].n, dtype=np.int8)
            mask[[self._ids[r][m] for m in own[r]]] = 1
            out[agent] = {"observation": vector.copy(), "action_mask": mask}
        return out

    def reset(
        self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.state = self.game.initial_state()
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        own = [
            self._actions[r][int(actions[a])]
            for r, a in enumerate(self.possible_agents)
        ]
        self.state.apply_role_moves(own)
        done = self.state.is_terminal()
        rewards = {a: 0.0 for a in self.agents}
        if done:
            for a, score in zip(self.possible_agents, self.state.scores()):
                rewards[a] = (score - 50) / 50
        observations = self._observations()
        terminations = {a: done for a in self.agents}
        truncations = {a: False for a in self.agents}
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if done:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos
