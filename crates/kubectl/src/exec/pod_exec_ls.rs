//! `ls` on a terminal: names in columns, as both ls implementations lay
//! them out when stdout is a tty (one per line otherwise). GNU ls (Debian
//! images) gives each column its own width and pads with tabs at every
//! eighth column; busybox gives every column the widest name's width and
//! pads with spaces. Both fill columns top to bottom. The terminal is 80
//! columns wide, the size kubectl passes for a standard terminal. Also
//! the order names are listed in ([`Order`]: `-t`, `-S`, `-r`), which
//! both implementations share.

/// The terminal's width.
pub const WIDTH: usize = 80;

/// The order `ls` lists names in: by name (bytes, as in the C locale the
/// images run in), newest first with `-t`, largest first with `-S`, ties
/// by name; `-r` reverses all of it. Of `-t` and `-S` the last given
/// wins, in coreutils and busybox alike. The times are those the
/// playground keeps: the image's entries all carry the container's
/// start, so they tie and stay in name order; what `kubectl exec` wrote
/// carries the time it was written (a directory keeps its own, not that
/// of the latest write inside it, as a real one would).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Order {
    key: Key,
    reverse: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Key {
    #[default]
    Name,
    Time,
    Size,
}

impl Order {
    /// Takes one of ls's sorting flags; false for any other letter.
    pub fn flag(&mut self, c: char) -> bool {
        match c {
            't' => self.key = Key::Time,
            'S' => self.key = Key::Size,
            'r' => self.reverse = true,
            _ => return false,
        }
        true
    }

    /// Whether names stay in the order the listing has them.
    pub fn by_name(&self) -> bool {
        *self == Order::default()
    }

    /// Sorts `rows`, given each one's name, modification time and size.
    pub fn sort<T, K: Ord>(&self, rows: &mut Vec<T>, facts: impl Fn(&T) -> (String, K, u64)) {
        let mut keyed: Vec<_> = std::mem::take(rows).into_iter().map(|r| (facts(&r), r)).collect();
        keyed.sort_by(|(a, _), (b, _)| {
            let first = match self.key {
                Key::Name => std::cmp::Ordering::Equal,
                Key::Time => b.1.cmp(&a.1),
                Key::Size => b.2.cmp(&a.2),
            };
            let o = first.then_with(|| a.0.cmp(&b.0));
            if self.reverse {
                o.reverse()
            } else {
                o
            }
        });
        rows.extend(keyed.into_iter().map(|(_, r)| r));
    }
}

/// Whether `ls ARGS` lists names in columns on a terminal: not with a
/// long listing or `-1`.
pub fn uses_columns(args: &[String]) -> bool {
    !args.iter().any(|a| a.starts_with('-') && !a.starts_with("--") && a.chars().any(|c| matches!(c, 'l' | '1' | 'n' | 'o' | 'g')))
}

/// Lays out ls's one-name-per-line output in columns: each run of names
/// between a directory's `NAME:` heading and a blank line is one listing.
pub fn columns(text: &str, gnu: bool, width: usize) -> String {
    let mut out = String::new();
    let mut names: Vec<&str> = Vec::new();
    let flush = |names: &mut Vec<&str>, out: &mut String| {
        if !names.is_empty() {
            out.push_str(&if gnu { gnu_layout(names, width) } else { busybox_layout(names, width) });
            names.clear();
        }
    };
    let mut after_blank = true;
    for line in text.lines() {
        // A heading (`DIR:`) starts a listing, after a blank line or first.
        if line.is_empty() || (after_blank && line.ends_with(':') && text.contains(":\n")) && text.lines().count() > 1 && (line.is_empty() || names.is_empty()) {
            flush(&mut names, &mut out);
            out.push_str(line);
            out.push('\n');
        } else {
            names.push(line);
        }
        after_blank = line.is_empty();
    }
    flush(&mut names, &mut out);
    out
}

fn len(s: &str) -> usize {
    s.chars().count()
}

/// coreutils' layout: the most columns whose widths (each its longest
/// name plus two, the last without) stay under the line.
fn gnu_layout(names: &[&str], width: usize) -> String {
    let n = names.len();
    let max_cols = (width / 3).clamp(1, n.max(1));
    let mut best = 1;
    for cols in 1..=max_cols {
        let rows = n.div_ceil(cols);
        let widths = gnu_widths(names, rows, cols);
        if widths.iter().sum::<usize>() < width {
            best = cols;
        }
    }
    let rows = n.div_ceil(best);
    let widths = gnu_widths(names, rows, best);
    let mut out = String::new();
    for r in 0..rows {
        let mut pos = 0;
        let mut col = 0;
        while let Some(name) = names.get(col * rows + r) {
            out.push_str(name);
            let next = col * rows + r + rows;
            if next >= n {
                break;
            }
            let (from, to) = (pos + len(name), pos + widths[col]);
            indent(&mut out, from, to);
            pos = to;
            col += 1;
        }
        out.push('\n');
    }
    out
}

