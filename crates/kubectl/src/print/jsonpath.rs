//! kubectl's JSONPath dialect (client-go `util/jsonpath`): `{.a.b}`,
//! `{.items[*].metadata.name}`, `{range …}…{end}`, `{"\n"}`, slices, unions,
//! recursive descent and `[?(@.x=="y")]` filters, printed as kubectl prints
//! results (space-separated, maps and lists as Go's compact JSON).

use super::gojson;
use serde_json::Value;

/// One step of a path.
#[derive(Clone, Debug, PartialEq)]
enum Node {
    Field(String),
    Wildcard,
    Recursive,
    /// `[start:end:step]`; `end_derived` marks the implicit end of a single index.
    Array { start: Option<i64>, end: Option<i64>, end_derived: bool, step: Option<i64> },
    Filter { left: Vec<Node>, right: Vec<Node>, op: String },
    Union(Vec<Vec<Node>>),
    Text(String),
    Int(i64),
    Float(f64),
    Bool(bool),
    Identifier(String),
}

/// The template between and inside braces.
#[derive(Clone, Debug, PartialEq)]
enum Segment {
    Text(String),
    Expr(Vec<Node>),
    Range { expr: Vec<Node>, body: Vec<Segment> },
    /// A stray `{end}`: an error when executed, as in client-go.
    End,
}

/// A parsed template.
#[derive(Clone, Debug, PartialEq)]
pub struct JsonPath {
    segments: Vec<Segment>,
    raw: String,
}

const LEFT: &str = "{";
const RIGHT: &str = "}";

impl JsonPath {
    /// Parses a template; the error text is client-go's.
    pub fn parse(template: &str) -> Result<JsonPath, String> {
        let flat = parse_flat(template)?;
        let mut it = flat.into_iter();
        let segments = structure(&mut it, false);
        Ok(JsonPath { segments, raw: template.to_string() })
    }

    /// Runs the template over `data`; `allow_missing` is kubectl's
    /// `--allow-missing-template-keys` (true by default). `as_json` gives
    /// `-o jsonpath-as-json` output.
    pub fn execute(&self, data: &Value, allow_missing: bool, as_json: bool) -> Result<String, String> {
        let mut out = String::new();
        let mut ex = Exec { allow_missing };
        ex.run(&self.segments, data, &mut out, as_json)?;
        Ok(out)
    }

    pub fn raw(&self) -> &str {
        &self.raw
    }

    /// The values of every expression in the template, in order (client-go's
    /// `FindResults`, flattened), with missing keys allowed.
    pub fn find(&self, data: &Value) -> Result<Vec<Value>, String> {
        let mut ex = Exec { allow_missing: true };
        let mut out = Vec::new();
        for seg in &self.segments {
            if let Segment::Expr(nodes) = seg {
                out.extend(ex.eval_list(vec![data.clone()], nodes)?);
            }
        }
        Ok(out)
    }
}

/// `-o jsonpath=…` as kubectl runs it, with kubectl's error wrapping.
pub fn print(template: &str, data: &Value, allow_missing: bool, as_json: bool) -> Result<String, String> {
    let jp = JsonPath::parse(template).map_err(|e| format!("error parsing jsonpath {template}, {e}"))?;
    jp.execute(data, allow_missing, as_json).map_err(|e| {
        // kubectl dumps the object with `%#v` and ends the message in
        // blank lines (its "\n\n" then the error's own "\n").
        let mut object = String::new();
        crate::gofmt::go_syntax(data, &|s| s, &mut object);
        format!(
            "error executing jsonpath {}: Error executing template: {e}. Printing more information for debugging the template:\n\ttemplate was:\n\t\t{template}\n\tobject given to jsonpath engine was:\n\t\t{object}\n\n\n",
            crate::gofmt::quote(template)
        )
    })
}

