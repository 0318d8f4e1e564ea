//! The terminal attached to a shell in a container: after `kubectl exec
//! -it POD -- sh` (or `run -it`, `debug -it`, `attach -it`) opened a
//! session, every line goes to that shell, `kubectl` included (a container
//! has none), until the shell exits. The session is client state, like
//! the kubeconfig: time travel leaves it, and a line that finds its
//! container gone ends it as kubectl would have, then runs in the user's
//! own shell, where it would have been typed.

use crate::{CommandOutput, Playground};
use kubeplay_kubectl::exec::Output;

/// The user's own shell's prompt.
pub const USER_PROMPT: &str = "$ ";

impl Playground {
    /// What the terminal shows before the next line: the container
    /// shell's prompt while attached (`/ # `, `root@web-0:/# `, or
    /// nothing without a terminal), else `$ `.
    pub fn prompt(&self) -> String {
        match &self.attached {
            Some(s) => s.prompt(),
            None => USER_PROMPT.to_string(),
        }
    }

    /// The pod and container the terminal is attached to, if it is.
    pub fn attached_to(&self) -> Option<(&str, &str)> {
        self.attached.as_deref().map(|s| (s.pod(), s.container()))
    }

    /// Ctrl-D at an empty prompt while attached: the shell exits as `exit`
    /// would. None when not attached.
    pub fn end_of_input(&mut self) -> Option<CommandOutput> {
        let mut session = self.attached.take()?;
        let out = session.end_of_input(&mut self.engine);
        Some(self.session_ended(out))
    }

    /// Keeps a session the command just opened.
    pub(crate) fn keep_session(&mut self, out: &mut Output) {
        if let Some(session) = out.session.take() {
            self.attached = Some(session);
        }
    }

    /// Runs `text` in the attached shell; None when not attached.
    pub(crate) fn run_attached(&mut self, text: &str, stdin: Option<&str>) -> Option<CommandOutput> {
        let session = self.attached.as_mut()?;
        if let Some(ended) = session.gone(&mut self.engine) {
            self.attached = None;
            let ended = self.session_ended(ended);
            let here = self.run(text, stdin);
            return Some(concat(ended, here));
        }
        if text.len() > crate::MAX_LINE {
            return Some(crate::error(format!("error: the command line is longer than {} bytes", crate::MAX_LINE)));
        }
        let ran = session.run(text, &mut self.engine);
        if ran.closed {
            self.attached = None;
            return Some(self.session_ended(ran.output));
        }
        Some(ran.output.into())
    }

    /// What the opening kubectl command printed as it ended; its exit
    /// status is the user's shell's `$?`.
    fn session_ended(&mut self, out: Output) -> CommandOutput {
        let out: CommandOutput = out.into();
        self.shell.status = out.status();
        out
    }
}

/// Two outputs one after the other, as the terminal shows them.
fn concat(first: CommandOutput, second: CommandOutput) -> CommandOutput {
    let (o, e) = (first.stdout.len(), first.stderr.len());
    let mut marks = first.stderr_at;
    if !first.stderr.is_empty() && marks.is_empty() {
        marks.push((o, 0));
    }
    if !second.stderr.is_empty() && second.stderr_at.is_empty() {
        marks.push((o + second.stdout.len(), e));
    }
    marks.extend(second.stderr_at.iter().map(|&(a, b)| (a + o, b + e)));
    let mut out = CommandOutput { stdout: first.stdout + &second.stdout, stderr: first.stderr + &second.stderr, stderr_at: marks, ..CommandOutput::default() };
    out.set_status(second.status());
    out
}

#[cfg(test)]
#[path = "attached_tests.rs"]
mod tests;
