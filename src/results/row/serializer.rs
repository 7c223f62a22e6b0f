//! The row serializer: a row struct becomes its header ([`columns_of`]), its cells and the
//! column each cell's type declares ([`cells`]). A field's name is its column's name; a
//! group type ([`GROUP`]) is several cells; a text cell that a spreadsheet would run is
//! neutralised ([`neutralise_formula`]). Anything but a flat struct of plain cells is
//! refused with a message naming what was found.

use std::fmt;

use serde::ser::{self, Impossible, Serialize};

use super::cell_types::GROUP;
use super::status::Status;
use crate::results::columns::{Column, Kind, Role, Statistic, COMMON_COLUMNS};

/// The header of rows of type `R`: its fields in declaration order, then [`COMMON_COLUMNS`].
///
/// # Panics
/// When `R` does not serialize as a flat struct (a programming error, caught by every
/// test that runs the experiment).
pub fn columns_of<R: Serialize + Default>() -> Vec<String> {
    let fields = fields(&R::default()).unwrap_or_else(|e| panic!("{e}"));
    fields.into_iter().map(|f| f.name).chain(COMMON_COLUMNS.map(String::from)).collect()
}

/// One row as cells, each with the column its type declares.
#[derive(Debug, Clone, PartialEq)]
pub struct RowCells {
    /// The cells, in header order.
    pub cells: Vec<String>,
    /// The column of each cell; `None` where the cell was empty and its type unseen.
    pub columns: Vec<Option<Column>>,
}

/// The cells of `row` followed by the common cells `threads, seed, time_limit` and the
/// status, as the CSV writes them, with their declared columns.
///
/// # Panics
/// As [`columns_of`].
pub fn cells(row: &impl Serialize, common: [String; 3], status: &Status) -> RowCells {
    let fields = fields(row).unwrap_or_else(|e| panic!("{e}"));
    let mut out = RowCells { cells: Vec::new(), columns: Vec::new() };
    for field in fields {
        let column = field.tag.map(|t| t.column(&field.name, &field.of));
        let text = field.cell.unwrap_or_default();
        let text = match &column {
            Some(c) if c.kind == Kind::Text => neutralise_formula(&text),
            _ => text,
        };
        out.cells.push(text);
        out.columns.push(column);
    }
    for (cell, column) in common.into_iter().chain([status.to_string()]).zip(crate::results::columns::common_columns())
    {
        out.cells.push(cell);
        out.columns.push(Some(column));
    }
    out
}

/// A text cell as written to a CSV: one that a spreadsheet would run as a formula (it
/// starts with `=`, `+`, `-`, `@`, a tab or a carriage return, and is not a number) gets
/// a leading `'`, which spreadsheets show as text (OWASP's advice for CSV injection).
pub fn neutralise_formula(text: &str) -> String {
    let risky = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if risky && text.trim().parse::<f64>().is_err() {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

/// A text cell as a CSV holds it, without the `'` that [`neutralise_formula`] put in
/// front: the text itself, for every output but the CSV (the page, Markdown, LaTeX, the
/// workbook). A cell whose `'` is its own (not one `neutralise_formula` adds) stays.
pub fn unneutralise_formula(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if neutralise_formula(rest) == cell => rest,
        _ => cell,
    }
}

/// One serialized field: its column name, cell (`None`: empty), declared type (`None`:
/// not seen, as for `None`) and, for a group's cell, the group's field name.
struct Field {
    name: String,
    cell: Option<String>,
    tag: Option<Tag>,
    of: String,
}

fn fields(row: &impl Serialize) -> Result<Vec<Field>, RowError> {
    row.serialize(RowSerializer)
}

/// A cell's declared kind and role, before its column name is known.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Tag {
    kind: Kind,
    role: RoleTag,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum RoleTag {
    Result,
    Measured,
    Spread(Statistic),
    Samples,
    Cpu,
    Busy,
    Source,
    Status,
    Evidence,
}

impl Tag {
    const fn of(kind: Kind) -> Tag {
        Tag { kind, role: RoleTag::Result }
    }

    /// The tag a [`col!`] marker declares.
    fn parse(marker: &str) -> Option<Tag> {
        let rest = marker.strip_prefix("harness::col::")?;
        let (kind, role) = rest.split_once("::")?;
        let role = match role {
            "result" => RoleTag::Result,
            "measured" => RoleTag::Measured,
            "min" => RoleTag::Spread(Statistic::Min),
            "max" => RoleTag::Spread(Statistic::Max),
            "mad" => RoleTag::Spread(Statistic::Mad),
            "low" => RoleTag::Spread(Statistic::Low),
            "high" => RoleTag::Spread(Statistic::High),
            "rounds" => RoleTag::Spread(Statistic::Rounds),
            "above" => RoleTag::Spread(Statistic::Above),
            "differ" => RoleTag::Spread(Statistic::CodesDiffer),
            "samples" => RoleTag::Samples,
            "cpu" => RoleTag::Cpu,
            "busy" => RoleTag::Busy,
            "source" => RoleTag::Source,
            "status" => RoleTag::Status,
            "evidence" => RoleTag::Evidence,
            _ => return None,
        };
        Some(Tag { kind: Kind::parse(kind)?, role })
    }

    /// The column `name` of this type; `of` is the row field of a group's cell.
    fn column(self, name: &str, of: &str) -> Column {
        let role = match self.role {
            RoleTag::Result => Role::Result,
            RoleTag::Measured => Role::Measured,
            RoleTag::Spread(statistic) => Role::Spread { of: of.to_string(), statistic },
            RoleTag::Samples => Role::Samples { of: of.to_string() },
            RoleTag::Cpu => Role::Cpu,
            RoleTag::Busy => Role::Busy,
            RoleTag::Source => Role::Source { of: name.strip_suffix("_source").unwrap_or(name).to_string() },
            RoleTag::Status => Role::Status,
            RoleTag::Evidence => Role::Evidence,
        };
        Column::new(name, self.kind, role)
    }
}

/// Why a type cannot be a row.
#[derive(Debug)]
struct RowError(String);

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a CSV row must be a struct of plain cells: {}", self.0)
    }
}

