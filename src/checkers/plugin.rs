//! The game as a plug-in of the harness: its experiment kinds, each with the builder
//! that turns a manifest entry into an experiment and what the report knows of it, and the
//! game's report. The one place that joins `experiments/` and `report.rs`, so that
//! neither imports the other's registry.

use super::{experiments, report};
use crate::experiment::kind::ExperimentKind;
use crate::report::kinds::{Assignment, GameReport, KindReport, CHECK_REPORT};

/// The checkers kinds: each one's name, builder and report.
pub static KINDS: [ExperimentKind<KindReport>; 4] = [
    ExperimentKind { name: "count", build: experiments::CountExperiment::build, report: report::COUNT },
    ExperimentKind { name: "perft", build: experiments::PerftExperiment::build, report: report::PERFT },
    ExperimentKind { name: "match", build: experiments::MatchExperiment::build, report: report::MATCH },
    ExperimentKind { name: "check", build: experiments::build_check, report: CHECK_REPORT },
];

/// The checkers report.
pub static REPORT: GameReport = GameReport::of("checkers", "Checkers", &KINDS)
    .answering(Assignment { name: "Programmeeropgave 4: Checkers", course: "Programmeermethoden, najaar 2007" });
