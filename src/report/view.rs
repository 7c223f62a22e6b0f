//! The one table model that every back end renders (LaTeX, HTML, Markdown): which columns
//! are shown, what the constant columns say in the notes, which cells are markers
//! (`timeout`, `error: ...`, `< 1 ms`, a speed-up's `drift` or `codes differ`), which
//! counts came from the memo (†), the timing spread (median ± MAD), a speed-up's interval
//! and which rows ran on a busy machine, with a one-line note defining each mark shown. Decided here once, so a caption,
//! a unit, a dagger or a spread reads alike in every format.
//!
//! Cells and headers are plain Unicode text here; each back end escapes them itself.

use super::cell_text::{self, is_marker, mebibytes, Medium};
use super::language::Language;
use crate::results::columns::{
    Kind, Role, Statistic, StatusWord, CPU_SHARE, SAMPLES, SEED, STATUS, THREADS, TIME_LIMIT, TIMING_STATUS,
};
use crate::results::csv_table::{parse_number, CsvTable};
use crate::results::row::{BUSY_SHARE, RESOLUTION_SECONDS};

/// The columns left out when they hold one value in every row (stated in a note instead):
/// the common columns.
pub const BOOKKEEPING: [&str; 4] = [SEED, THREADS, TIME_LIMIT, STATUS];

/// The mark after a number counted through the memo.
pub const MEMO_MARK: char = '†';

/// The footnote that explains [`MEMO_MARK`].
pub const MEMO_NOTE: &str = "† exact count through the memo (the plain walk passed its time limit).";

/// The note that explains a speed-up's interval.
pub const INTERVAL_NOTE: &str = "A speed-up is the geometric mean of the ratios of samples timed in the same round (the variants of a row run in each round in a seeded, balanced order: each in each position equally often), shown with its 95 % interval (Student t of the log ratios); with one round it says 1 sample and has no interval.";

/// The note that explains a speed-up above its threads but not significantly.
pub const ABOVE_NOTE: &str = "above N threads (not significant): on two threads or more, the speed-up's estimate exceeds the N threads it ran on while its 95 % interval reaches down to N; near linear speed-up, noise alone puts about half the estimates above N, so this is no finding; the estimate is kept, and drawn with its interval.";

/// The note that explains a speed-up marked as codes that differ.
pub const CODES_DIFFER_NOTE: &str = "codes differ: on two threads or more, the speed-up's whole 95 % interval lies above the threads it ran on, beyond noise: a finding; the sequential and the parallel code do different work, and the figure is not a result.";

/// The note that explains a time under the timer's reliable resolution.
pub const RESOLUTION_NOTE: &str =
    "< 1 ms: the median is under 1 ms, where the fixed cost of a call and the timer's jitter are too large a part of the time to compare; no rate or ratio is computed from it.";

/// The word that begins the label of a speed-up above its threads but not significantly
/// ([`ABOVE_NOTE`], [`above_label`]).
pub const ABOVE_MARK: &str = "above ";

/// The words that mark a speed-up as codes that differ ([`CODES_DIFFER_NOTE`]).
pub const CODES_DIFFER_MARK: &str = "codes differ";

/// The shown text of a time under the timer's reliable resolution.
pub const UNDER_RESOLUTION: &str = "< 1 ms";

/// The note that explains a busy row.
pub const BUSY_NOTE: &str = "busy: while this row was timed, other programs had the cores its threads waited for more than 10 % of the time; its times are unreliable.";

/// The shown text of a rate measured in a busy row: a rate from times that other
/// programs stretched would read as the program's speed, so it is not given (the CSV
/// keeps it).
pub const BUSY_RATE: &str = "busy, not given";

/// The note that explains [`BUSY_RATE`].
pub const BUSY_RATE_NOTE: &str =
    "busy, not given: a rate of a busy row, which would read as the program's speed; the CSV keeps it.";

/// The marks and notes of a table in one language.
#[derive(Debug, Clone, Copy)]
pub struct Marks {
    /// [`MEMO_NOTE`].
    pub memo_note: &'static str,
    /// [`INTERVAL_NOTE`].
    pub interval_note: &'static str,
    /// [`ABOVE_NOTE`].
    pub above_note: &'static str,
    /// [`CODES_DIFFER_NOTE`].
    pub codes_differ_note: &'static str,
    /// [`RESOLUTION_NOTE`].
    pub resolution_note: &'static str,
    /// [`ABOVE_MARK`].
    pub above_mark: &'static str,
    /// [`CODES_DIFFER_MARK`].
    pub codes_differ_mark: &'static str,
    /// [`UNDER_RESOLUTION`].
    pub under_resolution: &'static str,
    /// [`BUSY_NOTE`].
    pub busy_note: &'static str,
    /// [`BUSY_RATE`].
    pub busy_rate: &'static str,
    /// [`BUSY_RATE_NOTE`].
    pub busy_rate_note: &'static str,
}

