#!/bin/sh
# The pictures in README.md, one per family: sh docs/make-pictures.sh
set -eu
cd "$(dirname "$0")/.."
cargo build --release --quiet
P=target/release/puzzlesat
$P solve models/snake-cube/red.toml --picture docs/snake-cube.svg > /dev/null
$P solve models/packing/bedlam.toml --picture docs/packing.svg > /dev/null
$P solve models/board-snakes/six-snakes-corners.toml --relax --picture docs/board-snakes.svg > /dev/null
$P solve models/sudoku-snake/parity-snake.toml --sudoku --picture docs/sudoku-snake.svg > /dev/null
$P solve models/snake-cube/designed-4x4x4.toml --picture docs/designed-4x4x4.svg > /dev/null
echo "docs/: snake-cube.svg packing.svg board-snakes.svg sudoku-snake.svg designed-4x4x4.svg"
