//! Every fact about the columns of a results CSV, declared once: what a column holds
//! ([`Kind`]: a count, seconds, a rate, ...), what part it plays in its row ([`Role`]: an
//! exact result, a measurement, the spread of one, CPU bookkeeping, ...), its unit, and the
//! status words its row's `status` cell is written with.
//!
//! The kinds come from the row structs' field types, not from their names: the row
//! serializer ([`super::row`]) tags every cell with the [`Column`] its type declares (a
//! [`super::row::Timing`] field is a median in seconds with its spread and samples, a
//! [`super::row::Rate`] is a measured rate, an integer is a count, a `bool` a flag, ...).
//! Each experiment's metadata records its columns with their kinds
//! ([`super::experiment_meta::ExperimentMeta::columns`]); the report, `compare` and the runner read
//! them from there. [`guess`] rebuilds a column from its name alone, for results
//! directories written before the metadata recorded columns (2026-11-26) and for columns
//! whose cells were empty in every row (whose type the serializer never saw).

use serde::{Deserialize, Serialize};

/// What a column's cells hold. A numeric kind's cells hold a number or nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// An exact non-negative integer: positions, leaves, games, sizes, thread counts.
    Count,
    /// Any other number written as computed (scores, ratios of counts, averages).
    Number,
    /// A duration in seconds.
    Seconds,
    /// Something per second (positions per second).
    Rate,
    /// A speed-up: sequential seconds over parallel seconds.
    Speedup,
    /// A share between 0 and 1 (CPU share, win rate).
    Ratio,
    /// A seed of `ChaCha8Rng`: an integer that is an identifier, not a quantity.
    Seed,
    /// An amount of memory in bytes (a peak resident set, a table's size).
    Bytes,
    /// `true` or `false`.
    Flag,
    /// Text: instance names, modes, moves, answers.
    Text,
    /// Where another column's number came from: `walk` or `memo`.
    Source,
    /// A status word ([`StatusWord`]), possibly followed by a message.
    Status,
    /// The raw samples of a timing (kept out of the wide CSV: see `samples/NAME.csv`).
    Samples,
}

impl Kind {
    /// Every kind, in declaration order.
    pub const ALL: [Kind; 13] = [
        Kind::Count,
        Kind::Number,
        Kind::Seconds,
        Kind::Rate,
        Kind::Speedup,
        Kind::Ratio,
        Kind::Seed,
        Kind::Bytes,
        Kind::Flag,
        Kind::Text,
        Kind::Source,
        Kind::Status,
        Kind::Samples,
    ];

    /// The kind's name as the metadata writes it (`count`, `seconds`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Count => "count",
            Kind::Number => "number",
            Kind::Seconds => "seconds",
            Kind::Rate => "rate",
            Kind::Speedup => "speedup",
            Kind::Ratio => "ratio",
            Kind::Seed => "seed",
            Kind::Bytes => "bytes",
            Kind::Flag => "flag",
            Kind::Text => "text",
            Kind::Source => "source",
            Kind::Status => "status",
            Kind::Samples => "samples",
        }
    }

    /// The kind named `name` ([`Kind::name`]).
    pub fn parse(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Whether the cells are numbers (or empty); a seed is an integer too.
    pub fn is_numeric(self) -> bool {
        matches!(
            self,
            Kind::Count
                | Kind::Number
                | Kind::Seconds
                | Kind::Rate
                | Kind::Speedup
                | Kind::Ratio
                | Kind::Seed
                | Kind::Bytes
        )
    }

    /// The unit of the column's numbers (empty for none).
    pub fn unit(self) -> &'static str {
        match self {
            Kind::Seconds => "s",
            Kind::Rate => "1/s",
            Kind::Speedup => "x",
            Kind::Bytes => "B",
            _ => "",
        }
    }
}

/// The suffix of [`Statistic::Above`] in tables written before 2026-12-02 (`speedup_drift`).
pub const ABOVE_BEFORE_2026_12_02: &str = "_drift";

