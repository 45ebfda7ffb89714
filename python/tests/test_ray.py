"""The evolver with its fitness evaluations on a local Ray instance (2 CPUs, started here)
writes the same run as the single-process `rbgtool evolve` with the same seed."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

ray = pytest.importorskip("ray", reason="ray is a test dependency (.ci/python)")

import rbgtool.ray  # noqa: E402
from conftest import cli_text  # noqa: E402

OPTIONS = {
    "width": 4,
    "height": 5,
    "population": 6,
    "generations": 2,
    "seed": 3,
    "turn_limit": 40,
}


def without_timings(value: Any) -> Any:
    """The run's JSON without wall-clock seconds (the only field that may differ)."""
    if isinstance(value, dict):
        return {k: without_timings(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [without_timings(v) for v in value]
    return value


def folder(path: Path) -> dict[str, Any]:
    """Every file of a run; JSON without seconds, the report without its seconds column."""
    out: dict[str, Any] = {}
    for f in sorted(path.iterdir()):
        text = f.read_text()
        if f.suffix == ".json":
            out[f.name] = without_timings(json.loads(text))
        elif f.suffix == ".html":
            out[f.name] = re.sub(r"<td>[0-9.]+</td></tr>", "</tr>", text)
        else:
            out[f.name] = text
    return out


@pytest.fixture(scope="module")
def local_ray() -> Any:
    # A local instance only: never connect to another address.
    ray.init(num_cpus=2, include_dashboard=False, address="local", log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_evolve_equals_single_process(local_ray: Any, tmp_path: Path) -> None:
    args = [f"--{k.replace('_', '-')}={v}" for k, v in OPTIONS.items()]
    cli_text("evolve", *args, "--out", str(tmp_path / "cli"), "--quiet")
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


def test_unknown_option_is_refused() -> None:
    with pytest.raises(ValueError):
        rbgtool.ray.evolve_options(colour="blue")