/// client-go's `UnquoteExtend`: `strconv.Unquote`'s escapes
/// (`strconv.UnquoteChar`), for single quotes too.
fn unquote(body: &str, q: char) -> Result<String, &'static str> {
    // A byte above 0x7f makes invalid UTF-8, which Go prints replaced.
    let byte = |v: u32| char::from_u32(v).filter(char::is_ascii).unwrap_or('\u{fffd}');
    crate::gofmt::unquote_chars(body, q, byte).ok_or("invalid syntax")
}

/// A value as Go's `json.Unmarshal` into `interface{}` leaves it: every
/// number a float64 (which prints `1e+06` and compares with no int).
pub fn float_numbers(v: &Value) -> Value {
    match v {
        Value::Number(n) if !n.is_f64() => n.as_f64().and_then(serde_json::Number::from_f64).map_or(Value::Null, Value::Number),
        Value::Array(items) => Value::Array(items.iter().map(float_numbers).collect()),
        Value::Object(m) => Value::Object(m.iter().map(|(k, x)| (k.clone(), float_numbers(x))).collect()),
        other => other.clone(),
    }
}

/// `RelaxedJSONPathExpression`: accepts `a.b`, `.a.b`, `{a.b}`, `{.a.b}`; returns `{.a.b}`.
pub fn relaxed_expression(expr: &str) -> Result<String, String> {
    if expr.is_empty() {
        return Ok(String::new());
    }
    let inner = if let Some(body) = expr.strip_prefix('{').and_then(|s| s.strip_suffix('}')) { body } else { expr };
    let spec = inner.strip_prefix('.').unwrap_or(inner);
    if spec.is_empty() || spec.contains('{') || spec.contains('}') {
        return Err("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'".into());
    }
    Ok(format!("{{.{spec}}}"))
}

// ---- parsing ----

fn structure(it: &mut std::vec::IntoIter<Segment>, in_range: bool) -> Vec<Segment> {
    let mut out = Vec::new();
    while let Some(seg) = it.next() {
        match seg {
            Segment::Expr(nodes) if matches!(nodes.first(), Some(Node::Identifier(i)) if i == "range") => {
                let body = structure(it, true);
                out.push(Segment::Range { expr: nodes[1..].to_vec(), body });
            }
            Segment::End if in_range => return out,
            other => out.push(other),
        }
    }
    out
}

fn parse_flat(input: &str) -> Result<Vec<Segment>, String> {
    let mut out = Vec::new();
    let mut rest = input;
    while !rest.is_empty() {
        match rest.find(LEFT) {
            None => {
                out.push(Segment::Text(rest.to_string()));
                break;
            }
            Some(i) => {
                if i > 0 {
                    out.push(Segment::Text(rest[..i].to_string()));
                }
                let mut p = Parser { s: &rest[i + 1..], pos: 0 };
                let nodes = p.inside_action()?;
                rest = &p.s[p.pos..];
                if nodes == [Node::Identifier("end".into())] {
                    out.push(Segment::End);
                } else {
                    out.push(Segment::Expr(nodes));
                }
            }
        }
    }
    Ok(out)
}

/// Parses the inside of `{…}` written as text (filter sides, union parts).
fn parse_action(text: &str) -> Result<Vec<Node>, String> {
    let wrapped = format!("{text}{RIGHT}");
    let mut p = Parser { s: &wrapped, pos: 0 };
    p.inside_action()
}

struct Parser<'a> {
    s: &'a str,
    pos: usize,
}