impl std::error::Error for RowError {}

impl ser::Error for RowError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        RowError(msg.to_string())
    }
}

fn not_a(what: &str) -> RowError {
    RowError(format!("found {what}"))
}

/// Serializes a struct into its named cells.
struct RowSerializer;

/// Collects the fields of the struct being serialized.
struct RowFields(Vec<Field>);

impl ser::SerializeStruct for RowFields {
    type Ok = Vec<Field>;
    type Error = RowError;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Result<(), RowError> {
        match value.serialize(CellSerializer)? {
            Cell::One(cell, tag) => self.0.push(Field { name: name.to_string(), cell, tag, of: name.to_string() }),
            Cell::Group(cells) => self.0.extend(cells.into_iter().map(|(sub, cell, tag)| Field {
                name: group_column(name, sub),
                cell,
                tag,
                of: name.to_string(),
            })),
        }
        Ok(())
    }

    fn end(self) -> Result<Vec<Field>, RowError> {
        Ok(self.0)
    }
}

macro_rules! refuse {
    ($($method:ident($($arg:ty),*) -> $ok:ty, $what:expr;)*) => {
        $(fn $method(self, $(_: $arg),*) -> Result<$ok, RowError> { Err(not_a($what)) })*
    };
}

/// The row serializer's refusal of a bare number.
macro_rules! refuse_numbers {
    ($($method:ident($t:ty))*) => {
        $(fn $method(self, _: $t) -> Result<Vec<Field>, RowError> { Err(not_a("a number")) })*
    };
}

