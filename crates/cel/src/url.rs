//! Kubernetes' `url` library (`apiserver/pkg/cel/library/urls.go`, v1.32):
//! a URL checked as Go's `url.ParseRequestURI` checks it (an absolute URI
//! or an absolute path), then split as `url.Parse` splits it, with Go's
//! error texts.

use std::fmt;

/// The parts of a parsed URL (`kubernetes.URL`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Url {
    raw: String,
    scheme: String,
    host: String,
    /// Unescaped, as Go's `URL.Path`.
    path: String,
    raw_path: String,
    raw_query: String,
}

fn quote(s: &str) -> String {
    format!("{s:?}")
}

fn unhex(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Path,
    Host,
    Query,
}

/// Go's `unescape`: `%XX` decoded (`+` a space in query parts).
fn unescape(s: &str, mode: Mode) -> Result<String, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let pair = b.get(i + 1).copied().and_then(unhex).zip(b.get(i + 2).copied().and_then(unhex));
                let Some((h, l)) = pair else {
                    let end = (i + 3).min(b.len());
                    return Err(format!("invalid URL escape {}", quote(&s[i..end])));
                };
                out.push(h << 4 | l);
                i += 3;
            }
            b'+' if mode == Mode::Query => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Go's `shouldEscape` for a path.
fn path_escapes(c: u8) -> bool {
    !(c.is_ascii_alphanumeric() || b"-_.~$&+,/:;=@".contains(&c))
}

fn escape_path(s: &str) -> String {
    let mut out = String::new();
    for &c in s.as_bytes() {
        if path_escapes(c) {
            out.push_str(&format!("%{c:02X}"));
        } else {
            out.push(c as char);
        }
    }
    out
}

/// Go's `validEncoded` for a path.
fn valid_encoded(s: &str) -> bool {
    s.bytes().all(|c| b"!$&'()*+,;=:@[]%".contains(&c) || !path_escapes(c))
}

/// Go's `getScheme`: the scheme and the rest, or the error.
fn split_scheme(raw: &str) -> Result<(&str, &str), String> {
    for (i, c) in raw.bytes().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' if i == 0 => return Err("missing protocol scheme".into()),
            b':' => return Ok((&raw[..i], &raw[i + 1..])),
            _ => return Ok(("", raw)),
        }
    }
    Ok(("", raw))
}

/// Go's `validOptionalPort`.
fn valid_port(p: &str) -> bool {
    p.is_empty() || p.strip_prefix(':').is_some_and(|d| d.bytes().all(|c| c.is_ascii_digit()))
}

/// Go's `parseHost` (the port checked, the host unescaped).
fn parse_host(host: &str) -> Result<String, String> {
    if host.starts_with('[') {
        let Some(close) = host.rfind(']') else {
            return Err("missing ']' in host".into());
        };
        let port = &host[close + 1..];
        if !valid_port(port) {
            return Err(format!("invalid port {} after host", quote(port)));
        }
    } else if let Some(colon) = host.rfind(':') {
        let port = &host[colon..];
        if !valid_port(port) {
            return Err(format!("invalid port {} after host", quote(port)));
        }
    }
    unescape(host, Mode::Host)
}

/// Go's `url.parse`; `via_request` as `ParseRequestURI` (no fragment,
/// an absolute URI or path required).
fn parse(raw: &str, via_request: bool) -> Result<Url, String> {
    if raw.bytes().any(|c| c < 0x20 || c == 0x7f) {
        return Err("net/url: invalid control character in URL".into());
    }
    if raw.is_empty() && via_request {
        return Err("empty url".into());
    }
    let (scheme, rest) = split_scheme(raw)?;
    let scheme = scheme.to_ascii_lowercase();
    let (rest, raw_query) = if rest.ends_with('?') && rest.matches('?').count() == 1 {
        (&rest[..rest.len() - 1], "")
    } else {
        rest.split_once('?').unwrap_or((rest, ""))
    };
    let mut url = Url {
        raw: raw.to_string(),
        scheme,
        host: String::new(),
        path: String::new(),
        raw_path: String::new(),
        raw_query: raw_query.to_string(),
    };
    if !rest.starts_with('/') {
        if !url.scheme.is_empty() {
            // An opaque URL (`mailto:x`): no host, no path.
            return Ok(url);
        }
        if via_request {
            return Err("invalid URI for request".into());
        }
        if let Some(colon) = rest.find(':') {
            if !rest[..colon].contains('/') {
                return Err("first path segment in URL cannot contain colon".into());
            }
        }
    }
    let mut rest = rest;
    if (!url.scheme.is_empty() || !via_request && !rest.starts_with("///")) && rest.starts_with("//") {
        let after = &rest[2..];
        let (authority, path) = match after.find('/') {
            Some(i) => (&after[..i], &after[i..]),
            None => (after, ""),
        };
        let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
        url.host = parse_host(host)?;
        rest = path;
    }
    url.path = unescape(rest, Mode::Path)?;
    if escape_path(&url.path) != rest {
        url.raw_path = rest.to_string();
    }
    Ok(url)
}

impl Url {
    /// `url(string)`: `ParseRequestURI`'s check, then `Parse`'s parts.
    pub fn parse(raw: &str) -> Result<Url, String> {
        let wrap = |e: String| format!("URL parse error during conversion from string: parse {}: {e}", quote(raw));
        parse(raw, true).map_err(wrap)?;
        let (before, _fragment) = raw.split_once('#').unwrap_or((raw, ""));
        let mut u = parse(before, false).map_err(wrap)?;
        u.raw = raw.to_string();
        Ok(u)
    }

    /// `isURL(string)`.
    pub fn is_url(raw: &str) -> bool {
        parse(raw, true).is_ok()
    }

    pub fn scheme(&self) -> &str {
        &self.scheme
    }

    pub fn host(&self) -> &str {
        &self.host
    }

    /// The host without its port, an IPv6 address without brackets.
    pub fn hostname(&self) -> &str {
        let h = &self.host;
        if let Some(rest) = h.strip_prefix('[') {
            return rest.split(']').next().unwrap_or_default();
        }
        h.rsplit_once(':').map_or(h, |(name, _)| name)
    }

    pub fn port(&self) -> &str {
        let h = &self.host;
        let after = match h.rfind(']') {
            Some(i) => &h[i + 1..],
            None => h.rfind(':').map_or("", |i| &h[i..]),
        };
        after.strip_prefix(':').unwrap_or_default()
    }

    /// Go's `EscapedPath`.
    pub fn escaped_path(&self) -> String {
        if !self.raw_path.is_empty()
            && valid_encoded(&self.raw_path)
            && unescape(&self.raw_path, Mode::Path).is_ok_and(|p| p == self.path)
        {
            return self.raw_path.clone();
        }
        if self.path == "*" {
            return "*".into();
        }
        escape_path(&self.path)
    }

    /// Go's `Query()`: keys in first-seen order, each with its values.
    pub fn query(&self) -> Vec<(String, Vec<String>)> {
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        for part in self.raw_query.split('&') {
            // Go skips empty parts and, since 1.17, those with a semicolon.
            if part.is_empty() || part.contains(';') {
                continue;
            }
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            let (Ok(k), Ok(v)) = (unescape(k, Mode::Query), unescape(v, Mode::Query)) else {
                continue;
            };
            match out.iter_mut().find(|(key, _)| *key == k) {
                Some((_, vs)) => vs.push(v),
                None => out.push((k, vec![v])),
            }
        }
        out
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.raw)
    }
}
