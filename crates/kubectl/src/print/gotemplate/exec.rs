//! Execution: the tree over the data, with text/template's errors and
//! the builtin and kubectl functions.

use super::*;

/// A parsed template.
#[derive(Clone, Debug)]
pub struct Template {
    pub(super) root: Vec<Node>,
    /// `{{define}}`d templates by name.
    pub(super) defined: Vec<(String, Vec<Node>)>,
    pub(super) text: String,
}

pub(super) enum Flow {
    Normal,
    Break,
    Continue,
}

/// Where execution stopped with an error: Go's `ExecError` text.
pub(super) type XResult<T> = Result<T, String>;

pub(super) struct State<'t, 'a> {
    pub(super) text: &'t str,
    pub(super) defined: &'t [(String, Vec<Node>)],
    pub(super) depth: usize,
    /// The template executing, which errors name.
    pub(super) name: String,
    pub(super) allow_missing: bool,
    pub(super) vars: Vec<(String, V<'a>)>,
    pub(super) at: Option<(usize, String)>,
    pub(super) out: String,
    pub(super) steps: u64,
}

/// Which Go type a builtin's parameter has, which decides how an argument converts.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Param {
    /// `reflect.Value`
    Reflect,
    /// `interface{}`
    Any,
    /// `string`
    Str,
}

pub(super) fn signature(name: &str) -> (Vec<Param>, Option<Param>) {
    use Param::*;
    match name {
        "and" | "or" => (vec![Reflect], Some(Reflect)),
        "not" | "len" => (vec![Reflect], None),
        "index" | "slice" | "eq" => (vec![Reflect], Some(Reflect)),
        "ne" | "lt" | "le" | "gt" | "ge" => (vec![Reflect, Reflect], None),
        "print" | "println" | "html" | "js" | "urlquery" => (vec![], Some(Any)),
        "printf" => (vec![Str], Some(Any)),
        "exists" => (vec![Any], Some(Any)),
        "base64decode" => (vec![Str], None),
        _ => (vec![Reflect], Some(Reflect)),
    }
}

