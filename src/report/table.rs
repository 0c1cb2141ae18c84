//! The Markdown-style text tables of the reports (`| a | b |` with a `|---|` line under the
//! header), written straight into the output.
//!
//! The cells are kept in one string with their end offsets, not one allocation per cell, so a
//! final state of 100,000 permanents costs about the text it prints (issue 13: memory per
//! permanent). The layout is comfy-table's `ASCII_MARKDOWN` preset with dynamic arrangement off
//! (each column as wide as its widest cell, at least 1, one space of padding on each side, left
//! aligned). A table whose every cell is one line of printable ASCII no longer than comfy-table's
//! 16-bit width limit is written here; any other (a name with an accent or a wide character, a
//! cell with a line break, a cell wider than 65,535 columns) goes through comfy-table itself, so
//! the output is the same byte for byte whichever path writes it.

use std::fmt;

use comfy_table::{ContentArrangement, Table, presets};

pub(crate) struct TextTable {
    cols: usize,
    /// Every cell's text, header first, row after row.
    text: String,
    /// Where each cell ends in `text`.
    ends: Vec<usize>,
    /// The widest cell of each column, in bytes (columns, for printable ASCII).
    widths: Vec<usize>,
    /// Every cell so far is one line of printable ASCII.
    plain: bool,
}

impl TextTable {
    pub(crate) fn new(header: &[&str]) -> TextTable {
        let mut t = TextTable { cols: header.len(), text: String::new(), ends: Vec::new(), widths: vec![1; header.len()], plain: true };
        for h in header {
            t.push(h);
        }
        t
    }

    /// The next cell (rows are filled left to right, `cols` cells each).
    pub(crate) fn push(&mut self, cell: &str) {
        self.text.push_str(cell);
        self.end_cell();
    }

    /// The next cell, formatted in place.
    pub(crate) fn push_fmt(&mut self, args: fmt::Arguments<'_>) {
        let _ = fmt::Write::write_fmt(&mut self.text, args);
        self.end_cell();
    }

    fn end_cell(&mut self) {
        let start = self.ends.last().copied().unwrap_or(0);
        let cell = &self.text[start..];
        let plain = if cell.is_ascii() { cell.bytes().all(|b| (0x20..0x7f).contains(&b)) } else { cell.chars().all(one_column) };
        let width = width(cell);
        if !plain || width > usize::from(u16::MAX) {
            self.plain = false;
        }
        let col = self.ends.len() % self.cols;
        self.widths[col] = self.widths[col].max(width);
        self.ends.push(self.text.len());
    }

    fn cell(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.text[start..self.ends[i]]
    }

    fn comfy(&self) -> Table {
        let mut t = Table::new();
        t.load_style(presets::ASCII_MARKDOWN).force_no_tty().set_content_arrangement(ContentArrangement::Disabled);
        let mut rows = self.ends.chunks(self.cols).enumerate().map(|(r, c)| (0..c.len()).map(|k| self.cell(r * self.cols + k).to_owned()).collect::<Vec<_>>());
        if let Some(h) = rows.next() {
            t.set_header(h);
        }
        for row in rows {
            t.add_row(row);
        }
        t
    }
}

/// A character that takes exactly one column on a terminal (its Unicode East Asian width is
/// narrow or ambiguous, and it is not a control, combining or invisible character): printable
/// ASCII, the Latin letters with their accents, and the dashes, quotes, bullets, ellipsis and
/// minus sign that event and rule texts use. Any other character sends the table to
/// comfy-table, which measures it.
fn one_column(c: char) -> bool {
    matches!(c, ' '..='~' | '\u{a0}'..='\u{ac}' | '\u{ae}'..='\u{2ff}' | '\u{2010}'..='\u{2027}' | '\u{2030}'..='\u{205e}' | '\u{2212}')
}

/// The columns a cell of [`one_column`] characters takes.
fn width(cell: &str) -> usize {
    if cell.is_ascii() { cell.len() } else { cell.chars().count() }
}

fn spaces(f: &mut fmt::Formatter<'_>, mut n: usize) -> fmt::Result {
    const PAD: &str = "                                                                ";
    while n > 0 {
        let k = n.min(PAD.len());
        f.write_str(&PAD[..k])?;
        n -= k;
    }
    Ok(())
}

impl fmt::Display for TextTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.plain {
            return write!(f, "{}", self.comfy());
        }
        for (i, _) in self.ends.iter().enumerate() {
            let col = i % self.cols;
            if col == 0 && i > 0 {
                f.write_str("\n")?;
            }
            let cell = self.cell(i);
            f.write_str("| ")?;
            f.write_str(cell)?;
            spaces(f, self.widths[col] - width(cell) + 1)?;
            if col + 1 == self.cols {
                f.write_str("|")?;
                if i + 1 == self.cols {
                    // The line under the header.
                    f.write_str("\n")?;
                    for w in &self.widths {
                        f.write_str("|")?;
                        for _ in 0..w + 2 {
                            f.write_str("-")?;
                        }
                    }
                    f.write_str("|")?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::TextTable;

    fn both(t: &TextTable) -> (String, String) {
        (t.to_string(), t.comfy().to_string())
    }

    #[test]
    fn plain_tables_are_written_as_comfy_table_writes_them() {
        let mut t = TextTable::new(&["controller", "permanent", "P/T", "x"]);
        for row in [["Alice", "Forest [f]", "-", ""], ["Bob", "Grizzly Bears", "2/2", "  702.1"]] {
            for c in row {
                t.push(c);
            }
        }
        t.push_fmt(format_args!("{}", 12));
        for c in ["a", "b", "c"] {
            t.push(c);
        }
        assert!(t.plain);
        let (ours, theirs) = both(&t);
        assert_eq!(ours, theirs);
        // A header alone, and a table with an accent, which comfy-table writes.
        let t = TextTable::new(&["rule", "title"]);
        assert_eq!(t.to_string(), t.comfy().to_string());
        let mut t = TextTable::new(&["name", "x"]);
        t.push("Lim-Dûl the Necromancer — “Æther” … −1 • – × ’");
        t.push("");
        assert!(t.plain);
        assert_eq!(t.to_string(), t.comfy().to_string());
        // Every character counted as one column is one to comfy-table too.
        let ranges = [(' ', '~'), ('\u{a0}', '\u{ac}'), ('\u{ae}', '\u{2ff}'), ('\u{2010}', '\u{2027}'), ('\u{2030}', '\u{205e}'), ('\u{2212}', '\u{2212}')];
        for (a, b) in ranges {
            let mut t = TextTable::new(&["c", "d"]);
            for c in a..=b {
                assert!(super::one_column(c));
                t.push(&format!("{c}{c}"));
                t.push("x");
            }
            assert!(t.plain);
            assert_eq!(t.to_string(), t.comfy().to_string(), "{a:?}..{b:?}");
        }
        // A wide character and a line break go through comfy-table.
        for odd in ["名前", "a\nb", "e\u{301}"] {
            let mut t = TextTable::new(&["name"]);
            t.push(odd);
            assert!(!t.plain);
            assert_eq!(t.to_string(), t.comfy().to_string());
        }
    }
}
