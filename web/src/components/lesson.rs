//! The lesson panel: one guided lesson's steps (Markdown text, the files to
//! load, the commands to run, and check marks that turn done as the cluster
//! changes), with Back/Next and reset-to-step, plus the header's lesson picker.
//!
//! Unlike the other components it holds a handle to the page state: its
//! checks read the cluster (through the facade's lesson checks) on every
//! change, and its buttons dispatch the same actions as typing would, so a
//! lesson's commands land in the terminal and its history like any other.

use std::collections::BTreeSet;
use std::rc::Rc;

use kubeplay_playground::lessons::{self, check_step, CheckResult, Lesson};
use yew::prelude::*;

use crate::markdown;
use crate::state::{Action, Op, Saved, State, SEED};
use crate::storage::{self, LessonProgress};

/// What the panel reports to the page (and, embedded, to the host).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonEvent {
    /// The reader is now on `step` (0-based).
    Step {
        lesson: String,
        step: usize,
        title: String,
    },
    /// Every check of `step` passed for the first time.
    StepDone { lesson: String, step: usize },
}

#[derive(Properties, PartialEq)]
pub struct LessonPanelProps {
    pub id: AttrValue,
    pub state: UseReducerHandle<State>,
    /// Keep progress in localStorage (the page, not an embed).
    #[prop_or_default]
    pub persist: bool,
    #[prop_or_default]
    pub on_event: Callback<LessonEvent>,
    #[prop_or_default]
    pub on_close: Callback<()>,
}

#[derive(Clone, Debug, Default, PartialEq)]
struct Progress {
    step: usize,
    /// Steps whose checks all passed at some point (they stay done).
    done: BTreeSet<usize>,
    /// Bumped by every reset-to-step, so the current step's checks are
    /// looked at again even when they passed before the reset too.
    resets: u32,
}

/// Every file of steps `0..=step`: later steps may apply an earlier step's
/// manifest again, so all of them are where `kubectl apply -f` looks.
fn files_up_to(lesson: &Lesson, step: usize) -> Vec<(String, String)> {
    // A later step may rewrite an earlier step's file: only its newest
    // text counts (loading both would put the old one back), and it moves
    // to where that step's files are, so the step's own come last.
    let mut files: Vec<(String, String)> = Vec::new();
    for s in lesson.steps.iter().take(step + 1) {
        for (n, t) in &s.files {
            files.retain(|(m, _)| m != n);
            files.push((n.clone(), t.clone()));
        }
    }
    files
}

/// The files the playground doesn't hold yet (loading is idempotent, but
/// each load is recorded in the session's script).
fn missing_files(state: &State, files: Vec<(String, String)>) -> Vec<(String, String)> {
    let pg = state.playground();
    files
        .into_iter()
        .filter(|(n, t)| pg.file(n) != Some(t.as_str()))
        .collect()
}

/// The script that puts a fresh cluster at the start of step `step`: the
/// files and commands of every earlier step, in order, exactly as the
/// panel's buttons would have run them. Replayed with the page's fixed
/// seed, it gives the same objects (same generated names) every time.
pub fn replay_before(lesson: &Lesson, step: usize) -> Vec<Op> {
    let mut script = Vec::new();
    for s in lesson.steps.iter().take(step) {
        script.extend(s.files.iter().map(|(n, t)| Op::File(n.clone(), t.clone())));
        script.extend(s.commands.iter().map(|c| Op::Run(c.clone())));
    }
    script
}

/// The session "reset to step `step`" starts: a fresh cluster (the page's
/// seed) with the earlier steps replayed; the editor shows the last file
/// they loaded, else keeps `editor`; the terminal history is kept.
pub fn reset_to(lesson: &Lesson, step: usize, editor: &str, history: Vec<String>) -> Saved {
    let script = replay_before(lesson, step);
    let last_file = script.iter().rev().find_map(|op| match op {
        Op::File(_, text) => Some(text.clone()),
        _ => None,
    });
    Saved {
        seed: SEED,
        editor: last_file.unwrap_or_else(|| editor.to_string()),
        history,
        script,
    }
}

