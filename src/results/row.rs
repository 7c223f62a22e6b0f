//! Typed CSV rows: each experiment kind describes its row as a `#[derive(Serialize,
//! Default)]` struct, and [`RunContext::emit_row`](super::RunContext::emit_row) turns it
//! into cells and appends the columns every row ends with, [`COMMON_COLUMNS`].
//!
//! A field's name is its column's name; [`columns_of`] reads the header from the same
//! type, so a renamed field renames its column everywhere at once. Cells are written as:
//! integers and strings as they are, `f64` in Rust's shortest exact form, `bool` as
//! `true`/`false`, a unit enum variant by its (serde) name, [`Seconds`] and [`Fixed`] with
//! a fixed number of decimals, and `None` as empty in a finished row or `timeout` in a
//! row whose search stopped (the measurement it would have held was never made).

use std::fmt;
use std::time::Duration;

use serde::ser::{self, Impossible, Serialize};

use crate::base::stats;
use crate::search::budget::Stopped;
use crate::search::timing::{Sampled, Samples};

/// Text of the `status` column for a finished item.
pub const STATUS_OK: &str = "ok";
/// Text of the `status` column for an item stopped by its time limit.
pub const STATUS_TIMEOUT: &str = "timeout";

/// The `status` cell for a stopped search.
pub fn status_of(stopped: Stopped) -> String {
    match stopped {
        Stopped::TimeLimit => STATUS_TIMEOUT.to_string(),
        Stopped::Interrupted => "interrupted".to_string(),
    }
}

/// The columns every CSV row ends with, in this order: the thread count the row was
/// measured on, the experiment's seed, its per-call time limit in seconds (empty when
/// unlimited) and the row's [`Status`].
pub const COMMON_COLUMNS: [&str; 4] = [THREADS, SEED, TIME_LIMIT, STATUS];

/// The common column holding the row's thread count.
pub const THREADS: &str = "threads";
/// The common column holding the experiment's (or item's) seed.
pub const SEED: &str = "seed";
/// The common column holding the per-call time limit in seconds.
pub const TIME_LIMIT: &str = "time_limit";
/// The common column holding the row's [`Status`].
pub const STATUS: &str = "status";

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

/// A duration in seconds, written with microsecond resolution (`1.234567`).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Seconds(pub Duration);

impl Serialize for Seconds {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{:.6}", self.0.as_secs_f64()))
    }
}

/// A number written with exactly `D` decimals (`Fixed::<3>(1.5)` is `1.500`).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Fixed<const D: usize>(pub f64);

impl<const D: usize> Serialize for Fixed<D> {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{:.*}", D, self.0))
    }
}

/// The `status` cell of a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// Every measurement of the row finished (`ok`).
    Ok,
    /// A search of the row stopped (`timeout` or `interrupted`); its empty cells say `timeout`.
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

    /// What a cell the row left empty (`None`) says: nothing, or `timeout` when the row's
    /// search stopped before it could fill it.
    fn empty_cell(&self) -> &'static str {
        match self {
            Status::Stopped(_) => STATUS_TIMEOUT,
            Status::Ok | Status::Error(_) => "",
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
            Status::Ok => f.write_str(STATUS_OK),
            Status::Stopped(s) => f.write_str(&status_of(*s)),
            Status::Error(message) => write!(f, "error: {message}"),
        }
    }
}

/// The header of rows of type `R`: its fields in declaration order, then [`COMMON_COLUMNS`].
///
/// # Panics
/// When `R` does not serialize as a flat struct (a programming error, caught by every
/// test that runs the experiment).
pub fn columns_of<R: Serialize + Default>() -> Vec<String> {
    let fields = fields(&R::default()).unwrap_or_else(|e| panic!("{e}"));
    fields.into_iter().map(|(name, _)| name.to_string()).chain(COMMON_COLUMNS.map(String::from)).collect()
}

/// The cells of `row` followed by the common cells, as the CSV writes them.
///
/// # Panics
/// As [`columns_of`].
pub fn cells(row: &impl Serialize, common: [String; 3], status: &Status) -> Vec<String> {
    let fields = fields(row).unwrap_or_else(|e| panic!("{e}"));
    fields
        .into_iter()
        .map(|(_, cell)| cell.unwrap_or_else(|| status.empty_cell().to_string()))
        .chain(common)
        .chain([status.to_string()])
        .collect()
}

