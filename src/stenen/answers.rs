//! The tiling's answers to the assignment's report questions (seed 002, "Verslag"), S1
//! to S6 in its order: the engine's rules in words, and every measured fact as a
//! sentence written from the cells of the table it names (`stenen_table`).
//!
//! The assignment's table lists five instances ([`ASSIGNMENT`]); a row of the table that
//! is none of them is the **own instance** the assignment asks for, whose smart count must
//! take more than 10 s and at most a few minutes ([`OWN_WINDOW`]).

use super::places::Places;
use super::words::counted_in;
use crate::report::answers::{number_in, shown, Answer, Sentences};
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
    ("S1", "Introduction"),
    ("S2", "Building every next position once"),
    ("S3", "The sizes of the empty regions in the smart search"),
    ("S4", "The solutions of the 4x5 board with stenen1"),
    ("S5", "Results per instance, with an own instance"),
    ("S6", "Bonus: identical stones"),
];

/// [`QUESTIONS`] in Dutch, in the assignment's own words.
pub const QUESTIONS_NL: [(&str, &str); 6] = [
    ("S1", "Inleiding"),
    ("S2", "Alle vervolgstanden opbouwen, elk één keer"),
    ("S3", "De aantallen vakjes van de lege deelgebieden bij slim zoeken"),
    ("S4", "De oplossingen van het 4x5 bord met stenen1"),
    ("S5", "Resultaten per instantie, met een eigen instantie"),
    ("S6", "Bonus: identieke stenen"),
];

/// The questions' `(id, heading)` in `language`, in the assignment's order.
pub fn headings(language: Language) -> impl Iterator<Item = (&'static str, &'static str)> {
    language.pick(&QUESTIONS, &QUESTIONS_NL).iter().copied()
}

/// Every answer S1 to S6 from the tiling's tables among `own` (every experiment of kind
/// `table`: the assignment's instances and the own instance may stand in separate ones).
pub fn answers(own: &[&Loaded], language: Language) -> Vec<Answer> {
    let mut tables: Vec<&Loaded> = own.iter().copied().filter(|l| l.kind == "table").collect();
    // The table of the assignment's instances first, the own instance's after it.
    tables.sort_by_key(|l| !l.table.column("instance").iter().any(|i| !is_own(i)));
    let table = tables.first().copied();
    let texts = [
        (intro(language), vec![]),
        (successors(language), vec![]),
        (regions(language), vec![]),
        (four_by_five(table, language), vec![]),
        (instances(&tables, language), vec!["table"]),
        (identical(table, language), vec![]),
    ];
    headings(language)
        .zip(texts)
        .map(|((id, question), (text, shows))| Answer { id, question, parts: text.0, shows })
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

fn intro(language: Language) -> Sentences {
    let mut s = Sentences::default();
    s.text(language.pick(
        "A board of h by b cells must be covered exactly by a set of stones (polyominoes), each used once, in any \
         of its eight orientations. The program finds one tiling and counts all tilings, dumb (backtracking \
         without duplicates) and smart (also cutting off boards whose empty regions cannot be filled). Only ",
        "Een bord van h bij b vakjes moet precies bedekt worden door een verzameling stenen (polyomino's), elk \
         één keer gebruikt, in een van zijn acht oriëntaties. Het programma bepaalt één oplossing en telt alle \
         oplossingen, dom (backtracking zonder standen dubbel te genereren) en slim (waarbij ook borden worden \
         afgekapt waarvan de lege deelgebieden niet meer te vullen zijn). Alleen ",
    ))
    .code("stenen1.in")
    .text(language.pick(" is given in the assignment (its Figure 2); ", " staat in de opdracht (haar Figuur 2); "))
    .code("stenen2.in")
    .text(language.pick(" (the twelve pentominoes) and ", " (de twaalf pentomino's) en "))
    .code("stenen3.in")
    .text(language.pick(
        " (two copies of each tetromino) are the harness's stand-ins for the course's files of those names, chosen \
         to fill the assignment's boards (60 and 40 cells; docs/stenen.md, \"Instances\").",
        " (twee exemplaren van elke tetromino) zijn de vervangers die de harness gebruikt voor de gelijknamige \
         bestanden van het vak, gekozen om de borden van de opdracht te vullen (60 en 40 vakjes; docs/stenen.md, \
         \"Instances\").",
    ));
    s
}

fn successors(language: Language) -> Sentences {
    let mut s = Sentences::default();
    s.text(language.pick(
        "The search always covers the first empty cell in row-major order, with every unplaced stone in each of its \
         distinct orientations, placed so that the oriented stone's first cell lands on that cell. Every tiling \
         covers that cell with exactly one stone, so each position is built once, whatever the order in which \
         its stones were laid. Orientations with the same cell set are tried once (the lowest number), and of \
         stones that are orientations of one another only the lowest-numbered unplaced one is tried. Code: \
         src/stenen/search.rs.",
        "Het zoeken bedekt steeds het eerste lege vakje in rijvolgorde (rij voor rij, van links naar rechts), met \
         elke nog niet gelegde steen in elk van zijn verschillende oriëntaties, zo gelegd dat het eerste vakje van \
         de georiënteerde steen op dat vakje valt. Elke oplossing bedekt dat vakje met precies één steen, dus \
         elke stand wordt één keer opgebouwd, in welke volgorde de stenen ook gelegd zijn. Oriëntaties die \
         dezelfde vakjes bedekken worden één keer geprobeerd (die met het laagste nummer), en van stenen die \
         oriëntaties van elkaar zijn wordt alleen de nog niet gelegde steen met het laagste nummer geprobeerd. \
         Code: src/stenen/search.rs.",
    ));
    s
}

fn regions(language: Language) -> Sentences {
    let mut s = Sentences::default();
    s.text(language.pick(
        "After each placement the empty cells next to the new stone are grown into 4-connected regions by a flood \
         fill. The placement is refused at once when a region's size is not a multiple of the greatest common \
         divisor of the unplaced stones' sizes, or is smaller than the smallest of them; a refused placement is \
         not counted as a position visited. Code: src/stenen/kernel.rs.",
        "Na elke gelegde steen worden de lege vakjes naast de nieuwe steen met een flood fill uitgebreid tot \
         4-samenhangende deelgebieden. De steen wordt meteen geweigerd als het aantal vakjes van een deelgebied \
         geen veelvoud is van de grootste gemene deler van de groottes van de nog niet gelegde stenen, of kleiner \
         is dan de kleinste daarvan; een geweigerde steen telt niet als bekeken stand. Code: src/stenen/kernel.rs.",
    ));
    s
}

/// The row of the table for `instance`.
fn row_of<'a>(t: &'a CsvTable, instance: &str) -> Option<&'a Vec<String>> {
    t.rows.iter().find(|r| t.cell(r, "instance") == Some(instance))
}

