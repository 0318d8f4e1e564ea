//! How a page load starts: from a share link in the URL fragment, else
//! from the autosave (set aside with a message when it is damaged), else
//! fresh; embeds never read or write the autosave. Also the notices that
//! tell the reader what happened, and the `?lesson=` / `?panic=1` URL hooks.

use std::rc::Rc;

use yew::prelude::*;

use crate::embed::Config;
use crate::state::{Action, State, EXAMPLES};
use crate::{share, storage};

/// A message shown above the workspace until dismissed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// `share`, `storage`, `link`: for tests and styling.
    pub kind: &'static str,
    pub text: String,
    /// A share link to show (selectable, in case the clipboard is refused).
    pub link: Option<String>,
    pub error: bool,
}

impl Notice {
    pub fn error(kind: &'static str, text: String) -> Notice {
        Notice { kind, text, link: None, error: true }
    }
    pub fn info(kind: &'static str, text: String) -> Notice {
        Notice { kind, text, link: None, error: false }
    }
}

fn query_param(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    search.trim_start_matches('?').split('&').find_map(|p| {
        let (k, v) = p.split_once('=').unwrap_or((p, ""));
        (k == name).then(|| v.to_string())
    })
}

/// `?lesson=ID` of the page, when it names a shipped lesson.
pub fn lesson_from_url() -> Option<String> {
    query_param("lesson").filter(|id| kubeplay_playground::lessons::ids().contains(&id.as_str()))
}

/// `?panic=1`: a test hook that crashes the page once it has rendered.
pub fn panic_requested() -> bool {
    query_param("panic").is_some_and(|v| v == "1")
}

/// Puts the lesson in the address bar (so a reload or a copied URL keeps it).
pub fn set_lesson_in_url(id: Option<&str>) {
    let Some(window) = web_sys::window() else { return };
    let location = window.location();
    let path = location.pathname().unwrap_or_default();
    let search = location.search().unwrap_or_default();
    let mut params: Vec<String> = search.trim_start_matches('?').split('&').filter(|p| !p.is_empty() && !p.starts_with("lesson=") && *p != "lesson").map(String::from).collect();
    if let Some(id) = id {
        params.push(format!("lesson={id}"));
    }
    let url = if params.is_empty() { path } else { format!("{path}?{}", params.join("&")) };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

fn reduce(state: State, action: Action) -> State {
    use yew::Reducible;
    Rc::unwrap_or_clone(Rc::new(state).reduce(action))
}

/// The state the page starts in, and what to tell the reader about it.
pub fn initial(persist: bool, embed: Option<&Config>) -> (State, Vec<Notice>) {
    let mut notices = Vec::new();
    if let Some(config) = embed {
        let mut state = State::default();
        if let Some(script) = &config.script {
            match crate::embed::script_session(script) {
                Ok(saved) => state = State::restore(saved),
                Err(e) => notices.push(Notice::error("embed", format!("The script in this embed's URL was not run: {e}."))),
            }
        }
        if let Some(name) = &config.manifest {
            match EXAMPLES.iter().position(|e| e.name == name) {
                Some(i) => state = reduce(reduce(state, Action::LoadExample(i)), Action::Apply),
                None => notices.push(Notice::error("embed", format!("There is no example called {name:?}."))),
            }
        }
        return (state, notices);
    }
    match share::opened_with() {
        Some(Ok(saved)) => {
            let commands = saved.script.len();
            notices.push(Notice::info("link", format!("Opened a shared session: {commands} recorded actions replayed on a fresh cluster.")));
            return (State::restore(saved), notices);
        }
        Some(Err(e)) => notices.push(Notice::error("share", format!("This share link was not opened: {e}."))),
        None => {}
    }
    if !persist {
        return (State::default(), notices);
    }
    // A lesson link starts that lesson on a fresh cluster, unless this
    // browser is already in the middle of it.
    if let Some(id) = lesson_from_url() {
        if storage::lesson_progress().is_none_or(|p| p.id != id) {
            storage::set_lesson_progress(None);
            return (State::default(), notices);
        }
    }
    match storage::load() {
        storage::Loaded::Session(saved) => (State::restore(saved), notices),
        storage::Loaded::SetAside(message) => {
            notices.push(Notice::error("storage", message));
            (State::default(), notices)
        }
        storage::Loaded::Nothing => (State::default(), notices),
    }
}

/// Calls `f` when the fragment changes to a share link while the page is
/// open (a link pasted into the address bar of this tab), until dropped.
pub struct HashListener(wasm_bindgen::closure::Closure<dyn Fn()>);

impl Drop for HashListener {
    fn drop(&mut self) {
        use wasm_bindgen::JsCast;
        if let Some(w) = web_sys::window() {
            let _ = w.remove_event_listener_with_callback("hashchange", self.0.as_ref().unchecked_ref());
        }
    }
}

pub fn on_share_link(f: impl Fn(Result<crate::state::Saved, kubeplay_playground::share::ShareError>) + 'static) -> Option<HashListener> {
    use wasm_bindgen::JsCast;
    let closure = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
        if let Some(result) = share::opened_with() {
            f(result);
        }
    });
    web_sys::window()?.add_event_listener_with_callback("hashchange", closure.as_ref().unchecked_ref()).ok()?;
    Some(HashListener(closure))
}

#[derive(Properties, PartialEq)]
pub struct NoticesProps {
    pub notices: Vec<Notice>,
    pub on_dismiss: Callback<usize>,
}

/// The notices, newest last.
#[function_component]
pub fn Notices(props: &NoticesProps) -> Html {
    if props.notices.is_empty() {
        return html! {};
    }
    html! {
        <div class="notices">
            { for props.notices.iter().enumerate().map(|(i, n)| html! {
                <div class={classes!("notice", n.error.then_some("error"))} data-testid="notice" data-kind={n.kind} role={if n.error { "alert" } else { "status" }}>
                    <span class="notice-text">{ n.text.clone() }</span>
                    if let Some(link) = n.link.clone() {
                        <input class="share-link" data-testid="share-link" readonly=true value={link} aria-label="Share link" />
                    }
                    <button class="ghost notice-close" aria-label="Dismiss" title="Dismiss" onclick={props.on_dismiss.reform(move |_: MouseEvent| i)}>{ "×" }</button>
                </div>
            }) }
        </div>
    }
}