/// Which statistic of a timing's samples a [`Role::Spread`] column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Statistic {
    /// The fastest sample.
    Min,
    /// The slowest sample.
    Max,
    /// The median absolute deviation of the samples.
    Mad,
    /// The low end of a 95 % interval.
    Low,
    /// The high end of a 95 % interval.
    High,
    /// How many paired rounds a ratio was estimated from.
    Rounds,
    /// Whether a speed-up's estimate exceeds what its threads can give while its interval
    /// reaches down to them: above its threads, but not significantly (the ordinary noise
    /// of a speed-up near linear). Tables written before 2026-12-02 name it `_drift`.
    #[serde(alias = "drift")]
    Above,
    /// Whether a speed-up's whole interval lies above what its threads can give (the
    /// sequential and the parallel code do different work: not a result).
    CodesDiffer,
}

impl Statistic {
    /// The suffix a spread column's name adds to its base (`_min`, ...).
    pub fn suffix(self) -> &'static str {
        match self {
            Statistic::Min => "_min",
            Statistic::Max => "_max",
            Statistic::Mad => "_mad",
            Statistic::Low => "_low",
            Statistic::High => "_high",
            Statistic::Rounds => "_rounds",
            Statistic::Above => "_above",
            Statistic::CodesDiffer => "_codes_differ",
        }
    }

    /// The kind of the statistic's cells, for a measurement of kind `of`: the kind itself
    /// for the spreads, a count of rounds, a flag of drift or of codes that differ.
    pub fn kind(self, of: Kind) -> Kind {
        match self {
            Statistic::Rounds => Kind::Count,
            Statistic::Above | Statistic::CodesDiffer => Kind::Flag,
            _ => of,
        }
    }

    const ALL: [Statistic; 8] = [
        Statistic::Min,
        Statistic::Max,
        Statistic::Mad,
        Statistic::Low,
        Statistic::High,
        Statistic::Rounds,
        Statistic::Above,
        Statistic::CodesDiffer,
    ];
}

/// The part a column plays in its row.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "role")]
pub enum Role {
    /// An exact result or a label of the row: the same in every run of the same manifest
    /// and seed; what `compare` checks cell by cell.
    Result,
    /// A measurement (a median time, a rate, a speed-up): it varies between runs.
    Measured,
    /// A statistic of the measurement in column `of`.
    Spread {
        /// The measured column.
        of: String,
        /// Which statistic.
        statistic: Statistic,
    },
    /// The raw samples of the timing in column `of`: written to `samples/NAME.csv`, never
    /// to the wide CSV.
    Samples {
        /// The timing column.
        of: String,
    },
    /// Per-row CPU bookkeeping of the timed call (`samples`, `cpu_seconds`, `cpu_share`,
    /// `wait_share`).
    Cpu,
    /// Whether the row was timed on a busy machine (`busy`).
    Busy,
    /// Where the number in column `of` came from (`walk` or `memo`).
    Source {
        /// The column whose provenance this is.
        of: String,
    },
    /// One of the [common columns](COMMON_COLUMNS) other than `status`.
    Common,
    /// A status: the row's `status`, or `PREFIX_status` for the columns named `PREFIX_*`.
    Status,
    /// The evidence behind a result, in words the report's answers read (where each stone
    /// lies in a small board's tilings): exact as a result, kept in the CSV, not shown in
    /// the tables.
    Evidence,
}

/// One column: its name, kind and role.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Column {
    /// The CSV header cell.
    pub name: String,
    /// What its cells hold.
    pub kind: Kind,
    /// The part it plays in the row.
    #[serde(flatten)]
    pub role: Role,
    /// The unit of its numbers (empty for none): written for readers of the metadata.
    #[serde(default)]
    pub unit: String,
}

impl Column {
    /// A column of `kind` and `role`, with the kind's unit.
    pub fn new(name: impl Into<String>, kind: Kind, role: Role) -> Column {
        Column { name: name.into(), kind, role, unit: kind.unit().to_string() }
    }

    /// Whether its cells may differ between two runs of the same manifest and seed: the
    /// measurements, their spread and samples, the CPU bookkeeping, the busy flag and the
    /// `threads` column (which records the run's `--threads`).
    pub fn varies_between_runs(&self) -> bool {
        match self.role {
            Role::Measured | Role::Spread { .. } | Role::Samples { .. } | Role::Cpu | Role::Busy => true,
            Role::Common => self.name == THREADS,
            Role::Result | Role::Source { .. } | Role::Status | Role::Evidence => false,
        }
    }

