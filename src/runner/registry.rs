//! The one list of plug-ins. The manifest (which `game` names exist), the runner (which
//! code builds an entry's experiment), the report (what it knows of each kind), the
//! cross-game `parallel` experiment (which searches a game offers) and the command line
//! (`harness GAME ...`, `harness play GAME`) all read [`GAMES`] and [`CROSS_GAME`]: a fifth
//! game is one new folder plus one line in [`GAMES`].

use clap::{FromArgMatches, Subcommand};

use crate::base::error::{Error, InputError, Result};
use crate::experiment::kind::{self, ExperimentKind};
use crate::experiment::parallel::SearchBuilder;
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::Experiment;
use crate::parallel::experiments::{self as cross, PARALLEL, SPEED};
use crate::parallel::report::{self as cross_report, HARNESS};
use crate::report::kinds::{GameReport, KindReport};
use crate::report::Reports;
use crate::{checkers, nim, stenen, tegel};

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
}

/// One [`GamePlugin`] from a game's module: its `plugin::REPORT` (with `plugin::KINDS`), its
/// `experiments::parallel_search` and its `cli::{Command, PlayArgs, run, play}`.
macro_rules! game {
    ($module:ident, $about:expr, $play_about:expr) => {
        GamePlugin {
            name: stringify!($module),
            about: $about,
            play_about: $play_about,
            report: &$module::plugin::REPORT,
            parallel_search: $module::experiments::parallel_search,
            commands: $module::cli::Command::augment_subcommands,
            run: |m| $module::cli::run($module::cli::Command::from_arg_matches(m).map_err(clap_error)?),
            play_args: <$module::cli::PlayArgs as clap::Args>::augment_args,
            play: |m| $module::cli::play($module::cli::PlayArgs::from_arg_matches(m).map_err(clap_error)?),
        }
    };
}

/// Every game, in the order the reports and `--help` list them.
pub static GAMES: [GamePlugin; 4] = [
    game!(tegel, "Tile game (Tegelspel) one-shot searches", "The tile game's menu program"),
    game!(
        stenen,
        "Polyomino tiling (Stenen leggen) one-shot searches",
        "The tiling program: place stones by hand, find and count tilings (stones are numbered from 1, as in the assignment)"
    ),
    game!(
        nim,
        "Nim values and Grundy tables",
        "Nim against the computer (a move is a heap, numbered from 0 as in the assignment's transcript, and a number of sticks)"
    ),
    game!(
        checkers,
        "Checkers perft, divide and continuation counts",
        "Checkers against the computer (text, or --tui for the mouse board)"
    ),
];

/// The cross-game experiments' kinds (`game = "harness"`), handed the games' searches.
static CROSS_GAME_KINDS: [ExperimentKind<KindReport>; 2] = [
    ExperimentKind {
        name: PARALLEL,
        build: |spec| cross::build(spec, search_builder),
        report: cross_report::PARALLEL_REPORT,
    },
    ExperimentKind {
        name: SPEED,
        build: |spec| cross::build_speed(spec, search_builder),
        report: cross_report::SPEED_REPORT,
    },
];

/// The cross-game plug-in (`game = "harness"`): the `parallel` and `speed` experiments.
pub static CROSS_GAME: GameReport = GameReport {
    game: HARNESS,
    title: "All games",
    kinds: &CROSS_GAME_KINDS,
    extra_files: cross_report::summary_files,
    summary: Some(cross_report::summary_view),
};

/// Every plug-in's report, games first: what `harness report` is handed.
static REPORTS: [&GameReport; 5] =
    [&tegel::plugin::REPORT, &stenen::plugin::REPORT, &nim::plugin::REPORT, &checkers::plugin::REPORT, &CROSS_GAME];

/// The reports of every plug-in, for [`crate::report::generate`].
pub fn reports() -> Reports<'static> {
    Reports(&REPORTS)
}

fn clap_error(e: clap::Error) -> Error {
    InputError::new(e.to_string().trim().to_string()).into()
}

/// The game named `name`.
pub fn game(name: &str) -> Option<&'static GamePlugin> {
    GAMES.iter().find(|g| g.name == name)
}

/// The names a manifest's `game` key may take: every game, then `harness`.
pub fn game_names() -> Vec<&'static str> {
    REPORTS.iter().map(|r| r.game).collect()
}

/// Builds the experiment for a manifest entry, validating its parameters and loading
/// its instance files; nothing runs yet.
pub fn build(spec: &ExperimentSpec) -> std::result::Result<Box<dyn Experiment>, InputError> {
    match reports().game(&spec.game) {
        Some(report) => kind::build(report.kinds, spec),
        None => Err(spec.error(Some("game"), format!("unknown game `{}`", spec.game))),
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
    let web = crate::web::game_names().join(", ");
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
    let web = crate::web::game_names();
    let play = GAMES.iter().fold(play_command(), |play, g| {
        let mut sub = (g.play_args)(clap::Command::new(g.name)).about(g.play_about);
        if web.contains(&g.name) {
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

/// The tiling board of `harness play --web stenen H B FILE [--time-limit S]`: the game
/// the terminal program would load (a bad file or size is refused before listening).
fn stenen_board(args: &clap::ArgMatches) -> Result<Box<dyn crate::api::GameApi>> {
    let a = stenen::cli::PlayArgs::from_arg_matches(args).map_err(clap_error)?;
    let game = stenen::rules::load_game(a.height, a.width, &a.file)?;
    let limit_s = a.time_limit.unwrap_or(stenen::api::DEFAULT_LIMIT_S);
    if limit_s > stenen::api::MAX_LIMIT_S {
        return Err(InputError::new(format!(
            "--time-limit: the web board's searches run at most {} s",
            stenen::api::MAX_LIMIT_S
        ))
        .into());
    }
    let start = stenen::api::Start { game, name: a.file.display().to_string(), limit_s };
    Ok(Box::new(stenen::api::Stenen::with_start(start)))
}

/// Runs `harness play ...`: the browser board with `--web`, else the game's program.
fn play(matches: &clap::ArgMatches) -> Result<()> {
    let names = || GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", ");
    let sub = matches.subcommand();
    let web_only = matches.get_one::<u16>("port").is_some() || matches.get_flag("no-open");
    if web_only && !matches.get_flag("web") {
        return Err(InputError::new("--port and --no-open go with --web").into());
    }
    if matches.get_flag("web") {
        let mut board = None;
        if let Some((game, args)) = sub {
            let own = |id: &str| !WEB_ARGS.contains(&id);
            let given = args.ids().any(|id| {
                own(id.as_str()) && args.value_source(id.as_str()) == Some(clap::parser::ValueSource::CommandLine)
            });
            if given && game == "stenen" {
                board = Some(stenen_board(args)?);
            } else if given {
                return Err(InputError::new(format!(
                    "with --web, name only the game: its board and players are chosen on the page, or in the URL's query (like &m=6&n=6&r=2&computer=random&seed=3); `harness play {game}` takes them on the command line"
                ))
                .into());
            }
        }
        return crate::web::run(crate::web::Options {
            game: sub.map(|(game, _)| game.to_string()),
            port: matches.get_one::<u16>("port").copied().unwrap_or(0),
            open: !matches.get_flag("no-open"),
            board,
        });
    }
    match sub {
        Some((game, args)) => match self::game(game) {
            Some(g) => (g.play)(args),
            None => Err(InputError::new(format!("unknown game `{game}`: {}", names())).into()),
        },
        None => Err(InputError::new(format!(
            "harness play needs a game ({}), or --web for the board in the browser",
            names()
        ))
        .into()),
    }
}
