//! Embed mode: the playground inside someone else's page, in an iframe
//! (`embed.html`, usually created by static/kubeplay-embed.js). Reads its
//! options from the URL (`lesson`, `manifest`, `script`, `layout`,
//! `allow-origin`, `widget`), and talks to the host page with postMessage.
//!
//! Host → widget (commands):
//! - `{type: "kubeplay:apply", manifest}`: put the YAML in the editor and apply it;
//! - `{type: "kubeplay:run", command}`: run one terminal line;
//! - `{type: "kubeplay:load", example}`: put an example in the editor;
//! - `{type: "kubeplay:step", count?}`: advance the simulation `count`
//!   reconcile steps (default 1, at most [`MAX_HOST_STEPS`]), as the ▶| button does;
//! - `{type: "kubeplay:jump", step}`: time travel to just after reconcile
//!   step `step` (0: before the first), as the timeline does; the later
//!   steps stay recorded until something changes the cluster. A step not
//!   recorded (or forgotten) leaves the widget where it is;
//! - `{type: "kubeplay:play", playing}`: start (true) or pause play, as
//!   the ▶ button does, at the widget's speed (1×: two steps a second);
//! - `{type: "kubeplay:reset"}`: a fresh cluster.
//!
//! Widget → host (events), each with the `widget` id the host gave:
//! - `{type: "kubeplay:ready", lesson}`: the widget is listening;
//! - `{type: "kubeplay:step", lesson, step, title}`: the reader is now on
//!   lesson step `step` (0-based) — a *lesson* step, kept under this name
//!   for the hosts that use it;
//! - `{type: "kubeplay:lesson-step-done", lesson, step}`: every check of that
//!   lesson step passed;
//! - `{type: "kubeplay:engine-step", step, recorded, time, explanation}`: the
//!   simulation's cursor moved (a host's `kubeplay:step`, the stepper, play,
//!   a command): `step` reconcile steps applied of `recorded`, at virtual
//!   `time`, and the applied step's one-sentence explanation. Also sent once
//!   at start.
//!
//! Every message is untrusted: it is taken only from the parent window and
//! an origin on the allow-list (the `allow-origin` parameter; by default the
//! widget's own origin only), must be at most [`MAX_MESSAGE`] bytes as JSON,
//! and must have exactly one of the shapes above; anything else is ignored.
//!
//! `?script=` is a session to start from, in one of two forms: a `kubeplay
//! run` script, URL-encoded (one command per line, `#` comments, and
//! `kubectl apply -f - <<EOF` here-documents for manifests), or a share
//! link's payload (`kp1.…`, what follows `#share=`). Either way it only
//! ever becomes playground commands run on a fresh cluster; see
//! [`script_session`] for the limits.

use serde::{Deserialize, Serialize};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use crate::components::LessonEvent;
use crate::state::{Op, Saved, SEED};

/// Largest message accepted from the host, as JSON.
pub const MAX_MESSAGE: usize = 256 * 1024;
/// Most origins on the allow-list.
const MAX_ORIGINS: usize = 16;
/// Longest plain `?script=` accepted, in bytes after percent-decoding.
pub const MAX_SCRIPT: usize = 16 * 1024;
/// Most reconcile steps one `kubeplay:step` message may ask for.
pub const MAX_HOST_STEPS: u32 = 100;

/// The parts of the page an embed can show.
/// (`chaos`, the fault buttons, only when asked for: a compact widget is for reading.)
pub const PANELS: &[&str] = &["lesson", "editor", "terminal", "stepper", "graph", "cluster", "events", "chaos"];

/// How the widget was asked to look and behave.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    pub lesson: Option<String>,
    /// An example's name to put in the editor and apply.
    pub manifest: Option<String>,
    /// A session to start from (`?script=`, decoded; see [`script_session`]).
    pub script: Option<String>,
    /// The panels shown; the rest are hidden.
    pub panels: Vec<String>,
    /// Origins whose messages are accepted, and where events are sent.
    pub allow_origins: Vec<String>,
    /// The host's name for this widget, echoed in every event.
    pub widget: String,
}

