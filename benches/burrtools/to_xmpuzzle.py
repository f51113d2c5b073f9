"""Writes a puzzlesat packing model (TOML) as a BurrTools puzzle file (gzipped XML):
one shape per piece kind, the target as the last shape, one problem using every
piece its number of times. For side-by-side timings with BurrTools' burrTxt.

Usage: python3 to_xmpuzzle.py MODEL.toml OUT.xmpuzzle
"""
import gzip
import sys
import tomllib


def layers_to_cells(layers):
    if layers and isinstance(layers[0], str):
        layers = [layers]
    return [
        (x, y, z)
        for z, layer in enumerate(layers)
        for y, row in enumerate(layer)
        for x, ch in enumerate(row)
        if ch == "#"
    ]


def voxel(cells):
    lo = [min(c[a] for c in cells) for a in range(3)]
    cells = {tuple(c[a] - lo[a] for a in range(3)) for c in cells}
    size = [max(c[a] for c in cells) + 1 for a in range(3)]
    state = "".join(
        "#" if (x, y, z) in cells else "_"
        for z in range(size[2])
        for y in range(size[1])
        for x in range(size[0])
    )
    return f'<voxel x="{size[0]}" y="{size[1]}" z="{size[2]}" type="0">{state}</voxel>'


def main(model, out):
    with open(model, "rb") as f:
        m = tomllib.load(f)
    if m.get("family") != "packing":
        sys.exit(f"{model}: not a packing model")
    if "size" in m:
        a, b, c = m["size"]
        target = [(x, y, z) for z in range(c) for y in range(b) for x in range(a)]
    else:
        target = layers_to_cells(m["shape"])
    pieces = m["pieces"]
    shapes = [
        voxel(p["cells"] if "cells" in p else layers_to_cells(p["layers"])) for p in pieces
    ]
    shapes.append(voxel(target))
    uses = "".join(
        f'<shape id="{i}" count="{p.get("count", 1)}"/>' for i, p in enumerate(pieces)
    )
    xml = (
        '<?xml version="1.0"?>\n<puzzle version="2"><gridType type="0"/><colors/>'
        f'<shapes>{"".join(shapes)}</shapes><problems><problem>'
        f'<shapes>{uses}</shapes><result id="{len(pieces)}"/><bitmap/>'
        "</problem></problems></puzzle>\n"
    )
    with gzip.open(out, "wt") as f:
        f.write(xml)


if __name__ == "__main__":
    main(*sys.argv[1:3])
