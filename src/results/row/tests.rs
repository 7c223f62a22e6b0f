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
        ["spel1.txt", "42", "1.500000", "0.500", "true", &u128_max, "7", "2", "7", "1.5", "ok"]
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
fn a_timing_is_five_cells_cpu_six_and_a_speedup_five() {
    assert_eq!(
        columns_of::<Timed>()[..17],
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
            "speedup_drift"
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
        written.cells[..17],
        [
            "x",
            "0.200000",
            "0.100000",
            "0.300000",
            "0.100000",
            "0.300000/0.100000/0.020000/0/1;0.100000/0.100000/0.040000/1/0;0.200000/0.100000/0.000000/2/2",
            "3",
            "0.100000",
            "0.500",
            "0.100",
            "false",
            "3145728",
            "1.900",
            "1.800",
            "2.000",
            "3",
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
    let drifting = Speedup { value: Some(PairedRatio { ratio: 2.3, interval: None, rounds: 1 }), ceiling: Some(2.0) };
    assert_eq!(drifting.drift(), Some(true));
    let above = |low: f64| Speedup {
        value: Some(PairedRatio { ratio: 2.3, interval: Some((low, 2.5)), rounds: 3 }),
        ceiling: Some(2.0),
    };
    assert_eq!((above(2.1).drift(), above(1.9).drift()), (Some(true), Some(false)), "noise is not drift");
    let stopped = cells(&Timed::default(), common(), &Status::Stopped(Stopped::TimeLimit)).cells;
    assert!(stopped[1..17].iter().all(String::is_empty), "{stopped:?}");
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
    assert_eq!(json, r#"["1.500000",9,"2"]"#);
}

#[test]
fn busy_is_a_long_wait_or_without_one_a_low_cpu_share() {
    assert!(busy(0.5, Some(1.0), Some(0.2)));
    assert!(!busy(0.5, Some(0.5), Some(0.05)), "an idle thread of a parallel call is no busy machine");
    assert!(busy(0.5, Some(0.5), None) && !busy(0.5, Some(0.95), None));
    assert!(!busy(0.005, Some(0.1), Some(0.9)), "calls under 10 ms are not judged");
}
