//! "Did you mean": the closest known name to an unknown one, by edit distance, for the
//! errors `unknown function f` and `unknown name x`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// The edit distance (insertions, deletions, substitutions and swaps of two neighbours)
/// between `a` and `b`, or `None` once it is sure to pass `limit`.
fn distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    let w = b.len() + 1;
    let mut d = alloc::vec![0usize; (a.len() + 1) * w];
    for j in 0..w {
        d[j] = j;
    }
    for i in 1..=a.len() {
        d[i * w] = i;
        let mut row_min = i;
        for j in 1..w {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1)
                .min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
            row_min = row_min.min(v);
        }
        if row_min > limit {
            return None;
        }
    }
    let v = d[a.len() * w + b.len()];
    (v <= limit).then_some(v)
}

/// `; did you mean X?` for the candidate closest to `name` (at most one edit for a name of
/// up to 4 characters, two up to 8, three beyond; a candidate that differs only in case
/// or that `name` is a prefix of counts as one edit), or the empty string.
pub(crate) fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> String {
    let n = name.chars().count();
    let limit = match n {
        0..=2 => return String::new(),
        3..=4 => 1,
        5..=8 => 2,
        _ => 3,
    };
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if c == name {
            continue;
        }
        let d = if c.eq_ignore_ascii_case(name) || (c.starts_with(name) && n >= 5) {
            Some(1)
        } else {
            distance(name, c, limit)
        };
        if let Some(d) = d
            && best.is_none_or(|(b, bc)| d < b || (d == b && c < bc))
        {
            best = Some((d, c));
        }
    }
    match best {
        Some((_, c)) => format!("; did you mean {c}?"),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closest_name() {
        let names = ["logical_divide", "zipped_divide", "size", "cosize", "shape"];
        assert_eq!(
            did_you_mean("logical_divid", names),
            "; did you mean logical_divide?"
        );
        assert_eq!(did_you_mean("sizee", names), "; did you mean size?");
        assert_eq!(did_you_mean("szie", names), "; did you mean size?");
        assert_eq!(did_you_mean("Shape", names), "; did you mean shape?");
        assert_eq!(did_you_mean("frob", names), "");
        assert_eq!(did_you_mean("xy", names), "");
        assert_eq!(distance("kitten", "sitting", 3), Some(3));
        assert_eq!(distance("kitten", "sitting", 2), None);
    }
}
