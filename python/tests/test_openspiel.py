"""The OpenSpiel adapter: OpenSpiel's own checks and bots run on rbgtool games."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is a test dependency (.ci/python)"
)

import rbgtool.openspiel  # noqa: E402
from conftest import CORPUS, shared_gdl, shared_rbg  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402


@pytest.mark.parametrize(
    "file", ["sbg/breakthrough.sbg", "rbg/breakthrough.rbg", "rbg/ticTacToe.rbg"]
)
def test_random_simulation(file: str) -> None:
    game = rbgtool.openspiel.game(str(CORPUS / file))
    assert game.num_players() == 2
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize("name", ["breakthrough.rbg", "chess.rbg", "amazons.rbg"])
def test_public_rbg_games_pass_random_simulation(name: str) -> None:
    # Their action ids once collided ("two legal moves share an action id here").
    game = rbgtool.openspiel.game(str(shared_rbg(name)))
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_chess_has_a_compact_action_space() -> None:
    # OpenSpiel's own chess has 4,672 actions; the target is at most twice that.
    game = rbgtool.openspiel.game(str(CORPUS / "rbg/chess.rbg"))
    assert game.num_distinct_actions() == 8696
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_variables_fill_their_planes_scaled_by_their_bounds() -> None:
    game = rbgtool.openspiel.game(str(CORPUS / "rbg/chess.rbg"))
    shape = game.observation_tensor_shape()
    assert shape == [24, 8, 8]  # 19 pieces, 2 players, white, black, idle
    state = game.new_initial_state()
    for move in ["b1 c3", "b8 c6"]:  # knights: idle counts the half-moves
        names = {state.action_to_string(a): a for a in state.legal_actions()}
        state.apply_action(names[move])
    idle = state.state.variables()[2]
    tensor = np.array(state.observation_tensor(0)).reshape(shape)
    assert idle == 2 and np.allclose(tensor[23], 2 / 101)


def test_sbg_gardner_passes_random_simulation() -> None:
    game = rbgtool.openspiel.game(str(CORPUS / "sbg/gardner.sbg"))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_load_game_finds_it() -> None:
    path = str(CORPUS / "sbg/breakthrough.sbg")
    game = pyspiel.load_game("python_rbgtool", {"path": path})
    state = game.new_initial_state()
    assert len(state.legal_actions()) == 22
    assert "P" in str(state)
    assert game.num_distinct_actions() == 64 * 64


def test_perft_through_adapter_equals_engine() -> None:
    path = str(CORPUS / "rbg/breakthrough.rbg")
    game = rbgtool.openspiel.game(path)

    def perft(state: pyspiel.State, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(perft(state.child(a), depth - 1) for a in state.legal_actions())

    assert perft(game.new_initial_state(), 2) == rbgtool.load(path).perft(2)


def test_mcts_beats_random_on_breakthrough() -> None:
    game = rbgtool.openspiel.game(str(CORPUS / "sbg/breakthrough.sbg"))
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    mcts_bot = mcts.MCTSBot(game, 2.0, 60, evaluator, random_state=rng, solve=True)
    wins = 0
    games = 4
    for g in range(games):
        seat = g % 2
        random_bot = uniform_random.UniformRandomBot(1 - seat, rng)
        bots = [mcts_bot, random_bot] if seat == 0 else [random_bot, mcts_bot]
        returns = pyspiel.evaluate_bots(
            game.new_initial_state(), bots, rng.randint(1 << 30)
        )
        wins += returns[seat] > 0
    assert wins == games


def test_gdl_is_simultaneous_and_passes_random_simulation() -> None:
    game = rbgtool.openspiel.game(str(CORPUS / "gdl/pennies.kif"))
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert game.num_players() == 2 and game.num_distinct_actions() == 2
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    assert state.legal_actions(0) == [0, 1] and state.legal_actions(1) == [0, 1]
    state.apply_actions([1, 1])  # tails, tails: even wins
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


@pytest.mark.parametrize("name", ["ticTacToe.kif", "connectFourSimultaneous.kif"])
def test_public_gdl_games_pass_random_simulation(name: str) -> None:
    game = rbgtool.openspiel.game(str(shared_gdl(name)))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_gdl_roles_get_only_their_own_actions() -> None:
    game = rbgtool.openspiel.game(str(shared_gdl("ticTacToe.kif")))
    state = game.new_initial_state()
    names = [state.action_to_string(1, a) for a in state.legal_actions(1)]
    assert names == ["oplayer: noop"]
    assert len(state.legal_actions(0)) == 9
    assert game.num_distinct_actions() == 10  # nine marks and noop, per role
    # The joint actions are exactly the engine's joint moves.
    rbg_state = rbgtool.load(str(shared_gdl("ticTacToe.kif"))).initial_state()
    assert len(state.legal_actions(0)) * len(state.legal_actions(1)) == len(
        rbg_state.legal_moves()
    )


@pytest.mark.parametrize(
    "file, shape",
    [
        ("sbg/breakthrough.sbg", (4, 8, 8)),  # P, p, then white and black to move
        # e, x, o, the two players to move, the two players' scores
        ("rbg/ticTacToe.rbg", (7, 3, 3)),
        ("rbg/ticTacToe3d.rbg", (7, 3, 3, 3)),  # a cuboid: layers, rows, columns
        ("rbg/hex.rbg", (7, 17, 9)),  # a hexagon over its coordinates' bounding box
        ("rbg/muTorere.rbg", (8, 9)),  # a graph; scores and `moves`
        ("gdl/ticTacToe.kif", (29,)),  # 27 cells and two controls
    ],
)
def test_observation_tensors(file: str, shape: tuple[int, ...]) -> None:
    game = rbgtool.openspiel.game(str(CORPUS / file))
    assert game.observation_tensor_shape() == list(shape)
    assert game.information_state_tensor_shape() == list(shape)
    state = game.new_initial_state()
    tensor = np.array(state.observation_tensor(0)).reshape(shape)
    assert tensor.dtype == np.float64 and set(np.unique(tensor)) <= {0.0, 1.0}
    assert state.information_state_tensor(1) == state.observation_tensor(1)
    if file.endswith(".sbg"):
        assert tensor[0].sum() == 16 and tensor[1].sum() == 16  # the pawns
        assert tensor[0, 0].sum() == 8  # white's on the rows at the bottom
        assert tensor[2].all() and not tensor[3].any()  # white to move
    elif file.endswith("ticTacToe.rbg"):
        assert tensor[0].sum() == 9 and tensor[3].all()  # empty board, first player
        assert not tensor[5:].any()  # scores 0
    elif file.endswith(".rbg"):
        # The empty squares are the board's cells; the first player's plane is all ones.
        cells = len(rbgtool.load(str(CORPUS / file)).vertices or [])
        assert tensor[3].all()  # the first player to move
        if not file.endswith("muTorere.rbg"):  # (its pieces start on the board)
            assert tensor[0].sum() == cells
    else:
        assert tensor.sum() == 10  # nine blank cells and (control x)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
