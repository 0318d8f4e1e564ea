//! The page's pieces. Each is a plain view: it draws the props it is given
//! and reports user actions through callbacks; none touches the cluster.

mod aggregate;
mod chaos;
mod cluster;
mod editor;
mod events;
mod examples;
mod graph;
mod import;
mod inspector;
mod lesson;
mod pods;
mod rollout;
mod stepper;
mod terminal;
pub mod yaml;
mod whatif;

pub use chaos::{first_image, Chaos};
pub use cluster::Cluster;
pub use editor::Editor;
pub use events::Events;
pub use examples::ExampleList;
pub use graph::Graph;
pub use import::ImportDialog;
pub use inspector::Inspector;
pub use rollout::RolloutBudget;
pub use lesson::{LessonEvent, LessonPanel, LessonPicker};
pub use stepper::{StepCard, Stepper};
pub use terminal::Terminal;
#[cfg(test)]
pub(crate) use terminal::feed_lines;
pub use whatif::{WhatIf, WhatIfRequest};
