//! Where each key and value of a manifest table was written: the line and column of every
//! key path (`instances`, `items[2].game`), taken from the spans of the one parse of the
//! manifest, so that a refusal names the exact place of the value it refuses.

use std::collections::BTreeMap;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// A 1-based line and column (counted in characters) in a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column, in characters from the start of the line.
    pub column: usize,
}

impl Place {
    /// The place of byte `offset` of `text` (offsets past the end or inside a character
    /// name the end or that character).
    pub fn of(text: &str, offset: usize) -> Place {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Place { line: before.matches('\n').count() + 1, column: before[line_start..].chars().count() + 1 }
    }

    /// The first column of `line`.
    pub fn line(line: usize) -> Place {
        Place { line, column: 1 }
    }
}

/// The places of the keys and values of one table, by path relative to the table: `key`,
/// `key.sub` for a nested table, `key[i]` for an array item.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Spans {
    places: BTreeMap<String, (Place, Place)>,
}

impl Spans {
    /// The places of every key and value under `table`, a table parsed from `text`.
    pub fn of_table(text: &str, table: &DeTable<'_>) -> Spans {
        let mut spans = Spans::default();
        spans.walk_table(text, "", table);
        spans
    }

    /// The places under each item of the array `key` of `table` (the `[[experiment]]`
    /// entries), in order; empty when `key` is not an array.
    pub fn of_array_items(text: &str, table: &DeTable<'_>, key: &str) -> Vec<Spans> {
        let items = table.get(key).and_then(|v| v.get_ref().as_array());
        items
            .into_iter()
            .flat_map(|a| a.iter())
            .map(|item| item.get_ref().as_table().map(|t| Spans::of_table(text, t)).unwrap_or_default())
            .collect()
    }

    fn walk_table(&mut self, text: &str, prefix: &str, table: &DeTable<'_>) {
        for (key, value) in table {
            let path =
                if prefix.is_empty() { key.get_ref().to_string() } else { format!("{prefix}.{}", key.get_ref()) };
            self.walk_value(text, path, Place::of(text, key.span().start), value);
        }
    }

    fn walk_value(&mut self, text: &str, path: String, key: Place, value: &Spanned<DeValue<'_>>) {
        match value.get_ref() {
            DeValue::Table(t) => self.walk_table(text, &path, t),
            DeValue::Array(a) => {
                for (i, item) in a.iter().enumerate() {
                    let place = Place::of(text, item.span().start);
                    self.walk_value(text, format!("{path}[{i}]"), place, item);
                }
            }
            _ => {}
        }
        self.places.insert(path, (key, Place::of(text, value.span().start)));
    }

    /// Where the value at `path` starts.
    pub fn value(&self, path: &str) -> Option<Place> {
        self.places.get(path).map(|&(_, value)| value)
    }

    /// Where the key of `path` is written (an array item's own place).
    pub fn key(&self, path: &str) -> Option<Place> {
        self.places.get(path).map(|&(key, _)| key)
    }

    /// Whether `path` was written.
    pub fn contains(&self, path: &str) -> bool {
        self.places.contains_key(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_lines_and_characters_from_one() {
        let text = "a = 1\nbé = \"x\"\n";
        assert_eq!(Place::of(text, 0), Place { line: 1, column: 1 });
        assert_eq!(Place::of(text, text.find('"').unwrap()), Place { line: 2, column: 6 });
        assert_eq!(Place::of(text, 1000), Place { line: 3, column: 1 });
    }

    #[test]
    fn every_key_value_and_item_has_its_place() {
        let text = "x = 1\nitems = [\n  { game = \"nim\", n = 3 },\n  [1, 2],\n]\n[sub]\ny = true\n";
        let doc = DeTable::parse(text).unwrap();
        let spans = Spans::of_table(text, doc.get_ref());
        assert_eq!(spans.value("x"), Some(Place { line: 1, column: 5 }));
        assert_eq!(spans.key("items[0].n"), Some(Place { line: 3, column: 19 }));
        assert_eq!(spans.value("items[0].n"), Some(Place { line: 3, column: 23 }));
        assert_eq!(spans.value("items[1][1]"), Some(Place { line: 4, column: 7 }));
        assert_eq!(spans.value("sub.y"), Some(Place { line: 7, column: 5 }));
        assert!(!spans.contains("z"));
    }
}
