//! How the command line ends: the one error style (`harness: ...` on stderr and, for a
//! `--json` command, an error object on stdout), the exit codes, and an output that
//! cannot be written (a closed pipe, a full disk) ending the process quietly.

use std::io::Write;
use std::process::ExitCode;

use crate::base::error::Error;
use crate::experiment::args::{json_printed, print_json};
use crate::runner::registry;

/// The error of an output that cannot be written (`--help`, a completion script or a man
/// page on a full disk): `cannot write the output: REASON`, exit code 1.
pub fn output_error(e: &std::io::Error) -> Error {
    anyhow::anyhow!("cannot write the output: {e}").into()
}

/// Whether the command line is a game's one-shot command, `run`, `compare`, `ab` or
/// `solver` with `--json`, which promises one JSON object on stdout whatever happens.
fn json_requested() -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = args.iter().find(|a| !a.starts_with('-'));
    command.is_some_and(|c| registry::game(c).is_some() || matches!(c.as_str(), "run" | "compare" | "ab" | "solver"))
        && args.iter().any(|a| a == "--json")
}

/// Prints `e` on stderr in the one error style and, for a `--json` command that has not
/// printed its object yet, as `{"status": ..., "version": ..., "error": ..., "exit_code":
/// ...}` on stdout (`status` is `timeout`, `memory`, `interrupted` or `error`).
pub fn report_error(e: &Error) {
    match e {
        Error::Interrupted => eprintln!(
            "harness: interrupted ({}); finished results are kept",
            crate::search::budget::interrupt_signal_name()
        ),
        _ => crate::base::text::say(&format!("harness: {e}")),
    }
    if json_requested() && !json_printed() {
        let status = match e {
            Error::Timeout { .. } => "timeout",
            Error::Memory { .. } => "memory",
            Error::Interrupted => "interrupted",
            _ => "error",
        };
        let exit_code = crate::search::budget::exit_code_of(e);
        let object = serde_json::json!({"status": status, "error": e.to_string(), "exit_code": exit_code});
        let _ = print_json(&object);
    }
}

/// The exit code of a command's result, its error reported ([`report_error`]).
pub fn exit_code(result: crate::base::error::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            report_error(&e);
            ExitCode::from(crate::search::budget::exit_code_of(&e))
        }
    }
}

/// A refused command line in the one error style (`harness: ...`, its hint after a blank
/// line), exit code 2; `--help` and `--version` printed, exit code 0 (1 where stdout
/// cannot be written).
pub fn refused(e: &clap::Error) -> ExitCode {
    if !e.use_stderr() {
        return match e.print().and_then(|()| std::io::stdout().flush()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(write) => {
                let _ = writeln!(std::io::stderr(), "harness: {}", output_error(&write));
                ExitCode::from(1)
            }
        };
    }
    let text = shown_values(e, e.render().to_string());
    let text = text.trim_end().strip_prefix("error: ").unwrap_or(text.trim_end());
    let (message, hint) = text.split_once("\n\n").unwrap_or((text, ""));
    report_error(&Error::Input(crate::base::error::InputError::new(message)));
    if !hint.is_empty() {
        eprintln!("\n{hint}");
    }
    ExitCode::from(2)
}

/// `text` (clap's message about `e`) with the value clap quotes as given (an invalid
/// value, an unknown argument) written [`crate::base::text::printable`]: a newline or an
/// escape sequence in it must not reach the terminal raw, nor split the message.
fn shown_values(e: &clap::Error, text: String) -> String {
    use clap::error::{ContextKind, ContextValue};
    let mut text = text;
    for kind in [ContextKind::InvalidValue, ContextKind::InvalidArg] {
        if let Some(ContextValue::String(raw)) = e.get(kind) {
            let shown = crate::base::text::printable(raw);
            if shown != *raw {
                text = text.replace(raw.as_str(), &shown);
            }
        }
    }
    text
}

/// Output piped into a program that stops reading (`harness compare A B | head`) ends the
/// process quietly, as it does other command-line tools, instead of a panic on the next
/// print.
pub fn quiet_on_closed_pipe() {
    crate::base::os::default_sigpipe();
}

/// The message of a panic of `print!`/`eprintln!` on an output that cannot be written (a
/// full disk, `/dev/full`), or `None` for any other panic.
pub fn output_failure(payload: &(dyn std::any::Any + Send)) -> Option<String> {
    let text =
        payload.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| payload.downcast_ref::<String>().cloned())?;
    text.starts_with("failed printing to std").then_some(text)
}

/// Keeps the panic message of an unwritable output off stderr (that output is often
/// stderr itself; [`super::main`] says it in one line instead); other panics print as
/// usual.
pub fn quiet_output_failures() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if output_failure(info.payload()).is_none() {
            default(info);
        }
    }));
}