/// What both serializers share: their output `$ok`, and the refusal of every compound
/// value but a struct (`$place` ends each message; `$map` is the map's message).
macro_rules! no_compounds {
    ($ok:ty, $place:literal, $map:literal) => {
        type Ok = $ok;
        type Error = RowError;
        type SerializeSeq = Impossible<$ok, RowError>;
        type SerializeTuple = Impossible<$ok, RowError>;
        type SerializeTupleStruct = Impossible<$ok, RowError>;
        type SerializeTupleVariant = Impossible<$ok, RowError>;
        type SerializeMap = Impossible<$ok, RowError>;
        type SerializeStructVariant = Impossible<$ok, RowError>;

        refuse! {
            serialize_seq(Option<usize>) -> Self::SerializeSeq, concat!("a sequence", $place);
            serialize_tuple(usize) -> Self::SerializeTuple, concat!("a tuple", $place);
            serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct, concat!("a tuple struct", $place);
            serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Self::SerializeTupleVariant, concat!("an enum", $place);
            serialize_map(Option<usize>) -> Self::SerializeMap, $map;
            serialize_struct_variant(&'static str, u32, &'static str, usize) -> Self::SerializeStructVariant, concat!("an enum", $place);
            serialize_bytes(&[u8]) -> $ok, concat!("bytes", $place);
            serialize_unit_struct(&'static str) -> $ok, concat!("a unit struct", $place);
        }
    };
}

impl ser::Serializer for RowSerializer {
    type SerializeStruct = RowFields;
    no_compounds!(Vec<Field>, "", "a map (`#[serde(flatten)]`?)");

    fn serialize_struct(self, _: &'static str, len: usize) -> Result<RowFields, RowError> {
        Ok(RowFields(Vec::with_capacity(len)))
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result<Vec<Field>, RowError> {
        v.serialize(self)
    }

    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<Vec<Field>, RowError> {
        Err(not_a("an option"))
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<Vec<Field>, RowError> {
        Err(not_a("an enum"))
    }

    refuse! {
        serialize_bool(bool) -> Vec<Field>, "a bool";
        serialize_char(char) -> Vec<Field>, "a char";
        serialize_str(&str) -> Vec<Field>, "a string";
        serialize_none() -> Vec<Field>, "an option";
        serialize_unit() -> Vec<Field>, "a unit";
        serialize_unit_variant(&'static str, u32, &'static str) -> Vec<Field>, "an enum";
    }
    refuse_numbers!(serialize_i8(i8) serialize_i16(i16) serialize_i32(i32) serialize_i64(i64) serialize_u8(u8)
        serialize_u16(u16) serialize_u32(u32) serialize_u64(u64) serialize_f32(f32) serialize_f64(f64));
}

macro_rules! as_text {
    ($($method:ident($t:ty) => $kind:expr;)*) => {
        $(fn $method(self, v: $t) -> Result<Cell, RowError> { text(v, $kind) })*
    };
}

/// Serializes one field into its cell (`None` for an absent value), or a [`GROUP`]
/// struct into several cells.
struct CellSerializer;

/// What one field of a row serializes to.
enum Cell {
    /// One cell, `None` when absent, with its declared type where seen.
    One(Option<String>, Option<Tag>),
    /// The cells of a [`GROUP`] struct, by their field names.
    Group(Vec<(&'static str, Option<String>, Option<Tag>)>),
}

/// The column of a group's field `sub` within the row field `field`: `field` itself for
/// `""`, `field` + `sub` for a `sub` starting with `_` (`seconds_min`), else `sub` as it is.
fn group_column(field: &str, sub: &str) -> String {
    match sub {
        "" => field.to_string(),
        s if s.starts_with('_') => format!("{field}{s}"),
        s => s.to_string(),
    }
}

fn text(v: impl fmt::Display, kind: Kind) -> Result<Cell, RowError> {
    Ok(Cell::One(Some(v.to_string()), Some(Tag::of(kind))))
}

/// Collects the cells of a [`GROUP`] struct.
struct GroupCells(Vec<(&'static str, Option<String>, Option<Tag>)>);

impl ser::SerializeStruct for GroupCells {
    type Ok = Cell;
    type Error = RowError;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Result<(), RowError> {
        match value.serialize(CellSerializer)? {
            Cell::One(cell, tag) => self.0.push((name, cell, tag)),
            Cell::Group(_) => return Err(not_a("a group in a group")),
        }
        Ok(())
    }

    fn end(self) -> Result<Cell, RowError> {
        Ok(Cell::Group(self.0))
    }
}

impl ser::Serializer for CellSerializer {
    type SerializeStruct = GroupCells;
    no_compounds!(Cell, " in a cell", "a map in a cell");

    as_text! {
        serialize_bool(bool) => Kind::Flag;
        serialize_i8(i8) => Kind::Number;
        serialize_i16(i16) => Kind::Number;
        serialize_i32(i32) => Kind::Number;
        serialize_i64(i64) => Kind::Number;
        serialize_i128(i128) => Kind::Number;
        serialize_u8(u8) => Kind::Count;
        serialize_u16(u16) => Kind::Count;
        serialize_u32(u32) => Kind::Count;
        serialize_u64(u64) => Kind::Count;
        serialize_u128(u128) => Kind::Count;
        serialize_f32(f32) => Kind::Number;
        serialize_f64(f64) => Kind::Number;
        serialize_char(char) => Kind::Text;
        serialize_str(&str) => Kind::Text;
    }
    fn serialize_none(self) -> Result<Cell, RowError> {
        Ok(Cell::One(None, None))
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<Cell, RowError> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<Cell, RowError> {
        Ok(Cell::One(None, None))
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<Cell, RowError> {
        text(variant, Kind::Text)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, v: &T) -> Result<Cell, RowError> {
        match (v.serialize(self)?, Tag::parse(name)) {
            (Cell::One(cell, _), Some(tag)) => Ok(Cell::One(cell, Some(tag))),
            (cell, _) => Ok(cell),
        }
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        v: &T,
    ) -> Result<Cell, RowError> {
        v.serialize(self)
    }

    fn serialize_struct(self, name: &'static str, len: usize) -> Result<GroupCells, RowError> {
        if name == GROUP {
            Ok(GroupCells(Vec::with_capacity(len)))
        } else {
            Err(not_a("a struct in a cell"))
        }
    }
}
