//! `kubectl apply -f https://…`: which URLs a line reads, where the page
//! downloads them from, and the errors kubectl prints when it cannot. The
//! playground itself never downloads: the web page fetches what
//! [`needed`] lists before it runs the line and hands the results to
//! `Playground::set_url`; the command line hands nothing, so every URL
//! reads as unreachable there.

use kubeplay_kubectl::exec::{is_url, url_error};
use serde::{Deserialize, Serialize};

/// Largest body the page keeps from a URL: a session stores what it
/// fetched (so replays do not depend on the network), and a saved session
/// must stay well under localStorage's quota.
pub const MAX_URL_BODY: usize = 2 * 1024 * 1024;

/// Seconds the page waits for a URL before giving up.
pub const FETCH_TIMEOUT_S: u32 = 10;

/// Why the page has no body for a URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FetchError {
    /// The server answered with this status, not 200.
    Status(u16),
    /// The browser's fetch failed: no network, no such host, or a server
    /// that does not let other sites' pages read it (CORS); a page cannot
    /// tell these apart.
    Network,
    /// No answer within [`FETCH_TIMEOUT_S`].
    Timeout,
    /// The body is larger than [`MAX_URL_BODY`].
    TooLarge,
}

/// The URLs `line` reads with `-f`/`--filename`, in order, each once: in
/// every kubectl command of the line (pipelines, lists and `$(…)`
/// included), as written (a URL inside a variable is not seen).
pub fn needed(line: &str) -> Vec<String> {
    let first = line.split('\n').next().unwrap_or_default();
    let mut out: Vec<String> = Vec::new();
    let mut kubectl = false;
    let mut at_command = true;
    let mut want_value = false;
    for (word, literal, after_separator) in words(first) {
        if after_separator {
            kubectl = false;
            at_command = true;
            want_value = false;
        }
        if at_command {
            // Assignments and keywords come before the command itself.
            if (word.contains('=') && !word.starts_with('-'))
                || matches!(word.as_str(), "do" | "then" | "else" | "time" | "!" | "{")
            {
                continue;
            }
            at_command = false;
            kubectl = matches!(word.as_str(), "kubectl" | "k");
            continue;
        }
        if !kubectl {
            continue;
        }
        let value = if want_value {
            want_value = false;
            Some(word.as_str())
        } else if word == "-f" || word == "--filename" || word == "-Rf" {
            want_value = true;
            None
        } else if let Some(v) = word.strip_prefix("--filename=") {
            Some(v)
        } else if let Some(v) = word.strip_prefix("-f") {
            Some(v.strip_prefix('=').unwrap_or(v))
        } else {
            None
        };
        if let Some(v) = value.filter(|v| literal && is_url(v)) {
            if !out.iter().any(|u| u == v) {
                out.push(v.to_string());
            }
        }
    }
    out
}

/// The line's words with quotes removed: (text, written out with no
/// expansion, first word after a command separator).
fn words(line: &str) -> Vec<(String, bool, bool)> {
    let mut out = Vec::new();
    let mut word = String::new();
    let (mut in_word, mut literal, mut separated) = (false, true, true);
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('\''), c) => word.push(c),
            (Some(_), '\\') | (None, '\\') => {
                if let Some(n) = chars.next() {
                    word.push(n);
                }
                in_word = true;
            }
            (_, '$' | '`') => {
                literal = false;
                word.push(c);
                in_word = true;
            }
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c)
                if c.is_whitespace() || matches!(c, ';' | '|' | '&' | '(' | ')' | '<' | '>') =>
            {
                if in_word {
                    out.push((std::mem::take(&mut word), literal, separated));
                    separated = false;
                }
                (in_word, literal) = (false, true);
                // A redirection's target is a word too, but not the command.
                if !c.is_whitespace() && !matches!(c, '<' | '>') {
                    separated = true;
                }
            }
            (None, '#') if !in_word => break,
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        out.push((word, literal, separated));
    }
    out
}

