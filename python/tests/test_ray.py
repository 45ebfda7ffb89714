"""The evolver with its fitness evaluations on a local Ray instance (2 CPUs, started here)
writes the same run as the single-process `rbgtool evolve` with the same seed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

ray = pytest.importorskip("ray", reason="ray is a test dependency (.ci/python)")

import rbgtool  # noqa: E402
import rbgtool.ray  # noqa: E402
from conftest import (  # noqa: E402
    CORPUS,
    OPTIONS,
    blank_seconds_column,
    cli_text,
    folder,
    without_timings,
)


@pytest.fixture(scope="module")
def local_ray() -> Any:
    # A local instance only: never connect to another address.
    ray.init(num_cpus=2, include_dashboard=False, address="local", log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_evolve_equals_single_process(local_ray: Any, tmp_path: Path) -> None:
    args = [f"--{k.replace('_', '-')}={v}" for k, v in OPTIONS.items()]
    cli_text("evolve", *args, "-o", str(tmp_path / "cli"), "--quiet")
    summaries = rbgtool.ray.evolve(str(tmp_path / "ray"), **OPTIONS)
    assert [s["generation"] for s in summaries] == [0, 1, 2]
    cli, distributed = folder(tmp_path / "cli"), folder(tmp_path / "ray")
    assert sorted(cli) == sorted(distributed) and len(cli) > 3
    assert cli == distributed
    # Byte-identical apart from the seconds: the game files are equal as bytes.
    for name in cli:
        if name.endswith(".sbg"):
            assert (tmp_path / "cli" / name).read_bytes() == (
                tmp_path / "ray" / name
            ).read_bytes()


def test_ray_tournament_equals_single_process(local_ray: Any) -> None:
    game = rbgtool.load(str(CORPUS / "sbg/breakthrough.sbg"))
    agents = ["random", "alphabeta:1", "mcts:20"]
    here = rbgtool.tournament(game, agents, 2, seed=4, max_length=300)
    there = rbgtool.tournament(game, agents, 2, seed=4, max_length=300, ray=True)
    assert len(here["results"]) == 6
    assert without_timings(here) == without_timings(there)


def test_ray_generations_equal_one_run(local_ray: Any, tmp_path: Path) -> None:
    """Generations alternately on Ray and on Rust threads write the single-process run."""
    args = [f"--{k.replace('_', '-')}={v}" for k, v in OPTIONS.items()]
    cli_text("evolve", *args, "-o", str(tmp_path / "cli"), "--quiet")
    for g in range(OPTIONS["generations"] + 1):
        s = rbgtool.evolve_generation(
            str(tmp_path / "mixed"), ray=g % 2 == 0, **OPTIONS
        )
        assert s["generation"] == g
    assert folder(tmp_path / "cli") == folder(tmp_path / "mixed")


def test_unknown_option_is_refused() -> None:
    with pytest.raises(ValueError):
        rbgtool.ray.evolve_options(colour="blue")


def test_only_the_seconds_column_is_blanked() -> None:
    head = "<table><tr><th>gen</th><th>seconds</th><th>best</th></tr>\n"
    a = head + "<tr><td>0</td><td>0.2</td><td>0.5</td></tr>\n</table>"
    b = head + "<tr><td>0</td><td>0.7</td><td>0.5</td></tr>\n</table>"
    c = head + "<tr><td>0</td><td>0.2</td><td>0.6</td></tr>\n</table>"
    assert blank_seconds_column(a) == blank_seconds_column(b)
    assert blank_seconds_column(a) != blank_seconds_column(c)
    with pytest.raises(AssertionError):
        blank_seconds_column("<table><tr><th>gen</th></tr></table>")