/// A message from the host.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", deny_unknown_fields)]
pub enum Command {
    #[serde(rename = "kubeplay:apply")]
    Apply { manifest: String },
    #[serde(rename = "kubeplay:run")]
    Run { command: String },
    #[serde(rename = "kubeplay:load")]
    Load { example: String },
    #[serde(rename = "kubeplay:step")]
    Step {
        #[serde(default)]
        count: Option<u32>,
    },
    #[serde(rename = "kubeplay:jump")]
    Jump { step: usize },
    #[serde(rename = "kubeplay:play")]
    Play { playing: bool },
    #[serde(rename = "kubeplay:reset")]
    Reset {},
}

/// A message to the host.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type")]
pub enum Event {
    #[serde(rename = "kubeplay:ready")]
    Ready { widget: String, lesson: Option<String> },
    #[serde(rename = "kubeplay:step")]
    Step { widget: String, lesson: String, step: usize, title: String },
    #[serde(rename = "kubeplay:lesson-step-done")]
    StepDone { widget: String, lesson: String, step: usize },
    #[serde(rename = "kubeplay:engine-step")]
    EngineStep { widget: String, step: usize, recorded: usize, time: String, explanation: Option<String> },
}

/// An origin as browsers write it (`https://host[:port]`), or None.
fn origin(text: &str) -> Option<String> {
    let t = text.trim().trim_end_matches('/');
    let rest = t.strip_prefix("https://").or_else(|| t.strip_prefix("http://"))?;
    let ok = !rest.is_empty() && rest.len() < 256 && rest.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    ok.then(|| t.to_ascii_lowercase())
}

/// Parses the widget's options from a query string (`?lesson=…&…`);
/// `own_origin` is the widget's own origin (the default allow-list).
pub fn parse_config(query: &str, own_origin: &str) -> Config {
    let mut c = Config::default();
    for pair in query.trim_start_matches('?').split('&') {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let v = js_decode(v);
        match k {
            "lesson" if is_name(&v) => c.lesson = Some(v),
            "manifest" if is_name(&v) => c.manifest = Some(v),
            "script" if !v.trim().is_empty() => c.script = Some(v),
            "layout" | "panels" => c.panels = v.split(',').map(str::trim).filter(|p| PANELS.contains(p)).map(String::from).collect(),
            "allow-origin" => c.allow_origins.extend(v.split([',', ' ']).filter_map(origin)),
            "widget" if v.len() <= 64 => c.widget = v.chars().filter(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '-' | '_')).collect(),
            _ => {}
        }
    }
    if c.panels.is_empty() {
        let default: &[&str] = if c.lesson.is_some() { &["lesson", "terminal", "stepper", "graph"] } else { &["editor", "terminal", "stepper", "graph"] };
        c.panels = default.iter().map(|s| s.to_string()).collect();
    }
    if c.allow_origins.is_empty() {
        c.allow_origins.extend(origin(own_origin));
    }
    kubeplay_playground::sort::sort(&mut c.allow_origins);
    c.allow_origins.dedup();
    c.allow_origins.truncate(MAX_ORIGINS);
    c
}

fn is_name(v: &str) -> bool {
    !v.is_empty() && v.len() <= 253 && v.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_'))
}

/// Percent-decoding as `decodeURIComponent` does (and `+` as a space);
/// bad escapes are kept as they are.
fn js_decode(v: &str) -> String {
    let bytes = v.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let hex = |j: usize| bytes.get(j).and_then(|c| char::from(*c).to_digit(16));
        match (b, hex(i + 1), hex(i + 2)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b'+', _, _) => {
                out.push(b' ');
                i += 1;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| v.to_string())
}

/// Checks one message: its origin is allowed and it has a known shape.
pub fn accept(config: &Config, from_origin: &str, json: &str) -> Option<Command> {
    if !config.allow_origins.iter().any(|o| o == from_origin) || json.len() > MAX_MESSAGE {
        return None;
    }
    let cmd: Command = serde_json::from_str(json).ok()?;
    let fits = match &cmd {
        Command::Run { command } => command.len() <= kubeplay_playground::MAX_LINE && !command.contains(['\n', '\r']),
        Command::Load { example } => is_name(example),
        Command::Step { count } => count.is_none_or(|n| (1..=MAX_HOST_STEPS).contains(&n)),
        _ => true,
    };
    fits.then_some(cmd)
}

