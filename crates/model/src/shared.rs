//! [`Shared`]: a field whose value clones of the object share, copied on
//! the first write through one of them.
//!
//! Every write of an object stores a new version, a copy of the old with
//! the change; with history on, every version is kept. Binding a pod
//! writes `nodeName` into its spec, which copied the containers with
//! their resource maps, the volumes and the tolerations; each status
//! write copied the pod's labels, annotations and owner references. With
//! those fields behind a `Shared`, a version copies pointers and shares
//! the rest with the one before, and objects given the same value (a
//! ReplicaSet's pods, its template's labels) share one.
//!
//! Reading goes through `Deref`; writing through `DerefMut`, which copies
//! the value first when another clone holds it (`Arc::make_mut`), so code
//! that changes a list in place (`spec.containers.push(c)`,
//! `spec.tolerations.iter_mut()`) reads as it would for the list itself.
//! It compares, prints and (de)serializes as the value it holds.
//!
//! ```
//! use kubeplay_model::shared::Shared;
//! let a: Shared<Vec<i32>> = vec![1, 2].into();
//! let mut b = a.clone();
//! assert!(Shared::ptr_eq(&a, &b));
//! b.push(3);
//! assert_eq!(*a, [1, 2]);
//! assert_eq!(*b, [1, 2, 3]);
//! ```

use crate::api::{Container, ContainerStatus, EphemeralContainer, PodStatus, ResourceList, Toleration, Volume, VolumeMount};
use crate::meta::OwnerReference;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

pub struct Shared<T>(Arc<T>);

/// An empty value of each kind of field is made once (per thread) and
/// shared: most objects leave most of these fields empty (an Event's
/// labels, annotations and owner references), and an allocation each
/// would cost more than the field saves.
macro_rules! shared_default {
    ($($t:ty),* $(,)?) => {$(
        impl Default for Shared<$t> {
            fn default() -> Self {
                thread_local! {
                    static EMPTY: Shared<$t> = Shared::new(Default::default());
                }
                EMPTY.with(Shared::clone)
            }
        }
    )*};
}

shared_default!(Vec<Container>, Vec<ContainerStatus>, Vec<EphemeralContainer>, Vec<Volume>, Vec<VolumeMount>, Vec<Toleration>, Vec<OwnerReference>, Vec<String>, BTreeMap<String, String>, ResourceList, PodStatus);
#[cfg(test)]
shared_default!(Vec<i32>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Shared<T> {
        Shared(Arc::new(value))
    }

    /// Whether the two hold one value (a clone and its source, neither
    /// written through since).
    pub fn ptr_eq(a: &Shared<T>, b: &Shared<T>) -> bool {
        Arc::ptr_eq(&a.0, &b.0)
    }
}

impl<T: Clone> Shared<T> {
    /// The value, copied if another clone holds it too.
    pub fn into_inner(self) -> T {
        Arc::unwrap_or_clone(self.0)
    }
}

// By hand: a derived `Clone` would ask `T: Clone` for the `Arc`'s clone,
// which never copies `T`.
impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Arc::clone(&self.0))
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for Shared<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T> From<T> for Shared<T> {
    fn from(value: T) -> Self {
        Shared::new(value)
    }
}

impl<A, C: FromIterator<A>> FromIterator<A> for Shared<C> {
    fn from_iter<I: IntoIterator<Item = A>>(iter: I) -> Self {
        Shared::new(iter.into_iter().collect())
    }
}

impl<'a, T> IntoIterator for &'a Shared<Vec<T>> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a, T: Clone> IntoIterator for &'a mut Shared<Vec<T>> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T: PartialEq> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        // Most comparisons are of versions of one object: the same value.
        Shared::ptr_eq(self, other) || *self.0 == *other.0
    }
}

impl<T: Eq> Eq for Shared<T> {}

impl<T: PartialOrd> PartialOrd for Shared<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        self.0.partial_cmp(&other.0)
    }
}

impl<T: Ord> Ord for Shared<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.cmp(&other.0)
    }
}

impl<T: PartialEq> PartialEq<T> for Shared<T> {
    fn eq(&self, other: &T) -> bool {
        *self.0 == *other
    }
}

impl<T: fmt::Debug> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl<T: serde::Serialize> serde::Serialize for Shared<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Shared<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shared<T>, D::Error> {
        T::deserialize(d).map(Shared::new)
    }
}

/// For `skip_serializing_if` on a shared list.
pub fn is_empty<T>(list: &Shared<Vec<T>>) -> bool {
    list.is_empty()
}

/// For `skip_serializing_if` on a shared map.
pub fn is_empty_map<K, V>(map: &Shared<BTreeMap<K, V>>) -> bool {
    map.is_empty()
}

impl<'a, K, V> IntoIterator for &'a Shared<BTreeMap<K, V>> {
    type Item = (&'a K, &'a V);
    type IntoIter = std::collections::btree_map::Iter<'a, K, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_copies_only_a_value_another_clone_holds() {
        let mut a: Shared<Vec<String>> = vec!["x".to_string()].into();
        // Alone: written in place.
        let before = a.as_ptr();
        a[0].push('y');
        assert_eq!(a.as_ptr(), before);
        let b = a.clone();
        assert!(Shared::ptr_eq(&a, &b));
        a.push("z".into());
        assert!(!Shared::ptr_eq(&a, &b));
        assert_eq!(*b, ["xy"]);
        assert_eq!(*a, ["xy", "z"]);
        assert_eq!(b.clone().into_inner(), vec!["xy".to_string()]);
    }

    #[test]
    fn compares_prints_and_serializes_as_its_value() {
        let a: Shared<Vec<i32>> = vec![1, 2].into();
        let b: Shared<Vec<i32>> = vec![1, 2].into();
        assert!(!Shared::ptr_eq(&a, &b));
        assert_eq!(a, b);
        assert_ne!(a, Shared::new(vec![1]));
        assert!(Shared::new(vec![1]) < a && a.cmp(&b).is_eq());
        assert_eq!(format!("{a:?}"), "[1, 2]");
        assert_eq!(serde_json::to_string(&a).unwrap(), "[1,2]");
        let back: Shared<Vec<i32>> = serde_json::from_str("[1,2]").unwrap();
        assert_eq!(back, a);
        assert!(is_empty(&Shared::<Vec<i32>>::default()));
        // Defaults share one empty value.
        assert!(Shared::ptr_eq(&Shared::<Vec<i32>>::default(), &Shared::<Vec<i32>>::default()));
    }
}
