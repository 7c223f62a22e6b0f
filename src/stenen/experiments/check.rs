//! The `check` kind: a solver asked the tiling's questions (`find dumb`, `find smart`,
//! `count dumb`, `count smart`) on the entry's instances and on seeded random positions,
//! each answer checked against the engine; a wrong answer is shrunk to the smallest
//! position that still shows it and its stones drawn.
//!
//! An instance is written `HxW STONES` (`"4x5 stenen/stenen1.in"`): the board's rows and
//! columns and the stones file, relative to the manifest as in `table`.

use super::{load_instance, InstanceParams};
use crate::base::error::{InputError, Result};
use crate::experiment::solver::asker::Asker;
use crate::experiment::solver::check::{CheckRow, Shrinkable};
use crate::experiment::solver::experiment::{
    check_row, shrunk_title, CheckExperiment, CheckParams, CheckPlan, GameChecks, Shrunk, DERIVED_RANDOM,
};
use crate::experiment::solver::verdict::Verdict;
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Experiment, RunContext};
use crate::results::row::{Evidence, Status};
use crate::search::rng::Rng;
use crate::stenen::check::{ask, random_position, shrink_wrong, stones_rows, StenenFile, QUESTIONS};
use crate::stenen::questions::{Engine, Program};
use crate::stenen::rules::Puzzle;

pub(in crate::stenen) fn build_check(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let params: CheckParams = spec.params()?;
    let positions = params
        .instances
        .iter()
        .map(|text| {
            let p = instance_params(text).ok_or_else(|| {
                spec.error(Some("instances"), format!("an instance is `HxW STONES` (`4x5 stenen1.in`), got `{text}`"))
            })?;
            load_instance(spec, &p, "instances").map(|i| (i.name, i.game))
        })
        .collect::<Result<_, _>>()?;
    CheckExperiment::build(spec, &params, StenenChecks::default(), positions)
}

/// `HxW STONES` read as an instance's keys.
fn instance_params(text: &str) -> Option<InstanceParams> {
    let (size, stones) = text.trim().split_once(' ')?;
    let (h, w) = size.split_once('x')?;
    Some(InstanceParams { height: h.parse().ok()?, width: w.parse().ok()?, stones: stones.trim().to_string() })
}

/// What a solver is asked in place of a tiling entry: a `table`'s instances (its
/// `program_instances` where it has them), with every question (the table has a column
/// for each).
pub fn check_plan(spec: &ExperimentSpec) -> Option<CheckPlan> {
    if spec.heading.kind != "table" {
        return None;
    }
    let instances = spec
        .params
        .get("program_instances")
        .or_else(|| spec.params.get("instances"))?
        .as_array()?
        .iter()
        .filter_map(|v| {
            let t = v.as_table()?;
            let (h, w) = (t.get("height")?.as_integer()?, t.get("width")?.as_integer()?);
            Some(format!("{h}x{w} {}", t.get("stones")?.as_str()?))
        })
        .collect();
    Some(CheckPlan { instances, questions: QUESTIONS.to_vec(), random: DERIVED_RANDOM, sims: None })
}

/// The tiling's questions for the `check` experiment; the stones files whose stones were
/// drawn already (each is drawn once, with the first position that uses it).
#[derive(Default)]
pub struct StenenChecks {
    drawn_stones: std::sync::Mutex<Vec<String>>,
}

impl GameChecks for StenenChecks {
    type Position = Puzzle;
    const GAME: &'static str = "stenen";

