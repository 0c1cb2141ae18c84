//! Helpers that read typed values out of the YAML node tree, reporting each problem with
//! its place: wrong types, unknown keys (with the nearest known key), missing keys.

use crate::diag::{Diagnostic, nearest};
use crate::scenario::yaml::{Kind, Node};

/// Collected problems of one file.
#[derive(Default, Debug)]
pub struct Diags(pub Vec<Diagnostic>);

impl Diags {
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    pub fn wrong_type(&mut self, node: &Node, expected: &str, what: &str) {
        self.push(
            Diagnostic::new(format!("{what} must be {expected}, found {}", node.type_name()), node.span)
                .label(format!("expected {expected}")),
        );
    }
}

/// A map node's entries, with the list of keys it may have.
pub struct MapView<'a> {
    pub node: &'a Node,
    pub entries: &'a [(Node, Node)],
}

impl<'a> MapView<'a> {
    /// Reads `node` as a map; reports and returns `None` otherwise.
    pub fn new(node: &'a Node, what: &str, diags: &mut Diags) -> Option<MapView<'a>> {
        match &node.kind {
            Kind::Map(entries) => Some(MapView { node, entries }),
            _ => {
                diags.wrong_type(node, "a map", what);
                None
            }
        }
    }

    /// Reports every key not in `allowed`, suggesting the nearest allowed key.
    pub fn check_keys(&self, allowed: &[&str], what: &str, diags: &mut Diags) {
        for (k, _) in self.entries {
            let Some(name) = k.scalar_text() else {
                diags.wrong_type(k, "a string", &format!("a key of {what}"));
                continue;
            };
            if !allowed.contains(&name.as_str()) {
                let near = nearest(&name, allowed.iter().copied());
                let help = match near.first() {
                    Some(n) => format!("did you mean `{n}`? {what} takes: {}", allowed.join(", ")),
                    None => format!("{what} takes: {}", allowed.join(", ")),
                };
                diags.push(Diagnostic::new(format!("unknown key `{name}` in {what}"), k.span).label("unknown key").help(help));
            }
        }
    }

    #[must_use]
    pub fn get(&self, key: &str) -> Option<&'a Node> {
        self.entries.iter().find(|(k, _)| matches!(&k.kind, Kind::Str(s) if s == key)).map(|(_, v)| v)
    }

    /// The key node of `key`, for pointing at it.
    #[must_use]
    pub fn key_node(&self, key: &str) -> Option<&'a Node> {
        self.entries.iter().find(|(k, _)| matches!(&k.kind, Kind::Str(s) if s == key)).map(|(k, _)| k)
    }

    pub fn require(&self, key: &str, what: &str, diags: &mut Diags) -> Option<&'a Node> {
        let v = self.get(key);
        if v.is_none() {
            diags.push(
                Diagnostic::new(format!("{what} has no `{key}`"), self.node.span)
                    .label(format!("`{key}` missing here"))
                    .help(format!("add `{key}:` to {what}")),
            );
        }
        v
    }

    pub fn string(&self, key: &str, what: &str, diags: &mut Diags) -> Option<String> {
        self.get(key).and_then(|n| string(n, &format!("`{key}` of {what}"), diags))
    }

    pub fn int(&self, key: &str, what: &str, diags: &mut Diags) -> Option<i64> {
        self.get(key).and_then(|n| int(n, &format!("`{key}` of {what}"), diags))
    }

    pub fn boolean(&self, key: &str, what: &str, diags: &mut Diags) -> Option<bool> {
        self.get(key).and_then(|n| boolean(n, &format!("`{key}` of {what}"), diags))
    }
}

pub fn string(node: &Node, what: &str, diags: &mut Diags) -> Option<String> {
    match &node.kind {
        Kind::Str(s) | Kind::Float(s) => Some(s.clone()),
        Kind::Int(i) => Some(i.to_string()),
        _ => {
            diags.wrong_type(node, "a string", what);
            None
        }
    }
}

pub fn int(node: &Node, what: &str, diags: &mut Diags) -> Option<i64> {
    match &node.kind {
        Kind::Int(i) => Some(*i),
        _ => {
            diags.wrong_type(node, "an integer", what);
            None
        }
    }
}

pub fn nonneg(node: &Node, what: &str, diags: &mut Diags) -> Option<u32> {
    let i = int(node, what, diags)?;
    match u32::try_from(i) {
        Ok(v) => Some(v),
        Err(_) if i < 0 => {
            diags.push(Diagnostic::new(format!("{what} must be 0 or more, found {i}"), node.span));
            None
        }
        Err(_) => {
            diags.push(Diagnostic::new(format!("{what} is too large: {i} (at most {})", u32::MAX), node.span));
            None
        }
    }
}

pub fn boolean(node: &Node, what: &str, diags: &mut Diags) -> Option<bool> {
    match &node.kind {
        Kind::Bool(b) => Some(*b),
        _ => {
            diags.wrong_type(node, "true or false", what);
            None
        }
    }
}

/// A list node's items; a lone scalar counts as a list of one.
pub fn list<'a>(node: &'a Node, what: &str, diags: &mut Diags) -> Vec<&'a Node> {
    match &node.kind {
        Kind::Seq(items) => items.iter().collect(),
        Kind::Null => Vec::new(),
        Kind::Map(_) => {
            diags.wrong_type(node, "a list", what);
            Vec::new()
        }
        _ => vec![node],
    }
}
