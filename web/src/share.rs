//! Share links in the page: the session as `#share=…` (the codec is
//! `kubeplay_playground::share`), and opening one. A link's content only
//! ever becomes the page's own script (manifests applied, command lines
//! run, steps taken), which the page draws as text.

use kubeplay_playground::share::{self, ShareError, ShareOp, Shared};

use crate::state::{Op, Saved};

/// The fragment key: `#share=kp1.…`.
const KEY: &str = "share=";

fn to_share(op: &Op) -> ShareOp {
    match op {
        Op::Apply(t) => ShareOp::Apply(t.clone()),
        Op::Run(l) => ShareOp::Run(l.clone()),
        Op::Step(n) => ShareOp::Step(*n as u64),
        Op::Jump(n) => ShareOp::Jump(*n as u64),
        Op::File(name, text) => ShareOp::File { name: name.clone(), text: text.clone() },
        Op::Import(text) => ShareOp::Import(text.clone()),
        Op::Fetched(url, body) => ShareOp::Fetched { url: url.clone(), body: body.clone() },
    }
}

fn from_share(op: ShareOp) -> Op {
    let n = |v: u64| usize::try_from(v).unwrap_or(usize::MAX);
    match op {
        ShareOp::Apply(t) => Op::Apply(t),
        ShareOp::Run(l) => Op::Run(l),
        ShareOp::Step(v) => Op::Step(n(v)),
        ShareOp::Jump(v) => Op::Jump(n(v)),
        ShareOp::File { name, text } => Op::File(name, text),
        ShareOp::Import(text) => Op::Import(text),
        ShareOp::Fetched { url, body } => Op::Fetched(url, body),
    }
}

/// The link payload for a session.
pub fn encode(saved: &Saved) -> Result<String, ShareError> {
    share::encode(&Shared { seed: saved.seed, editor: saved.editor.clone(), script: saved.script.iter().map(to_share).collect() })
}

/// The session a payload carries; history is not shared.
pub fn decode(payload: &str) -> Result<Saved, ShareError> {
    let s = share::decode(payload)?;
    Ok(Saved { seed: s.seed, editor: s.editor, history: Vec::new(), script: s.script.into_iter().map(from_share).collect() })
}

/// The payload in a URL fragment, if the fragment is a share link.
pub fn payload_of(hash: &str) -> Option<&str> {
    hash.trim_start_matches('#').strip_prefix(KEY)
}

/// The page's share link for `saved`.
pub fn link(saved: &Saved) -> Result<String, ShareError> {
    let payload = encode(saved)?;
    let Some(location) = web_sys::window().map(|w| w.location()) else { return Ok(format!("#{KEY}{payload}")) };
    let base = format!("{}{}{}", location.origin().unwrap_or_default(), location.pathname().unwrap_or_default(), location.search().unwrap_or_default());
    Ok(format!("{base}#{KEY}{payload}"))
}

/// The share link the page was opened with: None when there is none, else
/// the session or why it was refused. The fragment is removed either way,
/// so a reload restores the autosave rather than the link again.
pub fn opened_with() -> Option<Result<Saved, ShareError>> {
    let window = web_sys::window()?;
    let hash = window.location().hash().ok()?;
    let payload = payload_of(&hash)?;
    let result = decode(payload);
    if let Ok(history) = window.history() {
        let clean = format!("{}{}", window.location().pathname().unwrap_or_default(), window.location().search().unwrap_or_default());
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&clean));
    }
    Some(result)
}

/// Asks the browser to copy `text` to the clipboard. It may refuse (no
/// permission, no focus); the link is shown on the page either way.
pub fn copy(text: &str) {
    let Some(window) = web_sys::window() else { return };
    let promise = window.navigator().clipboard().write_text(text);
    // A refusal must not surface as an unhandled rejection.
    let ignore = wasm_bindgen::closure::Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(|_| {});
    let _ = promise.catch(&ignore);
    ignore.forget();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_survives_a_link() {
        let saved = Saved {
            seed: 9,
            editor: "kind: Pod\n".into(),
            history: vec!["kubectl get pods".into()],
            script: vec![Op::File("a.yaml".into(), "x".into()), Op::Apply("y".into()), Op::Run("kubectl get pods".into()), Op::Step(3), Op::Jump(1)],
        };
        let back = decode(&encode(&saved).unwrap()).unwrap();
        assert_eq!(back, Saved { history: Vec::new(), ..saved });
    }

    #[test]
    fn a_lesson_s_files_are_replayed_before_the_commands_that_read_them() {
        use crate::state::{Action, State};
        use yew::Reducible;
        let reduce = |s: State, a: Action| std::rc::Rc::unwrap_or_clone(std::rc::Rc::new(s).reduce(a));
        let manifest = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n";
        let state = reduce(State::default(), Action::LoadFiles(vec![("cm.yaml".into(), manifest.into())]));
        assert_eq!(state.editor, manifest, "the file is shown in the editor");
        let state = reduce(state, Action::Run("kubectl apply -f cm.yaml".into()));
        assert_eq!(state.transcript[0].output.stdout, "configmap/settings created\n");
        // Through a link and back: the file comes first, so the apply works.
        let restored = State::restore(decode(&encode(&state.saved()).unwrap()).unwrap());
        assert_eq!(restored.transcript, state.transcript);
        assert_eq!(*restored.view, *state.view);
    }

    #[test]
    fn a_heredoc_command_replays_from_a_link() {
        use crate::state::{Action, State};
        use yew::Reducible;
        let reduce = |s: State, a: Action| std::rc::Rc::unwrap_or_clone(std::rc::Rc::new(s).reduce(a));
        // As the terminal sends it once the delimiter line is typed or pasted.
        let mut pending = Vec::new();
        let typed = crate::components::feed_lines(&mut pending, "N=settings\ncat <<EOF | kubectl apply -f -\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: $N\nEOF");
        assert!(pending.is_empty());
        let state = typed.into_iter().fold(State::default(), |s, line| reduce(s, Action::Run(line)));
        assert_eq!(state.transcript[1].output.stdout, "configmap/settings created\n", "{:?}", state.transcript[1].output);
        assert_eq!(state.script[1], Op::Run("cat <<EOF | kubectl apply -f -\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: $N\nEOF".into()));
        let restored = State::restore(decode(&encode(&state.saved()).unwrap()).unwrap());
        assert_eq!(restored.transcript, state.transcript);
        assert_eq!(*restored.view, *state.view);
    }

    #[test]
    fn fragments() {
        assert_eq!(payload_of("#share=kp1.abc"), Some("kp1.abc"));
        assert_eq!(payload_of("#other"), None);
        assert_eq!(payload_of(""), None);
    }
}
