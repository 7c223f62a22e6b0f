//! The tiling's answers to the assignment's report questions (seed 002, "Verslag"), S1
//! to S6 in its order: the engine's rules in words, and every measured fact as a
//! sentence written from the cells of the table it names (`stenen_table`).
//!
//! The assignment's table lists five instances ([`ASSIGNMENT`]); a row of the table that
//! is none of them is the **own instance** the assignment asks for, whose smart count must
//! take more than 10 s and at most a few minutes ([`OWN_WINDOW`]).

use crate::report::answers::{counted, shown, Answer, Sentences};
use crate::report::language::Language;
use crate::report::Loaded;
use crate::results::csv_table::CsvTable;

/// The instances the assignment's table asks for (`instance` cells).
pub const ASSIGNMENT: [&str; 5] = ["4x5 stenen1", "6x10 stenen2", "3x20 stenen2", "5x8 stenen3", "10x4 stenen3"];

/// The assignment's window for the own instance's smart count, in seconds: more than 10 s,
/// at most "a few minutes" (taken as 3).
pub const OWN_WINDOW: (f64, f64) = (10.0, 180.0);

/// The questions in the assignment's order (`id`, heading).
pub const QUESTIONS: [(&str, &str); 6] = [
    ("S1", "The puzzle and the assignment"),
    ("S2", "How are all next positions built without generating a position twice?"),
    ("S3", "How does the smart search find the sizes of the empty regions?"),
    ("S4", "How many solutions does the 4x5 board with stenen1 have? Reasoned"),
    ("S5", "The table of the instances, with an own instance"),
    ("S6", "Bonus: identical stones taken into account, and how"),
];

/// Every answer S1 to S6 from the tiling's tables among `own` (every experiment of kind
/// `table`: the assignment's instances and the own instance may stand in separate ones).
pub fn answers(own: &[&Loaded], language: Language) -> Vec<Answer> {
    let mut tables: Vec<&Loaded> = own.iter().copied().filter(|l| l.kind == "table").collect();
    // The table of the assignment's instances first, the own instance's after it.
    tables.sort_by_key(|l| !l.table.column("instance").iter().any(|i| !is_own(i)));
    let table = tables.first().copied();
    let texts = [
        (intro(), vec![]),
        (successors(), vec![]),
        (regions(), vec![]),
        (four_by_five(table), vec![]),
        (instances(&tables), vec!["table"]),
        (identical(table), vec![]),
    ];
    QUESTIONS
        .iter()
        .zip(texts)
        .map(|(&(id, question), (text, shows))| Answer { id, question, parts: text.0, shows })
        .collect()
}

/// Whether `instance` is the own instance (none of [`ASSIGNMENT`]).
pub fn is_own(instance: &str) -> bool {
    !ASSIGNMENT.contains(&instance)
}

/// The instance of an `instance` cell, without the report's own-instance prefix.
fn instance_name(cell: &str) -> &str {
    cell.trim_start_matches(crate::report::OWN_INSTANCE)
}

fn intro() -> Sentences {
    let mut s = Sentences::default();
    s.text(
        "A board of h by b cells must be covered exactly by a set of stones (polyominoes), each used once, in any \
         of its eight orientations. The program finds one tiling and counts all tilings, dumb (backtracking \
         without duplicates) and smart (also cutting off boards whose empty regions cannot be filled). Only ",
    )
    .code("stenen1.in")
    .text(" is given in the assignment (its Figure 2); ")
    .code("stenen2.in")
    .text(" (the twelve pentominoes) and ")
    .code("stenen3.in")
    .text(
        " (two copies of each tetromino) are the harness's stand-ins for the course's files of those names, chosen \
         to fill the assignment's boards (60 and 40 cells; docs/stenen.md, \"Instances\").",
    );
    s
}

fn successors() -> Sentences {
    let mut s = Sentences::default();
    s.text(
        "The search always covers the first empty cell in row-major order, with every unplaced stone in each of its \
         distinct orientations, placed so that the oriented stone's first cell lands on that cell. Every tiling \
         covers that cell with exactly one stone, so each position is built once, whatever the order in which \
         its stones were laid. Orientations with the same cell set are tried once (the lowest number), and of \
         stones that are orientations of one another only the lowest-numbered unplaced one is tried. Code: \
         src/stenen/search.rs.",
    );
    s
}

fn regions() -> Sentences {
    let mut s = Sentences::default();
    s.text(
        "After each placement the empty cells next to the new stone are grown into 4-connected regions by a flood \
         fill. The placement is refused at once when a region's size is not a multiple of the greatest common \
         divisor of the unplaced stones' sizes, or is smaller than the smallest of them; a refused placement is \
         not counted as a position visited. Code: src/stenen/kernel.rs.",
    );
    s
}

/// The row of the table for `instance`.
fn row_of<'a>(t: &'a CsvTable, instance: &str) -> Option<&'a Vec<String>> {
    t.rows.iter().find(|r| t.cell(r, "instance") == Some(instance))
}

