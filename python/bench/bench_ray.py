"""Evolver wall time with fitness evaluations on a local Ray instance of 1 vs 2 CPUs
(run from the repository root): python python/bench/bench_ray.py [population] [generations]"""

from __future__ import annotations

import sys
import tempfile
import time

import ray

import rbgtool.ray


def timed(cpus: int, population: int, generations: int) -> float:
    ray.init(
        num_cpus=cpus, include_dashboard=False, address="local", log_to_driver=False
    )
    try:
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            rbgtool.ray.evolve(
                out,
                width=6,
                height=6,
                population=population,
                generations=generations,
                seed=1,
            )
            return time.perf_counter() - start
    finally:
        ray.shutdown()


def main() -> None:
    population = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    generations = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    one = timed(1, population, generations)
    two = timed(2, population, generations)
    print(
        f"population {population}, {generations} generations: 1 CPU {one:.1f} s, 2 CPUs {two:.1f} s, speed-up {one / two:.2f}x"
    )


if __name__ == "__main__":
    main()
