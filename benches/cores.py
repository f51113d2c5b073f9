"""Side-by-side timings of the exact-cover engine's cores (`count --unique
--core C`), in one run, alternating the cores: which order of choice pays on
which puzzle.

Usage (from the repository root, after `cargo build --release`):
    python3 benches/cores.py [RUNS] [TIMEOUT] MODEL ...

A MODEL is a bundled packing's name (`soma`) or a model file (TOML or
`.xmpuzzle`). Each case runs RUNS times (default 3) per core; medians of wall
time with start-up, on every core of the machine. A run past TIMEOUT seconds
(default 120) is stopped and shown as such.
"""
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PUZZLESAT = os.path.join(ROOT, "target", "release", "puzzlesat")
CORES = ["auto", "general", "first-empty"]


def run(model, core, timeout):
    start = time.perf_counter()
    try:
        out = subprocess.run(
            [PUZZLESAT, "count", model, "--unique", "--quiet", "--format", "json", "--core", core],
            capture_output=True, text=True, check=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return None, None
    answer = json.loads(out)
    return time.perf_counter() - start, (answer["solutions"], answer.get("unique"))


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    timeout = float(sys.argv[2]) if len(sys.argv) > 2 else 120.0
    models = sys.argv[3:]
    print("| model | solutions / unique | " + " | ".join(CORES) + " | general / auto |")
    print("|---|---|" + "---|" * len(CORES) + "---|")
    for name in models:
        model = name if os.path.exists(name) else os.path.join(ROOT, "models", "packing", name + ".toml")
        times = {c: [] for c in CORES}
        answers = set()
        for _ in range(runs):
            for core in CORES:
                if times[core] and times[core][-1] is None:
                    continue
                t, answer = run(model, core, timeout)
                times[core].append(t)
                if answer is not None:
                    answers.add(answer)
        if len(answers) != 1:
            raise SystemExit(f"{name}: the cores disagree: {answers}")
        medians = {c: (None if None in ts else statistics.median(ts)) for c, ts in times.items()}
        cells = [f"{m:.3f} s" if m is not None else f"> {timeout:.0f} s" for m in medians.values()]
        ratio = (f"{medians['general'] / medians['auto']:.1f}x"
                 if medians["general"] and medians["auto"] else "-")
        (solutions, unique), = answers
        print(f"| {os.path.basename(name)} | {solutions} / {unique} | " + " | ".join(cells)
              + f" | {ratio} |", flush=True)


if __name__ == "__main__":
    main()
