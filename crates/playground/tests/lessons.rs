//! Every shipped lesson, completed end to end: each step's files loaded,
//! its commands run as the reader would run them, and then every check of
//! the step must pass (and a command may fail only where the step's
//! `fails` says it must).

use kubeplay_playground::lessons::{self, check_step};
use kubeplay_playground::Playground;

fn complete(id: &str, seed: u64) -> Vec<String> {
    let lesson = lessons::load(id).unwrap_or_else(|e| panic!("{e}"));
    let mut pg = Playground::new(seed);
    let mut problems = Vec::new();
    for (i, step) in lesson.steps.iter().enumerate() {
        for (name, text) in &step.files {
            pg.set_file(name, text);
        }
        for line in &step.commands {
            let out = pg.run(line, None);
            if out.failed != step.must_fail(line) {
                let what = if out.failed { "failed" } else { "succeeded, but the lesson shows it failing" };
                problems.push(format!("{id} (seed {seed}) step {} {:?}: `{line}` {what}:\n{}{}", i + 1, step.title, out.stdout, out.stderr));
            }
        }
        for r in check_step(&pg, &lesson, i) {
            if !r.passed {
                problems.push(format!("{id} (seed {seed}) step {} {:?}: not done: {} ({})", i + 1, step.title, r.sentence, r.observed));
            }
        }
    }
    problems
}

#[test]
fn every_lesson_completes() {
    let mut problems = Vec::new();
    for id in lessons::ids() {
        problems.extend(complete(id, 1));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The browser may start from any seed: names and placements differ, and
/// the lessons must not depend on them.
#[test]
fn every_lesson_completes_with_another_seed() {
    let mut problems = Vec::new();
    for id in lessons::ids() {
        problems.extend(complete(id, 20261122));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_step_is_not_done_before_its_commands_run() {
    // The checks are not vacuous: on a fresh cluster, the first step of
    // every lesson that has checks is not yet done.
    for id in lessons::ids() {
        let lesson = lessons::load(id).unwrap_or_else(|e| panic!("{e}"));
        let pg = Playground::new(1);
        let results = check_step(&pg, &lesson, 0);
        assert!(!results.is_empty(), "{id}: the first step has no checks");
        assert!(results.iter().any(|r| !r.passed), "{id}: the first step is done before anything ran");
    }
}
