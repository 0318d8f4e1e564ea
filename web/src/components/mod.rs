//! The page's pieces. Each is a plain view: it draws the props it is given
//! and reports user actions through callbacks; none touches the cluster.

mod cluster;
mod editor;
mod events;
mod examples;
mod graph;
mod inspector;
mod lesson;
mod pods;
mod stepper;
mod terminal;

pub use cluster::Cluster;
pub use editor::Editor;
pub use events::Events;
pub use examples::ExampleList;
pub use graph::Graph;
pub use inspector::Inspector;
pub use lesson::{LessonEvent, LessonPanel, LessonPicker};
pub use stepper::{StepCard, Stepper};
pub use terminal::Terminal;