    /// Whether it is a timing median with samples (what `compare` compares).
    pub fn is_timing(&self) -> bool {
        self.kind == Kind::Seconds && self.role == Role::Measured
    }

    /// Whether the table shows it: not a spread, samples, CPU bookkeeping, busy flag or
    /// provenance column (those decorate or explain other cells).
    pub fn is_shown(&self) -> bool {
        matches!(self.role, Role::Result | Role::Measured | Role::Common | Role::Status)
    }
}

/// The common column holding the row's thread count.
pub const THREADS: &str = "threads";
/// The common column holding the experiment's (or item's) seed.
pub const SEED: &str = "seed";
/// The common column holding the per-call time limit in seconds.
pub const TIME_LIMIT: &str = "time_limit";
/// The common column holding the row's status.
pub const STATUS: &str = "status";
/// The column holding whether the row was timed on a busy machine.
pub const BUSY: &str = "busy";
/// The column holding the share of CPU time of a row's timed call.
pub const CPU_SHARE: &str = "cpu_share";
/// The column holding the number of timed samples of a row.
pub const SAMPLES: &str = "samples";
/// The column holding the peak resident memory of a row's timed calls, in bytes.
pub const PEAK_MEMORY: &str = "peak_memory_bytes";
/// The column that says why a row's rate or ratio is empty although its searches
/// finished (a median under the timer's reliable resolution): a measurement, since it
/// depends on the timing, so that the exact cells of two runs stay comparable.
pub const TIMING_STATUS: &str = "timing_status";

/// The columns every CSV row ends with, in this order: the thread count the row was
/// measured on, the experiment's seed, its per-call time limit in seconds (empty when
/// unlimited) and the row's status.
pub const COMMON_COLUMNS: [&str; 4] = [THREADS, SEED, TIME_LIMIT, STATUS];

/// The declared common columns, in [`COMMON_COLUMNS`] order.
pub fn common_columns() -> [Column; 4] {
    [
        Column::new(THREADS, Kind::Count, Role::Common),
        Column::new(SEED, Kind::Seed, Role::Common),
        Column::new(TIME_LIMIT, Kind::Seconds, Role::Common),
        Column::new(STATUS, Kind::Status, Role::Status),
    ]
}

/// The words a status cell starts with, each written here once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StatusWord {
    /// Every measurement of the row finished.
    Ok,
    /// A search of the row stopped at its time limit.
    Timeout,
    /// A search of the row was interrupted (Ctrl-C, SIGTERM).
    Interrupted,
    /// A search of the row stopped because its memo table would have taken the process
    /// past its memory limit (`memory_limit`, `--memory-limit`).
    Memory,
    /// The row's measurements disagree or failed; the cell goes on `: MESSAGE`.
    Error,
}

impl StatusWord {
    /// The word as written.
    pub const fn as_str(self) -> &'static str {
        match self {
            StatusWord::Ok => "ok",
            StatusWord::Timeout => "timeout",
            StatusWord::Interrupted => "interrupted",
            StatusWord::Memory => "memory",
            StatusWord::Error => "error",
        }
    }

    /// The word a status cell starts with, if it is one.
    pub fn of_cell(cell: &str) -> Option<StatusWord> {
        let cell = cell.trim();
        [StatusWord::Ok, StatusWord::Timeout, StatusWord::Interrupted, StatusWord::Memory, StatusWord::Error]
            .into_iter()
            .find(|w| cell == w.as_str() || (*w == StatusWord::Error && cell.starts_with("error")))
    }

    /// Whether the status explains an empty measurement: a stopped search.
    pub fn is_stopped(self) -> bool {
        matches!(self, StatusWord::Timeout | StatusWord::Interrupted | StatusWord::Memory)
    }
}

impl std::fmt::Display for StatusWord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A table's columns, in CSV order, with the lookups every reader needs.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Columns(pub Vec<Column>);

impl Columns {
    /// The columns of a CSV with header `names`, as recorded in its metadata (`declared`,
    /// matched by name), each one not recorded there rebuilt from its name by [`guess`].
    pub fn of(names: &[String], declared: &[Column]) -> Columns {
        Columns(
            names
                .iter()
                .map(|n| declared.iter().find(|c| &c.name == n).cloned().unwrap_or_else(|| guess(n, names)))
                .collect(),
        )
    }