/// Why a `?script=` was not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptError {
    TooLong { len: usize },
    Empty,
    TooManyCommands,
    OpenHeredoc { line: usize, word: String },
    TooLongLine { command: usize },
    /// The `kp1.` form did not decode.
    Share(kubeplay_playground::share::ShareError),
}

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use kubeplay_playground::whatif::MAX_COMMANDS;
        match self {
            ScriptError::TooLong { len } => write!(f, "it is {len} bytes long; at most {MAX_SCRIPT}"),
            ScriptError::Empty => write!(f, "it has no commands"),
            ScriptError::TooManyCommands => write!(f, "it has more than {MAX_COMMANDS} commands"),
            ScriptError::OpenHeredoc { line, word } => write!(f, "line {line}: the here-document <<{word} is never closed by a line {word}"),
            ScriptError::TooLongLine { command } => write!(f, "command {command} is longer than {} bytes", kubeplay_playground::MAX_LINE),
            ScriptError::Share(e) => write!(f, "{e}"),
        }
    }
}

/// The session a `?script=` starts: a share payload (`kp1.…`) as the link
/// would open it, or a plain script as playground operations on the page's
/// seed — each line run as if typed, each `kubectl apply -f - <<EOF` body
/// applied as the editor's Apply does (the editor shows the last one).
/// Plain scripts are at most [`MAX_SCRIPT`] bytes and
/// `whatif::MAX_COMMANDS` commands; share payloads have the share codec's limits.
pub fn script_session(text: &str) -> Result<Saved, ScriptError> {
    use kubeplay_playground::whatif::{parse_script, WhatIfError};
    let text = text.trim();
    if text.starts_with(kubeplay_playground::share::PREFIX_V1) {
        return crate::share::decode(text).map_err(ScriptError::Share);
    }
    if text.len() > MAX_SCRIPT {
        return Err(ScriptError::TooLong { len: text.len() });
    }
    let commands = parse_script('-', text).map_err(|e| match e {
        WhatIfError::OpenHeredoc { line, word, .. } => ScriptError::OpenHeredoc { line, word },
        _ => ScriptError::TooManyCommands,
    })?;
    if commands.is_empty() {
        return Err(ScriptError::Empty);
    }
    let mut script = Vec::with_capacity(commands.len());
    let mut editor = None;
    for (i, c) in commands.into_iter().enumerate() {
        if c.line.split('\n').next().unwrap_or_default().len() > kubeplay_playground::MAX_LINE {
            return Err(ScriptError::TooLongLine { command: i + 1 });
        }
        match applied_manifest(&c.line) {
            Some(body) => {
                editor = Some(body.clone());
                script.push(Op::Apply(body));
            }
            None => script.push(Op::Run(c.line)),
        }
    }
    let editor = editor.unwrap_or_else(|| kubeplay_playground::DEFAULT_EXAMPLE.to_string());
    Ok(Saved { seed: SEED, editor, history: Vec::new(), script })
}

/// The manifest a `kubectl apply -f - <<EOF` command applies, when its
/// here-document expands to itself (so applying it as the editor's Apply
/// does is the same as running the line).
fn applied_manifest(text: &str) -> Option<String> {
    let (first, rest) = text.split_once('\n')?;
    let mut words = first.split_whitespace();
    if !words.by_ref().take(4).eq(["kubectl", "apply", "-f", "-"]) || !words.collect::<String>().starts_with("<<") {
        return None;
    }
    let docs = kubeplay_playground::heredocs(first);
    let [doc] = docs.as_slice() else { return None };
    let lines: Vec<&str> = rest.lines().collect();
    let body = kubeplay_playground::read_heredocs(&docs, &lines).bodies.pop()?;
    (doc.quoted || !body.contains(['$', '`', '\\'])).then_some(body)
}

/// The host event for where the simulation is now.
pub fn engine_event(config: &Config, position: (usize, usize), time: &str, explanation: Option<&str>) -> Event {
    Event::EngineStep { widget: config.widget.clone(), step: position.0, recorded: position.1, time: time.to_string(), explanation: explanation.map(String::from) }
}

/// Whether this page is the embed (its root element says so).
pub fn is_embed() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .and_then(|e| e.get_attribute("data-kubeplay-mode"))
        .is_some_and(|m| m == "embed")
}

