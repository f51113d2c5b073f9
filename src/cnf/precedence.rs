use super::Formula;
use varisat::Lit;

/// Value precedence over a sequence of one-hot positions: value `t` may occur at
/// position `i` only if value `s` occurs at some earlier position.
/// `s_at[i]` / `t_at[i]` are the literals "position i takes value s / t".
///
/// Used for symmetry breaking: when swapping two values maps solutions to solutions,
/// demanding that the first occurrence of one precedes the other keeps one of each pair.
pub fn value_precedes(f: &mut Formula, s_at: &[Lit], t_at: &[Lit]) {
    assert_eq!(
        s_at.len(),
        t_at.len(),
        "one literal of each value per position"
    );
    if s_at.is_empty() {
        return;
    }
    // seen[i] <-> s occurs at a position <= i.
    let mut seen_before: Option<Lit> = None;
    for (i, (&s, &t)) in s_at.iter().zip(t_at).enumerate() {
        match seen_before {
            None => f.add_clause([!t]),
            Some(prev) => f.implies(t, prev),
        }
        if i + 1 == s_at.len() {
            break;
        }
        let seen = f.new_lit("aux:precedence-seen");
        f.implies(s, seen);
        match seen_before {
            None => f.implies(seen, s),
            Some(prev) => {
                f.implies(prev, seen);
                f.add_clause([!seen, prev, s]);
            }
        }
        seen_before = Some(seen);
    }
}

/// `values[0]` precedes `values[1]`, which precedes `values[2]`, and so on.
pub fn value_precedes_chain(f: &mut Formula, values: &[&[Lit]]) {
    for pair in values.windows(2) {
        value_precedes(f, pair[0], pair[1]);
    }
}