/// The marks and notes in English.
pub const ENGLISH_MARKS: Marks = Marks {
    memo_note: MEMO_NOTE,
    interval_note: INTERVAL_NOTE,
    above_note: ABOVE_NOTE,
    codes_differ_note: CODES_DIFFER_NOTE,
    resolution_note: RESOLUTION_NOTE,
    above_mark: ABOVE_MARK,
    codes_differ_mark: CODES_DIFFER_MARK,
    under_resolution: UNDER_RESOLUTION,
    busy_note: BUSY_NOTE,
    busy_rate: BUSY_RATE,
    busy_rate_note: BUSY_RATE_NOTE,
};

/// The marks and notes in Dutch.
pub const DUTCH_MARKS: Marks = Marks {
    memo_note: "† exacte telling via het memo (de gewone doorloop overschreed zijn tijdslimiet).",
    interval_note: "Een versnelling is het meetkundig gemiddelde van de verhoudingen tussen metingen uit dezelfde ronde (de varianten van een rij lopen in elke ronde in een vaste, gebalanceerde volgorde: elk even vaak op elke plaats), met haar 95 %-interval (Student-t van de logaritmen van de verhoudingen); bij één ronde staat er 1 meting en is er geen interval.",
    above_note: "boven N threads (niet significant): bij twee of meer threads ligt de geschatte versnelling boven de N threads waarop zij liep, terwijl haar 95 %-interval tot N reikt; bij bijna lineaire versnelling legt ruis alleen al ongeveer de helft van de schattingen boven N, dus dit is geen bevinding; de schatting blijft staan en is met haar interval getekend.",
    codes_differ_note: "code verschilt: bij twee of meer threads ligt het hele 95 %-interval van de versnelling boven het aantal threads waarop zij liep, buiten de ruis: een bevinding; de sequentiële en de parallelle code doen verschillend werk, en het getal is geen resultaat.",
    resolution_note: "< 1 ms: de mediaan ligt onder 1 ms, waar de vaste kosten van een aanroep en de onnauwkeurigheid van de timer een te groot deel van de tijd zijn om te vergelijken; er wordt geen snelheid of verhouding uit berekend.",
    above_mark: "boven ",
    codes_differ_mark: "code verschilt",
    under_resolution: UNDER_RESOLUTION,
    busy_note: "druk: terwijl deze rij werd gemeten, hielden andere programma's de kernen bezet, zodat de threads meer dan 10 % van de tijd wachtten; de tijden zijn onbetrouwbaar.",
    busy_rate: "druk, niet gegeven",
    busy_rate_note: "druk, niet gegeven: een snelheid uit een drukke rij zou gelezen worden als de snelheid van het programma; de CSV bewaart haar.",
};

impl Marks {
    /// The marks and notes of `language`.
    pub fn of(language: Language) -> &'static Marks {
        language.pick(&ENGLISH_MARKS, &DUTCH_MARKS)
    }
}

/// A status word shown in a cell (`timeout`, `error: ...`) in `language`: the word that
/// starts it translated, the rest (an error's own message) as it is.
pub fn status_text(text: &str, language: Language) -> String {
    if language == Language::En {
        return text.to_string();
    }
    const DUTCH: [(&str, &str); 5] = [
        ("timeout", "time-out"),
        ("interrupted", "onderbroken"),
        ("memory", "geheugen vol"),
        ("error", "fout"),
        ("ok", "ok"),
    ];
    match DUTCH.iter().find(|(en, _)| text.starts_with(en)) {
        Some((en, nl)) => format!("{nl}{}", &text[en.len()..]),
        None => text.to_string(),
    }
}

/// Per-item seeds longer than this are not shown (they stay in the CSV).
pub const LONG_SEED_DIGITS: usize = 8;

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellKind {
    /// A number (right-aligned).
    Number,
    /// Text.
    Text,
    /// `timeout`, `interrupted` or `error: ...`.
    Marker,
    /// An empty CSV cell.
    Empty,
}

/// One shown cell.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// The raw CSV cell.
    pub raw: String,
    /// The cell as shown (thousands separators, three significant digits for times).
    pub text: String,
    /// What it holds.
    pub kind: CellKind,
    /// Whether the number came from the memo rather than the timed walk.
    pub memo: bool,
    /// The median absolute deviation of a timing median, formatted like the median.
    pub spread: Option<String>,
    /// Whether the timing median is of one sample only: it has no spread to show, and
    /// every format says "1 sample" instead of a ± 0.
    pub one_sample: bool,
    /// The 95 % interval of a speed-up (`1.80–2.00`), where the table has one.
    pub interval: Option<String>,
}

/// One shown column.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    /// The CSV column name.
    pub name: String,
    /// Its index in the CSV.
    pub index: usize,
    /// The name prefix it shares with its neighbours (`dumb_find` of `dumb_find_seconds`).
    pub prefix: Option<String>,
    /// Its name under that prefix (the whole name without one).
    pub leaf: String,
    /// Its group header, when consecutive columns share a name prefix.
    pub group: Option<String>,
    /// The header with its unit (the leaf name under a group).
    pub header: String,
    /// What its cells hold, as declared.
    pub kind: Kind,
    /// Whether every value is a number.
    pub numeric: bool,
    /// Whether some cell wraps (long text).
    pub wraps: bool,
}

