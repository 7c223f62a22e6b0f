//! The one list of plug-ins. The manifest (which `game` names exist), the runner (which
//! code builds an entry's experiment), the report (what it knows of each kind), the
//! cross-game `parallel` experiment (which searches a game offers), the solvers' `check`
//! experiment (each game's plan), the command line (`harness GAME ...`, `harness play
//! GAME`), the web boards (`harness play --web`) and the layers test (`tests/layers.rs`)
//! all read [`GAMES`] and [`CROSS_GAME`].
//!
//! A fifth game is one folder plus two lines, counted by every place outside the games'
//! folders that names a game:
//! - `src/GAME/`, with the items `game!` names (`plugin::REPORT`,
//!   `experiments::{parallel_search, check_plan}`, `cli::{Command, PlayArgs, run, play}`,
//!   and `api::board` with its page script where the game has a web board);
//! - `pub mod GAME;` in `src/lib.rs`, which Rust needs for any module;
//! - one `game!` entry in [`GAMES`].
//!
//! Optional besides: `harness solver build --assignment GAME` needs the game's C++ driver
//! `solvers/GAME/driver.cc` and its line in `runner::solver_build::DRIVERS`. Prose that
//! lists the four games by hand goes stale without failing: 3 lines of `--help` (the
//! `--assignment` of `harness report` and of `harness solver build`, the game of `harness
//! solver check`), the manifest's module doc, the README and `docs/`.

use clap::{FromArgMatches, Subcommand};

use crate::api::AnyBoard;
use crate::base::error::{Error, InputError, Result};
use crate::cross_game::experiments::{self as cross_game_experiments, PARALLEL, SPEED};
use crate::cross_game::report::{self as cross_game_report, HARNESS};
use crate::experiment::kind::{self, ExperimentKind};
use crate::experiment::parallel::SearchBuilder;
use crate::experiment::solver::experiment::CheckPlanFn;
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::Experiment;
use crate::report::kinds::{GameReport, KindReport};
use crate::report::Reports;

/// What the harness knows of one game.
pub struct GamePlugin {
    /// The name in manifests (`game = "tegel"`) and on the command line (`harness tegel`).
    pub name: &'static str,
    /// What `harness --help` says of its one-shot commands.
    pub about: &'static str,
    /// What `harness play --help` says of its interactive program.
    pub play_about: &'static str,
    /// Its report, holding its kind table (name, builder, report of each kind).
    pub report: &'static GameReport,
    /// Builds one search of the shared `parallel` experiment.
    pub parallel_search: SearchBuilder,
    /// Adds the game's one-shot subcommands to `harness GAME`.
    pub commands: fn(clap::Command) -> clap::Command,
    /// Runs a parsed one-shot command.
    pub run: fn(&clap::ArgMatches) -> Result<()>,
    /// Adds the interactive program's arguments to `harness play GAME`.
    pub play_args: fn(clap::Command) -> clap::Command,
    /// Runs the interactive program.
    pub play: fn(&clap::ArgMatches) -> Result<()>,
    /// Its board in the browser (`harness play --web`), if it has one.
    pub board: Option<BoardSlot>,
    /// Its plan of the `check` experiment in place of one of its entries (`harness run
    /// --solver`).
    pub check_plan: CheckPlanFn,
}

/// Builds a board from the interactive program's parsed arguments.
pub type BoardFromArgs = fn(&clap::ArgMatches) -> Result<AnyBoard>;

/// What the registry knows of a game's web board.
pub struct BoardSlot {
    /// Builds a fresh board (the game's `api::board`).
    pub new: fn() -> AnyBoard,
    /// Builds the board that `harness play --web GAME ARGS...` names by the interactive
    /// program's arguments; `None`: the game's board takes none (its settings are chosen
    /// on the page).
    pub from_args: Option<BoardFromArgs>,
    /// Its place on the start page and in `/api/games` (lowest first).
    pub order: u8,
}

/// One [`GamePlugin`] from the game's module `crate::GAME`: its `plugin::REPORT` (with
/// `plugin::KINDS`), its `experiments::{parallel_search, check_plan}`, its
/// `cli::{Command, PlayArgs, run, play}` and, where given, its web board `api::board` at
/// place `order` of the start page (`board with args`: also `cli::web_board`, the board
/// the interactive program's arguments name).
macro_rules! game {
    ($module:ident, $about:expr, $play_about:expr) => {
        game!(@ $module, $about, $play_about, None)
    };
    ($module:ident, $about:expr, $play_about:expr, board: $order:expr) => {
        game!(@ $module, $about, $play_about, Some(BoardSlot {
            new: crate::$module::api::board,
            from_args: None,
            order: $order,
        }))
    };
    ($module:ident, $about:expr, $play_about:expr, board with args: $order:expr) => {
        game!(@ $module, $about, $play_about, Some(BoardSlot {
            new: crate::$module::api::board,
            from_args: Some(|m| {
                crate::$module::cli::web_board(
                    crate::$module::cli::PlayArgs::from_arg_matches(m).map_err(clap_error)?,
                )
            }),
            order: $order,
        }))
    };
    (@ $module:ident, $about:expr, $play_about:expr, $board:expr) => {
        GamePlugin {
            name: stringify!($module),
            about: $about,
            play_about: $play_about,
            report: &crate::$module::plugin::REPORT,
            parallel_search: crate::$module::experiments::parallel_search,
            commands: crate::$module::cli::Command::augment_subcommands,
            run: |m| crate::$module::cli::run(crate::$module::cli::Command::from_arg_matches(m).map_err(clap_error)?),
            play_args: <crate::$module::cli::PlayArgs as clap::Args>::augment_args,
            play: |m| crate::$module::cli::play(crate::$module::cli::PlayArgs::from_arg_matches(m).map_err(clap_error)?),
            board: $board,
            check_plan: crate::$module::experiments::check_plan,
        }
    };
}

