//! The page's state and the only place it changes: every user action is an
//! [`Action`] reduced here, so components stay plain views and the cluster is
//! reached only through [`Playground`].

use std::cell::RefCell;
use std::rc::Rc;

use kubeplay_playground::{CommandOutput, Playground, DEFAULT_EXAMPLE};
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
pub const EXAMPLES: &[Example] = &[Example { name: "nginx-deployment", manifest: DEFAULT_EXAMPLE }];

/// The line shown in the terminal for the Apply button, as if the editor's
/// text had been piped to kubectl.
pub const APPLY_LINE: &str = "kubectl apply -f -";

/// One command and what it printed, as the terminal shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub line: String,
    pub output: CommandOutput,
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
}

/// The page's state. The playground is shared between successive states
/// (it is the one mutable cluster); everything else is a plain value.
#[derive(Clone)]
pub struct State {
    playground: Rc<RefCell<Playground>>,
    pub editor: String,
    pub selected_example: Option<usize>,
    pub transcript: Vec<Entry>,
}

impl Default for State {
    fn default() -> Self {
        State {
            playground: Rc::new(RefCell::new(Playground::new(SEED))),
            editor: DEFAULT_EXAMPLE.to_string(),
            selected_example: Some(0),
            transcript: Vec::new(),
        }
    }
}

impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.playground, &other.playground)
            && self.editor == other.editor
            && self.selected_example == other.selected_example
            && self.transcript == other.transcript
    }
}

impl State {
    /// The state after `action`. Mutates the shared cluster for commands.
    fn apply_action(mut self, action: Action) -> State {
        match action {
            Action::Edit(text) => {
                // Once edited, the text is no longer the example as listed.
                if self.selected_example.and_then(|i| EXAMPLES.get(i)).map(|e| e.manifest) != Some(text.as_str()) {
                    self.selected_example = None;
                }
                self.editor = text;
            }
            Action::Apply => {
                let output = self.playground.borrow_mut().apply(&self.editor);
                self.transcript.push(Entry { line: APPLY_LINE.to_string(), output });
            }
            Action::Run(line) => {
                let line = line.trim().to_string();
                let output = if line.is_empty() {
                    // Like a shell: an empty line prints a prompt and nothing else.
                    CommandOutput::default()
                } else {
                    self.playground.borrow_mut().run(&line, None)
                };
                self.transcript.push(Entry { line, output });
            }
            Action::LoadExample(index) => {
                if let Some(example) = EXAMPLES.get(index) {
                    self.editor = example.manifest.to_string();
                    self.selected_example = Some(index);
                }
            }
        }
        self
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(Rc::unwrap_or_clone(self).apply_action(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reduce(state: State, action: Action) -> State {
        Rc::unwrap_or_clone(Rc::new(state).reduce(action))
    }

    #[test]
    fn starts_with_the_default_example_in_the_editor() {
        let state = State::default();
        assert_eq!(state.editor, DEFAULT_EXAMPLE);
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
        assert_eq!(state.transcript, vec![Entry { line: "kubectl get pods".into(), output: expected }]);
    }

    #[test]
    fn apply_sends_the_editor_text() {
        let mut direct = Playground::new(SEED);
        let expected = direct.apply("kind: Nonsense\n");
        let state = reduce(State::default(), Action::Edit("kind: Nonsense\n".into()));
        assert_eq!(state.selected_example, None, "edited text is no longer the example");
        let state = reduce(state, Action::Apply);
        assert_eq!(state.transcript, vec![Entry { line: APPLY_LINE.into(), output: expected }]);
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

    #[test]
    fn an_empty_line_prints_only_a_prompt() {
        let state = reduce(State::default(), Action::Run("   ".into()));
        assert_eq!(state.transcript, vec![Entry { line: String::new(), output: CommandOutput::default() }]);
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
}
