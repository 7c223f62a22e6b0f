//! Tests of typed rows: headers, cells, kinds and roles, statuses, timings and CPU cells.

use std::time::Duration;

use super::*;
use crate::base::stats::paired::PairedRatio;
use crate::search::budget::Stopped;
use crate::search::timing::Samples;

#[derive(serde::Serialize, Default)]
struct Example {
    instance: String,
    positions: Option<u64>,
    seconds: Option<Seconds>,
    ratio: Fixed<3>,
    equal: bool,
    big: u128,
    item_seed: Seed,
}

fn example() -> Example {
    Example {
        instance: "spel1.txt".into(),
        positions: Some(42),
        seconds: Some(Seconds(Duration::from_millis(1500))),
        ratio: Fixed(0.5),
        equal: true,
        big: u128::MAX,
        item_seed: Seed(7),
    }
}

fn common() -> [String; 3] {
    ["2".into(), "7".into(), "1.5".into()]
}

#[test]
fn the_header_is_the_fields_then_the_common_columns() {
    assert_eq!(
        columns_of::<Example>(),
        [
            "instance",
            "positions",
            "seconds",
            "ratio",
            "equal",
            "big",
            "item_seed",
            "threads",
            "seed",
            "time_limit",
            "status"
        ]
    );
}

#[test]
fn cells_are_written_in_field_order_with_fixed_decimals() {
    let u128_max = u128::MAX.to_string();
    assert_eq!(
        cells(&example(), common(), &Status::Ok).cells,
        ["spel1.txt", "42", "1.500000000", "0.500", "true", &u128_max, "7", "2", "7", "1.5", "ok"]
    );
}

#[test]
fn kinds_come_from_the_field_types() {
    let row = cells(&example(), common(), &Status::Ok);
    let kinds: Vec<Option<Kind>> = row.columns.iter().map(|c| c.as_ref().map(|c| c.kind)).collect();
    use Kind::{Count, Flag, Number, Seconds, Text};
    let expected = [Text, Count, Seconds, Number, Flag, Count, Kind::Seed, Count, Kind::Seed, Seconds, Kind::Status];
    assert_eq!(kinds, expected.map(Some).to_vec());
    let empty = cells(&Example { positions: None, ..example() }, common(), &Status::Ok);
    assert_eq!(empty.columns[1], None, "an empty cell's type is unseen");
}

#[test]
fn empty_cells_stay_empty_and_the_status_says_why() {
    let row = Example { positions: None, seconds: None, ..example() };
    let stopped = cells(&row, common(), &Status::Stopped(Stopped::TimeLimit)).cells;
    assert_eq!(&stopped[1..3], ["", ""]);
    assert_eq!(stopped[10], "timeout");
    let failed = cells(&row, common(), &Status::Error("plain and memo differ".into())).cells;
    assert_eq!((&failed[1][..], &failed[10][..]), ("", "error: plain and memo differ"));
}

#[test]
fn a_status_is_the_first_failure() {
    let stopped = Status::Stopped(Stopped::TimeLimit);
    assert_eq!(Status::first_failure([Status::Ok, stopped.clone(), Status::Error("x".into())]), stopped);
    assert_eq!(Status::first_failure([Status::Ok, Status::Ok]), Status::Ok);
    assert_eq!(Status::of(&Err::<(), _>(Stopped::Interrupted)).to_string(), "interrupted");
}

#[test]
#[should_panic(expected = "a CSV row must be a struct of plain cells")]
fn a_row_that_is_not_a_flat_struct_is_refused() {
    #[derive(serde::Serialize, Default)]
    struct Nested {
        inner: Vec<u32>,
    }
    columns_of::<Nested>();
}

#[derive(serde::Serialize, Default)]
struct Timed {
    instance: String,
    seconds: Timing,
    cpu: Cpu,
    speedup: Speedup,
}

