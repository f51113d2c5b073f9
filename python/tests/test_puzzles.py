"""Every call of the package on every family: counts equal to the command
line's, built puzzles equal to their TOML twins, solutions checked."""

import pytest

import puzzlesat
from conftest import FIXTURES, cli_json, model

BUNDLED = [
    ("snake-cube", "brown-4x4x4.toml"),
    ("snake-cube", "box-2x3x4.toml"),
    ("packing", "soma.toml"),
    ("packing", "pentominoes-3x20.toml"),
    ("board-snakes", "square-4x4.toml"),
    ("sudoku-snake", "mini-6x6.toml"),
]


@pytest.mark.parametrize("family,name", BUNDLED)
def test_counts_equal_the_command_lines(family, name):
    path = model(family, name)
    p = puzzlesat.load(path)
    assert p.family == family
    c = p.count(unique=True, threads=2)
    expected = cli_json("count", "--unique", "--quiet", path)
    assert (c.solutions, c.unique, c.complete) == (
        expected["solutions"], expected["unique"], expected["complete"])
    as_dict = c.to_dict()
    del as_dict["seconds"], expected["seconds"]
    assert as_dict == expected


@pytest.mark.parametrize("family,name", BUNDLED)
def test_a_solution_is_checked_and_drawn(family, name):
    p = puzzlesat.load(model(family, name))
    s = p.solve()
    assert s is not None
    d = s.to_dict()
    assert (d["family"], d["name"]) == (p.family, p.name)
    assert p.check(d) is None
    assert s.text and s.text == str(s)
    assert s.svg().lstrip().startswith("<")
    assert "<html" in s.html()
    assert s._repr_svg_() == s.svg()
    assert s._repr_html_().startswith("<iframe srcdoc=") and "&lt;html" in s._repr_html_()
    # The same solution the command line prints.
    solved = cli_json("solve", model(family, name))
    for key in ("status", "seconds"):
        solved.pop(key)
    assert d == solved


def test_a_solution_that_breaks_the_rules_raises_check_error():
    p = puzzlesat.load(model("packing", "soma.toml"))
    d = p.solve().to_dict()
    d["pieces"][0]["cells"][0] = [9, 9, 9]
    with pytest.raises(puzzlesat.CheckError, match="piece"):
        p.check(d)


def test_an_unsolvable_puzzle_solves_to_none_and_says_why():
    p = puzzlesat.load(model("snake-cube", "red-misprinted.toml"))
    assert p.solve() is None
    q = puzzlesat.snake_cube([3, 2, 2, 2, 2, 2], size=(2, 2, 2))
    assert q.solve() is None
    assert "segment 1" in q.why_no_solution()


def test_solutions_stream_and_stop():
    p = puzzlesat.load(model("packing", "soma.toml"))
    found = list(p.solutions(unique=True, limit=10))
    assert len(found) == 10
    assert all(p.check(s.to_dict()) is None for s in found)
    every = list(puzzlesat.load(model("snake-cube", "box-2x3x4.toml")).solutions())
    expected = cli_json("count", "--quiet", model("snake-cube", "box-2x3x4.toml"))
    assert len(every) == expected["solutions"]


def test_a_snake_cube_from_its_string_equals_its_toml_twin():
    text = 'family = "snake-cube"\nsize = [2, 2, 2]\nblocks = "SCCCCCCS"\n'
    twin = puzzlesat.from_toml(text)
    built = puzzlesat.snake_cube("SCCCCCCS", size=(2, 2, 2))
    assert built.count(unique=True).to_dict()["solutions"] == twin.count(
        unique=True).solutions
    assert built.count(unique=True).unique == twin.count(unique=True).unique


def test_a_packing_from_lists_equals_its_toml_twin():
    pieces = [
        {"name": "L", "cells": [(0, 0, 0), (1, 0, 0), (0, 1, 0)], "count": 2},
        {"name": "I", "cells": [(0, 0, 0), (1, 0, 0), (2, 0, 0)], "count": 2},
        {"name": "D", "cells": [(0, 0, 0), (1, 0, 0)]},
    ]
    target = [(x, y, 0) for x in range(3) for y in range(3)]
    target += [(x, y, 1) for x in range(2) for y in range(2)] + [(0, 0, 2)]
    built = puzzlesat.packing(pieces, target=target, name="Step pyramid")
    twin = puzzlesat.from_toml(built.to_toml())
    a, b = built.count(unique=True), twin.count(unique=True)
    assert (a.solutions, a.unique) == (b.solutions, b.unique) == (24, 12)
    box = puzzlesat.packing([{"name": "bar", "cells": [(0, 0, 0), (1, 0, 0)], "count": 2}],
                            size=(2, 2, 1))
    assert box.count().solutions > 0


def test_numpy_cells_are_accepted():
    np = pytest.importorskip("numpy")
    cells = np.array([(0, 0, 0), (1, 0, 0)], dtype=np.int64)
    p = puzzlesat.packing([{"name": "bar", "cells": cells, "count": 2}],
                          target=np.array([(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)]))
    assert p.count().solutions == 2


def test_a_burrtools_file_is_counted_and_taken_apart_as_the_cli_does():
    path = str(FIXTURES / "saved" / "SolidSixPieceBurrs.xmpuzzle")
    p = puzzlesat.load(path, problem=1)
    c = p.count(disassemble=True)
    expected = cli_json("count", "--disassemble", "--quiet", path)
    assert (c.separable, c.undecided, c.levels) == (
        expected["separable"], expected["undecided"], expected["levels"])
    first = next(iter(p.solutions(disassemble=True, limit=1)))
    assert first.level in expected["levels"]
    assert first.moves and {"separation", "pieces", "direction"} <= set(first.moves[0])
    assert first.to_dict()["level"] == first.level


def test_the_cnf_is_dimacs():
    text = puzzlesat.load(model("snake-cube", "tiny-2x2x2.toml")).cnf()
    assert any(line.startswith("p cnf ") for line in text.splitlines())


def test_a_split_count_adds_up():
    p = puzzlesat.load(model("packing", "soma.toml"))
    shares = [p.count(part=(i, 3)).solutions for i in (1, 2, 3)]
    assert sum(shares) == p.count().solutions


def test_a_model_on_another_grid_counts_as_the_command_line():
    text = ('family = "packing"\ngrid = "spheres"\nsize = [2, 2, 2]\n'
            '[[pieces]]\nname = "pair"\ncells = [[0, 0, 0], [1, 1, 0]]\ncount = 2\n')
    p = puzzlesat.from_toml(text)
    counted = p.count(unique=True)
    assert (counted.solutions, counted.unique) == (3, 1)
    assert 'grid = "spheres"' in p.to_toml()
    solution = p.solve()
    assert solution is not None and "ball" in solution.svg()
    built = puzzlesat.packing([{"name": "pair", "cells": [(0, 0, 0), (1, 1, 0)], "count": 2}],
                              size=(2, 2, 2), grid="spheres")
    assert built.count(unique=True).solutions == 3
    with pytest.raises(puzzlesat.ModelError, match="grid"):
        puzzlesat.packing([{"name": "pair", "cells": [(0, 0, 0), (1, 1, 0)]}],
                          size=(2, 2, 2), grid="hexagons")
    grid_file = str(FIXTURES / "grid-prisms.xmpuzzle")
    assert puzzlesat.load(grid_file).count(unique=True).unique == cli_json(
        "count", "--unique", grid_file)["unique"]
