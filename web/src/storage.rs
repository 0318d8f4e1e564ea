//! The session saved in localStorage between visits: the editor text, the
//! command history, the seed and the script of what was done (the cluster
//! itself is rebuilt by replaying it), the chosen theme, and where the
//! reader is in a lesson.
//!
//! A save is one `setItem` of one JSON document (atomic: a reader never
//! sees half of it). A save that no longer reads — damaged, edited by hand,
//! or from an incompatible version — is never fatal: it is moved aside to
//! `<key>-corrupt` (so nothing is lost) and the page says so.

use serde::{Deserialize, Serialize};

use crate::state::Saved;

pub const SESSION_KEY: &str = "kubeplay.session.v1";
const THEME_KEY: &str = "kubeplay.theme";
const LESSON_KEY: &str = "kubeplay.lesson.v1";
/// Longest saved session read back: a bigger entry was not written by us.
const MAX_SAVED: usize = 4 * 1024 * 1024;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The key a damaged entry is moved to.
pub fn corrupt_key(key: &str) -> String {
    format!("{key}-corrupt")
}

/// What reading the saved session found.
#[derive(Debug, PartialEq)]
pub enum Loaded {
    Nothing,
    Session(Saved),
    /// The entry did not read; it was set aside. The message says why.
    SetAside(String),
}

/// Reads a saved session's text; why it does not read, if it doesn't.
pub fn parse(text: &str) -> Result<Saved, String> {
    if text.len() > MAX_SAVED {
        return Err(format!("it is larger than {} MiB", MAX_SAVED / (1024 * 1024)));
    }
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// The saved session, if there is one; a damaged one is set aside.
pub fn load() -> Loaded {
    let Some(s) = storage() else { return Loaded::Nothing };
    let Ok(Some(text)) = s.get_item(SESSION_KEY) else { return Loaded::Nothing };
    match parse(&text) {
        Ok(saved) => Loaded::Session(saved),
        Err(why) => {
            let aside = corrupt_key(SESSION_KEY);
            let kept = s.set_item(&aside, &text).is_ok();
            let _ = s.remove_item(SESSION_KEY);
            Loaded::SetAside(if kept {
                format!("Your saved session could not be read ({why}). It was set aside in localStorage as \"{aside}\" and a fresh playground started.")
            } else {
                format!("Your saved session could not be read ({why}) and was removed; a fresh playground started.")
            })
        }
    }
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

/// Where the reader is in a lesson.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonProgress {
    pub id: String,
    pub step: usize,
    pub done: Vec<usize>,
}

/// The saved lesson progress; anything unreadable counts as none.
pub fn lesson_progress() -> Option<LessonProgress> {
    let text = storage()?.get_item(LESSON_KEY).ok()??;
    serde_json::from_str(&text).ok()
}

pub fn set_lesson_progress(p: Option<&LessonProgress>) {
    let Some(s) = storage() else { return };
    match p.and_then(|p| serde_json::to_string(p).ok()) {
        Some(text) => drop(s.set_item(LESSON_KEY, &text)),
        None => drop(s.remove_item(LESSON_KEY)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damaged_saves_are_refused_with_a_reason() {
        assert!(parse("{\"seed\":1,\"editor\":\"\",\"history\":[],\"script\":[]}").is_ok());
        for bad in ["", "{", "not json", "{\"seed\":\"x\"}", "{\"seed\":1,\"editor\":\"\",\"history\":[],\"script\":[{\"Nope\":1}]}"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert!(parse(&" ".repeat(MAX_SAVED + 1)).unwrap_err().contains("larger"));
        assert_eq!(corrupt_key(SESSION_KEY), "kubeplay.session.v1-corrupt");
    }
}
