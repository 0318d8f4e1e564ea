//! The page's state and the only place it changes: every user action is an
//! [`Action`] reduced here, so components stay plain views and the cluster is
//! reached only through [`Playground`].
//!
//! Everything the user did that changed the cluster is also kept as a
//! [`Op`] script: replaying it on a fresh playground with the same seed
//! rebuilds the same cluster at the same step, which is how a reload
//! restores the session (the engine is deterministic).

use std::cell::RefCell;
use std::rc::Rc;

use kubeplay_playground::urls::FetchError;
use kubeplay_playground::{
    ClusterView, CommandOutput, Completion, Diagnostic, GraphView, Playground, RolloutView,
    PlayFrame, RunOutcome, StepFilter, StepView, WriteView, DEFAULT_EXAMPLE,
};
use serde::{Deserialize, Serialize};
use yew::Reducible;

/// The seed of the page's cluster. Fixed, so a page load replays the same
/// names and choices every time (the engine never reads OS randomness).
pub const SEED: u64 = 1;

/// A manifest the user can load into the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// The name shown in the list (the object's `metadata.name`).
    pub name: &'static str,
    pub manifest: &'static str,
}

/// The examples offered in the side bar; the first is loaded at start.
pub const EXAMPLES: &[Example] = &[Example {
    name: "nginx-deployment",
    manifest: DEFAULT_EXAMPLE,
}];

/// The line shown in the terminal for the Apply button, as if the editor's
/// text had been piped to kubectl.
pub const APPLY_LINE: &str = "kubectl apply -f -";

/// Play speeds: multiples of the facade's pace at 1×
/// (`kubeplay_playground::PLAY_STEPS_PER_SECOND`, two steps a second).
pub const SPEEDS: &[(f64, &str)] = &[
    (0.25, "0.25×"),
    (0.5, "0.5×"),
    (1.0, "1×"),
    (2.0, "2×"),
    (4.0, "4×"),
    (8.0, "8×"),
    (16.0, "16×"),
];
/// Index into [`SPEEDS`] a session starts with.
pub const DEFAULT_SPEED: usize = 2;

/// Most commands kept in the ↑/↓ history.
/// Engine time a long `sim` command gets per animation frame, at least:
/// most of a 60 Hz frame, leaving the rest to drawing. When drawing takes
/// longer, the page gives the engine as long as the drawing took (up to
/// [`MAX_WORK_SLICE_MS`]), so the command keeps at least half the time.
pub const WORK_SLICE_MS: u32 = 12;
pub const MAX_WORK_SLICE_MS: u32 = 100;

const MAX_HISTORY: usize = 200;

/// Milliseconds of wall time: the page's clock in the browser, the
/// system's natively. Paces slicing only, never a result. Unit tests read
/// a clock that moves one millisecond per reading instead, so how a
/// command is sliced does not depend on how busy the machine is.
fn wall_ms() -> f64 {
    #[cfg(test)]
    return tests::ticking_clock_ms();
    #[cfg(all(not(test), target_arch = "wasm32"))]
    return js_sys::Date::now();
    #[cfg(all(not(test), not(target_arch = "wasm32")))]
    return std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64() * 1000.0);
}

/// One command and what it printed, as the terminal shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub line: String,
    pub output: CommandOutput,
    /// A long `sim` command still running: the steps it has run so far.
    pub running: Option<usize>,
    /// Typed (or sent by the host page) while another command ran: it
    /// runs, in order, when that one has finished.
    pub queued: bool,
    /// URLs the line reads (`kubectl apply -f https://…`) that the page is
    /// still downloading, each with the address it downloads from: the
    /// line runs when the last has come back.
    pub fetching: Vec<(String, String)>,
    /// The prompt the line was typed at: `$ `, or a container shell's
    /// (`/ # `) while the terminal is attached to one.
    pub prompt: String,
    /// The line of the `kubectl edit` open in the editor: what Save and
    /// Cancel print goes under it.
    pub editing: bool,
}

impl Entry {
    pub fn done(line: impl Into<String>, output: CommandOutput) -> Entry {
        Entry {
            line: line.into(),
            output,
            running: None,
            queued: false,
            fetching: Vec::new(),
            prompt: kubeplay_playground::USER_PROMPT.to_string(),
            editing: false,
        }
    }
}

/// Something waiting for the running command to finish.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Queued {
    Line(String),
    Apply(String),
}

/// One thing the user did to the cluster, in the order done.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    Apply(String),
    Run(String),
    /// `n` reconcile steps forward.
    Step(usize),
    /// Time travel to just after step `n`.
    Jump(usize),
    /// A real cluster imported from `kubectl get … -o yaml` output.
    Import(String),
    /// A file put where `kubectl apply -f NAME` finds it (a lesson's
    /// manifests): (name, text).
    File(String, String),
    /// What downloading a `-f URL` gave, kept so a replay reads the same
    /// text whatever the URL serves by then, and without the network.
    Fetched(String, Result<String, FetchError>),
}

/// An object on the page the user can select.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ObjRef {
    pub kind: String,
    pub namespace: String,
    pub name: String,
}

/// What the inspector shows for the selected object, as kubectl prints it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inspection {
    pub describe: CommandOutput,
    pub yaml: CommandOutput,
    /// For pods: the scheduler's per-node verdicts.
    pub explain: Option<CommandOutput>,
}

/// Where the decoder says the manifest is wrong (1-based line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditorError {
    pub line: usize,
    pub message: String,
}

/// Everything the user can do to the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The editor's text changed.
    Edit(String),
    /// Apply the editor's manifests to the cluster.
    Apply,
    /// Run one terminal line.
    Run(String),
    /// Replace the editor's text with an example.
    LoadExample(usize),
    /// One reconcile step forward.
    Step,
    /// Back one step (engine time travel).
    StepBack,
    /// To just after step `n` (0 = before everything).
    Jump(usize),
    /// Back to the start of the timeline.
    Rewind,
    TogglePlay,
    /// Start (true) or pause play.
    SetPlaying(bool),
    /// One animation frame of play, this many microseconds of wall time
    /// after the previous one (0 for the first): the facade runs the
    /// steps its pace makes due (drawn once), or play stops when nothing
    /// is left.
    Frame(u32),
    /// One slice of a long `sim` command typed in the terminal: at most
    /// this many steps, so the page keeps drawing between slices.
    Work(usize),
    /// One frame's slice of a long `sim` command: steps until this many
    /// milliseconds of engine time have passed (or it finished).
    WorkSlice(u32),
    SetSpeed(usize),
    /// Hide the steps that changed nothing: step, back and play skip them.
    HideNoops(bool),
    Select(ObjRef),
    CloseInspector,
    /// A fresh cluster, the default example, empty terminal and history.
    ResetSession,
    /// `kubectl edit` the object: typed into the terminal and run, which
    /// loads kubectl's buffer into the editor.
    EditObject(ObjRef),
    /// Save the editor's text as the file the running `kubectl edit`
    /// opened: kubectl compares, patches, and may reopen it with errors.
    SaveEdit,
    /// Close the running `kubectl edit`'s file without saving it.
    CancelEdit,
    /// Recreate a real cluster from `kubectl get … -A -o yaml` output.
    Import(String),
    /// Put files where `kubectl apply -f NAME` finds them (a lesson step's
    /// manifests); the last one is also shown in the editor.
    LoadFiles(Vec<(String, String)>),
    /// Replace the session with a saved one (a share link), replayed.
    Restore(Saved),
    /// A download a waiting line asked for has come back: (URL as typed,
    /// its body or why not).
    Fetched(String, Result<String, FetchError>),
}