#[test]
fn a_timing_is_five_cells_cpu_six_and_a_speedup_six() {
    assert_eq!(
        columns_of::<Timed>()[..18],
        [
            "instance",
            "seconds",
            "seconds_min",
            "seconds_max",
            "seconds_mad",
            "seconds_samples",
            "samples",
            "cpu_seconds",
            "cpu_share",
            "wait_share",
            "busy",
            "peak_memory_bytes",
            "speedup",
            "speedup_low",
            "speedup_high",
            "speedup_rounds",
            "speedup_above",
            "speedup_codes_differ"
        ]
    );
    let s = Samples {
        wall: vec![0.3, 0.1, 0.2],
        cpu: vec![0.1, 0.1, 0.1],
        wait: vec![0.02, 0.04, 0.0],
        peak: Some(3 << 20),
        round: vec![0, 1, 2],
        order: vec![1, 0, 2],
    };
    let row = Timed {
        instance: "x".into(),
        seconds: Timing::of(Some(&s)),
        cpu: Cpu::of(Some(&s), 1),
        speedup: Speedup {
            value: Some(PairedRatio { ratio: 1.9, interval: Some((1.8, 2.0)), rounds: 3 }),
            ceiling: Some(2.0),
        },
    };
    let written = cells(&row, common(), &Status::Ok);
    assert_eq!(
        written.cells[..18],
        [
            "x",
            "0.200000000",
            "0.100000000",
            "0.300000000",
            "0.100000000",
            "0.300000000/0.100000000/0.020000000/0/1;0.100000000/0.100000000/0.040000000/1/0;0.200000000/0.100000000/0.000000000/2/2",
            "3",
            "0.100000000",
            "0.500",
            "0.100",
            "false",
            "3145728",
            "1.900",
            "1.800",
            "2.000",
            "3",
            "false",
            "false"
        ]
    );
    let column = |i: usize| written.columns[i].clone().unwrap();
    let role = |i: usize| column(i).role;
    assert_eq!(role(1), Role::Measured);
    assert_eq!(role(4), Role::Spread { of: "seconds".into(), statistic: Statistic::Mad });
    assert_eq!(role(5), Role::Samples { of: "seconds".into() });
    assert_eq!((role(6), role(10)), (Role::Cpu, Role::Busy));
    assert_eq!((column(11).kind, role(11), column(11).unit.as_str()), (Kind::Bytes, Role::Measured, "B"));
    assert!(column(11).varies_between_runs());
    assert_eq!(role(14), Role::Spread { of: "speedup".into(), statistic: Statistic::High });
    let parsed = parse_samples_cell(&written.cells[5]);
    assert_eq!(parsed[1], SampleCell { wall: 0.1, cpu: Some(0.1), wait: Some(0.04), round: Some(1), order: Some(0) });
    assert_eq!(
        parse_samples_cell("0.5;0.25")[1],
        SampleCell { wall: 0.25, cpu: None, wait: None, round: None, order: None }
    );
    assert_eq!(
        (column(15).kind, role(15)),
        (Kind::Count, Role::Spread { of: "speedup".into(), statistic: Statistic::Rounds })
    );
    assert_eq!(column(16).kind, Kind::Flag);
    assert_eq!(
        (column(17).kind, role(17)),
        (Kind::Flag, Role::Spread { of: "speedup".into(), statistic: Statistic::CodesDiffer })
    );
    let stopped = cells(&Timed::default(), common(), &Status::Stopped(Stopped::TimeLimit)).cells;
    assert!(stopped[1..18].iter().all(String::is_empty), "{stopped:?}");
    let untold = Samples { peak: None, ..s.clone() };
    assert_eq!(
        cells(&Timed { cpu: Cpu::of(Some(&untold), 1), ..Timed::default() }, common(), &Status::Ok).cells[11],
        ""
    );
    let two = Cpu::of_slowest(&[(Some(&untold), 1), (Some(&Samples { wall: vec![0.01], ..s.clone() }), 1)]);
    assert_eq!(two.peak_memory(), Some(3 << 20), "the row's peak is the largest of its calls'");
}

#[test]
fn text_that_a_spreadsheet_would_run_is_neutralised() {
    for (text, written) in [
        ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
        ("@SUM(1+1)", "'@SUM(1+1)"),
        ("+cmd|x", "'+cmd|x"),
        ("-2+3", "'-2+3"),
        ("-12.5", "-12.5"),
        ("spel1.txt", "spel1.txt"),
    ] {
        assert_eq!(neutralise_formula(text), written);
    }
    let row = Example { instance: "=1+1".into(), ..example() };
    assert_eq!(cells(&row, common(), &Status::Ok).cells[0], "'=1+1");
}

