"""Side-by-side timings of `puzzlesat count --disassemble` and BurrTools'
command-line solver with disassembly (`burrTxt -d`), in one run, as ratios, with
both programs' counts of assemblies and of those that come apart.

Usage (from the repository root, after `cargo build --release`):
    bash ../shared/tools/burrtools/build.sh /tmp/bt        # builds /tmp/bt/burrTxt
    python3 benches/burrtools/disassemble.py /tmp/bt/burrTxt [RUNS] MODEL ...

A MODEL is a bundled packing's name (`soma`) or a BurrTools file (`X.xmpuzzle`).
Each case runs RUNS times (default 3) alternating the programs; medians of wall
time, process start-up included. burrTxt runs on one thread, puzzlesat on every
core.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

from compare import HERE, PUZZLESAT, ROOT, timed


def main():
    burrtxt = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print("| model | burrTxt assemblies / solutions | puzzlesat assemblies / separable "
          "| burrTxt -d (1 thread) | puzzlesat (2 threads) | burrTxt / puzzlesat |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for name in sys.argv[3:]:
            if name.endswith(".xmpuzzle"):
                model = xm = name
                name = os.path.basename(name)
            else:
                model = os.path.join(ROOT, "models", "packing", name + ".toml")
                xm = os.path.join(tmp, name + ".xmpuzzle")
                subprocess.run([sys.executable, os.path.join(HERE, "to_xmpuzzle.py"), model, xm],
                               check=True)
            bt_times, our_times = [], []
            for _ in range(runs):
                t, out = timed([burrtxt, "-d", "-q", xm])
                bt_times.append(t)
                found = re.search(r"(\d+) assemblies and (\d+) solutions", out)
                t, out = timed([PUZZLESAT, "count", model, "--disassemble", "--quiet",
                                "--format", "json", "--threads", str(os.cpu_count())])
                our_times.append(t)
                ours = json.loads(out)
            bt, us = statistics.median(bt_times), statistics.median(our_times)
            print(f"| {name} | {found.group(1)} / {found.group(2)} "
                  f"| {ours['assemblies']} / {ours['separable']} | {bt:.3f} s | {us:.3f} s "
                  f"| {bt / us:.1f}x |", flush=True)


if __name__ == "__main__":
    main()