/// The page's state. The playground is shared between successive states
/// (it is the one mutable cluster); everything else is a plain value.
#[derive(Clone)]
pub struct State {
    playground: Rc<RefCell<Playground>>,
    pub editor: String,
    pub selected_example: Option<usize>,
    pub transcript: Vec<Entry>,
    /// Commands typed, oldest first (for ↑/↓).
    pub history: Vec<String>,
    pub script: Vec<Op>,
    pub view: Rc<ClusterView>,
    /// The step the cluster is just after, if any.
    pub step: Option<StepView>,
    /// (cursor, recorded steps).
    pub position: (usize, usize),
    pub playing: bool,
    pub speed: usize,
    /// Step, back and play pass over no-op steps (a view setting: the
    /// steps still run, and the saved script counts them).
    pub hide_noops: bool,
    pub selected: Option<ObjRef>,
    pub inspection: Option<Inspection>,
    pub editor_error: Option<EditorError>,
    /// The decoder's located errors and warnings for the editor's text.
    pub diagnostics: Vec<Diagnostic>,
    /// `deployment.apps/web` while the editor holds the file of a running
    /// `kubectl edit` (Save and Cancel end it).
    pub editing: Option<String>,
    /// That edit's line, and where its `Op::Run` is in the script (its
    /// replay gets the saved text through `KUBE_EDITOR`).
    edit_line: Option<(String, usize)>,
    /// What the editor held before the edit opened, given back when it
    /// ends (the temp file closes, the user's manifest returns).
    before_edit: Option<(String, Option<usize>)>,
    /// Bumped each time the editor's text is swapped for another file: an
    /// edit's file opens, reopens with errors, or closes.
    pub file_swaps: u32,
    /// The graph's relations and non-workload objects.
    pub graph: Rc<GraphView>,
    /// `sim traffic` streams, for the graph's request dots.
    pub traffic: Rc<kubeplay_playground::TrafficView>,
    /// Every Deployment's rollout budget.
    pub rollouts: Rc<Vec<RolloutView>>,
    /// The current step's writes with their field diffs.
    pub writes: Vec<WriteView>,
    /// Bumped on every change worth saving.
    pub generation: u64,
    /// What the last "Import cluster" did, for its dialog.
    pub import_result: Option<Result<kubeplay_playground::ImportReport, String>>,
    /// What was typed or applied while a long `sim` command ran (see
    /// [`State::working`]), in order.
    queue: std::collections::VecDeque<Queued>,
}

impl Default for State {
    fn default() -> Self {
        State::fresh(Vec::new())
    }
}

impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.playground, &other.playground)
            && self.editor == other.editor
            && self.selected_example == other.selected_example
            && self.transcript == other.transcript
            && self.history == other.history
            && Rc::ptr_eq(&self.view, &other.view)
            && self.playing == other.playing
            && self.speed == other.speed
            && self.hide_noops == other.hide_noops
            && self.selected == other.selected
            && self.inspection == other.inspection
            && self.editor_error == other.editor_error
            && self.diagnostics == other.diagnostics
            && self.editing == other.editing
            && self.file_swaps == other.file_swaps
            && Rc::ptr_eq(&self.graph, &other.graph)
            && Rc::ptr_eq(&self.traffic, &other.traffic)
            && self.generation == other.generation
    }
}

/// What is saved between visits.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    pub seed: u64,
    pub editor: String,
    pub history: Vec<String>,
    pub script: Vec<Op>,
}

impl State {
    fn fresh(history: Vec<String>) -> State {
        State::on(Playground::new(SEED), history)
    }

    /// A session on `playground` with the default example in the editor.
    fn on(playground: Playground, history: Vec<String>) -> State {
        let view = Rc::new(playground.view());
        let graph = Rc::new(playground.graph());
        let traffic = Rc::new(playground.traffic());
        let rollouts = Rc::new(playground.rollouts());
        let position = playground.position();
        State {
            playground: Rc::new(RefCell::new(playground)),
            editor: DEFAULT_EXAMPLE.to_string(),
            selected_example: Some(0),
            transcript: Vec::new(),
            history,
            script: Vec::new(),
            view,
            step: None,
            position,
            playing: false,
            speed: DEFAULT_SPEED,
            hide_noops: false,
            selected: None,
            inspection: None,
            editor_error: None,
            // The default example decodes cleanly (a test below checks), so
            // page start need not decode it.
            diagnostics: Vec::new(),
            editing: None,
            edit_line: None,
            before_edit: None,
            file_swaps: 0,
            graph,
            traffic,
            rollouts,
            writes: Vec::new(),
            generation: 0,
            import_result: None,
            queue: Default::default(),
        }
    }

    /// A long `sim` command is running a slice per frame (`Action::Work`):
    /// its terminal entry shows the steps so far.
    pub fn working(&self) -> bool {
        self.transcript.iter().rev().any(|e| e.running.is_some())
    }

    /// The downloads lines are waiting for: (URL as typed, address).
    pub fn downloads(&self) -> Vec<(String, String)> {
        self.transcript.iter().flat_map(|e| e.fetching.iter().cloned()).collect()
    }

    /// A command is running or waiting for its downloads: what comes
    /// next waits its turn.
    fn busy(&self) -> bool {
        self.working() || self.transcript.iter().rev().any(|e| !e.fetching.is_empty())
    }

    /// Tab completion of a terminal line against the cluster as it is now.
    pub fn complete(&self, line: &str) -> Completion {
        self.playground.borrow().complete(line)
    }

    /// Rebuilds a saved session by replaying its script on a fresh cluster.
    /// The terminal shows the replayed commands again.
    pub fn restore(saved: Saved) -> State {
        // One default cluster, built with the saved seed.
        let mut state = State::on(Playground::new(saved.seed), saved.history);
        state.diagnostics = state.playground.borrow().diagnostics_here(&saved.editor);
        state.editor = saved.editor;
        state.selected_example = EXAMPLES.iter().position(|e| e.manifest == state.editor);
        for op in saved.script {
            state.replay(op);
        }
        state.refresh();
        state.generation = 0;
        state
    }