#[function_component]
pub fn LessonPanel(props: &LessonPanelProps) -> Html {
    let id = props.id.to_string();
    let lesson = {
        let id = id.clone();
        use_memo(id, |id| lessons::load(id).map(Rc::new))
    };
    let persist = props.persist;
    let progress = {
        let id = id.clone();
        use_state(
            move || match persist.then(storage::lesson_progress).flatten() {
                Some(p) if p.id == id => Progress {
                    step: p.step,
                    done: p.done.into_iter().collect(),
                    resets: 0,
                },
                _ => Progress::default(),
            },
        )
    };
    let lesson = match &*lesson {
        Ok(l) => l.clone(),
        Err(e) => {
            let on_close = props.on_close.reform(|_: MouseEvent| ());
            return html! {
                <aside class="panel lesson-panel" data-testid="lesson-panel" data-lesson={id}>
                    <div class="panel-header"><h2>{ "Lesson" }</h2><span class="spacer" /><button class="ghost" onclick={on_close}>{ "Close" }</button></div>
                    <p class="lesson-error" role="alert">{ e.to_string() }</p>
                </aside>
            };
        }
    };
    let total = lesson.steps.len();
    let index = progress.step.min(total.saturating_sub(1));
    let Some(step) = lesson.steps.get(index) else {
        return html! {};
    };
    let results: Vec<CheckResult> = check_step(&props.state.playground(), &lesson, index);
    let all_passed = !results.is_empty() && results.iter().all(|r| r.passed);

    // A step turns done the first time all its checks pass.
    {
        let progress = progress.clone();
        let on_event = props.on_event.clone();
        let id = id.clone();
        use_effect_with(
            (all_passed, index, progress.resets),
            move |(all_passed, index, _)| {
                if *all_passed && !progress.done.contains(index) {
                    let mut next = (*progress).clone();
                    next.done.insert(*index);
                    progress.set(next);
                    on_event.emit(LessonEvent::StepDone {
                        lesson: id,
                        step: *index,
                    });
                }
            },
        );
    }
    // Report the current step, and remember it across reloads.
    {
        let on_event = props.on_event.clone();
        let id = id.clone();
        let title = step.title.clone();
        use_effect_with(index, move |index| {
            on_event.emit(LessonEvent::Step {
                lesson: id,
                step: *index,
                title,
            })
        });
    }
    {
        let id = id.clone();
        use_effect_with((index, progress.done.clone()), move |(index, done)| {
            if persist {
                storage::set_lesson_progress(Some(&LessonProgress {
                    id,
                    step: *index,
                    done: done.iter().copied().collect(),
                }));
            }
        });
    }

    let go = |to: usize| {
        let progress = progress.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*progress).clone();
            next.step = to;
            progress.set(next);
        })
    };
    let has_checks = !step.checks.is_empty();
    let next_step = {
        let progress = progress.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*progress).clone();
            // Leaving a step with nothing to check counts as having read it.
            if !has_checks {
                next.done.insert(index);
            }
            next.step = (index + 1).min(total.saturating_sub(1));
            progress.set(next);
        })
    };
    let load_files = {
        let state = props.state.clone();
        let lesson = lesson.clone();
        Callback::from(move |_: MouseEvent| {
            let files = missing_files(&state, files_up_to(&lesson, index));
            // The step's own manifest ends up in the editor, even if loaded before.
            let own: Vec<(String, String)> = lesson
                .steps
                .get(index)
                .map(|s| {
                    s.files
                        .iter()
                        .map(|(n, t)| (n.clone(), t.clone()))
                        .collect()
                })
                .unwrap_or_default();
            let mut all = files;
            for f in own {
                if !all.contains(&f) {
                    all.push(f);
                }
            }
            state.dispatch(Action::LoadFiles(all));
        })
    };
    let run = {
        let state = props.state.clone();
        let lesson = lesson.clone();
        move |lines: Vec<String>| {
            let state = state.clone();
            let lesson = lesson.clone();
            Callback::from(move |_: MouseEvent| {
                let files = missing_files(&state, files_up_to(&lesson, index));
                if !files.is_empty() {
                    state.dispatch(Action::LoadFiles(files));
                }
                for line in &lines {
                    state.dispatch(Action::Run(line.clone()));
                }
            })
        }
    };
    // Back to the start of this step: a fresh cluster with the earlier
    // steps replayed (they count as done: their commands ran again).
    let reset_step = {
        let (state, progress, lesson) = (props.state.clone(), progress.clone(), lesson.clone());
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Restore(reset_to(
                &lesson,
                index,
                &state.editor,
                state.history.clone(),
            )));
            progress.set(Progress {
                step: index,
                done: (0..index).collect(),
                resets: progress.resets.wrapping_add(1),
            });
        })
    };
    let reset_title = match index {
        0 => "Start over: a fresh cluster".to_string(),
        1 => "Start this step over: a fresh cluster with step 1 replayed".to_string(),
        n => format!("Start this step over: a fresh cluster with steps 1–{n} replayed"),
    };
    let on_close = props.on_close.reform(|_: MouseEvent| ());

    let dots = lesson.steps.iter().enumerate().map(|(i, s)| {
        let class = classes!("lesson-dot", (i == index).then_some("current"), progress.done.contains(&i).then_some("done"));
        html! {
            <li key={i}>
                <button {class} title={format!("{}. {}", i + 1, s.title)} aria-label={format!("Step {}: {}", i + 1, s.title)}
                    aria-current={(i == index).then_some("step")} onclick={go(i)}>{ i + 1 }</button>
            </li>
        }
    });
    let checks = results.iter().map(|r| {
        html! {
            <li class={classes!("lesson-check", r.passed.then_some("done"))} data-testid="lesson-check" data-done={r.passed.to_string()}>
                <span class="check-mark" aria-hidden="true">{ if r.passed { "✓" } else { "○" } }</span>
                <span class="check-text">{ r.sentence.clone() }
                    if !r.passed { <span class="check-observed">{ format!(" — now: {}", r.observed) }</span> }
                </span>
            </li>
        }
    });
    let commands = step.commands.iter().map(|line| {
        html! {
            <li class="lesson-command">
                <code>{ line.clone() }</code>
                <button class="run" data-testid="lesson-run" title="Run this in the terminal" onclick={run(vec![line.clone()])}>{ "Run" }</button>
            </li>
        }
    });
    let step_done = progress.done.contains(&index);

    html! {
        <aside class="panel lesson-panel" data-testid="lesson-panel" data-lesson={id.clone()} aria-label="Lesson">
            <div class="panel-header">
                <h2 class="lesson-title">{ lesson.title.clone() }</h2>
                <span class="spacer" />
                <span class="lesson-progress" data-testid="lesson-progress">{ format!("{} / {}", progress.done.len().min(total), total) }{ " done" }</span>
                <button class="ghost lesson-close" title="Close the lesson" aria-label="Close the lesson" onclick={on_close}>{ "×" }</button>
            </div>
            <ol class="lesson-dots" aria-label="Steps">{ for dots }</ol>
            <section class="lesson-step" data-testid="lesson-step" data-step={index.to_string()} data-done={step_done.to_string()} key={format!("{id}-{index}")}>
                <div class="lesson-step-head">
                    <h3>{ format!("{}. {}", index + 1, step.title) }</h3>
                    <button class="ghost lesson-reset" data-testid="lesson-reset-step" title={reset_title.clone()} aria-label={reset_title} onclick={reset_step}>
                        { if index == 0 { "↺ Start over" } else { "↺ Reset to here" } }
                    </button>
                </div>
                <div class="lesson-text">{ markdown::render(&step.text) }</div>
                if !step.files.is_empty() {
                    <div class="lesson-files">
                        <button class="secondary" data-testid="lesson-load" title="Put this step's manifest in the editor and in the files kubectl can apply" onclick={load_files}>
                            { format!("Load {}", step.files.keys().cloned().collect::<Vec<_>>().join(", ")) }
                        </button>
                    </div>
                }
                if !step.commands.is_empty() {
                    <ul class="lesson-commands">{ for commands }</ul>
                    <button class="primary" data-testid="lesson-run-all" onclick={run(step.commands.clone())}>
                        { if step.commands.len() == 1 { "Run it".to_string() } else { format!("Run all {}", step.commands.len()) } }
                    </button>
                }
                if !results.is_empty() {
                    <ul class="lesson-checks" aria-label="Checks" aria-live="polite">{ for checks }</ul>
                }
                if let Some(hint) = step.hint.clone() {
                    <details class="lesson-hint"><summary>{ "Hint" }</summary>{ markdown::render(&hint) }</details>
                }
            </section>
            <div class="lesson-nav">
                <button class="ghost" data-testid="lesson-prev" disabled={index == 0} onclick={go(index.saturating_sub(1))}>{ "← Back" }</button>
                <span class="spacer" />
                if index + 1 < total {
                    <button class={classes!(if step_done || !has_checks { "primary" } else { "ghost" })} data-testid="lesson-next" onclick={next_step}>{ "Next →" }</button>
                } else if step_done {
                    <span class="lesson-finished" data-testid="lesson-finished">{ "Lesson complete ✓" }</span>
                } else if !has_checks {
                    <button class="primary" data-testid="lesson-finish" onclick={next_step}>{ "Finish" }</button>
                }
            </div>
        </aside>
    }
}

