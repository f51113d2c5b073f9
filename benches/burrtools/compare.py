"""Side-by-side timings of `puzzlesat count --unique` (exact-cover engine) and
BurrTools' command-line solver burrTxt on the bundled packings, in one run, as
ratios: this machine is noisy, so only times taken together are compared.

Usage (from the repository root, after `cargo build --release`):
    bash ../shared/tools/burrtools/build.sh /tmp/bt        # builds /tmp/bt/burrTxt
    python3 benches/burrtools/compare.py /tmp/bt/burrTxt [RUNS] [MODEL ...]

A MODEL is a bundled packing's name (`soma`) or a BurrTools file (`X.xmpuzzle`),
which both programs then read as it is.

Each case runs RUNS times (default 3) alternating the programs; medians of wall
time, process start-up included for both. burrTxt runs on one thread; puzzlesat
on one thread and on every core.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PUZZLESAT = os.path.join(ROOT, "target", "release", "puzzlesat")
MODELS = ["megaron", "soma", "pentominoes-3x20", "pentominoes-6x10", "bedlam"]


def timed(cmd):
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - start, out


def main():
    burrtxt = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    models = sys.argv[3:] or MODELS
    print("| model | burrTxt assemblies | puzzlesat unique | burrTxt (1 thread) "
          "| puzzlesat 1 thread | puzzlesat 2 threads | burrTxt / puzzlesat 1 | burrTxt / puzzlesat 2 |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for name in models:
            if name.endswith(".xmpuzzle"):
                model = xm = name
                name = os.path.basename(name)
            else:
                model = os.path.join(ROOT, "models", "packing", name + ".toml")
                xm = os.path.join(tmp, name + ".xmpuzzle")
                subprocess.run([sys.executable, os.path.join(HERE, "to_xmpuzzle.py"), model, xm], check=True)
            times = {"bt": [], "p1": [], "p2": []}
            for _ in range(runs):
                t, out = timed([burrtxt, "-q", "-r", xm])
                times["bt"].append(t)
                assemblies = int(re.search(r"(\d+) assemblies", out).group(1))
                for key, threads in (("p1", "1"), ("p2", str(os.cpu_count()))):
                    t, out = timed([PUZZLESAT, "count", model, "--unique", "--quiet",
                                    "--format", "json", "--threads", threads])
                    times[key].append(t)
                    answer = json.loads(out)
                    unique = answer.get("assemblies", answer.get("unique"))
            bt, p1, p2 = (statistics.median(times[k]) for k in ("bt", "p1", "p2"))
            print(f"| {name} | {assemblies} | {unique} | {bt:.3f} s | {p1:.3f} s | {p2:.3f} s "
                  f"| {bt / p1:.1f}x | {bt / p2:.1f}x |", flush=True)


if __name__ == "__main__":
    main()
