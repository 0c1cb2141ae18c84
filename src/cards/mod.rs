//! Card definitions, the embedded card library, and the Oracle-text compiler.

pub mod coverage;
pub mod def;
pub mod ir;
pub mod library;
pub mod oracle;
pub mod subtypes;
pub mod tokens;
