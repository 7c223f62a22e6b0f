//! A build's calls: one side of the A/B, its `harness cell` commands run as supervised
//! children ([`crate::base::child`]) within their limits, and one round of both sides.

use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::options::{AbOptions, MAX_OUTPUT_BYTES, UNLIMITED_FIRST_CALL};
use crate::base::child::{Child, ChildLimits, Ended, Ending, Wiring};
use crate::base::error::{Error, InputError, Result};
use crate::runner::cell::{CellRows, CellTiming, Listing, CELL_FORMAT};

/// One side of the A/B: a harness binary.
pub(super) struct Side<'a> {
    pub(super) binary: &'a Path,
    pub(super) name: char,
}

impl Side<'_> {
    fn command(&self, opts: &AbOptions) -> Command {
        let mut c = Command::new(self.binary);
        c.arg("-q").arg("cell").arg(&opts.manifest);
        if let Some(t) = opts.threads {
            c.arg("--threads").arg(t.to_string());
        }
        c
    }

    fn cell_command(&self, opts: &AbOptions, (experiment, index): (&str, usize), timing: CellTiming) -> Command {
        let mut c = self.command(opts);
        c.arg(experiment).arg(index.to_string());
        c.arg("--warmup").arg(timing.warmup.to_string()).arg("--repeats").arg(timing.repeats.to_string());
        c
    }

    pub(super) fn named(&self) -> String {
        format!("build {} ({})", self.name, self.binary.display())
    }

    pub(super) fn list(&self, opts: &AbOptions) -> Result<Listing> {
        let mut c = self.command(opts);
        c.arg("--list");
        for o in &opts.only {
            c.arg("--only").arg(o);
        }
        let out = wait_all(vec![Running::spawn(self, c, UNLIMITED_FIRST_CALL, None)?])?;
        let listing: Listing = serde_json::from_slice(&out[0]).map_err(|e| self.unreadable(e))?;
        self.check_format(listing.format)?;
        Ok(listing)
    }

    fn rows(&self, bytes: &[u8]) -> Result<CellRows> {
        let rows: CellRows = serde_json::from_slice(bytes).map_err(|e| self.unreadable(e))?;
        self.check_format(rows.format)?;
        Ok(rows)
    }

    fn unreadable(&self, e: serde_json::Error) -> Error {
        InputError::new(format!(
            "{} printed no readable `harness cell` output ({e}); both builds must have the `cell` command of this version",
            self.named()
        ))
        .into()
    }

    fn check_format(&self, format: u32) -> Result<()> {
        if format == CELL_FORMAT {
            return Ok(());
        }
        Err(InputError::new(format!("{} speaks `harness cell` format {format}, this one {CELL_FORMAT}", self.named()))
            .into())
    }
}

/// A build's call in progress: the supervised child, what it runs, its limit.
struct Running {
    side: String,
    what: String,
    child: Child,
    limit: Duration,
    started: Instant,
}

impl Running {
    pub(super) fn spawn(side: &Side, command: Command, limit: Duration, core: Option<usize>) -> Result<Running> {
        let what = format!("{command:?}").replace('"', "");
        let wiring = Wiring { stdin: false, capture_stderr: false, core, user_namespace: true };
        let mut child = Child::spawn_with(command, &build_limits(), wiring)
            .map_err(|e| InputError::new(format!("cannot run {}: {e}", side.named())))?;
        child.stop_when(Arc::new(crate::search::budget::interrupted));
        Ok(Running { side: side.named(), what, child, limit, started: Instant::now() })
    }

    /// Its output once it has ended, `None` while it runs within its limit: one turn of
    /// at most `turn`.
    fn turn(&mut self, turn: Duration) -> Result<Option<Vec<u8>>> {
        let until = (Instant::now() + turn).min(self.started + self.limit);
        match self.child.read_until(until) {
            Ok(Some(bytes)) => self.output(bytes).map(Some),
            Ok(None) if self.started.elapsed() >= self.limit => Err(self.overdue()),
            Ok(None) => Ok(None),
            Err(Ended::Interrupted) => Err(Error::Interrupted),
            Err(Ended::OutputLimit) => Err(self.too_much()),
            Err(e) => Err(anyhow::anyhow!("cannot read the output of {}: {e}", self.side).into()),
        }
    }

