//! Typed CSV rows: each experiment kind describes its row as a `#[derive(Serialize,
//! Default)]` struct, and [`RunContext::emit_row`](crate::experiment::RunContext::emit_row)
//! turns it into cells and appends the columns every row ends with, [`COMMON_COLUMNS`].
//!
//! A field's name is its column's name; [`columns_of`] reads the header from the same
//! type, so a renamed field renames its column everywhere at once. A field's *type* says
//! what the column holds ([`Kind`]) and the part it plays ([`Role`]): every cell is
//! tagged with the [`Column`] its type declares ([`RowCells::columns`]). Cells are
//! written as: integers (counts) and strings as they are, `f64` in Rust's shortest exact
//! form, `bool` as `true`/`false`, a unit enum variant by its (serde) name, [`Seconds`],
//! [`Fixed`], [`Rate`] and [`Speedup`] with a fixed number of decimals, a [`Seed`] as its
//! integer, and `None` as an empty cell: a numeric column holds a number or nothing, and
//! why a cell is empty is said by the row's `status` (or the `PREFIX_status` of its
//! columns). A text cell that a spreadsheet would run as a formula is neutralised
//! ([`neutralise_formula`]).

use std::fmt;
use std::time::Duration;

use serde::ser::{self, Impossible, Serialize};

use crate::base::stats;
use crate::search::budget::Stopped;
use crate::search::timing::{Sampled, Samples};

pub use super::columns::{
    varies_between_runs, Column, Kind, Role, Statistic, StatusWord, COMMON_COLUMNS, SEED, STATUS, THREADS, TIME_LIMIT,
};

/// Text of the `status` column for a finished item.
pub const STATUS_OK: &str = StatusWord::Ok.as_str();
/// Text of the `status` column for an item stopped by its time limit.
pub const STATUS_TIMEOUT: &str = StatusWord::Timeout.as_str();

/// The status word of a stopped search.
pub fn status_word(stopped: Stopped) -> StatusWord {
    match stopped {
        Stopped::TimeLimit => StatusWord::Timeout,
        Stopped::Interrupted => StatusWord::Interrupted,
        Stopped::Memory => StatusWord::Memory,
    }
}

/// The `status` cell for a stopped search.
pub fn status_of(stopped: Stopped) -> String {
    status_word(stopped).to_string()
}

/// Constants naming CSV columns by the row type's fields, checked when the crate
/// compiles: `columns!(pub(super) SweepRow: POSITIONS = positions)` declares `POSITIONS`
/// as `"positions"`, and stops compiling when `SweepRow` loses or renames its field
/// `positions`; `column!(SweepRow, positions)` is the one name. Declared beside the row
/// type (whose fields stay private), they are what a game's report reads. The report names
/// the columns it reads this way, so a renamed column cannot fail only at run time. (A
/// field under `#[serde(rename)]` is not a column of its own name: do not use it here.)
///
/// ```
/// #[derive(serde::Serialize, Default)]
/// struct SweepRow {
///     positions: Option<u64>,
/// }
/// harness::columns!(SweepRow: POSITIONS = positions);
/// assert_eq!(POSITIONS, "positions");
/// assert_eq!(harness::results::row::columns_of::<SweepRow>()[0], POSITIONS);
/// ```
/// A column the row does not have does not compile:
/// ```compile_fail
/// #[derive(serde::Serialize, Default)]
/// struct SweepRow {
///     positions: Option<u64>,
/// }
/// harness::columns!(SweepRow: SECONDS = seconds);
/// ```
#[macro_export]
macro_rules! columns {
    ($vis:vis $row:ty: $($name:ident = $field:ident),* $(,)?) => {
        $($vis const $name: &str = $crate::column!($row, $field);)*
    };
}

/// The column of field `FIELD` of row type `ROW`: see [`columns!`], which names several.
#[macro_export]
macro_rules! column {
    ($row:ty, $field:ident) => {{
        const _: fn(&$row) = |row: &$row| {
            let _ = &row.$field;
        };
        stringify!($field)
    }};
}

/// The newtype name under which a cell declares its column: `harness::col::KIND::ROLE`,
/// ROLE one of `result`, `measured`, `min`, `max`, `mad`, `low`, `high`, `samples`, `cpu`,
/// `busy`, `source`. The row serializer reads it; every other serializer (JSON) sees
/// through the newtype.
macro_rules! col {
    ($kind:literal, $role:literal) => {
        concat!("harness::col::", $kind, "::", $role)
    };
}

