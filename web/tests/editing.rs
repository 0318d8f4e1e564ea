//! The terminal's Tab completion and `kubectl edit` opening the editor,
//! through the real DOM (wasm-bindgen-test in headless Chromium).
#![cfg(target_arch = "wasm32")]

use kubeplay_web::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, Event, EventInit, HtmlElement, HtmlInputElement, HtmlTextAreaElement, KeyboardEvent, KeyboardEventInit};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().and_then(|w| w.document()).expect("a browser document")
}

async fn mount() -> Element {
    let root = document().create_element("div").expect("a div");
    document().body().expect("a body").append_child(&root).expect("appended");
    yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;
    root
}

async fn settle() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window().expect("a window").set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
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

async fn type_line(root: &Element, line: &str) {
    let input: HtmlInputElement = by_testid(root, "terminal-input");
    input.set_value(line);
    let init = EventInit::new();
    init.set_bubbles(true);
    input.dispatch_event(&Event::new_with_event_init_dict("input", &init).expect("an event")).expect("input dispatched");
    settle().await;
}

async fn press(root: &Element, key: &str) {
    let input: HtmlInputElement = by_testid(root, "terminal-input");
    let init = KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).expect("a key event");
    input.dispatch_event(&event).expect("keydown dispatched");
    settle().await;
}

#[wasm_bindgen_test]
async fn tab_completes_a_command_and_lists_choices() {
    let root = mount().await;
    type_line(&root, "kubectl ro").await;
    press(&root, "Tab").await;
    let input: HtmlInputElement = by_testid(&root, "terminal-input");
    assert_eq!(input.value(), "kubectl rollout ");
    press(&root, "Tab").await;
    let choices: HtmlElement = by_testid(&root, "completions");
    let text = choices.text_content().unwrap_or_default();
    assert!(text.contains("history") && text.contains("undo"), "{text}");
}

#[wasm_bindgen_test]
async fn kubectl_edit_opens_its_file_in_the_editor_until_save() {
    let root = mount().await;
    let apply: HtmlElement = by_testid(&root, "apply");
    apply.click();
    settle().await;
    let before = by_testid::<HtmlTextAreaElement>(&root, "editor").value();
    type_line(&root, "kubectl edit deployment nginx-deployment").await;
    press(&root, "Enter").await;
    let editor: HtmlTextAreaElement = by_testid(&root, "editor");
    assert!(editor.value().starts_with("# Please edit the object below."), "{}", editor.value());
    assert!(editor.value().contains("\nkind: Deployment\n"), "{}", editor.value());
    let label: HtmlElement = by_testid(&root, "editing");
    assert_eq!(label.text_content().unwrap_or_default(), "editing deployment.apps/nginx-deployment");
    // The highlight layer shows the same text.
    let colours: HtmlElement = by_testid(&root, "editor-highlight");
    assert_eq!(colours.text_content().unwrap_or_default().trim_end(), editor.value().trim_end());
    // Saved unchanged: kubectl's cancel, and the manifest from before is back.
    let save: HtmlElement = by_testid(&root, "edit-save");
    save.click();
    settle().await;
    let output: HtmlElement = by_testid(&root, "terminal-output");
    assert!(output.text_content().unwrap_or_default().contains("Edit cancelled, no changes made."));
    assert_eq!(by_testid::<HtmlTextAreaElement>(&root, "editor").value(), before);
    assert!(root.query_selector("[data-testid=\"editing\"]").ok().flatten().is_none());
}
