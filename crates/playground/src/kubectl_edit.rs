//! `kubectl edit` (and `apply edit-last-applied`, `create --edit`) in the
//! playground: the editor kubectl launches on its temp file. kubectl's side (the buffer, the comparison, the patch) is
//! `kubeplay_kubectl::exec::edit`; this module owns the editor. In the
//! terminal that is `$KUBE_EDITOR` (else `$EDITOR`), a shell variable or a
//! `KUBE_EDITOR=… kubectl edit …` prefix: its command line, with the temp
//! file's name appended as kubectl appends it, runs through the
//! playground's own shell (`sed -i`, `cp`, `mv` over the session's files),
//! and the file is read back. A page with an editor shows the buffer
//! there instead, and [`Playground::finish_edit`] takes what it saved.
//! kubectl's temp files are the session's `/tmp/kubectl-edit-N.yaml`,
//! named from a counter (kubectl's are random), kept only where kubectl
//! leaves its file behind.

use crate::shell::files;
use crate::{CommandOutput, Playground, Ran, RunOutcome};
use kubeplay_kubectl::exec::edit::{Session, Step};
use kubeplay_kubectl::exec::Output;
use std::collections::BTreeMap;

/// Editors that need a terminal the playground does not have.
const INTERACTIVE: &[&str] = &[
    "vi", "vim", "nvim", "view", "nano", "pico", "emacs", "micro", "joe", "ed", "code", "subl",
    "gedit", "kate", "notepad", "hx", "helix", "kak",
];

/// Most times one edit runs the editor: an editor that always changes
/// something the server refuses would otherwise loop for ever.
const MAX_PASSES: usize = 20;

/// The editing state of a session: client state, as the kubeconfig.
#[derive(Clone, Default)]
pub(crate) struct EditState {
    /// `NAME=value` before the command being run: its environment only.
    pub env: BTreeMap<String, String>,
    /// Temp files drawn so far.
    files: u32,
    /// The front end has an editor (`run_outcome`): an edit without an
    /// editor variable opens there.
    pub page: bool,
    /// An editor (the shell's or the page's) is running now.
    busy: bool,
    /// The edit open in the page's editor, and what it printed so far.
    pending: Option<Box<(Session, CommandOutput)>>,
    /// Set when the last line opened an edit in the page.
    pub opened: bool,
}

impl Playground {
    /// `kubectl edit …` (and `apply edit-last-applied`), which kubectl's
    /// layer left to the front end.
    pub(crate) fn run_edit(&mut self, opened: Result<Session, Box<Output>>) -> CommandOutput {
        let session = match opened {
            Ok(s) => s,
            Err(out) => return (*out).into(),
        };
        if self.edit.busy {
            return crate::error("error: (playground) kubectl edit cannot run inside the editor of another kubectl edit".into());
        }
        let editor = self.editor_variable();
        let interactive = editor.as_deref().is_some_and(is_interactive);
        if (editor.is_none() || interactive) && !self.edit.page {
            // What kubectl printed first (deprecation warnings), then why not.
            let mut out = session.opened().clone();
            let what = match &editor {
                Some(e) => format!("the editor {} needs an interactive terminal, which this one is not", kubeplay_kubectl::shell::quote(e)),
                None => format!("{} runs $KUBE_EDITOR (else $EDITOR, else vi), and this terminal has no interactive editor", session.command()),
            };
            out.error(&format!("error: (playground) {what}: give a command that edits the file, e.g. KUBE_EDITOR=\"sed -i 's/replicas: 1/replicas: 3/'\" {} …, or use the page's editor", session.command()));
            return out.into();
        }
        let in_page = editor.is_none() || interactive;
        if let Some(open) = self.edit.pending.as_ref().filter(|_| in_page) {
            // The page has one editor: a second edit would take the first one's file away.
            return crate::error(format!("error: (playground) {} is still open in the editor: Save or Cancel it first", open.0.title()));
        }
        let mut shown: CommandOutput = session.opened().clone().into();
        match editor {
            Some(editor) if !interactive => self.edit_in_shell(session, &editor, &mut shown),
            _ => {
                // kubectl itself prints nothing while its editor is open.
                let note = format!("(playground) {} is open in the editor: Save sends your changes, Cancel closes it unchanged", session.title());
                let mut out = Output::default();
                out.note(&note);
                append(&mut shown, out.into());
                self.edit.opened = true;
                self.edit.pending = Some(Box::new((session, shown.clone())));
            }
        }
        shown
    }

