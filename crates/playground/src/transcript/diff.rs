//! A small unified diff (LCS over lines) for transcript mismatches.

/// Lines of `expected` vs `actual` as a unified diff with `context` lines
/// around each change; empty when equal.
pub fn unified(expected: &str, actual: &str, context: usize) -> String {
    let a: Vec<&str> = expected.lines().collect();
    let b: Vec<&str> = actual.lines().collect();
    if a == b {
        return String::new();
    }
    // LCS table; transcripts are small, so O(n·m) is fine (capped below).
    let (n, m) = (a.len().min(5000), b.len().min(5000));
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if a[i] == b[j] { lcs[i + 1][j + 1] + 1 } else { lcs[i + 1][j].max(lcs[i][j + 1]) };
        }
    }
    // Edit script: (tag, line) with ' ', '-', '+'.
    let mut ops: Vec<(char, &str)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            ops.push((' ', a[i]));
            i += 1;
            j += 1;
        } else if i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1]) {
            // Deletions first, as GNU diff prints them.
            ops.push(('-', a[i]));
            i += 1;
        } else {
            ops.push(('+', b[j]));
            j += 1;
        }
    }
    let changed: Vec<usize> = ops.iter().enumerate().filter(|(_, (t, _))| *t != ' ').map(|(k, _)| k).collect();
    let mut out = String::from("--- expected\n+++ actual\n");
    let mut k = 0;
    while k < changed.len() {
        let start = changed[k].saturating_sub(context);
        let mut end = changed[k] + context + 1;
        while k + 1 < changed.len() && changed[k + 1] <= end + context {
            k += 1;
            end = changed[k] + context + 1;
        }
        let end = end.min(ops.len());
        let old_start = ops[..start].iter().filter(|(t, _)| *t != '+').count() + 1;
        let new_start = ops[..start].iter().filter(|(t, _)| *t != '-').count() + 1;
        let old_len = ops[start..end].iter().filter(|(t, _)| *t != '+').count();
        let new_len = ops[start..end].iter().filter(|(t, _)| *t != '-').count();
        out.push_str(&format!("@@ -{old_start},{old_len} +{new_start},{new_len} @@\n"));
        for (t, l) in &ops[start..end] {
            out.push(*t);
            out.push_str(l);
            out.push('\n');
        }
        k += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_is_empty() {
        assert_eq!(unified("a\nb", "a\nb", 3), "");
    }

    #[test]
    fn shows_changed_lines_with_context() {
        let d = unified("a\nb\nc\nd", "a\nB\nc\nd", 1);
        assert_eq!(d, "--- expected\n+++ actual\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    }

    #[test]
    fn additions_at_end() {
        let d = unified("a", "a\nb", 3);
        assert_eq!(d, "--- expected\n+++ actual\n@@ -1,1 +1,2 @@\n a\n+b\n");
    }
}
