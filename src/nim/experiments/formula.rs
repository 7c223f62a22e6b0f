//! The `formula` kind: the nim-value formula against the exhaustive solver, one row per rule and heap count.

use serde::{Deserialize, Serialize};

use super::check_maxtakes;
use crate::base::error::InputError;
use crate::base::error::Result;
use crate::base::text::count_of;
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::Experiment;
use crate::experiment::Item;
use crate::experiment::RunContext;
use crate::nim::solver::{check_solver_size, check_table_moves, solve, solver_moves, TakeRule};
use crate::nim::verify::check_formula;
use crate::results::row::{columns_of, Cpu, Status, Timing};
use crate::search::budget::Stopped;

// ---------------------------------------------------------------------------------------
// formula

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FormulaParams {
    maxtakes: Vec<u32>,
    #[serde(default)]
    takes_sets: Vec<Vec<u32>>,
    heap_counts: Vec<usize>,
    max_sticks: u32,
}

/// One `formula` item: a rule and a heap count.
struct FormulaItem {
    rule: TakeRule,
    heaps: usize,
}

impl FormulaItem {
    /// The item's id and progress note (`maxtake 2, 3 heaps`).
    fn label(&self) -> String {
        format!("{}, {}", self.rule, count_of(self.heaps as u64, "heap"))
    }
}

/// One row of the `formula` experiment; the counts are `None` when the check stopped.
#[derive(Serialize, Default)]
struct FormulaRow {
    rule: String,
    heaps: usize,
    max_sticks: u32,
    positions: Option<u64>,
    moves: Option<u64>,
    value_mismatches: Option<u64>,
    win_mismatches: Option<u64>,
    move_mismatches: Option<u64>,
    seconds: Timing,
    cpu: Cpu,
}

pub(in crate::nim) struct FormulaExperiment {
    rows: Vec<FormulaItem>,
    max_sticks: u32,
}

impl FormulaExperiment {
    pub(in crate::nim) fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: FormulaParams = spec.params()?;
        if p.maxtakes.is_empty() && p.takes_sets.is_empty() {
            return Err(spec.error(Some("maxtakes"), "give at least one rule in `maxtakes` or `takes_sets`"));
        }
        check_maxtakes(spec, &p.maxtakes)?;
        if p.heap_counts.is_empty() {
            return Err(spec.error(Some("heap_counts"), "`heap_counts` must list at least one number of heaps"));
        }
        for &h in &p.heap_counts {
            check_solver_size(h, p.max_sticks).map_err(|m| spec.error(Some("heap_counts"), m))?;
        }
        let mut rules: Vec<TakeRule> = p.maxtakes.iter().map(|&m| TakeRule::MaxTake(m)).collect();
        for set in &p.takes_sets {
            rules.push(TakeRule::takes(set).map_err(|e| spec.error(Some("takes_sets"), e.message))?);
        }
        for rule in &rules {
            for &h in &p.heap_counts {
                check_table_moves(solver_moves(rule, h, p.max_sticks), &format!("the table of {h} heaps under {rule}"))
                    .map_err(|m| spec.error(Some("max_sticks"), m))?;
            }
        }
        let rows = rules
            .into_iter()
            .flat_map(|rule| p.heap_counts.iter().map(move |&heaps| FormulaItem { rule: rule.clone(), heaps }))
            .collect();
        Ok(Box::new(FormulaExperiment { rows, max_sticks: p.max_sticks }))
    }

    /// Positions the solver fills for `heaps` heaps, times the heaps (moves grow with
    /// them): the relative cost of a row.
    fn cost(&self, heaps: usize) -> f64 {
        f64::from(self.max_sticks + 1).powi(heaps as i32) * heaps as f64
    }
}

impl Experiment for FormulaExperiment {
    fn columns(&self) -> Vec<String> {
        columns_of::<FormulaRow>()
    }

    /// One item per rule and heap count, rule-major.
    fn items(&self) -> Vec<Item> {
        self.rows.iter().map(|r| Item::new(r.label()).with_cost(self.cost(r.heaps))).collect()
    }

    /// Solves and checks one (rule, heap count); no randomness, so the row depends on
    /// nothing but the item (`seed` records the run's seed for the table's note).
    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        let item = &self.rows[index];
        let FormulaItem { rule, heaps } = item;
        ctx.check_interrupted()?;
        let cell = ctx.sample(|budget| -> std::result::Result<_, Stopped> {
            let solved = solve(rule, *heaps, self.max_sticks, budget)?;
            let counts = check_formula(rule, &solved, budget)?;
            Ok((solved.moves, counts))
        });
        let done = cell.outcome.as_ref().ok();
        let timed = done.map(|_| &cell.samples);
        let row = FormulaRow {
            rule: rule.to_string(),
            heaps: *heaps,
            max_sticks: self.max_sticks,
            positions: done.map(|(_, c)| c.positions),
            moves: done.map(|(m, _)| *m),
            value_mismatches: done.map(|(_, c)| c.value_mismatches),
            win_mismatches: done.map(|(_, c)| c.win_mismatches),
            move_mismatches: done.map(|(_, c)| c.move_mismatches),
            seconds: Timing::of(timed),
            cpu: Cpu::of(timed, 1),
        };
        ctx.check_interrupted()?;
        ctx.emit_row(&row, ctx.threads, &Status::of_sampled(&cell), &item.label());
        Ok(())
    }
}
