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

/// After a jump back, commands that change nothing — a failed delete, a
/// read, an apply of what is already there — keep the recorded future:
/// stepping forward replays it.
#[test]
fn reads_failures_and_unchanged_applies_keep_the_recorded_future() {
    let mut pg = applied();
    pg.settle();
    let (end, total) = pg.position();
    let last = pg.steps(1).pop().unwrap();
    let k = 10;
    assert!(pg.jump(k));
    let rng = pg.engine().world().rng;
    let delete = pg.run("kubectl delete pod nope", None);
    assert!(delete.failed);
    assert_eq!(
        delete.stderr,
        "Error from server (NotFound): pods \"nope\" not found\n"
    );
    assert!(!pg.run("kubectl get pods", None).failed);
    // Applied at step 1 and unchanged since: nothing to write.
    assert!(pg.apply(DEFAULT_EXAMPLE).stdout.ends_with("unchanged\n"));
    assert!(
        pg.run("kubectl create namespace default", None).failed,
        "already exists"
    );
    assert_eq!(
        pg.position(),
        (k, total),
        "the recorded future is still there"
    );
    assert_eq!(
        pg.engine().world().rng,
        rng,
        "a failed create's draws are undone too"
    );
    // Forward replays the recorded steps, to the same end.
    for _ in k..end {
        pg.step().unwrap();
    }
    assert_eq!(pg.position(), (end, total));
    assert_eq!(pg.steps(1).pop().unwrap(), last);
}

/// A command that does change something forks: the old future is gone.
#[test]
fn a_change_after_a_jump_forks() {
    let mut pg = applied();
    pg.settle();
    let (_, total) = pg.position();
    assert!(pg.jump(10));
    assert!(!pg.run("kubectl create namespace team", None).failed);
    assert_eq!(pg.position(), (11, 11));
    assert!(pg.position().1 < total);
}

/// Play's pace comes from the wall time between frames: speed 1 is two
/// steps a second, the first at once; fractions carry over; a long gap
/// counts as a quarter second; a frame shows at most eight.
#[test]
fn play_runs_the_steps_its_speed_and_the_elapsed_time_make_due() {
    use kubeplay_playground::{MAX_PLAY_GAP_MS, MAX_PLAY_STEPS_PER_FRAME, PLAY_STEPS_PER_SECOND};
    assert_eq!(
        (
            PLAY_STEPS_PER_SECOND,
            MAX_PLAY_STEPS_PER_FRAME,
            MAX_PLAY_GAP_MS
        ),
        (2.0, 8, 250.0)
    );
    let mut pg = applied();
    let shown = |pg: &mut Playground, speed: f64, frames: &[f64]| -> Vec<usize> {
        frames
            .iter()
            .map(|ms| pg.play(speed, *ms, StepFilter::All).steps.len())
            .collect()
    };
    pg.play_start();
    // 60 Hz frames at speed 1: one step at once, then one every 500 ms.
    let frames = [0.0; 1]
        .into_iter()
        .chain([1000.0 / 60.0; 90])
        .collect::<Vec<f64>>();
    let counts = shown(&mut pg, 1.0, &frames);
    assert_eq!(counts.iter().sum::<usize>(), 4, "1 at once + 3 in 1.5 s");
    let at: Vec<usize> = counts
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(at, [0, 30, 60, 90]);
    assert_eq!(pg.position().0, 1 + 4, "the apply, then the four steps");
    // Speed 4 with uneven frames: 8 steps a second, 0.75 s → 6.
    assert_eq!(
        shown(&mut pg, 4.0, &[100.0, 50.0, 250.0, 100.0, 150.0, 100.0])
            .iter()
            .sum::<usize>(),
        6
    );
    // A 5-second gap counts as 250 ms: at speed 16 that is 8 steps, the
    // most one frame shows.
    assert_eq!(shown(&mut pg, 16.0, &[5_000.0]), [8]);
    // Paused (speed 0), nothing; nonsense speeds and times, nothing either.
    assert_eq!(shown(&mut pg, 0.0, &[250.0, 250.0]), [0, 0]);
    assert_eq!(shown(&mut pg, f64::NAN, &[250.0]), [0]);
    assert_eq!(shown(&mut pg, 1.0, &[-500.0, f64::INFINITY]), [0, 0]);
}

/// Play ends when nothing is left to run, and with no-ops hidden it shows
/// only changes while running the no-ops too.
#[test]
fn play_stops_when_the_work_is_done_and_can_hide_no_ops() {
    let (changed, total) = changing_steps();
    let mut pg = applied();
    pg.play_start();
    let mut shown = Vec::new();
    let mut ran = 0;
    for _ in 0..1_000 {
        let frame = pg.play(16.0, 250.0, StepFilter::Changes);
        assert!(frame.steps.iter().all(|s| !s.noop) || frame.done);
        shown.extend(frame.steps.iter().filter(|s| !s.noop).map(|s| s.index));
        ran += frame.ran;
        if frame.done {
            break;
        }
    }
    assert_eq!(pg.position(), (total, total), "played to the end");
    assert_eq!(ran, total - 1, "every step after the apply ran");
    assert_eq!(shown, changed[1..]);
    assert!(pg.play(16.0, 250.0, StepFilter::Changes).done);
}
