//! A small regular-expression engine for the terminal's `grep` (POSIX basic
//! and extended syntax with GNU's extensions) and for OpenAPI schema
//! `pattern`s (ECMA-262 syntax).
//!
//! Matching simulates the compiled NFA one input character at a time with
//! every live thread in step (Pike's VM), so time is linear in the text for
//! a given pattern and no pattern can make the page freeze; that rules out
//! back-references and look-around, which are refused with an error. A
//! match is POSIX's leftmost-longest, as `grep -o` prints it. What each
//! group matched (sed's `\1`) comes from a second program that also
//! records positions, built only when asked for ([`Regex::captures_at`],
//! in `captures.rs`), so searches never pay for it.
//!
//! Error texts are glibc's (as GNU grep prints them after "grep: ").

use std::fmt;
use std::sync::OnceLock;

/// Which dialect a pattern is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// POSIX basic (grep's default), with GNU's `\+ \? \| \w \b \< \>`.
    Basic,
    /// POSIX extended (`grep -E`), with the same GNU extensions.
    Extended,
    /// ECMA-262 (JavaScript), as OpenAPI's `pattern` is defined.
    Ecma,
    /// Every character stands for itself (`grep -F`).
    Fixed,
}

/// How a match is constrained, as grep's `-i`, `-w` and `-x` ask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub ignore_case: bool,
    /// The match has no word character right before or after it.
    pub whole_word: bool,
    /// The match is the whole text.
    pub whole_line: bool,
}

/// Why a pattern was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegexError {
    UnmatchedParen,
    UnmatchedCloseParen,
    UnmatchedBracket,
    UnmatchedBrace,
    Invalid,
    TrailingBackslash,
    InvalidRangeEnd,
    InvalidClassName,
    /// `[:digit:]` written without the outer brackets.
    ClassSyntax,
    InvalidInterval,
    TooBig,
    InvalidBackReference,
    NothingToRepeat,
    /// Valid syntax this engine does not implement (back-references,
    /// look-around), named.
    Unsupported(&'static str),
}

impl fmt::Display for RegexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RegexError::UnmatchedParen => "Unmatched ( or \\(",
            RegexError::UnmatchedCloseParen => "Unmatched ) or \\)",
            RegexError::UnmatchedBracket => "Unmatched [, [^, [:, [., or [=",
            RegexError::UnmatchedBrace => "Unmatched \\{",
            RegexError::Invalid => "Invalid regular expression",
            RegexError::TrailingBackslash => "Trailing backslash",
            RegexError::InvalidRangeEnd => "Invalid range end",
            RegexError::InvalidClassName => "Invalid character class name",
            RegexError::ClassSyntax => "character class syntax is [[:space:]], not [:space:]",
            RegexError::InvalidInterval => "Invalid content of \\{\\}",
            RegexError::TooBig => "Regular expression too big",
            RegexError::InvalidBackReference => "Invalid back reference",
            RegexError::NothingToRepeat => "Nothing to repeat",
            RegexError::Unsupported(what) => {
                return write!(f, "(playground) {what} are not supported")
            }
        })
    }
}

impl std::error::Error for RegexError {}

/// POSIX's largest repeat count (`RE_DUP_MAX`).
const DUP_MAX: u32 = 32767;
/// Most instructions a compiled pattern may have: bounds the work per
/// input character, so that no pattern makes a search slow. GNU takes
/// larger patterns (`a\{32767\}`); these say "Regular expression too big".
const MAX_INSTS: usize = 10_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Posix {
    Alpha,
    Digit,
    Alnum,
    Upper,
    Lower,
    Space,
    Blank,
    Punct,
    Print,
    Graph,
    Cntrl,
    Xdigit,
    /// GNU's and ECMA's `\w`.
    Word,
    /// ECMA's `\w`: ASCII only.
    AsciiWord,
}

impl Posix {
    fn by_name(name: &str) -> Option<Posix> {
        Some(match name {
            "alpha" => Posix::Alpha,
            "digit" => Posix::Digit,
            "alnum" => Posix::Alnum,
            "upper" => Posix::Upper,
            "lower" => Posix::Lower,
            "space" => Posix::Space,
            "blank" => Posix::Blank,
            "punct" => Posix::Punct,
            "print" => Posix::Print,
            "graph" => Posix::Graph,
            "cntrl" => Posix::Cntrl,
            "xdigit" => Posix::Xdigit,
            _ => return None,
        })
    }