#[derive(Properties, PartialEq)]
pub struct LessonPickerProps {
    pub current: Option<AttrValue>,
    pub on_pick: Callback<Option<String>>,
}

/// The header's lesson list.
#[function_component]
pub fn LessonPicker(props: &LessonPickerProps) -> Html {
    let list = use_memo((), |_| lessons::list());
    let onchange = props.on_pick.reform(|e: Event| {
        let value = e
            .target_dyn_into::<web_sys::HtmlSelectElement>()
            .map(|s| s.value())
            .unwrap_or_default();
        (!value.is_empty()).then_some(value)
    });
    let current = props
        .current
        .as_ref()
        .map(|c| c.to_string())
        .unwrap_or_default();
    html! {
        <label class="lesson-picker">
            <span class="visually-hidden">{ "Lesson" }</span>
            <select data-testid="lesson-picker" title="Start a guided lesson (on a fresh cluster)" {onchange}>
                <option value="" selected={current.is_empty()}>{ "Lessons…" }</option>
                { for list.iter().enumerate().map(|(i, (id, title))| html! {
                    <option value={id.clone()} selected={*id == current}>{ format!("{}. {title}", i + 1) }</option>
                }) }
            </select>
        </label>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yew::Reducible;

    /// The reducer, with any long `sim` command the action started run
    /// to its end (the page runs it a slice per frame).
    fn reduce(state: State, action: Action) -> State {
        let mut state = Rc::unwrap_or_clone(Rc::new(state).reduce(action));
        while state.working() {
            state = Rc::unwrap_or_clone(Rc::new(state).reduce(Action::Work(usize::MAX)));
        }
        state
    }

    fn passed(state: &State, lesson: &Lesson, step: usize) -> bool {
        check_step(&state.playground(), lesson, step)
            .iter()
            .all(|r| r.passed)
    }

    /// The kustomize lesson's last step rewrites the dev overlay written
    /// in its second: loading, then "Run all" (which loads what is still
    /// missing) must leave the new text, and the step's checks pass.
    #[test]
    fn a_file_a_later_step_rewrites_is_loaded_in_its_newest_text() {
        let lesson = lessons::load("kustomize").unwrap();
        let last = lesson.steps.len() - 1;
        let name = "overlays/dev/kustomization.yaml";
        let newest = lesson.steps[last].files[name].clone();
        let up_to = files_up_to(&lesson, last);
        assert_eq!(up_to.iter().filter(|(n, _)| n == name).count(), 1);
        assert_eq!(up_to.last().map(|(n, t)| (n.as_str(), t)), Some((name, &newest)));
        let mut state = State::restore(reset_to(&lesson, last, "", Vec::new()));
        let missing = missing_files(&state, up_to.clone());
        state = reduce(state, Action::LoadFiles(missing));
        assert_eq!(missing_files(&state, up_to), Vec::new(), "Run all would load an older text again");
        for c in &lesson.steps[last].commands {
            state = reduce(state, Action::Run(c.clone()));
        }
        assert!(passed(&state, &lesson, last));
    }

    #[test]
    fn resetting_to_a_step_replays_the_steps_before_it() {
        let lesson = lessons::load("rolling-update").unwrap();
        let first = &lesson.steps[0];
        let saved = reset_to(&lesson, 1, "# mine\n", vec!["kubectl get pods".into()]);
        let manifest = first.files["nginx-deployment.yaml"].clone();
        assert_eq!(
            saved.script,
            vec![
                Op::File("nginx-deployment.yaml".into(), manifest.clone()),
                Op::Run("kubectl apply -f nginx-deployment.yaml".into()),
                Op::Run("kubectl rollout status deployment/nginx-deployment".into()),
            ]
        );
        assert_eq!(
            (saved.seed, saved.editor.as_str(), saved.history.as_slice()),
            (
                SEED,
                manifest.as_str(),
                &["kubectl get pods".to_string()][..]
            )
        );

        // The reader is at the start of step 2: step 1's check holds, step 2's do not yet.
        let state = State::restore(saved.clone());
        assert!(passed(&state, &lesson, 0));
        assert!(!passed(&state, &lesson, 1));
        // Same as doing step 1 by hand through the panel's buttons, and the same every time.
        let mut by_hand = reduce(
            State::default(),
            Action::LoadFiles(vec![("nginx-deployment.yaml".into(), manifest)]),
        );
        for c in &first.commands {
            by_hand = reduce(by_hand, Action::Run(c.clone()));
        }
        assert_eq!(*state.view, *by_hand.view);
        assert_eq!(*State::restore(saved).view, *state.view);
    }

    #[test]
    fn resetting_a_later_step_after_doing_it_gives_the_same_cluster_again() {
        let lesson = lessons::load("rolling-update").unwrap();
        let done_two = State::restore(reset_to(&lesson, 2, "", Vec::new()));
        assert!(
            passed(&done_two, &lesson, 1),
            "step 2's checks hold after its replay"
        );
        // Running step 2 on top of a reset to step 2 equals the reset to step 3.
        let mut state = State::restore(reset_to(&lesson, 1, "", Vec::new()));
        for c in &lesson.steps[1].commands {
            state = reduce(state, Action::Run(c.clone()));
        }
        assert_eq!(*state.view, *done_two.view);
    }

    #[test]
    fn resetting_the_first_step_is_a_fresh_cluster_that_keeps_the_editor() {
        let lesson = lessons::load("scaling").unwrap();
        let saved = reset_to(&lesson, 0, "kind: Pod\n", Vec::new());
        assert_eq!(saved.script, Vec::<Op>::new());
        assert_eq!(saved.editor, "kind: Pod\n");
        assert_eq!(*State::restore(saved).view, *State::default().view);
    }
}
