//! `harness report [RESULTS]`: the report files rewritten from a results directory's CSVs,
//! or one experiment printed as Markdown.

use std::path::{Path, PathBuf};

use crate::base::error::{InputError, Result};
use crate::report;
use crate::report::assignment::FrontMatter;
use crate::report::language::Language;
use crate::results::dir::ResultsDir;
use crate::runner::registry;

pub const EXAMPLES: &str = "\
Examples:
  harness report                                    rewrite the report of results/
  harness report bench-A                            rewrite the report of bench-A/
  harness report --format markdown bench-A speed    print experiment speed of bench-A/
  harness report --assignment tegel --author 'Ada Lovelace' --student-number s1234567 \\
      --author 'Alan Turing' --student-number s7654321 --date 2026-12-04
                                                    also results/report-tegel.html, titled for them";

/// The arguments of `harness report`.
#[derive(Debug, clap::Args)]
pub struct ReportArgs {
    /// `files` writes everything; `markdown` prints one experiment.
    #[arg(long, value_enum, default_value = "files")]
    format: ReportFormat,
    /// The results directory (default `results`), then, with `--format markdown`, the
    /// experiment NAME (`report --format markdown NAME` reads `results`).
    #[arg(num_args = 0..=2, value_names = ["RESULTS", "NAME"])]
    args: Vec<String>,
    /// Also write that assignment's own page, `report-GAME.html` (its PDF:
    /// `scripts/build-report.sh RESULTS --assignment GAME`): tegel, stenen, nim or checkers.
    #[arg(long, value_name = "GAME")]
    assignment: Option<String>,
    /// An author on the assignment's title page (repeat for each; default: `authors`
    /// under `[report]` in the manifest).
    #[arg(long = "author", value_name = "NAME")]
    authors: Vec<String>,
    /// The title of the assignment's report (default: `title` under `[report]`, else
    /// the assignment's name).
    #[arg(long)]
    title: Option<String>,
    /// The course on the title page (default: `course` under `[report]`, else the
    /// assignment's own).
    #[arg(long)]
    course: Option<String>,
    /// A student number, for the authors in order (repeat for each; default:
    /// `student_numbers` under `[report]`): "Ada Lovelace (s1234567)" on the title page.
    #[arg(long = "student-number", value_name = "N")]
    student_numbers: Vec<String>,
    /// The hand-in date on the title page, as it should read (default: `date` under
    /// `[report]`, else the day the report is made; the run's own dates stay on the line
    /// below it).
    #[arg(long, value_name = "DATE")]
    date: Option<String>,
    /// Add an appendix to the assignment's report: the run and the machine behind its
    /// numbers, and the run's warnings (by default the report holds the assignment's
    /// answers alone).
    #[arg(long)]
    appendix: bool,
    /// The report's language: en (English) or nl (Dutch; default: `language` under
    /// `[report]`, else en).
    #[arg(long, value_name = "LANG", value_parser = parse_language)]
    language: Option<Language>,
    /// Your own explanation of each report question, set under its heading before the
    /// checked answer: a directory of plain-text files named for the questions (T2.txt,
    /// S3.txt, ...; paragraphs separated by blank lines). Needs --assignment.
    #[arg(long, value_name = "DIR")]
    explanations: Option<PathBuf>,
    /// Your program's name in the assignment's report ("our program NAME"; default:
    /// `program` under `[report]`, else the name the program gives in its handshake).
    #[arg(long, value_name = "NAME")]
    program: Option<String>,
}

/// A `--language` value: `en` or `nl`.
fn parse_language(s: &str) -> std::result::Result<Language, String> {
    s.parse().map_err(|e: InputError| e.message)
}

/// What `harness report` produces.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum ReportFormat {
    /// Every file of the report in the results directory.
    Files,
    /// One experiment as Markdown on standard output.
    Markdown,
}

/// `harness report`: the files of the report rewritten, or one experiment as Markdown.
pub fn report(args: ReportArgs) -> Result<()> {
    let front = FrontMatter {
        assignment: args.assignment,
        title: args.title,
        authors: args.authors,
        course: args.course,
        student_numbers: args.student_numbers,
        date: args.date,
        appendix: args.appendix,
        language: args.language,
        explanations: args.explanations,
        program: args.program,
    };
    match args.format {
        ReportFormat::Files if args.args.len() > 1 => Err(InputError::new(
            "harness report takes one results directory (an experiment name only with --format markdown)",
        )
        .into()),
        ReportFormat::Files => rewrite(&PathBuf::from(args.args.first().map_or("results", String::as_str)), &front),
        ReportFormat::Markdown => {
            let (results, name) = markdown_target(&args.args)?;
            let dir = ResultsDir::read_only(&results)?;
            print!("{}", report::markdown_of(dir.path(), registry::reports(), name)?);
            Ok(())
        }
    }
}

/// The results directory and experiment of `report --format markdown [RESULTS] NAME`:
/// one argument is NAME (in `results`); of two, the first is RESULTS, unless only the
/// second is a directory (the older order `NAME RESULTS`).
fn markdown_target(args: &[String]) -> Result<(PathBuf, &str)> {
    match args {
        [] => Err(InputError::new("--format markdown needs the experiment NAME ([RESULTS] NAME)").into()),
        [name] => Ok((PathBuf::from("results"), name)),
        [first, second, ..] => {
            let is_dir = |s: &str| Path::new(s).is_dir();
            if !is_dir(first) && is_dir(second) {
                Ok((PathBuf::from(second), first))
            } else {
                Ok((PathBuf::from(first), second))
            }
        }
    }
}

/// Rewrites the report files of `results`: the directory must exist (it is never created
/// here); it is held with its exclusive lock while the files are written.
fn rewrite(results: &Path, front: &FrontMatter) -> Result<()> {
    ResultsDir::read_only(results)?;
    let dir = ResultsDir::lock(results)?;
    report::generate_with(dir.path(), registry::reports(), front)
}
