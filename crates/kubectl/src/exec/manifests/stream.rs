//! The documents of one `-f` source that kubectl never reads: its
//! StreamVisitor turns each `---`-separated piece into JSON as it goes and
//! returns at the first piece that fails, so the documents before it are
//! still used while the ones after it (in the same file) are not; the
//! next file is read all the same, as the builder's ContinueOnError visits
//! every source. Failures after the conversion (an unknown kind, a field
//! of the wrong type) are the mapper's or the server's and do not stop it.
//!
//! The error is sigs.k8s.io/yaml's, under the visitor's `error parsing
//! SOURCE: `: `error converting YAML to JSON: yaml: line 5: …`, the line
//! counted within the piece as go-yaml v2 counts it.

use kubeplay_codec::{DecodeError, ErrorKind};

/// Whether `e` is a failure to turn a document into JSON, which ends the
/// reading of its source.
pub(super) fn stops_stream(e: &DecodeError) -> bool {
    matches!(
        e.kind,
        ErrorKind::Syntax(_)
            | ErrorKind::InvalidKey(_)
            | ErrorKind::UnsupportedValue(_)
            | ErrorKind::BadTag { .. }
            | ErrorKind::BadSeparator(_)
            | ErrorKind::TooDeep { .. }
            | ErrorKind::TooManyNodes { .. }
            | ErrorKind::InputTooLarge { .. }
            | ErrorKind::TooManyDocuments { .. }
    )
}

/// What the StreamVisitor says after `error parsing SOURCE: ` for a
/// document of `text` it could not read (sigs.k8s.io/yaml's words, or the
/// YAML reader's for a bad separator), or `None` for the playground's own
/// limits, worded its own way.
pub(super) fn conversion_error(text: &str, e: &DecodeError) -> Option<String> {
    let go = match &e.kind {
        ErrorKind::BadSeparator(_) => return Some(e.kind.to_string()),
        ErrorKind::Syntax(problem) => format!("yaml: {}", syntax(text, e, problem)),
        ErrorKind::BadTag { .. } => format!("yaml: {}", e.kind),
        ErrorKind::InvalidKey(_) | ErrorKind::UnsupportedValue(_) => e.kind.to_string(),
        _ => return None,
    };
    Some(format!("error converting YAML to JSON: {go}"))
}

/// libyaml's parser (not its scanner) reports these; go-yaml v2 prints a
/// parser error's 0-based line as it is, but adds one to a scanner's.
const PARSER_PROBLEMS: &[&str] = &[
    "did not find expected key",
    "did not find expected '-' indicator",
    "did not find expected node content",
    "did not find expected ',' or ']'",
    "did not find expected ',' or '}'",
    "did not find expected <document start>",
    "found undefined tag handle",
    "found duplicate %YAML directive",
    "found duplicate %TAG directive",
    "found incompatible YAML document",
];

/// go-yaml's `line N: problem` (no line when the problem is on the
/// piece's first line, nor for what its decoder, not its parser, refuses).
fn syntax(text: &str, e: &DecodeError, problem: &str) -> String {
    if problem == "found unknown anchor" {
        let name = e
            .line
            .zip(e.column)
            .and_then(|(l, c)| alias_at(text, l, c))
            .unwrap_or_default();
        return format!("unknown anchor '{name}' referenced");
    }
    if problem.starts_with("map merge requires") || problem.starts_with("!!binary") {
        return problem.to_string();
    }
    let Some(line) = e.line else {
        return problem.to_string();
    };
    let piece = piece_of(text, line);
    // 0-based, where libyaml marks the problem.
    let (marked, scanner) = if problem == "found unexpected end of stream" {
        // The scanner reached the end of the piece; saphyr marks where the unfinished token began.
        (piece.newlines, true)
    } else if problem == "did not find expected <document start>" {
        // The codec marks the directive; libyaml the token after the directives.
        let after = text.lines().skip(line).position(|l| {
            let t = l.trim();
            !(t.is_empty() || t.starts_with('#') || l.starts_with('%'))
        });
        let next = after.map_or(piece.first_line + piece.newlines, |i| line + 1 + i);
        (
            next.min(piece.first_line + piece.newlines) - piece.first_line,
            false,
        )
    } else {
        (line - piece.first_line, !PARSER_PROBLEMS.contains(&problem))
    };
    match marked {
        0 => problem.to_string(),
        n if scanner => format!("line {}: {problem}", n + 1),
        n => format!("line {n}: {problem}"),
    }
}