    /// `$KUBE_EDITOR`, else `$EDITOR` (a command's own prefix first); an
    /// empty one counts as unset, as kubectl reads them.
    fn editor_variable(&self) -> Option<String> {
        ["KUBE_EDITOR", "EDITOR"].iter().find_map(|name| {
            let v = self.edit.env.get(*name).or_else(|| self.vars.get(*name))?;
            Some(v.clone()).filter(|v| !v.trim().is_empty())
        })
    }

    /// The next temp file's name.
    fn temp_file(&mut self, session: &Session) -> String {
        self.edit.files += 1;
        // Ten digits that look like os.CreateTemp's, the same every run.
        let n = kubeplay_model::fnv::fnv1a(&self.edit.files.to_le_bytes()) % 4_000_000_000;
        session.temp_file(&n.to_string())
    }

    fn write_temp(&mut self, name: &str, text: String) -> Result<(), String> {
        files::keep(&mut self.files, vec![(name.to_string(), text)], crate::shell::MAX_VARIABLES)
    }

    fn remove_temp(&mut self, name: &str) {
        self.files.remove(&files::normalize(name));
    }

    /// The editor loop of editoptions.go's `Run` with a shell command as
    /// the editor.
    fn edit_in_shell(&mut self, mut session: Session, editor: &str, shown: &mut CommandOutput) {
        let launch = Launch::new(editor, self.vars.get("SHELL").map(String::as_str));
        for _ in 0..MAX_PASSES {
            let file = self.temp_file(&session);
            if let Err(e) = self.write_temp(&file, session.buffer()) {
                append(shown, crate::error(e));
                return;
            }
            self.edit.busy = true;
            let env = std::mem::take(&mut self.edit.env);
            let ran = match self.run_line(&launch.line(&file), None, false) {
                Ran::Printed(out) => out,
                Ran::Started => self.work(usize::MAX).unwrap_or_default(),
            };
            self.edit.env = env;
            self.edit.busy = false;
            // A program kubectl execs itself and cannot find prints nothing.
            let launched = ran.status() != 127 || launch.shell;
            let ok = !ran.failed;
            if launched {
                // The editor writes to the terminal as it runs.
                append(
                    shown,
                    CommandOutput {
                        failed: false,
                        code: None,
                        ..ran
                    },
                );
            }
            if !ok {
                let why = if launched {
                    "there was a problem with the editor"
                } else {
                    "unable to launch the editor"
                };
                append(
                    shown,
                    session
                        .editor_failed(&format!(
                            "{why} {}",
                            kubeplay_model::goquote::quote(&launch.args)
                        ))
                        .into(),
                );
                return;
            }
            let previous = session.file().map(str::to_string);
            let Some(edited) = files::read(&self.files, &file) else {
                append(
                    shown,
                    session
                        .editor_failed(&format!("open {file}: no such file or directory"))
                        .into(),
                );
                return;
            };
            let step = session.finish(&edited, &file, &mut self.engine);
            // kubectl removes the last pass's file once this one is read,
            // unless it gave up at once for want of a change.
            if let Some(previous) = previous.filter(|p| session.file() != Some(p.as_str())) {
                self.remove_temp(&previous);
            }
            match step {
                Step::Done { out, keep_file } => {
                    if !keep_file {
                        self.remove_temp(&file);
                    }
                    append(shown, out.into());
                    return;
                }
                Step::Again(out) => append(shown, out.into()),
                Step::Next(out) => {
                    self.remove_temp(&file);
                    append(shown, out.into());
                }
            }
        }
        append(shown, crate::error(format!("error: (playground) the editor ran {MAX_PASSES} times and the server still refused the edit; stopped")));
    }

