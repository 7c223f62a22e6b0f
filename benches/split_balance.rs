//! How evenly the root splitter shares the searches of the `parallel` experiment over
//! the pool's workers, computed from position counts alone (no clock; see
//! `harness::search::split::Balance`): each search cut into tasks as on a pool of
//! `SPLIT_WORKERS` threads (2 unless told), its tasks walked one after the other.
//!
//! `cargo bench --bench split_balance` prints one line per search and task count;
//! `-- perft memo` picks the searches whose names contain one of the words;
//! `SPLIT_TASKS=96,512` the task counts (default: what the splitter asks for on
//! `SPLIT_WORKERS` threads). Each search walks its whole tree once per task count: all
//! five took 11.7 s for one task count on 2026-11-27 (the 2-core development machine).

use std::path::{Path, PathBuf};

use harness::checkers::count::count_balance;
use harness::checkers::geometry::Geometry;
use harness::checkers::memo::count_memo_balance;
use harness::checkers::perft::perft_balance;
use harness::checkers::position::Position;
use harness::search::budget::Budget;
use harness::search::split::{tasks_for, Balance};
use harness::stenen::search::count_balance as stenen_count_balance;
use harness::stenen::{load_puzzle, Board, Mode};
use harness::tegel::best::best_balance;
use harness::tegel::load::load_file;

/// One search of the `parallel` experiment: its name, and its balance for a task count
/// and a number of workers.
struct Probe {
    name: &'static str,
    balance: fn(usize, usize) -> Result<Balance, String>,
}

const PROBES: [Probe; 5] = [
    Probe { name: "checkers perft 12 8x8 r3", balance: perft_12 },
    Probe { name: "checkers count 5x6 r1", balance: count_5x6 },
    Probe { name: "checkers count memo 6x6 r1", balance: count_memo_6x6 },
    Probe { name: "stenen count smart 4x15", balance: stenen_smart_4x15 },
    Probe { name: "tegel best parallel.txt", balance: tegel_parallel_txt },
];

fn instance(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("instances").join(path)
}

fn checkers_start(rows: u8, cols: u8, men_rows: u8) -> (Geometry<u64>, Position<u64>) {
    let g = Geometry::<u64>::new(rows, cols, men_rows).expect("a board of at most 64 squares");
    let p = Position::start(&g);
    (g, p)
}

fn perft_12(tasks: usize, workers: usize) -> Result<Balance, String> {
    let (g, p) = checkers_start(8, 8, 3);
    perft_balance(&g, &p, 12, tasks, workers, &Budget::unlimited()).map_err(|e| format!("{e:?}"))
}

fn count_5x6(tasks: usize, workers: usize) -> Result<Balance, String> {
    let (g, p) = checkers_start(5, 6, 1);
    count_balance(&g, &p, tasks, workers, &Budget::unlimited()).map_err(|e| format!("{e:?}"))
}

/// On one table of 1024 MiB, as the experiment's item.
fn count_memo_6x6(tasks: usize, workers: usize) -> Result<Balance, String> {
    let (g, p) = checkers_start(6, 6, 1);
    count_memo_balance(&g, &p, 1024 << 20, tasks, workers, &Budget::unlimited()).map_err(|e| format!("{e:?}"))
}

fn stenen_smart_4x15(tasks: usize, workers: usize) -> Result<Balance, String> {
    let game = load_puzzle(4, 15, &instance("stenen/stenen2.in")).map_err(|e| e.to_string())?;
    let board = Board::empty(&game);
    stenen_count_balance(&game, &board, Mode::Smart, tasks, workers, &Budget::unlimited()).map_err(|e| e.to_string())
}

fn tegel_parallel_txt(tasks: usize, workers: usize) -> Result<Balance, String> {
    let game = load_file(&instance("tegel/parallel.txt")).map_err(|e| e.to_string())?;
    best_balance(game.rules(), game.position(), tasks, workers, &Budget::unlimited()).map_err(|e| e.to_string())
}

/// The workers the tasks are shared among: `SPLIT_WORKERS`, else 2.
fn workers_from_env() -> usize {
    std::env::var("SPLIT_WORKERS").ok().and_then(|w| w.trim().parse().ok()).filter(|&w| w >= 1).unwrap_or(2)
}

/// The task counts: `SPLIT_TASKS` (a comma list), else what the splitter asks for on
/// `workers` threads.
fn task_counts(workers: usize) -> Vec<usize> {
    match std::env::var("SPLIT_TASKS") {
        Ok(list) => list.split(',').filter_map(|t| t.trim().parse().ok()).collect(),
        Err(_) => vec![tasks_for(workers)],
    }
}

fn main() {
    // `cargo bench` adds `--bench`; the other arguments pick searches by name.
    let words: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let workers = workers_from_env();
    let counts = task_counts(workers);
    for probe in PROBES.iter().filter(|p| words.is_empty() || words.iter().any(|w| p.name.contains(w.as_str()))) {
        for &tasks in &counts {
            match (probe.balance)(tasks, workers) {
                Ok(b) => println!("balance {}: {tasks} tasks asked, {b}", probe.name),
                Err(e) => {
                    eprintln!("balance {}: {e}", probe.name);
                    std::process::exit(1);
                }
            }
        }
    }
}
