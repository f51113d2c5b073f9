"""Paths the tests share: the repository's bundled models and fixtures, and
the command line built beside the package (when it is) to compare with."""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "models"
FIXTURES = ROOT / "tests" / "fixtures" / "burrtools"
CLI = ROOT / "target" / "release" / "puzzlesat"


def model(family: str, name: str) -> str:
    """A bundled model's path."""
    return str(MODELS / family / name)


def cli_json(*args: str) -> dict:
    """What the command line prints as JSON for `args`; the test is skipped
    when the command line is not built."""
    if not os.access(CLI, os.X_OK):
        pytest.skip("the command line is not built (cargo build --release)")
    out = subprocess.run([str(CLI), *args, "--format", "json"], check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout)
