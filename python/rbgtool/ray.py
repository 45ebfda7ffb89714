"""Ray: the evolver's fitness evaluations and a tournament's games as Ray tasks.

The algorithms stay in Rust; each batch of jobs comes here and goes out as one Ray task per
job (``_rbgtool.evaluate_genome`` for a genome, ``_rbgtool.tournament_game`` for a game), pure
functions of the job, so the results equal the single-process run with the same seed (the
tests compare them). Start Ray yourself (``ray.init(...)``) or pass an address: ``"auto"``
joins the cluster started with ``ray start`` on this machine, ``HOST:6379`` a cluster's head
node (docs/python.md).

>>> import rbgtool.ray
>>> rbgtool.ray.evolve("runs/r1", width=6, height=6, population=50, generations=20, seed=1)
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Optional

import ray

from rbgtool import _rbgtool, evolver
from rbgtool._rbgtool import Game
from rbgtool.evolver import evolve_options

__all__ = [
    "connect",
    "evaluate_on_ray",
    "evolve",
    "evolve_generation",
    "evolve_options",
    "tournament_on_ray",
]


def connect(address: Optional[str] = None) -> None:
    """Joins Ray at ``address`` unless this process already did (``None``: a new local
    instance, or the one ``RAY_ADDRESS`` names)."""
    if not ray.is_initialized():
        ray.init(address=address)


@ray.remote(num_cpus=1)
def _evaluate(genome: str, seed: int, options: str) -> str:
    # One CPU per task: the evaluation's games run on one thread, so Ray's tasks do not
    # compete for cores (the result does not depend on the thread count).
    return _rbgtool.evaluate_genome(genome, seed, options, threads=1)


def evaluate_on_ray(genomes: list[str], seeds: list[int], options: str) -> list[str]:
    """One Ray task per fitness job; results in job order."""
    shared = ray.put(options)
    return list(
        ray.get([_evaluate.remote(g, s, shared) for g, s in zip(genomes, seeds)])
    )


@functools.lru_cache(maxsize=8)
def _game(text: str, lang: str) -> Game:
    """A worker loads each game once."""
    return _rbgtool.load(text, lang)


@ray.remote(num_cpus=1)
def _play(text: str, lang: str, job: str) -> str:
    return _rbgtool.tournament_game(_game(text, lang), job)


def tournament_on_ray(game: Game) -> Callable[[list[str]], list[str]]:
    """The ``play_batch`` of ``_rbgtool.tournament``: one Ray task per game."""

    def play_batch(jobs: list[str]) -> list[str]:
        text, lang = ray.put(game.text), game.lang
        return list(ray.get([_play.remote(text, lang, j) for j in jobs]))

    return play_batch


def evolve(
    out: str, *, ray_address: Optional[str] = None, resume: bool = False, **options: Any
) -> list[dict[str, Any]]:
    """Runs the evolver into the folder ``out`` (the files of ``rbgtool evolve``) with the
    fitness evaluations on Ray; returns the generation summaries."""
    connect(ray_address)
    return evolver.run(out, evolve_options(**options), resume, evaluate_on_ray)


def evolve_generation(
    out: str, *, ray_address: Optional[str] = None, **options: Any
) -> dict[str, Any]:
    """The next generation of the run in ``out`` with the fitness evaluations on Ray."""
    connect(ray_address)
    return evolver.generation(out, evolve_options(**options), evaluate_on_ray)
