//! `harness solver build DIR --assignment GAME`: a C++ hand-in compiled with the game's
//! driver `main` (`solvers/GAME/driver.cc`, compiled into the harness), so that it speaks
//! the solver protocol: every `.cc` file of the hand-in's folder but its own `main.cc`,
//! with `g++ -std=c++17 -O2`, inside the sandbox, limited in time, memory and output. The
//! hand-in's sources and headers are copied into a fresh build folder first, which is the
//! one folder the compiler sees and writes. A hand-in
//! that does not compile is the verdict `build-failed` with the compiler's last words.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::base::child::{Child, ChildLimits, Ended};
use crate::base::error::{InputError, Result};
use crate::base::sandbox::{self, SandboxSpec};

/// Each game's driver, as `solvers/GAME/driver.cc` holds it.
pub const DRIVERS: &[(&str, &str)] = &[
    ("tegel", include_str!("../../solvers/tegel/driver.cc")),
    ("stenen", include_str!("../../solvers/stenen/driver.cc")),
    ("nim", include_str!("../../solvers/nim/driver.cc")),
    ("checkers", include_str!("../../solvers/checkers/driver.cc")),
];

/// How long a build may take.
pub const BUILD_LIMIT: Duration = Duration::from_secs(300);

/// The most `.cc` files a hand-in may have.
pub const MAX_SOURCES: usize = 200;

/// What a build gave.
#[derive(Debug, Clone, PartialEq)]
pub enum Built {
    /// The solver program.
    Solver(PathBuf),
    /// It did not compile: the compiler's last lines.
    Failed(String),
}

/// How to build: the hand-in, the game, the program to write and the sandbox.
#[derive(Debug, Clone)]
pub struct BuildRequest {
    /// The hand-in's folder.
    pub dir: PathBuf,
    /// The game (its driver).
    pub game: String,
    /// The solver program written (default `DIR/.harness-build/solver`).
    pub output: Option<PathBuf>,
    /// Compile inside the sandbox.
    pub sandboxed: bool,
}

/// The most bytes of sources and headers a hand-in may have.
pub const MAX_SOURCE_BYTES: u64 = 16 << 20;

/// Copies the hand-in's sources and headers (`.cc`, `.cpp`, `.h`, `.hpp`, plain files of
/// its folder) into `to`; the copied `.cc` files but `main.cc`, sorted. Refused when
/// there is none, or too many or too large.
fn sources(dir: &Path, to: &Path) -> Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut bytes = 0;
    let unreadable = |e: std::io::Error| InputError::in_file(dir, format!("cannot read the hand-in's folder: {e}"));
    for entry in std::fs::read_dir(dir).map_err(unreadable)? {
        let entry = entry?;
        let path = entry.path();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !entry.file_type()?.is_file() || !["cc", "cpp", "h", "hpp"].contains(&ext) {
            continue;
        }
        bytes += entry.metadata()?.len();
        if bytes > MAX_SOURCE_BYTES {
            return Err(
                InputError::in_file(dir, format!("holds more than {} MiB of sources", MAX_SOURCE_BYTES >> 20)).into()
            );
        }
        let copy = to.join(entry.file_name());
        std::fs::copy(&path, &copy)?;
        let is_main = path.file_stem().is_some_and(|s| s == "main");
        if (ext == "cc" || ext == "cpp") && !is_main {
            found.push(copy);
        }
    }
    found.sort();
    if found.is_empty() {
        return Err(
            InputError::in_file(dir, "holds no .cc file besides main.cc: expected the assignment's classes").into()
        );
    }
    if found.len() > MAX_SOURCES {
        return Err(InputError::in_file(dir, format!("holds more than {MAX_SOURCES} .cc files")).into());
    }
    Ok(found)
}

/// Builds `request`'s hand-in with its game's driver.
pub fn build(request: &BuildRequest) -> Result<Built> {
    let driver = DRIVERS.iter().find(|(g, _)| *g == request.game).map(|(_, d)| *d).ok_or_else(|| {
        let games: Vec<&str> = DRIVERS.iter().map(|(g, _)| *g).collect();
        let (last, others) = games.split_last().unwrap_or((&"", &[]));
        InputError::new(format!(
            "no driver for `{}`; the assignments are {} and {last}",
            request.game,
            others.join(", ")
        ))
    })?;
    let dir = request.dir.canonicalize().map_err(|e| InputError::in_file(&request.dir, format!("cannot open: {e}")))?;
    let build_dir = tempfile::Builder::new().prefix("harness-build-").tempdir()?;
    let source_dir = build_dir.path().join("src");
    std::fs::create_dir(&source_dir)?;
    let files = sources(&dir, &source_dir)?;
    for path in [build_dir.path(), source_dir.as_path()] {
        sandbox::give_scratch(path)?;
    }
    let driver_file = build_dir.path().join("harness_driver.cc");
    std::fs::write(&driver_file, driver)?;
    let program = build_dir.path().join("solver");
    let mut args: Vec<String> = vec!["-std=c++17".into(), "-O2".into(), "-o".into(), program.display().to_string()];
    args.extend(files.iter().map(|f| f.display().to_string()));
    args.push(driver_file.display().to_string());
    args.push(format!("-I{}", source_dir.display()));
    let gxx = which("g++").ok_or_else(|| InputError::new("g++ is not installed: apt-get install g++"))?;
    let command = compile_command(&gxx, &args, build_dir.path(), request.sandboxed)?;
    if let Some(failed) = run_compiler(command)? {
        return Ok(Built::Failed(failed));
    }
    let output = request.output.clone().unwrap_or_else(|| dir.join(".harness-build").join("solver"));
    if let Some(parent) = output.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::copy(&program, &output)?;
    Ok(Built::Solver(output))
}

fn compile_command(gxx: &Path, args: &[String], build: &Path, sandboxed: bool) -> Result<Command> {
    if !sandboxed {
        let mut c = Command::new(gxx);
        c.args(args).current_dir(build);
        return Ok(c);
    }
    sandbox::available()
        .map_err(|why| InputError::new(format!("{why}; or build without the sandbox: --no-sandbox")))?;
    let spec = SandboxSpec { read_only: Vec::new(), scratch: Some(build.to_path_buf()), workdir: build.to_path_buf() };
    Ok(sandbox::command(gxx, args, &spec).map_err(InputError::new)?)
}

/// Runs the compiler to its end: `None` when it succeeded, else its last lines.
fn run_compiler(command: Command) -> Result<Option<String>> {
    let limits = ChildLimits { memory_bytes: Some(4 << 30), processes: Some(64), ..ChildLimits::untrusted() };
    let mut child = Child::spawn(command, &limits)?;
    let ended = child.read_to_end(Instant::now() + BUILD_LIMIT);
    let ending = child.finish(Duration::from_millis(200));
    let stderr = child.stderr_text();
    let tail = |s: &str| s.lines().rev().take(30).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join("\n");
    match ended {
        Err(Ended::WallLimit) => Ok(Some(format!("the build took longer than {} s", BUILD_LIMIT.as_secs()))),
        Err(Ended::Interrupted) => Err(crate::base::error::Error::Interrupted),
        _ if ending.code == Some(0) => Ok(None),
        _ => Ok(Some(tail(&stderr))),
    }
}

fn which(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(program)).find(|p| p.is_file())
}