/// One row.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Its cells, one per shown column.
    pub cells: Vec<Cell>,
    /// Whether it ran on a busy machine (its `busy` cell; in CSVs without one, a
    /// `cpu_share` below [`BUSY_SHARE`]).
    pub busy: bool,
    /// Whether some cell of the row (shown or not) is `timeout` or an error.
    pub unfinished: bool,
}

/// A table as every back end shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct TableView {
    /// The shown columns.
    pub columns: Vec<Column>,
    /// The rows.
    pub rows: Vec<Row>,
    /// Notes under the table (plain text, full sentences).
    pub notes: Vec<String>,
}

impl TableView {
    /// The view of `table` (see the module documentation), in English.
    pub fn of(table: &CsvTable) -> TableView {
        TableView::in_language(table, Language::En)
    }

    /// The view of `table` with its headers, marks and notes in `language`.
    pub fn in_language(table: &CsvTable, language: Language) -> TableView {
        let marks = Marks::of(language);
        let (hidden, mut notes) = hidden_columns(table, language);
        let sources = source_columns(table);
        let shown: Vec<usize> = (0..table.columns.len()).filter(|c| !hidden.contains(c)).collect();
        let shown: Vec<usize> = shown.into_iter().filter(|&c| !all_empty(table, c)).collect();
        let columns = header_columns(table, &shown, language);
        let busy_of = busy_reader(table);
        let rows: Vec<Row> = table
            .rows
            .iter()
            .map(|row| Row {
                cells: columns.iter().map(|c| cell(table, row, c, &sources, language)).collect(),
                busy: busy_of(row),
                unfinished: unfinished(table, row),
            })
            .collect();
        if rows.iter().any(|r| r.cells.iter().any(|c| c.spread.is_some() || c.one_sample)) {
            notes.push(spread_note(table, language));
        }
        if rows.iter().any(|r| r.cells.iter().any(|c| c.interval.is_some())) {
            notes.push(marks.interval_note.to_string());
        }
        let marked = |prefix: &str| {
            rows.iter().any(|r| r.cells.iter().any(|c| c.kind == CellKind::Marker && c.text.starts_with(prefix)))
        };
        for (prefix, note) in [
            (marks.above_mark, marks.above_note),
            (marks.codes_differ_mark, marks.codes_differ_note),
            (marks.under_resolution, marks.resolution_note),
            (marks.busy_rate, marks.busy_rate_note),
        ] {
            if marked(prefix) {
                notes.push(note.to_string());
            }
        }
        if rows.iter().any(|r| r.cells.iter().any(|c| c.memo)) {
            notes.push(marks.memo_note.to_string());
        }
        if rows.iter().any(|r| r.busy) {
            notes.push(marks.busy_note.to_string());
        }
        TableView { columns, rows, notes }
    }
}

/// Whether every cell of column `index` would show as an empty cell (a dash) in a table
/// that has rows: empty, and not a measurement or count whose search stopped (those show
/// `timeout`): a figure no row's search computes, such as the `parallel` experiment's
/// answer columns of searches it does not list. Such a column is not shown.
fn all_empty(table: &CsvTable, index: usize) -> bool {
    let declared = table.column_at(index);
    let marked = declared.role != Role::Result || declared.kind.is_numeric();
    !table.rows.is_empty()
        && table.rows.iter().all(|r| r[index].trim().is_empty() && !(marked && table.empty_because(r, index).is_some()))
}

/// Whether a status cell of `row` says a search timed out or failed (an interrupted row
/// is work to resume, not a result).
fn unfinished(table: &CsvTable, row: &[String]) -> bool {
    table.declared.0.iter().zip(row).any(|(c, cell)| {
        (c.role == Role::Status || c.kind.is_numeric())
            && StatusWord::of_cell(cell).is_some_and(|w| matches!(w, StatusWord::Timeout | StatusWord::Error))
    })
}

/// How a row tells whether it ran on a busy machine: its busy flag, or in CSVs written
/// before that column, a `cpu_share` below [`BUSY_SHARE`].
pub fn busy_reader(table: &CsvTable) -> impl Fn(&[String]) -> bool {
    let flag = table.declared.0.iter().position(|c| c.role == Role::Busy);
    let share = table.index(CPU_SHARE);
    move |row: &[String]| match (flag, share) {
        (Some(i), _) => row[i].trim() == "true",
        (None, Some(i)) => parse_number(&row[i]).is_some_and(|s| s < BUSY_SHARE),
        (None, None) => false,
    }
}

