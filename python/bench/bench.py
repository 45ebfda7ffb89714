"""Side-by-side timings for docs/python.md, in one run (from the repository root, after
`pip install ./python "ray[default]" open_spiel` and `cargo build --release -p rbgtool`):

    python python/bench/bench.py            # all; --quick for a short smoke run

1. `Game.playouts` vs `rbgtool bench --playouts N` (same game, seed and playouts; alternating,
   three rounds, medians), both pinned to CPU 1.
2. A Python loop of legal_moves()/apply(): microseconds per ply (pinned to CPU 1).
3. Random playouts of breakthrough driven from Python: rbgtool (RBG, SBG, the OpenSpiel
   adapter) vs OpenSpiel's built-in C++ breakthrough (pinned to CPU 1).
4. One evolver generation: fitness evaluations on a local Ray of 1 CPU vs 2 CPUs (one thread
   per task), and on Rust threads without Ray. Uses both CPUs.

The load average is printed first and last: the machine may be shared.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Callable

import rbgtool

CLI = "target/release/rbgtool"
QUICK = "--quick" in sys.argv
PLAYOUTS = [
    ("corpus/rbg/breakthrough.rbg", 2000),
    ("corpus/sbg/breakthrough.sbg", 4000),
    ("corpus/rbg/chess.rbg", 200),
]
PLIES = 20_000 if QUICK else 200_000
EVOLVE = dict(width=6, height=6, population=8 if QUICK else 16, seed=1, generations=9)


def load_average() -> str:
    return "load average %.2f %.2f %.2f" % os.getloadavg()


def cli_rate(path: str, n: int) -> float:
    out = subprocess.run(
        [CLI, "bench", path, "--playouts", str(n), "--seed", "1", "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    rate: float = json.loads(out)["playouts_per_second"]
    return rate


def playouts() -> None:
    print("1. playouts/s, Game.playouts vs rbgtool bench (seed 1; medians of 3 rounds)")
    for path, n in PLAYOUTS:
        n = n // 10 if QUICK else n
        game = rbgtool.load(path)
        ours, wall, cli = [], [], []
        for _ in range(3):
            cli.append(cli_rate(path, n))
            start = time.perf_counter()
            ours.append(game.playouts(n, seed=1)["playouts_per_second"])
            wall.append(n / (time.perf_counter() - start))
        o, w, c = (statistics.median(x) for x in (ours, wall, cli))
        print(
            f"   {path} ({n}): Game.playouts {o:.0f}/s (call's wall clock {w:.0f}/s), "
            f"rbgtool bench {c:.0f}/s, ratio {o / c:.2f} ({w / c:.2f} by wall clock)"
        )


def python_loop(
    new_state: Callable[[], Any], legal: str, apply: str, plies: int
) -> tuple[float, float]:
    """Random playouts until `plies` plies; returns (microseconds per ply, playouts/s)."""
    rng = random.Random(1)
    done = games = 0
    start = time.perf_counter()
    while done < plies:
        state = new_state()
        get, put = getattr(state, legal), getattr(state, apply)
        while True:
            moves = get()
            if not moves:
                break
            put(moves[rng.randrange(len(moves))])
            done += 1
        games += 1
    seconds = time.perf_counter() - start
    return seconds / done * 1e6, games / seconds


def python_loops() -> None:
    print(f"2./3. random playouts driven from Python ({PLIES} plies each)")
    for path in ("corpus/rbg/breakthrough.rbg", "corpus/sbg/breakthrough.sbg"):
        game = rbgtool.load(path)
        us, _ = python_loop(game.initial_state, "legal_moves", "apply", PLIES)
        ids_us, ids_rate = python_loop(game.initial_state, "legal_ids", "apply", PLIES)
        print(
            f"   rbgtool {path}: legal_moves()/apply(move) {us:.2f} us/ply; "
            f"legal_ids()/apply(id) {ids_us:.2f} us/ply, {ids_rate:.0f} playouts/s"
        )
    try:
        import pyspiel

        from rbgtool import openspiel as rbg_openspiel
    except ImportError:
        print("   (open_spiel is not installed: no OpenSpiel comparison)")
        return
    native = pyspiel.load_game("breakthrough")
    us, rate = python_loop(
        native.new_initial_state, "legal_actions", "apply_action", PLIES
    )
    print(
        f"   OpenSpiel built-in C++ breakthrough: legal_actions()/apply_action() "
        f"{us:.2f} us/ply, {rate:.0f} playouts/s"
    )
    adapted = rbg_openspiel.game("corpus/sbg/breakthrough.sbg")
    us, rate = python_loop(
        adapted.new_initial_state, "legal_actions", "apply_action", PLIES // 4
    )
    print(
        f"   rbgtool SBG breakthrough through the OpenSpiel adapter: "
        f"{us:.2f} us/ply, {rate:.0f} playouts/s"
    )


def generation_seconds(start: str, ray: Any) -> float:
    """Seconds of generation 1 of the run whose generation 0 is in `start`."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "run")
        shutil.copytree(start, out)
        began = time.perf_counter()
        rbgtool.evolve_generation(out, ray=ray, **EVOLVE)
        return time.perf_counter() - began


def evolver() -> None:
    import ray

    os.sched_setaffinity(0, range(os.cpu_count() or 1))
    print(f"4. one evolver generation ({EVOLVE})")
    with tempfile.TemporaryDirectory() as tmp:
        start = os.path.join(tmp, "gen0")
        rbgtool.evolve_generation(start, **EVOLVE)
        threads = generation_seconds(start, None)
        seconds = {}
        for cpus in (1, 2):
            ray.init(
                num_cpus=cpus,
                include_dashboard=False,
                address="local",
                log_to_driver=False,
            )
            try:
                # Workers started and the package imported before the clock runs.
                warm = ray.remote(num_cpus=1)(lambda: rbgtool.__name__)
                ray.get([warm.remote() for _ in range(cpus)])
                seconds[cpus] = generation_seconds(start, True)
            finally:
                ray.shutdown()
    print(
        f"   Ray 1 CPU {seconds[1]:.1f} s, Ray 2 CPUs {seconds[2]:.1f} s "
        f"(speed-up {seconds[1] / seconds[2]:.2f}x); Rust threads, no Ray: {threads:.1f} s"
    )


def main() -> None:
    print(load_average())
    os.sched_setaffinity(0, {1})
    playouts()
    python_loops()
    evolver()
    print(load_average())


if __name__ == "__main__":
    main()