    fn has(self, c: char) -> bool {
        match self {
            Posix::Alpha => c.is_alphabetic(),
            Posix::Digit => c.is_ascii_digit(),
            Posix::Alnum => c.is_alphanumeric(),
            Posix::Upper => c.is_uppercase(),
            Posix::Lower => c.is_lowercase(),
            Posix::Space => c.is_whitespace(),
            Posix::Blank => c == ' ' || c == '\t',
            Posix::Punct => c.is_ascii_punctuation(),
            Posix::Print => !c.is_control(),
            Posix::Graph => !c.is_control() && !c.is_whitespace(),
            Posix::Cntrl => c.is_control(),
            Posix::Xdigit => c.is_ascii_hexdigit(),
            Posix::Word => is_word(c),
            Posix::AsciiWord => c.is_ascii_alphanumeric() || c == '_',
        }
    }
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Item {
    Range(char, char),
    Class(Posix),
    NotClass(Posix),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Set {
    negated: bool,
    items: Vec<Item>,
}

impl Set {
    fn has_exact(&self, c: char) -> bool {
        self.items.iter().any(|i| match *i {
            Item::Range(lo, hi) => lo <= c && c <= hi,
            Item::Class(p) => p.has(c),
            Item::NotClass(p) => !p.has(c),
        })
    }

    fn matches(&self, c: char, icase: bool) -> bool {
        let hit =
            self.has_exact(c) || (icase && (self.has_exact(lower(c)) || self.has_exact(upper(c))));
        hit != self.negated
    }
}

fn lower(c: char) -> char {
    let mut l = c.to_lowercase();
    match (l.next(), l.next()) {
        (Some(x), None) => x,
        _ => c,
    }
}

fn upper(c: char) -> char {
    let mut u = c.to_uppercase();
    match (u.next(), u.next()) {
        (Some(x), None) => x,
        _ => c,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Look {
    Start,
    End,
    WordBoundary,
    NotWordBoundary,
    WordStart,
    WordEnd,
    /// No word character right before (`-w`).
    NoWordBefore,
    /// No word character right after (`-w`).
    NoWordAfter,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Node {
    Empty,
    Char(char),
    /// Any character; ECMA's `.` leaves out line terminators.
    Any {
        newline: bool,
    },
    Set(Set),
    Look(Look),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat {
        node: Box<Node>,
        min: u32,
        max: Option<u32>,
    },
    /// A capturing group, numbered from 1 by its opening parenthesis.
    Group(usize, Box<Node>),
}

/// The node a group stands for, seen through its parentheses: `\(^\)`
/// anchors as `^` does.
fn bare(node: &Node) -> &Node {
    match node {
        Node::Group(_, inner) => bare(inner),
        n => n,
    }
}

#[derive(Clone, Debug)]
enum Inst {
    Char(char),
    Any { newline: bool },
    Set(Set),
    Look(Look),
    Split(usize, usize),
    Jmp(usize),
    /// Records the position in a capture slot (only in the program
    /// [`Regex::captures_at`] runs).
    Save(usize),
    Match,
}

/// A compiled pattern.
#[derive(Clone, Debug)]
pub struct Regex {
    prog: Vec<Inst>,
    icase: bool,
    warnings: Vec<String>,
    /// The parsed pattern, kept to build the capturing program on demand.
    node: Node,
    /// Capturing groups in the pattern.
    groups: usize,
    /// `prog` with the groups' `Save`s, built by the first
    /// [`Regex::captures_at`], so plain searches never pay for them.
    capturing: OnceLock<Result<Vec<Inst>, RegexError>>,
}

impl Regex {
    /// Compiles one pattern.
    pub fn new(pattern: &str, syntax: Syntax) -> Result<Regex, RegexError> {
        Regex::with_options(&[pattern], syntax, Options::default())
    }

    /// Compiles patterns any one of which may match (grep's several `-e`).
    pub fn with_options(
        patterns: &[&str],
        syntax: Syntax,
        opts: Options,
    ) -> Result<Regex, RegexError> {
        let mut warnings = Vec::new();
        let mut alts = Vec::new();
        let mut groups = 0;
        for p in patterns {
            let mut parser = Parser {
                chars: p.chars().collect(),
                i: 0,
                syntax,
                groups: 0,
                captures: 0,
                warnings: &mut warnings,
            };
            alts.push(parser.parse()?);
            groups = groups.max(parser.captures);
        }
        let mut node = if alts.len() == 1 {
            alts.remove(0)
        } else {
            Node::Alt(alts)
        };
        if opts.whole_line {
            node = Node::Concat(vec![Node::Look(Look::Start), node, Node::Look(Look::End)]);
        } else if opts.whole_word {
            node = Node::Concat(vec![
                Node::Look(Look::NoWordBefore),
                node,
                Node::Look(Look::NoWordAfter),
            ]);
        }
        let mut prog = Vec::new();
        compile(&node, &mut prog, opts.ignore_case, None)?;
        prog.push(Inst::Match);
        Ok(Regex {
            prog,
            icase: opts.ignore_case,
            warnings,
            node,
            groups,
            capturing: OnceLock::new(),
        })
    }

    /// How many capturing groups the pattern has (with several patterns,
    /// the most any one has: each numbers its own from 1).
    pub fn groups(&self) -> usize {
        self.groups
    }

    /// Warnings the compiler would print (GNU grep's "* at start of expression").
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Whether the pattern matches anywhere in `text`.
    pub fn is_match(&self, text: &str) -> bool {
        self.run(text, 0, true).is_some()
    }

    /// The leftmost-longest match starting at or after byte `start` (a
    /// character boundary), as byte offsets.
    pub fn find_at(&self, text: &str, start: usize) -> Option<(usize, usize)> {
        if start > text.len() || !text.is_char_boundary(start) {
            return None;
        }
        self.run(text, start, false)
    }

    /// The leftmost-longest match at or after byte `start`, as
    /// [`Regex::find_at`] finds it, with each group's span: index 0 is
    /// the whole match, N the Nth group (None when it took no part, which
    /// sed's `\N` reads as empty). A group inside a repetition reports
    /// its last iteration. Among the ways of making the overall match,
    /// the one reported prefers, choice by choice from the left, another
    /// iteration of a repetition and the earlier alternative, as glibc
    /// (GNU sed) does: for repetitions that is POSIX's rule (each group
    /// in turn as long as it can be); for alternatives POSIX would take
    /// the longer where glibc and this take the earlier
    /// (`\(a\|ab\)\(c\|bcd\)` on "abcd": `\1` is "a"). Where glibc still
    /// differs: nested repetitions of what can match empty, whose last,
    /// empty iteration glibc may undo or keep (the `known_differences`
    /// test).
    pub fn captures_at(&self, text: &str, start: usize) -> Option<Vec<Option<(usize, usize)>>> {
        if start > text.len() || !text.is_char_boundary(start) {
            return None;
        }
        let prog = self.capturing_program();
        let Ok(prog) = prog else {
            // Only a pattern repeating groups thousands of times gets
            // here (see `check_captures`): its groups go unreported.
            let whole = self.find_at(text, start)?;
            let mut spans = vec![None; self.groups + 1];
            spans[0] = Some(whole);
            return Some(spans);
        };
        captures::run(self, prog, self.groups, text, start)
    }

    /// Whether [`Regex::captures_at`] can report the groups: not when
    /// recording them makes the program too big (`\(\(\(\)\)\)\{9999\}`).
    pub fn check_captures(&self) -> Result<(), RegexError> {
        self.capturing_program().map(|_| ())
    }

    fn capturing_program(&self) -> Result<&[Inst], RegexError> {
        let built = self.capturing.get_or_init(|| {
            let mut prog = Vec::new();
            compile(&self.node, &mut prog, self.icase, Some(4 * MAX_INSTS))?;
            prog.push(Inst::Match);
            Ok(prog)
        });
        built.as_deref().map_err(Clone::clone)
    }

    fn run(&self, text: &str, start: usize, any: bool) -> Option<(usize, usize)> {
        let n = self.prog.len();
        let mut seen = vec![usize::MAX; n];
        let mut stack: Vec<usize> = Vec::new();
        let mut cur: Vec<(usize, usize)> = Vec::new();
        let mut pending: Vec<(usize, usize)> = Vec::new();
        let mut best: Option<(usize, usize)> = None;
        let mut prev = text[..start].chars().next_back();
        let mut pos = start;
        let mut step = 0usize;
        loop {
            let here = text[pos..].chars().next();
            let at = At { prev, next: here };
            cur.clear();
            for &(pc, s) in &pending {
                self.close(pc, s, at, step, &mut seen, &mut stack, &mut cur);
            }
            if best.is_none() {
                self.close(0, pos, at, step, &mut seen, &mut stack, &mut cur);
            }
            step += 1;
            pending.clear();
            for &(pc, s) in &cur {
                if best.is_some_and(|(bs, _)| s > bs) {
                    continue;
                }
                let ok = match &self.prog[pc] {
                    Inst::Match => {
                        if any {
                            return Some((s, pos));
                        }
                        if best.is_none_or(|(bs, be)| s < bs || (s == bs && pos > be)) {
                            best = Some((s, pos));
                        }
                        false
                    }
                    inst => self.takes(inst, here),
                };
                if ok {
                    pending.push((pc + 1, s));
                }
            }
            let Some(h) = here else { break };
            if pending.is_empty() && best.is_some() {
                break;
            }
            pos += h.len_utf8();
            prev = Some(h);
        }
        best
    }

    /// Whether a character instruction takes `here`. Inlined: it is the
    /// search's innermost step.
    #[inline]
    fn takes(&self, inst: &Inst, here: Option<char>) -> bool {
        let Some(h) = here else { return false };
        match inst {
            Inst::Char(c) => h == *c || (self.icase && lower(h) == *c),
            Inst::Any { newline } => *newline || !is_line_terminator(h),
            Inst::Set(set) => set.matches(h, self.icase),
            _ => false,
        }
    }

    #[allow(clippy::too_many_arguments)] // the VM's scratch, kept across steps
    fn close(
        &self,
        pc: usize,
        start: usize,
        at: At,
        step: usize,
        seen: &mut [usize],
        stack: &mut Vec<usize>,
        out: &mut Vec<(usize, usize)>,
    ) {
        stack.push(pc);
        while let Some(pc) = stack.pop() {
            if seen[pc] == step {
                continue;
            }
            seen[pc] = step;
            match self.prog[pc] {
                Inst::Jmp(to) => stack.push(to),
                Inst::Split(a, b) => {
                    // Pushed in reverse so `a` is explored first.
                    stack.push(b);
                    stack.push(a);
                }
                Inst::Look(look) => {
                    if at.holds(look) {
                        stack.push(pc + 1);
                    }
                }
                Inst::Save(_) => stack.push(pc + 1),
                _ => out.push((pc, start)),
            }
        }
    }
}

fn is_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
}

#[derive(Clone, Copy)]
struct At {
    prev: Option<char>,
    next: Option<char>,
}

impl At {
    fn holds(self, look: Look) -> bool {
        let before = self.prev.is_some_and(is_word);
        let after = self.next.is_some_and(is_word);
        match look {
            Look::Start => self.prev.is_none(),
            Look::End => self.next.is_none(),
            Look::WordBoundary => before != after,
            Look::NotWordBoundary => before == after,
            Look::WordStart => !before && after,
            Look::WordEnd => before && !after,
            Look::NoWordBefore => !before,
            Look::NoWordAfter => !after,
        }
    }
}

/// Appends `node`'s instructions. `saves` is None for the searching
/// program (groups are plain parentheses) and the instruction limit for
/// the capturing one.
fn compile(
    node: &Node,
    prog: &mut Vec<Inst>,
    icase: bool,
    saves: Option<usize>,
) -> Result<(), RegexError> {
    let limit = saves.unwrap_or(MAX_INSTS);
    if prog.len() > limit {
        return Err(RegexError::TooBig);
    }
    match node {
        Node::Empty => {}
        Node::Char(c) => prog.push(Inst::Char(if icase { lower(*c) } else { *c })),
        Node::Any { newline } => prog.push(Inst::Any { newline: *newline }),
        Node::Set(s) => prog.push(Inst::Set(s.clone())),
        Node::Look(l) => prog.push(Inst::Look(*l)),
        Node::Group(n, inner) => {
            if saves.is_some() {
                prog.push(Inst::Save(2 * n));
            }
            compile(inner, prog, icase, saves)?;
            if saves.is_some() {
                prog.push(Inst::Save(2 * n + 1));
            }
        }
        Node::Concat(nodes) => {
            for n in nodes {
                compile(n, prog, icase, saves)?;
            }
        }
        Node::Alt(nodes) => {
            let mut jumps = Vec::new();
            for (i, n) in nodes.iter().enumerate() {
                if i + 1 < nodes.len() {
                    let split = prog.len();
                    prog.push(Inst::Split(split + 1, 0));
                    compile(n, prog, icase, saves)?;
                    jumps.push(prog.len());
                    prog.push(Inst::Jmp(0));
                    let next = prog.len();
                    prog[split] = Inst::Split(split + 1, next);
                } else {
                    compile(n, prog, icase, saves)?;
                }
            }
            let end = prog.len();
            for j in jumps {
                prog[j] = Inst::Jmp(end);
            }
        }
        Node::Repeat { node, min, max } => {
            for _ in 0..*min {
                let before = prog.len();
                compile(node, prog, icase, saves)?;
                if prog.len() == before {
                    // Nothing to repeat (`\(\)\{32767\}`): the copies would
                    // be empty too, and nesting them would take forever.
                    break;
                }
            }
            match max {
                None => {
                    let split = prog.len();
                    prog.push(Inst::Split(split + 1, 0));
                    compile(node, prog, icase, saves)?;
                    prog.push(Inst::Jmp(split));
                    let end = prog.len();
                    prog[split] = Inst::Split(split + 1, end);
                }
                Some(max) => {
                    // The optional copies nest as glibc's do, `((E?E)?E)?`:
                    // the first copy is the first given up, which decides
                    // what a group inside reports (`\(c*.\)\{0,2\}` on
                    // "cc" is two iterations, so `\1` is "c").
                    let first = prog.len();
                    let k = (*max - *min) as usize;
                    prog.extend((0..k).map(|_| Inst::Split(0, 0)));
                    let mut starts = Vec::new();
                    for _ in 0..k {
                        let before = prog.len();
                        compile(node, prog, icase, saves)?;
                        if prog.len() == before {
                            // Empty copies: nothing to make optional.
                            prog.truncate(first);
                            starts.clear();
                            break;
                        }
                        starts.push(before);
                    }
                    let end = prog.len();
                    if !starts.is_empty() {
                        for j in 0..k {
                            // Split j (0 the outermost) gives up the
                            // copies before copy k-j.
                            let skip = if j == 0 { end } else { starts[k - j] };
                            prog[first + j] = Inst::Split(first + j + 1, skip);
                        }
                    }
                }
            }
        }
    }
    if prog.len() > limit {
        return Err(RegexError::TooBig);
    }
    Ok(())
}

struct Parser<'w> {
    chars: Vec<char>,
    i: usize,
    syntax: Syntax,
    /// Groups opened so far, `(?:…)` included (what `\N` may name).
    groups: u32,
    /// Capturing groups opened so far.
    captures: usize,
    warnings: &'w mut Vec<String>,
}

impl Parser<'_> {
    fn parse(&mut self) -> Result<Node, RegexError> {
        if self.syntax == Syntax::Fixed {
            return Ok(Node::Concat(
                self.chars.iter().map(|&c| Node::Char(c)).collect(),
            ));
        }
        let node = self.alternation(0)?;
        if self.i < self.chars.len() {
            // Only a close paren stops the top level early.
            return Err(RegexError::UnmatchedCloseParen);
        }
        Ok(node)
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn peek2(&self) -> Option<char> {
        self.chars.get(self.i + 1).copied()
    }

    fn basic(&self) -> bool {
        self.syntax == Syntax::Basic
    }

    fn at_alt(&self) -> bool {
        match self.syntax {
            Syntax::Basic => self.peek() == Some('\\') && self.peek2() == Some('|'),
            _ => self.peek() == Some('|'),
        }
    }

    fn at_close(&self, depth: usize) -> bool {
        match self.syntax {
            Syntax::Basic => self.peek() == Some('\\') && self.peek2() == Some(')'),
            // An unmatched `)` is an ordinary character in POSIX ERE.
            Syntax::Extended => depth > 0 && self.peek() == Some(')'),
            _ => self.peek() == Some(')'),
        }
    }

    fn alternation(&mut self, depth: usize) -> Result<Node, RegexError> {
        let mut branches = vec![self.concat(depth)?];
        while self.at_alt() {
            self.i += if self.basic() { 2 } else { 1 };
            branches.push(self.concat(depth)?);
        }
        Ok(if branches.len() == 1 {
            branches.remove(0)
        } else {
            Node::Alt(branches)
        })
    }

    fn concat(&mut self, depth: usize) -> Result<Node, RegexError> {
        let mut items: Vec<Node> = Vec::new();
        // Where a repetition operator has nothing to repeat.
        let mut leading = true;
        while self.i < self.chars.len() && !self.at_alt() && !self.at_close(depth) {
            if let Some(op) = self.repeat_op(leading)? {
                let (min, max) = op;
                let Some(last) = items.pop() else { continue };
                if matches!(bare(&last), Node::Look(_)) && self.syntax != Syntax::Ecma {
                    items.push(last);
                    continue;
                }
                items.push(Node::Repeat {
                    node: Box::new(last),
                    min,
                    max,
                });
                continue;
            }
            let atom = self.atom(depth, leading)?;
            leading = self.basic() && *bare(&atom) == Node::Look(Look::Start) && items.is_empty();
            items.push(atom);
        }
        Ok(match items.len() {
            0 => Node::Empty,
            1 => items.remove(0),
            _ => Node::Concat(items),
        })
    }

    /// A repetition operator at the cursor, consumed: its bounds. None
    /// when the cursor is not at one (or it stands for itself there).
    fn repeat_op(&mut self, leading: bool) -> Result<Option<(u32, Option<u32>)>, RegexError> {
        let Some(c) = self.peek() else {
            return Ok(None);
        };
        let basic = self.basic();
        let (op, width) = match (c, self.peek2()) {
            ('*', _) => ('*', 1),
            ('\\', Some(o @ ('+' | '?' | '{'))) if basic => (o, 2),
            (o @ ('+' | '?' | '{'), _) if !basic => (o, 1),
            _ => return Ok(None),
        };
        if leading {
            match self.syntax {
                // A leading `*` is literal in a BRE; `\+` likewise.
                Syntax::Basic => return Ok(None),
                Syntax::Ecma if op != '{' => return Err(RegexError::NothingToRepeat),
                Syntax::Ecma => return Ok(None),
                // GNU warns and drops the operator (only the `{` of an interval).
                _ => {
                    let what = if op == '{' {
                        "{...}".to_string()
                    } else {
                        op.to_string()
                    };
                    self.warnings
                        .push(format!("warning: {what} at start of expression"));
                    self.i += width;
                    return Ok(Some((1, Some(1))));
                }
            }
        }
        let bounds = match op {
            '*' => (0, None),
            '+' => (1, None),
            '?' => (0, Some(1)),
            _ => match self.interval(width)? {
                Some(b) => b,
                None => return Ok(None),
            },
        };
        if op != '{' {
            self.i += width;
        }
        if self.syntax == Syntax::Ecma && self.peek() == Some('?') {
            // Laziness changes which match is reported first, not whether one exists.
            self.i += 1;
        }
        Ok(Some(bounds))
    }

    /// Parses `{m,n}` (`\{m,n\}` in a BRE) at the cursor, `width` being
    /// the opener's length; consumes it when it is one.
    fn interval(&mut self, width: usize) -> Result<Option<(u32, Option<u32>)>, RegexError> {
        let mut j = self.i + width;
        let digits = |j: &mut usize, chars: &[char]| -> Option<u64> {
            let mut v: Option<u64> = None;
            while let Some(d) = chars.get(*j).and_then(|c| c.to_digit(10)) {
                v = Some(
                    v.unwrap_or(0)
                        .saturating_mul(10)
                        .saturating_add(u64::from(d))
                        .min(u64::from(u32::MAX)),
                );
                *j += 1;
            }
            v
        };
        let min = digits(&mut j, &self.chars);
        let mut max = min;
        let mut comma = false;
        if self.chars.get(j) == Some(&',') {
            comma = true;
            j += 1;
            max = digits(&mut j, &self.chars);
        }
        let closed = if self.basic() {
            self.chars.get(j) == Some(&'\\') && self.chars.get(j + 1) == Some(&'}')
        } else {
            self.chars.get(j) == Some(&'}')
        };
        if !closed {
            return match self.syntax {
                Syntax::Basic => Err(RegexError::UnmatchedBrace),
                Syntax::Extended if (min.is_some() || comma) && j < self.chars.len() => {
                    Err(RegexError::InvalidInterval)
                }
                _ => Ok(None),
            };
        }
        if self.syntax == Syntax::Ecma && min.is_none() {
            return Ok(None);
        }
        let min = min.unwrap_or(0);
        if max.is_some_and(|m| m < min) {
            return Err(RegexError::InvalidInterval);
        }
        if min > u64::from(DUP_MAX) || max.is_some_and(|m| m > u64::from(DUP_MAX)) {
            return Err(RegexError::TooBig);
        }
        self.i = j + if self.basic() { 2 } else { 1 };
        let max = if comma {
            max.map(|m| m as u32)
        } else {
            Some(min as u32)
        };
        Ok(Some((min as u32, max)))
    }

    fn atom(&mut self, depth: usize, leading: bool) -> Result<Node, RegexError> {
        let c = self.chars[self.i];
        self.i += 1;
        let basic = self.basic();
        let ecma = self.syntax == Syntax::Ecma;
        Ok(match c {
            '.' => Node::Any { newline: !ecma },
            '[' => self.bracket()?,
            '^' if !basic || leading || self.i == 1 => Node::Look(Look::Start),
            '^' => Node::Char('^'),
            '$' if !basic
                || self.i == self.chars.len()
                || self.at_alt()
                || self.at_close(depth + 1) =>
            {
                Node::Look(Look::End)
            }
            '$' => Node::Char('$'),
            '(' if !basic => self.group(depth)?,
            '\\' => self.escape(depth)?,
            c => Node::Char(c),
        })
    }

    fn group(&mut self, depth: usize) -> Result<Node, RegexError> {
        let mut capturing = true;
        if self.syntax == Syntax::Ecma && self.peek() == Some('?') {
            match self.peek2() {
                Some(':') => {
                    self.i += 2;
                    capturing = false;
                }
                _ => {
                    return Err(RegexError::Unsupported(
                        "look-around assertions and named groups",
                    ))
                }
            }
        }
        self.groups += 1;
        let number = if capturing {
            self.captures += 1;
            Some(self.captures)
        } else {
            None
        };
        let inner = self.alternation(depth + 1)?;
        let closes = if self.basic() { 2 } else { 1 };
        if !self.at_close(depth + 1) {
            return Err(RegexError::UnmatchedParen);
        }
        self.i += closes;
        Ok(match number {
            Some(n) => Node::Group(n, Box::new(inner)),
            None => inner,
        })
    }

    fn escape(&mut self, depth: usize) -> Result<Node, RegexError> {
        let Some(e) = self.peek() else {
            return Err(RegexError::TrailingBackslash);
        };
        self.i += 1;
        let ecma = self.syntax == Syntax::Ecma;
        let class = |p: Posix, negated: bool| {
            Node::Set(Set {
                negated,
                items: vec![Item::Class(p)],
            })
        };
        let word = if ecma { Posix::AsciiWord } else { Posix::Word };
        Ok(match e {
            '(' if self.basic() => self.group(depth)?,
            ')' if self.basic() => return Err(RegexError::UnmatchedCloseParen),
            '1'..='9' => {
                if e.to_digit(10).unwrap_or(0) > self.groups {
                    return Err(RegexError::InvalidBackReference);
                }
                return Err(RegexError::Unsupported("back-references"));
            }
            'w' => class(word, false),
            'W' => class(word, true),
            's' => class(Posix::Space, false),
            'S' => class(Posix::Space, true),
            'b' => Node::Look(Look::WordBoundary),
            'B' => Node::Look(Look::NotWordBoundary),
            'd' if ecma => class(Posix::Digit, false),
            'D' if ecma => class(Posix::Digit, true),
            '<' if !ecma => Node::Look(Look::WordStart),
            '>' if !ecma => Node::Look(Look::WordEnd),
            '`' if !ecma => Node::Look(Look::Start),
            '\'' if !ecma => Node::Look(Look::End),
            _ if ecma => Node::Char(self.ecma_escape(e)?),
            c => Node::Char(c),
        })
    }

    /// An ECMA character escape after its backslash (`\n`, `\x41`, `\u0041`).
    fn ecma_escape(&mut self, e: char) -> Result<char, RegexError> {
        Ok(match e {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            'f' => '\u{c}',
            'v' => '\u{b}',
            '0' => '\0',
            'c' => match self.peek() {
                Some(l) if l.is_ascii_alphabetic() => {
                    self.i += 1;
                    char::from(l as u8 % 32)
                }
                _ => '\\',
            },
            'x' => self.hex(2).unwrap_or('x'),
            'u' => {
                if self.peek() == Some('{') {
                    let end = self.chars[self.i..]
                        .iter()
                        .position(|&c| c == '}')
                        .ok_or(RegexError::Invalid)?;
                    let hex: String = self.chars[self.i + 1..self.i + end].iter().collect();
                    self.i += end + 1;
                    u32::from_str_radix(&hex, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or(RegexError::Invalid)?
                } else {
                    self.hex(4).unwrap_or('u')
                }
            }
            c => c,
        })
    }

    fn hex(&mut self, n: usize) -> Option<char> {
        let digits: String = self.chars.get(self.i..self.i + n)?.iter().collect();
        let v = u32::from_str_radix(&digits, 16).ok()?;
        self.i += n;
        char::from_u32(v)
    }

    fn bracket(&mut self) -> Result<Node, RegexError> {
        let open = self.i;
        if self.i >= self.chars.len() {
            return Err(RegexError::Invalid);
        }
        let ecma = self.syntax == Syntax::Ecma;
        let mut set = Set {
            negated: false,
            items: Vec::new(),
        };
        if self.peek() == Some('^') {
            set.negated = true;
            self.i += 1;
        }
        let mut first = true;
        loop {
            let Some(c) = self.peek() else {
                return Err(RegexError::UnmatchedBracket);
            };
            self.i += 1;
            if c == ']' && (ecma || !first) {
                break;
            }
            first = false;
            let lo = match c {
                '[' if !ecma && matches!(self.peek(), Some(':' | '=' | '.')) => {
                    let kind = self.chars[self.i];
                    let rest = &self.chars[self.i + 1..];
                    let end = rest
                        .windows(2)
                        .position(|w| w[0] == kind && w[1] == ']')
                        .ok_or(RegexError::UnmatchedBracket)?;
                    let name: String = rest[..end].iter().collect();
                    self.i += 1 + end + 2;
                    match kind {
                        ':' => {
                            set.items.push(Item::Class(
                                Posix::by_name(&name).ok_or(RegexError::InvalidClassName)?,
                            ));
                            continue;
                        }
                        _ => {
                            let mut cs = name.chars();
                            match (cs.next(), cs.next()) {
                                (Some(ch), None) => ch,
                                _ => return Err(RegexError::Invalid),
                            }
                        }
                    }
                }
                '\\' if ecma => {
                    let Some(e) = self.peek() else {
                        return Err(RegexError::UnmatchedBracket);
                    };
                    self.i += 1;
                    let cls = match e {
                        'd' => Some(Item::Class(Posix::Digit)),
                        'D' => Some(Item::NotClass(Posix::Digit)),
                        'w' => Some(Item::Class(Posix::AsciiWord)),
                        'W' => Some(Item::NotClass(Posix::AsciiWord)),
                        's' => Some(Item::Class(Posix::Space)),
                        'S' => Some(Item::NotClass(Posix::Space)),
                        _ => None,
                    };
                    if let Some(item) = cls {
                        set.items.push(item);
                        continue;
                    }
                    if e == 'b' {
                        '\u{8}'
                    } else {
                        self.ecma_escape(e)?
                    }
                }
                c => c,
            };
            // A range, unless the `-` is the last character of the set.
            if self.peek() == Some('-') && self.peek2().is_some_and(|n| n != ']') {
                self.i += 1;
                let mut hi = self.chars[self.i];
                self.i += 1;
                if ecma && hi == '\\' {
                    let Some(e) = self.peek() else {
                        return Err(RegexError::UnmatchedBracket);
                    };
                    self.i += 1;
                    hi = self.ecma_escape(e)?;
                } else if hi == '[' && self.peek() == Some('.') {
                    let rest = &self.chars[self.i + 1..];
                    let end = rest
                        .windows(2)
                        .position(|w| w[0] == '.' && w[1] == ']')
                        .ok_or(RegexError::UnmatchedBracket)?;
                    if end != 1 {
                        return Err(RegexError::Invalid);
                    }
                    hi = rest[0];
                    self.i += 1 + end + 2;
                }
                if hi < lo {
                    return Err(RegexError::InvalidRangeEnd);
                }
                set.items.push(Item::Range(lo, hi));
            } else {
                set.items.push(Item::Range(lo, lo));
            }
        }
        // `[:digit:]` alone is almost surely a mistake for `[[:digit:]]`.
        let inner = &self.chars[open..self.i - 1];
        if !ecma && inner.len() >= 2 && inner[0] == ':' && inner[inner.len() - 1] == ':' {
            return Err(RegexError::ClassSyntax);
        }
        Ok(Node::Set(set))
    }
}

mod captures;

#[cfg(test)]
mod tests;