fn spread_note(table: &CsvTable, language: Language) -> String {
    let samples = constant_value(table, SAMPLES);
    let l = language;
    match samples {
        Some("1") => l
            .pick(
                "Each time is one timed call (1 sample), so no spread is shown.",
                "Elke tijd is één gemeten aanroep (1 meting), dus er is geen spreiding.",
            )
            .to_string(),
        Some(n) => match l {
            Language::En => format!("Times are the median ± median absolute deviation of {n} timed samples."),
            Language::Nl => format!("Tijden zijn de mediaan ± de mediane absolute afwijking van {n} metingen."),
        },
        None => {
            let counts: Vec<f64> = table.rows.iter().filter_map(|r| table.number(r, SAMPLES)).collect();
            match (counts.iter().copied().reduce(f64::min), counts.iter().copied().reduce(f64::max)) {
                (Some(lo), Some(hi)) => match l {
                    Language::En => format!(
                        "Times are the median ± median absolute deviation of {} to {} timed samples per row; a time from one sample says so.",
                        plain_real(lo),
                        plain_real(hi)
                    ),
                    Language::Nl => format!(
                        "Tijden zijn de mediaan ± de mediane absolute afwijking van {} tot {} metingen per rij; bij een tijd uit één meting staat dat erbij.",
                        plain_real(lo),
                        plain_real(hi)
                    ),
                },
                _ => l
                    .pick(
                        "Times are the median ± median absolute deviation of each row's timed samples.",
                        "Tijden zijn de mediaan ± de mediane absolute afwijking van de metingen van elke rij.",
                    )
                    .to_string(),
            }
        }
    }
}

fn constant_value<'a>(table: &'a CsvTable, column: &str) -> Option<&'a str> {
    let cells = table.column(column);
    let first = *cells.first()?;
    cells.iter().all(|c| *c == first).then_some(first)
}

/// The note stating that bookkeeping `column` holds `value` in every row, in `language`;
/// none for a value that is not stated.
fn constant_note(column: &str, value: &str, language: Language) -> Option<String> {
    let l = language;
    Some(match column {
        "seed" => format!("{} {value}", l.pick("random seed", "startgetal van de toevalsgenerator")),
        "threads" => format!("{value} thread{}", if value == "1" { "" } else { "s" }),
        "time_limit" if value.is_empty() => l.pick("no time limit", "geen tijdslimiet").to_string(),
        "time_limit" => match parse_number(value) {
            Some(v) => match l {
                Language::En => format!("time limit {} s per search call", plain_real(v)),
                Language::Nl => format!("tijdslimiet {} s per zoekaanroep", plain_real(v)),
            },
            None => format!("{} {value}", l.pick("time limit", "tijdslimiet")),
        },
        "status" if value == "ok" => {
            l.pick("every row complete (status ok)", "elke rij volledig (status ok)").to_string()
        }
        _ => return None,
    })
}

/// Columns not shown and the notes stating the constant ones.
fn hidden_columns(table: &CsvTable, language: Language) -> (Vec<usize>, Vec<String>) {
    let mut hidden = Vec::new();
    let mut notes = Vec::new();
    for column in BOOKKEEPING {
        let (Some(index), Some(value)) = (table.index(column), constant_value(table, column)) else { continue };
        let Some(note) = constant_note(column, value, language) else { continue };
        hidden.push(index);
        notes.push(note);
    }
    let mut sentence = notes.join("; ");
    if let Some(first) = sentence.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    let mut notes = if sentence.is_empty() { Vec::new() } else { vec![format!("{sentence}.")] };
    // `seed` held the per-item seeds in CSVs written before `item_seed`.
    for column in ["item_seed", "seed"] {
        let Some(seed) = table.index(column) else { continue };
        let long = table.rows.iter().any(|r| r[seed].trim().len() > LONG_SEED_DIGITS);
        if long && !hidden.contains(&seed) {
            hidden.push(seed);
            notes.push(match language {
                Language::En => format!("Each row's own random seed, which replays it, is in the CSV's column {column}."),
                Language::Nl => format!(
                    "Het eigen startgetal van elke rij, waarmee die rij opnieuw te draaien is, staat in kolom {column} van de CSV."
                ),
            });
        }
    }
    for (index, note) in steady_memory(table, language) {
        hidden.push(index);
        notes.push(note);
    }
    // `under 1 ms, no positions_per_second`: the time's `< 1 ms` mark, the empty cell
    // beside it and the resolution note say the same in words a reader knows; the CSV
    // keeps the column.
    if let Some(index) = table.index(TIMING_STATUS) {
        let explained = |cell: &str| cell.trim().is_empty() || cell.trim().starts_with("under 1 ms");
        if table.rows.iter().all(|r| explained(&r[index])) && !hidden.contains(&index) {
            hidden.push(index);
        }
    }
    let sources = source_columns(table);
    for (index, column) in table.declared.0.iter().enumerate() {
        let part_status = column.role == Role::Status && column.name != STATUS;
        let odd_source = matches!(column.role, Role::Source { .. }) && !sources.iter().any(|&(s, _)| s == index);
        if (!column.is_shown() && !odd_source || part_status) && !hidden.contains(&index) {
            hidden.push(index);
        }
    }
    (hidden, notes)
}

