//! Per-object views kept between calls, so a view of a 1,000-pod cluster
//! after one reconcile step rebuilds only the few objects that step wrote.
//!
//! The store hands out objects as `Arc<Object>` and replaces the `Arc` on
//! every write (it never mutates one in place), so an object whose `Arc`
//! is the same as last time is unchanged: its view can be shared (`Rc`)
//! instead of rebuilt, and a front end comparing views by pointer
//! (yew's props) skips it too. An entry holds its `Arc`, so the object it
//! was made from stays alive and its address cannot be reused meanwhile.
//!
//! Each pass asks for the objects in the store's order (namespace, name),
//! as the previous pass did, so the lookup is a walk along the previous
//! pass's entries: one pointer comparison per unchanged object.

use std::cmp::Ordering;
use std::rc::Rc;
use std::sync::Arc;

use kubeplay_model::Object;

/// Views of the objects one pass visits, in the order it visits them.
pub struct PtrCache<V> {
    /// The previous pass's entries, in its order.
    old: Vec<(Arc<Object>, V)>,
    /// Where the walk along `old` is.
    cursor: usize,
    /// This pass's entries so far.
    new: Vec<(Arc<Object>, V)>,
}

impl<V> Default for PtrCache<V> {
    fn default() -> Self {
        PtrCache { old: Vec::new(), cursor: 0, new: Vec::new() }
    }
}

impl<V: Clone> Clone for PtrCache<V> {
    fn clone(&self) -> Self {
        PtrCache { old: self.old.clone(), cursor: self.cursor, new: self.new.clone() }
    }
}

/// Store order within one kind.
fn order(a: &Object, b: &Object) -> Ordering {
    (a.namespace(), a.name()).cmp(&(b.namespace(), b.name()))
}

impl<V: Clone> PtrCache<V> {
    /// The view of `o`: the previous pass's if `o` is the very object it
    /// was made from and `still_good` accepts it, else `make()`'s. Objects
    /// must come in store order (namespace, name), one kind per cache.
    pub fn get(&mut self, o: &Arc<Object>, still_good: impl Fn(&V) -> bool, make: impl FnOnce() -> V) -> V {
        // Skip what the previous pass saw before `o` (since deleted).
        while let Some((prev, _)) = self.old.get(self.cursor) {
            if Arc::ptr_eq(prev, o) || order(prev, o) != Ordering::Less {
                break;
            }
            self.cursor += 1;
        }
        let cached = match self.old.get(self.cursor) {
            Some((prev, view)) if Arc::ptr_eq(prev, o) && still_good(view) => Some(view.clone()),
            _ => None,
        };
        if self.old.get(self.cursor).is_some_and(|(prev, _)| order(prev, o) == Ordering::Equal) {
            self.cursor += 1;
        }
        let view = cached.unwrap_or_else(make);
        self.new.push((o.clone(), view.clone()));
        view
    }

    /// Ends a pass: its entries are what the next pass looks in (objects
    /// it did not visit are forgotten).
    pub fn sweep(&mut self) {
        std::mem::swap(&mut self.old, &mut self.new);
        self.new.clear();
        self.cursor = 0;
    }
}

/// The cached per-object views of a playground.
#[derive(Default, Clone)]
pub struct ViewCache {
    /// A pod's view, the instant it was made (its RESTARTS column may say
    /// "(5m ago)"), and the cpu (millicores) and memory (bytes) it counts
    /// against its node.
    pub pods: PtrCache<PodEntry>,
    pub events: PtrCache<Rc<crate::views::EventView>>,
    /// A controlled object's owner edge (None: no edge drawn for it), one
    /// cache per kind the graph walks.
    pub owner_edges: [PtrCache<Option<Rc<crate::graph::GraphEdge>>>; 5],
    /// An EndpointSlice's endpoint edges.
    pub slice_edges: PtrCache<Rc<Vec<Rc<crate::graph::GraphEdge>>>>,
}

/// See [`ViewCache::pods`].
#[derive(Clone)]
pub struct PodEntry {
    pub made: kubeplay_model::Time,
    pub view: Rc<crate::views::PodView>,
    pub requests: (i64, i64),
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::core::ConfigMap;

    fn object(name: &str) -> Arc<Object> {
        let mut cm = ConfigMap::default();
        cm.metadata.name = name.into();
        Arc::new(Object::ConfigMap(Box::new(cm)))
    }

    /// One pass over `objects`; the views and how many were made.
    fn pass(cache: &mut PtrCache<Rc<String>>, objects: &[&Arc<Object>]) -> (Vec<Rc<String>>, usize) {
        let mut made = 0;
        let views = objects
            .iter()
            .map(|o| {
                cache.get(o, |_| true, || {
                    made += 1;
                    Rc::new(o.name().to_string())
                })
            })
            .collect();
        cache.sweep();
        (views, made)
    }

    #[test]
    fn unchanged_objects_keep_their_views_and_written_ones_are_rebuilt() {
        let mut cache = PtrCache::default();
        let (a, b, c) = (object("a"), object("b"), object("c"));
        let (first, made) = pass(&mut cache, &[&a, &b, &c]);
        assert_eq!(made, 3);
        let (again, made) = pass(&mut cache, &[&a, &b, &c]);
        assert_eq!(made, 0);
        assert!(first.iter().zip(&again).all(|(x, y)| Rc::ptr_eq(x, y)), "unchanged objects: the same Rcs");
        // A write replaces the Arc: rebuilt even with equal content; the
        // objects after it are still found.
        let b2 = object("b");
        let (views, made) = pass(&mut cache, &[&a, &b2, &c]);
        assert_eq!(made, 1);
        assert!(!Rc::ptr_eq(&views[1], &first[1]));
        assert!(Rc::ptr_eq(&views[2], &first[2]));
        // Deleted and new objects anywhere in the order.
        let (aa, d) = (object("aa"), object("d"));
        let (views, made) = pass(&mut cache, &[&aa, &b2, &d]);
        assert_eq!(made, 2);
        assert!(Rc::ptr_eq(&views[1], &pass(&mut cache, &[&aa, &b2, &d]).0[1]));
        assert_eq!(views.iter().map(|v| v.as_str()).collect::<Vec<_>>(), ["aa", "b", "d"]);
        // Nothing deleted is kept alive.
        assert_eq!(cache.old.len(), 3);
    }

    #[test]
    fn a_view_the_caller_rejects_is_rebuilt() {
        let mut cache: PtrCache<u32> = PtrCache::default();
        let a = object("a");
        assert_eq!(cache.get(&a, |_| true, || 1), 1);
        cache.sweep();
        assert_eq!(cache.get(&a, |v| *v != 1, || 2), 2);
        cache.sweep();
        assert_eq!(cache.get(&a, |_| true, || 3), 2);
    }
}
