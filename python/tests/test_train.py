"""The self-play trainer, reduced to a few iterations: shapes, falling loss, checkpoints,
resuming, the curve."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import rbgtool
from conftest import CORPUS
from rbgtool.observation import Planes
from rbgtool.train import Network, Search, evaluate, fit, main, self_play

TIC_TAC_TOE = str(CORPUS / "rbg/ticTacToe.rbg")


def test_self_play_records_fit_the_network_and_its_loss_falls() -> None:
    game = rbgtool.load(TIC_TAC_TOE)
    planes = Planes(game)
    actions = game.num_distinct_actions
    assert actions == 18
    net = Network(planes.size, actions, hidden=32, seed=1)
    rng = np.random.default_rng(1)
    data = []
    for _ in range(4):
        data.extend(self_play(game, Search(net, planes), 10, rng))
    obs, pi, z = data[0]
    assert obs.shape == (planes.size,) and pi.shape == (18,)
    assert abs(pi.sum() - 1) < 1e-9 and -1 <= z <= 1
    first = fit(net, data, epochs=1, batch=16, lr=1e-2, rng=rng)
    last = fit(net, data, epochs=30, batch=16, lr=1e-2, rng=rng)
    assert sum(last) < sum(first)


def test_training_saves_resumes_and_plots(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = [TIC_TAC_TOE, "--out", str(out), "--games", "2", "--simulations", "8"]
    assert main([*args, "--iterations", "1", "-q"]) == 0
    assert main([*args, "--iterations", "2", "--resume", "-q"]) == 0
    progress = json.loads((out / "progress.json").read_text())
    assert progress["iteration"] == 2 and len(progress["policy_loss"]) == 2
    assert (out / "curve.png").read_bytes().startswith(b"\x89PNG")
    with np.load(out / "checkpoint.npz") as data:
        assert data["p_wp"].shape[1] == 18


def test_gdl_games_are_refused_with_a_message(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main([str(CORPUS / "gdl/pennies.kif"), "--out", "/nonexistent/x", "-q"]) == 1
    assert "GDL" in capsys.readouterr().err


def test_evaluation_plays_both_seats_against_plain_mcts() -> None:
    game = rbgtool.load(TIC_TAC_TOE)
    net = Network(Planes(game).size, 18, hidden=16, seed=2)
    tally = evaluate(game, net, games=2, simulations=4, opponent=8, seed=2)
    assert sum(tally.values()) == 2


def test_the_benchmark_breakthrough_is_six_by_six() -> None:
    game = rbgtool.load(str(CORPUS / "sbg/benchmarks/breakthrough6.sbg"))
    assert game.board_size == (6, 6)
    # Six front pawns: a straight step each and ten diagonal ones; no contact yet at ply 2.
    assert game.perft(1) == 16 and game.perft(2) == 256


def test_a_time_budget_stops_before_the_next_iteration(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = [TIC_TAC_TOE, "--out", str(out), "--games", "1", "--simulations", "4", "-q"]
    assert main([*args, "--iterations", "1"]) == 0
    assert main([*args, "--iterations", "9", "--resume", "--minutes", "0"]) == 0
    assert json.loads((out / "progress.json").read_text())["iteration"] == 1
