"""Heavier problems on BurrTools' other grids (triangular prisms, spheres,
rhombic dodecahedra, tetrahedra-octahedra) for the side-by-side timings of
compare.py: boxes of each grid cut at random (fixed seeds) into connected
pieces, one of each, written as BurrTools files.

Usage (from the repository root, after `cargo build --release`):
    python3 benches/burrtools/grids.py DIR              # writes DIR/*.xmpuzzle
    python3 benches/burrtools/compare.py /tmp/bt/burrTxt 5 DIR/*.xmpuzzle

Cells are in BurrTools' voxel coordinates for each grid; which positions are
cells, and which cells share a face, follow the grids' definitions (the
same rules as the library's `geometry/grid`, written again here).
"""
import itertools
import os
import random
import sys

# (name, grid type, box sides, pieces, seed)
PROBLEMS = [
    ("prisms-12x4x2-14", 1, (12, 4, 2), 14, 33),
    ("spheres-5x5x4-12", 2, (5, 5, 4), 12, 31),
    ("rhombic-10x10x5-18", 3, (10, 10, 5), 18, 32),
    ("rhombic-15x5x5-16", 3, (15, 5, 5), 16, 33),
    ("tetra-octa-9x9x6-16", 4, (9, 9, 6), 16, 21),
    ("tetra-octa-6x6x9-14", 4, (6, 6, 9), 14, 12),
]


def is_cell(grid, c):
    if grid == 2:
        return sum(c) % 2 == 0
    if grid == 3:
        return sorted([0, 1, 2, 1, 0][v % 5] for v in c) == [0, 1, 2]
    if grid == 4:
        local = [v % 3 for v in c]
        if local == [1, 1, 1]:
            return True
        if 1 in local:
            return False
        block = sum(v // 3 for v in c)
        far = sum(1 for v in local if v == 2)
        return (block + far) % 2 == 1
    return True


def corners(grid, c):
    """A tetrahedron's corners (rhombic: in half blocks; tetra-octa: in blocks)."""
    if grid == 3:
        block = [2 * (v // 5) for v in c]
        local = [v % 5 for v in c]
        centre = [b + 1 for b in block]
        face, end0, end1 = list(centre), list(centre), list(centre)
        for a in range(3):
            if local[a] in (0, 4):
                side = block[a] + (0 if local[a] == 0 else 2)
                face[a] = end0[a] = end1[a] = side
            elif local[a] in (1, 3):
                end0[a] = end1[a] = block[a] + (0 if local[a] == 1 else 2)
            else:
                end0[a], end1[a] = block[a], block[a] + 2
        return {tuple(centre), tuple(face), tuple(end0), tuple(end1)}
    block = [v // 3 for v in c]
    local = [v % 3 for v in c]
    if local == [1, 1, 1]:
        return {
            tuple(block[a] + k[a] for a in range(3))
            for k in itertools.product((0, 1), repeat=3)
            if not is_cell(4, tuple(3 * block[a] + 2 * k[a] for a in range(3)))
        }
    k = [v // 2 for v in local]
    corner = [block[a] + k[a] for a in range(3)]
    out = {tuple(corner)}
    for a in range(3):
        n = list(corner)
        n[a] += 1 if k[a] == 0 else -1
        out.add(tuple(n))
    return out


def neighbours(grid, c):
    x, y, z = c
    if grid == 0:
        return [(x + 1, y, z), (x - 1, y, z), (x, y + 1, z), (x, y - 1, z), (x, y, z + 1), (x, y, z - 1)]
    if grid == 1:
        t = -1 if (x + y) % 2 else 1
        return [(x - 1, y, z), (x + 1, y, z), (x, y, z - 1), (x, y, z + 1), (x, y - t, z)]
    if grid == 2:
        steps = [(a, b, 0) for a in (1, -1) for b in (1, -1)]
        steps += [(a, 0, b) for a in (1, -1) for b in (1, -1)]
        steps += [(0, a, b) for a in (1, -1) for b in (1, -1)]
        return [(x + a, y + b, z + d) for a, b, d in steps]
    reach = 5 if grid == 3 else 3
    mine = corners(grid, c)
    out = []
    for d in itertools.product(range(-reach, reach + 1), repeat=3):
        n = (x + d[0], y + d[1], z + d[2])
        if n != c and is_cell(grid, n) and len(corners(grid, n) & mine) >= 3:
            out.append(n)
    return out


def cut(grid, cells, k, rng):
    """The cells grown into k connected regions from random seeds."""
    owner = {}
    seeds = rng.sample(cells, k)
    regions = [[s] for s in seeds]
    for i, s in enumerate(seeds):
        owner[s] = i
    inside = set(cells)
    while len(owner) < len(cells):
        r = rng.randrange(k)
        frontier = [n for c in regions[r] for n in neighbours(grid, c) if n in inside and n not in owner]
        if frontier:
            n = rng.choice(frontier)
            owner[n] = r
            regions[r].append(n)
    return regions


def moved_home(grid, region):
    """The region moved towards the origin by one of the grid's translations."""
    m = [min(c[a] for c in region) for a in range(3)]
    if grid == 1:
        m[0] -= (m[0] + m[1]) % 2
    elif grid == 2:
        m[0] -= sum(m) % 2
    elif grid == 3:
        m = [5 * (v // 5) for v in m]
    elif grid == 4:
        b = [v // 3 for v in m]
        odd = sum(b) % 2
        m = [3 * (b[0] - odd), 3 * b[1], 3 * b[2]]
    return [tuple(c[a] - m[a] for a in range(3)) for c in region]


def voxel(cells):
    sides = [max(c[a] for c in cells) + 1 for a in range(3)]
    filled = set(cells)
    text = "".join(
        "#" if (x, y, z) in filled else "_"
        for z in range(sides[2]) for y in range(sides[1]) for x in range(sides[0])
    )
    return f'<voxel x="{sides[0]}" y="{sides[1]}" z="{sides[2]}" type="0">{text}</voxel>'


def problem(grid, sides, k, seed):
    cells = [c for c in itertools.product(*(range(s) for s in sides)) if is_cell(grid, c)]
    pieces = [moved_home(grid, r) for r in cut(grid, cells, k, random.Random(seed))]
    shapes = voxel(cells) + "".join(voxel(p) for p in pieces)
    uses = "".join(f'<shape id="{i + 1}" count="1"/>' for i in range(len(pieces)))
    return (f'<?xml version="1.0"?><puzzle version="2"><gridType type="{grid}"/><colors/>'
            f'<shapes>{shapes}</shapes><problems><problem><shapes>{uses}</shapes>'
            f'<result id="0"/></problem></problems></puzzle>\n')


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, grid, sides, k, seed in PROBLEMS:
        with open(os.path.join(out, name + ".xmpuzzle"), "w") as f:
            f.write(problem(grid, sides, k, seed))
        print(os.path.join(out, name + ".xmpuzzle"))


if __name__ == "__main__":
    main()
