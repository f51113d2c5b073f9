"""Writes heavier packing designs as BurrTools files, for side-by-side timings
of `puzzlesat count` and burrTxt (`compare.py`) beyond the bundled models:
the twelve pentominoes in boxes (3D: the pieces turn in space), and
tetracubes in ranges of copies filling boxes with optional cells, where no
piece can anchor the symmetry breaking.

Usage: python3 benches/burrtools/heavier.py OUT_DIR
then:  python3 benches/burrtools/compare.py /tmp/bt/burrTxt 3 OUT_DIR/*.xmpuzzle

And burr-set designs: long notched boards, many assemblies (10^4 to 10^5),
few of which come apart; for `disassemble.py` beside `burrTxt -d` as well.

Known figures: pentominoes 2x5x6 264 and 3x4x5 3940 up to symmetry;
boards-8x8x4-framed 12,240 assemblies, none comes apart; boards-12x8x4-framed
23,040, none; boards-8x8x4-framed-loose 168, of which 156 come apart;
boards-8x8x4-door 14,400, none; boards-8x8x6-loose8-s1 41,760,
boards-8x8x6-loose24-s1 213,120, boards-8x8x6-loose48-s6 403,200, none;
tetracubes-3x3x4-shell 782,952, none.

And keyed angle bars: each 2-by-2 channel of a box holds a bar of L-shaped
section, turned one of two or three ways, and the one door of its layer lets
out only bars turned one way, so that exactly one assembly comes apart:
bars-8x8x4-keyed 256 assemblies, bars-8x8x4-keyed-3 2,692 and
bars-8x8x4-keyed-5 9,422, one of which comes apart (level 1.1.2.2.2.2.2.2).
"""
import gzip
import os
import random
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


NEIGHBOURS = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]


def plus(c, d):
    return (c[0] + d[0], c[1] + d[1], c[2] + d[2])


def connected(cells):
    cells = set(cells)
    if not cells:
        return False
    seen, todo = set(), [next(iter(cells))]
    while todo:
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        todo.extend(n for n in (plus(c, d) for d in NEIGHBOURS) if n in cells)
    return len(seen) == len(cells)


