"""The core API equals the CLI: perft, playout statistics, conversion; moves and errors."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

import rbgtool
from conftest import CORPUS, cli_json_lines, cli_text

# (file, depth) for perft against the CLI; the GDL game is written by the test.
PERFT = [
    ("rbg/chess.rbg", 3),
    ("rbg/breakthrough.rbg", 3),
    ("sbg/breakthrough.sbg", 3),
    ("sbg/gardner.sbg", 3),
]

TIMING = {"seconds", "playouts_per_second", "states_per_second"}


@pytest.fixture(scope="module")
def gdl_tictactoe(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Tic-tac-toe translated to GDL by the CLI (the GDL game of these tests)."""
    kif = cli_text("convert", str(CORPUS / "rbg/ticTacToe.rbg"), "--to", "gdl")
    path = tmp_path_factory.mktemp("gdl") / "ticTacToe.kif"
    path.write_text(kif)
    return path


@pytest.mark.parametrize("file,depth", PERFT)
def test_perft_equals_cli(file: str, depth: int) -> None:
    path = str(CORPUS / file)
    cli = cli_json_lines("perft", path, "--depth", str(depth))
    game = rbgtool.load(path)
    assert [game.perft(d) for d in range(1, depth + 1)] == [
        line["leaves"] for line in cli
    ]


def test_perft_gdl_equals_cli(gdl_tictactoe: Path) -> None:
    cli = cli_json_lines("perft", str(gdl_tictactoe), "--depth", "3")
    game = rbgtool.load(str(gdl_tictactoe))
    assert game.lang == "gdl"
    assert (
        [game.perft(d) for d in (1, 2, 3)]
        == [line["leaves"] for line in cli]
        == [9, 72, 504]
    )


@pytest.mark.parametrize(
    "file,n",
    [("rbg/chess.rbg", 20), ("rbg/breakthrough.rbg", 50), ("sbg/breakthrough.sbg", 50)],
)
def test_playouts_equal_cli(file: str, n: int) -> None:
    path = str(CORPUS / file)
    # The API's default engine; the CLI's `auto` would compile RBG games for bench.
    (cli,) = cli_json_lines(
        "bench", path, "--playouts", str(n), "--seed", "7", "--engine", "interpreted"
    )
    ours = rbgtool.load(path).playouts(n, seed=7)
    assert ours["playouts"] == n
    assert {k: v for k, v in ours.items() if k not in TIMING} == {
        k: v for k, v in cli.items() if k in ours and k not in TIMING
    }


def test_playouts_gdl_equal_cli(gdl_tictactoe: Path) -> None:
    (cli,) = cli_json_lines(
        "bench", str(gdl_tictactoe), "--playouts", "30", "--seed", "3"
    )
    ours = rbgtool.load(str(gdl_tictactoe)).playouts(30, seed=3)
    assert {k: v for k, v in ours.items() if k not in TIMING} == {
        k: v for k, v in cli.items() if k in ours and k not in TIMING
    }


def test_convert_equals_cli() -> None:
    path = CORPUS / "sbg/breakthrough.sbg"
    for to in ("rbg", "gdl", "ll-rbg"):
        assert rbgtool.convert(path.read_text(), to=to, lang="sbg") == cli_text(
            "convert", str(path), "--to", to
        )


def test_moves_apply_undo_clone() -> None:
    game = rbgtool.load(str(CORPUS / "rbg/chess.rbg"))
    assert game.players == ["white", "black"]
    state = game.initial_state()
    moves = state.legal_moves()
    assert len(moves) == 20
    assert len({m.id for m in moves}) == 20
    bound = game.num_distinct_actions
    assert bound is not None and all(0 <= m.id < bound for m in moves)
    assert state.current_player() == 0
    before = state.state_hash()
    fork = state.clone()
    state.apply(moves[3])
    assert state.current_player() == 1 and state.ply == 1
    assert fork.state_hash() == before and copy.copy(fork).state_hash() == before
    state.undo()
    assert state.state_hash() == before
    # By id and by text, also with a Move from another (equal) state.
    state.apply(moves[5].id)
    state.undo()
    state.apply(moves[5].text)
    after_text = state.state_hash()
    state.undo()
    fork.apply(moves[5])
    assert fork.state_hash() == after_text
    with pytest.raises(IndexError):
        game.initial_state().undo()
    with pytest.raises(rbgtool.GameError):
        state.apply("no such move")


def test_sbg_ids_are_from_to_squares() -> None:
    game = rbgtool.load(str(CORPUS / "sbg/breakthrough.sbg"))
    assert game.board_size is not None
    width, height = game.board_size
    assert game.num_distinct_actions == (width * height) ** 2
    for m in game.initial_state().legal_moves():
        assert m.id < (width * height) ** 2
    assert len(game.initial_state().legal_ids()) == 22


def test_playout_reaches_terminal_with_scores() -> None:
    import random

    state = rbgtool.load(str(CORPUS / "sbg/breakthrough.sbg")).initial_state()
    n = rbgtool.random_playout(state, random.Random(5))
    assert n == state.ply > 0
    assert state.is_terminal() and state.current_player() is None
    assert sorted(state.scores()) == [0, 100]


def test_invalid_game_raises_with_diagnostics() -> None:
    with pytest.raises(rbgtool.GameError) as err:
        rbgtool.load("#players = white(100)\n#board = ???\n", lang="rbg")
    diagnostics = err.value.diagnostics
    assert diagnostics and diagnostics[0]["severity"] == "error"
    assert diagnostics[0]["labels"] and "error" in err.value.rendered
    report = rbgtool.check("#players = white(100)\n#board = ???\n", lang="rbg")
    assert report["valid"] is False and report["diagnostics"] == diagnostics
    assert rbgtool.check((CORPUS / "rbg/ticTacToe.rbg").read_text(), lang="rbg")[
        "valid"
    ]