fn four_by_five(table: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    let Some(row) = table.and_then(|l| row_of(&l.table, "4x5 stenen1").map(|r| (l, r))) else {
        s.text("The 4x5 board with stenen1 is not in these results.");
        return s;
    };
    let (l, row) = row;
    let t = &l.table;
    s.text(format!(
        "The search counts {} distinct tilings of the 4x5 board with stenen1 and {} labelled ones (",
        shown(t, row, "solutions_distinct"),
        shown(t, row, "solutions_labelled")
    ))
    .table(&l.name)
    .text(
        "): stones 1 and 2 are both the L (one is an orientation of the other), so swapping them turns each \
         distinct tiling into a second numbered board. The rectangle has four symmetries (the identity, the half \
         turn and the two mirrors), which map tilings onto tilings; ",
    )
    .pictures(&l.name)
    .text(format!(
        " draws every distinct tiling, one line per class of tilings that the symmetries map onto one another: \
         {} classes, so {} tilings up to symmetry. A class has four tilings unless one of them is its own mirror \
         or half turn.",
        shown(t, row, "solutions_up_to_symmetry"),
        shown(t, row, "solutions_up_to_symmetry")
    ));
    s
}

fn instances(tables: &[&Loaded]) -> Sentences {
    let mut s = Sentences::default();
    let Some(l) = tables.first() else {
        s.text("The tiling table did not run in these results.");
        return s;
    };
    let t = &l.table;
    s.text("Every instance of the assignment is a row of ").table(&l.name).text(
        ": positions visited and seconds of dumb and smart find and count, the number of solutions, and the \
         harness's fast count. ",
    );
    let ratios: Vec<f64> = t
        .rows
        .iter()
        .filter_map(|r| Some(t.number(r, "dumb_count_positions")? / t.number(r, "smart_count_positions")?))
        .filter(|r| r.is_finite())
        .collect();
    if let (Some(lo), Some(hi)) = (ratios.iter().copied().reduce(f64::min), ratios.iter().copied().reduce(f64::max)) {
        s.text(format!(
            "The smart count visits {} to {} times fewer positions than the dumb count. ",
            crate::report::latex::format_seconds(lo),
            crate::report::latex::format_seconds(hi)
        ));
    }
    let mut own = 0;
    for l in tables {
        let t = &l.table;
        for row in t.rows.iter().filter(|r| is_own(t.cell(r, "instance").unwrap_or_default())) {
            own += 1;
            own_instance(&mut s, l, row);
        }
    }
    if own == 0 {
        s.text("These results hold no own instance (a row that is none of the assignment's five).");
    }
    s
}

/// The own instance's smart count against the assignment's window, from `row` of `l`.
fn own_instance(s: &mut Sentences, l: &Loaded, row: &[String]) {
    let t = &l.table;
    let verdict = match t.number(row, "smart_count_seconds") {
        Some(v) if v > OWN_WINDOW.0 && v <= OWN_WINDOW.1 => "inside",
        Some(v) if v <= OWN_WINDOW.0 => "below",
        Some(_) => "above",
        None => {
            s.text("The own instance is ")
                .code(instance_name(t.cell(row, "instance").unwrap_or_default()))
                .text(" (")
                .table(&l.name)
                .text(
                    "): its smart count did not finish within this run's time limit, so this run does not measure it \
                 against the assignment's window of 10 s to a few minutes (docs/stenen.md, \"Own instance\", has \
                 the measured time).",
                );
            return;
        }
    };
    s.text("The own instance is ")
        .code(instance_name(t.cell(row, "instance").unwrap_or_default()))
        .text(" (")
        .table(&l.name)
        .text(format!(
            "): its smart count visits {} positions in {} s on {} in this run, {verdict} the assignment's \
         window of more than {} s and at most a few minutes (taken as {} s){}; a search that passes its time \
         limit ({} s here) reads timeout. It was chosen by measuring the sequential smart count on this project's \
         2-core machine (docs/stenen.md, \"Own instance\").",
            shown(t, row, "smart_count_positions"),
            shown(t, row, "smart_count_seconds"),
            counted(&shown(t, row, "threads"), "thread"),
            OWN_WINDOW.0,
            OWN_WINDOW.1,
            match crate::report::view::busy_reader(t)(row) {
                true => ", timed while other programs had the cores, so a quiet machine takes less",
                false => "",
            },
            shown(t, row, "time_limit"),
        ));
}

fn identical(table: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    s.text(
        "Yes. Stones that are orientations of one another form a class; at each first empty cell only the \
         lowest-numbered unplaced stone of a class is tried, so interchangeable stones are never permuted, and the \
         count of numbered boards follows by multiplying with the factorial of each class's size. ",
    );
    let Some(l) = table else { return s };
    let t = &l.table;
    let with: Vec<String> = t
        .rows
        .iter()
        .filter_map(|r| {
            let factor = t.number(r, "solutions_labelled")? / t.number(r, "solutions_distinct")?;
            (factor > 1.0).then(|| {
                format!(
                    "{}: {} distinct, {} labelled",
                    t.cell(r, "instance").unwrap_or_default(),
                    shown(t, r, "solutions_distinct"),
                    shown(t, r, "solutions_labelled")
                )
            })
        })
        .collect();
    if !with.is_empty() {
        s.text("The columns distinct and labelled of ")
            .table(&l.name)
            .text(format!(" show it where stones repeat: {}.", with.join("; ")));
    }
    s
}
