"""Optimising solves, the family's extension, DRAT proofs and count
certificates from Python, against the command line."""

import pytest

import puzzlesat
from conftest import cli_json, model


def without_time(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k not in ("status", "seconds")}


def test_relax_gives_the_command_lines_optimum():
    path = model("board-snakes", "six-snakes-corners.toml")
    solved = puzzlesat.load(path).solve(relax=True)
    assert solved.to_dict() == without_time(cli_json("solve", "--relax", path))


def test_the_shortest_snake_with_its_sudoku_and_its_proof(tmp_path):
    path = model("sudoku-snake", "mini-6x6.toml")
    p = puzzlesat.load(path)
    proof = tmp_path / "shortest.drat"
    solved = p.solve(minimize="length", extend=True, proof=proof)
    answer = solved.to_dict()
    assert answer == without_time(cli_json("solve", "--minimize", "length", "--sudoku", path))
    assert answer["optimum"] == "shortest" and "sudoku" in answer
    assert "shorter" in p.verify_proof(proof, minimize=answer["length"])
    with pytest.raises(puzzlesat.CheckError):
        p.verify_proof(proof, minimize=answer["length"] + 1)
    with pytest.raises(ValueError, match="one goal"):
        p.solve(relax=True, minimize="length")
    with pytest.raises(ValueError, match="length"):
        p.solve(maximize="width")


def test_no_solution_with_a_proof_that_checks(tmp_path):
    p = puzzlesat.load(model("snake-cube", "red-misprinted.toml"))
    proof = tmp_path / "none.drat"
    assert p.solve(engine="sat", proof=proof) is None
    assert proof.stat().st_size > 0
    assert p.verify_proof(proof)
    proof.write_text("0\n")
    with pytest.raises(puzzlesat.CheckError):
        p.verify_proof(proof)


def test_a_count_certificate_checks_from_its_files(tmp_path):
    p = puzzlesat.load(model("snake-cube", "box-2x3x4.toml"))
    certified = p.count(proof=tmp_path / "cert")
    assert certified.solutions == p.count().solutions
    assert str(certified.solutions) in puzzlesat.verify_certificate(tmp_path / "cert")
    with pytest.raises(ValueError, match="proof"):
        p.count(proof=tmp_path / "other", unique=True)
