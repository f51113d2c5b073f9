"""Formula size, peak memory and time against model size, for each family: the
numbers behind the README's practical limits. Writes growing models to a temporary
folder and runs `puzzlesat cnf` (formula size) and `puzzlesat solve` on each, under
a time limit, recording peak memory (GNU time's maximum resident set size).

Usage (after `cargo build --release`): python3 benches/limits/measure.py [SECONDS]
"""
import os
import signal
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PUZZLESAT = os.path.join(ROOT, "target", "release", "puzzlesat")
LIMIT = int(sys.argv[1]) if len(sys.argv) > 1 else 60


def boustrophedon(a, b, c):
    """The S/C string of a path that snakes through an a x b x c box row by row,
    layer by layer: always solvable."""
    path = []
    for z in range(c):
        rows = range(b) if z % 2 == 0 else reversed(range(b))
        for k, y in enumerate(rows):
            xs = range(a) if (z * b + k) % 2 == 0 else reversed(range(a))
            path.extend((x, y, z) for x in xs)
    letters = ["S"]
    for i in range(1, len(path) - 1):
        d1 = [path[i][j] - path[i - 1][j] for j in range(3)]
        d2 = [path[i + 1][j] - path[i][j] for j in range(3)]
        letters.append("S" if d1 == d2 else "C")
    letters.append("S")
    return "".join(letters)


def snake(n):
    return f'family = "snake-cube"\nsize = [{n}, {n}, {n}]\nblocks = "{boustrophedon(n, n, n)}"\n'


def monominoes(k):
    return (f'family = "packing"\nsize = [{k}, {k}, 1]\n[[pieces]]\nname = "m"\n'
            f'cells = [[0, 0, 0]]\ncount = {k * k}\n')


def dominoes(k):
    return (f'family = "packing"\nsize = [{k}, {k}, 1]\n[[pieces]]\nname = "d"\n'
            f'cells = [[0, 0, 0], [1, 0, 0]]\ncount = {k * k // 2}\n')


def grid_snake(w, h):
    return (f'family = "board-snakes"\nboard = {{ grid = "square", width = {w}, height = {h} }}\n'
            f'heads = [1]\nlength = {w * h}\n')


def sudoku(n, box):
    return f'family = "sudoku-snake"\nsize = {n}\nbox = {box}\n'


CASES = (
    [(f"snake cube {n}x{n}x{n}", snake(n)) for n in (3, 4, 5, 6, 8, 10)]
    + [(f"monominoes {k}x{k}", monominoes(k)) for k in (8, 16, 32, 64)]
    + [(f"dominoes {k}x{k}", dominoes(k)) for k in (8, 16, 32)]
    + [(f"one snake on a {w}x{h} grid", grid_snake(w, h)) for w, h in ((6, 6), (10, 10), (14, 14), (20, 20), (40, 50))]
    + [(f"sudoku snake {n}x{n}", sudoku(n, b)) for n, b in ((4, "[2, 2]"), (6, "[2, 3]"), (9, "[3, 3]"), (12, "[3, 4]"), (16, "[4, 4]"))]
)


def run(args):
    """(seconds, peak MiB, exit code, stdout bytes, stderr first line) or a time-out."""
    cmd = ["/usr/bin/time", "-f", "%e %M", PUZZLESAT] + args
    # A session of its own, so that a time-out ends puzzlesat too, not only `time`.
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        stdout, stderr = p.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return None
    p.stdout = stdout
    last = stderr.decode().strip().splitlines()
    secs, kib = last[-1].split()
    err = next((l for l in last[:-1] if l.startswith("error")), "")
    return float(secs), int(kib) / 1024, p.returncode, len(p.stdout), err


def main():
    print("| model | variables | clauses | cnf size | cnf time, memory | solve time, memory | answer |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in CASES:
            model = os.path.join(tmp, "m.toml")
            with open(model, "w") as f:
                f.write(text)
            cnf = run(["cnf", model])
            if cnf is None:
                size = f"time-out ({LIMIT} s)"
                cnf_cell = "-"
                vars_ = clauses = "-"
            elif cnf[2] != 0:
                size, vars_, clauses = "-", "-", "-"
                cnf_cell = f"exit {cnf[2]}: {cnf[4][:90]}"
            else:
                header = subprocess.run([PUZZLESAT, "cnf", model], capture_output=True).stdout.split(b"\n")
                p_line = next(l for l in header if l.startswith(b"p cnf")).split()
                vars_, clauses = int(p_line[2]), int(p_line[3])
                size = f"{cnf[3] / 2**20:.1f} MiB"
                cnf_cell = f"{cnf[0]:.2f} s, {cnf[1]:.0f} MiB"
            solve = run(["solve", model, "--format", "json"])
            if solve is None:
                solve_cell, answer = f"time-out ({LIMIT} s)", "-"
            else:
                solve_cell = f"{solve[0]:.2f} s, {solve[1]:.0f} MiB"
                answer = {0: "solved", 1: "unsolvable"}.get(solve[2], f"exit {solve[2]}: {solve[4][:90]}")
            print(f"| {name} | {vars_} | {clauses} | {size} | {cnf_cell} | {solve_cell} | {answer} |", flush=True)


if __name__ == "__main__":
    main()
