//! The page's pieces. Each is a plain view: it draws the props it is given
//! and reports user actions through callbacks; none touches the cluster.

mod editor;
mod examples;
mod terminal;

pub use editor::Editor;
pub use examples::ExampleList;
pub use terminal::Terminal;