    /// The cluster, to read (lesson checks evaluate against it).
    pub fn playground(&self) -> std::cell::Ref<'_, Playground> {
        self.playground.borrow()
    }

    /// What to save now.
    pub fn saved(&self) -> Saved {
        Saved {
            seed: self.playground.borrow().seed(),
            editor: self.editor.clone(),
            history: self.history.clone(),
            script: self.script.clone(),
        }
    }

    fn replay(&mut self, op: Op) {
        match op {
            Op::Apply(text) => {
                let output = self.playground.borrow_mut().apply(&text);
                self.transcript.push(Entry::done(APPLY_LINE, output));
                self.script.push(Op::Apply(text));
            }
            Op::Run(line) => self.run_line(line, false),
            Op::Step(n) => {
                let mut done = 0;
                for _ in 0..n {
                    if self.playground.borrow_mut().step().is_none() {
                        break;
                    }
                    done += 1;
                }
                self.record_steps(done);
            }
            Op::Jump(n) => {
                if self.playground.borrow_mut().jump(n) {
                    self.script.push(Op::Jump(n));
                }
            }
            Op::Import(text) => {
                let _ = self.import(text);
            }
            Op::File(name, text) => {
                self.playground.borrow_mut().set_file(&name, &text);
                self.script.push(Op::File(name, text));
            }
            Op::Fetched(url, body) => {
                self.playground.borrow_mut().set_url(&url, body.clone());
                self.script.push(Op::Fetched(url, body));
            }
        }
    }

    /// Imports a cluster dump; the report goes to the terminal as if
    /// `kubeplay import` had run there. Errors leave the cluster unchanged.
    fn import(&mut self, text: String) -> Result<kubeplay_playground::ImportReport, String> {
        let result = self.playground.borrow_mut().import(&text);
        let output = match &result {
            Ok(report) => CommandOutput {
                stdout: report.render(),
                ..CommandOutput::default()
            },
            Err(e) => CommandOutput {
                stderr: format!("{e}\n"),
                failed: true,
                ..CommandOutput::default()
            },
        };
        self.transcript
            .push(Entry::done("kubeplay import -", output));
        if result.is_ok() {
            self.playground.borrow_mut().settle();
            self.script.push(Op::Import(text));
        }
        result.map_err(|e| e.to_string())
    }

    /// Compares two changes to the cluster as it is now (see
    /// `Playground::what_if`); the page's own cluster does not change.
    pub fn what_if(
        &self,
        a: &str,
        b: &str,
        duration_ms: i64,
    ) -> Result<kubeplay_playground::WhatIfReport, String> {
        self.playground
            .borrow()
            .what_if(a, b, duration_ms)
            .map_err(|e| e.to_string())
    }

    /// Adds `n` steps to the script, merging with a step run just before.
    fn record_steps(&mut self, n: usize) {
        if n == 0 {
            return;
        }
        if let Some(Op::Step(prev)) = self.script.last_mut() {
            *prev += n;
        } else {
            self.script.push(Op::Step(n));
        }
    }

    fn run_line(&mut self, line: String, remember: bool) {
        let line = line.trim().to_string();
        if remember && !line.is_empty() && self.history.last() != Some(&line) {
            self.history.push(line.clone());
            let drop = self.history.len().saturating_sub(MAX_HISTORY);
            self.history.drain(..drop);
        }
        let prompt = self.playground.borrow().prompt();
        if self.busy() {
            self.transcript.push(Entry {
                queued: true,
                prompt,
                ..Entry::done(line.clone(), CommandOutput::default())
            });
            self.queue.push_back(Queued::Line(line));
            return;
        }
        if line == "clear" {
            self.transcript.clear();
            return;
        }
        let entry = Entry { prompt, ..self.start(line, remember) };
        self.transcript.push(entry);
    }

    /// Runs a line, or, when it reads URLs the page has not downloaded,
    /// leaves it waiting for them (typed lines only: a replay has its
    /// downloads in the script before it).
    fn start(&mut self, line: String, sliced: bool) -> Entry {
        let missing = if sliced { self.playground.borrow().missing_urls(&line) } else { Vec::new() };
        if missing.is_empty() {
            return self.execute(line, sliced);
        }
        Entry {
            fetching: missing,
            ..Entry::done(line, CommandOutput::default())
        }
    }

    /// A download came back: the line waiting for it runs once it has
    /// all of its own (failed ones too: kubectl then says why).
    fn fetched(&mut self, url: String, body: Result<String, FetchError>) {
        let Some(at) = self.transcript.iter().position(|e| e.fetching.iter().any(|(u, _)| *u == url)) else {
            return;
        };
        self.playground.borrow_mut().set_url(&url, body.clone());
        self.script.push(Op::Fetched(url.clone(), body));
        let entry = &mut self.transcript[at];
        entry.fetching.retain(|(u, _)| *u != url);
        if entry.fetching.is_empty() {
            let (line, prompt) = (entry.line.clone(), entry.prompt.clone());
            self.transcript[at] = Entry { prompt, ..self.execute(line, true) };
            self.run_queued();
        }
    }

    /// Runs a line and says what the terminal shows for it. Typed lines
    /// (`sliced`) start a long `sim` command and leave it running; replays
    /// run it to the end at once.
    fn execute(&mut self, line: String, sliced: bool) -> Entry {
        if line.is_empty() {
            // Like a shell: an empty line prints a prompt and nothing else.
            return Entry::done(line, CommandOutput::default());
        }
        self.script.push(Op::Run(line.clone()));
        let outcome = self.playground.borrow_mut().run_outcome(&line);
        let output = match outcome {
            RunOutcome::Printed(output) => output,
            RunOutcome::Running if sliced => {
                self.playing = false;
                return Entry {
                    running: Some(0),
                    ..Entry::done(line, CommandOutput::default())
                };
            }
            RunOutcome::Running => self
                .playground
                .borrow_mut()
                .work(usize::MAX)
                .unwrap_or_default(),
            // Replaying a saved session with an edit still open keeps the
            // saved editor text: the user's unsaved changes to its file.
            RunOutcome::OpenInEditor { title, output, .. } if !sliced => {
                self.editing = Some(title);
                self.edit_line = Some((line.clone(), self.script.len() - 1));
                return Entry { editing: true, ..Entry::done(line, output) };
            }
            RunOutcome::OpenInEditor { text, title, output } => {
                self.editing = Some(title);
                self.edit_line = Some((line.clone(), self.script.len() - 1));
                self.before_edit = Some((std::mem::take(&mut self.editor), self.selected_example));
                self.file_swaps += 1;
                self.diagnostics = self.playground.borrow().diagnostics_here(&text);
                self.editor = text;
                self.selected_example = None;
                self.editor_error = None;
                return Entry { editing: true, ..Entry::done(line, output) };
            }
        };
        Entry::done(line, output)
    }

    /// One slice of the running command: at most `budget` steps.
    fn work(&mut self, budget: usize) {
        let done = self.playground.borrow_mut().work(budget);
        let steps = self.playground.borrow().working();
        let Some(entry) = self
            .transcript
            .iter_mut()
            .rev()
            .find(|e| e.running.is_some())
        else {
            return;
        };
        match done {
            None => entry.running = steps,
            Some(output) => {
                entry.output = output;
                entry.running = None;
                self.run_queued();
            }
        }
    }

    /// Runs what waited, in order, until one of them starts a long command.
    fn run_queued(&mut self) {
        while !self.busy() {
            let Some(next) = self.queue.pop_front() else {
                return;
            };
            let Some(at) = self.transcript.iter().position(|e| e.queued) else {
                return;
            };
            let entry = match next {
                Queued::Line(line) if line == "clear" => {
                    self.transcript.drain(..=at);
                    continue;
                }
                Queued::Line(line) => self.start(line, true),
                Queued::Apply(text) => self.apply_editor_text(text),
            };
            let prompt = std::mem::take(&mut self.transcript[at].prompt);
            self.transcript[at] = Entry { prompt, ..entry };
        }
    }

    /// The Apply button's work: `kubectl apply -f -` of `text`.
    fn apply_editor_text(&mut self, text: String) -> Entry {
        let output = self.playground.borrow_mut().apply(&text);
        self.editor_error = if output.failed {
            error_line(&output.stderr)
        } else {
            None
        };
        self.script.push(Op::Apply(text));
        Entry::done(APPLY_LINE, output)
    }

    /// Save (`Some(text)`) or Cancel of the running `kubectl edit`: its
    /// output goes under the edit's line in the terminal; an error reopens
    /// the file. Once it ends, the script replays it with the saved text
    /// as the editor's work (`KUBE_EDITOR='cp FILE'`), or as a cancel.
    fn finish_edit(&mut self, text: Option<String>) {
        let outcome = self.playground.borrow_mut().finish_edit(text.as_deref());
        let Some((line, at)) = self.edit_line.clone() else { return };
        let output = match outcome {
            RunOutcome::OpenInEditor { text, title, output } => {
                self.editing = Some(title);
                self.diagnostics = self.playground.borrow().diagnostics_here(&text);
                self.editor = text;
                self.file_swaps += 1;
                output
            }
            RunOutcome::Printed(output) => {
                self.editing = None;
                self.edit_line = None;
                let mut at = at;
                let editor = match &text {
                    Some(saved) => {
                        // Kept where the shell's `/tmp/…` finds it.
                        let name = format!("tmp/.kubeplay-edit-{at}.yaml");
                        self.playground.borrow_mut().set_file(&name, saved);
                        self.script.insert(at, Op::File(name.clone(), saved.clone()));
                        at += 1;
                        format!("cp /{name}")
                    }
                    None => "true".to_string(),
                };
                self.file_swaps += 1;
                if let Some((before, example)) = self.before_edit.take() {
                    self.diagnostics = self.playground.borrow().diagnostics_here(&before);
                    self.editor = before;
                    self.selected_example = example;
                }
                let replayed = format!("KUBE_EDITOR='{editor}' {line}");
                // By place: the same line may have run again (refused) since.
                if let Some(op) = self.script.get_mut(at).filter(|op| **op == Op::Run(line.clone())) {
                    *op = Op::Run(replayed);
                }
                output
            }
            RunOutcome::Running => CommandOutput::default(),
        };
        let open = self.editing.is_some();
        match self.transcript.iter_mut().rev().find(|e| e.editing) {
            Some(entry) => {
                append_output(&mut entry.output, output);
                entry.editing = open;
            }
            // `clear` took the line away: it prints again.
            None => self.transcript.push(Entry { editing: open, ..Entry::done(line, output) }),
        }
    }

    /// Re-reads the views after the cluster changed.
    fn refresh(&mut self) {
        let pg = self.playground.borrow();
        self.view = Rc::new(pg.view());
        self.graph = Rc::new(pg.graph());
        self.traffic = Rc::new(pg.traffic());
        self.rollouts = Rc::new(pg.rollouts());
        self.writes = if pg.position().0 == 0 {
            Vec::new()
        } else {
            pg.step_writes()
        };
        self.position = pg.position();
        self.step = if self.position.0 == 0 {
            None
        } else {
            pg.steps(1).pop()
        };
        drop(pg);
        self.inspect();
        self.generation += 1;
    }

    /// Re-runs the inspector's commands for the selected object.
    fn inspect(&mut self) {
        let Some(sel) = self.selected.clone() else {
            self.inspection = None;
            return;
        };
        let resource = sel.kind.to_ascii_lowercase();
        let ns = if sel.namespace.is_empty() {
            String::new()
        } else {
            format!(" -n {}", sel.namespace)
        };
        let mut pg = self.playground.borrow_mut();
        let describe = pg.run(
            &format!("kubectl describe {resource} {}{ns}", sel.name),
            None,
        );
        let yaml = pg.run(
            &format!("kubectl get {resource} {}{ns} -o yaml", sel.name),
            None,
        );
        let explain = (sel.kind == "Pod").then(|| match pg.scheduling(&sel.namespace, &sel.name) {
            Some(text) => CommandOutput {
                stdout: text,
                ..CommandOutput::default()
            },
            None => CommandOutput {
                stderr: format!("pod {:?} is gone\n", sel.name),
                failed: true,
                ..CommandOutput::default()
            },
        });
        self.inspection = Some(Inspection {
            describe,
            yaml,
            explain,
        });
    }

    fn filter(&self) -> StepFilter {
        if self.hide_noops {
            StepFilter::Changes
        } else {
            StepFilter::All
        }
    }

    /// One step forward (over hidden no-ops too). Whether the playground
    /// held more recorded steps after the cursor or had work due: used to
    /// decide if play should continue.
    fn step_once(&mut self) -> bool {
        let filter = self.filter();
        let before = self.playground.borrow().position().0;
        let stepped = self.playground.borrow_mut().step_filtered(filter).is_some();
        let after = self.playground.borrow().position().0;
        // The script counts every step run, hidden no-ops included.
        self.record_steps(after.saturating_sub(before));
        stepped
    }

    /// One step back (over hidden no-ops too).
    fn step_back(&mut self) {
        let filter = self.filter();
        if self.playground.borrow_mut().back_filtered(filter) {
            let n = self.playground.borrow().position().0;
            self.record_jump(n);
        }
    }

    /// One frame of play, paced by the facade; None when not playing.
    fn play_frame(&self, elapsed_us: u32) -> Option<PlayFrame> {
        if !self.playing || self.working() {
            return None;
        }
        let speed = SPEEDS.get(self.speed).map_or(1.0, |s| s.0);
        let filter = self.filter();
        Some(self.playground.borrow_mut().play(speed, f64::from(elapsed_us) / 1000.0, filter))
    }

    fn after_frame(&mut self, frame: &PlayFrame) {
        self.record_steps(frame.ran);
        if frame.done {
            self.playing = false;
        }
    }

    fn set_playing(mut self, on: bool) -> State {
        if on && !self.playing {
            self.playground.borrow_mut().play_start();
        }
        self.playing = on;
        self
    }

    fn jump(&mut self, n: usize) {
        if self.playground.borrow_mut().jump(n) {
            self.record_jump(n);
        }
    }

    fn record_jump(&mut self, n: usize) {
        // Consecutive jumps (scrubbing) only need the last one replayed.
        if let Some(Op::Jump(prev)) = self.script.last_mut() {
            *prev = n;
        } else {
            self.script.push(Op::Jump(n));
        }
    }

    /// The state after `action`. Mutates the shared cluster for commands.
    fn apply_action(mut self, action: Action) -> State {
        match action {
            Action::Edit(text) => {
                // Once edited, the text is no longer the example as listed.
                if self
                    .selected_example
                    .and_then(|i| EXAMPLES.get(i))
                    .map(|e| e.manifest)
                    != Some(text.as_str())
                {
                    self.selected_example = None;
                }
                self.diagnostics = self.playground.borrow().diagnostics_here(&text);
                self.editor = text;
                self.editor_error = None;
                self.generation += 1;
                return self;
            }
            Action::Apply if self.busy() => {
                self.transcript.push(Entry {
                    queued: true,
                    ..Entry::done(APPLY_LINE, CommandOutput::default())
                });
                self.queue.push_back(Queued::Apply(self.editor.clone()));
                return self;
            }
            Action::Apply => {
                let entry = self.apply_editor_text(self.editor.clone());
                self.transcript.push(entry);
            }
            Action::Work(budget) => {
                if !self.working() {
                    return self;
                }
                self.work(budget);
            }
            Action::WorkSlice(ms) => {
                if !self.working() {
                    return self;
                }
                // Timed by the engine's own work, not by the frame rate:
                // when drawing a frame is slow (a few hundred pods drawn
                // one by one), fewer steps per frame would only make the
                // command take longer, not the frames shorter. The wall
                // clock decides only how the command is sliced; its
                // result is the same however it is sliced.
                let start = wall_ms();
                let mut chunk = 1;
                while self.working() {
                    self.work(chunk);
                    if wall_ms() - start >= f64::from(ms) {
                        break;
                    }
                    chunk = (chunk * 2).min(256);
                }
            }
            // The cluster is busy with a long command: time travel and
            // play wait until it has finished.
            Action::Step
            | Action::StepBack
            | Action::Jump(_)
            | Action::Rewind
            | Action::TogglePlay
            | Action::SetPlaying(_)
            | Action::Frame(_)
                if self.working() =>
            {
                return self;
            }
            Action::Import(_) if self.working() => {
                self.import_result = Some(Err(
                    "a command is still running in the terminal; import when it has finished"
                        .into(),
                ));
                return self;
            }
            Action::Run(line) => self.run_line(line, true),
            Action::LoadExample(index) => {
                // The running edit's file gives way: closed unsaved.
                if self.editing.is_some() && EXAMPLES.get(index).is_some() {
                    self.finish_edit(None);
                }
                if let Some(example) = EXAMPLES.get(index) {
                    self.editor = example.manifest.to_string();
                    self.diagnostics = Playground::diagnostics(example.manifest);
                    self.selected_example = Some(index);
                    self.editor_error = None;
                    self.editing = None;
                }
                self.generation += 1;
                return self;
            }
            Action::Step => {
                self.playing = false;
                self.step_once();
            }
            Action::StepBack => {
                self.playing = false;
                self.step_back();
            }
            Action::Jump(n) => {
                self.playing = false;
                self.jump(n);
            }
            Action::Rewind => {
                self.playing = false;
                self.jump(0);
            }
            Action::TogglePlay => {
                let on = !self.playing;
                return self.set_playing(on);
            }
            Action::SetPlaying(on) => return self.set_playing(on),
            Action::Frame(elapsed_us) => match self.play_frame(elapsed_us) {
                Some(frame) => self.after_frame(&frame),
                None => return self,
            },
            Action::SetSpeed(i) => {
                if i < SPEEDS.len() {
                    self.speed = i;
                }
                return self;
            }
            Action::HideNoops(on) => {
                self.hide_noops = on;
                return self;
            }
            Action::Select(obj) => {
                self.selected = Some(obj);
                self.inspect();
                return self;
            }
            Action::CloseInspector => {
                self.selected = None;
                self.inspection = None;
                return self;
            }
            Action::EditObject(obj) => {
                let ns = if obj.namespace.is_empty() {
                    String::new()
                } else {
                    format!(" -n {}", obj.namespace)
                };
                self.run_line(
                    format!(
                        "kubectl edit {}/{}{ns}",
                        obj.kind.to_ascii_lowercase(),
                        obj.name
                    ),
                    true,
                );
            }
            Action::SaveEdit => {
                let text = self.editor.clone();
                self.finish_edit(Some(text));
            }
            Action::CancelEdit => self.finish_edit(None),
            Action::Import(text) => {
                self.playing = false;
                self.import_result = Some(self.import(text));
            }
            Action::ResetSession => {
                let mut state = State::fresh(Vec::new());
                state.generation = self.generation + 1;
                return state;
            }
            Action::LoadFiles(files) => {
                for (name, text) in files {
                    self.editor.clone_from(&text);
                    self.selected_example = None;
                    self.editor_error = None;
                    self.replay(Op::File(name, text));
                }
                self.generation += 1;
                return self;
            }
            Action::Restore(saved) => {
                let mut state = State::restore(saved);
                state.generation = self.generation + 1;
                return state;
            }
            Action::Fetched(url, body) => self.fetched(url, body),
        }
        self.refresh();
        self
    }
}

