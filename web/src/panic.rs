//! Makes a crash visible. A Rust panic in the browser aborts the wasm
//! instance, which would leave a page that silently ignores every click; this
//! hook logs the message to the console and puts it in a banner on the page.

use std::panic::PanicHookInfo;

/// The banner's id, so a second panic replaces the first message.
pub const BANNER_ID: &str = "kubeplay-panic";

/// Installs the hook. Call once, before the app starts. It must go through
/// yew: rendering replaces any hook not set with `set_custom_panic_hook`.
pub fn install() {
    yew::set_custom_panic_hook(Box::new(|info: &PanicHookInfo<'_>| {
        console_error_panic_hook::hook(info);
        show_banner(&info.to_string());
    }));
}

/// Shows `message` in a banner at the top of the page. Does nothing when
/// there is no document (the hook must never panic itself).
pub fn show_banner(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(body) = document.body() else { return };
    let banner = match document.get_element_by_id(BANNER_ID) {
        Some(existing) => existing,
        None => match document.create_element("div") {
            Ok(created) => created,
            Err(_) => return,
        },
    };
    banner.set_id(BANNER_ID);
    let _ = banner.set_attribute("class", "panic-banner");
    let _ = banner.set_attribute("role", "alert");
    let _ = banner.set_attribute("data-testid", "panic-banner");
    banner.set_text_content(Some(&format!(
        "Kubeplay crashed and has stopped. Reload the page to start again.\n\n{message}"
    )));
    let _ = body.prepend_with_node_1(&banner);
}
