//! Makes a crash visible and recoverable. A Rust panic in the browser aborts
//! the wasm instance, which would leave a page that silently ignores every
//! click; this hook logs the message to the console and puts a banner on the
//! page whose "Restore my session" is a plain link reloading the page, so it
//! works with the wasm instance dead: the reload replays the last autosave
//! (written after the last change that went through, so before the crash).

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

/// The page's address without the test hook that forces a crash (so the
/// reload doesn't crash again) and without a share link (so the reload
/// restores the autosave, not the link).
fn restore_href() -> String {
    let Some(location) = web_sys::window().map(|w| w.location()) else { return "./".into() };
    let path = location.pathname().unwrap_or_default();
    let search = location.search().unwrap_or_default();
    let kept: Vec<&str> = search.trim_start_matches('?').split('&').filter(|p| !p.is_empty() && *p != "panic" && !p.starts_with("panic=")).collect();
    if kept.is_empty() {
        path
    } else {
        format!("{path}?{}", kept.join("&"))
    }
}

/// Creates an element or gives up quietly (the hook must never panic itself).
fn element(document: &web_sys::Document, tag: &str, class: &str, text: &str) -> Option<web_sys::Element> {
    let e = document.create_element(tag).ok()?;
    let _ = e.set_attribute("class", class);
    e.set_text_content(Some(text));
    Some(e)
}

/// Shows the crash banner with `message` in its details. Does nothing when
/// there is no document.
pub fn show_banner(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(body) = document.body() else { return };
    if let Some(old) = document.get_element_by_id(BANNER_ID) {
        old.remove();
    }
    let Some(banner) = element(&document, "div", "panic-banner", "") else { return };
    banner.set_id(BANNER_ID);
    let _ = banner.set_attribute("role", "alert");
    let _ = banner.set_attribute("data-testid", "panic-banner");
    let parts = [
        element(&document, "strong", "panic-title", "Kubeplay hit an internal error and had to stop."),
        element(&document, "span", "panic-text", " Your work up to the last change is saved in this browser."),
    ];
    for p in parts.into_iter().flatten() {
        let _ = banner.append_child(&p);
    }
    if let Some(link) = element(&document, "a", "panic-restore", "Restore my session") {
        let _ = link.set_attribute("href", &restore_href());
        let _ = link.set_attribute("data-testid", "restore-session");
        let _ = banner.append_child(&link);
    }
    if let (Some(details), Some(summary), Some(pre)) =
        (element(&document, "details", "panic-details", ""), element(&document, "summary", "", "Details for a bug report"), element(&document, "pre", "", message))
    {
        let _ = details.append_child(&summary);
        let _ = details.append_child(&pre);
        let _ = banner.append_child(&details);
    }
    let _ = body.prepend_with_node_1(&banner);
}
