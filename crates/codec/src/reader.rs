//! Reads YAML (and JSON, which is YAML) into located value trees, one per
//! document, the way Kubernetes reads a manifest file: documents are split
//! on `---` lines first (as kubectl's YAML reader does, refusing a `---`
//! followed by more than a comment), so a syntax error spoils only its own
//! document, and of each piece only the first document counts (go-yaml
//! reads no further than a `...`); where go-yaml and saphyr disagree on
//! syntax, go-yaml wins (see [`lenient`]) and errors are in go-yaml's
//! words; scalars resolve by go-yaml v2's YAML 1.1 rules; map keys become
//! strings as sigs.k8s.io/yaml converts them; a key written twice keeps
//! its last value and is noted; anchors, aliases and `<<` merges (in
//! go-yaml v2's order) are resolved under limits that stop "billion
//! laughs" inputs.

use crate::block;
use crate::lenient;
use crate::error::{DecodeError, ErrorKind};
use crate::gofloat::format_g;
use crate::limits::Limits;
use crate::scalar::{resolve_plain, Resolved};
use crate::tree::{Entry, Node, NodeValue};
use saphyr_parser::{Event, Parser, ScalarStyle, Tag};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

/// One non-empty document of the input.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// 1-based, counting only non-empty documents.
    pub index: usize,
    pub root: Node,
    /// Keys given twice in one map: the later value is kept.
    pub duplicates: Vec<Duplicate>,
}

/// A map key written again (`key` at `line`, first at `first_line`). As
/// kubectl 1.32 turns YAML (and JSON) into a Go map before sending it, the
/// last value wins and nothing is said; the playground notes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Duplicate {
    pub key: String,
    pub line: usize,
    pub column: usize,
    pub first_line: usize,
}

/// Reads every document of the input. Empty documents (nothing but
/// comments, or `null`) are skipped, as kubectl skips them. A failing
/// document yields an error and the others are still read; an error without
/// a document index concerns the whole input and ends the reading.
pub fn read_documents(input: &str, limits: &Limits) -> Vec<Result<Document, DecodeError>> {
    let mut out = Vec::new();
    if input.len() > limits.max_input_bytes {
        out.push(Err(DecodeError::whole_input(ErrorKind::InputTooLarge { size: input.len(), limit: limits.max_input_bytes })));
        return out;
    }
    let input = input.strip_prefix('\u{feff}').unwrap_or(input);
    let mut state = State { limits, next_index: 0, nodes: 0 };
    let (chunks, bad) = split(input);
    for chunk in chunks {
        if !state.read_chunk(chunk, &mut out) {
            return out;
        }
    }
    if let Some(bad) = bad {
        out.push(Err(DecodeError { line: Some(bad.line), ..DecodeError::whole_input(ErrorKind::BadSeparator(bad.text.to_string())) }));
    }
    out
}

/// A run of lines holding one document (sometimes more, after `...`).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Chunk<'a> {
    text: &'a str,
    /// 1-based line number of the chunk's first line in the input.
    first_line: usize,
}

/// A line starting `---` with more than a comment after it: kubectl's YAML
/// reader refuses the whole input there ("invalid Yaml document
/// separator"), dropping the document it was reading.
#[derive(Clone, Copy, Debug, PartialEq)]
struct BadSeparator<'a> {
    line: usize,
    text: &'a str,
}

/// Splits as kubectl's YAML reader does: every line starting with `---` is
/// a separator, and only a comment may follow it on its line. A chunk
/// starts after its separator line. Lines holding no content (comments,
/// blank lines) stay with the following document; a directive is content,
/// as kubectl hands it to go-yaml alone.
fn split(input: &str) -> (Vec<Chunk<'_>>, Option<BadSeparator<'_>>) {
    let mut chunks = Vec::new();
    let (mut start, mut start_line, mut has_content) = (0usize, 1usize, false);
    let mut offset = 0usize;
    let mut line_no = 0usize;
    while offset < input.len() {
        // A byte loop: lines are short, and `str::find` pays a setup per
        // call that costs more than the line (every line of a 1 MB bundle
        // passes here).
        let rest = &input.as_bytes()[offset..];
        let line = &input[offset..offset + rest.iter().position(|&b| b == b'\n').map_or(rest.len(), |i| i + 1)];
        line_no += 1;
        if let Some(after) = line.strip_prefix("---") {
            // Go's strings.TrimSpace.
            let after = after.trim_matches(|c: char| c.is_whitespace());
            if !after.is_empty() && !after.starts_with('#') {
                return (chunks, Some(BadSeparator { line: line_no, text: after }));
            }
            if has_content {
                chunks.push(Chunk { text: &input[start..offset], first_line: start_line });
            }
            offset += line.len();
            (start, start_line, has_content) = (offset, line_no + 1, false);
            continue;
        }
        // Once a document has content, only a separator matters.
        if !has_content {
            let t = line.trim();
            if !(t.is_empty() || t.starts_with('#')) {
                has_content = true;
            }
        }
        offset += line.len();
    }
    if has_content {
        chunks.push(Chunk { text: &input[start..], first_line: start_line });
    }
    (chunks, None)
}