type Fields = Vec<(String, Option<String>)>;

fn fields(row: &impl Serialize) -> Result<Fields, RowError> {
    row.serialize(RowSerializer)
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
struct RowFields(Fields);

impl ser::SerializeStruct for RowFields {
    type Ok = Fields;
    type Error = RowError;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Result<(), RowError> {
        match value.serialize(CellSerializer)? {
            Cell::One(cell) => self.0.push((name.to_string(), cell)),
            Cell::Group(cells) => self.0.extend(cells.into_iter().map(|(sub, cell)| (group_column(name, sub), cell))),
        }
        Ok(())
    }

    fn end(self) -> Result<Fields, RowError> {
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
        $(fn $method(self, _: $t) -> Result<Fields, RowError> { Err(not_a("a number")) })*
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
    no_compounds!(Fields, "", "a map (`#[serde(flatten)]`?)");

    fn serialize_struct(self, _: &'static str, len: usize) -> Result<RowFields, RowError> {
        Ok(RowFields(Vec::with_capacity(len)))
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result<Fields, RowError> {
        v.serialize(self)
    }

    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<Fields, RowError> {
        Err(not_a("an option"))
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<Fields, RowError> {
        Err(not_a("an enum"))
    }

    refuse! {
        serialize_bool(bool) -> Fields, "a bool";
        serialize_char(char) -> Fields, "a char";
        serialize_str(&str) -> Fields, "a string";
        serialize_none() -> Fields, "an option";
        serialize_unit() -> Fields, "a unit";
        serialize_unit_variant(&'static str, u32, &'static str) -> Fields, "an enum";
    }
    refuse_numbers!(serialize_i8(i8) serialize_i16(i16) serialize_i32(i32) serialize_i64(i64) serialize_u8(u8)
        serialize_u16(u16) serialize_u32(u32) serialize_u64(u64) serialize_f32(f32) serialize_f64(f64));
}

macro_rules! as_text {
    ($($method:ident($t:ty);)*) => {
        $(fn $method(self, v: $t) -> Result<Cell, RowError> { text(v) })*
    };
}

/// Serializes one field into its cell (`None` for an absent value), or a [`GROUP`]
/// struct into several cells.
struct CellSerializer;

/// What one field of a row serializes to.
enum Cell {
    /// One cell, `None` when absent.
    One(Option<String>),
    /// The cells of a [`GROUP`] struct, by their field names.
    Group(Vec<(&'static str, Option<String>)>),
}

/// The struct name under which a type serializes as several cells of a row: each of its
/// fields is one cell, named by [`group_column`]. [`Timing`] and [`Cpu`] are such groups.
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

fn text(v: impl fmt::Display) -> Result<Cell, RowError> {
    Ok(Cell::One(Some(v.to_string())))
}

/// Collects the cells of a [`GROUP`] struct.
struct GroupCells(Vec<(&'static str, Option<String>)>);

impl ser::SerializeStruct for GroupCells {
    type Ok = Cell;
    type Error = RowError;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Result<(), RowError> {
        match value.serialize(CellSerializer)? {
            Cell::One(cell) => self.0.push((name, cell)),
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
        serialize_bool(bool);
        serialize_i8(i8);
        serialize_i16(i16);
        serialize_i32(i32);
        serialize_i64(i64);
        serialize_i128(i128);
        serialize_u8(u8);
        serialize_u16(u16);
        serialize_u32(u32);
        serialize_u64(u64);
        serialize_u128(u128);
        serialize_f32(f32);
        serialize_f64(f64);
        serialize_char(char);
        serialize_str(&str);
    }
    fn serialize_none(self) -> Result<Cell, RowError> {
        Ok(Cell::One(None))
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<Cell, RowError> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<Cell, RowError> {
        Ok(Cell::One(None))
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<Cell, RowError> {
        text(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result<Cell, RowError> {
        v.serialize(self)
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

/// Whether a column holds a timing: `seconds`, `*_seconds`, `speedup`, `*_per_second`, the
/// spread of any of them (`X_min`, `X_max`, `X_mad`, `X_samples`, `speedup_low`,
/// `speedup_high`), and the per-row `samples`, `cpu_seconds`, `cpu_share`, `wait_share`
/// and `busy`.
/// The one rule the runner, the report and `harness compare` read.
pub fn is_time_column(name: &str) -> bool {
    let base =
        ["_min", "_max", "_mad", "_samples", "_low", "_high"].iter().find_map(|s| name.strip_suffix(s)).unwrap_or(name);
    base == "seconds"
        || base.ends_with("_seconds")
        || base == "speedup"
        || base.ends_with("_per_second")
        || matches!(name, "samples" | "cpu_share" | "wait_share" | "busy")
}

/// The cells of one sampled timing `X`: `X` (the median), `X_min`, `X_max`, `X_mad` and
/// `X_samples` (every sample, `;`-separated), in seconds with microsecond resolution;
/// empty (or `timeout` in a stopped row) when nothing was measured, and `timeout` in
/// every cell for [`Timing::timeout`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Timing {
    samples: Vec<f64>,
    timeout: bool,
}

impl Timing {
    /// The timing of `samples` (empty when `None`).
    pub fn of(samples: Option<&Samples>) -> Timing {
        Timing { samples: samples.map(|s| s.wall.clone()).unwrap_or_default(), timeout: false }
    }

    /// A timing whose search stopped while the row's other searches finished: every
    /// cell says `timeout` (in a row of status `ok`, too).
    pub fn timeout() -> Timing {
        Timing { samples: Vec::new(), timeout: true }
    }

    /// The median in seconds, if measured.
    pub fn median(&self) -> Option<f64> {
        stats::median(&self.samples)
    }
}

impl Serialize for Timing {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use ser::SerializeStruct;
        let xs = &self.samples;
        let cell = |v: Option<String>| if self.timeout { Some(STATUS_TIMEOUT.to_string()) } else { v };
        let secs = |v: Option<f64>| cell(v.map(|v| format!("{v:.6}")));
        let all = (!xs.is_empty()).then(|| xs.iter().map(|v| format!("{v:.6}")).collect::<Vec<_>>().join(";"));
        let mut g = s.serialize_struct(GROUP, 5)?;
        g.serialize_field("", &secs(stats::median(xs)))?;
        g.serialize_field("_min", &secs(stats::min(xs)))?;
        g.serialize_field("_max", &secs(stats::max(xs)))?;
        g.serialize_field("_mad", &secs(stats::mad(xs)))?;
        g.serialize_field("_samples", &cell(all))?;
        g.end()
    }
}

/// The per-row cells `samples` (timed samples taken), `cpu_seconds` (median CPU time of
/// the timed call, user + system), `cpu_share` (CPU time / (wall time × threads)),
/// `wait_share` (the threads' wait for cores other programs had / (wall time × threads),
/// where the system tells it) and `busy` ([`busy`]: whether the call ran on a busy
/// machine).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Cpu {
    samples: Option<usize>,
    cpu_seconds: Option<f64>,
    cpu_share: Option<f64>,
    wait_share: Option<f64>,
    busy: Option<bool>,
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
                }
            }
            None => Cpu::default(),
        }
    }

    /// The CPU cells of the slowest (by median) of several timed calls of one row, each
    /// with the threads it ran on; empty when none was measured.
    pub fn of_slowest(calls: &[(Option<&Samples>, usize)]) -> Cpu {
        let measured = calls.iter().filter_map(|&(s, t)| Some((s?.median()?, s?, t)));
        measured.max_by(|a, b| a.0.total_cmp(&b.0)).map_or_else(Cpu::default, |(_, s, t)| Cpu::of(Some(s), t))
    }
}

impl Serialize for Cpu {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use ser::SerializeStruct;
        let mut g = s.serialize_struct(GROUP, 5)?;
        g.serialize_field("samples", &self.samples)?;
        g.serialize_field("cpu_seconds", &self.cpu_seconds.map(|v| format!("{v:.6}")))?;
        g.serialize_field("cpu_share", &self.cpu_share.map(|v| format!("{v:.3}")))?;
        g.serialize_field("wait_share", &self.wait_share.map(|v| format!("{v:.3}")))?;
        g.serialize_field("busy", &self.busy)?;
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

/// Whether a column may differ between two runs of the same manifest and seed: the
/// timings, and `threads`, which records the run's `--threads` setting.
pub fn varies_between_runs(name: &str) -> bool {
    is_time_column(name) || name == "threads"
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
    }

    fn example() -> Example {
        Example {
            instance: "spel1.txt".into(),
            positions: Some(42),
            seconds: Some(Seconds(Duration::from_millis(1500))),
            ratio: Fixed(0.5),
            equal: true,
            big: u128::MAX,
        }
    }

    fn common() -> [String; 3] {
        ["2".into(), "7".into(), "1.5".into()]
    }

    #[test]
    fn the_header_is_the_fields_then_the_common_columns() {
        assert_eq!(
            columns_of::<Example>(),
            ["instance", "positions", "seconds", "ratio", "equal", "big", "threads", "seed", "time_limit", "status"]
        );
    }

    #[test]
    fn cells_are_written_in_field_order_with_fixed_decimals() {
        let u128_max = u128::MAX.to_string();
        assert_eq!(
            cells(&example(), common(), &Status::Ok),
            ["spel1.txt", "42", "1.500000", "0.500", "true", &u128_max, "2", "7", "1.5", "ok"]
        );
    }

    #[test]
    fn empty_cells_say_timeout_only_in_a_stopped_row() {
        let row = Example { positions: None, seconds: None, ..example() };
        let stopped = cells(&row, common(), &Status::Stopped(Stopped::TimeLimit));
        assert_eq!(&stopped[1..3], ["timeout", "timeout"]);
        assert_eq!(stopped[9], "timeout");
        let finished = cells(&row, common(), &Status::Ok);
        assert_eq!(&finished[1..3], ["", ""]);
        let failed = cells(&row, common(), &Status::Error("plain and memo differ".into()));
        assert_eq!((&failed[1][..], &failed[9][..]), ("", "error: plain and memo differ"));
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
    }

    #[test]
    fn a_timing_is_five_cells_and_cpu_five() {
        assert_eq!(
            columns_of::<Timed>()[..11],
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
                "busy"
            ]
        );
        let s = Samples { wall: vec![0.3, 0.1, 0.2], cpu: vec![0.1, 0.1, 0.1], wait: vec![0.02, 0.04, 0.0] };
        let row = Timed { instance: "x".into(), seconds: Timing::of(Some(&s)), cpu: Cpu::of(Some(&s), 1) };
        assert_eq!(
            cells(&row, common(), &Status::Ok)[..11],
            [
                "x",
                "0.200000",
                "0.100000",
                "0.300000",
                "0.100000",
                "0.300000;0.100000;0.200000",
                "3",
                "0.100000",
                "0.500",
                "0.100",
                "false"
            ]
        );
        let stopped = cells(&Timed::default(), common(), &Status::Stopped(Stopped::TimeLimit));
        assert!(stopped[1..11].iter().all(|c| c == "timeout"), "{stopped:?}");
        let memo = Timed { seconds: Timing::timeout(), ..Timed::default() };
        assert_eq!(
            cells(&memo, common(), &Status::Ok)[1..7],
            ["timeout", "timeout", "timeout", "timeout", "timeout", ""]
        );
    }

    #[test]
    fn busy_is_a_long_wait_or_without_one_a_low_cpu_share() {
        assert!(busy(0.5, Some(1.0), Some(0.2)));
        assert!(!busy(0.5, Some(0.5), Some(0.05)), "an idle thread of a parallel call is no busy machine");
        assert!(busy(0.5, Some(0.5), None) && !busy(0.5, Some(0.95), None));
        assert!(!busy(0.005, Some(0.1), Some(0.9)), "calls under 10 ms are not judged");
    }

    #[test]
    fn spread_and_cpu_columns_are_time_columns() {
        for c in [
            "seconds_mad",
            "memo_seconds_samples",
            "speedup_low",
            "speedup_high",
            "samples",
            "cpu_share",
            "cpu_seconds",
            "wait_share",
            "busy",
        ] {
            assert!(is_time_column(c), "{c}");
        }
        for c in ["positions", "leaves_min", "time_limit_x", "instance"] {
            assert!(!is_time_column(c), "{c}");
        }
    }
}