    /// The columns of a header read by name alone (see [`guess`]).
    pub fn guessed(names: &[String]) -> Columns {
        Columns::of(names, &[])
    }

    /// The index of column `name`.
    pub fn index(&self, name: &str) -> Option<usize> {
        self.0.iter().position(|c| c.name == name)
    }

    /// Column `name`.
    pub fn get(&self, name: &str) -> Option<&Column> {
        self.0.iter().find(|c| c.name == name)
    }

    /// The index of the column holding statistic `statistic` of column `of`.
    pub fn spread_of(&self, of: &str, statistic: Statistic) -> Option<usize> {
        self.0
            .iter()
            .position(|c| matches!(&c.role, Role::Spread { of: o, statistic: s } if o == of && *s == statistic))
    }

    /// The index of the status column that explains an empty cell of column `name`: the
    /// status `PREFIX_status` of the longest prefix it has, else the row's `status`.
    pub fn status_for(&self, name: &str) -> Option<usize> {
        let words: Vec<&str> = name.split('_').collect();
        (1..words.len())
            .rev()
            .map(|n| format!("{}_{STATUS}", words[..n].join("_")))
            .find_map(|s| self.index(&s).filter(|&i| self.0[i].role == Role::Status))
            .or_else(|| self.index(STATUS))
    }

    /// The timing columns (medians in seconds that have samples).
    pub fn timings(&self) -> impl Iterator<Item = &Column> {
        self.0.iter().filter(|c| c.is_timing())
    }
}

/// A column rebuilt from its name alone, among the header `names` (for results written
/// before the metadata recorded columns): the one place where names are read for their
/// meaning. `X_min`/`X_max`/`X_mad`/`X_low`/`X_high` of a measured `X` are its spread,
/// `X_samples` its samples, `X_source` its provenance; `seconds` and `*_seconds` are
/// timings, `*_per_second` rates, `speedup` speed-ups; the common columns and the CPU
/// bookkeeping are what [`common_columns`] and [`super::row::Cpu`] declare; an `item_seed`
/// is a seed; anything else is an exact result of unknown kind, `text` until read.
pub fn guess(name: &str, names: &[String]) -> Column {
    let has = |n: &str| names.iter().any(|x| x == n);
    if let Some(c) = common_columns().into_iter().find(|c| c.name == name) {
        return c;
    }
    match name {
        SAMPLES => return Column::new(name, Kind::Count, Role::Cpu),
        "cpu_seconds" => return Column::new(name, Kind::Seconds, Role::Cpu),
        CPU_SHARE | "wait_share" => return Column::new(name, Kind::Ratio, Role::Cpu),
        BUSY => return Column::new(name, Kind::Flag, Role::Busy),
        PEAK_MEMORY => return Column::new(name, Kind::Bytes, Role::Measured),
        TIMING_STATUS => return Column::new(name, Kind::Status, Role::Measured),
        "item_seed" => return Column::new(name, Kind::Seed, Role::Result),
        _ => {}
    }
    if name != TIME_LIMIT {
        if let Some(of) = name.strip_suffix("_samples").filter(|b| has(b) && measured_name(b)) {
            return Column::new(name, Kind::Samples, Role::Samples { of: of.to_string() });
        }
        let suffixes =
            Statistic::ALL.map(|s| (s.suffix(), s)).into_iter().chain([(ABOVE_BEFORE_2026_12_02, Statistic::Above)]);
        for (suffix, statistic) in suffixes {
            if let Some(of) = name.strip_suffix(suffix).filter(|b| has(b) && measured_name(b)) {
                let kind = statistic.kind(measured_kind(of));
                return Column::new(name, kind, Role::Spread { of: of.to_string(), statistic });
            }
        }
    }
    if let Some(of) = name.strip_suffix("_source").filter(|b| has(b)) {
        return Column::new(name, Kind::Source, Role::Source { of: of.to_string() });
    }
    if name.ends_with("_status") {
        return Column::new(name, Kind::Status, Role::Status);
    }
    if measured_name(name) {
        return Column::new(name, measured_kind(name), Role::Measured);
    }
    Column::new(name, Kind::Text, Role::Result)
}

