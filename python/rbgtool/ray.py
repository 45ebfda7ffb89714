"""Ray: the evolver's fitness evaluations as Ray tasks.

The algorithm stays in Rust (``rbgtool._rbgtool.evolve``); each batch of fitness jobs comes
here and goes out as one Ray task per genome (``evaluate_genome``, a pure function of the
genome, its seed and the options). Results are the same as a single-process run with the same
seed (the test compares the output folders). Start Ray yourself (``ray.init(...)``) or pass
``ray_address``: ``"auto"`` joins the cluster started with ``ray start`` on this machine, an
address ``HOST:6379`` a cluster's head node (docs/python.md).

>>> import rbgtool.ray
>>> rbgtool.ray.evolve("runs/r1", width=6, height=6, population=50, generations=20, seed=1)
"""

from __future__ import annotations

import json
from typing import Any, Optional

import ray

from rbgtool import _rbgtool


@ray.remote
def _evaluate(genome: str, seed: int, options: str) -> str:
    return _rbgtool.evaluate_genome(genome, seed, options)


def evaluate_on_ray(genomes: list[str], seeds: list[int], options: str) -> list[str]:
    """One Ray task per fitness job; results in job order."""
    shared = ray.put(options)
    return list(
        ray.get([_evaluate.remote(g, s, shared) for g, s in zip(genomes, seeds)])
    )


def evolve_options(**overrides: Any) -> str:
    """The evolver's default options (those of ``rbgtool evolve``) with ``overrides``
    (``width``, ``height``, ``population``, ``generations``, ``seed``, ``turn_limit``, ...)."""
    options = json.loads(_rbgtool.evolve_default_options())
    for key, value in overrides.items():
        if key not in options:
            raise ValueError(
                f"unknown evolver option {key!r}; known: {sorted(options)}"
            )
        options[key] = value
    return json.dumps(options)


def evolve(
    out: str, *, ray_address: Optional[str] = None, resume: bool = False, **options: Any
) -> list[dict[str, Any]]:
    """Runs the evolver into the folder ``out`` (the files of ``rbgtool evolve``) with the
    fitness evaluations on Ray; returns the generation summaries."""
    if not ray.is_initialized():
        ray.init(address=ray_address)
    summaries = _rbgtool.evolve(
        evolve_options(**options), str(out), resume, evaluate_on_ray
    )
    result: list[dict[str, Any]] = json.loads(summaries)
    return result