    fn questions(&self) -> &'static [&'static str] {
        &QUESTIONS
    }

    fn random_position(&self, rng: &mut Rng, index: usize) -> Puzzle {
        random_position(rng, index)
    }

    /// The stones of a position's file (the first position that uses the file), and every
    /// tiling of a board small enough to draw them all, by symmetry class.
    fn pictures(&self, (name, puzzle): (&str, &Puzzle), _questions: &[String]) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let file = stones_file(name);
        let mut drawn = self.drawn_stones.lock().unwrap_or_else(|p| p.into_inner());
        if !drawn.contains(&file) {
            drawn.push(file.clone());
            let title = format!("the stones of {file}, numbered as the file lists them");
            let picture: String = crate::report::figures::label_safe(file.trim_end_matches(".in"));
            out.push((
                format!("stones-{picture}"),
                crate::stenen::picture::stones_svg(&stones_rows(puzzle), 24, &title),
            ));
        }
        if let Some(g) = super::table::small_gallery_of(puzzle) {
            out.push(("all-tilings".to_string(), crate::stenen::picture::gallery_svg(puzzle, &g, name)));
        }
        out
    }

    fn check(
        &self,
        ctx: &RunContext,
        asker: &mut Asker,
        (name, puzzle): (&str, &Puzzle),
        question: &str,
    ) -> Result<(CheckRow, Status)> {
        let mut engine = Engine::with_budget(ctx.budget());
        let outcome = ask(question, puzzle, &mut Program::new(asker), &mut engine);
        if question == "find dumb" && !name.starts_with("random ") && outcome.verdict == Verdict::Correct {
            if let Some(rows) = found_rows(&outcome.given) {
                let title = format!("{name}: the first tiling our program's dumb find found");
                let picture = crate::report::figures::label_safe(name);
                ctx.figure(&format!("found-{picture}"), crate::stenen::picture::tiling_svg(&rows, 20, &title));
            }
        }
        let (mut row, status) = check_row(ctx, (name, StenenFile::of(puzzle).size()), question, &outcome, || {
            let (file, outcome) = shrink_wrong(question, puzzle, &mut Program::new(asker), &mut engine)?;
            let (text, size) = (file.text(), file.size());
            let svg = file.puzzle().map(|p| {
                let title = shrunk_title(name, question, &text, size);
                crate::stenen::picture::tiling_svg(&stones_rows(&p), 24, &title)
            });
            Some((Shrunk { text, size, outcome }, svg))
        })?;
        if question == PLACES_QUESTION {
            row.reference_evidence = Evidence(classes_and_places(puzzle).unwrap_or_default());
        }
        Ok((row, status))
    }
}

/// The question whose row carries where the stones lie ([`places_evidence`]): the count
/// the report's argument on a small board rests on.
const PLACES_QUESTION: &str = "count dumb";

/// The symmetry classes of `puzzle`'s distinct tilings and where each stone lies over
/// them ([`crate::stenen::places`]), on a board small enough to draw them all; none
/// otherwise: `classes N; ` and the places' cell ([`crate::stenen::places::Places::cell`]).
fn classes_and_places(puzzle: &Puzzle) -> Option<String> {
    let gallery = super::table::small_gallery_of(puzzle)?;
    let places = crate::stenen::places::places(puzzle, &gallery.classes.concat()).cell();
    Some(format!("classes {}; {places}", gallery.classes.len()))
}

/// The stones file of a named position (`6x10 stenen2` → `stenen2.in`).
fn stones_file(name: &str) -> String {
    let stem = name.rsplit([' ', '/']).next().unwrap_or(name);
    match stem.ends_with(".in") {
        true => stem.to_string(),
        false => format!("{stem}.in"),
    }
}

/// The rows of a found tiling as the check writes it (`tiling 1 1 / 2 3, positions 4`).
fn found_rows(given: &str) -> Option<Vec<Vec<u8>>> {
    let (board, _) = given.strip_prefix("tiling ")?.split_once(", positions ")?;
    board.split(" / ").map(|row| row.split(' ').map(|c| c.parse().ok()).collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_tilings_and_stones_files_read_from_names_and_answers() {
        assert_eq!(found_rows("tiling 1 1 / 2 3, positions 4"), Some(vec![vec![1, 1], vec![2, 3]]));
        assert_eq!(found_rows("no tiling, positions 4"), None);
        assert_eq!(found_rows("tiling 1 x, positions 4"), None);
        assert_eq!(stones_file("6x10 stenen2"), "stenen2.in");
        assert_eq!(stones_file("4x5 stenen/stenen1.in"), "stenen1.in");
    }

    #[test]
    fn instances_are_a_size_and_a_stones_file() {
        let p = instance_params("4x5 stenen/stenen1.in").unwrap();
        assert_eq!((p.height, p.width, p.stones.as_str()), (4, 5, "stenen/stenen1.in"));
        for bad in ["4x5", "4 5 a.in", "4x a.in", "x5 a.in", ""] {
            assert!(instance_params(bad).is_none(), "{bad}");
        }
    }
}