struct State<'l> {
    limits: &'l Limits,
    /// Index of the last document numbered.
    next_index: usize,
    /// Nodes created so far in the whole input (aliases count in full).
    nodes: usize,
}

impl State<'_> {
    /// Reads one chunk's documents into `out`: by the block reader when the
    /// chunk is written in the YAML it reads, otherwise by saphyr. Returns
    /// false when reading must stop altogether (too many documents).
    fn read_chunk(&mut self, chunk: Chunk<'_>, out: &mut Vec<Result<Document, DecodeError>>) -> bool {
        // go-yaml skips a byte order mark at the start of what it reads,
        // and kubectl hands it each document on its own.
        let chunk = Chunk { text: chunk.text.strip_prefix('\u{feff}').unwrap_or(chunk.text), ..chunk };
        let nodes = self.nodes;
        let mut feed = Feed { builder: Builder::default(), limits: self.limits, nodes: &mut self.nodes, first_line: chunk.first_line };
        if block::read(chunk.text, &mut feed).is_err() {
            self.nodes = nodes;
            return self.parse_chunk(chunk, out);
        }
        let builder = feed.builder;
        #[cfg(debug_assertions)]
        let (from, mut saphyr) = (out.len(), State { limits: self.limits, next_index: self.next_index, nodes });
        let go_on = self.end_document(builder, out);
        #[cfg(debug_assertions)]
        {
            let mut expected = Vec::new();
            let saphyr_goes_on = saphyr.parse_chunk(chunk, &mut expected);
            assert!(
                out[from..] == expected[..] && go_on == saphyr_goes_on && (saphyr.nodes, saphyr.next_index) == (self.nodes, self.next_index),
                "the block reader and saphyr read {:?} differently",
                chunk.text
            );
        }
        go_on
    }

    /// Reads one chunk's document into `out` with saphyr, first looking for
    /// what go-yaml refuses and saphyr takes, and reading again, rewritten,
    /// what go-yaml takes and saphyr refuses (see [`lenient`]).
    fn parse_chunk(&mut self, chunk: Chunk<'_>, out: &mut Vec<Result<Document, DecodeError>>) -> bool {
        if let Some((line, message)) = directive_error(chunk.text) {
            return self.fail(out, ErrorKind::Syntax(message.into()), chunk.first_line + line, 1);
        }
        let scan = lenient::scan(chunk.text);
        if let Some((line, column)) = scan.bad_tab {
            return self.fail(out, ErrorKind::Syntax("found character that cannot start any token".into()), chunk.first_line + line, column);
        }
        let (index, nodes, from) = (self.next_index, self.nodes, out.len());
        let go_on = self.parse_text(chunk.text, chunk.first_line, None, out);
        let refused = |out: &[Result<Document, DecodeError>]| out.iter().any(|d| matches!(d, Err(DecodeError { kind: ErrorKind::Syntax(_), .. })));
        if !refused(&out[from..]) {
            return go_on;
        }
        let Some(rewrite) = scan.rewrite(chunk.text) else { return go_on };
        let first: Vec<_> = out.drain(from..).collect();
        let first_state = (self.next_index, self.nodes);
        (self.next_index, self.nodes) = (index, nodes);
        let again = self.parse_text(&rewrite.text, chunk.first_line, Some(&rewrite), out);
        if out[from..].iter().all(Result::is_ok) {
            return again;
        }
        out.truncate(from);
        out.extend(first);
        (self.next_index, self.nodes) = first_state;
        go_on
    }

    /// Reads the first document of `text` into `out` with saphyr: go-yaml
    /// reads only the first document of what kubectl's reader hands it, so
    /// anything after a `...` is never looked at. Columns are reported in
    /// the text as written when `text` is a rewrite.
    fn parse_text(&mut self, text: &str, first_line: usize, rewrite: Option<&lenient::Rewrite>, out: &mut Vec<Result<Document, DecodeError>>) -> bool {
        let mut parser = Parser::new_from_str(text);
        let mut doc: Option<Builder> = None;
        let at = |line: usize, col: usize| {
            let column = rewrite.map_or(col + 1, |r| r.column(line.saturating_sub(1), col + 1));
            (first_line + line.saturating_sub(1), column)
        };
        loop {
            let (event, span) = match parser.next_event() {
                None => return true,
                Some(Ok(e)) => e,
                Some(Err(e)) => {
                    let (line, column) = at(e.marker().line(), e.marker().col());
                    return self.fail(out, ErrorKind::Syntax(go_yaml_words(e.info())), line, column);
                }
            };
            let (line, column) = at(span.start.line(), span.start.col());
            let step = match event {
                Event::StreamEnd => return true,
                Event::StreamStart | Event::Nothing => Ok(()),
                Event::DocumentStart(_) => {
                    doc = Some(Builder::default());
                    Ok(())
                }
                Event::DocumentEnd => {
                    return match doc.take() {
                        Some(b) => self.end_document(b, out),
                        None => true,
                    };
                }
                other => match doc.as_mut() {
                    Some(b) => b.event(other, line, column, self.limits, &mut self.nodes),
                    None => Err(ErrorKind::Syntax("content outside a document".into())),
                },
            };
            if let Err(kind) = step {
                return self.fail(out, kind, line, column);
            }
        }
    }

    /// Adds a read document to `out` unless it is empty. Returns false when
    /// reading must stop altogether (too many documents).
    fn end_document(&mut self, b: Builder, out: &mut Vec<Result<Document, DecodeError>>) -> bool {
        let Some(root) = b.root else { return true };
        if root.is_null() {
            return true;
        }
        if self.next_index >= self.limits.max_documents {
            out.push(Err(DecodeError::whole_input(ErrorKind::TooManyDocuments { limit: self.limits.max_documents })));
            return false;
        }
        self.next_index += 1;
        out.push(Ok(Document { index: self.next_index, root, duplicates: b.duplicates }));
        true
    }

    /// Records a located error for the document being read; the rest of
    /// its chunk is skipped. Returns whether reading may go on.
    fn fail(&mut self, out: &mut Vec<Result<Document, DecodeError>>, kind: ErrorKind, line: usize, column: usize) -> bool {
        if self.next_index >= self.limits.max_documents {
            out.push(Err(DecodeError::whole_input(ErrorKind::TooManyDocuments { limit: self.limits.max_documents })));
            return false;
        }
        self.next_index += 1;
        let whole_input = matches!(kind, ErrorKind::TooManyNodes { .. });
        out.push(Err(DecodeError { document: Some(self.next_index), line: Some(line), column: Some(column), path: String::new(), kind, partial: None }));
        // The node budget is for the whole input: once spent, stop.
        !whole_input
    }
}