    /// Ends the edit the page's editor holds: `text` is what it saved
    /// (None: closed without saving, the buffer as it was opened).
    /// Either the edit's output, or the buffer again with kubectl's errors
    /// on top ([`RunOutcome::OpenInEditor`]); nothing open: `Printed` empty.
    pub fn finish_edit(&mut self, text: Option<&str>) -> RunOutcome {
        let Some(pending) = self.edit.pending.take() else {
            return RunOutcome::Printed(CommandOutput::default());
        };
        let (mut session, _) = *pending;
        let file = self.temp_file(&session);
        let edited = text.map_or_else(|| session.buffer(), str::to_string);
        if let Err(e) = self.write_temp(&file, edited.clone()) {
            return RunOutcome::Printed(crate::error(e));
        }
        let previous = session.file().map(str::to_string);
        let step = session.finish(&edited, &file, &mut self.engine);
        if let Some(previous) = previous.filter(|p| session.file() != Some(p.as_str())) {
            self.remove_temp(&previous);
        }
        let out: CommandOutput = match step {
            Step::Done { out, keep_file } => {
                if !keep_file {
                    self.remove_temp(&file);
                }
                out.into()
            }
            Step::Again(out) | Step::Next(out) => {
                // The file a finished object's edit leaves goes (create --edit).
                if session.file().is_none() {
                    self.remove_temp(&file);
                }
                let out: CommandOutput = out.into();
                let text = session.buffer();
                let title = session.title();
                self.edit.pending = Some(Box::new((session, out.clone())));
                return RunOutcome::OpenInEditor {
                    text,
                    title,
                    output: out,
                };
            }
        };
        self.shell.status = out.status();
        RunOutcome::Printed(out)
    }

    /// The edit waiting for the page's editor: its title
    /// (`deployment.apps/web`) and buffer.
    pub fn pending_edit(&self) -> Option<(String, String)> {
        self.edit
            .pending
            .as_ref()
            .map(|p| (p.0.title(), p.0.buffer()))
    }

    /// The line that opened an edit in the page: the editor's request.
    pub(crate) fn take_opened(&mut self, output: CommandOutput) -> RunOutcome {
        self.edit.opened = false;
        match &self.edit.pending {
            Some(p) => RunOutcome::OpenInEditor {
                text: p.0.buffer(),
                title: p.0.title(),
                output,
            },
            None => RunOutcome::Printed(output),
        }
    }
}

/// How kubectl starts the editor (editor.go's `defaultEnvEditor`): a
/// command without blanks, or with blanks but no quote or backslash, is
/// exec'd with its words split at each blank; anything else runs through
/// `$SHELL -c` with the file's name quoted after it.
struct Launch {
    /// Its words as kubectl's errors join them.
    args: String,
    words: Vec<String>,
    shell: bool,
}

impl Launch {
    fn new(editor: &str, shell: Option<&str>) -> Launch {
        if !editor.contains(' ') || !editor.contains(['"', '\'', '\\']) {
            return Launch {
                args: editor.to_string(),
                words: editor.split(' ').map(str::to_string).collect(),
                shell: false,
            };
        }
        let shell = shell.filter(|s| !s.is_empty()).unwrap_or("/bin/bash");
        Launch {
            args: format!("{shell} -c {editor}"),
            words: vec![editor.to_string()],
            shell: true,
        }
    }

    /// The playground shell's line that runs it on `file`: exec'd words
    /// quoted, so the shell expands nothing in them.
    fn line(&self, file: &str) -> String {
        if self.shell {
            return format!("{} {}", self.words[0], kubeplay_model::goquote::quote(file));
        }
        let mut words: Vec<String> = self
            .words
            .iter()
            .map(|w| kubeplay_kubectl::shell::quote(w))
            .collect();
        words.push(kubeplay_kubectl::shell::quote(file));
        words.join(" ")
    }
}

fn is_interactive(editor: &str) -> bool {
    let first = editor.split_whitespace().next().unwrap_or_default();
    let base = first.rsplit('/').next().unwrap_or(first);
    INTERACTIVE.contains(&base)
}

