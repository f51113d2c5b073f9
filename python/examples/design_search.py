"""A design search in the spirit of BurrTools' example script: cut a box into
random pieces, keep the designs with exactly one assembly up to symmetry that
comes apart, and print their levels.

Run from the repository's root: python python/examples/design_search.py [TRIES] [SEED]
"""

import random
import sys

import puzzlesat

SIDES = (3, 3, 2)
PIECES = 4


def random_cut(rng: random.Random):
    """The box's cells grown into PIECES connected pieces from random seeds."""
    cells = [(x, y, z) for x in range(SIDES[0]) for y in range(SIDES[1]) for z in range(SIDES[2])]
    owner = {c: k for k, c in enumerate(rng.sample(cells, PIECES))}
    while len(owner) < len(cells):
        c, k = rng.choice(list(owner.items()))
        x, y, z = c
        near = [(x + dx, y + dy, z + dz) for dx, dy, dz in
                [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]]
        free = [n for n in near if n in cells and n not in owner]
        if free:
            owner[rng.choice(free)] = k
    return [[c for c, k in owner.items() if k == piece] for piece in range(PIECES)]


def main() -> None:
    tries = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    kept = 0
    for attempt in range(1, tries + 1):
        pieces = [{"name": chr(ord("A") + k), "cells": cells} for k, cells in enumerate(random_cut(rng))]
        puzzle = puzzlesat.packing(pieces, size=SIDES, name=f"design {attempt}")
        count = puzzle.count(disassemble=True)
        if count.unique == 1 and count.separable == 1:
            kept += 1
            level = next(iter(count.levels))
            print(f"design {attempt}: one assembly, it comes apart at level {level}")
    print(f"{kept} of {tries} random designs have exactly one assembly, and it comes apart")


if __name__ == "__main__":
    main()