/// A memory column stays in the table where memory matters: where its largest cell is at
/// least this many times its smallest (a memo table in some rows and not in others, tables
/// of different sizes). Elsewhere it is stated in a note.
pub const MEMORY_SHOWN_RATIO: f64 = 2.0;

/// The measured memory columns whose cells stay within [`MEMORY_SHOWN_RATIO`] of each
/// other, each with the note that states their range in MiB (columns with no number are
/// left to the general rule).
fn steady_memory(table: &CsvTable, language: Language) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (index, column) in table.declared.0.iter().enumerate() {
        if column.kind != Kind::Bytes || column.role != Role::Measured {
            continue;
        }
        let values: Vec<f64> = table.rows.iter().filter_map(|r| parse_number(&r[index])).collect();
        let (Some(lo), Some(hi)) = (values.iter().copied().reduce(f64::min), values.iter().copied().reduce(f64::max))
        else {
            continue;
        };
        if hi < MEMORY_SHOWN_RATIO * lo.max(1.0) {
            let mib = |v: f64| cell_text::number_in(&mebibytes(v), Medium::Text, language);
            let range = if mebibytes(lo) == mebibytes(hi) {
                format!("{} MiB", mib(lo))
            } else {
                format!("{} {} {} MiB", mib(lo), language.pick("to", "tot"), mib(hi))
            };
            let note = match language {
                Language::En => format!(
                    "Peak memory that each row's timed calls added to the process: {range} (the CSV's column {}).",
                    column.name
                ),
                Language::Nl => format!(
                    "Piekgeheugen dat de gemeten aanroepen van elke rij aan het proces toevoegden: {range} (kolom {} van de CSV).",
                    column.name
                ),
            };
            out.push((index, note));
        }
    }
    out
}

/// The provenance columns: `(source, counted)` for every column declared as the source
/// of another column present in the table, whose cells all say `walk`, `memo` or nothing
/// (a column of other words is shown as it is).
pub fn source_columns(table: &CsvTable) -> Vec<(usize, usize)> {
    table
        .declared
        .0
        .iter()
        .enumerate()
        .filter_map(|(source, column)| match &column.role {
            Role::Source { of } => Some((source, table.index(of)?)),
            _ => None,
        })
        .filter(|&(source, _)| {
            table.rows.iter().all(|r| matches!(r[source].trim(), "walk" | "memo" | "") || is_marker(r[source].trim()))
        })
        .collect()
}

/// Whether a column holds numbers: its declared kind is numeric and some cell holds one.
pub fn numeric(table: &CsvTable, index: usize) -> bool {
    table.kind_at(index).is_numeric() && table.rows.iter().any(|r| parse_number(&r[index]).is_some())
}

/// Text longer than this (in characters) wraps.
pub const WRAP_TEXT_CHARS: usize = 40;

fn prefixes(name: &str) -> Vec<String> {
    let words: Vec<&str> = name.split('_').collect();
    (1..words.len()).rev().map(|n| words[..n].join("_")).collect()
}

/// The shown columns with their headers: starting at each column, the longest name
/// prefix (whole words) shared by the next column groups every following column with it.
fn header_columns(table: &CsvTable, shown: &[usize], language: Language) -> Vec<Column> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < shown.len() {
        let name = &table.columns[shown[i]];
        let shares = |p: &str, j: usize| shown.get(j).is_some_and(|&c| table.columns[c].starts_with(&format!("{p}_")));
        let prefix = prefixes(name).into_iter().find(|p| shares(p, i + 1));
        let end = match &prefix {
            Some(p) => (i + 1..=shown.len()).find(|&e| !shares(p, e)).unwrap_or(shown.len()),
            None => i + 1,
        };
        for &index in &shown[i..end] {
            let name = &table.columns[index];
            let leaf = prefix.as_ref().map_or(name.as_str(), |p| &name[p.len() + 1..]);
            let longest = table.rows.iter().map(|r| r[index].chars().count()).max().unwrap_or(0);
            let numeric = numeric(table, index);
            out.push(Column {
                name: name.clone(),
                index,
                prefix: prefix.clone(),
                leaf: leaf.to_string(),
                group: prefix.as_deref().map(|p| cell_text::header_in(p, Medium::Text, language)),
                header: cell_text::header_in(leaf, Medium::Text, language),
                kind: table.kind_at(index),
                numeric,
                wraps: !numeric && longest > WRAP_TEXT_CHARS,
            });
        }
        i = end;
    }
    out
}

/// The plain header of a column name, with its unit.
pub fn plain_header(name: &str) -> String {
    cell_text::header(name, Medium::Text)
}