/// Every game, in the order the reports and `--help` list them.
pub static GAMES: &[GamePlugin] = &[
    game!(tegel, "Tile game (Tegelspel) one-shot searches", "The tile game's menu program", board: 3),
    game!(
        stenen,
        "Polyomino tiling (Stenen leggen) one-shot searches",
        "The tiling program: place stones by hand, find and count tilings (stones are numbered from 1, as in the assignment)",
        board with args: 4
    ),
    game!(
        nim,
        "Nim values and Grundy tables",
        "Nim against the computer (a move is a heap, numbered from 0 as in the assignment's transcript, and a number of sticks)",
        board: 2
    ),
    game!(
        checkers,
        "Checkers perft, divide and continuation counts",
        "Checkers against the computer (text, or --tui for the mouse board)",
        board: 1
    ),
];

/// The cross-game experiments' kinds (`game = "harness"`), handed the games' searches.
static CROSS_GAME_KINDS: [ExperimentKind<KindReport>; 2] = [
    ExperimentKind {
        name: PARALLEL,
        build: |spec| cross_game_experiments::build(spec, search_builder),
        report: cross_game_report::PARALLEL_REPORT,
    },
    ExperimentKind {
        name: SPEED,
        build: |spec| cross_game_experiments::build_speed(spec, search_builder),
        report: cross_game_report::SPEED_REPORT,
    },
];

/// The cross-game plug-in (`game = "harness"`): the `parallel` and `speed` experiments.
pub static CROSS_GAME: GameReport = GameReport {
    game: HARNESS,
    title: "All games",
    dutch_title: None,
    kinds: &CROSS_GAME_KINDS,
    extra_files: cross_game_report::summary_files,
    summary: Some(cross_game_report::summary_view),
    assignment: None,
    picture_words: crate::report::kinds::as_drawn,
};

/// Every plug-in's report, the games of [`GAMES`] in their order and then the cross-game
/// experiments: what `harness report` is handed, made from [`GAMES`] so that a game is
/// listed once.
static REPORTS: std::sync::LazyLock<Vec<&'static GameReport>> =
    std::sync::LazyLock::new(|| GAMES.iter().map(|g| g.report).chain([&CROSS_GAME]).collect());

/// The reports of every plug-in, for [`crate::report::generate`].
pub fn reports() -> Reports<'static> {
    Reports(REPORTS.as_slice())
}

fn clap_error(e: clap::Error) -> Error {
    InputError::new(e.to_string().trim().to_string()).into()
}

/// The plan of the `check` experiment of `game`, where it is a game: every game of
/// [`GAMES`] can be asked about by a solver.
pub fn check_plan(game: &str) -> Option<CheckPlanFn> {
    self::game(game).map(|g| g.check_plan)
}

/// The names of the games, in the order of [`GAMES`].
pub fn names() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.name).collect()
}

/// The game named `name`.
pub fn game(name: &str) -> Option<&'static GamePlugin> {
    GAMES.iter().find(|g| g.name == name)
}

/// The games with a web board, in the order of the start page.
fn with_boards() -> Vec<&'static GamePlugin> {
    let mut games: Vec<&GamePlugin> = GAMES.iter().filter(|g| g.board.is_some()).collect();
    games.sort_by_key(|g| g.board.as_ref().map(|b| b.order));
    games
}

/// The names of the games with a web board, in the order of the start page.
pub fn board_names() -> Vec<&'static str> {
    with_boards().iter().map(|g| g.name).collect()
}

/// The names a manifest's `game` key may take: every game, then `harness`.
pub fn game_names() -> Vec<&'static str> {
    REPORTS.iter().map(|r| r.game).collect()
}

/// Builds the experiment for a manifest entry, validating its parameters and loading
/// its instance files; nothing runs yet.
pub fn build(spec: &ExperimentSpec) -> std::result::Result<Box<dyn Experiment>, InputError> {
    match reports().game(&spec.heading.game) {
        Some(report) => kind::build(report.kinds, spec),
        None => Err(spec.error(Some("game"), format!("unknown game `{}`", spec.heading.game))),
    }
}

/// The builder of parallel-comparison searches of `game`, if it is a game.
pub fn search_builder(game: &str) -> Option<SearchBuilder> {
    self::game(game).map(|g| g.parallel_search)
}

/// The arguments of `harness play` itself, given before or after the game's name.
const WEB_ARGS: [&str; 3] = ["web", "port", "no-open"];

