//! Renders the real app into a headless Chromium page (wasm-bindgen-test)
//! and drives it through the DOM, as a user would.
#![cfg(target_arch = "wasm32")]

use kubeplay_playground::{Playground, DEFAULT_EXAMPLE};
use kubeplay_web::{panic, state, App};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, Event, EventInit, HtmlElement, HtmlInputElement, HtmlTextAreaElement, KeyboardEvent, KeyboardEventInit};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().and_then(|w| w.document()).expect("a browser document")
}

/// Renders a fresh app into its own element and waits for yew to draw it.
async fn mount() -> Element {
    let root = document().create_element("div").expect("a div");
    document().body().expect("a body").append_child(&root).expect("appended");
    yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;
    root
}

/// Lets yew's scheduler run (it renders on a later task, not synchronously).
async fn settle() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window()
            .expect("a window")
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.expect("timer");
}

fn by_testid<T: JsCast>(root: &Element, id: &str) -> T {
    root.query_selector(&format!("[data-testid=\"{id}\"]"))
        .ok()
        .flatten()
        .unwrap_or_else(|| panic!("no element with data-testid={id}"))
        .dyn_into::<T>()
        .unwrap_or_else(|_| panic!("data-testid={id} has the wrong element type"))
}

fn bubbling(kind: &str) -> Event {
    let init = EventInit::new();
    init.set_bubbles(true);
    Event::new_with_event_init_dict(kind, &init).expect("an event")
}

async fn type_command(root: &Element, line: &str) {
    let input: HtmlInputElement = by_testid(root, "terminal-input");
    input.set_value(line);
    input.dispatch_event(&bubbling("input")).expect("input dispatched");
    settle().await;
    let init = KeyboardEventInit::new();
    init.set_key("Enter");
    init.set_bubbles(true);
    init.set_cancelable(true);
    let enter = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).expect("a key event");
    input.dispatch_event(&enter).expect("keydown dispatched");
    settle().await;
}

#[wasm_bindgen_test]
async fn the_editor_starts_with_the_default_example_and_it_is_listed() {
    let root = mount().await;
    let editor: HtmlTextAreaElement = by_testid(&root, "editor");
    assert_eq!(editor.value(), DEFAULT_EXAMPLE);
    let examples: HtmlElement = by_testid(&root, "examples");
    assert_eq!(examples.text_content().unwrap_or_default().trim(), "nginx-deployment");
    let terminal: HtmlElement = by_testid(&root, "terminal-output");
    assert_eq!(terminal.text_content().unwrap_or_default(), "");
}

#[wasm_bindgen_test]
async fn enter_runs_the_line_and_shows_prompt_and_output() {
    let root = mount().await;
    type_command(&root, "kubectl get pods").await;

    let expected = Playground::new(state::SEED).run("kubectl get pods", None);
    let terminal: HtmlElement = by_testid(&root, "terminal-output");
    let command = terminal.query_selector(".command").ok().flatten().expect("a command line");
    assert_eq!(command.text_content().unwrap_or_default(), "$ kubectl get pods");
    let shown = |class: &str| {
        terminal.query_selector(class).ok().flatten().and_then(|e| e.text_content()).unwrap_or_default()
    };
    assert_eq!(shown(".stdout"), expected.stdout);
    assert_eq!(shown(".stderr"), expected.stderr);
    let input: HtmlInputElement = by_testid(&root, "terminal-input");
    assert_eq!(input.value(), "", "the prompt is cleared after Enter");
}

#[wasm_bindgen_test]
async fn apply_sends_the_edited_text_to_the_cluster() {
    let root = mount().await;
    let editor: HtmlTextAreaElement = by_testid(&root, "editor");
    editor.set_value("kind: Nonsense\n");
    editor.dispatch_event(&bubbling("input")).expect("input dispatched");
    settle().await;
    let apply: HtmlElement = by_testid(&root, "apply");
    apply.click();
    settle().await;

    let expected = Playground::new(state::SEED).apply("kind: Nonsense\n");
    let terminal: HtmlElement = by_testid(&root, "terminal-output");
    let text = terminal.text_content().unwrap_or_default();
    let pieces: String = expected.pieces().into_iter().map(|(_, t)| t).collect();
    assert_eq!(text, format!("$ {}{pieces}", state::APPLY_LINE));
}

#[wasm_bindgen_test]
fn a_panic_message_is_shown_in_a_banner() {
    panic::show_banner("panicked at web/src/x.rs:1:1:\nboom");
    panic::show_banner("panicked at web/src/x.rs:2:2:\nsecond");
    let banners = document().query_selector_all("[data-testid=\"panic-banner\"]").expect("a query");
    assert_eq!(banners.length(), 1, "a second panic replaces the first banner");
    let text = banners.get(0).and_then(|b| b.text_content()).unwrap_or_default();
    assert!(text.starts_with("Kubeplay hit an internal error"), "{text}");
    assert!(text.ends_with("panicked at web/src/x.rs:2:2:\nsecond"), "{text}");
    if let Some(banner) = banners.get(0) {
        let _ = banner.dyn_into::<Element>().map(|b| b.remove());
    }
}