fn is_terminator(c: Option<char>) -> bool {
    match c {
        None => true,
        Some(c) => c.is_whitespace() || matches!(c, '.' | ',' | '[' | ']' | '$' | '@' | '{' | '}'),
    }
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        &self.s[self.pos..]
    }
    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }
    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    /// Parses nodes up to and including the closing `}`.
    fn inside_action(&mut self) -> Result<Vec<Node>, String> {
        let mut nodes = Vec::new();
        loop {
            let rest = self.rest();
            if rest.starts_with(RIGHT) {
                self.pos += 1;
                return Ok(nodes);
            }
            if rest.starts_with("[?(") {
                nodes.push(self.filter()?);
                continue;
            }
            if rest.starts_with("..") {
                self.pos += 1;
                nodes.push(Node::Recursive);
                continue;
            }
            match self.next() {
                None | Some('\n') | Some('\r') => return Err("unclosed action".into()),
                Some(' ') | Some('@') | Some('$') => {}
                Some('[') => nodes.push(self.array()?),
                Some(q @ ('"' | '\'')) => nodes.push(self.quote(q)?),
                Some('.') => nodes.push(self.field()),
                Some(c) if c == '+' || c == '-' || c.is_ascii_digit() => {
                    self.pos -= c.len_utf8();
                    nodes.push(self.number()?);
                }
                Some(c) if c == '_' || c.is_alphanumeric() => {
                    self.pos -= c.len_utf8();
                    nodes.push(self.identifier());
                }
                Some(c) => return Err(format!("unrecognized character in action: U+{:04X} {}", c as u32, crate::gofmt::quote_rune(c))),
            }
        }
    }

    fn field(&mut self) -> Node {
        let mut value = String::new();
        loop {
            match self.peek() {
                Some('\\') => {
                    self.next();
                    if let Some(c) = self.next() {
                        value.push(c);
                    }
                }
                c if is_terminator(c) => break,
                Some(c) => {
                    value.push(c);
                    self.next();
                }
                None => break,
            }
        }
        if value == "*" {
            Node::Wildcard
        } else {
            Node::Field(value)
        }
    }

    fn identifier(&mut self) -> Node {
        let start = self.pos;
        while !is_terminator(self.peek()) {
            self.next();
        }
        let v = &self.s[start..self.pos];
        match v {
            "true" => Node::Bool(true),
            "false" => Node::Bool(false),
            _ => Node::Identifier(v.to_string()),
        }
    }

    fn number(&mut self) -> Result<Node, String> {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c == '+' || c == '-' || c == '.' || c == 'e' || c == 'E' || c.is_ascii_digit() {
                self.next();
            } else {
                break;
            }
        }
        let text = &self.s[start..self.pos];
        if text.contains(['.', 'e', 'E']) {
            text.parse::<f64>().map(Node::Float).map_err(|_| format!("cannot parse number {text}"))
        } else {
            text.parse::<i64>().map(Node::Int).map_err(|_| format!("cannot parse number {text}"))
        }
    }

    fn quote(&mut self, q: char) -> Result<Node, String> {
        let start = self.pos - q.len_utf8();
        // client-go ends the string at a quote not right after a
        // backslash, so `"\\"` runs on (unterminated).
        loop {
            match self.next() {
                None | Some('\n') => return Err("unterminated quoted string".into()),
                Some(c) if c == q && !self.s[..self.pos - 1].ends_with('\\') => break,
                Some(_) => {}
            }
        }
        let raw = &self.s[start..self.pos];
        unquote(&raw[1..raw.len() - 1], q).map(Node::Text).map_err(|e| format!("unquote string {raw} error {e}"))
    }

    fn array(&mut self) -> Result<Node, String> {
        let start = self.pos;
        loop {
            match self.next() {
                None | Some('\n') => return Err("unterminated array".into()),
                Some(']') => break,
                _ => {}
            }
        }
        let text = &self.s[start..self.pos - 1];
        let text = if text == "*" { ":" } else { text };
        if text.contains(',') {
            let parts = text.split(',').map(|p| parse_action(&format!("[{}]", p.trim_matches(' ')))).collect::<Result<Vec<_>, _>>()?;
            return Ok(Node::Union(parts));
        }
        if let Some(key) = text.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')).filter(|k| !k.contains('\'')) {
            let nodes = parse_action(&format!(".{key}"))?;
            return Ok(if nodes.len() == 1 { nodes.into_iter().next().unwrap_or(Node::Wildcard) } else { Node::Union(vec![nodes]) });
        }
        slice(text)
    }

    fn filter(&mut self) -> Result<Node, String> {
        self.pos += 3;
        let start = self.pos;
        let (mut begin, mut end, mut pair) = (false, false, '"');
        loop {
            match self.next() {
                None | Some('\n') => return Err("unterminated filter".into()),
                Some(q @ ('"' | '\'')) => {
                    if !begin {
                        begin = true;
                        pair = q;
                    } else if q == pair && !self.s[..self.pos - 1].ends_with('\\') {
                        end = true;
                    }
                }
                Some(')') if begin == end => break,
                _ => {}
            }
        }
        if self.next() != Some(']') {
            return Err("unclosed array expect ]".into());
        }
        let text = &self.s[start..self.pos - 2];
        // `^([^!<>=]+)([!<>=]+)(.+?)$`
        let split = text.find(['!', '<', '>', '=']).and_then(|i| {
            let op_end = text[i..].find(|c: char| !matches!(c, '!' | '<' | '>' | '=')).map(|j| i + j)?;
            (i > 0).then(|| (&text[..i], &text[i..op_end], &text[op_end..]))
        });
        match split {
            None => Ok(Node::Filter { left: parse_action(text)?, right: Vec::new(), op: "exists".into() }),
            Some((l, op, r)) => Ok(Node::Filter { left: parse_action(l)?, right: parse_action(r)?, op: op.to_string() }),
        }
    }
}

