//! The shell's pattern matching, as `case` and `${NAME%pattern}` use it: the kubectl crate's,
//! which the container shell's `case` shares.

pub(crate) use kubeplay_kubectl::shell::pattern::{has_class, literal, matches, trim};
