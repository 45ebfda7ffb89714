"""Positions and moves round-trip through Python: to_text / state_from_text, Move.text / apply."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rbgtool
from conftest import CORPUS, cli_text


def walk(game: rbgtool.Game, seed: int, plies: int, ordered: bool = True) -> None:
    """Along a random game, every position text loads back to an equal state, and every legal
    move's text applies the same move. `ordered=False` compares the legal moves as sets: the
    GDL engine lists them in the order its rules derive them, which follows the order of the
    state's facts, and a loaded state holds them in text order."""
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        text = state.to_text()
        back = game.state_from_text(text)
        assert back.to_text() == text
        assert back.state_hash() == state.state_hash()
        moves = state.legal_moves()
        texts = [m.text for m in back.legal_moves()]
        if ordered:
            assert texts == [m.text for m in moves]
        else:
            assert sorted(texts) == sorted(m.text for m in moves)
        if not moves:
            break
        for m in moves[:5]:
            by_text = back.clone()
            by_text.apply(m.text)
            state.apply(m)
            assert by_text.state_hash() == state.state_hash()
            state.undo()
        state.apply(moves[rng.randrange(len(moves))])


@pytest.mark.parametrize(
    "file",
    [
        "rbg/chess.rbg",
        "rbg/breakthrough.rbg",
        "sbg/breakthrough.sbg",
        "rbg/reversi.rbg",
    ],
)
def test_round_trips(file: str) -> None:
    walk(rbgtool.load(str(CORPUS / file)), seed=11, plies=30)


def test_round_trips_gdl(tmp_path: Path) -> None:
    kif = tmp_path / "ticTacToe.kif"
    kif.write_text(
        cli_text("convert", str(CORPUS / "rbg/ticTacToe.rbg"), "--to", "gdl")
    )
    walk(rbgtool.load(str(kif)), seed=2, plies=9, ordered=False)


def test_bad_position_raises_with_diagnostic() -> None:
    game = rbgtool.load(str(CORPUS / "sbg/breakthrough.sbg"))
    with pytest.raises(rbgtool.GameError) as err:
        game.state_from_text("this is not a position")
    assert err.value.diagnostics[0]["labels"]


def test_set_position_forgets_history() -> None:
    game = rbgtool.load(str(CORPUS / "rbg/chess.rbg"))
    state = game.initial_state()
    state.apply(state.legal_moves()[0])
    text = state.to_text()
    fresh = game.initial_state()
    fresh.set_position(text)
    assert fresh.state_hash() == state.state_hash() and fresh.ply == 0
    with pytest.raises(IndexError):
        fresh.undo()