/// `[start:end:step]`, `[i]`, `[-1]`, `[:]`.
fn slice(text: &str) -> Result<Node, String> {
    let parts: Vec<&str> = text.split(':').collect();
    let valid_num = |s: &str| s.is_empty() || s.strip_prefix('-').unwrap_or(s).bytes().all(|b| b.is_ascii_digit()) && s != "-";
    if parts.len() > 3 || !parts.iter().all(|p| valid_num(p)) {
        return Err(format!("invalid array index {text}"));
    }
    let num = |s: &str| -> Result<Option<i64>, String> {
        if s.is_empty() {
            Ok(None)
        } else {
            s.parse::<i64>().map(Some).map_err(|_| format!("array index {s} is not a number"))
        }
    };
    let start = num(parts[0])?;
    let (end, end_derived) = match parts.get(1) {
        None => (Some(start.unwrap_or(0) + 1), true),
        Some(e) => (num(e)?, false),
    };
    let step = match parts.get(2) {
        None => None,
        Some(s) => num(s)?,
    };
    Ok(Node::Array { start, end, end_derived, step })
}

// ---- execution ----

struct Exec {
    allow_missing: bool,
}

/// Go's type names for kubectl's unstructured values, used in errors.
fn go_type(v: &Value) -> &'static str {
    match v {
        Value::Object(_) => "map[string]interface {}",
        Value::Array(_) => "[]interface {}",
        Value::String(_) => "string",
        Value::Number(n) if n.is_f64() => "float64",
        Value::Number(_) => "int64",
        Value::Bool(_) => "bool",
        Value::Null => "<nil>",
    }
}

