//! Going further than the snake: digits for its parity grid that make a sudoku, and
//! the check of a grid of digits someone claims is one.

use super::SudokuSnake;
use crate::cnf::{Formula, Lit, exactly_one};
use crate::solve::{Outcome, SatSolver, SolveError};
use crate::types::Violation;

impl SudokuSnake {
    /// Digits 1..=size on the grid, every unit holding each digit once, even digits
    /// exactly on the even cells: `Ok(None)` when the parity grid admits no sudoku.
    pub fn extend_to_sudoku(
        &self,
        even: &[Vec<bool>],
    ) -> Result<Option<Vec<Vec<usize>>>, SolveError> {
        let n = self.rules.size;
        let evens = n / 2;
        if evens != self.rules.even_per_unit {
            return Err(SolveError(format!(
                "digits 1 to {n} have {evens} even ones, but each unit has {} even cells",
                self.rules.even_per_unit
            )));
        }
        let mut f = Formula::new();
        let x: Vec<Vec<Lit>> = (0..n * n)
            .map(|i| {
                (1..=n)
                    .map(|d| f.new_lit(format!("cell [{}, {}] holds {d}", i / n, i % n)))
                    .collect()
            })
            .collect();
        for (i, digits) in x.iter().enumerate() {
            exactly_one(&mut f, digits);
            for (k, &lit) in digits.iter().enumerate() {
                if ((k + 1) % 2 == 0) != even[i / n][i % n] {
                    f.add_clause([!lit]);
                }
            }
        }
        // Every digit once per unit.
        let holding = |unit: &[usize], digit: usize| -> Vec<Lit> {
            unit.iter().map(|&i| x[i][digit]).collect()
        };
        for unit in &self.units {
            for digit in 0..n {
                exactly_one(&mut f, &holding(unit, digit));
            }
        }
        let mut solver = SatSolver::new(&f);
        Ok(match solver.solve()? {
            Outcome::Unsatisfiable => None,
            Outcome::Satisfiable(m) => Some(
                (0..n)
                    .map(|r| {
                        (0..n)
                            .map(|c| {
                                x[r * n + c]
                                    .iter()
                                    .position(|&l| m.lit(l))
                                    .map_or(0, |k| k + 1)
                            })
                            .collect()
                    })
                    .collect(),
            ),
        })
    }

    /// Whether `digits` is a sudoku of this grid (digits 1..=size, each once in
    /// every row, column and box) whose even digits lie exactly on the even cells.
    pub fn check_digits(&self, even: &[Vec<bool>], digits: &[Vec<usize>]) -> Result<(), Violation> {
        let n = self.rules.size;
        if digits.len() != n || digits.iter().any(|row| row.len() != n) {
            return Err(Violation(format!(
                "the sudoku must be {n} rows of {n} digits"
            )));
        }
        for (r, row) in digits.iter().enumerate() {
            for (c, &d) in row.iter().enumerate() {
                if !(1..=n).contains(&d) {
                    return Err(Violation(format!(
                        "cell [{r}, {c}] holds {d}, not a digit from 1 to {n}"
                    )));
                }
                if (d % 2 == 0) != even[r][c] {
                    let parity = if even[r][c] { "even" } else { "odd" };
                    return Err(Violation(format!(
                        "cell [{r}, {c}] holds {d} but is {parity} on the snake's grid"
                    )));
                }
            }
        }
        for unit in &self.units {
            let mut seen = vec![false; n + 1];
            for &i in unit {
                let d = digits[i / n][i % n];
                if std::mem::replace(&mut seen[d], true) {
                    return Err(Violation(format!(
                        "digit {d} appears twice in the unit of cell [{}, {}]",
                        i / n,
                        i % n
                    )));
                }
            }
        }
        Ok(())
    }
}
