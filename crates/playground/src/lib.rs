//! The one facade every front end uses. A [`Playground`] is a simulated
//! cluster plus a kubectl terminal over it, and the views the UI draws.
//! The web crate, the `kubeplay` CLI and the JS embedding all go through
//! this type and nothing else.
//!
//! Architecture invariant: no web-sys, no I/O, no wall-clock time. The
//! caller owns the clock that paces "play"; the engine's clock is virtual.

use serde::Serialize;

/// The default example: the nginx Deployment from the Kubernetes docs.
pub const DEFAULT_EXAMPLE: &str = include_str!("../../../static/examples/nginx-deployment.yaml");

/// What one command printed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CommandOutput {
    /// What the command wrote to standard output.
    pub stdout: String,
    /// What it wrote to standard error (kubectl's errors and warnings).
    pub stderr: String,
    /// Whether the command failed (kubectl's exit status was non-zero).
    pub failed: bool,
}

/// A playground session.
pub struct Playground {
    seed: u64,
}

impl Default for Playground {
    fn default() -> Self {
        Self::new(1)
    }
}

impl Playground {
    /// A fresh default cluster whose random choices are fixed by `seed`.
    pub fn new(seed: u64) -> Playground {
        Playground { seed }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Runs one terminal line (`kubectl …` or `sim …`), with optional
    /// standard input (for `apply -f -`).
    pub fn run(&mut self, line: &str, stdin: Option<&str>) -> CommandOutput {
        let _ = stdin;
        CommandOutput { stdout: String::new(), stderr: format!("not implemented yet: {line}\n"), failed: true }
    }

    /// `kubectl apply -f -` with the given manifests.
    pub fn apply(&mut self, manifests: &str) -> CommandOutput {
        self.run("kubectl apply -f -", Some(manifests))
    }
}
