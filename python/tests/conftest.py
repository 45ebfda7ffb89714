"""Shared paths: the repository root and the CLI built by `cargo build --release -p rbgtool`
(or named by $RBGTOOL_BIN), whose results the Python API must equal."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"


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