impl Exec {
    fn run(&mut self, segments: &[Segment], data: &Value, out: &mut String, as_json: bool) -> Result<(), String> {
        for seg in segments {
            match seg {
                // As JSON, a text is one more result: `["text"]`.
                Segment::Text(t) if as_json => print_results(&[Value::String(t.clone())], out, true),
                Segment::Text(t) => out.push_str(t),
                Segment::End => return Err("not in range, nothing to end".into()),
                // `{@}` of a null (a range's null item): Go reflects the nil
                // interface into no value at all.
                Segment::Expr(nodes) if nodes.is_empty() && data.is_null() && !as_json => out.push_str("<no value>"),
                Segment::Expr(nodes) => {
                    let results = self.eval_list(vec![data.clone()], nodes)?;
                    print_results(&results, out, as_json);
                }
                Segment::Range { expr, body } => {
                    let results = self.eval_list(vec![data.clone()], expr)?;
                    if results.is_empty() {
                        // client-go still walks the body (its errors surface) with no data.
                        self.run(body, &Value::Null, &mut String::new(), as_json)?;
                    }
                    for r in &results {
                        self.run(body, r, out, as_json)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn eval_list(&mut self, mut cur: Vec<Value>, nodes: &[Node]) -> Result<Vec<Value>, String> {
        for n in nodes {
            cur = self.eval(cur, n)?;
        }
        Ok(cur)
    }

    fn eval(&mut self, input: Vec<Value>, node: &Node) -> Result<Vec<Value>, String> {
        Ok(match node {
            Node::Text(t) => vec![Value::String(t.clone())],
            Node::Int(i) => vec![Value::from(*i)],
            Node::Float(f) => vec![serde_json::Number::from_f64(*f).map(Value::Number).unwrap_or(Value::Null)],
            Node::Bool(b) => vec![Value::Bool(*b)],
            Node::Identifier(name) => match name.as_str() {
                "range" => input,
                "end" => return Err("not in range, nothing to end".into()),
                other => return Err(format!("unrecognized identifier {other}")),
            },
            Node::Field(name) => {
                if input.is_empty() {
                    return Ok(input);
                }
                let results: Vec<Value> = input.iter().filter_map(|v| v.as_object().and_then(|m| m.get(name)).cloned()).collect();
                if results.is_empty() && !self.allow_missing {
                    return Err(format!("{name} is not found"));
                }
                results
            }
            Node::Wildcard => input.iter().flat_map(children).collect(),
            Node::Recursive => {
                let mut out = Vec::new();
                for v in &input {
                    recurse(v, &mut out);
                }
                out
            }
            Node::Array { start, end, end_derived, step } => {
                let mut out = Vec::new();
                for v in &input {
                    let Value::Array(items) = v else { return Err(format!("{} is not array or slice", go_type(v))) };
                    let len = items.len() as i64;
                    let mut s = start.unwrap_or(0);
                    if s < 0 {
                        s += len;
                    }
                    let mut e = end.unwrap_or(len);
                    if e < 0 || (e == 0 && *end_derived) {
                        e += len;
                    }
                    if e == s {
                        continue;
                    }
                    if s >= len || s < 0 {
                        return Err(format!("array index out of bounds: index {s}, length {len}"));
                    }
                    if e > len || e < 0 {
                        return Err(format!("array index out of bounds: index {}, length {len}", e - 1));
                    }
                    if s > e {
                        return Err(format!("starting index {s} is greater than ending index {e}"));
                    }
                    let st = match step {
                        Some(x) if *x <= 0 => return Err("step must be > 0".into()),
                        Some(x) => *x as usize,
                        None => 1,
                    };
                    out.extend(items[s as usize..e as usize].iter().step_by(st).cloned());
                }
                out
            }
            Node::Union(branches) => {
                let mut out = Vec::new();
                for b in branches {
                    out.extend(self.eval_list(input.clone(), b)?);
                }
                out
            }
            Node::Filter { left, right, op } => {
                let mut out = Vec::new();
                for v in &input {
                    let Value::Array(items) = v else { return Err(format!("{} is not array or slice", go_type(v))) };
                    for item in items {
                        let lefts = self.eval_list(vec![item.clone()], left);
                        if op == "exists" {
                            if lefts.is_ok_and(|l| !l.is_empty()) {
                                out.push(item.clone());
                            }
                            continue;
                        }
                        let lefts = lefts?;
                        let l = match lefts.as_slice() {
                            [] => continue,
                            [l] => l.clone(),
                            _ => return Err("can only compare one element at a time".into()),
                        };
                        let rights = self.eval_list(vec![item.clone()], right)?;
                        let r = match rights.as_slice() {
                            [] => continue,
                            [r] => r.clone(),
                            _ => return Err("can only compare one element at a time".into()),
                        };
                        if compare(&l, &r, op)? {
                            out.push(item.clone());
                        }
                    }
                }
                out
            }
        })
    }
}

fn children(v: &Value) -> Vec<Value> {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            kubeplay_model::sort::sort(&mut keys);
            keys.into_iter().filter_map(|k| m.get(k).cloned()).collect()
        }
        Value::Array(a) => a.clone(),
        _ => Vec::new(),
    }
}

/// client-go's `evalRecursive`: every container value, depth-first.
fn recurse(v: &Value, out: &mut Vec<Value>) {
    let kids = children(v);
    let has_children = !kids.is_empty() || matches!(v, Value::String(s) if !s.is_empty());
    if has_children {
        out.push(v.clone());
        for k in &kids {
            recurse(k, out);
        }
    }
}

/// text/template's comparison functions, for filter operators.
fn compare(l: &Value, r: &Value, op: &str) -> Result<bool, String> {
    use std::cmp::Ordering;
    let ord: Option<Ordering> = match (l, r) {
        (Value::String(a), Value::String(b)) => Some(a.cmp(b)),
        // Go compares an int64 with a float64 no more than with a string.
        (Value::Number(a), Value::Number(b)) => match (a.is_f64(), b.is_f64()) {
            (false, false) => match (a.as_i64(), b.as_i64()) {
                (Some(x), Some(y)) => Some(x.cmp(&y)),
                _ => a.as_f64().zip(b.as_f64()).and_then(|(x, y)| x.partial_cmp(&y)),
            },
            (true, true) => a.as_f64().zip(b.as_f64()).and_then(|(x, y)| x.partial_cmp(&y)),
            _ => return Err("incompatible types for comparison".into()),
        },
        (Value::Bool(a), Value::Bool(b)) if op == "==" || op == "!=" => Some(a.cmp(b)),
        (Value::Bool(_), Value::Bool(_)) => return Err("invalid type for comparison".into()),
        _ => return Err("incompatible types for comparison".into()),
    };
    let Some(ord) = ord else { return Ok(false) };
    Ok(match op {
        "==" => ord == Ordering::Equal,
        "!=" => ord != Ordering::Equal,
        "<" => ord == Ordering::Less,
        ">" => ord == Ordering::Greater,
        "<=" => ord != Ordering::Greater,
        ">=" => ord != Ordering::Less,
        other => return Err(format!("unrecognized filter operator {other}")),
    })
}

/// One value as `fmt.Print` shows it.
pub fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => gojson::number_text(n),
        Value::Bool(b) => b.to_string(),
        Value::Null => "<nil>".into(),
        Value::Array(_) | Value::Object(_) => gojson::marshal(v),
    }
}

fn print_results(results: &[Value], out: &mut String, as_json: bool) {
    if as_json {
        out.push_str(&gojson::marshal_indent(&Value::Array(results.to_vec()), "    "));
        out.push('\n');
        return;
    }
    // A null prints as JSON does (client-go's evalToText), not as `%v`.
    let texts: Vec<String> = results.iter().map(|v| if v.is_null() { "null".into() } else { value_text(v) }).collect();
    out.push_str(&texts.join(" "));
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn run(t: &str, data: &Value) -> String {
        JsonPath::parse(t).unwrap().execute(data, true, false).unwrap()
    }

    /// The object `kubectl create deployment x --image=nginx --dry-run=client` builds.
    fn deployment() -> Value {
        json!({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"creationTimestamp":null,"labels":{"app":"x"},"name":"x"},
               "spec":{"replicas":1,"selector":{"matchLabels":{"app":"x"}},"strategy":{},
                       "template":{"metadata":{"creationTimestamp":null,"labels":{"app":"x"}},"spec":{"containers":[{"image":"nginx","name":"nginx","resources":{}}]}}},
               "status":{}})
    }

