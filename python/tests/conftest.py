"""Shared paths: the repository root and the CLI built by `cargo build --release -p rbgtool`
(or named by $RBGTOOL_BIN), whose results the Python API must equal."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"
SHARED_GDL = ROOT.parent / "shared" / "corpus-external" / "gdl"
SHARED_RBG = ROOT.parent / "shared" / "corpus-external" / "rbg" / "games"


def shared_gdl(name: str) -> Path:
    """A public GDL game from ../shared; skips the whole test, saying so, when it is absent."""
    path = SHARED_GDL / name
    if not path.exists():
        pytest.skip(f"{path} is absent (../shared holds the public games)")
    return path


def shared_rbg(name: str) -> Path:
    """A public RBG game from ../shared; skips the whole test, saying so, when it is absent."""
    path = SHARED_RBG / name
    if not path.exists():
        pytest.skip(f"{path} is absent (../shared holds the public games)")
    return path


def cli_path() -> Path:
    path = Path(os.environ.get("RBGTOOL_BIN", ROOT / "target" / "release" / "rbgtool"))
    if not path.exists():
        pytest.fail(
            f"{path} is missing: build it with `cargo build --release -p rbgtool`"
        )
    return path


def cli_json_lines(*args: str) -> list[dict[str, Any]]:
    """Runs the CLI with `--json` and parses one object per output line."""
    out = subprocess.run(
        [str(cli_path()), *args, "--json"], check=True, capture_output=True, text=True
    ).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def cli_text(*args: str) -> str:
    return subprocess.run(
        [str(cli_path()), *args], check=True, capture_output=True, text=True
    ).stdout


# A small evolver run (seconds) shared by the evolver tests.
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
