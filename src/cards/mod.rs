//! Card definitions, the embedded card library, and the Oracle-text compiler.

pub mod coverage;
pub mod ir;
pub mod oracle;