/// saphyr's words for a syntax error as go-yaml v2 puts it: go-yaml
/// gives only the problem ("did not find expected key"), never the
/// context saphyr (after libyaml) puts in front ("while parsing a block
/// mapping, "), and words a few problems its own way.
fn go_yaml_words(info: &str) -> String {
    let problem = match info.split_once(", ") {
        Some((context, problem)) if context.starts_with("while ") => problem,
        _ => info,
    };
    match problem {
        "tabs disallowed within this context (block indentation)" | "tab cannot be used as indentation" | "tabs disallowed in this context" => {
            "found character that cannot start any token"
        }
        "expected ',' or ']'" => "did not find expected ',' or ']'",
        "did not find expected <document-start>" => "did not find expected <document start>",
        // libyaml's scanner, while scanning a simple key whose `:` never comes.
        "simple key expect ':'" => "could not find expected ':'",
        p => p,
    }
    .to_string()
}

/// kubectl hands go-yaml the lines before a `---` as a document of their
/// own, so a directive is never followed by the `---` go-yaml wants, and
/// go-yaml v2 knows only YAML 1.1; nor is a `...` line a document. Returns
/// the 0-based line and go-yaml's words when the chunk starts with either.
fn directive_error(text: &str) -> Option<(usize, &'static str)> {
    let (no, line) = text.lines().enumerate().find(|(_, l)| {
        let t = l.trim();
        !(t.is_empty() || t.starts_with('#'))
    })?;
    // A document end before any node: go-yaml wants the node first.
    if line.starts_with("...") && line[3..].starts_with(|c: char| c.is_whitespace() || c == '#') || line == "..." {
        return Some((no, "did not find expected node content"));
    }
    let rest = line.strip_prefix('%')?;
    let mut words = rest.split_whitespace();
    if words.next() == Some("YAML") && words.next() != Some("1.1") {
        return Some((no, "found incompatible YAML document"));
    }
    Some((no, "did not find expected <document start>"))
}

/// The block reader's events, fed to a document's builder; any error the
/// builder finds gives up, for saphyr's reading to report it.
struct Feed<'l, 'n> {
    builder: Builder,
    limits: &'l Limits,
    nodes: &'n mut usize,
    first_line: usize,
}

impl block::Sink for Feed<'_, '_> {
    fn event(&mut self, event: Event<'_>, line: usize, column: usize) -> Result<(), block::GiveUp> {
        self.builder.event(event, self.first_line + line - 1, column, self.limits, self.nodes).map_err(|_| block::GiveUp)
    }
}

/// A finished node with what the limits need to know about it.
#[derive(Clone, Debug)]
struct Built {
    node: Node,
    /// Number of nodes in the subtree.
    size: usize,
    /// Levels in the subtree (1 for a scalar or an empty collection).
    height: usize,
}

#[derive(Default)]
struct Builder {
    stack: Vec<Frame>,
    /// The items of every open sequence and the entries of every open map,
    /// innermost last: each collection is moved out in one piece when it
    /// ends, instead of growing a vector of its own.
    items: Vec<Node>,
    entries: Vec<Entry>,
    anchors: BTreeMap<usize, Built>,
    root: Option<Node>,
    duplicates: Vec<Duplicate>,
}

struct Frame {
    line: usize,
    column: usize,
    anchor: usize,
    size: usize,
    height: usize,
    kind: FrameKind,
}

enum FrameKind {
    /// Its items are `items[from..]`.
    Seq { from: usize },
    Map(MapFrame),
}