fn gnu_widths(names: &[&str], rows: usize, cols: usize) -> Vec<usize> {
    let mut widths = vec![0; cols];
    for (i, name) in names.iter().enumerate() {
        let c = i / rows;
        if c >= cols {
            break;
        }
        let w = len(name) + if c + 1 == cols { 0 } else { 2 };
        widths[c] = widths[c].max(w);
    }
    widths
}

/// Pads from column `from` to `to` with tabs where a tab stop falls
/// before `to`, then spaces (coreutils' `indent`).
fn indent(out: &mut String, mut from: usize, to: usize) {
    while from < to {
        if to / 8 > (from + 1) / 8 {
            out.push('\t');
            from += 8 - from % 8;
        } else {
            out.push(' ');
            from += 1;
        }
    }
}

/// busybox's layout: every column as wide as the longest name plus two.
fn busybox_layout(names: &[&str], width: usize) -> String {
    let n = names.len();
    let column = names.iter().map(|s| len(s)).max().unwrap_or(0) + 2;
    let cols = (width / column).clamp(1, n.max(1));
    let rows = n.div_ceil(cols);
    let mut out = String::new();
    for r in 0..rows {
        let mut col = 0;
        while let Some(name) = names.get(col * rows + r) {
            out.push_str(name);
            if col * rows + r + rows < n {
                out.push_str(&" ".repeat(column - len(name)));
            }
            col += 1;
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOT: &[&str] =
        &["bin", "boot", "dev", "docker-entrypoint.d", "docker-entrypoint.sh", "etc", "home", "lib", "lib64", "media", "mnt", "opt", "proc", "root", "run", "sbin", "srv", "sys", "tmp", "usr", "var"];

    /// What coreutils 9.1's and busybox 1.35's `ls -C` print at 80 columns
    /// for nginx's root directory.
    #[test]
    fn the_two_layouts() {
        let text = ROOT.join("\n") + "\n";
        assert_eq!(
            columns(&text, true, 80),
            "bin   docker-entrypoint.d   home   media  proc\tsbin  tmp\nboot  docker-entrypoint.sh  lib    mnt\t  root\tsrv   usr\ndev   etc\t\t    lib64  opt\t  run\tsys   var\n"
        );
        assert_eq!(columns(&text, false, 80).lines().next(), Some("bin                   lib                   run"));
        assert_eq!(columns("a\nb\n", true, 80), "a  b\n");
        assert_eq!(columns("", true, 80), "");
    }

    /// What coreutils 9.1's and busybox 1.35's `ls` print with these
    /// flags for files with these times (seconds) and sizes.
    #[test]
    fn orders() {
        let files = [("b", 0, 0), ("a", 0, 0), ("c", 0, 0), ("z", 5, 0), ("m", 5, 6), ("d", 3, 4096)];
        let cases: &[(&str, &[&str])] = &[
            ("", &["a", "b", "c", "d", "m", "z"]),
            ("r", &["z", "m", "d", "c", "b", "a"]),
            ("t", &["m", "z", "d", "a", "b", "c"]),
            ("tr", &["c", "b", "a", "d", "z", "m"]),
            ("S", &["d", "m", "a", "b", "c", "z"]),
            ("Sr", &["z", "c", "b", "a", "m", "d"]),
            ("tS", &["d", "m", "a", "b", "c", "z"]),
            ("St", &["m", "z", "d", "a", "b", "c"]),
        ];
        for (flags, want) in cases {
            let mut order = Order::default();
            assert!(flags.chars().all(|c| order.flag(c)));
            let mut rows = files.to_vec();
            order.sort(&mut rows, |&(n, t, s)| (n.to_string(), t, s));
            let got: Vec<&str> = rows.iter().map(|r| r.0).collect();
            assert_eq!(got, *want, "-{flags}");
        }
        assert!(!Order::default().flag('x'));
        assert!(Order::default().by_name());
    }

    #[test]
    fn headings_stay() {
        assert_eq!(columns("f\n\n/d:\na\nb\n", true, 80), "f\n\n/d:\na  b\n");
        assert!(uses_columns(&["/".into()]));
        assert!(!uses_columns(&["-la".into()]));
        assert!(!uses_columns(&["-1".into()]));
    }
}