/// `more` printed after what `shown` holds (a running edit's later output).
fn append_output(shown: &mut CommandOutput, more: CommandOutput) {
    let (o, e) = (shown.stdout.len(), shown.stderr.len());
    let marks = if more.stderr_at.is_empty() && !more.stderr.is_empty() { vec![(more.stdout.len(), 0)] } else { more.stderr_at };
    shown.stderr_at.extend(marks.iter().map(|&(a, b)| (a + o, b + e)));
    shown.stdout.push_str(&more.stdout);
    shown.stderr.push_str(&more.stderr);
    shown.failed = more.failed;
    shown.code = more.code;
}

/// `kubectl edit deploy web -n x` → `deploy/web`: what the editor holds.
pub fn edit_label(line: &str) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut args = Vec::new();
    let mut i = 2;
    while let Some(w) = words.get(i) {
        if matches!(
            *w,
            "-n" | "--namespace" | "-o" | "--output" | "-f" | "--filename"
        ) {
            i += 2;
            continue;
        }
        if !w.starts_with('-') {
            args.push(*w);
        }
        i += 1;
    }
    match args.as_slice() {
        [] => None,
        [one] => Some(one.to_string()),
        [ty, names @ ..] if !ty.contains('/') => Some(format!("{ty}/{}", names.join(","))),
        many => Some(many.join(" ")),
    }
}

