//! bash's integer arithmetic, as `$((…))` evaluates it: 64-bit values
//! that wrap, C's operators at C's precedence (plus `**`), variables by
//! bare name (a variable's value is itself an expression; empty or unset
//! is 0), and bash's words when an expression is wrong. Assignment
//! operators and `++`/`--` are refused: a line in the terminal has no
//! use for them that `NAME=$((…))` does not cover.

use std::fmt;

/// What went wrong, worded as bash words it: `EXPR: MESSAGE (error token
/// is "TOKEN")`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArithError {
    pub expr: String,
    pub message: String,
    pub token: String,
}

impl fmt::Display for ArithError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} (error token is \"{}\")",
            self.expr, self.message, self.token
        )
    }
}

/// How deep variables may refer to variables, and parentheses and unary
/// operators nest: bash allows more, but no real expression comes near,
/// and the page's stack is small.
const MAX_RECURSION: usize = 32;

/// Evaluates `expr`; `lookup` gives a variable's value.
pub fn eval(expr: &str, lookup: &mut dyn FnMut(&str) -> Option<String>) -> Result<i64, ArithError> {
    eval_at(expr, lookup, 0)
}

fn eval_at(
    expr: &str,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
    level: usize,
) -> Result<i64, ArithError> {
    let mut p = Parser {
        expr,
        chars: expr.chars().collect(),
        i: 0,
        tok: 0,
        lookup,
        level,
        noeval: 0,
        nest: 0,
    };
    p.skip_blanks();
    if p.i >= p.chars.len() {
        return Ok(0);
    }
    let v = p.comma()?;
    p.skip_blanks();
    if p.i < p.chars.len() {
        p.tok = p.i;
        return Err(p.error("syntax error in expression"));
    }
    Ok(v)
}

struct Parser<'a, 'l> {
    expr: &'a str,
    chars: Vec<char>,
    i: usize,
    /// Where the last token read began: bash's "error token" runs from there.
    tok: usize,
    lookup: &'l mut dyn FnMut(&str) -> Option<String>,
    level: usize,
    /// Inside the side of `&&`, `||` or `?:` that is not taken: parsed,
    /// not evaluated (no division by zero there).
    noeval: usize,
    /// Parentheses and unary operators open around the cursor.
    nest: usize,
}

