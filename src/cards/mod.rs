//! Card definitions, the embedded card library, and the Oracle-text compiler.

pub mod coverage;
pub mod db;
pub mod def;
pub mod flat_yaml;
pub mod import;
pub mod ir;
pub mod library;
pub mod oracle;
pub mod subtypes;
pub mod tokens;