/// The widget's options, from its own URL.
pub fn config() -> Config {
    let Some(location) = web_sys::window().map(|w| w.location()) else { return Config::default() };
    parse_config(&location.search().unwrap_or_default(), &location.origin().unwrap_or_default())
}

/// Sends `event` to the parent page, to each allowed origin (the browser
/// delivers it only when the parent's origin is that one).
pub fn post(config: &Config, event: &Event) {
    let Some(window) = web_sys::window() else { return };
    let Ok(Some(parent)) = window.parent() else { return };
    if parent == window {
        return;
    }
    let Ok(text) = serde_json::to_string(event) else { return };
    let Ok(value) = js_sys::JSON::parse(&text) else { return };
    for origin in &config.allow_origins {
        let _ = parent.post_message(&value, origin);
    }
}

/// The host event for a lesson event.
pub fn lesson_event(config: &Config, e: &LessonEvent) -> Event {
    match e {
        LessonEvent::Step { lesson, step, title } => Event::Step { widget: config.widget.clone(), lesson: lesson.clone(), step: *step, title: title.clone() },
        LessonEvent::StepDone { lesson, step } => Event::StepDone { widget: config.widget.clone(), lesson: lesson.clone(), step: *step },
    }
}

/// Listens for host messages until dropped.
pub struct Listener {
    closure: Closure<dyn Fn(web_sys::MessageEvent)>,
}

impl Drop for Listener {
    fn drop(&mut self) {
        if let Some(w) = web_sys::window() {
            let _ = w.remove_event_listener_with_callback("message", self.closure.as_ref().unchecked_ref());
        }
    }
}