impl<'t, 'a> State<'t, 'a> {
    pub(super) fn at(&mut self, pos: usize, what: String) {
        self.at = Some((pos, what));
    }
    pub(super) fn errorf<T>(&self, msg: String) -> XResult<T> {
        match &self.at {
            None => Err(format!("template: {NAME}: {msg}")),
            Some((pos, what)) => {
                let before = &self.text[..(*pos).min(self.text.len())];
                let line = 1 + before.matches('\n').count();
                let col = match before.rfind('\n') {
                    Some(i) => pos - (i + 1),
                    None => *pos,
                };
                Err(format!("template: {NAME}:{line}:{col}: executing {} at <{what}>: {msg}", gofmt::quote(&self.name)))
            }
        }
    }
    pub(super) fn step(&mut self) -> XResult<()> {
        self.steps += 1;
        if self.steps > MAX_STEPS || self.out.len() > MAX_OUTPUT {
            return Err("(playground) the template does too much work; it was stopped".into());
        }
        Ok(())
    }
    pub(super) fn var(&self, name: &str) -> V<'a> {
        self.vars.iter().rev().find(|(n, _)| n == name).map_or_else(V::invalid, |(_, v)| v.clone())
    }

    pub(super) fn walk(&mut self, dot: &V<'a>, list: &[Node]) -> XResult<Flow> {
        for n in list {
            self.step()?;
            match n {
                Node::Text(t) => self.out.push_str(t),
                Node::Action(pipe) => {
                    let v = self.pipeline(dot, pipe)?;
                    if pipe.decl.is_empty() {
                        go_print(&v, &mut self.out);
                    }
                }
                Node::If(c) | Node::With(c) => {
                    let mark = self.vars.len();
                    let v = self.pipeline(dot, &c.pipe)?;
                    let flow = if v.truth() {
                        if matches!(n, Node::With(_)) {
                            self.walk(&v, &c.list)?
                        } else {
                            self.walk(dot, &c.list)?
                        }
                    } else if let Some(e) = &c.else_list {
                        self.walk(dot, e)?
                    } else {
                        Flow::Normal
                    };
                    self.vars.truncate(mark);
                    if !matches!(flow, Flow::Normal) {
                        return Ok(flow);
                    }
                }
                Node::Range(c) => {
                    let mark = self.vars.len();
                    self.range(dot, c)?;
                    self.vars.truncate(mark);
                }
                Node::Template { pos, name, shown, pipe } => {
                    self.at(*pos, shown.clone());
                    let Some((_, list)) = self.defined.iter().find(|(n, _)| n == name) else {
                        return self.errorf(format!("template {} not defined", gofmt::quote(name)));
                    };
                    if self.depth == MAX_TEMPLATE_DEPTH {
                        return self.errorf(format!("exceeded maximum template depth ({MAX_TEMPLATE_DEPTH})"));
                    }
                    let new_dot = match pipe {
                        Some(p) => self.pipeline(dot, p)?,
                        None => V::invalid(),
                    };
                    self.depth += 1;
                    let outer_vars = std::mem::replace(&mut self.vars, vec![("$".into(), new_dot.clone())]);
                    let outer_name = std::mem::replace(&mut self.name, name.clone());
                    self.walk(&new_dot, list)?;
                    self.vars = outer_vars;
                    self.name = outer_name;
                    self.depth -= 1;
                }
                Node::Break => return Ok(Flow::Break),
                Node::Continue => return Ok(Flow::Continue),
            }
        }
        Ok(Flow::Normal)
    }

    pub(super) fn range(&mut self, dot: &V<'a>, c: &Control) -> XResult<()> {
        let v = self.pipeline(dot, &c.pipe)?;
        let mark = self.vars.len();
        let one = |s: &mut Self, index: V<'a>, elem: V<'a>| -> XResult<bool> {
            s.vars.truncate(mark);
            match c.pipe.decl.len() {
                0 => {}
                1 => s.vars.push((c.pipe.decl[0].clone(), elem.clone())),
                _ => {
                    s.vars.push((c.pipe.decl[0].clone(), index));
                    s.vars.push((c.pipe.decl[1].clone(), elem.clone()));
                }
            }
            // The element keeps its interface{} for `.x`'s messages.
            Ok(!matches!(s.walk(&elem, &c.list)?, Flow::Break))
        };
        let ran = match &v.k {
            K::Arr(a) => {
                for (i, e) in a.iter().enumerate() {
                    if !one(self, V::new(K::Int(i as i64, IntTy::Int)), V::element(e))? {
                        break;
                    }
                }
                !a.is_empty()
            }
            K::Map(m) => {
                let mut keys: Vec<&String> = m.keys().collect();
                keys.sort();
                for key in &keys {
                    if !one(self, V::new(K::Str(Cow::Borrowed(key.as_str()))), V::element(&m[key.as_str()]))? {
                        break;
                    }
                }
                !keys.is_empty()
            }
            K::Invalid | K::Nil => false,
            _ => {
                let mut s = String::new();
                print_kind(&v.k, &mut s);
                return self.errorf(format!("range can't iterate over {s}"));
            }
        };
        self.vars.truncate(mark);
        if !ran {
            if let Some(e) = &c.else_list {
                self.walk(dot, e)?;
            }
        }
        Ok(())
    }

    pub(super) fn pipeline(&mut self, dot: &V<'a>, pipe: &Pipe) -> XResult<V<'a>> {
        self.at(pipe.pos, pipe.to_string());
        let mut value: Option<V<'a>> = None;
        for cmd in &pipe.cmds {
            self.step()?;
            value = Some(self.command(dot, cmd, value)?.dug());
        }
        let value = value.unwrap_or_else(V::invalid);
        for d in &pipe.decl {
            if pipe.is_assign {
                match self.vars.iter_mut().rev().find(|(n, _)| n == d) {
                    Some(slot) => slot.1 = value.clone(),
                    None => return self.errorf(format!("undefined variable: {d}")),
                }
            } else {
                self.vars.push((d.clone(), value.clone()));
            }
        }
        Ok(value)
    }

    pub(super) fn not_a_function(&self, cmd: &Cmd, has_final: bool) -> XResult<()> {
        if cmd.args.len() > 1 || has_final {
            return self.errorf(format!("can't give argument to non-function {}", cmd.args[0]));
        }
        Ok(())
    }

    pub(super) fn command(&mut self, dot: &V<'a>, cmd: &Cmd, last: Option<V<'a>>) -> XResult<V<'a>> {
        let first = &cmd.args[0];
        match first {
            Arg::Field { pos, idents } => {
                self.at(*pos, first.to_string());
                self.field_chain(dot.clone(), idents, &cmd.args, last)
            }
            Arg::Chain { .. } => self.chain(dot, first, &cmd.args, last),
            Arg::Ident { pos, name } => self.function(dot, *pos, name, cmd, last),
            Arg::Pipe(p) => {
                self.not_a_function(cmd, last.is_some())?;
                self.pipeline(dot, p)
            }
            Arg::Var { pos, name, idents } => {
                self.at(*pos, first.to_string());
                let v = self.var(name);
                if idents.is_empty() {
                    self.not_a_function(cmd, last.is_some())?;
                    return Ok(v);
                }
                self.field_chain(v, idents, &cmd.args, last)
            }
            _ => {
                self.at(first.pos(), first.to_string());
                self.not_a_function(cmd, last.is_some())?;
                match first {
                    Arg::Bool(_, b) => Ok(V::new(K::Bool(*b))),
                    Arg::Dot(_) => Ok(dot.clone()),
                    Arg::Nil(_) => self.errorf("nil is not a command".into()),
                    Arg::Number { num, .. } => Ok(num_value(num)),
                    Arg::Str { text, .. } => Ok(V::new(K::Str(Cow::Owned(text.clone())))),
                    _ => self.errorf(format!("can't evaluate command {}", gofmt::quote(&first.to_string()))),
                }
            }
        }
    }

    pub(super) fn chain(&mut self, dot: &V<'a>, chain: &Arg, args: &[Arg], last: Option<V<'a>>) -> XResult<V<'a>> {
        let Arg::Chain { pos, node, idents } = chain else { return Ok(V::invalid()) };
        self.at(*pos, chain.to_string());
        if let Arg::Nil(_) = **node {
            return self.errorf(format!("indirection through explicit nil in {chain}"));
        }
        let v = self.arg(dot, None, node)?;
        self.field_chain(v, idents, args, last)
    }

    pub(super) fn field_chain(&mut self, mut receiver: V<'a>, idents: &[String], args: &[Arg], last: Option<V<'a>>) -> XResult<V<'a>> {
        for (i, name) in idents.iter().enumerate() {
            let has_args = i + 1 == idents.len() && (args.len() > 1 || last.is_some());
            receiver = self.field(receiver, name, has_args)?;
        }
        Ok(receiver)
    }

    pub(super) fn field(&mut self, receiver: V<'a>, name: &str, has_args: bool) -> XResult<V<'a>> {
        match &receiver.k {
            K::Invalid => {
                if !self.allow_missing {
                    return self.errorf(format!("nil data; no entry for key {}", gofmt::quote(name)));
                }
                Ok(V::invalid())
            }
            K::Nil => self.errorf(format!("nil pointer evaluating {}.{name}", receiver.type_name())),
            K::Map(m) => {
                if has_args {
                    return self.errorf(format!("{name} is not a method but has arguments"));
                }
                match m.get(name) {
                    Some(v) => Ok(V::element(v)),
                    None if self.allow_missing => Ok(V::invalid()),
                    None => self.errorf(format!("map has no entry for key {}", gofmt::quote(name))),
                }
            }
            _ => self.errorf(format!("can't evaluate field {name} in type {}", receiver.type_name())),
        }
    }

    /// An argument converted to a builtin's parameter type (Go's `evalArg`);
    /// `None` is the untyped parameter of a chain's head.
    pub(super) fn arg(&mut self, dot: &V<'a>, param: Option<Param>, n: &Arg) -> XResult<V<'a>> {
        self.at(n.pos(), n.to_string());
        let v = match n {
            Arg::Dot(_) => dot.clone(),
            Arg::Nil(_) => {
                return match param {
                    Some(Param::Any) | None => Ok(V::new(K::Nil)),
                    Some(Param::Reflect) => Ok(V::invalid()),
                    Some(Param::Str) => self.errorf("cannot assign nil to string".into()),
                };
            }
            Arg::Field { idents, .. } => self.field_chain(dot.clone(), idents, std::slice::from_ref(n), None)?,
            Arg::Var { name, idents, .. } => {
                let v = self.var(name);
                self.field_chain(v, idents, std::slice::from_ref(n), None)?
            }
            Arg::Pipe(p) => self.pipeline(dot, p)?,
            Arg::Ident { pos, name } => {
                let cmd = Cmd { pos: *pos, args: vec![n.clone()] };
                self.function(dot, *pos, name, &cmd, None)?
            }
            Arg::Chain { .. } => self.chain(dot, n, std::slice::from_ref(n), None)?,
            Arg::Bool(_, b) => {
                if param == Some(Param::Str) {
                    return self.errorf(format!("expected string; found {n}"));
                }
                V::new(K::Bool(*b))
            }
            Arg::Number { num, .. } => {
                if param == Some(Param::Str) {
                    return self.errorf(format!("expected string; found {n}"));
                }
                num_value(num)
            }
            Arg::Str { text, .. } => V::new(K::Str(Cow::Owned(text.clone()))),
        };
        self.validate(v, param)
    }

    /// Go's `validateType`.
    pub(super) fn validate(&mut self, v: V<'a>, param: Option<Param>) -> XResult<V<'a>> {
        match param {
            None | Some(Param::Reflect) => Ok(v),
            Some(Param::Any) => Ok(match v.k {
                K::Invalid => V::new(K::Nil),
                k => V::new(k),
            }),
            Some(Param::Str) => match &v.k {
                K::Str(_) => Ok(V::new(v.k)),
                K::Invalid => self.errorf("invalid value; expected string".into()),
                _ => self.errorf(format!("wrong type for value; expected string; got {}", if matches!(v.k, K::Nil) { "interface {}" } else { v.concrete_type() })),
            },
        }
    }

    pub(super) fn function(&mut self, dot: &V<'a>, pos: usize, name: &str, cmd: &Cmd, last: Option<V<'a>>) -> XResult<V<'a>> {
        self.at(pos, name.to_string());
        let args = &cmd.args[1..];
        let (fixed, variadic) = signature(name);
        let num_in = args.len() + usize::from(last.is_some());
        if variadic.is_some() {
            if num_in < fixed.len() {
                return self.errorf(format!("wrong number of args for {name}: want at least {} got {}", fixed.len(), args.len()));
            }
        } else if num_in != fixed.len() {
            return self.errorf(format!("wrong number of args for {name}: want {} got {num_in}", fixed.len()));
        }
        let param = |i: usize| if i < fixed.len() { fixed[i] } else { variadic.unwrap_or(Param::Any) };
        if name == "and" || name == "or" {
            let mut v = V::invalid();
            for a in args {
                v = self.arg(dot, Some(Param::Reflect), a)?;
                if v.truth() == (name == "or") {
                    return Ok(v);
                }
            }
            if let Some(l) = last {
                v = l;
            }
            return Ok(v);
        }
        let mut argv = Vec::with_capacity(num_in);
        for (i, a) in args.iter().enumerate() {
            argv.push(self.arg(dot, Some(param(i)), a)?);
        }
        if let Some(l) = last {
            let v = self.validate(l, Some(param(argv.len())))?;
            argv.push(v);
        }
        match call(name, argv) {
            Ok(v) => Ok(v),
            Err(e) => {
                self.at(cmd.pos, cmd.to_string());
                self.errorf(format!("error calling {name}: {e}"))
            }
        }
    }
}

pub(super) fn num_value<'a>(n: &Num) -> V<'a> {
    match n {
        Num::Int(i) => V::new(K::Int(*i, IntTy::Int)),
        Num::Float(f) => V::new(K::Float(*f)),
    }
}

#[derive(PartialEq, Clone, Copy)]
pub(super) enum BasicKind {
    Invalid,
    Bool,
    Int,
    Float,
    Str,
}

pub(super) fn basic_kind(v: &V) -> BasicKind {
    match v.k {
        K::Bool(_) => BasicKind::Bool,
        K::Int(..) => BasicKind::Int,
        K::Float(_) => BasicKind::Float,
        K::Str(_) => BasicKind::Str,
        _ => BasicKind::Invalid,
    }
}

pub(super) const BAD_COMPARISON: &str = "incompatible types for comparison";
pub(super) const BAD_COMPARISON_TYPE: &str = "invalid type for comparison";

pub(super) fn eq(a: &V, others: &[V]) -> Result<bool, String> {
    if others.is_empty() {
        return Err("missing argument for comparison".into());
    }
    let k1 = basic_kind(a);
    for b in others {
        let k2 = basic_kind(b);
        let valid = |v: &V| !matches!(v.k, K::Invalid);
        let truth = if k1 != k2 {
            if valid(a) && valid(b) {
                return Err(BAD_COMPARISON.into());
            }
            false
        } else {
            match (&a.k, &b.k) {
                (K::Bool(x), K::Bool(y)) => x == y,
                (K::Int(x, _), K::Int(y, _)) => x == y,
                (K::Float(x), K::Float(y)) => x == y,
                (K::Str(x), K::Str(y)) => x == y,
                _ => {
                    let is_nil = |v: &V| matches!(v.k, K::Invalid | K::Nil);
                    if is_nil(a) || is_nil(b) {
                        is_nil(a) == is_nil(b)
                    } else {
                        return Err(format!("non-comparable type {}: {}", value_text(b), b.concrete_type()));
                    }
                }
            }
        };
        if truth {
            return Ok(true);
        }
    }
    Ok(false)
}

pub(super) fn lt(a: &V, b: &V) -> Result<bool, String> {
    let (k1, k2) = (basic_kind(a), basic_kind(b));
    if k1 == BasicKind::Invalid || k2 == BasicKind::Invalid {
        return Err(BAD_COMPARISON_TYPE.into());
    }
    if k1 != k2 {
        return Err(BAD_COMPARISON.into());
    }
    Ok(match (&a.k, &b.k) {
        (K::Int(x, _), K::Int(y, _)) => x < y,
        (K::Float(x), K::Float(y)) => x < y,
        (K::Str(x), K::Str(y)) => x < y,
        _ => return Err(BAD_COMPARISON_TYPE.into()),
    })
}

pub(super) fn value_text(v: &V) -> String {
    let mut s = String::new();
    print_kind(&v.k, &mut s);
    s
}

pub(super) fn index_arg(i: &V, cap: usize) -> Result<usize, String> {
    let x = match &i.k {
        K::Int(x, _) => *x,
        K::Invalid | K::Nil => return Err("cannot index slice/array with nil".into()),
        _ => return Err(format!("cannot index slice/array with type {}", i.concrete_type())),
    };
    if x < 0 || x as u64 > cap as u64 {
        return Err(format!("index out of range: {x}"));
    }
    Ok(x as usize)
}

pub(super) fn call<'a>(name: &str, mut argv: Vec<V<'a>>) -> Result<V<'a>, String> {
    let b = |x: bool| Ok(V::new(K::Bool(x)));
    let s = |x: String| Ok(V::new(K::Str(Cow::Owned(x))));
    // Builtins see through the interface{} a map entry sits in.
    for a in &mut argv {
        a.iface = false;
    }
    match name {
        "not" => b(!argv[0].truth()),
        "len" => match &argv[0].k {
            K::Invalid => Err("reflect: call of reflect.Value.Type on zero Value".into()),
            K::Nil => Err("len of nil pointer".into()),
            K::Str(x) => Ok(V::new(K::Int(x.len() as i64, IntTy::Int))),
            K::Arr(a) => Ok(V::new(K::Int(a.len() as i64, IntTy::Int))),
            K::Map(m) => Ok(V::new(K::Int(m.len() as i64, IntTy::Int))),
            _ => Err(format!("len of type {}", argv[0].concrete_type())),
        },
        "index" => {
            let mut item = argv[0].clone();
            if matches!(item.k, K::Invalid) {
                return Err("index of untyped nil".into());
            }
            for i in &argv[1..] {
                item = match &item.k {
                    K::Nil | K::Invalid => return Err("index of nil pointer".into()),
                    K::Arr(a) => {
                        let x = index_arg(i, a.len())?;
                        match a.get(x) {
                            Some(e) => V::new(json_kind(e)),
                            None => return Err("reflect: slice index out of range".into()),
                        }
                    }
                    K::Str(st) => {
                        let x = index_arg(i, st.len())?;
                        match st.as_bytes().get(x) {
                            Some(byte) => V::new(K::Int(*byte as i64, IntTy::U8)),
                            None => return Err("reflect: string index out of range".into()),
                        }
                    }
                    K::Map(m) => match &i.k {
                        K::Str(key) => m.get(key.as_ref()).map_or(V::new(K::Nil), |e| V::new(json_kind(e))),
                        K::Invalid | K::Nil => return Err("value is nil; should be of type string".into()),
                        _ => return Err(format!("value has type {}; should be string", i.concrete_type())),
                    },
                    _ => return Err(format!("can't index item of type {}", item.concrete_type())),
                };
            }
            // A list element or map entry is an interface{} again.
            item.iface = true;
            Ok(item)
        }
        "slice" => {
            let item = argv[0].clone();
            let idx = &argv[1..];
            let len = match &item.k {
                K::Invalid | K::Nil => return Err("slice of untyped nil".into()),
                K::Str(x) => x.len(),
                K::Arr(a) => a.len(),
                _ => return Err(format!("can't slice item of type {}", item.concrete_type())),
            };
            if idx.len() > 3 || (idx.len() == 3 && matches!(item.k, K::Str(_))) {
                return Err(format!("too many slice indexes: {}", idx.len()));
            }
            let mut ix = [0usize, len, len];
            for (n, i) in idx.iter().enumerate() {
                ix[n] = index_arg(i, len)?;
            }
            if ix[0] > ix[1] {
                return Err(format!("invalid slice index: {} > {}", ix[0], ix[1]));
            }
            match item.k {
                K::Str(x) => match x.get(ix[0]..ix[1]) {
                    Some(sub) => s(sub.to_string()),
                    None => s(String::from_utf8_lossy(&x.as_bytes()[ix[0]..ix[1]]).into_owned()),
                },
                K::Arr(a) => Ok(V::new(K::Arr(&a[ix[0]..ix[1]]))),
                _ => Err("slice".into()),
            }
        }
        "eq" => eq(&argv[0], &argv[1..]).map(|x| V::new(K::Bool(x))),
        "ne" => eq(&argv[0], &argv[1..2]).map(|x| V::new(K::Bool(!x))),
        "lt" => lt(&argv[0], &argv[1]).map(|x| V::new(K::Bool(x))),
        "le" => {
            let l = lt(&argv[0], &argv[1])?;
            b(l || eq(&argv[0], &argv[1..2])?)
        }
        "gt" => {
            let l = lt(&argv[0], &argv[1])?;
            b(!(l || eq(&argv[0], &argv[1..2])?))
        }
        "ge" => b(!lt(&argv[0], &argv[1])?),
        "print" => s(sprint(&argv)),
        "println" => {
            let parts: Vec<String> = argv.iter().map(value_text).collect();
            s(parts.join(" ") + "\n")
        }
        "printf" => {
            let format = value_text(&argv[0]);
            s(sprintf(&format, &argv[1..]))
        }
        "html" | "js" | "urlquery" => {
            let text = match argv.as_slice() {
                [one @ V { k: K::Str(_), .. }] => value_text(one),
                _ => {
                    let shown: Vec<V> = argv.iter().map(|a| if matches!(a.k, K::Nil) { V::new(K::Str(Cow::Borrowed("<no value>"))) } else { a.clone() }).collect();
                    sprint(&shown)
                }
            };
            s(match name {
                "html" => html_escape(&text),
                "js" => js_escape(&text),
                _ => url_query_escape(&text),
            })
        }
        "exists" => {
            let mut v = argv[0].k.clone();
            for i in &argv[1..] {
                v = match (&v, &i.k) {
                    (K::Map(m), K::Str(key)) => match m.get(key.as_ref()) {
                        Some(e) => json_kind(e),
                        None => return b(false),
                    },
                    (K::Arr(a), K::Int(x, IntTy::Int)) => match usize::try_from(*x).ok().and_then(|x| a.get(x)) {
                        Some(e) => json_kind(e),
                        None => return b(false),
                    },
                    _ => return b(false),
                };
            }
            b(true)
        }
        "base64decode" => match base64_decode(&value_text(&argv[0])) {
            Ok(t) => s(t),
            Err(e) => Err(format!("base64 decode failed: {e}")),
        },
        _ => Err(format!("{} is not a defined function", gofmt::quote(name))),
    }
}

