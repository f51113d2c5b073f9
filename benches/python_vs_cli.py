"""The Python package beside the command line on the same counts, in one run,
as ratios: a count from Python should take what the command line takes.

Usage (from the repository's root, with the package installed in the running
Python and `cargo build --release` done):
    python benches/python_vs_cli.py [RUNS]

Each case runs RUNS times (default 5), alternating the two; the table gives
the median wall time of each (the command line's with its process start-up,
Python's of the call alone) and python/cli. Both must give the same count.
"""
import json
import statistics
import subprocess
import sys
import time

import puzzlesat

CLI = "target/release/puzzlesat"
CASES = [
    ("bedlam count(unique=True)", "models/packing/bedlam.toml", {"unique": True}, ["--unique"]),
    ("SolidSixPieceBurrs count(disassemble=True)",
     "tests/fixtures/burrtools/saved/SolidSixPieceBurrs.xmpuzzle",
     {"disassemble": True}, ["--disassemble"]),
]


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print("| case | cli | python | python/cli |")
    print("|---|---|---|---|")
    for name, path, kwargs, flags in CASES:
        cli_times, py_times = [], []
        for _ in range(runs):
            started = time.perf_counter()
            out = subprocess.run([CLI, "count", *flags, "--quiet", "--format", "json", path],
                                 check=True, capture_output=True, text=True).stdout
            cli_times.append(time.perf_counter() - started)
            started = time.perf_counter()
            counted = puzzlesat.load(path).count(**kwargs)
            py_times.append(time.perf_counter() - started)
            expected = json.loads(out)
            got = counted.to_dict()
            for d in (expected, got):
                d.pop("seconds")
            if got != expected:
                sys.exit(f"{name}: the two differ:\n{expected}\n{got}")
        a, b = statistics.median(cli_times), statistics.median(py_times)
        print(f"| {name} | {a:.3f} s | {b:.3f} s | {b / a:.2f} |")


if __name__ == "__main__":
    main()
