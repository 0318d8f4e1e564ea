//! The yew front end of Kubeplay. It draws the editor, the kubectl terminal,
//! the stepper, the ownership graph, the cluster view and the inspector, and reaches the cluster only through
//! `kubeplay_playground::Playground` (never the engine crates directly).
//! Everything that changes lives in [`state`]; components only draw.

mod app;
mod boot;
mod components;
pub mod embed;
mod fetch;
pub mod markdown;
pub mod panic;
mod share;
pub mod state;
mod storage;

pub use app::{App, AppProps};

/// Starts the page: installs the panic banner, then renders [`App`] into
/// `#app` (or the body, if the host page has no such element).
pub fn start() {
    panic::install();
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"));
    let props = || AppProps { persist: true, embed: embed::is_embed().then(|| std::rc::Rc::new(embed::config())) };
    match root {
        Some(root) => yew::Renderer::<App>::with_root_and_props(root, props()).render(),
        None => yew::Renderer::<App>::with_props(props()).render(),
    };
}