fn cell(table: &CsvTable, row: &[String], column: &Column, sources: &[(usize, usize)], language: Language) -> Cell {
    let marks = Marks::of(language);
    let declared = table.column_at(column.index);
    let raw = match declared.kind {
        Kind::Text => crate::results::row::unneutralise_formula(&row[column.index]).to_string(),
        _ => row[column.index].clone(),
    };
    let trimmed = raw.trim();
    let stopped =
        table.empty_because(row, column.index).filter(|_| declared.role != Role::Result || declared.kind.is_numeric());
    let (kind, shown) = if let Some(word) = stopped {
        (CellKind::Marker, status_text(word.as_str(), language))
    } else if trimmed.is_empty() {
        (CellKind::Empty, String::new())
    } else if is_marker(trimmed) {
        (CellKind::Marker, status_text(trimmed, language))
    } else if declared.kind.is_numeric() && parse_number(trimmed).is_some() {
        (CellKind::Number, trimmed.to_string())
    } else {
        (CellKind::Text, trimmed.to_string())
    };
    let memo = match sources.iter().find(|&&(_, counted)| counted == column.index) {
        Some(&(source, _)) => row[source].trim() == "memo",
        None => kind == CellKind::Number && timed_out_count(table, row, &column.name),
    };
    let timing = kind == CellKind::Number && declared.kind == Kind::Seconds && declared.role == Role::Measured;
    let ratio = kind == CellKind::Number && declared.kind == Kind::Speedup;
    let statistic = |s: Statistic| table.declared.spread_of(&declared.name, s).map(|i| row[i].trim());
    let rounds = statistic(Statistic::Rounds).and_then(parse_number);
    let single = table.number(row, SAMPLES) == Some(1.0);
    let one_sample = (timing && single) || (ratio && rounds == Some(1.0));
    let marker = |text: String| Cell {
        text,
        raw: raw.clone(),
        kind: CellKind::Marker,
        memo: false,
        spread: None,
        one_sample: false,
        interval: None,
    };
    if timing && parse_number(trimmed).is_some_and(|v| v < RESOLUTION_SECONDS) {
        return marker(marks.under_resolution.to_string());
    }
    let rate = kind == CellKind::Number && declared.kind == Kind::Rate && declared.role == Role::Measured;
    if rate && busy_reader(table)(row) {
        return marker(marks.busy_rate.to_string());
    }
    let end = |s: Statistic| table.declared.spread_of(&declared.name, s).and_then(|i| parse_number(&row[i]));
    let interval = (ratio && !one_sample && (rounds.is_some() || !single))
        .then(|| Some(format!("{:.2}–{:.2}", end(Statistic::Low)?, end(Statistic::High)?)))
        .flatten();
    let marked = |s: Statistic| ratio && statistic(s) == Some("true");
    let value = || cell_text::format_cell_in(declared.kind, &shown, Medium::Text, language);
    if marked(Statistic::CodesDiffer) {
        return marker(match &interval {
            Some(i) => format!("{} ({}; {i})", marks.codes_differ_mark, value()),
            None => format!("{} ({})", marks.codes_differ_mark, value()),
        });
    }
    if marked(Statistic::Above) {
        let label = above_label_in(threads_of(table, row, &declared.name), language);
        return marker(match &interval {
            Some(i) => format!("{label}: {} ({i})", value()),
            None => format!("{label}: {}", value()),
        });
    }
    let spread = (timing && !one_sample)
        .then(|| table.declared.spread_of(&declared.name, Statistic::Mad))
        .flatten()
        .and_then(|mad| parse_number(&row[mad]))
        .map(|mad| cell_text::number_in(&spread_text(mad), Medium::Text, language));
    let interval = interval.map(|i| cell_text::number_in(&i, Medium::Text, language));
    let text = cell_text::format_cell_in(declared.kind, &shown, Medium::Text, language);
    Cell { text, raw, kind, memo, spread, one_sample, interval }
}

/// The label of a speed-up above its threads whose interval reaches down to them
/// ([`ABOVE_NOTE`]): `above 2 threads (not significant)`; `above its threads (not
/// significant)` where the row does not say how many.
pub fn above_label(threads: Option<u64>) -> String {
    above_label_in(threads, Language::En)
}

/// [`above_label`] in `language`.
pub fn above_label_in(threads: Option<u64>, language: Language) -> String {
    if language == Language::Nl {
        return match threads {
            Some(1) => "boven 1 thread (niet significant)".to_string(),
            Some(n) => format!("boven {n} threads (niet significant)"),
            None => "boven het eigen aantal threads (niet significant)".to_string(),
        };
    }
    match threads {
        Some(1) => "above 1 thread (not significant)".to_string(),
        Some(n) => format!("{ABOVE_MARK}{n} threads (not significant)"),
        None => format!("{ABOVE_MARK}its threads (not significant)"),
    }
}

/// The threads a speed-up in `column` of `row` ran on: the row's `threads` cell, or the
/// count in the column's name (`speedup_2_threads` of the cross-game summary).
fn threads_of(table: &CsvTable, row: &[String], column: &str) -> Option<u64> {
    if let Some(t) = table.number(row, THREADS) {
        return Some(t as u64);
    }
    let count = column.strip_suffix("_threads").or_else(|| column.strip_suffix("_thread"))?;
    count.rsplit_once('_')?.1.parse().ok()
}

