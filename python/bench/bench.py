"""Side-by-side timings for docs/python.md (run from the repository root, after
`pip install ./python` and `cargo build --release -p rbgtool`):

    taskset -c 1 python python/bench/bench.py

1. Game.playouts vs `rbgtool bench --playouts N` (same games, seed, playouts).
2. A Python loop of legal_moves()/apply(): microseconds per ply.
3. Random playouts of breakthrough from Python: rbgtool (State.legal_ids/apply by id, and the
   OpenSpiel adapter) vs OpenSpiel's built-in C++ breakthrough (legal_actions/apply_action).
"""

from __future__ import annotations

import json
import random
import subprocess
import time
from typing import Any, Callable

import rbgtool

CLI = "target/release/rbgtool"
GAMES = [
    ("corpus/rbg/breakthrough.rbg", 2000),
    ("corpus/sbg/breakthrough.sbg", 2000),
    ("corpus/rbg/chess.rbg", 200),
]


def cli_bench(path: str, n: int) -> dict[str, Any]:
    out = subprocess.run(
        [CLI, "bench", path, "--playouts", str(n), "--seed", "1", "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def python_loop(
    state_factory: Callable[[], Any], legal: str, apply: str, plies: int
) -> float:
    """Random playouts until `plies` plies; returns microseconds per ply."""
    rng = random.Random(1)
    done = 0
    start = time.perf_counter()
    while done < plies:
        state = state_factory()
        get, put = getattr(state, legal), getattr(state, apply)
        while True:
            moves = get()
            if not moves:
                break
            put(moves[rng.randrange(len(moves))])
            done += 1
    return (time.perf_counter() - start) / done * 1e6


def main() -> None:
    print("1. playouts/s: Game.playouts vs rbgtool bench (same playouts, seed 1)")
    for path, n in GAMES:
        cli = cli_bench(path, n)
        ours = rbgtool.load(path).playouts(n, seed=1)
        print(
            f"   {path}: python {ours['playouts_per_second']:.0f}/s, "
            f"cli {cli['playouts_per_second']:.0f}/s, ratio {ours['playouts_per_second'] / cli['playouts_per_second']:.2f}"
        )
    print("2./3. us per ply of a Python random-playout loop (200k plies)")
    for path in ("corpus/rbg/breakthrough.rbg", "corpus/sbg/breakthrough.sbg"):
        game = rbgtool.load(path)
        moves_loop = python_loop(game.initial_state, "legal_moves", "apply", 200_000)
        ids_loop = python_loop(game.initial_state, "legal_ids", "apply", 200_000)
        print(
            f"   rbgtool {path}: legal_moves/apply {moves_loop:.2f} us, legal_ids/apply(id) {ids_loop:.2f} us"
        )
    try:
        import pyspiel

        from rbgtool import openspiel as rbg_openspiel
    except ImportError:
        print("   (open_spiel not installed: no OpenSpiel comparison)")
        return
    native = pyspiel.load_game("breakthrough")
    print(
        f"   OpenSpiel built-in breakthrough: legal_actions/apply_action {python_loop(native.new_initial_state, 'legal_actions', 'apply_action', 200_000):.2f} us"
    )
    adapted = rbg_openspiel.game("corpus/sbg/breakthrough.sbg")
    print(
        f"   rbgtool SBG breakthrough via the OpenSpiel adapter: {python_loop(adapted.new_initial_state, 'legal_actions', 'apply_action', 50_000):.2f} us"
    )


if __name__ == "__main__":
    main()