#[test]
fn marked_cells_serialize_as_plain_values_elsewhere() {
    let json = serde_json::to_string(&(Seconds(Duration::from_millis(1500)), Seed(9), Rate(2.4))).unwrap();
    assert_eq!(json, r#"["1.500000000",9,"2"]"#);
}

#[test]
fn busy_is_a_long_wait_or_without_one_a_low_cpu_share() {
    assert!(busy(0.5, Some(1.0), Some(0.2)));
    assert!(!busy(0.5, Some(0.5), Some(0.05)), "an idle thread of a parallel call is no busy machine");
    assert!(busy(0.5, Some(0.5), None) && !busy(0.5, Some(0.95), None));
    assert!(busy(0.0092, Some(0.08), Some(0.61)), "a 9 ms call that waited 61 % of its time ran busy");
    assert!(!busy(0.0005, Some(0.1), Some(0.9)), "calls under the timer's 1 ms are not judged");
    assert!(!busy(0.005, Some(0.1), None), "a share of getrusage's CPU time under 10 ms is not judged");
}

fn speedup(ratio: f64, interval: Option<(f64, f64)>, threads: Option<f64>) -> Speedup {
    Speedup {
        value: Some(PairedRatio { ratio, interval, rounds: if interval.is_some() { 5 } else { 1 } }),
        ceiling: threads,
    }
}

/// On two threads, 2.3 (1.9–2.5) is above its thread count but not significantly (its
/// interval reaches below 2); 2.3 (2.1–2.5) lies wholly above: the codes differ; 1.9
/// (1.8–2.0) is unmarked. On one thread no speed-up is marked (the run warns instead), and a ratio
/// without a ceiling (a memo against a walk) has no mark cells at all.
#[test]
fn a_speedup_above_its_threads_is_not_significant_or_codes_that_differ() {
    let marks = |s: Speedup| (s.above(), s.codes_differ());
    assert_eq!(marks(speedup(2.3, Some((1.9, 2.5)), Some(2.0))), (Some(true), Some(false)));
    assert_eq!(marks(speedup(2.3, Some((2.1, 2.5)), Some(2.0))), (Some(false), Some(true)));
    assert_eq!(marks(speedup(2.3, None, Some(2.0))), (Some(true), Some(false)), "one round: above, no interval");
    assert_eq!(marks(speedup(1.9, Some((1.8, 2.0)), Some(2.0))), (Some(false), Some(false)));
    assert_eq!(marks(speedup(1.25, Some((1.11, 1.41)), Some(1.0))), (Some(false), Some(false)));
    assert_eq!(marks(speedup(14.24, Some((7.9, 25.67)), None)), (None, None));
    #[derive(serde::Serialize, Default)]
    struct Memo {
        memo_speedup: Speedup,
    }
    let memo = cells(&Memo { memo_speedup: speedup(14.24, Some((7.9, 25.67)), None) }, common(), &Status::Ok);
    assert_eq!(memo.cells[..6], ["14.240", "7.900", "25.670", "5", "", ""]);
}

fn timed(walls: &[f64]) -> Samples {
    let rounds: Vec<u32> = (0..walls.len() as u32).collect();
    Samples {
        wall: walls.to_vec(),
        cpu: walls.to_vec(),
        round: rounds.clone(),
        order: vec![0; walls.len()],
        ..Samples::default()
    }
}

/// No rate or ratio rests on a median under the timer's reliable resolution (1 ms): the
/// rate and the speed-up are empty and the status says why.
#[test]
fn a_sub_millisecond_cell_gets_no_rate_or_ratio() {
    let short = timed(&[0.0004, 0.0005, 0.0006]);
    let long = timed(&[0.004, 0.005, 0.006]);
    assert_eq!(Rate::per_median(1000, &short), None);
    assert_eq!(Rate::per_median(1000, &long), Some(Rate(200_000.0)));
    assert!(!resolved(&short) && resolved(&long) && !resolved(&Samples::default()));
    assert_eq!(Speedup::paired(&long, &short, Some(2.0)).value, None);
    let paired = Speedup::paired(&long, &timed(&[0.002, 0.0025, 0.003]), Some(2.0)).value.unwrap();
    assert!((paired.ratio - 2.0).abs() < 1e-9 && paired.rounds == 3, "{paired:?}");
    let why = TimingStatus::of("leaves_per_second", [Some(&long), Some(&short)]);
    assert_eq!(why.0.as_deref(), Some("under 1 ms, no leaves_per_second"));
    assert_eq!(TimingStatus::of("speedup", [Some(&long), None]).0, None, "a stopped call says its own stop");
    #[derive(serde::Serialize, Default)]
    struct Perft {
        leaves_per_second: Option<Rate>,
        timing_status: TimingStatus,
    }
    let written = cells(&Perft { leaves_per_second: None, timing_status: why }, common(), &Status::Ok);
    assert_eq!(written.cells[..2], ["", "under 1 ms, no leaves_per_second"]);
    let column = written.columns[1].clone().unwrap();
    assert_eq!((column.kind, &column.role), (Kind::Status, &Role::Measured), "it varies between runs");
    assert!(column.varies_between_runs() && varies_between_runs(crate::results::columns::TIMING_STATUS));
}