/// Binary operators by precedence, loosest first.
const LEVELS: &[&[&str]] = &[
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!="],
    &["<=", ">=", "<", ">"],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

impl Parser<'_, '_> {
    fn error(&self, message: &str) -> ArithError {
        let token: String = self.chars[self.tok.min(self.chars.len())..]
            .iter()
            .collect();
        ArithError {
            // bash names the expression without its leading blanks.
            expr: self.expr.trim_start().to_string(),
            message: message.to_string(),
            token: token.trim_start().to_string(),
        }
    }

    /// Marks a token starting at the cursor; at the end there is none, and
    /// bash points at the last one read.
    fn mark(&mut self) {
        if self.i < self.chars.len() {
            self.tok = self.i;
        }
    }

    fn skip_blanks(&mut self) {
        while self
            .chars
            .get(self.i)
            .is_some_and(|c| c.is_ascii_whitespace())
        {
            self.i += 1;
        }
    }

    /// Whether `op` is next (and not the start of a longer operator).
    fn at_op(&mut self, op: &str) -> bool {
        self.skip_blanks();
        let n = op.chars().count();
        if !self.chars[self.i.min(self.chars.len())..]
            .iter()
            .take(n)
            .copied()
            .eq(op.chars())
        {
            return false;
        }
        let next = self.chars.get(self.i + n).copied();
        let longer = match op {
            "|" => next == Some('|') || next == Some('='),
            "&" => next == Some('&') || next == Some('='),
            "<" => next == Some('<') || next == Some('='),
            ">" => next == Some('>') || next == Some('='),
            "*" => next == Some('*') || next == Some('='),
            "+" | "-" | "/" | "%" | "^" | "<<" | ">>" | "**" => next == Some('='),
            _ => false,
        };
        !longer
    }

    fn comma(&mut self) -> Result<i64, ArithError> {
        let mut v = self.ternary()?;
        while self.at_op(",") {
            self.mark();
            self.i += 1;
            v = self.ternary()?;
        }
        Ok(v)
    }

    fn ternary(&mut self) -> Result<i64, ArithError> {
        let c = self.binary(0)?;
        if !self.at_op("?") {
            if self.at_op("=")
                || ["*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "^=", "|="]
                    .iter()
                    .any(|op| self.at_op(op))
            {
                self.mark();
                return Err(self.error("(playground) assignment inside $((…)) is not supported: assign with NAME=$((…))"));
            }
            return Ok(c);
        }
        self.mark();
        self.i += 1;
        if c == 0 {
            self.noeval += 1;
        }
        let a = self.comma_free()?;
        if c == 0 {
            self.noeval -= 1;
        }
        if !self.at_op(":") {
            self.mark();
            return Err(self.error("`:' expected for conditional expression"));
        }
        self.mark();
        self.i += 1;
        if c != 0 {
            self.noeval += 1;
        }
        let b = self.deeper(Self::ternary)?;
        if c != 0 {
            self.noeval -= 1;
        }
        Ok(if c != 0 { a } else { b })
    }

    /// The middle of `?:`, which may not hold a comma.
    fn comma_free(&mut self) -> Result<i64, ArithError> {
        self.deeper(Self::ternary)
    }

    fn binary(&mut self, level: usize) -> Result<i64, ArithError> {
        let Some(ops) = LEVELS.get(level) else {
            return self.power();
        };
        let mut v = self.binary(level + 1)?;
        loop {
            let Some(op) = ops.iter().copied().find(|op| self.at_op(op)) else {
                return Ok(v);
            };
            self.mark();
            self.i += op.chars().count();
            let skip = match op {
                "&&" => v == 0,
                "||" => v != 0,
                _ => false,
            };
            if skip {
                self.noeval += 1;
            }
            let r = self.binary(level + 1)?;
            if skip {
                self.noeval -= 1;
            }
            v = match op {
                "||" => i64::from(v != 0 || r != 0),
                "&&" => i64::from(v != 0 && r != 0),
                "|" => v | r,
                "^" => v ^ r,
                "&" => v & r,
                "==" => i64::from(v == r),
                "!=" => i64::from(v != r),
                "<=" => i64::from(v <= r),
                ">=" => i64::from(v >= r),
                "<" => i64::from(v < r),
                ">" => i64::from(v > r),
                "<<" => v.wrapping_shl(r as u32),
                ">>" => v.wrapping_shr(r as u32),
                "+" => v.wrapping_add(r),
                "-" => v.wrapping_sub(r),
                "*" => v.wrapping_mul(r),
                _ if self.noeval > 0 => 0,
                _ if r == 0 => return Err(self.error("division by 0")),
                "/" => v.wrapping_div(r),
                _ => v.wrapping_rem(r),
            };
        }
    }

    /// `**`, which binds right to left and tighter than `*`.
    fn power(&mut self) -> Result<i64, ArithError> {
        let base = self.unary()?;
        if !self.at_op("**") {
            return Ok(base);
        }
        self.mark();
        self.i += 2;
        let exp = self.deeper(Self::power)?;
        if exp < 0 && self.noeval == 0 {
            return Err(self.error("exponent less than 0"));
        }
        let mut result: i64 = 1;
        let (mut b, mut e) = (base, exp.max(0) as u64);
        while e > 0 {
            if e & 1 == 1 {
                result = result.wrapping_mul(b);
            }
            b = b.wrapping_mul(b);
            e >>= 1;
        }
        Ok(result)
    }

    /// Runs `f` one level deeper, refusing to go past the stack's budget.
    fn deeper(&mut self, f: fn(&mut Self) -> Result<i64, ArithError>) -> Result<i64, ArithError> {
        if self.nest >= MAX_RECURSION * 4 {
            return Err(self.error("expression recursion level exceeded"));
        }
        self.nest += 1;
        let v = f(self);
        self.nest -= 1;
        v
    }

    fn unary(&mut self) -> Result<i64, ArithError> {
        self.deeper(Self::unary_inner)
    }

    fn unary_inner(&mut self) -> Result<i64, ArithError> {
        self.skip_blanks();
        self.mark();
        match self.chars.get(self.i) {
            // `--3` is two minus signs; only `--NAME` decrements.
            Some(&c @ ('+' | '-'))
                if self.chars.get(self.i + 1) == Some(&c)
                    && self.chars[self.i + 2..]
                        .iter()
                        .find(|c| !c.is_ascii_whitespace())
                        .is_some_and(|c| c.is_ascii_alphabetic() || *c == '_') =>
            {
                Err(self.error(
                    "(playground) ++ and -- are not supported: assign with NAME=$((NAME + 1))",
                ))
            }
            Some('-') => {
                self.i += 1;
                Ok(self.unary()?.wrapping_neg())
            }
            Some('+') => {
                self.i += 1;
                self.unary()
            }
            Some('!') => {
                self.i += 1;
                Ok(i64::from(self.unary()? == 0))
            }
            Some('~') => {
                self.i += 1;
                Ok(!self.unary()?)
            }
            _ => self.operand(),
        }
    }

    fn operand(&mut self) -> Result<i64, ArithError> {
        self.skip_blanks();
        self.mark();
        let Some(&c) = self.chars.get(self.i) else {
            return Err(self.error("syntax error: operand expected"));
        };
        if c == '(' {
            self.i += 1;
            let v = self.comma()?;
            if !self.at_op(")") {
                self.mark();
                return Err(self.error("missing `)'"));
            }
            self.i += 1;
            return Ok(v);
        }
        if c.is_ascii_digit() {
            return self.number();
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let start = self.i;
            while self
                .chars
                .get(self.i)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
            {
                self.i += 1;
            }
            let name: String = self.chars[start..self.i].iter().collect();
            let rest: String = self.chars[self.i..]
                .iter()
                .skip_while(|c| c.is_ascii_whitespace())
                .take(2)
                .collect();
            if rest == "++" || rest == "--" {
                return Err(self.error(
                    "(playground) ++ and -- are not supported: assign with NAME=$((NAME + 1))",
                ));
            }
            if self.noeval > 0 {
                return Ok(0);
            }
            let value = (self.lookup)(&name).unwrap_or_default();
            if value.trim().is_empty() {
                return Ok(0);
            }
            if self.level + 1 >= MAX_RECURSION {
                return Err(self.error("expression recursion level exceeded"));
            }
            return eval_at(&value, self.lookup, self.level + 1);
        }
        Err(self.error("syntax error: operand expected"))
    }

    /// Decimal, `0x` hex, `0` octal, or `BASE#DIGITS`.
    fn number(&mut self) -> Result<i64, ArithError> {
        let start = self.i;
        while self
            .chars
            .get(self.i)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '#' || *c == '@')
        {
            self.i += 1;
        }
        let text: String = self.chars[start..self.i].iter().collect();
        let too_great = |p: &Self| Err(p.error("value too great for base"));
        let (base, digits) = if let Some((b, d)) = text.split_once('#') {
            match b.parse::<u32>() {
                Ok(b) if (2..=64).contains(&b) => (b, d.to_string()),
                _ => return Err(self.error("invalid arithmetic base")),
            }
        } else if let Some(h) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            (16, h.to_string())
        } else if text.len() > 1 && text.starts_with('0') {
            (8, text[1..].to_string())
        } else {
            (10, text.clone())
        };
        if digits.is_empty() && base != 16 {
            return Err(self.error("invalid number"));
        }
        let mut v: i64 = 0;
        for d in digits.chars() {
            let n = match d {
                '0'..='9' => d as u32 - '0' as u32,
                'a'..='z' => d as u32 - 'a' as u32 + 10,
                'A'..='Z' if base <= 36 => d as u32 - 'A' as u32 + 10,
                'A'..='Z' => d as u32 - 'A' as u32 + 36,
                '@' => 62,
                '_' => 63,
                _ => return too_great(self),
            };
            if n >= base {
                return too_great(self);
            }
            v = v.wrapping_mul(i64::from(base)).wrapping_add(i64::from(n));
        }
        Ok(v)
    }
}

#[cfg(test)]
#[path = "arith_tests.rs"]
mod tests;
