//! Submatch capture: the search of `Regex::run` again, each thread now
//! carrying the positions its groups' `Save`s recorded. Still one pass
//! with every live thread in step, so still linear in the text (times the
//! number of groups, which the slots cost to copy).
//!
//! Two threads at the same instruction at the same position have the
//! same future, so only the first is kept; threads are kept in priority
//! order (earlier start first, then the preferred branch of each split),
//! so the first is the one whose captures we want. The overall match
//! stays leftmost-longest: a later match with the same start replaces the
//! best one whatever its priority, an equally long one never does.

use super::{At, Inst, Regex};

/// A slot no `Save` has written.
const UNSET: usize = usize::MAX;

/// A thread: its instruction and its slots (group N's start and end at
/// 2N and 2N+1; slot 0 the match's start, slot 1 its end once matched).
type Thread = (usize, Box<[usize]>);

/// Each group's span in the leftmost-longest match at or after `start`.
pub(super) fn run(
    re: &Regex,
    prog: &[Inst],
    groups: usize,
    text: &str,
    start: usize,
) -> Option<Vec<Option<(usize, usize)>>> {
    let mut vm = Vm {
        prog,
        seen: vec![usize::MAX; prog.len()],
        stack: Vec::new(),
        step: 0,
    };
    let mut cur: Vec<Thread> = Vec::new();
    let mut pending: Vec<Thread> = Vec::new();
    let mut best: Option<Box<[usize]>> = None;
    let mut prev = text[..start].chars().next_back();
    let mut pos = start;
    loop {
        let here = text[pos..].chars().next();
        let at = At { prev, next: here };
        for t in pending.drain(..) {
            vm.close(t, at, pos, &mut cur);
        }
        if best.is_none() {
            let mut slots = vec![UNSET; 2 * (groups + 1)].into_boxed_slice();
            slots[0] = pos;
            vm.close((0, slots), at, pos, &mut cur);
        }
        vm.step += 1;
        for (pc, mut slots) in cur.drain(..) {
            if best.as_ref().is_some_and(|b| slots[0] > b[0]) {
                continue;
            }
            match &prog[pc] {
                Inst::Match => {
                    let better = best
                        .as_ref()
                        .is_none_or(|b| slots[0] < b[0] || (slots[0] == b[0] && pos > b[1]));
                    if better {
                        slots[1] = pos;
                        best = Some(slots);
                    }
                }
                inst => {
                    if re.takes(inst, here) {
                        pending.push((pc + 1, slots));
                    }
                }
            }
        }
        let Some(h) = here else { break };
        if pending.is_empty() && best.is_some() {
            break;
        }
        pos += h.len_utf8();
        prev = Some(h);
    }
    let slots = best?;
    Some(
        (0..=groups)
            .map(|g| match (slots[2 * g], slots[2 * g + 1]) {
                (s, e) if s != UNSET && e != UNSET => Some((s, e)),
                _ => None,
            })
            .collect(),
    )
}

/// The VM's scratch, kept across steps.
struct Vm<'p> {
    prog: &'p [Inst],
    /// The step at which each instruction was last reached.
    seen: Vec<usize>,
    stack: Vec<Thread>,
    step: usize,
}

impl Vm<'_> {
    /// Follows `thread`'s empty moves at `pos`, appending the threads
    /// that wait on a character (or the end) to `out`, in priority order.
    fn close(&mut self, thread: Thread, at: At, pos: usize, out: &mut Vec<Thread>) {
        self.stack.push(thread);
        while let Some((pc, mut slots)) = self.stack.pop() {
            if self.seen[pc] == self.step {
                continue;
            }
            self.seen[pc] = self.step;
            match self.prog[pc] {
                Inst::Jmp(to) => self.stack.push((to, slots)),
                Inst::Split(a, b) => {
                    // Pushed in reverse so `a` is explored first.
                    self.stack.push((b, slots.clone()));
                    self.stack.push((a, slots));
                }
                Inst::Look(look) => {
                    if at.holds(look) {
                        self.stack.push((pc + 1, slots));
                    }
                }
                Inst::Save(slot) => {
                    slots[slot] = pos;
                    self.stack.push((pc + 1, slots));
                }
                _ => out.push((pc, slots)),
            }
        }
    }
}

#[cfg(test)]
mod tests;
