//! Stepping through the trace from the facade: forward and back over
//! every step or over only the steps that changed something (no-ops
//! hidden), as the page's stepper and the embed API do.

use kubeplay_playground::{Playground, StepFilter, DEFAULT_EXAMPLE};

fn applied() -> Playground {
    let mut pg = Playground::new(1);
    let out = pg.apply(DEFAULT_EXAMPLE);
    assert!(!out.failed, "{out:?}");
    pg
}

/// The numbers of the steps that changed something, as a plain run of
/// every step until nothing is due records them, and the number of steps.
fn changing_steps() -> (Vec<usize>, usize) {
    let mut pg = applied();
    while pg.step().is_some() {}
    let all = pg.steps(usize::MAX);
    let changed: Vec<usize> = all.iter().filter(|s| !s.noop).map(|s| s.index).collect();
    assert!(
        changed.len() < all.len(),
        "the example's settle has no-op steps to hide"
    );
    (changed, all.len())
}

#[test]
fn stepping_over_no_ops_stops_only_on_steps_that_change_something() {
    let (changed, total) = changing_steps();
    let mut pg = applied();
    let mut seen = vec![pg.position().0];
    while let Some(s) = pg.step_filtered(StepFilter::Changes) {
        if s.noop {
            // Only the no-ops after the last change, once the work ran out.
            assert_eq!(pg.step_filtered(StepFilter::Changes), None);
            break;
        }
        assert_eq!(pg.position().0, s.index);
        seen.push(s.index);
    }
    assert_eq!(
        seen, changed,
        "every change visited, in order, no no-op stopped on"
    );
    assert_eq!(pg.position(), (total, total), "the hidden no-ops ran too");

    // Back over no-ops: the same changes in reverse, then the start.
    let mut back = vec![pg.position().0];
    while pg.back_filtered(StepFilter::Changes) {
        back.push(pg.position().0);
    }
    let mut expected: Vec<usize> = changed.iter().rev().copied().collect();
    if expected.first() != Some(&total) {
        expected.insert(0, total);
    }
    expected.push(0);
    expected.dedup();
    assert_eq!(back, expected);

    // Forward again replays the recorded steps, still skipping no-ops.
    let again = pg
        .step_filtered(StepFilter::Changes)
        .expect("a recorded change");
    assert_eq!(again.index, changed[0]);
    let again = pg
        .step_filtered(StepFilter::Changes)
        .expect("a recorded change");
    assert_eq!(again.index, changed[1]);
    assert_eq!(
        pg.position(),
        (changed[1], total),
        "replayed, not recomputed: the future is kept"
    );
}

#[test]
fn every_step_back_and_forth_without_the_filter() {
    let mut pg = applied();
    pg.settle();
    let (end, total) = pg.position();
    assert_eq!(end, total);
    assert!(pg.back_filtered(StepFilter::All));
    assert_eq!(pg.position(), (total - 1, total));
    let s = pg.step_filtered(StepFilter::All).unwrap();
    assert_eq!(s.index, total);
}

#[test]
fn the_step_list_can_hide_no_ops() {
    let (changed, _) = changing_steps();
    let mut pg = applied();
    while pg.step().is_some() {}
    let last3: Vec<usize> = pg
        .steps_filtered(3, StepFilter::Changes)
        .iter()
        .map(|s| s.index)
        .collect();
    assert_eq!(last3, changed[changed.len() - 3..]);
    let all: Vec<usize> = pg
        .steps_filtered(usize::MAX, StepFilter::Changes)
        .iter()
        .map(|s| s.index)
        .collect();
    assert_eq!(all, changed);
    assert!(
        pg.steps(5).iter().any(|s| s.noop),
        "unfiltered, the last steps include no-ops"
    );
}