/// Serializes `value` as a cell declared as `marker` (see [`col!`]).
fn marked<S: ser::Serializer>(s: S, marker: &'static str, value: impl fmt::Display) -> Result<S::Ok, S::Error> {
    s.serialize_newtype_struct(marker, &value.to_string())
}

/// A duration in seconds, written with microsecond resolution (`1.234567`): an exact
/// result (a measured time is a [`Timing`]).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Seconds(pub Duration);

impl Serialize for Seconds {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("seconds", "result"), format_args!("{:.6}", self.0.as_secs_f64()))
    }
}

/// A number written with exactly `D` decimals (`Fixed::<3>(1.5)` is `1.500`).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Fixed<const D: usize>(pub f64);

impl<const D: usize> Serialize for Fixed<D> {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("number", "result"), format_args!("{:.*}", D, self.0))
    }
}

/// A share between 0 and 1 written with 3 decimals (a win rate): an exact result.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Ratio(pub f64);

impl Serialize for Ratio {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("ratio", "result"), format_args!("{:.3}", self.0))
    }
}

/// A measured rate per second (positions over the median seconds), written as a whole
/// number.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Rate(pub f64);

impl Serialize for Rate {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("rate", "measured"), format_args!("{:.0}", self.0))
    }
}

/// A seed of `ChaCha8Rng` from which a row replays (an identifier, not a quantity).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Seed(pub u64);

impl Serialize for Seed {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(col!("seed", "result"), &self.0)
    }
}

/// Where the number of column `X` came from, in the field `X_source`: the plain walk
/// (`walk`) or the memo after the walk passed its time limit (`memo`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Source {
    /// The walk the assignment asks for.
    #[default]
    Walk,
    /// The transposition table, after the walk passed its time limit.
    Memo,
}

impl Serialize for Source {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("source", "source"), if *self == Source::Memo { "memo" } else { "walk" })
    }
}

/// A measured speed-up with its 95 % interval: the cells `X` (sequential median over
/// parallel median), `X_low` and `X_high`, each with 3 decimals; empty when unmeasured.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Speedup {
    /// The speed-up and its interval, when both runs were measured.
    pub value: Option<(f64, Option<(f64, f64)>)>,
}

impl Serialize for Speedup {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use ser::SerializeStruct;
        let cell = |marker: &'static str, v: Option<f64>| v.map(|v| Marked(marker, format!("{v:.3}")));
        let interval = self.value.and_then(|v| v.1);
        let mut g = s.serialize_struct(GROUP, 3)?;
        g.serialize_field("", &cell(col!("speedup", "measured"), self.value.map(|v| v.0)))?;
        g.serialize_field("_low", &cell(col!("speedup", "low"), interval.map(|i| i.0)))?;
        g.serialize_field("_high", &cell(col!("speedup", "high"), interval.map(|i| i.1)))?;
        g.end()
    }
}

/// A cell text under a column declaration (see [`col!`]).
struct Marked(&'static str, String);

impl Serialize for Marked {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(self.0, &self.1)
    }
}

/// The `status` cell of a row (a field of this type is a status column of its own:
/// `PREFIX_status` explains the empty cells of the columns `PREFIX_*`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Status {
    /// Every measurement of the row finished (`ok`).
    #[default]
    Ok,
    /// A search of the row stopped (`timeout`, `interrupted` or `memory`); what it would
    /// have measured is left empty.
    Stopped(Stopped),
    /// The row's measurements disagree or failed (`error: MESSAGE`).
    Error(String),
}

impl Status {
    /// `Ok` for a finished search, `Stopped` for one that stopped.
    pub fn of<T>(result: &Result<T, Stopped>) -> Status {
        match result {
            Ok(_) => Status::Ok,
            Err(s) => Status::Stopped(*s),
        }
    }

    /// The status of a sampled cell: `error: nondeterministic ...` when its samples
    /// disagreed, else as [`Status::of`] its outcome.
    pub fn of_sampled<T>(sampled: &Sampled<T>) -> Status {
        match &sampled.nondeterministic {
            Some(what) => Status::Error(what.clone()),
            None => Status::of(&sampled.outcome),
        }
    }

    /// The first status of `statuses` that is not `Ok`, else `Ok`.
    pub fn first_failure(statuses: impl IntoIterator<Item = Status>) -> Status {
        statuses.into_iter().find(|s| *s != Status::Ok).unwrap_or(Status::Ok)
    }

