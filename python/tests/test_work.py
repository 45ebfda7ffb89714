"""Whole-work calls equal the CLI: tournaments (`rbgtool play`), recording and learning
(`rbgtool record`, `rbgtool learn`), the evolver generation by generation (`rbgtool evolve`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import rbgtool
from conftest import CORPUS, OPTIONS, cli_json_lines, cli_text, folder

GAME_KEYS = ("game", "seats", "scores", "length", "finished", "winner")


def cli_match(path: Path, white: str, black: str, games: int, seed: int) -> Any:
    (report,) = cli_json_lines(
        "play", str(path), "--white", white, "--black", black, "--games", str(games),
        "--alternate", "--seed", str(seed), "--max-length", "300",
    )  # fmt: skip
    return report


@pytest.mark.parametrize(
    "file,agents",
    [
        ("sbg/breakthrough.sbg", ["mcts:30", "alphabeta:1"]),
        ("rbg/ticTacToe.rbg", ["alphabeta:2", "random"]),
    ],
)
def test_a_pair_plays_the_cli_match(file: str, agents: list[str]) -> None:
    path = CORPUS / file
    t = rbgtool.tournament(str(path), agents, 4, seed=5, max_length=300)
    cli = cli_match(path, agents[0], agents[1], 4, 5)
    assert [{k: r[k] for k in GAME_KEYS} for r in t["results"]] == cli["results"]
    assert t["players"] == cli["players"]
    for a in range(2):
        tally = {k: t["standings"][a][k] for k in ("wins", "draws", "losses")}
        assert tally == cli["per_agent"][a]


def test_round_robin_pairs_and_standings() -> None:
    agents = ["random", "alphabeta:1", "mcts:20"]
    path = CORPUS / "sbg/breakthrough.sbg"
    t = rbgtool.tournament(str(path), agents, 2, seed=7, max_length=300)
    assert [p["agents"] for p in t["pairs"]] == [[0, 1], [0, 2], [1, 2]]
    assert [p["seed"] for p in t["pairs"]] == [7, 8, 9]
    assert len(t["results"]) == 6
    assert all(s["games"] == 4 for s in t["standings"])
    assert sum(s["wins"] for s in t["standings"]) == sum(
        sum(p["wins"]) for p in t["pairs"]
    )
    # The last pair is `rbgtool play --white alphabeta:1 --black mcts:20 --seed 9`.
    cli = cli_match(path, "alphabeta:1", "mcts:20", 2, 9)
    last = [r for r in t["results"] if r["pair"] == 2]
    assert [r["scores"] for r in last] == [r["scores"] for r in cli["results"]]
    assert [r["seats"] for r in last] == [[1, 2], [2, 1]]


def test_tournament_refuses_bad_arguments() -> None:
    game = rbgtool.load(str(CORPUS / "rbg/ticTacToe.rbg"))
    with pytest.raises(ValueError):
        rbgtool.tournament(game, ["random"], 2)
    with pytest.raises(ValueError):
        rbgtool.tournament(game, ["random", "human"], 2)
    with pytest.raises(ValueError):
        rbgtool.tournament(game, ["random", "mcts"], 0)


def test_record_and_learn_equal_the_cli(tmp_path: Path) -> None:
    path = CORPUS / "sbg/breakthrough.sbg"
    logs = rbgtool.record(str(path), 10, seed=3)
    assert logs == cli_text("record", str(path), "--games", "10", "--seed", "3")
    (tmp_path / "logs.txt").write_text(logs)
    out = tmp_path / "learned.sbg"
    (cli,) = cli_json_lines(
        "learn", str(tmp_path / "logs.txt"), "-o", str(out), "--seconds", "20"
    )
    text, report = rbgtool.learn(logs, seconds=20)
    assert text == out.read_text()
    for key in ("games", "records", "notes"):
        assert report[key] == cli[key]
    strip = ("seconds",)
    assert [
        {k: v for k, v in p.items() if k not in strip} for p in report["pieces"]
    ] == [{k: v for k, v in p.items() if k not in strip} for p in cli["pieces"]]
    learned = rbgtool.load(text, lang="sbg")
    assert learned.perft(2) == rbgtool.load(str(path)).perft(2)


def test_learn_reports_a_bad_log() -> None:
    with pytest.raises(rbgtool.GameError) as e:
        rbgtool.learn("not a log")
    assert e.value.diagnostics
    with pytest.raises(ValueError):
        rbgtool.record(str(CORPUS / "rbg/ticTacToe.rbg"), 2)


def test_evolver_generations_one_at_a_time_equal_one_run(tmp_path: Path) -> None:
    args = [f"--{k.replace('_', '-')}={v}" for k, v in OPTIONS.items()]
    cli_text("evolve", *args, "-o", str(tmp_path / "cli"), "--quiet")
    steps = [
        rbgtool.evolve_generation(str(tmp_path / "steps"), **OPTIONS)
        for _ in range(OPTIONS["generations"] + 1)
    ]
    assert [s["generation"] for s in steps] == list(range(OPTIONS["generations"] + 1))
    assert folder(tmp_path / "cli") == folder(tmp_path / "steps")
    with pytest.raises(rbgtool.GameError):
        rbgtool.evolve_generation(str(tmp_path / "steps"), **OPTIONS)
    summaries = json.loads((tmp_path / "steps" / "gen-002.json").read_text())
    assert summaries["summary"]["generation"] == 2


def test_command_line_tournament_equals_the_call() -> None:
    import subprocess
    import sys

    path = str(CORPUS / "rbg/ticTacToe.rbg")
    out = subprocess.run(
        [sys.executable, "-m", "rbgtool", "tournament", path, "--agents",
         "random,alphabeta:1", "--games", "2", "--seed", "3", "--json"],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    call = rbgtool.tournament(path, ["random", "alphabeta:1"], 2, seed=3)
    strip = lambda rs: [{k: v for k, v in r.items() if k != "seconds"} for r in rs]  # noqa: E731
    assert strip(json.loads(out)["results"]) == strip(call["results"])


def test_a_faulty_play_batch_is_an_error_not_a_crash() -> None:
    from rbgtool import _rbgtool

    game = rbgtool.load(str(CORPUS / "rbg/ticTacToe.rbg"))

    def bad_winner(jobs: list[str]) -> list[str]:
        outs = [json.loads(_rbgtool.tournament_game(game, j)) for j in jobs]
        return [json.dumps({**o, "winner": 7}) for o in outs]

    with pytest.raises(rbgtool.GameError):
        _rbgtool.tournament(game, ["random", "random"], 2, 1, 100, bad_winner)
    with pytest.raises(rbgtool.GameError):
        _rbgtool.tournament(game, ["random", "random"], 2, 1, 100, lambda jobs: [])
