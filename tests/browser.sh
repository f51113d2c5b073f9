#!/bin/sh
# Opens the HTML page of each bundled family in headless Chromium: fails on a
# JavaScript error (the page sets data-status on its body to "ok" once it has
# drawn, or to the error) and on a blank or single-colour screenshot. The
# screenshots are kept in target/browser/ to look at.
#
#   sh tests/browser.sh            (needs chromium: apt-get install chromium)
set -eu
cd "$(dirname "$0")/.."
BROWSER=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$BROWSER" ]; then
    echo "tests/browser.sh: no chromium found (apt-get install chromium)" >&2
    exit 1
fi
cargo build --release --quiet
OUT=target/browser
rm -rf "$OUT"
mkdir -p "$OUT"
P=target/release/puzzlesat
$P solve models/snake-cube/red.toml --picture "$OUT/snake-cube.html" > /dev/null
$P solve models/packing/soma.toml --picture "$OUT/packing.html" > /dev/null
$P all models/packing/soma.toml --unique --quiet --picture "$OUT/packing-all.html" > /dev/null
$P solve models/board-snakes/six-snakes-corners.toml --relax --picture "$OUT/board-snakes.html" > /dev/null
$P solve models/sudoku-snake/parity-snake.toml --sudoku --picture "$OUT/sudoku-snake.html" > /dev/null
$P solve models/packing/bedlam.toml --picture "$OUT/packing.svg" > /dev/null
$P solve tests/fixtures/burrtools/random-shell-merges.xmpuzzle --disassemble --picture "$OUT/disassembly.html" > /dev/null
$P solve tests/fixtures/burrtools/random-shell-merges.xmpuzzle --disassemble --picture "$OUT/disassembly.svg" > /dev/null
for grid in prisms spheres rhombic tetra-octa; do
    $P solve tests/fixtures/burrtools/grid-$grid.xmpuzzle --picture "$OUT/grid-$grid.html" > /dev/null
    $P solve tests/fixtures/burrtools/grid-$grid.xmpuzzle --picture "$OUT/grid-$grid.svg" > /dev/null
done
for grid in prisms spheres rhombic tetra-octa; do
    $P solve tests/fixtures/burrtools/grid-$grid.xmpuzzle --picture "$OUT/grid-$grid.html" > /dev/null
    $P solve tests/fixtures/burrtools/grid-$grid.xmpuzzle --picture "$OUT/grid-$grid.svg" > /dev/null
done
$P solve tests/fixtures/burrtools/grid-prisms-frame.xmpuzzle --disassemble --picture "$OUT/grid-prisms-apart.html" > /dev/null
$P solve tests/fixtures/burrtools/grid-prisms-frame.xmpuzzle --disassemble --picture "$OUT/grid-prisms-apart.svg" > /dev/null
FLAGS="--headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=3000"
failed=0
for page in "$OUT"/*.html "$OUT"/*.svg; do
    name=$(basename "$page")
    url="file://$(pwd)/$page"
    case "$page" in
    *.html)
        dom=$($BROWSER $FLAGS --dump-dom "$url" 2>"$OUT/$name.log" || true)
        status=$(printf '%s' "$dom" | sed -n 's/.*<body data-status="\([^"]*\)".*/\1/p' | head -n 1)
        if [ "$status" != "ok" ]; then
            echo "$name: the page did not draw: status \"$status\" (see $OUT/$name.log)" >&2
            failed=1
        fi
        ;;
    esac
    $BROWSER $FLAGS --window-size=1000,760 --screenshot="$OUT/$name.png" "$url" 2>>"$OUT/$name.log" > /dev/null || true
    if ! python3 tests/browser/png_check.py "$OUT/$name.png"; then
        failed=1
    fi
done
if [ "$failed" -ne 0 ]; then
    echo "tests/browser.sh: failed" >&2
    exit 1
fi
echo "tests/browser.sh: every page drew without errors; screenshots in $OUT/"
