//! Scripts and transcripts: parsed by the playground's shared checker
//! (`kubeplay_playground::transcript`), which the wasm test runs too.

pub use kubeplay_playground::transcript::{parse_script, render_command, Command};
