//! A real panic inside the running app shows the banner. Its own test binary
//! (so its own wasm instance): after a panic the instance is unusable.
#![cfg(target_arch = "wasm32")]

use kubeplay_web::{panic, App};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn a_panic_after_the_app_rendered_shows_the_banner() {
    let document = web_sys::window().and_then(|w| w.document()).expect("a browser document");
    let root = document.create_element("div").expect("a div");
    document.body().expect("a body").append_child(&root).expect("appended");
    panic::install();
    // Rendering is what would replace a hook not set through yew.
    yew::Renderer::<App>::with_root(root).render();

    // Panic inside a call from JS: the panic aborts (traps) that call only,
    // and the trap comes back here as a JS error.
    let crash = Closure::<dyn Fn()>::new(|| panic!("deliberate test panic"));
    let function: &js_sys::Function = crash.as_ref().unchecked_ref();
    assert!(function.call0(&wasm_bindgen::JsValue::NULL).is_err(), "the panic reached JS");

    let banner = document.get_element_by_id(panic::BANNER_ID).expect("the panic banner is shown");
    let text = banner.text_content().unwrap_or_default();
    assert!(text.starts_with("Kubeplay hit an internal error"), "{text}");
    assert!(text.contains("deliberate test panic"), "{text}");
    assert_eq!(banner.get_attribute("role").as_deref(), Some("alert"));
}