    /// The word the cell starts with.
    pub fn word(&self) -> StatusWord {
        match self {
            Status::Ok => StatusWord::Ok,
            Status::Stopped(s) => status_word(*s),
            Status::Error(_) => StatusWord::Error,
        }
    }
}

impl From<Stopped> for Status {
    fn from(s: Stopped) -> Status {
        Status::Stopped(s)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Error(message) => write!(f, "{}: {message}", StatusWord::Error),
            other => f.write_str(other.word().as_str()),
        }
    }
}

impl Serialize for Status {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("status", "status"), self)
    }
}

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
    for (cell, column) in common.into_iter().chain([status.to_string()]).zip(super::columns::common_columns()) {
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
            "samples" => RoleTag::Samples,
            "cpu" => RoleTag::Cpu,
            "busy" => RoleTag::Busy,
            "source" => RoleTag::Source,
            "status" => RoleTag::Status,
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

/// The struct name under which a type serializes as several cells of a row: each of its
/// fields is one cell, named by [`group_column`]. [`Timing`], [`Cpu`] and [`Speedup`] are
/// such groups.
pub const GROUP: &str = "harness::row::group";

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

/// Seconds of a duration as a CSV cell (microsecond resolution).
pub fn seconds_cell(d: Duration) -> String {
    format!("{:.6}", d.as_secs_f64())
}

/// The cells of one sampled timing `X`: `X` (the median), `X_min`, `X_max` and `X_mad`
/// in seconds with microsecond resolution, empty when nothing was measured; and `X_samples`,
/// every sample as `WALL/CPU/WAIT` (WAIT empty where the system does not tell it),
/// `;`-separated, which the runner moves from the row to the tidy samples file
/// (`samples/NAME.csv`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Timing {
    samples: Samples,
}

impl Timing {
    /// The timing of `samples` (empty when `None`).
    pub fn of(samples: Option<&Samples>) -> Timing {
        Timing { samples: samples.cloned().unwrap_or_default() }
    }

    /// The median in seconds, if measured.
    pub fn median(&self) -> Option<f64> {
        stats::median(&self.samples.wall)
    }

    /// The samples as the `X_samples` cell holds them (see [`Timing`]).
    fn samples_cell(&self) -> Option<String> {
        let s = &self.samples;
        let wait = |i: usize| if s.wait.len() == s.wall.len() { format!("{:.6}", s.wait[i]) } else { String::new() };
        let cpu = |i: usize| s.cpu.get(i).map_or(String::new(), |c| format!("{c:.6}"));
        (!s.wall.is_empty()).then(|| {
            (0..s.wall.len()).map(|i| format!("{:.6}/{}/{}", s.wall[i], cpu(i), wait(i))).collect::<Vec<_>>().join(";")
        })
    }
}

impl Serialize for Timing {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use ser::SerializeStruct;
        let xs = &self.samples.wall;
        let secs = |marker: &'static str, v: Option<f64>| v.map(|v| Marked(marker, format!("{v:.6}")));
        let mut g = s.serialize_struct(GROUP, 5)?;
        g.serialize_field("", &secs(col!("seconds", "measured"), stats::median(xs)))?;
        g.serialize_field("_min", &secs(col!("seconds", "min"), stats::min(xs)))?;
        g.serialize_field("_max", &secs(col!("seconds", "max"), stats::max(xs)))?;
        g.serialize_field("_mad", &secs(col!("seconds", "mad"), stats::mad(xs)))?;
        g.serialize_field("_samples", &self.samples_cell().map(|c| Marked(col!("samples", "samples"), c)))?;
        g.end()
    }
}

/// One sample of a `X_samples` cell (see [`Timing`]): wall seconds, CPU seconds and the
/// wait for cores other programs had, where recorded.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SampleCell {
    /// Wall seconds.
    pub wall: f64,
    /// CPU seconds (user + system) of the process.
    pub cpu: Option<f64>,
    /// Seconds the threads waited for cores other programs had.
    pub wait: Option<f64>,
}

/// The samples of a `X_samples` cell: `WALL/CPU/WAIT;...` as [`Timing`] writes it, or
/// `WALL;WALL;...` as CSVs written before 2026-11-26 hold them; empty for an empty or
/// unreadable cell.
pub fn parse_samples_cell(cell: &str) -> Vec<SampleCell> {
    let num = |s: Option<&str>| s.and_then(|s| s.trim().parse::<f64>().ok()).filter(|x| x.is_finite() && *x >= 0.0);
    let parsed: Option<Vec<SampleCell>> = cell
        .split(';')
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            let mut parts = s.split('/');
            let wall = num(parts.next())?;
            Some(SampleCell { wall, cpu: num(parts.next()), wait: num(parts.next()) })
        })
        .collect();
    parsed.unwrap_or_default()
}