/// The first `line N` the decoder's message names, if any: the
/// playground's own `(playground) at …, line N` first, as it counts the
/// editor's lines where kubectl counts from the document's `---`.
pub fn error_line(stderr: &str) -> Option<EditorError> {
    let from = stderr.find("\n(playground) at ").filter(|&i| stderr[i..].contains("line ")).unwrap_or(0);
    let at = from + stderr[from..].find("line ")?;
    let digits: String = stderr[at + 5..]
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    let line = digits.parse::<usize>().ok()?;
    Some(EditorError {
        line: line.max(1),
        message: stderr.trim().to_string(),
    })
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        // Most play frames have no step due: the same state, so the page
        // is not drawn again (yew redraws only for a new `Rc`).
        if let Action::Frame(elapsed_us) = action {
            let Some(frame) = self.play_frame(elapsed_us) else { return self };
            if frame.ran == 0 && !frame.done {
                return self;
            }
            let mut state = Rc::unwrap_or_clone(self);
            state.after_frame(&frame);
            state.refresh();
            return Rc::new(state);
        }
        Rc::new(Rc::unwrap_or_clone(self).apply_action(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reducer, once.
    fn raw(state: State, action: Action) -> State {
        Rc::unwrap_or_clone(Rc::new(state).reduce(action))
    }

    /// The reducer, with any long `sim` command the action started run
    /// to its end (the page runs it a slice per frame).
    fn reduce(state: State, action: Action) -> State {
        let mut state = raw(state, action);
        while state.working() {
            state = raw(state, Action::Work(usize::MAX));
        }
        state
    }

    #[test]
    fn a_line_reading_a_url_waits_for_its_download_and_replays_it_offline() {
        let url = "https://k8s.io/examples/controllers/nginx-deployment.yaml";
        let state = reduce(State::default(), Action::Run(format!("kubectl apply -f {url}")));
        let raw = "https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/controllers/nginx-deployment.yaml";
        assert_eq!(state.downloads(), [(url.to_string(), raw.to_string())]);
        let state = reduce(state, Action::Run("kubectl get deployments".into()));
        assert!(state.transcript[1].queued, "what comes next waits for the download");
        let state = reduce(state, Action::Fetched(url.into(), Ok(DEFAULT_EXAMPLE.into())));
        assert!(state.downloads().is_empty());
        assert_eq!(state.transcript[0].output.stdout, "deployment.apps/nginx-deployment created\n");
        assert!(state.transcript[1].output.stdout.starts_with("NAME "), "{:?}", state.transcript[1]);
        // A reload and a share link replay what was downloaded, without the network.
        let again = State::restore(state.saved());
        assert_eq!(again.transcript[0].output, state.transcript[0].output);
        let linked = crate::share::decode(&crate::share::encode(&state.saved()).unwrap()).unwrap();
        assert_eq!(linked.script, state.saved().script);
        let state = reduce(state, Action::Run("kubectl delete -f https://a.example/x.yaml".into()));
        let state = reduce(state, Action::Fetched("https://a.example/x.yaml".into(), Err(FetchError::Status(404))));
        let last = state.transcript.last().unwrap();
        assert_eq!(last.output.stderr, "error: unable to read URL \"https://a.example/x.yaml\", server reported 404 Not Found, status code=404\n");
        // A download no line waits for any more (the session was reset) is dropped.
        let state = reduce(State::default(), Action::Fetched(url.into(), Ok(String::new())));
        assert!(state.script.is_empty());
    }

    #[test]
    fn starts_with_the_default_example_in_the_editor() {
        let state = State::default();
        assert_eq!(state.editor, DEFAULT_EXAMPLE);
        assert_eq!(state.diagnostics, Playground::diagnostics(DEFAULT_EXAMPLE));
        assert_eq!(state.selected_example, Some(0));
        assert_eq!(EXAMPLES[0].name, "nginx-deployment");
        assert!(EXAMPLES[0].manifest.contains("name: nginx-deployment"));
        assert!(state.transcript.is_empty());
    }

    #[test]
    fn run_records_the_line_and_what_the_playground_printed() {
        // The page must show exactly what the facade prints: compare with a
        // second, identical session driven directly.
        let mut direct = Playground::new(SEED);
        let expected = direct.run("kubectl get pods", None);
        let state = reduce(State::default(), Action::Run("  kubectl get pods ".into()));
        assert_eq!(
            state.transcript,
            vec![Entry::done("kubectl get pods", expected)]
        );
        assert_eq!(state.history, vec!["kubectl get pods".to_string()]);
    }

    #[test]
    fn lines_show_the_prompt_they_were_typed_at() {
        let state = reduce(State::default(), Action::Run("kubectl run -it --rm bb --image=busybox:1.28 --restart=Never -- sh".into()));
        assert_eq!(state.transcript.last().map(|e| e.prompt.as_str()), Some("$ "));
        assert_eq!(state.playground().prompt(), "/ # ", "{:?}", state.transcript.last().map(|e| &e.output));
        let state = reduce(state, Action::Run("cd /tmp".into()));
        assert_eq!(state.transcript.last().map(|e| e.prompt.as_str()), Some("/ # "));
        assert_eq!(state.playground().prompt(), "/tmp # ");
        let state = reduce(state, Action::Run("exit".into()));
        assert_eq!(state.transcript.last().map(|e| (e.prompt.as_str(), e.output.stdout.as_str())), Some(("/tmp # ", "pod \"bb\" deleted\n")));
        assert_eq!(state.playground().prompt(), "$ ");
    }

    #[test]
    fn apply_sends_the_editor_text() {
        let mut direct = Playground::new(SEED);
        let expected = direct.apply("kind: Nonsense\n");
        let state = reduce(State::default(), Action::Edit("kind: Nonsense\n".into()));
        assert_eq!(
            state.selected_example, None,
            "edited text is no longer the example"
        );
        let state = reduce(state, Action::Apply);
        assert_eq!(state.transcript, vec![Entry::done(APPLY_LINE, expected)]);
    }

    #[test]
    fn commands_share_one_cluster_across_states() {
        let mut direct = Playground::new(SEED);
        direct.apply(DEFAULT_EXAMPLE);
        let expected = direct.run("kubectl get deployments", None);
        let state = reduce(State::default(), Action::Apply);
        let state = reduce(state, Action::Run("kubectl get deployments".into()));
        assert_eq!(state.transcript.len(), 2);
        assert_eq!(state.transcript[1].output, expected);
    }

    thread_local! {
        static TICKS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    /// The tests' wall clock: one millisecond later at every reading.
    pub(super) fn ticking_clock_ms() -> f64 {
        TICKS.with(|t| {
            t.set(t.get() + 1);
            t.get() as f64
        })
    }

    /// A frame's slice is engine time, not a step count: it runs many
    /// steps per slice (a settle of the example takes a few slices, where
    /// one step per frame took hundreds), and slicing by time changes
    /// nothing in the result. The clock is the tests' ticking one, so a
    /// slice's share is a number of clock readings, whatever the machine.
    #[test]
    fn a_frame_slice_runs_steps_for_a_share_of_engine_time() {
        let mut direct = Playground::new(SEED);
        direct.apply(DEFAULT_EXAMPLE);
        let settled = direct.run("sim settle", None);
        let steps: usize = settled.stdout.split_whitespace().nth(2).and_then(|n| n.parse().ok()).expect("settled after N steps");

        let state = raw(State::default(), Action::Apply);
        let mut state = raw(state, Action::Run("sim settle".into()));
        let mut slices = 0;
        while state.working() {
            let before = state.transcript[1].running.unwrap_or(0);
            let t0 = wall_ms();
            state = raw(state, Action::WorkSlice(WORK_SLICE_MS));
            slices += 1;
            if let Some(now) = state.transcript[1].running {
                assert!(now > before, "a slice makes progress");
                // A slice stops soon after its share (one chunk may overrun).
                assert!(wall_ms() - t0 < f64::from(WORK_SLICE_MS) * 20.0);
            }
        }
        assert!(slices < steps / 4, "{slices} slices for {steps} steps");
        assert_eq!(state.transcript[1].output, settled);
    }

    /// A long `sim` command runs a slice per `Work`; what is typed or
    /// applied meanwhile waits its turn and runs in order; the result is the
    /// same as running it all at once.
    #[test]
    fn a_long_command_runs_in_slices_and_what_comes_meanwhile_waits() {
        let mut direct = Playground::new(SEED);
        direct.apply(DEFAULT_EXAMPLE);
        let settled = direct.run("sim settle", None);
        let pods = direct.run("kubectl get pods", None);
        let applied = direct.apply(DEFAULT_EXAMPLE);

        let state = raw(State::default(), Action::Apply);
        let state = raw(state, Action::Run("sim settle".into()));
        assert!(state.working());
        assert_eq!(state.transcript[1].running, Some(0));
        let state = raw(state, Action::Run("kubectl get pods".into()));
        let mut state = raw(state, Action::Apply);
        assert_eq!(state.transcript.iter().filter(|e| e.queued).count(), 2);
        // Time travel waits too.
        let at = state.position;
        state = raw(state, Action::StepBack);
        assert_eq!(state.position, at);
        let mut slices = 0;
        while state.working() {
            state = raw(state, Action::Work(2));
            slices += 1;
            if state.working() {
                assert!(
                    state.transcript[1]
                        .running
                        .is_some_and(|n| n >= 2 * slices.min(3)),
                    "progress shown"
                );
            }
        }
        assert!(slices > 3, "{slices} slices");
        let lines: Vec<(&str, &CommandOutput, bool)> = state
            .transcript
            .iter()
            .map(|e| (e.line.as_str(), &e.output, e.queued || e.running.is_some()))
            .collect();
        assert_eq!(
            lines,
            vec![
                (APPLY_LINE, &state.transcript[0].output, false),
                ("sim settle", &settled, false),
                ("kubectl get pods", &pods, false),
                (APPLY_LINE, &applied, false),
            ]
        );
        assert_eq!(
            state.history,
            vec!["sim settle".to_string(), "kubectl get pods".to_string()]
        );
    }

    #[test]
    fn an_empty_line_prints_only_a_prompt() {
        let state = reduce(State::default(), Action::Run("   ".into()));
        assert_eq!(
            state.transcript,
            vec![Entry::done("", CommandOutput::default())]
        );
    }

    #[test]
    fn clear_empties_the_terminal_but_keeps_history() {
        let state = reduce(State::default(), Action::Run("kubectl get pods".into()));
        let state = reduce(state, Action::Run("clear".into()));
        assert!(state.transcript.is_empty());
        assert_eq!(
            state.history,
            vec!["kubectl get pods".to_string(), "clear".to_string()]
        );
    }

    #[test]
    fn loading_an_example_replaces_the_editor_and_ignores_bad_indexes() {
        let state = reduce(State::default(), Action::Edit("x".into()));
        let state = reduce(state, Action::LoadExample(0));
        assert_eq!(state.editor, DEFAULT_EXAMPLE);
        assert_eq!(state.selected_example, Some(0));
        let state = reduce(state, Action::LoadExample(99));
        assert_eq!(state.editor, DEFAULT_EXAMPLE);
        assert_eq!(state.selected_example, Some(0));
    }

    #[test]
    fn stepping_creates_pods_and_stepping_back_restores_the_earlier_cluster() {
        let mut state = reduce(State::default(), Action::Apply);
        let after_apply = state.view.clone();
        for _ in 0..40 {
            state = reduce(state, Action::Step);
        }
        assert_eq!(
            state
                .view
                .pods
                .iter()
                .filter(|p| p.name.starts_with("nginx-deployment-"))
                .count(),
            3
        );
        let (cursor, total) = state.position;
        assert_eq!(total, cursor);
        state = reduce(state, Action::StepBack);
        assert_eq!(
            state.position,
            (cursor - 1, total),
            "the future is kept for stepping forward"
        );
        state = reduce(state, Action::Jump(after_apply.step));
        assert_eq!(*state.view, *after_apply);
    }

    /// With no-ops hidden, step and back land only on steps that changed
    /// something, and the saved script still replays to the same place.
    #[test]
    fn hiding_no_ops_makes_step_and_back_skip_them() {
        let mut plain = reduce(State::default(), Action::Apply);
        let mut changes = Vec::new();
        for _ in 0..30 {
            plain = reduce(plain, Action::Step);
            if plain.step.as_ref().is_some_and(|s| !s.noop) {
                changes.push(plain.position.0);
            }
        }
        assert!(plain.position.0 > changes.len() + 1, "the example has no-op steps to hide");

        let mut state = reduce(State::default(), Action::HideNoops(true));
        state = reduce(state, Action::Apply);
        let mut seen = Vec::new();
        while seen.len() < changes.len() {
            state = reduce(state, Action::Step);
            let step = state.step.clone().expect("a step");
            assert!(!step.noop, "step {} is a no-op", step.index);
            seen.push(state.position.0);
        }
        assert_eq!(seen, changes);
        state = reduce(state, Action::StepBack);
        assert_eq!(state.position.0, changes[changes.len() - 2], "back over the no-ops in between");
        assert!(!state.step.as_ref().unwrap().noop);
        let restored = State::restore(state.saved());
        assert_eq!(restored.position, state.position);
        assert_eq!(*restored.view, *state.view);

        // Shown again, back and forth go one step at a time.
        state = reduce(state, Action::HideNoops(false));
        state = reduce(state, Action::Step);
        assert_eq!(state.position.0, changes[changes.len() - 2] + 1);
    }

    /// Play is paced by the facade from the wall time between frames: 1×
    /// is two steps a second, the first at once; a frame with no step due
    /// returns the same state (nothing is drawn); play stops at the end.
    #[test]
    fn play_frames_step_at_the_facades_pace() {
        let state = reduce(State::default(), Action::Apply);
        assert_eq!(SPEEDS[DEFAULT_SPEED].0, 1.0);
        let state = raw(state, Action::Frame(16_000));
        assert_eq!(state.position.0, 1, "not playing: frames do nothing");
        let state = raw(state, Action::TogglePlay);
        let state = raw(state, Action::Frame(0));
        assert_eq!(state.position.0, 2, "the first step at once");
        let mut rc = Rc::new(state);
        for _ in 0..4 {
            let next = rc.clone().reduce(Action::Frame(100_000));
            assert!(Rc::ptr_eq(&rc, &next), "no step due in 0.1 s: the same state");
            rc = next;
        }
        let state = Rc::unwrap_or_clone(rc.reduce(Action::Frame(100_000)));
        assert_eq!(state.position.0, 3, "0.5 s at two a second: one step");
        assert_eq!(state.script.last(), Some(&Op::Step(2)));
        // At 16×, a quarter second is eight steps.
        let state = raw(state, Action::SetSpeed(SPEEDS.len() - 1));
        let mut state = raw(state, Action::Frame(250_000));
        assert_eq!(state.position.0, 11);
        for _ in 0..100 {
            state = raw(state, Action::Frame(250_000));
        }
        assert!(!state.playing, "stopped when nothing was left");
        assert_eq!(state.position.0, state.position.1);
        let restored = State::restore(state.saved());
        assert_eq!(restored.position, state.position);
    }

    #[test]
    fn a_saved_session_replays_to_the_same_cluster() {
        let mut state = reduce(State::default(), Action::Apply);
        for _ in 0..25 {
            state = reduce(state, Action::Step);
        }
        state = reduce(state, Action::Run("kubectl get pods".into()));
        state = reduce(state, Action::StepBack);
        state = reduce(state, Action::StepBack);
        let restored = State::restore(state.saved());
        assert_eq!(*restored.view, *state.view);
        assert_eq!(restored.position, state.position);
        assert_eq!(restored.history, state.history);
        assert_eq!(restored.transcript, state.transcript);
    }

    #[test]
    fn the_decoder_line_is_found_in_its_message() {
        let e = error_line("error: error parsing STDIN: error converting YAML to JSON: yaml: line 7: mapping values are not allowed").unwrap();
        assert_eq!(e.line, 7);
        let e = error_line("error: error parsing STDIN: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context\n(playground) at document 2, line 10, column 7").unwrap();
        assert_eq!(e.line, 10);
        let e = error_line("Error from server (BadRequest): error when creating \"STDIN\": Pod in version \"v1\" cannot be handled as a Pod: json: cannot unmarshal number into Go struct field EnvVar.spec.containers.env.value of type string\n(playground) at document 1, line 12, column 14: spec.containers[0].env[0].value: expected string, got integer 8080").unwrap();
        assert_eq!(e.line, 12);
        assert_eq!(error_line("error: no objects passed to apply"), None);
    }

    #[test]
    fn kubectl_edit_opens_its_file_in_the_editor_and_save_patches() {
        let mut state = reduce(State::default(), Action::Apply);
        for _ in 0..10 {
            state = reduce(state, Action::Step);
        }
        let obj = ObjRef {
            kind: "Deployment".into(),
            namespace: "default".into(),
            name: "nginx-deployment".into(),
        };
        let state = reduce(state, Action::EditObject(obj));
        let last = state.transcript.last().unwrap();
        assert_eq!(
            last.line,
            "kubectl edit deployment/nginx-deployment -n default"
        );
        assert!(!last.output.failed, "{:?}", last.output);
        assert_eq!(
            state.editing.as_deref(),
            Some("deployment.apps/nginx-deployment")
        );
        assert!(state.editor.starts_with("# Please edit the object below."));
        assert!(state.editor.contains("  replicas: 3\n"));
        // An invalid save reopens the file with the server's reasons on top.
        let bad = state.editor.replacen("  replicas: 3\n", "  replicas: -3\n", 1);
        let state = reduce(state, Action::Edit(bad));
        let state = reduce(state, Action::SaveEdit);
        assert!(state.editor.contains("# * spec.replicas: Invalid value: -3"), "{}", state.editor);
        assert!(state.editing.is_some());
        // Fixed and saved: the Deployment is patched, the output goes under the edit's line.
        let fixed = state.editor.replace("replicas: -3", "replicas: 5");
        let state = reduce(state, Action::Edit(fixed));
        let state = reduce(state, Action::SaveEdit);
        assert_eq!(state.editing, None);
        let last = state.transcript.last().unwrap();
        assert_eq!(last.line, "kubectl edit deployment/nginx-deployment -n default");
        assert_eq!(
            last.output.stderr,
            "(playground) deployment.apps/nginx-deployment is open in the editor: Save sends your changes, Cancel closes it unchanged\n\
             error: deployments.apps \"nginx-deployment\" is invalid\n"
        );
        assert_eq!(last.output.stdout, "deployment.apps/nginx-deployment edited\n");
        // The file closed: the manifest the editor held before comes back.
        assert_eq!((state.editor.as_str(), state.selected_example), (DEFAULT_EXAMPLE, Some(0)));
        assert!(state.view.workloads.iter().any(|w| w.kind == "Deployment" && w.desired == 5));
        // The replay gets the saved text through KUBE_EDITOR.
        assert!(state.script.iter().any(|op| matches!(op, Op::Run(l) if l.starts_with("KUBE_EDITOR='cp /tmp/.kubeplay-edit-"))), "{:?}", state.script);
        let replayed = State::restore(state.saved());
        assert!(replayed.view.workloads.iter().any(|w| w.kind == "Deployment" && w.desired == 5));
        // Cancel closes it unchanged.
        let state = reduce(state, Action::Run("kubectl edit deploy nginx-deployment".into()));
        assert!(state.editing.is_some());
        // One file open at a time: a second edit waits for Save or Cancel.
        let state = reduce(state, Action::Run("kubectl edit deploy nginx-deployment".into()));
        let refused = &state.transcript.last().unwrap().output;
        assert_eq!(
            (refused.stderr.as_str(), refused.failed),
            ("error: (playground) deployment.apps/nginx-deployment is still open in the editor: Save or Cancel it first\n", true)
        );
        assert_eq!(state.editing.as_deref(), Some("deployment.apps/nginx-deployment"));
        let state = reduce(state, Action::CancelEdit);
        assert_eq!(state.editing, None);
        // Under the edit's own line, not the refused one after it.
        let edit = &state.transcript[state.transcript.len() - 2];
        assert!(edit.output.stderr.ends_with("Cancel closes it unchanged\nEdit cancelled, no changes made.\n"), "{edit:?}");
        assert!(!edit.editing);
    }

    #[test]
    fn a_restored_session_keeps_its_editor_text_over_a_replayed_edit() {
        let state = reduce(State::default(), Action::Apply);
        let state = reduce(
            state,
            Action::Run("kubectl edit deployment nginx-deployment".into()),
        );
        let state = reduce(state, Action::Edit("# mine\n".into()));
        let restored = State::restore(state.saved());
        assert_eq!(restored.editor, "# mine\n");
        // The edit is still open after the reload: Save sends what was typed.
        assert_eq!(restored.editing.as_deref(), Some("deployment.apps/nginx-deployment"));
        let text = restored.editor.clone();
        let restored = reduce(restored, Action::Edit(format!("{text}x: [\n")));
        let restored = reduce(restored, Action::CancelEdit);
        assert_eq!(restored.editing, None);
        assert!(restored.transcript.last().unwrap().output.stderr.ends_with("Edit cancelled, no changes made.\n"));
    }

    #[test]
    fn typing_a_bad_manifest_gives_located_diagnostics() {
        let state = reduce(State::default(), Action::Edit("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: three\n".into()));
        assert_eq!(state.diagnostics.len(), 1);
        assert_eq!(
            (state.diagnostics[0].line, state.diagnostics[0].column),
            (6, 13)
        );
    }

    #[test]
    fn completion_sees_the_cluster() {
        let state = reduce(State::default(), Action::Apply);
        assert_eq!(
            state.complete("kubectl get deployments ng").candidates,
            vec!["nginx-deployment".to_string()]
        );
    }

    #[test]
    fn the_step_card_gets_the_writes_field_diff() {
        let state = reduce(State::default(), Action::Apply);
        let state = reduce(
            state,
            Action::Run("kubectl scale deployment nginx-deployment --replicas=4".into()),
        );
        let w = &state.writes[0];
        assert_eq!(w.write, "update deployment/nginx-deployment");
        assert!(w.changes.iter().any(|c| c.path == "spec.replicas"
            && c.before.as_deref() == Some("3")
            && c.after.as_deref() == Some("4")));
    }

    #[test]
    fn edit_labels() {
        assert_eq!(
            edit_label("kubectl edit deployment web").as_deref(),
            Some("deployment/web")
        );
        assert_eq!(
            edit_label("kubectl edit deploy/web -n team").as_deref(),
            Some("deploy/web")
        );
        assert_eq!(
            edit_label("kubectl edit -n team svc a b").as_deref(),
            Some("svc/a,b")
        );
        assert_eq!(edit_label("kubectl edit").as_deref(), None);
    }
}