/// Whether a column may differ between two runs, read from its name alone ([`guess`],
/// with the bases its name could be the spread or samples of): for tables without
/// metadata (results written before 2026-11-26, rows in memory).
pub fn varies_between_runs(name: &str) -> bool {
    let mut names = vec![name.to_string()];
    for suffix in Statistic::ALL.map(Statistic::suffix).into_iter().chain(["_samples", "_source"]) {
        if let Some(base) = name.strip_suffix(suffix) {
            names.push(base.to_string());
        }
    }
    guess(name, &names).varies_between_runs()
}

/// Whether a name reads as a measurement (see [`guess`]).
fn measured_name(name: &str) -> bool {
    name == "seconds"
        || name.ends_with("_seconds")
        || name == "speedup"
        || name.ends_with("_speedup")
        || name.ends_with("_per_second")
}

fn measured_kind(name: &str) -> Kind {
    if name == "speedup" || name.ends_with("_speedup") {
        Kind::Speedup
    } else if name.ends_with("_per_second") {
        Kind::Rate
    } else {
        Kind::Seconds
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(s: &str) -> Vec<String> {
        s.split(',').map(String::from).collect()
    }

    #[test]
    fn old_headers_are_read_by_their_names() {
        let h = names("instance,positions,positions_source,seconds,seconds_mad,seconds_samples,samples,busy,speedup,speedup_low,leaves_per_second,threads,seed,time_limit,status");
        let c = Columns::guessed(&h);
        let kind = |n: &str| c.get(n).unwrap().kind;
        let role = |n: &str| c.get(n).unwrap().role.clone();
        assert_eq!(role("positions_source"), Role::Source { of: "positions".into() });
        assert_eq!(role("seconds_mad"), Role::Spread { of: "seconds".into(), statistic: Statistic::Mad });
        assert_eq!(role("seconds_samples"), Role::Samples { of: "seconds".into() });
        assert_eq!(role("speedup_low"), Role::Spread { of: "speedup".into(), statistic: Statistic::Low });
        assert!(varies_between_runs("memo_speedup_rounds") && varies_between_runs("speedup_above"));
        assert_eq!((kind("leaves_per_second"), kind("speedup"), kind("seed")), (Kind::Rate, Kind::Speedup, Kind::Seed));
        assert_eq!(role("busy"), Role::Busy);
        assert!(c.get("threads").unwrap().varies_between_runs() && !c.get("time_limit").unwrap().varies_between_runs());
        assert!(c.get("seconds").unwrap().is_timing() && !c.get("time_limit").unwrap().is_timing());
    }

    #[test]
    fn declared_columns_win_over_names() {
        let h = names("best_seconds,positions");
        let declared = [Column::new("best_seconds", Kind::Count, Role::Result)];
        let c = Columns::of(&h, &declared);
        assert_eq!(c.0[0].kind, Kind::Count);
        assert!(!c.0[0].varies_between_runs());
    }

    #[test]
    fn an_empty_cell_is_explained_by_its_prefix_status_or_the_rows() {
        let h = names("positions,memo_positions,memo_seconds,memo_status,status");
        let c = Columns::guessed(&h);
        assert_eq!(c.status_for("memo_seconds"), Some(3));
        assert_eq!(c.status_for("positions"), Some(4));
    }

    #[test]
    fn status_words_are_read_back() {
        assert_eq!(StatusWord::of_cell("error: plain and memo differ"), Some(StatusWord::Error));
        assert_eq!(StatusWord::of_cell(" timeout "), Some(StatusWord::Timeout));
        assert_eq!(StatusWord::of_cell("walk"), None);
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.name()), Some(k));
        }
    }

    #[test]
    fn a_column_is_written_with_its_kind_role_and_unit() {
        let c =
            Column::new("seconds_mad", Kind::Seconds, Role::Spread { of: "seconds".into(), statistic: Statistic::Mad });
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(
            json,
            r#"{"name":"seconds_mad","kind":"seconds","role":"spread","of":"seconds","statistic":"mad","unit":"s"}"#
        );
        assert_eq!(serde_json::from_str::<Column>(&json).unwrap(), c);
    }
}