def boards(seed, sides, swaps=2, slack=1, holes=0, frame=False, open_side=False, door=None,
           loose=0):
    """Long boards in a box, burr-set style: slabs of 2-by-2 boards, along x in
    even slabs and along y in odd ones, each board `slack` cells shorter than
    the box at a random offset (the cells it leaves are optional); `swaps`
    cells moved between touching boards (notches that lock them together) and
    `holes` cells taken out of boards (left optional). With `frame`, one more
    piece: a wall around the box's sides with lips over the top and bottom
    rims, so that pieces come out only through its open middle; with
    `open_side` too, its +x side is left open (its lips stop short of it);
    with a `door` (y, z, width, height) instead, only that hole is cut in
    its +x side, so that boards come out there one by one, if at all.
    With `loose`, that many cells the boards fill are optional as well: the
    boards may then leave them empty and take cells of the slack instead, so
    that the pieces' volume passes the cells that must be filled.
    Returns (pieces as (name, cells, 1, 1), target, optional cells)."""
    rng = random.Random(seed)
    sx, sy, sz = sides
    parts = []
    for k in range(sz // 2):
        along_x = k % 2 == 0
        length, across = (sx, sy) if along_x else (sy, sx)
        for j in range(across // 2):
            off = rng.randint(0, slack)
            cells = set()
            for t in range(off, off + length - slack):
                for a in (2 * j, 2 * j + 1):
                    for z in (2 * k, 2 * k + 1):
                        cells.add((t, a, z) if along_x else (a, t, z))
            parts.append(cells)
    owner = {c: i for i, cells in enumerate(parts) for c in cells}
    done, tries = 0, 0
    while done < swaps and tries < 10000:
        tries += 1
        c = rng.choice(sorted(owner))
        d = plus(c, rng.choice(NEIGHBOURS))
        a = owner[c]
        b = owner.get(d)
        if b is None or b == a or len(parts[a]) < 3:
            continue
        if connected(parts[a] - {c}):
            parts[a].remove(c)
            parts[b].add(c)
            owner[c] = b
            done += 1
    box_cells = set(box(sx, sy, sz))
    taken = set()
    while len(taken) < holes:
        c = rng.choice(sorted(owner))
        a = owner[c]
        if len(parts[a]) > 2 and connected(parts[a] - {c}):
            parts[a].remove(c)
            del owner[c]
            taken.add(c)
    pieces = [(f"B{i + 1}", sorted(cells), 1, 1) for i, cells in enumerate(parts)]
    optional = set(box_cells - set(owner))
    if loose:
        optional |= set(random.Random(seed * 7 + loose).sample(sorted(owner), loose))
    optional = sorted(optional)
    target = sorted(box_cells)
    if frame:
        wall = {(x, y, z) for x in range(-1, sx + 1) for y in range(-1, sy + 1)
                for z in range(-1, sz + 1)
                if (x in (-1, sx) or y in (-1, sy)) and 0 <= z < sz}
        lips = {(x, y, z) for x in range(-1, sx + 1) for y in range(-1, sy + 1)
                for z in (-1, sz)
                if min(x + 1, y + 1, sx - x, sy - y) < 2}
        cells = wall | lips
        if open_side:
            cells = {c for c in cells if c[0] < sx - 1}
        if door:
            y0, z0, width, height = door
            cells -= {(sx, y, z) for y in range(y0, y0 + width) for z in range(z0, z0 + height)}
        cells = sorted(cells)
        pieces.append(("Frame", cells, 1, 1))
        target = sorted(box_cells | set(cells))
    return pieces, target, optional


def angle_bars(sides, loose_channels=()):
    """Angle bars in a closed box, burr-set style: slabs of 2-by-2 channels,
    along x in even slabs and along y in odd ones, each holding one bar of
    L-shaped section (three of a channel's four lines) as long as the box.
    Two opposite lines of each channel must be filled, so a bar lies one of
    two ways; in the (slab, channel) pairs of `loose_channels` only one line
    must, so it may lie three ways, or across channels. The frame is a closed
    shell with one door per slab: an L-shaped hole at the end of its first
    channel, through which only a bar turned the one way passes (pieces never
    turn while coming apart). The bars of one length are one shape in many
    copies, so bars swapped are the same assembly: exactly one assembly, every
    bar turned the door's way, comes apart.
    Returns (pieces as (name, cells, copies, copies), target, optional)."""
    sx, sy, sz = sides
    section = [(0, 0), (1, 0), (0, 1)]
    box_cells = set(box(sx, sy, sz))
    shell = {(x, y, z) for x in range(-1, sx + 1) for y in range(-1, sy + 1)
             for z in range(-1, sz + 1)} - box_cells
    required, bars = set(), {}
    for k in range(sz // 2):
        along_x = k % 2 == 0
        length, across = (sx, sy) if along_x else (sy, sx)
        place = (lambda t, a, u: (t, a, u)) if along_x else (lambda t, a, u: (a, t, u))
        for j in range(across // 2):
            lines = [(0, 1)] if (k, j) in loose_channels else [(0, 1), (1, 0)]
            required |= {place(t, 2 * j + a, 2 * k + u) for t in range(length) for a, u in lines}
        # The door, in the shell just past the first channel's end, lets out
        # the section (1, 0), (0, 1), (1, 1) only.
        shell -= {place(length, a, 2 * k + u) for a, u in [(1, 0), (0, 1), (1, 1)]}
        cells, copies = bars.get(length, ([(t, a, u) for t in range(length) for a, u in section], 0))
        bars[length] = (cells, copies + across // 2)
    pieces = [(f"Bar{length}", cells, n, n) for length, (cells, n) in sorted(bars.items())]
    pieces.append(("Frame", sorted(shell), 1, 1))
    return pieces, sorted(box_cells | shell), sorted(box_cells - required)


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
    # Boards in a frame: many assemblies, few or none come apart.
    for name, seed, sides, swaps, slack in [
        ("boards-8x8x4-framed", 12, (8, 8, 4), 1, 1),
        ("boards-12x8x4-framed", 13, (12, 8, 4), 2, 1),
        ("boards-8x8x4-framed-loose", 4, (8, 8, 4), 3, 2),
    ]:
        pieces, target, optional = boards(seed, sides, swaps, slack, frame=True)
        write(os.path.join(out, f"{name}.xmpuzzle"), f"{name} (seed {seed})",
              pieces, target, optional)
    # A door in the frame's side, a board wide and long: 14,400 assemblies,
    # none comes apart, and each takes a long search to show it.
    pieces, target, optional = boards(1, (8, 8, 4), 1, 1, frame=True, door=(2, 0, 6, 2))
    write(os.path.join(out, "boards-8x8x4-door.xmpuzzle"), "boards-8x8x4-door (seed 1)",
          pieces, target, optional)
    # Taller sets of twelve boards, and longer boards with two cells of slack:
    # 10^4 to 10^5 assemblies, none of which comes apart.
    for name, seed, sides, swaps, slack, door in [
        ("boards-8x8x6-door-s1", 1, (8, 8, 6), 4, 1, (2, 2, 4, 2)),
        ("boards-8x8x6-door-s4", 4, (8, 8, 6), 4, 1, (2, 2, 4, 2)),
        ("boards-8x8x6-framed-s6", 6, (8, 8, 6), 3, 1, None),
        ("boards-12x8x4-slack2-s2", 2, (12, 8, 4), 2, 2, None),
    ]:
        pieces, target, optional = boards(seed, sides, swaps, slack, frame=True, door=door)
        write(os.path.join(out, f"{name}.xmpuzzle"), f"{name} (seed {seed})",
              pieces, target, optional)
    # The same boards with some of the cells they fill optional: placements
    # that take a cell that may stay empty now belong to solutions, and the
    # count's matrix keeps them (10^4 to 10^5 assemblies, none comes apart).
    for name, seed, swaps, loose in [
        ("boards-8x8x6-loose8-s1", 1, 4, 8),
        ("boards-8x8x6-loose24-s1", 1, 4, 24),
        ("boards-8x8x6-loose48-s6", 6, 3, 48),
    ]:
        pieces, target, optional = boards(seed, (8, 8, 6), swaps, 1, frame=True, loose=loose)
        write(os.path.join(out, f"{name}.xmpuzzle"), f"{name} (seed {seed})",
              pieces, target, optional)
    # The tetracubes of tetracubes-3x3x4-holes inside a closed shell, placed
    # once: the only piece with one copy, and one that no symmetry moves, so
    # it cannot anchor the symmetry breaking. 782,952 assemblies; each jams
    # at once (the shell holds every piece), none comes apart.
    inside = box(3, 3, 4)
    shell = [c for c in box(5, 5, 6) if not all(1 <= c[a] <= s for a, s in enumerate((3, 3, 4)))]
    inside = [(x + 1, y + 1, z + 1) for x, y, z in inside]
    write(os.path.join(out, "tetracubes-3x3x4-shell.xmpuzzle"),
          "tetracubes 0..2 each, four cells optional, in a closed shell",
          tetracubes("LTSABC", 2) + [("Shell", shell, 1, 1)], inside + shell,
          [(2, 2, 1), (2, 2, 4), (1, 1, 1), (3, 3, 4)])
    # Keyed angle bars: many assemblies, exactly one comes apart; the others
    # jam only after a long search, once the bars turned the door's way are out.
    for name, loose in [
        ("bars-8x8x4-keyed", ()),
        ("bars-8x8x4-keyed-3", ((0, 1), (0, 3), (1, 1))),
        ("bars-8x8x4-keyed-5", ((0, 0), (0, 1), (0, 3), (1, 1), (1, 3))),
    ]:
        pieces, target, optional = angle_bars((8, 8, 4), loose)
        write(os.path.join(out, f"{name}.xmpuzzle"), name, pieces, target, optional)
    write(os.path.join(out, "tetracubes-2x4x4-corners.xmpuzzle"),
          "all tetracubes 0..2 each, corners optional",
          tetracubes("ILTSOABC", 2), box(2, 4, 4),
          [(x, y, z) for x in (0, 1) for y in (0, 3) for z in (0, 3)])


if __name__ == "__main__":
    main(sys.argv[1])
