//! "Did you mean …?" for misspelt field and kind names: the closest
//! candidate by edit distance, when it is close enough to be a likely typo.

/// The candidate closest to `typed` (case-insensitive optimal string
/// alignment distance, so a swapped pair of letters counts as one edit), if
/// it is within a third of the typed length (at least one edit). Ties go to
/// the earlier candidate, so the answer is deterministic.
pub fn closest<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let t: Vec<char> = typed.to_lowercase().chars().collect();
    let limit = (t.len() / 3).max(1);
    let mut best: Option<(usize, &'a str)> = None;
    for c in candidates {
        if c == typed {
            continue;
        }
        let cl: Vec<char> = c.to_lowercase().chars().collect();
        let d = distance(&t, &cl);
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// Optimal string alignment distance (Levenshtein plus adjacent transposition).
fn distance(a: &[char], b: &[char]) -> usize {
    // Long inputs cannot be typos of a field name; skip the quadratic work.
    if a.len().abs_diff(b.len()) > 3 || a.len() > 64 || b.len() > 64 {
        return usize::MAX;
    }
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(w) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1).min(d[i * w + j - 1] + 1).min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
        }
    }
    d[a.len() * w + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEPLOYMENT_SPEC: &[&str] =
        &["replicas", "selector", "template", "strategy", "minReadySeconds", "revisionHistoryLimit", "paused", "progressDeadlineSeconds"];

    #[test]
    fn suggests_likely_typos_only() {
        let table = [
            ("replica", Some("replicas")),
            ("Replicas", Some("replicas")),
            ("replcias", Some("replicas")),
            ("selecter", Some("selector")),
            ("templat", Some("template")),
            ("minReadySecond", Some("minReadySeconds")),
            ("containers", None),
            ("foo", None),
            ("", None),
        ];
        for (typed, want) in table {
            assert_eq!(closest(typed, DEPLOYMENT_SPEC.iter().copied()), want, "{typed}");
        }
    }

    #[test]
    fn transposition_is_one_edit() {
        assert_eq!(closest("lables", ["labels", "annotations"]), Some("labels"));
        assert_eq!(closest("contianers", ["containers", "volumes"]), Some("containers"));
    }
}
