//! The compound commands of an exec's script beyond `if` and the loops:
//! `{ LIST; }`, `( LIST )`, `case … esac` and function definitions
//! (`NAME() COMPOUND`, bash's `function NAME { …; }`), parsed as dash and
//! busybox ash parse them. The empty group and subshell are the shells'
//! own syntax errors (both say which token); other malformed forms are
//! refused, as the parent module refuses a malformed `if`.

use super::{is_name, parse_for, parse_if, parse_into, parse_while, Bad, Command, Compound, List, Parser, Part, Pipeline, Unexpected, Word};

/// A `;;` or `)` ending an arm or a subshell right after `|`, `&&` or
/// `||`: the shells want a command there first.
pub(super) fn dangling(list: &List, pipeline: &Pipeline, cmd: &Command) -> Result<(), Bad> {
    let empty = cmd.words.is_empty() && cmd.redirects.is_empty() && cmd.compound.is_none() && cmd.assigns.is_empty() && cmd.arrays.is_empty();
    let after_operator = !pipeline.is_empty() || list.last().is_some_and(|(_, op)| *op != ";");
    if empty && after_operator {
        return Err(Bad::Unsupported);
    }
    Ok(())
}

/// The rest of `( LIST )`, its `(` just read.
pub(super) fn subshell(p: &mut Parser) -> Result<Compound, Bad> {
    enclosed(p, ")").map(Compound::Subshell)
}

/// A list up to `close`, which must end it; an empty one is the syntax
/// error at `close` (dash: `Syntax error: ")" unexpected`; ash:
/// `unexpected ")"`).
fn enclosed(p: &mut Parser, close: &'static str) -> Result<List, Bad> {
    let mut body = List::new();
    if parse_into(p, &mut body, &mut 0, &[close])? != Some(close) {
        return Err(Bad::Unsupported);
    }
    if body.is_empty() {
        return Err(Bad::Syntax(Unexpected::Token(close.into()), p.i - 1));
    }
    Ok(body)
}

/// `((EXPR))` at its first `(`: EXPR and where the closing `))` ends,
/// nested parentheses counted; None when no `))` closes it on the line.
pub(super) fn arith_command(p: &Parser) -> Option<(String, usize)> {
    if p.chars.get(p.i + 1) != Some(&'(') {
        return None;
    }
    let from = p.i + 2;
    let mut open = 0usize;
    let mut j = from;
    loop {
        match *p.chars.get(j)? {
            '\n' => return None,
            '(' => open += 1,
            ')' if open > 0 => open -= 1,
            ')' if p.chars.get(j + 1) == Some(&')') => break,
            ')' => return None,
            _ => {}
        }
        j += 1;
    }
    Some((p.chars[from..j].iter().collect(), j + 2))
}

/// The rest of `{ LIST; }`, its `{` just read.
pub(super) fn group(p: &mut Parser) -> Result<Compound, Bad> {
    enclosed(p, "}").map(Compound::Group)
}

/// The rest of `case WORD in …esac`, its `case` just read.
pub(super) fn case(p: &mut Parser) -> Result<Compound, Bad> {
    p.blanks();
    let word = p.word()?;
    if word.is_empty() {
        return Err(Bad::Unsupported);
    }
    p.blanks_and_newlines();
    if p.word()?.as_slice() != [Part::Lit("in".to_string())] {
        return Err(Bad::Unsupported);
    }
    let mut arms = Vec::new();
    loop {
        p.blanks_and_newlines();
        if p.peek() == Some('#') {
            p.comment();
            continue;
        }
        let open = p.peek() == Some('(');
        if open {
            p.i += 1;
            p.blanks();
        }
        let patterns = patterns(p)?;
        if !open && patterns.len() == 1 && patterns[0].as_slice() == [Part::Lit("esac".to_string())] && p.peek() != Some(')') {
            return Ok(Compound::Case { word, arms });
        }
        if p.peek() != Some(')') {
            return Err(Bad::Unsupported);
        }
        p.i += 1;
        let mut body = List::new();
        let end = parse_into(p, &mut body, &mut 0, &[";;", "esac"])?;
        arms.push((patterns, body));
        match end {
            Some(";;") => continue,
            Some("esac") => return Ok(Compound::Case { word, arms }),
            _ => return Err(Bad::Unsupported),
        }
    }
}

/// An arm's patterns, `|` between them, up to (not over) its `)`.
fn patterns(p: &mut Parser) -> Result<Vec<Word>, Bad> {
    let mut patterns = Vec::new();
    loop {
        p.blanks();
        p.pattern = true;
        let w = p.word();
        p.pattern = false;
        let w = w?;
        if w.is_empty() {
            return Err(Bad::Unsupported);
        }
        patterns.push(w);
        p.blanks();
        if p.peek() != Some('|') {
            return Ok(patterns);
        }
        p.i += 1;
    }
}

/// Whether a `(` comes next, blanks aside (`NAME ()` defines NAME too);
/// the parser stays before it.
pub(super) fn paren_follows(p: &Parser) -> bool {
    p.chars[p.i..].iter().find(|c| !matches!(c, ' ' | '\t')) == Some(&'(')
}

/// `NAME() COMPOUND`, NAME just read and `(` next (perhaps after blanks).
pub(super) fn function(p: &mut Parser, name: &str) -> Result<Compound, Bad> {
    p.blanks();
    p.i += 1;
    p.blanks();
    if p.peek() != Some(')') {
        return Err(Bad::Unsupported);
    }
    p.i += 1;
    let body = body(p)?;
    Ok(Compound::Function { name: name.to_string(), body: Box::new(body), bash: false })
}