struct MapFrame {
    /// Its entries are `entries[from..]`. Keys are unique: each key is
    /// checked against the earlier ones when it is read (it joins the
    /// entries once its value is read, before the next key); a key written
    /// again takes the earlier one's place.
    from: usize,
    /// Key → index among the map's entries, kept only once a map is large
    /// ([`INDEX_FROM`] entries): below that a scan of the entries is
    /// cheaper than copying every key into an index.
    index: Option<BTreeMap<String, usize>>,
    pending: Option<PendingKey>,
    /// Keys whose value came from a `<<` merge and has not been written
    /// since: writing them again is no duplicate.
    merged: BTreeSet<String>,
}

/// Entries from which a map keeps an index of its keys.
const INDEX_FROM: usize = 16;

impl MapFrame {
    fn new(from: usize) -> MapFrame {
        MapFrame { from, index: None, pending: None, merged: BTreeSet::new() }
    }

    /// Where `key` was first defined among `own` (this map's entries), if it was.
    fn position(&self, own: &[Entry], key: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.get(key).copied(),
            None => own.iter().position(|e| e.key == key),
        }
    }

    /// Adds `entry` to `entries`, whose tail from `self.from` is this map's.
    fn push(&mut self, entries: &mut Vec<Entry>, entry: Entry) {
        let len = entries.len() - self.from;
        match &mut self.index {
            Some(index) => {
                index.insert(entry.key.clone(), len);
            }
            None if len + 1 >= INDEX_FROM => {
                let mut index: BTreeMap<String, usize> = entries[self.from..].iter().enumerate().map(|(i, e)| (e.key.clone(), i)).collect();
                index.insert(entry.key.clone(), len);
                self.index = Some(index);
            }
            None => {}
        }
        entries.push(entry);
    }
}

enum PendingKey {
    /// `replaces`: the entry of the same key written earlier.
    Key { key: String, line: usize, column: usize, replaces: Option<usize> },
    Merge,
    /// sigs.k8s.io/yaml refuses a null key with its value in the message.
    Null,
}

impl Builder {
    fn event(&mut self, event: Event<'_>, line: usize, column: usize, limits: &Limits, nodes: &mut usize) -> Result<(), ErrorKind> {
        match event {
            Event::Scalar(text, style, anchor, tag) => {
                count(nodes, 1, limits)?;
                let merge = style == ScalarStyle::Plain && tag.is_none() && text == "<<";
                let value = scalar_value(text, style, tag.as_deref())?;
                let built = Built { node: Node::new(value, line, column), size: 1, height: 1 };
                self.finish(built, anchor, merge)
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                count(nodes, 1, limits)?;
                if self.stack.len() + 1 > limits.max_depth {
                    return Err(ErrorKind::TooDeep { limit: limits.max_depth });
                }
                let kind = if matches!(event, Event::SequenceStart(..)) { FrameKind::Seq { from: self.items.len() } } else { FrameKind::Map(MapFrame::new(self.entries.len())) };
                self.stack.push(Frame { line, column, anchor, size: 1, height: 1, kind });
                Ok(())
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let Some(frame) = self.stack.pop() else {
                    return Err(ErrorKind::Syntax("unbalanced collection end".into()));
                };
                let value = match frame.kind {
                    FrameKind::Seq { from } => NodeValue::Seq(self.items.drain(from..).collect()),
                    FrameKind::Map(m) => {
                        let own = self.entries.drain(m.from..).collect();
                        NodeValue::Map(own)
                    }
                };
                let built = Built { node: Node::new(value, frame.line, frame.column), size: frame.size, height: frame.height };
                self.finish(built, frame.anchor, false)
            }
            Event::Alias(id) => {
                let Some(target) = self.anchors.get(&id) else {
                    return Err(ErrorKind::Syntax("unknown anchor".into()));
                };
                count(nodes, target.size, limits)?;
                if self.stack.len() + target.height > limits.max_depth {
                    return Err(ErrorKind::TooDeep { limit: limits.max_depth });
                }
                let built = target.clone();
                self.finish(built, 0, false)
            }
            _ => Ok(()),
        }
    }

