"""Fails unless a PNG screenshot shows something: at least two colours, and no
single colour covering nearly all of it. Reads the PNG with the standard
library only (8-bit RGB or RGBA, not interlaced, as Chromium writes them)."""

import struct
import sys
import zlib
from collections import Counter


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise SystemExit(f"{path}: unexpected PNG kind {header}")
    step = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * step
    previous = bytearray(stride)
    out = []
    pos = 0
    for _ in range(height):
        kind = raw[pos]
        row = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            left = row[i - step] if i >= step else 0
            up = previous[i]
            corner = previous[i - step] if i >= step else 0
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 2:
                row[i] = (row[i] + up) & 255
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                row[i] = (row[i] + pred) & 255
        out.extend(bytes(row[i:i + 3]) for i in range(0, stride, step))
        previous = row
    return out


def main():
    path = sys.argv[1]
    colours = Counter(pixels(path))
    total = sum(colours.values())
    common, n = colours.most_common(1)[0]
    if len(colours) < 2 or n > 0.995 * total:
        raise SystemExit(f"{path}: blank: {len(colours)} colours, the commonest covers {100 * n / total:.1f}%")
    print(f"{path}: {len(colours)} colours, the commonest covers {100 * n / total:.1f}%")


main()