impl Template {
    /// Parses `text`; the error is Go's (`template: output:1: unclosed action`).
    pub fn parse(text: &str) -> Result<Template, String> {
        let items = Lexer { input: text, pos: 0, start: 0, items: Vec::new(), paren_depth: 0 }.run();
        let mut p = Parser { items, i: 0, line: 1, vars: vec!["$".into()], range_depth: 0, depth: 0, action_line: 0, defined: Vec::new() };
        let root = p.parse()?;
        Ok(Template { root, defined: p.defined, text: text.to_string() })
    }

    /// Runs the template over `data`. On failure, Go has already written
    /// what came before: the partial output comes with the error.
    pub fn execute(&self, data: &Value, allow_missing: bool) -> Result<String, (String, String)> {
        let root = V::new(json_kind(data));
        let mut st = State { text: &self.text, defined: &self.defined, depth: 0, name: NAME.into(), allow_missing, vars: vec![("$".into(), root.clone())], at: None, out: String::new(), steps: 0 };
        match st.walk(&root, &self.root) {
            Ok(_) => Ok(st.out),
            Err(e) => Err((st.out, e)),
        }
    }
}

/// Compact JSON in the object's own field order with Go's escaping: the
/// "raw data" kubectl shows when a template fails.
pub(super) fn raw_json(v: &Value, out: &mut String) {
    match v {
        Value::Array(a) => {
            out.push('[');
            for (i, e) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                raw_json(e, out);
            }
            out.push(']');
        }
        Value::Object(m) => {
            out.push('{');
            for (i, (k, e)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&gojson::quote(k));
                out.push(':');
                raw_json(e, out);
            }
            out.push('}');
        }
        v => out.push_str(&gojson::marshal(v)),
    }
}