    /// Places a finished node in its parent (or as the root).
    fn finish(&mut self, built: Built, anchor: usize, merge_key: bool) -> Result<(), ErrorKind> {
        if anchor != 0 {
            self.anchors.insert(anchor, built.clone());
        }
        let Some(parent) = self.stack.last_mut() else {
            check_value(&built.node)?;
            self.root = Some(built.node);
            return Ok(());
        };
        parent.size += built.size;
        parent.height = parent.height.max(built.height + 1);
        match &mut parent.kind {
            FrameKind::Seq { .. } => {
                check_value(&built.node)?;
                self.items.push(built.node);
            }
            FrameKind::Map(m) => match m.pending.take() {
                None if merge_key => m.pending = Some(PendingKey::Merge),
                None if built.node.is_null() => m.pending = Some(PendingKey::Null),
                None => {
                    let (line, column) = (built.node.line, built.node.column);
                    let key = key_string(built.node.value)?;
                    let own = &self.entries[m.from..];
                    let replaces = m.position(own, &key);
                    if let Some(i) = replaces.filter(|_| !m.merged.remove(&key)) {
                        self.duplicates.push(Duplicate { key: key.clone(), line, column, first_line: own[i].key_line });
                    }
                    m.pending = Some(PendingKey::Key { key, line, column, replaces });
                }
                Some(PendingKey::Null) => {
                    // Go's `%+#v`: a nil value alone is `<nil>`, inside a collection `interface {}(nil)`.
                    let value = if built.node.is_null() { "<nil>".to_string() } else { go_sharp_v(&built.node.value) };
                    return Err(ErrorKind::InvalidKey(format!("unsupported map key of type: %!s(<nil>), key: <nil>, value: {value}")));
                }
                Some(PendingKey::Merge) => {
                    let ok = match &built.node.value {
                        NodeValue::Map(_) => true,
                        NodeValue::Seq(items) => items.iter().all(|i| matches!(i.value, NodeValue::Map(_))),
                        _ => false,
                    };
                    if !ok {
                        return Err(ErrorKind::Syntax("map merge requires map or sequence of maps as the value".into()));
                    }
                    // go-yaml v2 writes a merge's keys into the map when it
                    // meets `<<`, over what is there; keys written after it
                    // win in turn. Of a list of maps, the earlier win.
                    let sources = match built.node.value {
                        NodeValue::Map(entries) => vec![entries],
                        NodeValue::Seq(items) => items
                            .into_iter()
                            .rev()
                            .filter_map(|i| match i.value {
                                NodeValue::Map(entries) => Some(entries),
                                _ => None,
                            })
                            .collect(),
                        _ => Vec::new(),
                    };
                    for entry in sources.into_iter().flatten() {
                        match m.position(&self.entries[m.from..], &entry.key) {
                            Some(i) => {
                                m.merged.insert(entry.key.clone());
                                self.entries[m.from + i] = entry;
                            }
                            None => {
                                m.merged.insert(entry.key.clone());
                                m.push(&mut self.entries, entry);
                            }
                        }
                    }
                }
                Some(PendingKey::Key { key, line, column, replaces }) => {
                    check_value(&built.node)?;
                    let entry = Entry { key, key_line: line, key_column: column, value: built.node };
                    match replaces {
                        Some(i) => self.entries[m.from + i] = entry,
                        None => m.push(&mut self.entries, entry),
                    }
                }
            },
        }
        Ok(())
    }
}

fn count(nodes: &mut usize, n: usize, limits: &Limits) -> Result<(), ErrorKind> {
    *nodes = nodes.saturating_add(n);
    if *nodes > limits.max_nodes {
        Err(ErrorKind::TooManyNodes { limit: limits.max_nodes })
    } else {
        Ok(())
    }
}

/// Values that JSON cannot hold are rejected where they are used as values.
fn check_value(n: &Node) -> Result<(), ErrorKind> {
    match n.value {
        NodeValue::Float(f) if f.is_nan() => Err(ErrorKind::UnsupportedValue("NaN".into())),
        NodeValue::Float(f) if f.is_infinite() => {
            Err(ErrorKind::UnsupportedValue(if f > 0.0 { "+Inf".into() } else { "-Inf".into() }))
        }
        _ => Ok(()),
    }
}

/// sigs.k8s.io/yaml turns non-string keys into strings: ints in decimal,
/// floats as Go's `FormatFloat(f, 'g', -1, 32)`, booleans as `true`/`false`.
fn key_string(v: NodeValue) -> Result<String, ErrorKind> {
    Ok(match v {
        NodeValue::Str(s) => s,
        NodeValue::Int(i) => i.to_string(),
        NodeValue::Uint(u) => u.to_string(),
        NodeValue::Float(f) => match format_g(f, true).as_str() {
            "+Inf" => ".inf".into(),
            "-Inf" => "-.inf".into(),
            "NaN" => ".nan".into(),
            s => s.to_string(),
        },
        NodeValue::Bool(b) => b.to_string(),
        // Never reached: a null key waits for its value (`PendingKey::Null`).
        NodeValue::Null => return Err(ErrorKind::InvalidKey("invalid map key: null".into())),
        // go-yaml v2 cannot hash a list or map key; it shows it with %#v.
        v @ (NodeValue::Seq(_) | NodeValue::Map(_)) => return Err(ErrorKind::InvalidKey(format!("yaml: invalid map key: {}", go_sharp_v(&v)))),
    })
}

/// Go's `%#v` of what go-yaml v2 decodes a node into (`[]interface {}`,
/// `map[interface {}]interface {}` with its keys sorted, as fmt prints
/// maps). Keys are strings here already.
fn go_sharp_v(v: &NodeValue) -> String {
    let quote = |s: &str| serde_json::Value::String(s.to_string()).to_string();
    match v {
        NodeValue::Null => "interface {}(nil)".into(),
        NodeValue::Bool(b) => b.to_string(),
        NodeValue::Int(i) => i.to_string(),
        NodeValue::Uint(u) => u.to_string(),
        NodeValue::Float(f) => format_g(*f, false),
        NodeValue::Str(s) => quote(s),
        NodeValue::Seq(items) => format!("[]interface {{}}{{{}}}", items.iter().map(|i| go_sharp_v(&i.value)).collect::<Vec<_>>().join(", ")),
        NodeValue::Map(entries) => {
            let mut pairs: Vec<_> = entries.iter().map(|e| (e.key.as_str(), go_sharp_v(&e.value.value))).collect();
            pairs.sort();
            let body: Vec<String> = pairs.into_iter().map(|(k, v)| format!("{}:{v}", quote(k))).collect();
            format!("map[interface {{}}]interface {{}}{{{}}}", body.join(", "))
        }
    }
}