fn four_by_five(table: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some((l, row)) = table.and_then(|l| row_of(&l.table, "4x5 stenen1").map(|r| (l, r))) else {
        s.text(language.pick(
            "The 4x5 board with stenen1 is not in these results.",
            "Het 4x5 bord met stenen1 staat niet in deze resultaten.",
        ));
        return s;
    };
    let t = &l.table;
    let shown = |column: &str| number_in(language, &shown(t, row, column));
    let (distinct, labelled) = (shown("solutions_distinct"), shown("solutions_labelled"));
    s.text(language.pick(
        format!("The search counts {distinct} distinct tilings of the 4x5 board with stenen1 and {labelled} labelled ones ("),
        format!(
            "Het zoeken telt {distinct} verschillende betegelingen van het 4x5 bord met stenen1 en {labelled} \
             genummerde borden ("
        ),
    ))
    .table(&l.name)
    .text("). ");
    if let Some(p) = t.cell(row, super::experiments::PLACES).and_then(Places::parse) {
        s.text(places_sentence(&p, false, language));
    }
    symmetry_classes(&mut s, l, row, language);
    s.text(swapped_ls(t, row, language));
    s
}

/// Where the stones lie in the tilings, as the search recorded it (the `places` column;
/// in a program's report the reference's search, `by_reference`).
pub(super) fn places_sentence(p: &Places, by_reference: bool, language: Language) -> String {
    let clause = super::places_words::places_clause(p, language);
    if clause.is_empty() {
        return String::new();
    }
    let search = match (by_reference, language) {
        (false, Language::En) => "the search",
        (true, Language::En) => "the reference's search",
        (false, Language::Nl) => "het zoeken",
        (true, Language::Nl) => "het zoeken van de referentie",
    };
    language.pick(
        format!("Where the stones lie in these tilings, as {search} records it, shows how they are built: {clause}. "),
        format!("Waar de stenen in deze betegelingen liggen, zoals {search} het vastlegt, laat zien hoe ze opgebouwd zijn: {clause}. "),
    )
}

