//! The scenario file: YAML nodes with places, the typed model, and the loader.

pub mod load;
pub mod model;
pub mod pzl;
pub mod read;
pub mod schema;
pub mod yaml;

pub use load::load;
pub use model::Scenario;