/// The value of a scalar event: plain scalars resolve by YAML 1.1 rules,
/// quoted and block scalars are strings, explicit core tags are checked the
/// way go-yaml checks them, other tags leave the text as a string.
///
/// Takes the parser's text so that strings (most scalars) are moved into
/// the tree, not copied.
fn scalar_value(text: Cow<'_, str>, style: ScalarStyle, tag: Option<&Tag>) -> Result<NodeValue, ErrorKind> {
    let wanted = match tag {
        None if style == ScalarStyle::Plain => None,
        None => return Ok(NodeValue::Str(text.into_owned())),
        Some(t) if t.is_yaml_core_schema() && matches!(t.suffix.as_str(), "null" | "bool" | "int" | "float") => Some(t.suffix.as_str()),
        // go-yaml v2 decodes `!!binary` into a string of the bytes, which
        // JSON then carries (bytes that are not UTF-8 as U+FFFD).
        Some(t) if t.is_yaml_core_schema() && t.suffix == "binary" => {
            return match kubeplay_model::base64::decode_strict(&text) {
                Ok(bytes) => Ok(NodeValue::Str(String::from_utf8_lossy(&bytes).into_owned())),
                Err(_) => Err(ErrorKind::Syntax("!!binary value contains invalid base64 data".into())),
            };
        }
        Some(_) => return Ok(NodeValue::Str(text.into_owned())),
    };
    let resolved = resolve_plain(&text);
    let value = match (&resolved, wanted) {
        (Resolved::Null, None | Some("null")) => NodeValue::Null,
        (Resolved::Bool(b), None | Some("bool")) => NodeValue::Bool(*b),
        (Resolved::Int(i), None | Some("int")) => NodeValue::Int(*i),
        (Resolved::Uint(u), None | Some("int")) => NodeValue::Uint(*u),
        (Resolved::BigInt(f), None | Some("int")) => NodeValue::Float(*f),
        (Resolved::Float(f), None | Some("float")) => NodeValue::Float(*f),
        (Resolved::Int(i), Some("float")) => NodeValue::Float(*i as f64),
        (Resolved::Uint(u), Some("float")) => NodeValue::Float(*u as f64),
        (Resolved::Timestamp | Resolved::Str, None) => NodeValue::Str(text.into_owned()),
        (r, Some(w)) => {
            let got = match r {
                Resolved::Null => "!!null",
                Resolved::Bool(_) => "!!bool",
                Resolved::Int(_) | Resolved::Uint(_) | Resolved::BigInt(_) => "!!int",
                Resolved::Float(_) => "!!float",
                Resolved::Timestamp => "!!timestamp",
                Resolved::Str => "!!str",
            };
            return Err(ErrorKind::BadTag { tag: got.into(), value: text.to_string(), wanted: format!("!!{w}") });
        }
    };
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::NodeValue as V;

    fn read(input: &str) -> Vec<Result<Document, DecodeError>> {
        read_documents(input, &Limits::default())
    }

    fn one(input: &str) -> Node {
        let mut docs = read(input);
        assert_eq!(docs.len(), 1, "{docs:?}");
        docs.remove(0).expect("document").root
    }

    fn err(input: &str) -> DecodeError {
        read(input).into_iter().find_map(Result::err).expect("an error")
    }

    // kubectl's YAMLReader: a line starting `---` separates, and only a
    // comment may follow it; a chunk starts after its separator line.
    #[test]
    fn splits_documents_on_separator_lines() {
        let (chunks, bad) = split("a: 1\n---\nb: 2\n--- # c\nc: 3\n---\n");
        assert_eq!(bad, None);
        assert_eq!(chunks.iter().map(|c| (c.text, c.first_line)).collect::<Vec<_>>(), [("a: 1\n", 1), ("b: 2\n", 3), ("c: 3\n", 5)]);
        // Leading comments before a first `---` hold no content.
        let (chunks, _) = split("# hello\n---\na: 1\n");
        assert_eq!(chunks, vec![Chunk { text: "a: 1\n", first_line: 3 }]);
        // A directive is content: go-yaml gets it alone.
        let (chunks, _) = split("%YAML 1.1\n---\na: 1\n");
        assert_eq!(chunks.len(), 2);
        // `---` inside a line is content.
        assert_eq!(split("a: ---x\n").0.len(), 1);
        // Anything but a comment after `---` ends the input, dropping the
        // document being read.
        for (input, text) in [("a: 1\n---\nb: 2\n---x: 1\nc: 3\n", "x: 1"), ("a: 1\n----\n", "-"), ("--- |\n  x\n", "|")] {
            let (chunks, bad) = split(input);
            assert!(chunks.len() <= 1, "{input:?}");
            assert_eq!(bad.map(|b| b.text), Some(text), "{input:?}");
        }
    }

    #[test]
    fn locates_nodes_in_the_whole_input() {
        let docs = read("a: 1\n---\nkind: Pod\nspec:\n  replicas: three\n");
        let second = docs[1].as_ref().unwrap();
        assert_eq!(second.index, 2);
        let r = second.root.get("spec").unwrap().get("replicas").unwrap();
        assert_eq!((r.line, r.column), (5, 13));
        assert_eq!(r.value, V::Str("three".into()));
    }

    #[test]
    fn empty_and_null_documents_are_skipped_without_a_number() {
        let docs = read("---\n# only a comment\n---\n~\n---\na: 1\n---\n");
        assert_eq!(docs.len(), 1);
        assert_eq!(docs[0].as_ref().unwrap().index, 1);
    }

    #[test]
    fn a_syntax_error_spoils_only_its_document() {
        let docs = read("a: 1\n---\nb: [1, 2\nc: 3\n---\nd: 4\n");
        assert_eq!(docs.len(), 3);
        assert!(docs[0].is_ok());
        let e = docs[1].as_ref().unwrap_err();
        assert_eq!(e.document, Some(2));
        assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{e}");
        assert_eq!(docs[2].as_ref().unwrap().index, 3);
    }

    #[test]
    fn scalars_resolve_by_yaml_1_1_and_quotes_keep_strings() {
        let n = one("a: yes\nb: 'yes'\nc: 0x1F\nd: \"80\"\ne:\nf: ~\ng: 1.5\nh: !!str 80\ni: 2024-01-01\nj: |\n  x\n");
        let v = |k: &str| n.get(k).unwrap().value.clone();
        assert_eq!(v("a"), V::Bool(true));
        assert_eq!(v("b"), V::Str("yes".into()));
        assert_eq!(v("c"), V::Int(31));
        assert_eq!(v("d"), V::Str("80".into()));
        assert_eq!(v("e"), V::Null);
        assert_eq!(v("f"), V::Null);
        assert_eq!(v("g"), V::Float(1.5));
        assert_eq!(v("h"), V::Str("80".into()));
        assert_eq!(v("i"), V::Str("2024-01-01".into()));
        assert_eq!(v("j"), V::Str("x\n".into()));
    }

    // sigs.k8s.io/yaml's TestYAMLToJSON: non-string keys become strings.
    #[test]
    fn keys_become_strings_like_sigs_yaml() {
        // `true` and `on` both resolve to the boolean true: one key, the
        // later value.
        let n = one("1: a\n1.5: b\ntrue: c\non: d\n");
        assert_eq!(n.get("true").map(|v| v.value.clone()), Some(V::Str("d".into())));
        let n = one("1: a\n1.5: b\ntrue: c\n0.1: e\n1e10: f\n");
        let keys: Vec<_> = match &n.value {
            V::Map(e) => e.iter().map(|e| e.key.clone()).collect(),
            _ => vec![],
        };
        assert_eq!(keys, ["1", "1.5", "true", "0.1", "1e+10"]);
    }

    // Real kubectl 1.32, `create --dry-run=client -o yaml` of a map with a
    // key written twice (YAML or JSON): the last value, and no complaint.
    #[test]
    fn duplicate_keys_keep_the_last_value_and_are_noted() {
        let docs = read_documents("apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  name: b\n", &Limits::default());
        let doc = docs.into_iter().next().unwrap().unwrap();
        assert_eq!(doc.root.get("metadata").and_then(|m| m.get("name")).map(|v| v.value.clone()), Some(V::Str("b".into())));
        assert_eq!(doc.duplicates, [Duplicate { key: "name".into(), line: 5, column: 3, first_line: 4 }]);
    }

    #[test]
    fn duplicate_keys_in_large_maps() {
        // Past INDEX_FROM entries the keys are looked up in an index.
        for n in [INDEX_FROM - 2, INDEX_FROM - 1, INDEX_FROM, INDEX_FROM + 5] {
            let mut doc: String = (0..n).map(|i| format!("k{i}: {i}\n")).collect();
            assert_eq!(one(&doc).to_json().as_object().map(|m| m.len()), Some(n));
            doc.push_str("k3: again\n");
            let again = one(&doc);
            assert_eq!(again.get("k3").map(|v| v.value.clone()), Some(V::Str("again".into())), "{n} keys");
            assert_eq!(again.to_json().as_object().map(|m| m.len()), Some(n));
        }
        // As go-yaml v2 merges: a merge overrides keys written before it,
        // however many, and keys written after it override the merge.
        let keys: String = (0..20).map(|i| format!("k{i}: {i}, ")).collect();
        let n = one(&format!("base: &b {{{keys}x: 1}}\nother:\n  k7: own\n  <<: *b\n  k9: own\n"));
        let other = n.get("other").unwrap();
        assert_eq!(other.get("k7").unwrap().value, V::Int(7));
        assert_eq!(other.get("k9").unwrap().value, V::Str("own".into()));
        assert_eq!(other.get("x").unwrap().value, V::Int(1));
        assert_eq!(other.to_json().as_object().map(|m| m.len()), Some(21));
    }

    #[test]
    fn anchors_aliases_and_merges() {
        let n = one("base: &b {a: 1, b: 2}\nother:\n  <<: *b\n  b: 3\nlist: [*b, *b]\n");
        let other = n.get("other").unwrap();
        assert_eq!(other.get("a").unwrap().value, V::Int(1));
        assert_eq!(other.get("b").unwrap().value, V::Int(3));
        assert!(other.get("<<").is_none());
        assert!(matches!(&n.get("list").unwrap().value, V::Seq(items) if items.len() == 2));
    }

    #[test]
    fn billion_laughs_hits_the_node_limit() {
        let mut doc = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
        for w in names.windows(2) {
            doc.push_str(&format!("{}: &{} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n", w[1], w[1], p = w[0]));
        }
        let e = err(&doc);
        assert!(matches!(e.kind, ErrorKind::TooManyNodes { .. }), "{e}");
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        // The parser bounds flow nesting itself.
        let e = err(&"[".repeat(100_000));
        assert!(matches!(e.kind, ErrorKind::Syntax(_) | ErrorKind::TooDeep { .. }), "{e}");
        let mut block = String::new();
        for level in 0..150 {
            block.push_str(&format!("{}a:\n", "  ".repeat(level)));
        }
        let e = err(&block);
        assert_eq!(e.kind, ErrorKind::TooDeep { limit: 64 });
        assert_eq!(e.line, Some(65));
    }

    #[test]
    fn infinity_is_not_a_json_value() {
        let e = err("a: .inf\n");
        assert_eq!(e.kind, ErrorKind::UnsupportedValue("+Inf".into()));
        // As a key it is only a string.
        assert!(one(".inf: a\n").get(".inf").is_some());
    }

    #[test]
    fn explicit_tags_are_checked() {
        assert_eq!(one("a: !!int \"5\"\n").get("a").unwrap().value, V::Int(5));
        let e = err("a: !!int abc\n");
        assert_eq!(e.kind.to_string(), "cannot decode !!str `abc` as a !!int");
        assert_eq!(one("a: !custom 5\n").get("a").unwrap().value, V::Str("5".into()));
    }

    #[test]
    fn json_is_yaml() {
        let n = one("{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [{\"a\": 1.0, \"b\": true, \"c\": null}]}");
        assert_eq!(n.get("kind").unwrap().as_str(), Some("List"));
        let item = match &n.get("items").unwrap().value {
            V::Seq(items) => items[0].clone(),
            _ => panic!("items"),
        };
        assert_eq!(item.get("a").unwrap().value, V::Float(1.0));
        assert_eq!(item.to_json(), serde_json::json!({"a": 1, "b": true, "c": null}));
    }

    #[test]
    fn input_size_limit() {
        let limits = Limits { max_input_bytes: 10, ..Limits::default() };
        let out = read_documents("a: 12345678901234\n", &limits);
        assert_eq!(out.len(), 1);
        assert!(matches!(out[0].as_ref().unwrap_err().kind, ErrorKind::InputTooLarge { size: 18, limit: 10 }));
    }

    // The rewrite only adds white space where go-yaml ignores it: wherever
    // saphyr reads both the text as written and the rewrite, it reads the
    // same documents, at the same lines and columns.
    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 5000, failure_persistence: None, ..Default::default() })]
        #[test]
        fn rewrites_read_alike(bits in proptest::collection::vec(proptest::sample::select(&[
            "a: ", "b:\t", "- ", "-\t", "? ", ": ", "[", "]", "{", "}", ", ", "\"", "'", "''", "\\", "x", "1", "# c", "|", ">-",
            "&a ", "*a", "!!str ", "\n", "\n  ", "\n    ", "\n\t", " ", "\u{e9}", "...", "---", "\r\n", "#", "<<: *a", "\"x\\", "a:b",
        ][..]), 0..40)) {
            let text: String = bits.concat();
            let scan = lenient::scan(&text);
            if let Some(rewrite) = scan.rewrite(&text) {
                let limits = Limits::default();
                let read = |t: &str, r: Option<&lenient::Rewrite>| {
                    let mut out = Vec::new();
                    State { limits: &limits, next_index: 0, nodes: 0 }.parse_text(t, 1, r, &mut out);
                    out
                };
                let (plain, rewritten) = (read(&text, None), read(&rewrite.text, Some(&rewrite)));
                if plain.iter().all(Result::is_ok) && rewritten.iter().all(Result::is_ok) {
                    proptest::prop_assert_eq!(plain, rewritten, "{:?}", text);
                }
            }
            let _ = read_documents(&text, &Limits::default());
        }
    }

    #[test]
    fn document_count_limit() {
        let limits = Limits { max_documents: 2, ..Limits::default() };
        let out = read_documents("a: 1\n---\nb: 2\n---\nc: 3\n---\nd: 4\n", &limits);
        assert_eq!(out.len(), 3);
        assert!(matches!(out[2].as_ref().unwrap_err().kind, ErrorKind::TooManyDocuments { limit: 2 }));
    }
}