/// Calls `on_command` with every accepted message from the parent page.
pub fn listen(config: Config, on_command: impl Fn(Command) + 'static) -> Option<Listener> {
    let window = web_sys::window()?;
    let parent: Option<JsValue> = window.parent().ok().flatten().map(JsValue::from);
    let closure = Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
        // Only the page that embeds us may drive us, not another frame.
        let from_parent = match (e.source(), &parent) {
            (Some(source), Some(parent)) => JsValue::from(source) == *parent,
            _ => false,
        };
        if !from_parent {
            return;
        }
        let Some(json) = js_sys::JSON::stringify(&e.data()).ok().and_then(|s| s.as_string()) else { return };
        if let Some(cmd) = accept(&config, &e.origin(), &json) {
            on_command(cmd);
        }
    });
    window.add_event_listener_with_callback("message", closure.as_ref().unchecked_ref()).ok()?;
    Some(Listener { closure })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(q: &str) -> Config {
        parse_config(q, "http://127.0.0.1:8080")
    }

    #[test]
    fn options_come_from_the_url() {
        let c = cfg("?lesson=rolling-update&layout=graph,terminal,bogus&allow-origin=https://blog.example.com,http://localhost:3000/&widget=w1");
        assert_eq!(c.lesson.as_deref(), Some("rolling-update"));
        assert_eq!(c.panels, vec!["graph", "terminal"]);
        assert_eq!(cfg("?layout=graph,chaos").panels, vec!["graph", "chaos"], "the chaos bar only when asked for");
        assert_eq!(c.allow_origins, vec!["http://localhost:3000", "https://blog.example.com"]);
        assert_eq!(c.widget, "w1");
        let d = cfg("");
        assert_eq!(d.allow_origins, vec!["http://127.0.0.1:8080"], "same origin by default");
        assert_eq!(d.panels, vec!["editor", "terminal", "stepper", "graph"]);
        assert_eq!(cfg("?allow-origin=*").allow_origins, vec!["http://127.0.0.1:8080"], "no wildcard");
        assert_eq!(cfg("?allow-origin=javascript:x").allow_origins, vec!["http://127.0.0.1:8080"]);
        assert_eq!(cfg("?lesson=<script>").lesson, None);
        assert_eq!(cfg("?widget=a<b>c").widget, "abc");
        assert_eq!(cfg("?allow-origin=https%3A%2F%2Fa.example%2Chttp%3A%2F%2Fb.example%3A81").allow_origins, vec!["http://b.example:81", "https://a.example"]);
    }

    #[test]
    fn only_allowed_origins_and_known_shapes_are_accepted() {
        let c = cfg("?allow-origin=https://host.example");
        let run = r#"{"type":"kubeplay:run","command":"kubectl get pods"}"#;
        assert_eq!(accept(&c, "https://host.example", run), Some(Command::Run { command: "kubectl get pods".into() }));
        assert_eq!(accept(&c, "https://evil.example", run), None);
        assert_eq!(accept(&c, "null", run), None);
        assert_eq!(accept(&c, "https://host.example", r#"{"type":"kubeplay:reset"}"#), Some(Command::Reset {}));
        assert_eq!(accept(&c, "https://host.example", r#"{"type":"kubeplay:apply","manifest":"kind: Pod"}"#), Some(Command::Apply { manifest: "kind: Pod".into() }));
        for bad in [
            r#"{"type":"kubeplay:run"}"#,
            r#"{"type":"kubeplay:run","command":"a","extra":1}"#,
            r#"{"type":"kubeplay:run","command":"a\nb"}"#,
            r#"{"type":"kubeplay:eval","code":"x"}"#,
            r#"{"type":"kubeplay:load","example":"<img>"}"#,
            r#""kubeplay:reset""#,
            "[]",
            "null",
        ] {
            assert_eq!(accept(&c, "https://host.example", bad), None, "{bad}");
        }
        let huge = format!(r#"{{"type":"kubeplay:apply","manifest":"{}"}}"#, "x".repeat(MAX_MESSAGE));
        assert_eq!(accept(&c, "https://host.example", &huge), None);
    }

    #[test]
    fn events_have_the_documented_shape() {
        let e = Event::StepDone { widget: "a".into(), lesson: "scaling".into(), step: 2 };
        assert_eq!(serde_json::to_string(&e).unwrap(), r#"{"type":"kubeplay:lesson-step-done","widget":"a","lesson":"scaling","step":2}"#);
        let e = Event::Step { widget: "a".into(), lesson: "scaling".into(), step: 1, title: "Scale up".into() };
        assert_eq!(serde_json::to_string(&e).unwrap(), r#"{"type":"kubeplay:step","widget":"a","lesson":"scaling","step":1,"title":"Scale up"}"#);
        let e = engine_event(&cfg("?widget=w"), (3, 7), "2024-01-01T00:00:01Z", Some("created a pod"));
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"type":"kubeplay:engine-step","widget":"w","step":3,"recorded":7,"time":"2024-01-01T00:00:01Z","explanation":"created a pod"}"#
        );
    }

    #[test]
    fn step_messages_are_capped_and_exact() {
        let c = cfg("?allow-origin=https://host.example");
        let ok = |json: &str| accept(&c, "https://host.example", json);
        assert_eq!(ok(r#"{"type":"kubeplay:step"}"#), Some(Command::Step { count: None }));
        assert_eq!(ok(r#"{"type":"kubeplay:step","count":1}"#), Some(Command::Step { count: Some(1) }));
        assert_eq!(ok(&format!(r#"{{"type":"kubeplay:step","count":{MAX_HOST_STEPS}}}"#)), Some(Command::Step { count: Some(MAX_HOST_STEPS) }));
        for bad in [
            r#"{"type":"kubeplay:step","count":0}"#,
            r#"{"type":"kubeplay:step","count":101}"#,
            r#"{"type":"kubeplay:step","count":-1}"#,
            r#"{"type":"kubeplay:step","count":2.5}"#,
            r#"{"type":"kubeplay:step","count":"3"}"#,
            r#"{"type":"kubeplay:step","count":1,"steps":2}"#,
            r#"{"type":"kubeplay:step","lesson":"scaling","step":1,"title":"x"}"#,
        ] {
            assert_eq!(ok(bad), None, "{bad}");
        }
        assert_eq!(accept(&c, "https://evil.example", r#"{"type":"kubeplay:step","count":3}"#), None);
    }

    #[test]
    fn jump_messages_carry_one_whole_step_number() {
        let c = cfg("?allow-origin=https://host.example");
        let ok = |json: &str| accept(&c, "https://host.example", json);
        assert_eq!(ok(r#"{"type":"kubeplay:jump","step":0}"#), Some(Command::Jump { step: 0 }));
        assert_eq!(ok(r#"{"type":"kubeplay:jump","step":17}"#), Some(Command::Jump { step: 17 }));
        for bad in [
            r#"{"type":"kubeplay:jump"}"#,
            r#"{"type":"kubeplay:jump","step":-1}"#,
            r#"{"type":"kubeplay:jump","step":2.5}"#,
            r#"{"type":"kubeplay:jump","step":"3"}"#,
            r#"{"type":"kubeplay:jump","step":null}"#,
            r#"{"type":"kubeplay:jump","step":1,"count":2}"#,
            r#"{"type":"kubeplay:jump","step":1e400}"#,
        ] {
            assert_eq!(ok(bad), None, "{bad}");
        }
        assert_eq!(accept(&c, "https://evil.example", r#"{"type":"kubeplay:jump","step":1}"#), None);
        assert_eq!(ok(r#"{"type":"kubeplay:play","playing":true}"#), Some(Command::Play { playing: true }));
        assert_eq!(ok(r#"{"type":"kubeplay:play","playing":false}"#), Some(Command::Play { playing: false }));
        for bad in [r#"{"type":"kubeplay:play"}"#, r#"{"type":"kubeplay:play","playing":1}"#, r#"{"type":"kubeplay:play","playing":true,"speed":2}"#] {
            assert_eq!(ok(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_plain_script_becomes_playground_commands() {
        let c = cfg("?script=%23%20a%20comment%0Akubectl%20create%20deployment%20web%20--image%3Dnginx%0Akubectl%20apply%20-f%20-%20%3C%3CEOF%0Akind%3A%20Service%0AEOF%0Asim%20settle");
        let text = c.script.clone().unwrap();
        assert_eq!(text, "# a comment\nkubectl create deployment web --image=nginx\nkubectl apply -f - <<EOF\nkind: Service\nEOF\nsim settle");
        let saved = script_session(&text).unwrap();
        assert_eq!(saved.seed, SEED);
        assert_eq!(
            saved.script,
            vec![Op::Run("kubectl create deployment web --image=nginx".into()), Op::Apply("kind: Service\n".into()), Op::Run("sim settle".into())]
        );
        assert_eq!(saved.editor, "kind: Service\n", "the editor shows the applied manifest");
        assert_eq!(cfg("?script=").script, None);
    }

    #[test]
    fn bad_scripts_are_refused_with_where_and_why() {
        assert_eq!(script_session("kubectl get pods\nkubectl apply -f - <<EOF\nkind: Pod\n"), Err(ScriptError::OpenHeredoc { line: 2, word: "EOF".into() }));
        // Other here-documents run as typed lines do.
        assert_eq!(script_session("kubectl create -f - <<EOF\nkind: Pod\nEOF").unwrap().script, [Op::Run("kubectl create -f - <<EOF\nkind: Pod\nEOF".into())]);
        assert_eq!(script_session("cat <<EOF | kubectl apply -f -\nkind: Pod\nEOF").unwrap().script, [Op::Run("cat <<EOF | kubectl apply -f -\nkind: Pod\nEOF".into())]);
        assert_eq!(script_session("kubectl apply -f - <<EOF\nname: $N\nEOF").unwrap().script, [Op::Run("kubectl apply -f - <<EOF\nname: $N\nEOF".into())]);
        assert_eq!(script_session("kubectl apply -f - <<'EOF'\nname: $N\nEOF").unwrap().script, [Op::Apply("name: $N\n".into())]);
        assert_eq!(script_session("# only a comment\n\n"), Err(ScriptError::Empty));
        let long = "kubectl get pods\n".repeat(MAX_SCRIPT / 10);
        assert_eq!(script_session(&long), Err(ScriptError::TooLong { len: long.trim().len() }));
        let many = "sim time\n".repeat(kubeplay_playground::whatif::MAX_COMMANDS + 1);
        assert_eq!(script_session(&many), Err(ScriptError::TooManyCommands));
        assert!(matches!(script_session("kp1.!!!"), Err(ScriptError::Share(_))));
    }

    #[test]
    fn a_share_payload_opens_as_the_link_would() {
        let saved = Saved { seed: 5, editor: "kind: Pod\n".into(), history: Vec::new(), script: vec![Op::Run("kubectl create namespace team".into()), Op::Step(2)] };
        let payload = crate::share::encode(&saved).unwrap();
        assert!(payload.starts_with("kp1."));
        let c = cfg(&format!("?script={payload}&layout=terminal,graph"));
        assert_eq!(script_session(c.script.as_deref().unwrap()), Ok(saved));
    }
}
