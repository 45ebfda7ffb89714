"""engine="compiled": the compiled library behind the same API as the interpreter."""

from __future__ import annotations

import copy
import random

import pytest

import rbgtool
from conftest import CORPUS


@pytest.fixture(scope="module")
def chess() -> tuple[rbgtool.Game, rbgtool.Game]:
    path = str(CORPUS / "rbg/chess.rbg")
    return rbgtool.load(path), rbgtool.load(path, engine="compiled")


def test_compiled_game_says_so(chess: tuple[rbgtool.Game, rbgtool.Game]) -> None:
    interpreted, compiled = chess
    assert interpreted.engine == "interpreted"
    assert compiled.engine == "compiled"


def test_perft_equals_the_interpreter(chess: tuple[rbgtool.Game, rbgtool.Game]) -> None:
    interpreted, compiled = chess
    assert compiled.perft(3) == interpreted.perft(3) == 8902


def test_same_moves_texts_and_positions(
    chess: tuple[rbgtool.Game, rbgtool.Game],
) -> None:
    interpreted, compiled = chess
    a, b = interpreted.initial_state(), compiled.initial_state()
    rng = random.Random(3)
    for _ in range(40):
        moves_a = {(m.id, m.text) for m in a.legal_moves()}
        moves_b = {(m.id, m.text) for m in b.legal_moves()}
        assert moves_a == moves_b
        if not moves_a:
            break
        _, text = rng.choice(sorted(moves_a))
        a.apply(text)
        b.apply(text)
        assert a.to_text() == b.to_text()
        assert a.scores() == b.scores()


def test_copies_and_undo(chess: tuple[rbgtool.Game, rbgtool.Game]) -> None:
    _, compiled = chess
    s = compiled.initial_state()
    s.apply("e2 e4")
    s.apply("e7 e5")
    c = copy.copy(s)
    assert c.to_text() == s.to_text()
    c.undo()
    c.undo()
    assert c.to_text() == compiled.initial_state().to_text()
    assert s.to_text() != c.to_text()


def test_playouts_run_in_the_library(chess: tuple[rbgtool.Game, rbgtool.Game]) -> None:
    _, compiled = chess
    report = compiled.playouts(5, seed=1)
    assert report["playouts"] + report["unfinished"] == 5


def test_engine_names_are_checked() -> None:
    with pytest.raises(ValueError, match="engine must be"):
        rbgtool.load(str(CORPUS / "rbg/chess.rbg"), engine="jit")
    with pytest.raises(ValueError, match="RBG games only"):
        rbgtool.load(str(CORPUS / "sbg/gardner.sbg"), engine="compiled")


def test_adapters_take_the_engine() -> None:
    pytest.importorskip(
        "pettingzoo", reason="pettingzoo is a test dependency (.ci/python)"
    )
    import rbgtool.pettingzoo

    env = rbgtool.pettingzoo.env(
        str(CORPUS / "rbg/breakthrough.rbg"), engine="compiled"
    )
    assert env.unwrapped.game.engine == "compiled"
    env.reset(seed=1)
    obs, _, _, _, _ = env.last()
    before = env.unwrapped.state.to_text()
    env.step(int(obs["action_mask"].nonzero()[0][0]))
    assert env.unwrapped.state.to_text() != before
