"""puzzlesat: solve, count, prove and take apart snake cubes, polycube
packings (BurrTools files too), snakes on boards and the sudoku parity snake."""

from os import PathLike
from types import TracebackType
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union, final

__version__: str

_Cells = Union[Sequence[Sequence[int]], Any]
"""_Cells as (x, y, z) triples: any sequence of three integers each, or a
numpy array of shape (k, 3)."""

_Progress = Callable[[Dict[str, Any]], Any]
"""Called with the spinner's figures: found, done, parts, part_name, elapsed,
remaining (seconds or None)."""

class ModelError(ValueError):
    """Bad input: a model, a file or a request the puzzle does not serve."""

class CheckError(ValueError):
    """A solution that breaks the puzzle's rules, naming what is wrong."""

@final
class Solution:
    """One solution of a puzzle, checked by the family's own check."""

    @property
    def text(self) -> str:
        """The solution for a person, as `solve` prints it."""
    @property
    def level(self) -> Optional[str]:
        """Taken apart: the level ("98.2.4.2"), else None."""
    @property
    def moves(self) -> Optional[List[Dict[str, Any]]]:
        """Taken apart: the moves in order, else None."""
    def to_dict(self) -> Dict[str, Any]:
        """The solution as `solve --format json` prints it (without status and
        seconds)."""
    def svg(self) -> str:
        """An SVG picture of the solution."""
    def html(self) -> str:
        """An HTML page drawing the solution in 3D."""
    def _repr_svg_(self) -> str: ...
    def _repr_html_(self) -> str: ...

@final
class Count:
    """A count's result."""

    @property
    def solutions(self) -> int: ...
    @property
    def unique(self) -> Optional[int]: ...
    @property
    def complete(self) -> bool: ...
    @property
    def seconds(self) -> float: ...
    @property
    def separable(self) -> Optional[int]: ...
    @property
    def undecided(self) -> Optional[int]: ...
    @property
    def levels(self) -> Optional[Dict[str, int]]: ...
    def to_dict(self) -> Dict[str, Any]:
        """The count as `count --format json` prints it."""

@final
class Solutions(Iterator[Solution]):
    """The solutions as the search finds them; leaving the loop stops it."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> Solution: ...
    def close(self) -> None:
        """Stops the search and waits for it."""
    def __enter__(self) -> "Solutions": ...
    def __exit__(
        self,
        kind: Optional[type],
        value: Optional[BaseException],
        trace: Optional[TracebackType],
    ) -> bool: ...

@final
class Puzzle:
    """A puzzle of any family."""

    @property
    def family(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def source(self) -> Optional[str]: ...
    @property
    def summary(self) -> str: ...
    def why_no_solution(self) -> Optional[str]: ...
    def to_toml(self) -> str: ...
    def cnf(self, symmetry_breaking: bool = True) -> str: ...
    def solve(
        self,
        *,
        relax: bool = False,
        minimize: Optional[str] = None,
        maximize: Optional[str] = None,
        extend: bool = False,
        proof: Optional[Union[str, "PathLike[str]"]] = None,
        engine: Optional[str] = None,
        threads: Optional[int] = None,
        symmetry_breaking: bool = True,
        progress: Optional[_Progress] = None,
    ) -> Optional[Solution]: ...
    def count(
        self,
        *,
        unique: bool = False,
        limit: Optional[int] = None,
        disassemble: bool = False,
        max_states: Optional[int] = None,
        engine: Optional[str] = None,
        threads: Optional[int] = None,
        symmetry_breaking: bool = True,
        part: Optional[Tuple[int, int]] = None,
        proof: Optional[Union[str, "PathLike[str]"]] = None,
        progress: Optional[_Progress] = None,
    ) -> Count: ...
    def verify_proof(
        self,
        file: Union[str, "PathLike[str]"],
        *,
        relax: Optional[int] = None,
        minimize: Optional[int] = None,
        maximize: Optional[int] = None,
    ) -> str:
        """Checks a DRAT proof; returns what it proves, else raises CheckError."""
    def solutions(
        self,
        *,
        unique: bool = False,
        limit: Optional[int] = None,
        disassemble: bool = False,
        max_states: Optional[int] = None,
        engine: Optional[str] = None,
        threads: Optional[int] = None,
        symmetry_breaking: bool = True,
    ) -> Solutions: ...
    def check(self, solution: Mapping[str, Any]) -> None: ...

def load(path: Union[str, "PathLike[str]"], problem: Optional[Union[int, str]] = None) -> Puzzle:
    """Reads a model file: TOML, or a BurrTools file (problem from 1, or its name)."""

def from_toml(text: str) -> Puzzle:
    """Reads a TOML model from a string."""

def snake_cube(blocks: Union[str, Sequence[int]], size: Tuple[int, int, int]) -> Puzzle:
    """A snake cube from its S/C letters (or segment lengths) and its box."""

def packing(
    pieces: Sequence[Mapping[str, Any]],
    *,
    size: Optional[Tuple[int, int, int]] = None,
    target: Optional[_Cells] = None,
    mirror: bool = False,
    name: Optional[str] = None,
    grid: str = "cubes",
) -> Puzzle:
    """A packing from its pieces into a box (size) or a set of cells (target),
    on one of BurrTools' grids ("cubes", "prisms", "spheres", "rhombic",
    "tetra-octa"), cells in that grid's coordinates."""

def verify_certificate(dir: Union[str, "PathLike[str]"], *, threads: Optional[int] = None) -> str:
    """Checks a count's certificate from its files; returns what it certifies,
    else raises CheckError."""
