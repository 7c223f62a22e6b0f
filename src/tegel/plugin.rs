//! The game as a plug-in of the harness: its experiment kinds, each with the builder
//! that turns a manifest entry into an experiment and what the report knows of it, and the
//! game's report. The one place that joins `experiments/` and `report.rs`, so that
//! neither imports the other's registry.

use super::{experiments, report};
use crate::experiment::kind::ExperimentKind;
use crate::report::kinds::{Assignment, GameReport, KindReport, CHECK_REPORT};

/// The tile game's kinds: each one's name, builder (loading every instance) and report.
pub static KINDS: [ExperimentKind<KindReport>; 6] = [
    ExperimentKind { name: "best", build: experiments::build_best, report: report::BEST },
    ExperimentKind { name: "greedy", build: experiments::build_greedy, report: report::GREEDY },
    ExperimentKind { name: "good", build: experiments::build_good, report: report::GOOD },
    ExperimentKind { name: "sweep", build: experiments::build_sweep, report: report::SWEEP },
    ExperimentKind { name: "match", build: experiments::build_match, report: report::MATCH },
    ExperimentKind {
        name: "check",
        build: experiments::build_check,
        report: KindReport {
            asked_words: super::asked_words::words,
            asked_table: Some(super::asked_table::assignment_shape),
            stand_ins: Some(super::stand_ins::note),
            ..CHECK_REPORT
        },
    },
];

/// The tile game's report.
pub static REPORT: GameReport = GameReport::of("tegel", "Tile game", &KINDS)
    .in_dutch("Tegelspel")
    .with_picture_words(super::picture_words::words)
    .answering(Assignment { name: "Programmeeropdracht 1: Tegelspel", course: "Algoritmiek, voorjaar 2024" });
