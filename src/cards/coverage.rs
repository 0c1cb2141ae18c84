//! `judge cards coverage`: how much of a real card list the compiler understands.
