//! A YAML document as a tree of nodes that each know their place in the file.
//!
//! serde-saphyr parses the text (with `Spanned` giving every node's location); the typed
//! scenario model is then read from this tree by hand, so that every problem can be reported
//! with its exact place and several problems in one file can be reported together.

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;

use crate::diag::{Diagnostic, Source, Span};

mod fast;

/// A YAML node and where it stands in the file.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub kind: Kind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    Null,
    Bool(bool),
    Int(i64),
    /// A float keeps its text as written: `603.10` is a rule number, not 603.1.
    Float(String),
    Str(String),
    Seq(Vec<Node>),
    Map(Vec<(Node, Node)>),
}

impl Node {
    /// A scalar read as text: strings as they are, numbers and booleans as written.
    #[must_use]
    pub fn scalar_text(&self) -> Option<String> {
        match &self.kind {
            Kind::Str(s) | Kind::Float(s) => Some(s.clone()),
            Kind::Int(i) => Some(i.to_string()),
            Kind::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    }

    #[must_use]
    pub fn type_name(&self) -> &'static str {
        match self.kind {
            Kind::Null => "null",
            Kind::Bool(_) => "a boolean",
            Kind::Int(_) => "an integer",
            Kind::Float(_) => "a number",
            Kind::Str(_) => "a string",
            Kind::Seq(_) => "a list",
            Kind::Map(_) => "a map",
        }
    }
}

enum Raw {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Seq(Vec<Spanned<Raw>>),
    Map(Vec<(Spanned<Raw>, Spanned<Raw>)>),
}

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Raw;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("any YAML value")
            }
            fn visit_unit<E>(self) -> Result<Raw, E> {
                Ok(Raw::Null)
            }
            fn visit_none<E>(self) -> Result<Raw, E> {
                Ok(Raw::Null)
            }
            fn visit_bool<E>(self, v: bool) -> Result<Raw, E> {
                Ok(Raw::Bool(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Raw, E> {
                Ok(Raw::Int(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Raw, E> {
                i64::try_from(v).map(Raw::Int).map_err(|_| E::custom("integer too large"))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Raw, E> {
                Ok(Raw::Float(v))
            }
            fn visit_str<E>(self, v: &str) -> Result<Raw, E> {
                Ok(Raw::Str(v.to_owned()))
            }
            fn visit_string<E>(self, v: String) -> Result<Raw, E> {
                Ok(Raw::Str(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Raw, A::Error> {
                let mut v = Vec::new();
                while let Some(x) = a.next_element()? {
                    v.push(x);
                }
                Ok(Raw::Seq(v))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Raw, A::Error> {
                let mut v = Vec::new();
                while let Some(kv) = a.next_entry()? {
                    v.push(kv);
                }
                Ok(Raw::Map(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// Parses a YAML document into a node tree.
///
/// # Errors
/// A YAML syntax error, with its place.
pub fn parse(source: &Source) -> Result<Node, Diagnostic> {
    if let Some(node) = fast::parse(source) {
        return Ok(node);
    }
    parse_with_serde(source)
}

/// The node tree read from parser events when the document's meaning is certain (see
/// `yaml/fast.rs`); `None` sends it to serde-saphyr. Public for the test that compares both.
#[doc(hidden)]
#[must_use]
pub fn parse_events(source: &Source) -> Option<Node> {
    fast::parse(source)
}

/// The node tree as serde-saphyr reads it (every document that [`parse_events`] declines).
///
/// # Errors
/// A YAML syntax error, with its place.
#[doc(hidden)]
pub fn parse_with_serde(source: &Source) -> Result<Node, Diagnostic> {
    match serde_saphyr::from_str::<Spanned<Raw>>(&source.text) {
        Ok(root) => Ok(convert(source, root)),
        Err(e) => {
            let msg = e.to_string();
            let first = msg.lines().next().unwrap_or("invalid YAML").trim_start_matches("error: ").to_owned();
            let span = e.location().map_or_else(
                || source.span_at(0, 0),
                |loc| source.span_at(source.offset_of(loc.line(), loc.column()), 1),
            );
            // The parser's advice about its own options means nothing to a scenario's author.
            let first = first.split(", set DuplicateKeyPolicy").next().unwrap_or(&first).to_owned();
            let help = if first.contains("duplicate mapping key") {
                "each key may appear once in a map: merge the two entries"
            } else {
                "check the indentation and the brackets and quotes around this place"
            };
            Err(Diagnostic::new(format!("YAML syntax error: {first}"), span).help(help))
        }
    }
}

fn convert(source: &Source, node: Spanned<Raw>) -> Node {
    let loc = node.referenced;
    let start = loc
        .span()
        .byte_offset()
        .and_then(|b| usize::try_from(b).ok())
        .unwrap_or_else(|| source.offset_of(loc.line(), loc.column()));
    let len = loc.span().byte_len().and_then(|b| usize::try_from(b).ok()).unwrap_or(0);
    let mut span = source.span_at(start, len);
    let kind = match node.value {
        Raw::Null => Kind::Null,
        Raw::Bool(b) => Kind::Bool(b),
        Raw::Int(i) => Kind::Int(i),
        Raw::Float(f) => {
            let text = source.text.get(start..start + len).map(str::trim).filter(|t| !t.is_empty());
            Kind::Float(text.map_or_else(|| f.to_string(), str::to_owned))
        }
        Raw::Str(s) => Kind::Str(s),
        Raw::Seq(items) => Kind::Seq(items.into_iter().map(|n| convert(source, n)).collect()),
        Raw::Map(entries) => {
            Kind::Map(entries.into_iter().map(|(k, v)| (convert(source, k), convert(source, v))).collect())
        }
    };
    if span.len == 0 {
        // Containers have no length of their own; underline the first character.
        span.len = 1;
    }
    Node { kind, span }
}
