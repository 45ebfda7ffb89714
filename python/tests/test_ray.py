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


CELL = re.compile(r"<t([dh])>(.*?)</t\1>", re.S)


def blank_seconds_column(html: str) -> str:
    """The report with the cells under a `seconds` header (wall-clock time) blanked; every
    other cell stays. Fails when the report has no such column, so a changed report layout
    cannot make the comparison skip a differing column."""
    found = 0

    def table(m: re.Match[str]) -> str:
        nonlocal found
        rows = m.group(0).split("</tr>")
        header = [c.group(2) for c in CELL.finditer(rows[0])]
        if "seconds" not in header:
            return m.group(0)
        found += 1
        column = header.index("seconds")

        def blank(row: str) -> str:
            cells = list(CELL.finditer(row))
            if len(cells) <= column:
                return row
            c = cells[column]
            return row[: c.start(2)] + "S" + row[c.end(2) :]

        return "</tr>".join(blank(r) for r in rows)

    out = re.sub(r"<table>.*?</table>", table, html, flags=re.S)
    assert found > 0, "the report has no seconds column to blank"
    return out


def folder(path: Path) -> dict[str, Any]:
    """Every file of a run; JSON without seconds, the report with its seconds column blank."""
    out: dict[str, Any] = {}
    for f in sorted(path.iterdir()):
        text = f.read_text()
        if f.suffix == ".json":
            out[f.name] = without_timings(json.loads(text))
        elif f.suffix == ".html":
            out[f.name] = blank_seconds_column(text)
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


def test_only_the_seconds_column_is_blanked() -> None:
    head = "<table><tr><th>gen</th><th>seconds</th><th>best</th></tr>\n"
    a = head + "<tr><td>0</td><td>0.2</td><td>0.5</td></tr>\n</table>"
    b = head + "<tr><td>0</td><td>0.7</td><td>0.5</td></tr>\n</table>"
    c = head + "<tr><td>0</td><td>0.2</td><td>0.6</td></tr>\n</table>"
    assert blank_seconds_column(a) == blank_seconds_column(b)
    assert blank_seconds_column(a) != blank_seconds_column(c)
    with pytest.raises(AssertionError):
        blank_seconds_column("<table><tr><th>gen</th></tr></table>")