/// A timing spread (median absolute deviation, seconds) as shown after `±`: three
/// significant digits, and `< 0.000001` for a spread the CSV's microseconds round to
/// zero, so that no cell reads `± 0` for a spread it does not know to be zero.
pub fn spread_text(mad: f64) -> String {
    if mad < 0.000_000_5 {
        "< 0.000001".to_string()
    } else {
        cell_text::format_seconds(mad, Medium::Text)
    }
}

/// Whether `column` is a count (`positions`, `PREFIX_positions`) whose timed call
/// (`seconds`, `PREFIX_seconds`) did not finish in `row` (empty for a stopped search, or
/// a marker in CSVs written before 2026-11-26): a number there cannot come from the timed
/// walk, so it came from the memo.
fn timed_out_count(table: &CsvTable, row: &[String], column: &str) -> bool {
    let Some(prefix) = column.strip_suffix("positions") else { return false };
    let Some(timing) = table.index(&format!("{prefix}seconds")) else { return false };
    is_marker(row[timing].trim()) || table.empty_because(row, timing).is_some_and(StatusWord::is_stopped)
}

/// The text of one CSV cell of a column of kind `kind`, as the page, the Markdown and
/// the terminal show it ([`cell_text::format_cell`] in text).
pub fn format_plain(kind: Kind, cell: &str) -> String {
    cell_text::format_cell(kind, cell, Medium::Text)
}