/// The per-row cells `samples` (timed samples taken), `cpu_seconds` (median CPU time of
/// the timed call, user + system), `cpu_share` (CPU time / (wall time × threads)),
/// `wait_share` (the threads' wait for cores other programs had / (wall time × threads),
/// where the system tells it), `busy` ([`busy`]: whether the call ran on a busy
/// machine) and `peak_memory_bytes` (the peak resident memory of the process during the
/// row's timed calls, [`crate::search::timing::Sample::peak`]: a measurement, empty where
/// the system does not tell).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Cpu {
    samples: Option<usize>,
    cpu_seconds: Option<f64>,
    cpu_share: Option<f64>,
    wait_share: Option<f64>,
    busy: Option<bool>,
    peak_memory: Option<u64>,
}

impl Cpu {
    /// The CPU cells of `samples`, measured on `threads` threads (empty when `None`).
    pub fn of(samples: Option<&Samples>, threads: usize) -> Cpu {
        match samples.filter(|s| !s.is_empty()) {
            Some(s) => {
                let (cpu_share, wait_share) = (s.cpu_share(threads), s.wait_share(threads));
                Cpu {
                    samples: Some(s.len()),
                    cpu_seconds: s.cpu_median(),
                    cpu_share,
                    wait_share,
                    busy: s.median().map(|wall| busy(wall, cpu_share, wait_share)),
                    peak_memory: s.peak,
                }
            }
            None => Cpu::default(),
        }
    }

    /// The CPU cells of the slowest (by median) of several timed calls of one row, each
    /// with the threads it ran on, and the largest peak memory of them all; empty when
    /// none was measured.
    pub fn of_slowest(calls: &[(Option<&Samples>, usize)]) -> Cpu {
        let measured = calls.iter().filter_map(|&(s, t)| Some((s?.median()?, s?, t)));
        let slowest = measured.max_by(|a, b| a.0.total_cmp(&b.0));
        let peak = calls.iter().filter_map(|&(s, _)| s?.peak).max();
        slowest.map_or_else(Cpu::default, |(_, s, t)| Cpu { peak_memory: peak, ..Cpu::of(Some(s), t) })
    }

    /// The peak memory cell, in bytes.
    pub fn peak_memory(&self) -> Option<u64> {
        self.peak_memory
    }
}

impl Serialize for Cpu {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use ser::SerializeStruct;
        let cell = |marker: &'static str, v: Option<String>| v.map(|v| Marked(marker, v));
        let mut g = s.serialize_struct(GROUP, 6)?;
        g.serialize_field("samples", &cell(col!("count", "cpu"), self.samples.map(|n| n.to_string())))?;
        g.serialize_field("cpu_seconds", &cell(col!("seconds", "cpu"), self.cpu_seconds.map(|v| format!("{v:.6}"))))?;
        g.serialize_field("cpu_share", &cell(col!("ratio", "cpu"), self.cpu_share.map(|v| format!("{v:.3}"))))?;
        g.serialize_field("wait_share", &cell(col!("ratio", "cpu"), self.wait_share.map(|v| format!("{v:.3}"))))?;
        g.serialize_field("busy", &cell(col!("flag", "busy"), self.busy.map(|b| b.to_string())))?;
        let peak = self.peak_memory.map(|b| b.to_string());
        g.serialize_field(super::columns::PEAK_MEMORY, &cell(col!("bytes", "measured"), peak))?;
        g.end()
    }
}

/// A call whose threads waited for cores other programs had longer than this share of
/// wall time × threads ran on a busy machine.
pub const BUSY_WAIT_SHARE: f64 = 0.1;
/// Where the system does not tell the wait: a call whose `cpu_share` is below this ran on
/// a busy machine (or could not keep its threads busy).
pub const BUSY_SHARE: f64 = 0.9;
/// Calls shorter than this (seconds, median) are not judged: their shares are too coarse.
pub const BUSY_MIN_SECONDS: f64 = 0.01;