/// A failed `-o go-template` print: what kubectl writes to stdout (the
/// partial output and its debugging dump) and its error, without `error: `.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    pub stdout: String,
    pub error: String,
}

/// Another printer's error: nothing printed before it.
impl From<String> for Failure {
    fn from(error: String) -> Failure {
        Failure { stdout: String::new(), error }
    }
}

/// kubectl's go-template printer: parses and runs `template` over one
/// object (or a `List`).
pub fn print(template: &str, data: &Value, allow_missing: bool) -> Result<String, Failure> {
    let t = Template::parse(template).map_err(|e| Failure { stdout: String::new(), error: format!("error parsing template {template}, {e}") })?;
    t.execute(data, allow_missing).map_err(|(mut stdout, e)| {
        let mut raw = String::new();
        raw_json(data, &mut raw);
        let mut given = String::new();
        print_kind(&json_kind(data), &mut given);
        stdout.push_str(&format!("Error executing template: {e}. Printing more information for debugging the template:\n"));
        stdout.push_str(&format!("\ttemplate was:\n\t\t{template}\n"));
        stdout.push_str(&format!("\traw data was:\n\t\t{raw}\n"));
        stdout.push_str(&format!("\tobject given to template engine was:\n\t\t{given}\n\n"));
        Failure { stdout, error: format!("error executing template {}: {e}", gofmt::quote(template)) }
    })
}