/// bash's `function NAME [()] COMPOUND`, `function` just read.
pub(super) fn function_keyword(p: &mut Parser) -> Result<Compound, Bad> {
    p.blanks();
    let name = match p.word()?.as_slice() {
        [Part::Lit(n)] if is_name(n) => n.clone(),
        _ => return Err(Bad::Unsupported),
    };
    p.blanks();
    if p.peek() == Some('(') {
        p.i += 1;
        p.blanks();
        if p.peek() != Some(')') {
            return Err(Bad::Unsupported);
        }
        p.i += 1;
    }
    let body = body(p)?;
    Ok(Compound::Function { name, body: Box::new(body), bash: true })
}

/// A function's body: a compound command, perhaps on the next line (a
/// simple command, which dash takes and bash does not, is refused).
fn body(p: &mut Parser) -> Result<Compound, Bad> {
    p.blanks_and_newlines();
    if p.peek() == Some('(') {
        p.i += 1;
        return subshell(p);
    }
    let word = p.word()?;
    let [Part::Lit(w)] = word.as_slice() else { return Err(Bad::Unsupported) };
    match w.as_str() {
        "{" => group(p),
        "if" => parse_if(p).map(Compound::If),
        "while" | "until" => parse_while(p, w == "until"),
        "for" => parse_for(p),
        "case" => case(p),
        _ => Err(Bad::Unsupported),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{parse, Refusal};
    use super::*;

    fn one(script: &str) -> Option<Compound> {
        parse(script).ok().and_then(|l| l[0].0[0].compound.as_deref().cloned())
    }

    #[test]
    fn groups_subshells_and_functions() {
        let Some(Compound::Group(body)) = one("{ echo a; echo b; }") else { panic!() };
        assert_eq!(body.len(), 2);
        let Some(Compound::Subshell(body)) = one("(cd /tmp; pwd)") else { panic!() };
        assert_eq!(body.len(), 2);
        let Some(Compound::Function { name, body, bash: false }) = one("greet() {\n  echo hi $1\n}") else { panic!() };
        assert_eq!(name, "greet");
        assert!(matches!(*body, Compound::Group(_)));
        assert!(matches!(one("f ( ) ( echo )"), Some(Compound::Function { .. })));
        assert!(matches!(one("f()\n{ :; }"), Some(Compound::Function { .. })));
        assert!(matches!(one("function f { :; }"), Some(Compound::Function { bash: true, .. })));
        // What follows runs after it, `&&` and `||` included.
        let l = parse("{ a; } && (b) || c").unwrap();
        assert_eq!(l.iter().map(|(_, op)| *op).collect::<Vec<_>>(), ["&&", "||", ";"]);
        // `}` is a word anywhere but where a command starts.
        assert_eq!(parse("{ echo }; }").unwrap().len(), 1);
        // Redirected, or starting a pipe.
        let l = parse("{ a; b; } > f 2>&1 | wc -l").unwrap();
        assert_eq!((l[0].0.len(), l[0].0[0].redirects.len()), (2, 2));
        for bad in ["{ echo a }", "{ cat; } < f", "a | { b; }", "(echo a", "echo (a)", "f() echo a", "(a &&)", "(a |)", "f(x) { :; }"] {
            assert_eq!(parse(bad), Err(Refusal::Unsupported), "{bad:?}");
        }
    }

    #[test]
    fn case_arms_and_patterns() {
        let Some(Compound::Case { word, arms }) = one("case $x in\n  a|'b*') echo 1;;\n  (\"c\"?) ;;\n  *) echo 2\nesac") else { panic!() };
        assert_eq!(word, vec![Part::Var { name: "x".into(), quoted: false }]);
        let patterns: Vec<Vec<Word>> = arms.iter().map(|(p, _)| p.clone()).collect();
        let lit = |s: &str| vec![Part::Lit(s.into())];
        // Quoted pattern characters come escaped.
        assert_eq!(patterns, [vec![lit("a"), lit("b\\*")], vec![lit("c?")], vec![lit("*")]]);
        assert_eq!(arms.iter().map(|(_, b)| b.len()).collect::<Vec<_>>(), [1, 0, 1]);
        assert!(matches!(one("case x in esac"), Some(Compound::Case { arms, .. }) if arms.is_empty()));
        for bad in ["case x in a) echo", "case x a) :;; esac", "case in a) :;; esac", "case x in a :;; esac", "case x in a) :;; esac x"] {
            assert_eq!(parse(bad), Err(Refusal::Unsupported), "{bad:?}");
        }
    }

    /// The empty group and subshell, as dash 0.5.12 and busybox ash say.
    #[test]
    fn empty_bodies_are_syntax_errors() {
        for (script, dash, ash) in [
            ("{ }", "sh: 1: Syntax error: \"}\" unexpected", "sh: syntax error: unexpected \"}\""),
            ("echo a\n( )", "sh: 2: Syntax error: \")\" unexpected", "sh: syntax error: unexpected \")\""),
        ] {
            let Err(Refusal::Syntax(e)) = parse(script) else { panic!("{script:?}") };
            assert_eq!((e.message("sh", true).as_str(), e.message("sh", false).as_str()), (dash, ash));
        }
    }
}
