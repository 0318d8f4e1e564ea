//! The bridge to the model's validation and naming rules, so the store has
//! one place that turns field errors into the API server's `Invalid` error.

use crate::error::Result;
use kubeplay_model::Object;

/// `<base><5 random chars>` from upstream's alphabet, base cut to 58 chars.
pub fn generate_name(base: &str, rng: &mut dyn FnMut() -> u64) -> String {
    const ALPHABET: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
    let base: String = base.chars().take(58).collect();
    let suffix: String = (0..5).map(|_| ALPHABET[(rng() % ALPHABET.len() as u64) as usize] as char).collect();
    format!("{base}{suffix}")
}

pub fn validate_create(_obj: &Object) -> Result<()> {
    Ok(())
}

pub fn validate_update(_old: &Object, _new: &Object) -> Result<()> {
    Ok(())
}
