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
//!
//! The row's parts live in rooms of their own: [`status`] (the `status` cell and its
//! words), [`cell_types`] (the typed cells of exact results: seconds, fixed decimals, ratios,
//! rates, seeds, sources, speed-ups), [`timing`] (the cells of a measured timing and of the
//! CPU and busy facts of a timed call) and [`serializer`] (the row serializer that turns a
//! row struct into its header, its cells and their declared columns). Every public item is
//! also named here, as `results::row::ITEM`.

pub use super::columns::{
    varies_between_runs, Column, Kind, Role, Statistic, StatusWord, COMMON_COLUMNS, SEED, STATUS, THREADS, TIME_LIMIT,
};

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
/// ROLE one of `result`, `measured`, `min`, `max`, `mad`, `low`, `high`, `rounds`, `drift`,
/// `differ`, `samples`, `cpu`, `busy`, `source`, `status`, `evidence`. The row serializer reads it; every other serializer (JSON) sees
/// through the newtype.
macro_rules! col {
    ($kind:literal, $role:literal) => {
        concat!("harness::col::", $kind, "::", $role)
    };
}

pub mod cell_types;
pub mod serializer;
pub mod status;
pub mod timing;

pub use cell_types::{
    resolved, Evidence, Fixed, MemoryBytes, Rate, Ratio, Seconds, Seed, Source, Speedup, GROUP, MARKED_THREADS,
    ONE_THREAD_RANGE, RESOLUTION_SECONDS,
};
pub use serializer::{cells, columns_of, neutralise_formula, unneutralise_formula, RowCells};
pub use status::{status_of, status_word, Status, TimingStatus, STATUS_OK, STATUS_TIMEOUT};
pub use timing::{
    busy, parse_samples_cell, seconds_cell, Cpu, SampleCell, Timing, BUSY_MIN_SECONDS, BUSY_SHARE, BUSY_WAIT_SHARE,
};

#[cfg(test)]
mod tests;