/// One piece kubectl's YAML reader hands go-yaml: the 1-based line it
/// starts on in the input and how many line breaks it holds.
#[derive(Debug, PartialEq)]
struct Piece {
    first_line: usize,
    newlines: usize,
}

/// The piece holding 1-based `line`. The reader ends a piece at a line
/// starting `---` and drops that line, unless the piece is still empty:
/// then the separator is the piece's first line (so a file that starts
/// with `---` counts it).
fn piece_of(text: &str, line: usize) -> Piece {
    let mut piece = Piece {
        first_line: 1,
        newlines: 0,
    };
    let mut empty = true;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        let n = i + 1;
        if l.starts_with("---") && !empty {
            if n > line {
                return piece;
            }
            empty = true;
            continue;
        }
        if empty {
            piece = Piece {
                first_line: n,
                newlines: 0,
            };
            empty = false;
        }
        piece.newlines += usize::from(l.ends_with('\n'));
    }
    piece
}

/// The name of the alias (`*name`) at 1-based `line` and `column`.
fn alias_at(text: &str, line: usize, column: usize) -> Option<String> {
    let l = text.lines().nth(line.checked_sub(1)?)?;
    let rest: String = l.chars().skip(column.checked_sub(1)?).collect();
    let name: String = rest
        .strip_prefix('*')?
        .chars()
        .take_while(|c| !c.is_whitespace() && !",[]{}".contains(*c))
        .collect();
    Some(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_codec::decode_manifests;

    const H: &str = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n";

    /// The first error of `text`, as kubectl 1.32 words it.
    fn first(text: &str) -> String {
        let e = decode_manifests(text)
            .items
            .into_iter()
            .find_map(Result::err)
            .expect("an error");
        assert!(stops_stream(&e), "{e}");
        conversion_error(text, &e).unwrap_or_else(|| panic!("no wording for {e}"))
    }

    // Each line is what `kubectl label --local -f FILE x=y` (1.32) printed
    // after "error parsing FILE: " for the same input.
    #[test]
    fn words_as_sigs_yaml_and_go_yaml_v2() {
        let cases: Vec<(String, &str)> = vec![
            (format!("{H}   bad: [\n"), "yaml: line 5: mapping values are not allowed in this context"),
            (format!("{H}data:\n  a: [1, 2\n"), "yaml: line 6: did not find expected ',' or ']'"),
            (format!("{H}data:e\n  b: c\n"), "yaml: line 6: could not find expected ':'"),
            (format!("{H}x:e\n  b: c\n  d: e\n"), "yaml: line 6: could not find expected ':'"),
            (format!("{H}x:e\n  b\n  d: e\n"), "yaml: line 7: could not find expected ':'"),
            (format!("{H}data:\n  a: 1\n b: 2\n"), "yaml: line 6: did not find expected key"),
            (format!("{H}data:\n  - a\n  b: c\n"), "yaml: line 6: did not find expected '-' indicator"),
            (format!("{H}data:\n  a: \"x\n"), "yaml: line 7: found unexpected end of stream"),
            (format!("{H}data:\n\ta: 1\n"), "yaml: line 6: found character that cannot start any token"),
            (format!("{H}data: {{a: 1\n"), "yaml: line 5: did not find expected ',' or '}'"),
            (format!("{H}data:\n  a: *x\n"), "yaml: unknown anchor 'x' referenced"),
            ("a: - b\n".into(), "yaml: block sequence entries are not allowed in this context"),
            ("a: 'x\n".into(), "yaml: line 2: found unexpected end of stream"),
            (format!("{H}data:\n  a: !!binary zz\n"), "yaml: !!binary value contains invalid base64 data"),
            (format!("{H}data:\n  a: 1\n- b\n"), "yaml: line 6: did not find expected key"),
            ("apiVersion: v1\nkind: [\n".into(), "yaml: line 2: did not find expected node content"),
            (format!("{H}data:\n  b: [1,\n"), "yaml: line 6: did not find expected node content"),
            (format!("{H}data:\n  <<: 3\n"), "yaml: map merge requires map or sequence of maps as the value"),
            (format!("{H}data:\n  a: !!int abc\n"), "yaml: cannot decode !!str `abc` as a !!int"),
            (format!("{H}x: .inf\n"), "json: unsupported value: +Inf"),
            (format!("{H}data:\n  null: x\n"), "unsupported map key of type: %!s(<nil>), key: <nil>, value: \"x\""),
            (format!("{H}data:\n  ~: x\n"), "unsupported map key of type: %!s(<nil>), key: <nil>, value: \"x\""),
            (format!("{H}x:\n  null: 1\n"), "unsupported map key of type: %!s(<nil>), key: <nil>, value: 1"),
            (format!("{H}x:\n  null: [a]\n"), "unsupported map key of type: %!s(<nil>), key: <nil>, value: []interface {}{\"a\"}"),
            (format!("{H}x:\n  null: {{a: 1}}\n"), "unsupported map key of type: %!s(<nil>), key: <nil>, value: map[interface {}]interface {}{\"a\":1}"),
            (format!("{H}x:\n  null:\n"), "unsupported map key of type: %!s(<nil>), key: <nil>, value: <nil>"),
            (format!("{H}x:\n  null: true\n"), "unsupported map key of type: %!s(<nil>), key: <nil>, value: true"),
            (format!("{H}x:\n  null: 1.5\n"), "unsupported map key of type: %!s(<nil>), key: <nil>, value: 1.5"),
            (format!("{H}x:\n  [a]: 1\n"), "yaml: invalid map key: []interface {}{\"a\"}"),
            ("%YAML 1.1\napiVersion: v1\nkind: ConfigMap\n".into(), "yaml: line 1: did not find expected <document start>"),
            ("# c\n%YAML 1.1\n\n# x\napiVersion: v1\n".into(), "yaml: line 4: did not find expected <document start>"),
            ("%YAML 1.1\n%TAG ! tag:x,2000:\napiVersion: v1\n".into(), "yaml: line 2: did not find expected <document start>"),
            ("# c\n%YAML 1.1\n".into(), "yaml: line 2: did not find expected <document start>"),
            ("# c\n%YAML 1.2\napiVersion: v1\n".into(), "yaml: line 1: found incompatible YAML document"),
            ("# c\n...\n".into(), "yaml: line 1: did not find expected node content"),
            // Lines count from where the reader's piece starts.
            (format!("---\n{H}   bad: [\n"), "yaml: line 6: mapping values are not allowed in this context"),
            (format!("# x\n---\n{H}   bad: [\n"), "yaml: line 5: mapping values are not allowed in this context"),
            (format!("{H}---\n---\n{H}   bad: [\n"), "yaml: line 6: mapping values are not allowed in this context"),
            (format!("{H}---\n---\n---\n{H}   bad: [\n"), "yaml: line 5: mapping values are not allowed in this context"),
            (format!("{H}---\n# c\n{H}   bad: [\n"), "yaml: line 6: mapping values are not allowed in this context"),
            (format!("{H}---\n{H}data:\n  a: 1\n b: 2\n"), "yaml: line 6: did not find expected key"),
        ];
        for (text, want) in &cases {
            assert_eq!(
                first(text),
                format!("error converting YAML to JSON: {want}"),
                "{text}"
            );
        }
    }

    // The reader's own error ends the input; the documents before it are read.
    #[test]
    fn a_bad_separator_is_the_readers_error() {
        let text = format!("{H}---\n{H}--- !!map\nkind: ConfigMap\n");
        let items = decode_manifests(&text).items;
        assert!(items[0].is_ok());
        let e = items[1].as_ref().unwrap_err();
        assert!(stops_stream(e));
        assert_eq!(
            conversion_error(&text, e).as_deref(),
            Some("invalid Yaml document separator: !!map")
        );
    }

    #[test]
    fn pieces_start_after_their_separator() {
        let text = "a: 1\n---\n---\n# c\nb: 2\n---\nc: 3";
        assert_eq!(
            piece_of(text, 1),
            Piece {
                first_line: 1,
                newlines: 1
            }
        );
        // A separator on an empty piece is the piece's own first line.
        assert_eq!(
            piece_of(text, 3),
            Piece {
                first_line: 3,
                newlines: 3
            }
        );
        assert_eq!(
            piece_of(text, 5),
            Piece {
                first_line: 3,
                newlines: 3
            }
        );
        assert_eq!(
            piece_of(text, 7),
            Piece {
                first_line: 7,
                newlines: 0
            }
        );
    }
}
