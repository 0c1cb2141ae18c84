//! `judge`: a rules-judge oracle for Magic: The Gathering.
//!
//! Data flows one way: YAML file → [`scenario`] (spanned, validated) → [`engine`] game →
//! trace of events with rule citations → [`report`].

pub mod cards;
pub mod rules;
pub mod diag;
pub mod engine;
pub mod scenario;
pub mod run;
pub mod report;
pub mod cli;