/// `harness play`: a game's interactive program, or with `--web` the browser board.
fn play_command() -> clap::Command {
    use clap::{Arg, ArgAction};
    let web = board_names().join(", ");
    clap::Command::new("play")
        .about("Play a game by hand, in the terminal or (--web) in the browser")
        .after_help(PLAY_EXAMPLES)
        .arg(
            Arg::new("web")
                .long("web")
                .action(ArgAction::SetTrue)
                .global(true)
                .help(format!("Serve the mouse board in the browser on 127.0.0.1 ({web}); prints its URL")),
        )
        .arg(
            Arg::new("port")
                .long("port")
                .value_name("N")
                .global(true)
                .value_parser(clap::value_parser!(u16))
                .help("With --web: the port to listen on (default: any free port)"),
        )
        .arg(
            Arg::new("no-open")
                .long("no-open")
                .action(ArgAction::SetTrue)
                .global(true)
                .help("With --web: do not open a browser"),
        )
}

/// What `harness play --help` shows under its commands.
const PLAY_EXAMPLES: &str = "\
Examples:
  harness play --web                               every game's board in the browser
  harness play --web checkers                      the checkers board in the browser
  harness play --web stenen 4 5 instances/stenen/stenen1.in
                                                   the tiling board in the browser
  harness play tegel instances/tegel/spel1.txt     the tile game's menu
  harness play stenen 4 5 instances/stenen/stenen1.in
                                                   place stones on a 4 x 5 board
  harness play nim --heaps 10 11 11 --maxtake 0    Nim on heaps of 10, 11 and 11 sticks
  harness play checkers --tui                      the mouse board in the terminal";

/// The game subcommands (`harness GAME ...`) and `harness play GAME`, added to `cli`.
pub fn add_commands(cli: clap::Command) -> clap::Command {
    let play = GAMES.iter().fold(play_command(), |play, g| {
        let mut sub = (g.play_args)(clap::Command::new(g.name)).about(g.play_about);
        if g.board.is_some() {
            // With --web the board is chosen on the page: the program's required arguments
            // (tegel's game file) are required only without it.
            sub = sub.mut_args(|a| if a.is_required_set() { a.required(false) } else { a });
        }
        play.subcommand(sub)
    });
    GAMES.iter().fold(cli.subcommand(play), |cli, g| {
        cli.subcommand((g.commands)(clap::Command::new(g.name)).about(g.about).subcommand_required(true))
    })
}

/// Runs `harness GAME ...` or `harness play GAME ...` when `matches` holds one;
/// `None` when the subcommand is not a game's.
pub fn dispatch(matches: &clap::ArgMatches) -> Option<Result<()>> {
    let (name, sub) = matches.subcommand()?;
    if name == "play" {
        return Some(play(sub));
    }
    Some((game(name)?.run)(sub))
}

/// The boards of `harness play --web [GAME ARGS...]`, in the order of the start page: each
/// game's fresh board, except the one that `named` gives arguments for, built from them
/// (refused for a game whose board takes none).
fn web_boards(named: Option<(&str, &clap::ArgMatches)>) -> Result<Vec<AnyBoard>> {
    let given = |args: &clap::ArgMatches| {
        args.ids().any(|id| {
            !WEB_ARGS.contains(&id.as_str())
                && args.value_source(id.as_str()) == Some(clap::parser::ValueSource::CommandLine)
        })
    };
    let mut boards = Vec::new();
    for g in with_boards() {
        let Some(slot) = &g.board else { continue };
        let board = match named {
            Some((name, args)) if name == g.name && given(args) => match slot.from_args {
                Some(from_args) => from_args(args)?,
                None => return Err(InputError::new(format!(
                    "with --web, name only the game: its board and players are chosen on the page, or in the URL's query (like &m=6&n=6&r=2&computer=random&seed=3); `harness play {name}` takes them on the command line"
                ))
                .into()),
            },
            _ => (slot.new)(),
        };
        boards.push(board);
    }
    Ok(boards)
}

/// Runs `harness play ...`: the browser board with `--web`, else the game's program.
fn play(matches: &clap::ArgMatches) -> Result<()> {
    let listed = || names().join(", ");
    let sub = matches.subcommand();
    let web_only = matches.get_one::<u16>("port").is_some() || matches.get_flag("no-open");
    if web_only && !matches.get_flag("web") {
        return Err(InputError::new("--port and --no-open go with --web").into());
    }
    if matches.get_flag("web") {
        return crate::web::run(crate::web::Options {
            game: sub.map(|(game, _)| game.to_string()),
            port: matches.get_one::<u16>("port").copied().unwrap_or(0),
            open: !matches.get_flag("no-open"),
            boards: web_boards(sub)?,
        });
    }
    match sub {
        Some((game, args)) => match self::game(game) {
            Some(g) => (g.play)(args),
            None => Err(InputError::new(format!("unknown game `{game}`: {}", listed())).into()),
        },
        None => Err(InputError::new(format!(
            "harness play needs a game ({}), or --web for the board in the browser",
            listed()
        ))
        .into()),
    }
}
