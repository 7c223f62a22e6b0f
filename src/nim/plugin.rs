//! The game as a plug-in of the harness: its experiment kinds, each with the builder
//! that turns a manifest entry into an experiment and what the report knows of it, and the
//! game's report. The one place that joins `experiments/` and `report.rs`, so that
//! neither imports the other's registry.

use super::{experiments, report};
use crate::experiment::kind::ExperimentKind;
use crate::report::kinds::{Assignment, GameReport, KindReport, CHECK_REPORT};

/// The nim kinds: each one's name, builder (validating every parameter) and report.
pub static KINDS: [ExperimentKind<KindReport>; 4] = [
    ExperimentKind { name: "formula", build: experiments::FormulaExperiment::build, report: report::FORMULA },
    ExperimentKind { name: "selector", build: experiments::SelectorExperiment::build, report: report::SELECTOR },
    ExperimentKind { name: "versus", build: experiments::VersusExperiment::build, report: report::VERSUS },
    ExperimentKind { name: "check", build: experiments::build_check, report: CHECK_REPORT },
];

/// The nim report.
pub static REPORT: GameReport = GameReport::of("nim", "Nim", &KINDS)
    .answering(Assignment { name: "Nim", course: "Objektorientierte Programmierung mit C++, SS 2018" });