/// Whether a timed call of median wall time `seconds` ran on a busy machine: its threads
/// waited for cores other programs had more than [`BUSY_WAIT_SHARE`] of their time
/// (`wait_share`), or, where the system does not tell the wait, its `cpu_share` is below
/// [`BUSY_SHARE`]; never for calls under [`BUSY_MIN_SECONDS`]. The one rule the CSVs, the run's summary and the report follow.
pub fn busy(seconds: f64, cpu_share: Option<f64>, wait_share: Option<f64>) -> bool {
    seconds >= BUSY_MIN_SECONDS
        && match wait_share {
            Some(w) => w > BUSY_WAIT_SHARE,
            None => cpu_share.is_some_and(|c| c < BUSY_SHARE),
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Serialize, Default)]
    struct Example {
        instance: String,
        positions: Option<u64>,
        seconds: Option<Seconds>,
        ratio: Fixed<3>,
        equal: bool,
        big: u128,
        item_seed: Seed,
    }

    fn example() -> Example {
        Example {
            instance: "spel1.txt".into(),
            positions: Some(42),
            seconds: Some(Seconds(Duration::from_millis(1500))),
            ratio: Fixed(0.5),
            equal: true,
            big: u128::MAX,
            item_seed: Seed(7),
        }
    }

    fn common() -> [String; 3] {
        ["2".into(), "7".into(), "1.5".into()]
    }

    #[test]
    fn the_header_is_the_fields_then_the_common_columns() {
        assert_eq!(
            columns_of::<Example>(),
            [
                "instance",
                "positions",
                "seconds",
                "ratio",
                "equal",
                "big",
                "item_seed",
                "threads",
                "seed",
                "time_limit",
                "status"
            ]
        );
    }

    #[test]
    fn cells_are_written_in_field_order_with_fixed_decimals() {
        let u128_max = u128::MAX.to_string();
        assert_eq!(
            cells(&example(), common(), &Status::Ok).cells,
            ["spel1.txt", "42", "1.500000", "0.500", "true", &u128_max, "7", "2", "7", "1.5", "ok"]
        );
    }

    #[test]
    fn kinds_come_from_the_field_types() {
        let row = cells(&example(), common(), &Status::Ok);
        let kinds: Vec<Option<Kind>> = row.columns.iter().map(|c| c.as_ref().map(|c| c.kind)).collect();
        use Kind::{Count, Flag, Number, Seconds, Text};
        let expected =
            [Text, Count, Seconds, Number, Flag, Count, Kind::Seed, Count, Kind::Seed, Seconds, Kind::Status];
        assert_eq!(kinds, expected.map(Some).to_vec());
        let empty = cells(&Example { positions: None, ..example() }, common(), &Status::Ok);
        assert_eq!(empty.columns[1], None, "an empty cell's type is unseen");
    }

    #[test]
    fn empty_cells_stay_empty_and_the_status_says_why() {
        let row = Example { positions: None, seconds: None, ..example() };
        let stopped = cells(&row, common(), &Status::Stopped(Stopped::TimeLimit)).cells;
        assert_eq!(&stopped[1..3], ["", ""]);
        assert_eq!(stopped[10], "timeout");
        let failed = cells(&row, common(), &Status::Error("plain and memo differ".into())).cells;
        assert_eq!((&failed[1][..], &failed[10][..]), ("", "error: plain and memo differ"));
    }

    #[test]
    fn a_status_is_the_first_failure() {
        let stopped = Status::Stopped(Stopped::TimeLimit);
        assert_eq!(Status::first_failure([Status::Ok, stopped.clone(), Status::Error("x".into())]), stopped);
        assert_eq!(Status::first_failure([Status::Ok, Status::Ok]), Status::Ok);
        assert_eq!(Status::of(&Err::<(), _>(Stopped::Interrupted)).to_string(), "interrupted");
    }

    #[test]
    #[should_panic(expected = "a CSV row must be a struct of plain cells")]
    fn a_row_that_is_not_a_flat_struct_is_refused() {
        #[derive(serde::Serialize, Default)]
        struct Nested {
            inner: Vec<u32>,
        }
        columns_of::<Nested>();
    }

    #[derive(serde::Serialize, Default)]
    struct Timed {
        instance: String,
        seconds: Timing,
        cpu: Cpu,
        speedup: Speedup,
    }

    #[test]
    fn a_timing_is_five_cells_cpu_six_and_a_speedup_three() {
        assert_eq!(
            columns_of::<Timed>()[..15],
            [
                "instance",
                "seconds",
                "seconds_min",
                "seconds_max",
                "seconds_mad",
                "seconds_samples",
                "samples",
                "cpu_seconds",
                "cpu_share",
                "wait_share",
                "busy",
                "peak_memory_bytes",
                "speedup",
                "speedup_low",
                "speedup_high"
            ]
        );
        let s = Samples {
            wall: vec![0.3, 0.1, 0.2],
            cpu: vec![0.1, 0.1, 0.1],
            wait: vec![0.02, 0.04, 0.0],
            peak: Some(3 << 20),
        };
        let row = Timed {
            instance: "x".into(),
            seconds: Timing::of(Some(&s)),
            cpu: Cpu::of(Some(&s), 1),
            speedup: Speedup { value: Some((1.9, Some((1.8, 2.0)))) },
        };
        let written = cells(&row, common(), &Status::Ok);
        assert_eq!(
            written.cells[..15],
            [
                "x",
                "0.200000",
                "0.100000",
                "0.300000",
                "0.100000",
                "0.300000/0.100000/0.020000;0.100000/0.100000/0.040000;0.200000/0.100000/0.000000",
                "3",
                "0.100000",
                "0.500",
                "0.100",
                "false",
                "3145728",
                "1.900",
                "1.800",
                "2.000"
            ]
        );
        let column = |i: usize| written.columns[i].clone().unwrap();
        let role = |i: usize| column(i).role;
        assert_eq!(role(1), Role::Measured);
        assert_eq!(role(4), Role::Spread { of: "seconds".into(), statistic: Statistic::Mad });
        assert_eq!(role(5), Role::Samples { of: "seconds".into() });
        assert_eq!((role(6), role(10)), (Role::Cpu, Role::Busy));
        assert_eq!((column(11).kind, role(11), column(11).unit.as_str()), (Kind::Bytes, Role::Measured, "B"));
        assert!(column(11).varies_between_runs());
        assert_eq!(role(14), Role::Spread { of: "speedup".into(), statistic: Statistic::High });
        let parsed = parse_samples_cell(&written.cells[5]);
        assert_eq!(parsed[1], SampleCell { wall: 0.1, cpu: Some(0.1), wait: Some(0.04) });
        assert_eq!(parse_samples_cell("0.5;0.25")[1], SampleCell { wall: 0.25, cpu: None, wait: None });
        let stopped = cells(&Timed::default(), common(), &Status::Stopped(Stopped::TimeLimit)).cells;
        assert!(stopped[1..15].iter().all(String::is_empty), "{stopped:?}");
        let untold = Samples { peak: None, ..s.clone() };
        assert_eq!(
            cells(&Timed { cpu: Cpu::of(Some(&untold), 1), ..Timed::default() }, common(), &Status::Ok).cells[11],
            ""
        );
        let two = Cpu::of_slowest(&[(Some(&untold), 1), (Some(&Samples { wall: vec![0.01], ..s.clone() }), 1)]);
        assert_eq!(two.peak_memory(), Some(3 << 20), "the row's peak is the largest of its calls'");
    }

    #[test]
    fn text_that_a_spreadsheet_would_run_is_neutralised() {
        for (text, written) in [
            ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
            ("@SUM(1+1)", "'@SUM(1+1)"),
            ("+cmd|x", "'+cmd|x"),
            ("-2+3", "'-2+3"),
            ("-12.5", "-12.5"),
            ("spel1.txt", "spel1.txt"),
        ] {
            assert_eq!(neutralise_formula(text), written);
        }
        let row = Example { instance: "=1+1".into(), ..example() };
        assert_eq!(cells(&row, common(), &Status::Ok).cells[0], "'=1+1");
    }

    #[test]
    fn marked_cells_serialize_as_plain_values_elsewhere() {
        let json = serde_json::to_string(&(Seconds(Duration::from_millis(1500)), Seed(9), Rate(2.4))).unwrap();
        assert_eq!(json, r#"["1.500000",9,"2"]"#);
    }

    #[test]
    fn busy_is_a_long_wait_or_without_one_a_low_cpu_share() {
        assert!(busy(0.5, Some(1.0), Some(0.2)));
        assert!(!busy(0.5, Some(0.5), Some(0.05)), "an idle thread of a parallel call is no busy machine");
        assert!(busy(0.5, Some(0.5), None) && !busy(0.5, Some(0.95), None));
        assert!(!busy(0.005, Some(0.1), Some(0.9)), "calls under 10 ms are not judged");
    }
}
