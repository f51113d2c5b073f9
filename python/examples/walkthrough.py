"""A first look at puzzlesat from Python, cell by cell as in a notebook:
load a model, solve it, count it, stream solutions, build a puzzle from code.

Run from the repository's root: python python/examples/walkthrough.py
"""

import puzzlesat

# A bundled model: Piet Hein's Soma cube.
soma = puzzlesat.load("models/packing/soma.toml")
print(soma.name, "-", soma.summary)

# One solution (the same on every run), as text and as the JSON dict.
solution = soma.solve()
print(solution.text)
print(sorted(solution.to_dict()))

# Every solution, and the solutions up to symmetry.
count = soma.count(unique=True)
print(f"{count.solutions} solutions, {count.unique} up to symmetry, in {count.seconds:.3f} s")

# Stream the first three classes; leaving the loop stops the search.
for k, s in enumerate(soma.solutions(unique=True, limit=3), start=1):
    print(f"class {k}:", [piece["name"] for piece in s.to_dict()["pieces"]])

# A puzzle built from code: a 2x2x2 snake cube of eight corners.
cube = puzzlesat.snake_cube("SCCCCCCS", size=(2, 2, 2))
print(cube.count(unique=True))

# A wrong solution is caught by the family's own check.
broken = solution.to_dict()
broken["pieces"][0]["cells"][0] = [9, 9, 9]
try:
    soma.check(broken)
except puzzlesat.CheckError as e:
    print("check:", e)
