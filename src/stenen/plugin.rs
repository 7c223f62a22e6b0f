//! The game as a plug-in of the harness: its experiment kinds, each with the builder
//! that turns a manifest entry into an experiment and what the report knows of it, and the
//! game's report. The one place that joins `experiments/` and `report.rs`, so that
//! neither imports the other's registry.

use super::{experiments, report};
use crate::experiment::kind::ExperimentKind;
use crate::report::kinds::{Assignment, GameReport, KindReport, CHECK_REPORT};

/// The tiling kinds: each one's name, builder and report.
pub static KINDS: [ExperimentKind<KindReport>; 2] = [
    ExperimentKind { name: "table", build: experiments::build_table, report: report::TABLE },
    ExperimentKind {
        name: "check",
        build: experiments::build_check,
        report: KindReport {
            asked_words: super::asked_words::words,
            asked_table: Some(super::asked_table::per_instance),
            own_rows: Some(super::asked_table::is_own_position),
            stand_ins: Some(super::stand_ins::note),
            ..CHECK_REPORT
        },
    },
];

/// The tiling game's report.
pub static REPORT: GameReport =
    GameReport::of("stenen", "Tiling", &KINDS).in_dutch("Stenen leggen").answering(Assignment {
        name: "Programmeeropdracht 2: Stenen leggen",
        course: "Algoritmiek, voorjaar 2024, Universiteit Leiden",
    });