/// Appends `more` to what the terminal shows for the edit, its status last.
fn append(shown: &mut CommandOutput, more: CommandOutput) {
    let (o, e) = (shown.stdout.len(), shown.stderr.len());
    let marks: Vec<_> = if more.stderr_at.is_empty() && !more.stderr.is_empty() {
        vec![(more.stdout.len(), 0)]
    } else {
        more.stderr_at.clone()
    };
    shown
        .stderr_at
        .extend(marks.iter().map(|&(a, b)| (a + o, b + e)));
    shown.stdout.push_str(&more.stdout);
    shown.stderr.push_str(&more.stderr);
    shown.failed = more.failed;
    shown.code = more.code;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Playground;

    // editor.go's defaultEnvEditor and args, as real kubectl 1.32 ran them.
    #[test]
    fn how_kubectl_starts_the_editor() {
        let cases = [
            ("true", None, "true", "true /tmp/f.yaml", false),
            (
                "sed -i 1,$d",
                None,
                "sed -i 1,$d",
                "sed -i '1,$d' /tmp/f.yaml",
                false,
            ),
            (
                "nano-like -w",
                None,
                "nano-like -w",
                "nano-like -w /tmp/f.yaml",
                false,
            ),
            (
                "sed -i 's/a/b/'",
                None,
                "/bin/bash -c sed -i 's/a/b/'",
                "sed -i 's/a/b/' \"/tmp/f.yaml\"",
                true,
            ),
            (
                "false 'x'",
                Some("/bin/sh"),
                "/bin/sh -c false 'x'",
                "false 'x' \"/tmp/f.yaml\"",
                true,
            ),
            (
                "sed -i s/a/\\\\b/",
                Some(""),
                "/bin/bash -c sed -i s/a/\\\\b/",
                "sed -i s/a/\\\\b/ \"/tmp/f.yaml\"",
                true,
            ),
        ];
        for (editor, shell, args, line, through_shell) in cases {
            let l = Launch::new(editor, shell);
            assert_eq!(
                (l.args.as_str(), l.line("/tmp/f.yaml").as_str(), l.shell),
                (args, line, through_shell),
                "{editor}"
            );
        }
    }

    #[test]
    fn interactive_editors_are_refused_with_a_note() {
        for (editor, interactive) in [
            ("vi", true),
            ("/usr/bin/vim", true),
            ("code --wait", true),
            ("sed -i s/a/b/", false),
            ("cp x", false),
        ] {
            assert_eq!(is_interactive(editor), interactive, "{editor}");
        }
        let mut pg = Playground::new(1);
        assert!(
            !pg.run("kubectl create configmap c --from-literal=a=1", None)
                .failed
        );
        let out = pg.run("EDITOR=nano kubectl edit cm c", None);
        assert!(
            out.failed
                && out.stderr.starts_with(
                    "error: (playground) the editor nano needs an interactive terminal"
                ),
            "{out:?}"
        );
    }

    #[test]
    fn the_prefix_is_the_commands_environment_only() {
        let mut pg = Playground::new(1);
        assert!(
            !pg.run("kubectl create configmap c --from-literal=a=1", None)
                .failed
        );
        let out = pg.run(
            "KUBE_EDITOR=\"sed -i 's/a: \\\"1\\\"/a: \\\"2\\\"/'\" kubectl edit cm c",
            None,
        );
        assert_eq!(
            (out.stdout.as_str(), out.failed),
            ("configmap/c edited\n", false),
            "{out:?}"
        );
        assert_eq!(pg.run("echo \"[$KUBE_EDITOR]\"", None).stdout, "[]\n");
        // The temp file went with the edit.
        assert!(pg.file("tmp/kubectl-edit-2610717105.yaml").is_none());
        // A syntax error the editor leaves as it is: kubectl gives up.
        let out = pg.run(
            "KUBE_EDITOR=\"sed -i 's/^data:$/data: {/'\" kubectl edit cm c",
            None,
        );
        assert!(
            out.failed
                && out
                    .stderr
                    .ends_with("error: Edit cancelled, no valid changes were saved.\n"),
            "{out:?}"
        );
    }
}
