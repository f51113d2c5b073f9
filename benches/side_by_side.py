"""Two builds of puzzlesat timed side by side on the same commands, in one run,
as ratios: this machine is noisy, so only times taken together are compared.
For checking that a change made nothing slower.

Usage (from the repository root):
    python3 benches/side_by_side.py OLD_BINARY NEW_BINARY [RUNS] [CASE ...]

OLD_BINARY is a release build of the code before the change (a clone at that
commit, `cargo build --release`); NEW_BINARY is `target/release/puzzlesat`.
Each case runs RUNS times (default 5) alternating the two binaries; the table
gives the median wall time of each, process start-up included, and new/old.
A CASE is the start of a case's name (`bedlam`); all cases by default. Both
binaries must print the same result (checked on the JSON, the time left out);
for a case that finds one solution of many only whether they solved it is
compared, as builds may pick different ones.
"""
import json
import statistics
import subprocess
import sys
import time

CASES = [
    ("bedlam count + unique", ["count", "--unique", "--quiet", "--format", "json", "models/packing/bedlam.toml"]),
    ("6x10 count + unique", ["count", "--unique", "--quiet", "--format", "json", "models/packing/pentominoes-6x10.toml"]),
    ("soma count + unique", ["count", "--unique", "--quiet", "--format", "json", "models/packing/soma.toml"]),
    ("solid six take apart", ["count", "--disassemble", "--quiet", "--format", "json",
                              "tests/fixtures/burrtools/saved/SolidSixPieceBurrs.xmpuzzle"]),
    ("brown count + unique", ["count", "--unique", "--quiet", "--format", "json", "models/snake-cube/brown-4x4x4.toml"]),
    ("brown solve, sat", ["solve", "--engine", "sat", "--format", "json", "models/snake-cube/brown-4x4x4.toml"]),
    ("sudoku snake count", ["count", "--quiet", "--format", "json", "models/sudoku-snake/parity-snake.toml"]),
    ("sudoku snake shortest", ["solve", "--minimize", "length", "--format", "json",
                               "models/sudoku-snake/parity-snake.toml"]),
    ("six snakes corners relax", ["solve", "--relax", "--format", "json",
                                  "models/board-snakes/six-snakes-corners.toml"]),
]

# Cases that find one solution of many: any one will do.
ONE_OF_MANY = [
    ("bedlam solve", ["solve", "--format", "json", "models/packing/bedlam.toml"]),
    ("bedlam solve, sat", ["solve", "--engine", "sat", "--format", "json", "models/packing/bedlam.toml"]),
    ("6x10 solve", ["solve", "--format", "json", "models/packing/pentominoes-6x10.toml"]),
    ("6x10 solve, sat", ["solve", "--engine", "sat", "--format", "json", "models/packing/pentominoes-6x10.toml"]),
    ("megaron solve", ["solve", "--format", "json", "models/packing/megaron.toml"]),
    ("brown solve", ["solve", "--format", "json", "models/snake-cube/brown-4x4x4.toml"]),
    ("six snakes solve", ["solve", "--format", "json", "models/board-snakes/six-snakes.toml"]),
    ("sudoku snake solve", ["solve", "--format", "json", "models/sudoku-snake/parity-snake.toml"]),
    ("solid six solve apart", ["solve", "--disassemble", "--format", "json",
                               "tests/fixtures/burrtools/saved/SolidSixPieceBurrs.xmpuzzle"]),
]


def timed(binary, args):
    start = time.perf_counter()
    out = subprocess.run([binary] + args, capture_output=True, text=True)
    took = time.perf_counter() - start
    answer = json.loads(out.stdout)
    answer.pop("seconds", None)
    return took, answer


def main():
    old, new = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    wanted = sys.argv[4:]
    print("| case | old | new | new/old |")
    print("|---|---|---|---|")
    for name, args in CASES + ONE_OF_MANY:
        if wanted and not any(name.startswith(w) for w in wanted):
            continue
        times = {old: [], new: []}
        answers = {}
        for _ in range(runs):
            for binary in (old, new):
                took, answer = timed(binary, args)
                times[binary].append(took)
                answers[binary] = answer
        if (name, args) in ONE_OF_MANY:
            answers = {b: a.get("status") for b, a in answers.items()}
        if answers[old] != answers[new]:
            sys.exit(f"{name}: the two builds answer differently:\n{answers[old]}\n{answers[new]}")
        a, b = statistics.median(times[old]), statistics.median(times[new])
        print(f"| {name} | {a:.3f} s | {b:.3f} s | {b / a:.2f} |")


if __name__ == "__main__":
    main()