    fn output(&self, bytes: Vec<u8>) -> Result<Vec<u8>> {
        match self.child.ending() {
            Some(ending) if ending.success() => Ok(bytes),
            ending => {
                let status = match ending {
                    Some(Ending { code: Some(code), .. }) => format!("exit status: {code}"),
                    Some(Ending { signal: Some(signal), .. }) => format!("signal: {signal}"),
                    _ => "an unknown end".to_string(),
                };
                Err(InputError::new(format!("{} failed ({status}) on `{}`", self.side, self.what)).into())
            }
        }
    }

    fn too_much(&self) -> Error {
        InputError::new(format!(
            "{} printed more than {} MiB on `{}`; a build's `harness cell` prints one line of JSON",
            self.side,
            MAX_OUTPUT_BYTES >> 20,
            self.what
        ))
        .into()
    }

    fn overdue(&self) -> Error {
        InputError::new(format!(
            "{} ran longer than its limit of {:.0} s on `{}` and was stopped",
            self.side,
            self.limit.as_secs_f64(),
            self.what
        ))
        .into()
    }
}

/// The bounds of a build's call: its output only ([`MAX_OUTPUT_BYTES`]); its standard
/// error is the user's.
fn build_limits() -> ChildLimits {
    ChildLimits::output_only(MAX_OUTPUT_BYTES, 0)
}

/// Waits for every call, taking turns, and ends all of them at once (each with whatever it
/// started) on Ctrl-C, SIGTERM or SIGHUP, when one passes its limit, prints too much or
/// fails; each call's output, in order. A call has ended when its process has, even if
/// something it left behind still holds its output open.
fn wait_all(mut running: Vec<Running>) -> Result<Vec<Vec<u8>>> {
    let mut outputs: Vec<Option<Vec<u8>>> = vec![None; running.len()];
    let turn = Duration::from_millis(10);
    while outputs.iter().any(Option::is_none) {
        for (r, out) in running.iter_mut().zip(outputs.iter_mut()).filter(|(_, o)| o.is_none()) {
            match r.turn(turn) {
                Ok(done) => *out = done,
                Err(e) => {
                    running.iter_mut().for_each(|r| r.child.kill());
                    return Err(e);
                }
            }
        }
    }
    Ok(outputs.into_iter().flatten().collect())
}

/// The item a round runs.
pub(super) struct ItemCall<'a> {
    pub(super) experiment: &'a str,
    pub(super) index: usize,
    pub(super) id: &'a str,
    pub(super) time_limit_s: Option<f64>,
}

/// One round: both builds' rows (A's first) and the longer of their processes' wall times.
pub(super) fn round(
    opts: &AbOptions,
    (a, b): (&Side, &Side),
    call: &ItemCall,
    (timing, limit): (CellTiming, Duration),
    a_first: bool,
) -> Result<(CellRows, CellRows, Duration)> {
    let at = (call.experiment, call.index);
    let started = Instant::now();
    let outputs = if opts.simultaneous {
        let (core_a, core_b) = if a_first { (0, 1) } else { (1, 0) };
        wait_all(vec![
            Running::spawn(a, a.cell_command(opts, at, timing), limit, Some(core_a))?,
            Running::spawn(b, b.cell_command(opts, at, timing), limit, Some(core_b))?,
        ])?
    } else {
        let order = if a_first { [a, b] } else { [b, a] };
        let mut out = Vec::new();
        for side in order {
            out.extend(wait_all(vec![Running::spawn(side, side.cell_command(opts, at, timing), limit, None)?])?);
        }
        if !a_first {
            out.swap(0, 1);
        }
        out
    };
    let wall = started.elapsed();
    Ok((a.rows(&outputs[0])?, b.rows(&outputs[1])?, wall))
}