/// A real number as text (four significant digits).
pub fn plain_real(v: f64) -> String {
    cell_text::format_real(v, Medium::Text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::csv_table::test_table as table;

    /// A table's names are shown as the CSV holds them, never read as LaTeX; control
    /// characters as the PDF shows them.
    #[test]
    fn names_bypass_latex() {
        assert_eq!(format_plain(Kind::Text, "~h\\input{x}.txt"), "~h\\input{x}.txt");
        assert_eq!(format_plain(Kind::Text, "a--b $5$"), "a--b $5$");
        assert_eq!(format_plain(Kind::Source, "x\u{1b}y\tz"), "x\\u{1b}y z");
        assert_eq!(format_plain(Kind::Flag, "true"), "yes");
        assert_eq!(format_plain(Kind::Text, "timeout"), "timeout");
    }

    #[test]
    fn constant_columns_become_one_note_and_long_seeds_leave() {
        let t = table(
            "instance,positions,item_seed,seed,threads,status\n\
             a,1,1234567890123,7,2,ok\nb,1000,9876543210987,7,2,ok\n",
        );
        let v = TableView::of(&t);
        let names: Vec<&str> = v.columns.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["instance", "positions"]);
        assert_eq!(
            v.notes,
            [
                "Random seed 7; 2 threads; every row complete (status ok).",
                "Each row's own random seed, which replays it, is in the CSV's column item_seed."
            ]
        );
        assert_eq!(v.rows[1].cells[1].text, "1,000");
    }

    #[test]
    fn spread_memo_and_busy_are_decided_once() {
        let t = table(
            "instance,positions,positions_source,seconds,seconds_min,seconds_max,seconds_mad,seconds_samples,samples,cpu_seconds,cpu_share,wait_share,busy,status\n\
             a,120,walk,0.5,0.4,0.6,0.01,0.4;0.5;0.6,3,0.5,0.99,0.001,false,ok\n\
             b,98765432,memo,timeout,,,,,3,,0.5,0.4,true,timeout\n",
        );
        let v = TableView::of(&t);
        let names: Vec<&str> = v.columns.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["instance", "positions", "seconds", "status"]);
        assert_eq!(v.rows[0].cells[2].spread.as_deref(), Some("0.0100"));
        assert_eq!(spread_text(0.0), "< 0.000001", "no spread reads ± 0");
        assert_eq!(spread_text(0.000025), "0.000025");
        assert!(v.rows[1].cells[1].memo && !v.rows[0].cells[1].memo);
        assert_eq!(v.rows[1].cells[2].kind, CellKind::Marker);
        assert!(v.rows[1].busy && !v.rows[0].busy);
        assert!(v.rows[1].unfinished && !v.rows[0].unfinished);
        assert_eq!(v.notes.len(), 3, "{:?}", v.notes);
        assert!(v.notes[0].contains("of 3 timed samples"), "{:?}", v.notes);
    }

    /// A rate of a busy row is not shown as the program's speed; a quiet row's is.
    #[test]
    fn a_busy_rows_rate_is_not_given() {
        let t = table(
            "instance,positions,seconds,positions_per_second,samples,cpu_seconds,cpu_share,wait_share,busy,status\n\
             spel1.txt,5578,0.0092,606304,5,0.0007,0.08,0.61,true,ok\n\
             spel2.txt,5578,0.0050,1115600,5,0.0050,0.99,0.00,false,ok\n",
        );
        let v = TableView::of(&t);
        let rate = v.columns.iter().position(|c| c.name == "positions_per_second").unwrap();
        assert_eq!((v.rows[0].cells[rate].kind, v.rows[0].cells[rate].text.as_str()), (CellKind::Marker, BUSY_RATE));
        assert_eq!(v.rows[1].cells[rate].text, "1,115,600");
        assert!(v.notes.iter().any(|n| n == BUSY_RATE_NOTE) && v.notes.iter().any(|n| n == BUSY_NOTE), "{:?}", v.notes);
    }

    /// A paired speed-up: its interval from 5 rounds, `1 sample` without an interval from
    /// one round; on 2 threads 2.3 (1.9–2.5) is above its thread count but its interval
    /// reaches down to it: `above 2 threads (not significant)`, with the estimate; 2.4
    /// (2.25–2.56) lies wholly above it and reads `codes differ`; each label has its note.
    #[test]
    fn speedups_above_their_threads_say_whether_significantly() {
        let t = table(
            "search,threads,speedup,speedup_low,speedup_high,speedup_rounds,speedup_above,speedup_codes_differ,samples\n\
             a,2,1.900,1.850,1.950,5,false,false,5\n\
             b,2,1.786,,,1,false,false,1\n\
             c,2,2.300,1.900,2.500,5,true,false,5\n\
             d,2,2.400,2.250,2.560,5,false,true,5\n",
        );
        let v = TableView::of(&t);
        let speedup = |r: usize| &v.rows[r].cells[1];
        assert_eq!((speedup(0).text.as_str(), speedup(0).interval.as_deref()), ("1.90", Some("1.85–1.95")));
        assert!(speedup(1).one_sample && speedup(1).interval.is_none());
        assert_eq!(speedup(2).text, "above 2 threads (not significant): 2.30 (1.90–2.50)");
        assert_eq!((speedup(3).kind, speedup(3).text.as_str()), (CellKind::Marker, "codes differ (2.40; 2.25–2.56)"));
        assert!(v.notes.contains(&ABOVE_NOTE.to_string()) && v.notes.contains(&CODES_DIFFER_NOTE.to_string()));
        let old = table("search,threads,speedup,speedup_drift,samples\nc,4,4.270,true,1\n");
        assert_eq!(
            TableView::of(&old).rows[0].cells[1].text,
            "above 4 threads (not significant): 4.27",
            "a CSV of one round written before 2026-12-02, its mark named drift"
        );
    }

    /// The label names the thread count from the row, or from a summary column's name.
    #[test]
    fn the_label_of_an_estimate_above_its_threads_names_them() {
        assert_eq!(above_label(Some(2)), "above 2 threads (not significant)");
        assert_eq!(above_label(None), "above its threads (not significant)");
        let summary = table("search,speedup_4_threads\nc,3.9\n");
        assert_eq!(threads_of(&summary, &summary.rows[0], "speedup_4_threads"), Some(4));
        let rows = table("search,threads,speedup\nc,8,7.9\n");
        assert_eq!(threads_of(&rows, &rows.rows[0], "speedup"), Some(8));
    }

    /// A time under 1 ms reads `< 1 ms` (not `0 ± < 0.000001`), with the note that defines
    /// the mark; the empty rate beside it is a dash, and the timing status column, which
    /// says the same with a CSV column's name, stays in the CSV.
    #[test]
    fn a_time_under_a_millisecond_reads_as_such() {
        let t = table(
            "depth,leaves,seconds,seconds_mad,leaves_per_second,samples,timing_status,status\n\
             1,7,0.000001,0.000000,,5,\"under 1 ms, no leaves_per_second\",ok\n\
             9,24332372,0.180000,0.002000,135179844,5,,ok\n",
        );
        let v = TableView::of(&t);
        let names: Vec<&str> = v.columns.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["depth", "leaves", "seconds", "leaves_per_second"]);
        let short = &v.rows[0].cells;
        assert_eq!(
            (short[2].kind, short[2].text.as_str(), short[2].spread.as_deref()),
            (CellKind::Marker, "< 1 ms", None)
        );
        assert_eq!((short[3].kind, short[3].text.as_str()), (CellKind::Empty, "–"));
        assert_eq!(v.rows[1].cells[2].text, "0.180");
        assert!(v.notes.contains(&RESOLUTION_NOTE.to_string()), "{:?}", v.notes);
    }

    #[test]
    fn a_count_beside_a_timed_out_walk_is_marked_memo() {
        let t = table("undone,positions,seconds,memo_positions,memo_seconds\n22,33081710715,timeout,33081710715,4.5\n");
        let v = TableView::of(&t);
        let memo: Vec<bool> = v.rows[0].cells.iter().map(|c| c.memo).collect();
        assert_eq!(memo, [false, true, false, false, false]);
        assert!(v.notes.contains(&MEMO_NOTE.to_string()), "{:?}", v.notes);
    }

    #[test]
    fn plain_cells() {
        assert_eq!(format_plain(Kind::Number, "-1234"), "−1,234");
        assert_eq!(format_plain(Kind::Speedup, "1.956"), "1.96");
        assert_eq!(format_plain(Kind::Seed, "123456"), "123456");
        assert_eq!(format_plain(Kind::Text, ""), "–");
        assert_eq!(format_plain(Kind::Count, "timeout"), "timeout");
        assert_eq!(format_plain(Kind::Text, "a_b & c"), "a_b & c");
    }
}
