//! The one seeded random source. Every random choice in the simulation
//! (uids, name suffixes, tie-breaks, load-balancing) draws from it, so a seed
//! fixes the whole run. The generator is the model's (SplitMix64), which
//! the API server's private streams use too.

pub use kubeplay_model::rng::Rng;