/// The board's four symmetries and the classes of tilings they make, from the counts
/// distinct and up to symmetry.
fn symmetry_classes(s: &mut Sentences, l: &Loaded, row: &[String], language: Language) {
    let t = &l.table;
    let classes = number_in(language, &shown(t, row, "solutions_up_to_symmetry"));
    s.text(language.pick(
        "The rectangle has four symmetries (the identity, the half turn and the two mirrors), which map tilings onto \
         tilings; ",
        "De rechthoek heeft vier symmetrieën (de identiteit, de halve draaiing en de twee spiegelingen), die \
         betegelingen op betegelingen afbeelden; ",
    ))
    .pictures(&l.name)
    .text(language.pick(
        format!(
            " draws every distinct tiling, one line per class of tilings that the symmetries map onto one another: \
             {classes} classes, so {classes} tilings up to symmetry. "
        ),
        format!(
            " tekent elke verschillende betegeling, één regel per klasse van betegelingen die de symmetrieën op \
             elkaar afbeelden: {classes} klassen, dus {classes} betegelingen op symmetrie na. "
        ),
    ));
    let full = match (t.number(row, "solutions_up_to_symmetry"), t.number(row, "solutions_distinct")) {
        (Some(c), Some(d)) if c > 0.0 && c * 4.0 == d => Some((c, d)),
        _ => None,
    };
    s.text(class_size_sentence(full.map(|(c, d)| (c.to_string(), d.to_string())), language));
}

/// How many tilings a symmetry class holds: four each, where `full` gives the classes
/// and the tilings (`c × 4 = d`, no tiling its own mirror image or half turn), else the rule.
pub(super) fn class_size_sentence(full: Option<(String, String)>, language: Language) -> String {
    match full {
        Some((c, d)) => language.pick(
            format!(
                "No tiling is its own mirror image or half turn, so every class holds four tilings: {c} × 4 = {d}. "
            ),
            format!(
                "Geen betegeling is haar eigen spiegelbeeld of halve draaiing, dus elke klasse telt vier \
                 betegelingen: {c} × 4 = {d}. "
            ),
        ),
        None => language
            .pick(
                "A class has four tilings unless one of them is its own mirror image or half turn. ",
                "Een klasse telt vier betegelingen, tenzij een ervan haar eigen spiegelbeeld of halve draaiing is. ",
            )
            .to_string(),
    }
}

/// The two L stones swapped: each distinct tiling is two numbered boards.
fn swapped_ls(t: &CsvTable, row: &[String], language: Language) -> String {
    let factor = match (t.number(row, "solutions_distinct"), t.number(row, "solutions_labelled")) {
        (Some(d), Some(l)) if d > 0.0 => format!(": {d} × {} = {l}", l / d),
        _ => String::new(),
    };
    language.pick(
        format!(
            "Stones 1 and 2 are both the L (one is an orientation of the other), so swapping them turns each \
             distinct tiling into a second numbered board{factor}."
        ),
        format!(
            "Stenen 1 en 2 zijn allebei de L (de een is een oriëntatie van de ander), dus door ze te verwisselen \
             wordt elke verschillende betegeling een tweede genummerd bord{factor}."
        ),
    )
}

fn instances(tables: &[&Loaded], language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some(l) = tables.first() else {
        s.text(language.pick(
            "The tiling table did not run in these results.",
            "De tabel van de betegelingen is in deze resultaten niet gemeten.",
        ));
        return s;
    };
    let t = &l.table;
    s.text(
        language
            .pick("Every instance of the assignment is a row of ", "Elke instantie van de opdracht is een rij van "),
    )
    .table(&l.name)
    .text(language.pick(
        ": positions visited and seconds of dumb and smart find and count, the number of solutions, and the \
             harness's fast count. ",
        ": de bekeken standen en seconden van het domme en slimme bepalen van een oplossing en tellen van alle \
             oplossingen, het aantal oplossingen, en de snelle telling van de harness. ",
    ));
    s.text(ratio_sentence(t, language));
    for sentence in super::slow_find::slow_finds(t, language) {
        s.text(format!("{sentence} "));
    }
    let mut own = 0;
    for l in tables {
        let t = &l.table;
        for row in t.rows.iter().filter(|r| is_own(t.cell(r, "instance").unwrap_or_default())) {
            own += 1;
            own_instance(&mut s, l, row, language);
        }
    }
    if own == 0 {
        s.text(language.pick(
            "These results hold no own instance (a row that is none of the assignment's five).",
            "Deze resultaten bevatten geen eigen instantie (een rij die geen van de vijf van de opdracht is).",
        ));
    }
    s
}

/// How many times fewer positions the smart count visits than the dumb count, over the
/// table's rows; empty where no row has both.
fn ratio_sentence(t: &CsvTable, language: Language) -> String {
    let ratios: Vec<f64> = t
        .rows
        .iter()
        .filter_map(|r| Some(t.number(r, "dumb_count_positions")? / t.number(r, "smart_count_positions")?))
        .filter(|r| r.is_finite())
        .collect();
    let (Some(lo), Some(hi)) = (ratios.iter().copied().reduce(f64::min), ratios.iter().copied().reduce(f64::max))
    else {
        return String::new();
    };
    let seconds = |v: f64| number_in(language, &crate::report::latex::format_seconds(v));
    let (lo, hi) = (seconds(lo), seconds(hi));
    language.pick(
        format!("The smart count visits {lo} to {hi} times fewer positions than the dumb count. "),
        format!("Het slimme tellen bekijkt {lo} tot {hi} keer minder standen dan het domme tellen. "),
    )
}

