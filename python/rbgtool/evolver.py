"""The evolver's calls shared by :mod:`rbgtool.work` and :mod:`rbgtool.ray`: its options as
JSON, a run and one generation, each with an optional evaluator of fitness jobs (Ray's)."""

from __future__ import annotations

import json
from typing import Any, Callable, Optional

from rbgtool import _rbgtool

Evaluator = Optional[Callable[[list[str], list[int], str], list[str]]]


def evolve_options(**overrides: Any) -> str:
    """The evolver's default options (those of ``rbgtool evolve``) with ``overrides``
    (``width``, ``height``, ``population``, ``generations``, ``seed``, ``turn_limit``, ...),
    as JSON.

    >>> json.loads(evolve_options(width=5))["width"]
    5
    """
    options = json.loads(_rbgtool.evolve_default_options())
    for key, value in overrides.items():
        if key not in options:
            raise ValueError(
                f"unknown evolver option {key!r}; known: {sorted(options)}"
            )
        options[key] = value
    return json.dumps(options)


def run(
    out: str, options: str, resume: bool, evaluate: Evaluator
) -> list[dict[str, Any]]:
    """A whole run into the folder ``out``; the generation summaries."""
    result: list[dict[str, Any]] = json.loads(
        _rbgtool.evolve(options, str(out), resume, evaluate)
    )
    return result


def generation(out: str, options: str, evaluate: Evaluator) -> dict[str, Any]:
    """The next generation of the run in ``out``; its summary."""
    result: dict[str, Any] = json.loads(
        _rbgtool.evolve_generation(options, str(out), evaluate)
    )
    return result
