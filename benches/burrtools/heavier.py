"""Writes heavier packing designs as BurrTools files, for side-by-side timings
of `puzzlesat count` and burrTxt (`compare.py`) beyond the bundled models:
the twelve pentominoes in boxes (3D: the pieces turn in space), and
tetracubes in ranges of copies filling boxes with optional cells, where no
piece can anchor the symmetry breaking.

Usage: python3 benches/burrtools/heavier.py OUT_DIR
then:  python3 benches/burrtools/compare.py /tmp/bt/burrTxt 3 OUT_DIR/*.xmpuzzle

Known figures: pentominoes 2x5x6 264 and 3x4x5 3940 up to symmetry.
"""
import gzip
import os
import sys

PENTOMINOES = {
    "F": [".##", "##.", ".#."], "I": ["#####"], "L": ["####", "#..."],
    "N": ["###.", "..##"], "P": ["###", "##."], "T": ["###", ".#.", ".#."],
    "U": ["#.#", "###"], "V": ["###", "#..", "#.."], "W": ["#..", "##.", ".##"],
    "X": [".#.", "###", ".#."], "Y": ["####", ".#.."], "Z": ["##.", ".#.", ".##"],
}

TETRACUBES = {
    "I": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0)],
    "O": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)],
    "L": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)],
    "T": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)],
    "S": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)],
    "A": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1)],
    "B": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 0, 1)],
    "C": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)],
}


def flat(rows):
    return [(x, y, 0) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"]


def box(a, b, c):
    return [(x, y, z) for x in range(a) for y in range(b) for z in range(c)]


def voxel(cells, name=None, optional=()):
    """A shape: `#` for its cells, `+` for those of `optional` (cells that may
    stay empty)."""
    cells = set(cells) | set(optional)
    lo = [min(c[a] for c in cells) for a in range(3)]
    moved = lambda c: tuple(c[a] - lo[a] for a in range(3))
    filled = {moved(c) for c in cells}
    plus = {moved(c) for c in optional}
    size = [max(c[a] for c in filled) + 1 for a in range(3)]
    state = "".join(
        ("+" if (x, y, z) in plus else "#") if (x, y, z) in filled else "_"
        for z in range(size[2])
        for y in range(size[1])
        for x in range(size[0])
    )
    named = f' name="{name}"' if name else ""
    return f'<voxel x="{size[0]}" y="{size[1]}" z="{size[2]}" type="0"{named}>{state}</voxel>'


def write(path, name, pieces, target, optional=()):
    """One problem: `pieces` as (name, cells, fewest copies, most copies)."""
    shapes = [voxel(cells, n) for n, cells, _, _ in pieces]
    shapes.append(voxel([c for c in target if c not in set(optional)], None, optional))
    used = "".join(
        f'<shape id="{i}" min="{lo}" max="{hi}"/>' for i, (_, _, lo, hi) in enumerate(pieces)
    )
    xml = (
        '<?xml version="1.0"?>\n<puzzle version="2"><gridType type="0"/><colors/>'
        f'<shapes>{"".join(shapes)}</shapes><problems><problem name="{name}" state="0">'
        f'<shapes>{used}</shapes><result id="{len(pieces)}"/></problem></problems></puzzle>\n'
    )
    with gzip.open(path, "wt") as f:
        f.write(xml)


def main(out):
    os.makedirs(out, exist_ok=True)
    pentominoes = [(n, flat(rows), 1, 1) for n, rows in PENTOMINOES.items()]
    for sides in [(2, 5, 6), (3, 4, 5)]:
        label = "x".join(map(str, sides))
        write(os.path.join(out, f"pentominoes-{label}.xmpuzzle"), f"pentominoes {label}",
              pentominoes, box(*sides))

    def tetracubes(kinds, most):
        return [(n, TETRACUBES[n], 0, most) for n in kinds]

    corners = [(x, y, z) for x in (0, 2) for y in (0, 2) for z in (0, 2)]
    write(os.path.join(out, "tetracubes-3x3x3-corners.xmpuzzle"),
          "tetracubes 0..2 each, corners optional",
          tetracubes("LTSABC", 2), box(3, 3, 3), corners)
    write(os.path.join(out, "tetracubes-3x3x4-holes.xmpuzzle"),
          "tetracubes 0..2 each, four cells optional",
          tetracubes("LTSABC", 2), box(3, 3, 4), [(1, 1, 0), (1, 1, 3), (0, 0, 0), (2, 2, 3)])
    write(os.path.join(out, "tetracubes-2x4x4-corners.xmpuzzle"),
          "all tetracubes 0..2 each, corners optional",
          tetracubes("ILTSOABC", 2), box(2, 4, 4),
          [(x, y, z) for x in (0, 1) for y in (0, 3) for z in (0, 3)])


if __name__ == "__main__":
    main(sys.argv[1])
