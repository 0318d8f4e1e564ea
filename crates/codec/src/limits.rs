//! Bounds on what one paste may cost, so hostile or accidental input (a
//! huge file, a "billion laughs" of aliases, thousands of nested brackets)
//! ends in a clear error instead of a hang or an exhausted browser tab.

/// Decoding limits. `Default` suits a playground: far above any real
/// manifest, far below what would freeze a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Input size in bytes (the API server itself refuses bodies over 3 MiB).
    pub max_input_bytes: usize,
    /// Non-empty documents in one input.
    pub max_documents: usize,
    /// Objects in one input, `List` items included.
    pub max_objects: usize,
    /// Nesting depth of collections (a Deployment is about 12 deep; decoding
    /// recurses per level, and a wasm stack is 1 MiB).
    pub max_depth: usize,
    /// Nodes in the whole input after alias expansion.
    pub max_nodes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_input_bytes: 4 << 20, max_documents: 1000, max_objects: 1000, max_depth: 64, max_nodes: 500_000 }
    }
}
