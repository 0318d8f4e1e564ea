//! The terminal attached to a shell in a container: after `kubectl exec
//! -it POD -- sh` (or `run -it`, `debug -it`, `attach -it`) opened a
//! session, every line goes to that shell, `kubectl` included (a container
//! has none), until the shell exits. The session is client state, like
//! the kubeconfig: time travel leaves it, and a line that finds its
//! container gone ends it as kubectl would have, then runs in the user's
//! own shell, where it would have been typed. A `kubectl run -i` on a
//! database client (`-- mysql -h mysql`) holds the terminal the same way,
//! with the client's prompt; one on a loop that never ends (the HPA
//! walkthrough's load generator) becomes a job instead, `kill -INT`
//! standing for the Ctrl-C typed in its terminal.

use crate::{CommandOutput, Playground};
use kubeplay_kubectl::exec::run_attach::Held;
use kubeplay_kubectl::exec::Output;

/// The user's own shell's prompt.
pub const USER_PROMPT: &str = "$ ";

impl Playground {
    /// What the terminal shows before the next line: the container
    /// shell's prompt while attached (`/ # `, `root@web-0:/# `, or
    /// nothing without a terminal), else `$ `.
    pub fn prompt(&self) -> String {
        if let Some(c) = &self.client {
            return c.prompt();
        }
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
        if let Some(client) = self.client.take() {
            let ended = client.bye(&mut self.engine);
            return Some(self.session_ended(ended.output));
        }
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

    /// Keeps what a `kubectl run -i` left attached: a database client's
    /// prompt, which the next lines go to, or an endless loop, which a
    /// real terminal would stay on until Ctrl-C while the page reads on in
    /// a second terminal; here that run becomes a job.
    pub(crate) fn keep_held(&mut self, out: &mut Output, line: &str) {
        let end = match out.held.take().map(|h| *h) {
            Some(Held::Loop(end)) => end,
            Some(Held::Client(client)) => {
                self.client = Some(Box::new(client));
                return;
            }
            None => return,
        };
        let pid = match self.shell.jobs.background_pid {
            Some(pid) => pid,
            None => {
                let pid = self.shell.jobs.spawn();
                self.shell.jobs.adopt(pid, line.trim());
                pid
            }
        };
        let number = self.shell.jobs.number_of(pid).unwrap_or(1);
        if end.sends_ctrl_c() {
            out.note(&format!("(playground) the loop runs until Ctrl-C, which this terminal cannot send while it runs: it goes on as job [{number}], as in a second terminal; kill -INT %{number} is that Ctrl-C (kill %{number} would end kubectl alone, leaving the pod running)"));
        } else {
            out.note(&format!("(playground) the loop runs until its pod is deleted: it goes on as job [{number}], as in a second terminal; without -t, Ctrl-C (kill -INT %{number}) would end kubectl alone, leaving the pod running: kubectl delete pod {} ends it", end.pod()));
        }
        self.loops.push((pid, end));
    }

    /// The line a Ctrl-C at the page's empty prompt stands for: `kill -INT
    /// %N` for the newest kept loop whose terminal would pass Ctrl-C on
    /// (`run -it`), as a reader stops the HPA walkthrough's load generator.
    /// None when no such loop runs.
    pub fn interrupt_line(&self) -> Option<String> {
        let (pid, _) = self.loops.iter().rev().find(|(_, end)| end.sends_ctrl_c())?;
        self.shell.jobs.number_of(*pid).map(|n| format!("kill -INT %{n}"))
    }

    /// Whether job `pid` is a loop [`Playground::keep_held`] kept.
    pub(crate) fn is_loop(&self, pid: u32) -> bool {
        self.loops.iter().any(|(p, _)| *p == pid)
    }

    /// A kept run whose pod is gone or finished (deleted from the other
    /// terminal): kubectl's attach ended; forgets it.
    pub(crate) fn loop_ended(&mut self, pid: u32) -> bool {
        let Some(i) = self.loops.iter().position(|(p, _)| *p == pid) else { return false };
        if kubeplay_kubectl::exec::run_attach::looping(&self.loops[i].1, &self.engine) {
            return false;
        }
        self.loops.remove(i);
        true
    }

    /// `kill` of a kept run's job with bash's word for the signal: SIGINT
    /// stands for Ctrl-C in its terminal, which `-t` sends on to the
    /// container (the loop ends, kubectl cleans up as run.go does and
    /// exits with the container's code); any other signal, or SIGINT
    /// without `-t`, ends kubectl alone, and the pod keeps looping. None
    /// when `pid` is no kept run.
    pub(crate) fn stop_loop(&mut self, pid: u32, signal: &'static str) -> Option<(CommandOutput, crate::shell::JobState)> {
        let i = self.loops.iter().position(|(p, _)| *p == pid)?;
        let (_, end) = self.loops.remove(i);
        if signal != "Interrupt" || !end.sends_ctrl_c() {
            return Some((CommandOutput::default(), crate::shell::JobState::Signalled(signal)));
        }
        let mut out = Output::default();
        kubeplay_kubectl::exec::run_attach::interrupt(&end, &mut self.engine, &mut out);
        let status = out.status();
        Some((out.into(), crate::shell::JobState::Exited(status)))
    }

    /// Runs `text` in the attached shell; None when not attached.
    pub(crate) fn run_attached(&mut self, text: &str, stdin: Option<&str>) -> Option<CommandOutput> {
        if let Some(client) = self.client.as_deref() {
            // Its pod gone (deleted from elsewhere): the line is the user's shell's.
            if !client.alive(&self.engine) {
                self.client = None;
                return None;
            }
            let ran = client.line(text, &mut self.engine);
            if ran.closed {
                self.client = None;
                return Some(self.session_ended(ran.output));
            }
            return Some(ran.output.into());
        }
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
