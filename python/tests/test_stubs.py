"""The type stubs say what the module has: every name, every signature
(checked by mypy's stubtest: the source's stubs against the installed
module)."""

import subprocess
import sys
from pathlib import Path

import pytest

# What stubtest reports of any compiled module that says nothing of its API:
# the classes' layout, the extension's own module, and no __all__.
BENIGN = ("disjoint base", "failed to find stubs", "__all__ is not present")


def test_the_stubs_match_the_module():
    pytest.importorskip("mypy")
    # From python/, where puzzlesat.pyi is found before the installed copy.
    out = subprocess.run([sys.executable, "-m", "mypy.stubtest", "puzzlesat"],
                         capture_output=True, text=True, cwd=Path(__file__).parents[1])
    errors = [line for line in out.stdout.splitlines()
              if line.startswith("error:") and not any(b in line for b in BENIGN)]
    assert not errors, out.stdout