    // Expected outputs are real kubectl v1.32's for
    // `kubectl create deployment x --image=nginx --dry-run=client -o jsonpath=…`.
    #[test]
    fn matches_kubectl_on_a_deployment() {
        let d = deployment();
        assert_eq!(run("{.metadata.name}", &d), "x");
        assert_eq!(run("{.metadata.labels}", &d), r#"{"app":"x"}"#);
        assert_eq!(run("{.spec.template.spec.containers[*].name} {.spec.replicas}", &d), "nginx 1");
        assert_eq!(run("{.metadata.foo}", &d), "");
        assert_eq!(
            print("{.metadata.name", &d, true, false).unwrap_err(),
            "error parsing jsonpath {.metadata.name, unclosed action"
        );
    }

    // Cases from client-go's jsonpath_test.go (TestJSONInput, TestKubernetes).
    #[test]
    fn client_go_vectors() {
        let store = json!({
            "items": [
                {"kind":"None","metadata":{"name":"127.0.0.1","labels":{"kubernetes.io/hostname":"127.0.0.1"}},
                 "status":{"capacity":{"cpu":"4"},"addresses":[{"type":"LegacyHostIP","address":"127.0.0.1"}]}},
                {"kind":"None","metadata":{"name":"127.0.0.2","labels":{"kubernetes.io/hostname":"127.0.0.2"}},
                 "status":{"capacity":{"cpu":"8"},"addresses":[{"type":"LegacyHostIP","address":"127.0.0.2"},{"type":"another","address":"127.0.0.3"}]}}
            ],
            "users":[{"name":"myself","user":{}},{"name":"e2e","user":{"username":"admin","password":"secret"}}]
        });
        assert_eq!(run("{.items[*].metadata.name}", &store), "127.0.0.1 127.0.0.2");
        assert_eq!(run("{.items[*]['metadata.name', 'status.capacity']}", &store), "127.0.0.1 127.0.0.2 {\"cpu\":\"4\"} {\"cpu\":\"8\"}");
        assert_eq!(run("{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}", &store), "[127.0.0.1, {\"cpu\":\"4\"}] [127.0.0.2, {\"cpu\":\"8\"}] ");
        assert_eq!(run("{.users[?(@.name==\"e2e\")].user.password}", &store), "secret");
        assert_eq!(run("{.items[0].metadata.labels.kubernetes\\.io/hostname}", &store), "127.0.0.1");
        assert_eq!(run("{.items[*].status.addresses[*].address}", &store), "127.0.0.1 127.0.0.2 127.0.0.3");
        assert_eq!(run("{range .items[*]}{range .status.addresses[*]}{.address}, {end}{end}", &store), "127.0.0.1, 127.0.0.2, 127.0.0.3, ");
        assert_eq!(run("{.items[?(@.metadata.name=='127.0.0.2')].status.capacity.cpu}", &store), "8");
        assert_eq!(run("{..address}", &store), "127.0.0.1 127.0.0.2 127.0.0.3");
        assert_eq!(run("{.items[-1:].metadata.name}", &store), "127.0.0.2");
        assert_eq!(run("{.items[0,1].status.capacity.cpu}", &store), "4 8");
        assert_eq!(run("{.users[?(@.user.username)].name}", &store), "e2e");
        assert_eq!(run("{range .items[*]}{.metadata.name}{\"\\n\"}{end}", &store), "127.0.0.1\n127.0.0.2\n");
        let nums = json!({"a": [1, 2, 3, 4, 5]});
        assert_eq!(run("{.a[1:4:2]}", &nums), "2 4");
        assert_eq!(run("{.a[?(@ > 3)]}", &nums), "4 5");
        assert_eq!(run("{.a[-2]}", &nums), "4");
    }

    #[test]
    fn errors() {
        let d = deployment();
        let exec_err = |t: &str, missing: bool| JsonPath::parse(t).unwrap().execute(&d, missing, false).unwrap_err();
        assert_eq!(exec_err("{.spec.template.spec.containers[3]}", true), "array index out of bounds: index 3, length 1");
        assert_eq!(exec_err("{.metadata.foo}", false), "foo is not found");
        assert_eq!(exec_err("{.metadata[0]}", true), "map[string]interface {} is not array or slice");
        assert_eq!(exec_err("{end}", true), "not in range, nothing to end");
        assert_eq!(JsonPath::parse("{.a[x]}").unwrap_err(), "invalid array index x");
        assert_eq!(JsonPath::parse("{.a[0}").unwrap_err(), "unterminated array");
        assert_eq!(JsonPath::parse("{\"x}").unwrap_err(), "unterminated quoted string");
        assert_eq!(JsonPath::parse("{#}").unwrap_err(), "unrecognized character in action: U+0023 '#'");
        assert!(print("{.spec.template.spec.containers[3]}", &d, true, false).unwrap_err().starts_with(
            "error executing jsonpath \"{.spec.template.spec.containers[3]}\": Error executing template: array index out of bounds: index 3, length 1. Printing more information"
        ));
    }

    #[test]
    fn as_json_and_relaxed() {
        let d = deployment();
        assert_eq!(JsonPath::parse("{.metadata.labels}").unwrap().execute(&d, true, true).unwrap(), "[\n    {\n        \"app\": \"x\"\n    }\n]\n");
        assert_eq!(relaxed_expression(".metadata.name").unwrap(), "{.metadata.name}");
        assert_eq!(relaxed_expression("metadata.name").unwrap(), "{.metadata.name}");
        assert_eq!(relaxed_expression("{.metadata.name}").unwrap(), "{.metadata.name}");
        assert!(relaxed_expression("{a}{b}").is_err());
        assert!(relaxed_expression("{}").is_err());
    }

    // Real kubectl v1.32 (`create configmap c --dry-run=client -o jsonpath=…`,
    // `label -f - --local -o jsonpath=…`).
    #[test]
    fn quoting_nulls_numbers_and_text_as_json() {
        let d = deployment();
        assert_eq!(run(r#"{"\x41\u00e9\101\t"}"#, &d), "A\u{e9}A\t");
        assert_eq!(JsonPath::parse(r#"{"\x"}"#).unwrap_err(), r#"unquote string "\x" error invalid syntax"#);
        assert_eq!(JsonPath::parse(r#"{"\\"}"#).unwrap_err(), "unterminated quoted string");
        assert_eq!(run(r#"{"a\"b"}{'it\'s'}"#, &d), "a\"bit's");
        assert_eq!(run("{.metadata.creationTimestamp}", &d), "null");
        assert_eq!(run("{range .l[*]}[{@}]{end}", &json!({"l": [null, 1]})), "[<no value>][1]");
        let ports = json!({"p": [{"port": 80}, {"port": 81.5}]});
        assert_eq!(JsonPath::parse("{.p[?(@.port>80)]}").unwrap().execute(&ports, true, false).unwrap_err(), "incompatible types for comparison");
        assert_eq!(run("{.p[?(@.port==80)].port}", &json!({"p": [{"port": 80}]})), "80");
        let floats = float_numbers(&json!({"value": 1000000, "l": [3]}));
        assert_eq!(run("{.value} {.l[0]}", &floats), "1e+06 3");
        assert_eq!(JsonPath::parse("{.kind} {.spec.replicas}").unwrap().execute(&d, true, true).unwrap(), "[\n    \"Deployment\"\n]\n[\n    \" \"\n]\n[\n    1\n]\n");
        let err = print("{.nope}", &json!({"a": [1.5, null, "x\t"], "b": {}}), false, false).unwrap_err();
        assert!(err.ends_with("\tobject given to jsonpath engine was:\n\t\tmap[string]interface {}{\"a\":[]interface {}{1.5, interface {}(nil), \"x\\t\"}, \"b\":map[string]interface {}{}}\n\n\n"), "{err}");
    }
}
