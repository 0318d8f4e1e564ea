//! The session saved in localStorage between visits: the editor text, the
//! command history, the seed and the script of what was done (the cluster
//! itself is rebuilt by replaying it), and the chosen theme.

use crate::state::Saved;

const SESSION_KEY: &str = "kubeplay.session.v1";
const THEME_KEY: &str = "kubeplay.theme";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The saved session, if there is one and it still parses.
pub fn load() -> Option<Saved> {
    let text = storage()?.get_item(SESSION_KEY).ok()??;
    serde_json::from_str(&text).ok()
}

pub fn save(saved: &Saved) {
    let Some(s) = storage() else { return };
    if let Ok(text) = serde_json::to_string(saved) {
        // A full quota only loses the autosave, never the session.
        let _ = s.set_item(SESSION_KEY, &text);
    }
}

pub fn clear() {
    if let Some(s) = storage() {
        let _ = s.remove_item(SESSION_KEY);
    }
}

/// "light", "dark", or None to follow the system.
pub fn theme() -> Option<String> {
    storage()?.get_item(THEME_KEY).ok()?
}

pub fn set_theme(theme: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(THEME_KEY, theme);
    }
}