/// The own instance's smart count against the assignment's window, from `row` of `l`.
fn own_instance(s: &mut Sentences, l: &Loaded, row: &[String], language: Language) {
    let t = &l.table;
    s.text(language.pick("The own instance is ", "De eigen instantie is "))
        .code(instance_name(t.cell(row, "instance").unwrap_or_default()))
        .text(" (")
        .table(&l.name);
    let Some(seconds) = t.number(row, "smart_count_seconds") else {
        s.text(language.pick(
            "): its smart count did not finish within this run's time limit, so this run does not measure it \
             against the assignment's window of 10 s to a few minutes (docs/stenen.md, \"Own instance\", has the \
             measured time).",
            "): het slimme tellen was niet binnen de tijdslimiet van deze meting klaar, dus deze meting toetst het \
             niet aan het venster van de opdracht van 10 s tot enkele minuten (docs/stenen.md, \"Own instance\", \
             geeft de gemeten tijd).",
        ));
        return;
    };
    let verdict = super::words::window_word(language, seconds, OWN_WINDOW);
    let shown = |column: &str| number_in(language, &shown(t, row, column));
    let (positions, time, limit) = (shown("smart_count_positions"), shown("smart_count_seconds"), shown("time_limit"));
    let threads =
        counted_in(language, &crate::report::answers::shown(t, row, "threads"), "thread", ("thread", "threads"));
    let busy = crate::report::view::busy_reader(t)(row);
    let (low, high) = OWN_WINDOW;
    s.text(match language {
        Language::En => format!(
            "): its smart count visits {positions} positions in {time} s on {threads} in this run, {verdict} the \
             assignment's window of more than {low} s and at most a few minutes (taken as {high} s){}; a search \
             that passes its time limit ({limit} s here) reads timeout. It was chosen by measuring the sequential \
             smart count on this project's 2-core machine (docs/stenen.md, \"Own instance\").",
            if busy { ", timed while other programs had the cores, so a quiet machine takes less" } else { "" },
        ),
        Language::Nl => format!(
            "): het slimme tellen bekijkt {positions} standen in {time} s op {threads} in deze meting, {verdict} \
             het venster van de opdracht van meer dan {low} s en hoogstens enkele minuten (opgevat als {high} s){}; \
             een zoektocht die zijn tijdslimiet ({limit} s hier) overschrijdt, staat als timeout in de tabel. De \
             instantie is gekozen door het sequentiële slimme tellen te meten op de machine met 2 cores van dit \
             project (docs/stenen.md, \"Own instance\").",
            if busy {
                ", getimed terwijl andere programma's de cores gebruikten, dus een rustige machine is sneller"
            } else {
                ""
            },
        ),
    });
}

fn identical(table: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    s.text(language.pick(
        "Yes. Stones that are orientations of one another form a class; at each first empty cell only the \
         lowest-numbered unplaced stone of a class is tried, so interchangeable stones are never permuted, and the \
         count of numbered boards follows by multiplying with the factorial of each class's size. ",
        "Ja. Stenen die oriëntaties van elkaar zijn vormen een klasse; bij elk eerste lege vakje wordt van een \
         klasse alleen de nog niet gelegde steen met het laagste nummer geprobeerd, dus verwisselbare stenen worden \
         nooit gepermuteerd, en het aantal genummerde borden volgt door te vermenigvuldigen met de faculteit van \
         de grootte van elke klasse. ",
    ));
    let Some(l) = table else { return s };
    let t = &l.table;
    let with: Vec<String> = t
        .rows
        .iter()
        .filter_map(|r| {
            let factor = t.number(r, "solutions_labelled")? / t.number(r, "solutions_distinct")?;
            let (d, n) = (
                number_in(language, &shown(t, r, "solutions_distinct")),
                number_in(language, &shown(t, r, "solutions_labelled")),
            );
            let instance = t.cell(r, "instance").unwrap_or_default();
            (factor > 1.0).then(|| {
                language.pick(
                    format!("{instance}: {d} distinct, {n} labelled"),
                    format!("{instance}: {d} verschillend, {n} genummerd"),
                )
            })
        })
        .collect();
    if !with.is_empty() {
        s.text(
            language.pick("The columns distinct and labelled of ", "De verschillende en genummerde oplossingen in "),
        )
        .table(&l.name)
        .text(language.pick(
            format!(" show it where stones repeat: {}.", with.join("; ")),
            format!(" laten het zien waar stenen herhaald worden: {}.", with.join("; ")),
        ));
    }
    s
}

#[cfg(test)]
mod tests;