/// Where the page downloads `url` from, when not from `url` itself: the
/// docs' short links and GitHub's raw links redirect, and a browser may
/// not follow a redirect that carries no CORS headers, so the page goes
/// to where they lead. `None`: the page does not download it at all.
pub fn fetch_address(url: &str) -> Option<String> {
    if github_blob(url).is_some() {
        return None;
    }
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let rest = rest.split('#').next().unwrap_or_default();
    for site in [
        "k8s.io/examples/",
        "kubernetes.io/examples/",
        "www.kubernetes.io/examples/",
    ] {
        if let Some(path) = rest.strip_prefix(site) {
            let path = path.split('?').next().unwrap_or_default();
            return Some(format!("https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/{path}"));
        }
    }
    if let Some(path) = rest.strip_prefix("github.com/") {
        let parts: Vec<&str> = path.splitn(4, '/').collect();
        if let [owner, repo, "raw", file] = parts.as_slice() {
            return Some(format!(
                "https://raw.githubusercontent.com/{owner}/{repo}/{file}"
            ));
        }
    }
    if let Some(path) = rest.strip_prefix("gist.github.com/") {
        return Some(format!("https://gist.githubusercontent.com/{path}"));
    }
    Some(url.split('#').next().unwrap_or_default().to_string())
}

/// The raw file behind a `github.com/OWNER/REPO/blob/REF/PATH` page.
fn github_blob(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1.strip_prefix("github.com/")?;
    let parts: Vec<&str> = rest.splitn(4, '/').collect();
    match parts.as_slice() {
        [owner, repo, "blob", file] if !file.is_empty() => Some(format!(
            "https://raw.githubusercontent.com/{owner}/{repo}/{file}"
        )),
        _ => None,
    }
}

/// The error kubectl prints for `url` when it has no body for it (`None`:
/// there is one). GitHub's file pages are HTML, which kubectl downloads
/// and cannot decode; the page does not download them.
pub fn error_for(
    url: &str,
    result: Option<&Result<std::sync::Arc<str>, FetchError>>,
) -> Option<String> {
    if let Some(raw) = github_blob(url) {
        return Some(format!(
            "error: error parsing {url}: the server sent the HTML page that shows the file, not the file\n(playground) kubectl downloads github.com's …/blob/… pages as HTML and cannot decode them; use the raw file: {raw}"
        ));
    }
    let why = match result?.as_ref().err()? {
        FetchError::Status(code) => {
            return Some(format!(
                "error: unable to read URL {}, server reported {code} {}, status code={code}",
                kubeplay_kubectl::gofmt::quote(url),
                status_text(*code)
            ))
        }
        FetchError::Network => "the page could not download it: the address may be wrong, the network down, or the server may not let other sites' pages read it (CORS); paste the manifest into the editor, or pipe it: cat <<EOF | kubectl apply -f -".to_string(),
        FetchError::Timeout => format!("the page gave up waiting for it after {FETCH_TIMEOUT_S} s"),
        FetchError::TooLarge => {
            return Some(format!(
                "error: unable to read URL {}: the response is larger than {} MiB\n(playground) the page keeps at most {} MiB from a URL",
                kubeplay_kubectl::gofmt::quote(url),
                MAX_URL_BODY >> 20,
                MAX_URL_BODY >> 20
            ))
        }
    };
    let timeout = matches!(result, Some(Err(FetchError::Timeout)));
    Some(format!("{}\n(playground) {why}", url_error(url, timeout)))
}

/// Go's `http.StatusText` for the statuses a file server answers with
/// (what `resp.Status` carries after the code).
fn status_text(code: u16) -> &'static str {
    match code {
        201 => "Created",
        202 => "Accepted",
        204 => "No Content",
        300 => "Multiple Choices",
        301 => "Moved Permanently",
        302 => "Found",
        304 => "Not Modified",
        307 => "Temporary Redirect",
        308 => "Permanent Redirect",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        408 => "Request Timeout",
        410 => "Gone",
        429 => "Too Many Requests",
        451 => "Unavailable For Legal Reasons",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "",
    }
}

#[cfg(test)]
mod tests;
