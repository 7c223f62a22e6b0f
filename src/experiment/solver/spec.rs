//! Which program answers, and how it runs: `--solver NAME=COMMAND` (COMMAND a program and
//! its arguments, split as a shell would but run without one), with its limits and whether
//! it runs sandboxed and in one process or a fresh one per question.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::base::error::InputError;
use crate::base::text::excerpt;

/// The longest solver name.
pub const MAX_NAME_CHARS: usize = 40;

/// The limits of a solver's process.
#[derive(Debug, Clone, PartialEq)]
pub struct SolverLimits {
    /// Wall time of one question (from the request to the whole answer).
    pub question: Duration,
    /// Whether `question` was given (else an experiment's time limit takes its place).
    pub question_given: bool,
    /// Wall time of the start-up and handshake, and of `load`.
    pub start: Duration,
    /// Memory of the process (its address space).
    pub memory_bytes: u64,
    /// CPU seconds of the whole process, over every question it answers.
    pub cpu_seconds: Option<u64>,
    /// Processes (and threads) it may run at once.
    pub processes: u64,
}

impl Default for SolverLimits {
    /// 60 s a question, 10 s to start, 2 GiB, 64 processes, no CPU cap beyond the
    /// questions' wall times.
    fn default() -> Self {
        SolverLimits {
            question: Duration::from_secs(60),
            question_given: false,
            start: Duration::from_secs(10),
            memory_bytes: 2 << 30,
            cpu_seconds: None,
            processes: 64,
        }
    }
}

/// A solver: its name, its command and how it runs.
#[derive(Debug, Clone, PartialEq)]
pub struct SolverSpec {
    /// The name in tables and file names: 1 to [`MAX_NAME_CHARS`] ASCII letters, digits,
    /// `_`, `-` and `.`.
    pub name: String,
    /// The program, resolved to an absolute path.
    pub program: PathBuf,
    /// Its arguments; those naming an existing file or folder made absolute.
    pub args: Vec<String>,
    /// Run inside the sandbox (the default); `false` only where the user asks by name.
    pub sandboxed: bool,
    /// A fresh process for every question instead of one warm process.
    pub fresh: bool,
    /// Its limits.
    pub limits: SolverLimits,
}

impl SolverSpec {
    /// Parses `NAME=COMMAND`, resolving the program through `PATH` when it is a bare name.
    pub fn parse(text: &str) -> Result<SolverSpec, InputError> {
        let Some((name, command)) = text.split_once('=') else {
            return Err(InputError::new(format!(
                "--solver expects NAME=COMMAND (e.g. mine=./solver or py='python3 solver.py'), got `{}`",
                excerpt(text)
            )));
        };
        check_name(name)?;
        if command.trim().is_empty() {
            return Err(InputError::new(format!("solver `{name}`: the command is empty; give a program")));
        }
        let words = shlex::split(command).ok_or_else(|| {
            InputError::new(format!("--solver {name}: cannot split `{}` as a shell would", excerpt(command)))
        })?;
        SolverSpec::of(name, &words)
    }

    /// The solver `name` running `command` (a program and its arguments).
    pub fn of(name: &str, command: &[String]) -> Result<SolverSpec, InputError> {
        check_name(name)?;
        let (program, args) = command
            .split_first()
            .ok_or_else(|| InputError::new(format!("solver `{name}`: the command is empty; give a program")))?;
        let program = resolve_program(name, program)?;
        let args = args.iter().map(|a| absolute_if_present(a)).collect();
        Ok(SolverSpec {
            name: name.to_string(),
            program,
            args,
            sandboxed: true,
            fresh: false,
            limits: SolverLimits::default(),
        })
    }

    /// The folders the solver may read besides the system's: the program's own folder
    /// and that of every argument naming a file or folder.
    pub fn own_folders(&self) -> Vec<PathBuf> {
        let mut folders: Vec<PathBuf> = Vec::new();
        let mut add = |p: &Path| {
            let folder = if p.is_dir() { p.to_path_buf() } else { p.parent().unwrap_or(p).to_path_buf() };
            if !is_system_folder(&folder) && !folders.contains(&folder) {
                folders.push(folder);
            }
        };
        add(&self.program);
        for a in &self.args {
            let p = Path::new(a);
            if p.is_absolute() && p.exists() {
                add(p);
            }
        }
        folders
    }

    /// The command as a person would type it.
    pub fn command_text(&self) -> String {
        let mut words = vec![self.program.display().to_string()];
        words.extend(self.args.iter().cloned());
        shlex::try_join(words.iter().map(String::as_str)).unwrap_or_else(|_| words.join(" "))
    }
}

/// Whether `folder` is one of the system's, which the sandbox shows every program.
fn is_system_folder(folder: &Path) -> bool {
    ["/usr", "/bin", "/lib", "/lib64", "/sbin"].iter().any(|s| folder.starts_with(s))
}

fn check_name(name: &str) -> Result<(), InputError> {
    let ok = (1..=MAX_NAME_CHARS).contains(&name.chars().count())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        && !name.starts_with('.');
    if ok {
        return Ok(());
    }
    Err(InputError::new(format!(
        "a solver's name is 1 to {MAX_NAME_CHARS} ASCII letters, digits, `_`, `-` and `.` (not first), got `{}`",
        excerpt(name)
    )))
}

/// The program as an absolute path: a path with a `/` taken from the current folder, a
/// bare name looked up in `PATH`; refused when it is not an executable file.
fn resolve_program(name: &str, program: &str) -> Result<PathBuf, InputError> {
    let found = if program.contains('/') {
        Some(PathBuf::from(absolute_if_present(program)))
    } else {
        std::env::var_os("PATH")
            .map(|path| std::env::split_paths(&path).map(|dir| dir.join(program)).collect::<Vec<_>>())
            .unwrap_or_default()
            .into_iter()
            .find(|p| is_executable(p))
    };
    match found {
        Some(p) if is_executable(&p) => Ok(p.canonicalize().unwrap_or(p)),
        _ => Err(InputError::new(format!(
            "solver `{name}`: `{}` is not an executable file (give a path such as ./solver, or a program on PATH)",
            excerpt(program)
        ))),
    }
}

fn is_executable(p: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        p.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        p.is_file()
    }
}

/// `word` made absolute when it names an existing file or folder, else as it is.
fn absolute_if_present(word: &str) -> String {
    let p = Path::new(word);
    if p.exists() {
        if let Ok(full) = p.canonicalize() {
            return full.display().to_string();
        }
    }
    word.to_string()
}

/// A solver as a `check` experiment's entry names it (`solver = { name = "mine", command =
/// ["./solver"] }`): what `harness run --solver` writes into the experiments it derives.
#[derive(Debug, Clone, PartialEq, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct SolverEntry {
    /// The solver's name.
    pub name: String,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// Whether it runs inside the sandbox (default true).
    #[serde(default = "yes")]
    pub sandbox: bool,
    /// A fresh process for every position (default false).
    #[serde(default)]
    pub fresh: bool,
    /// Seconds a question may take (default: the experiment's time limit, else 60).
    pub question_time_limit: Option<f64>,
}

fn yes() -> bool {
    true
}

impl SolverEntry {
    /// The entry of `spec`.
    pub fn of(spec: &SolverSpec) -> SolverEntry {
        let mut command = vec![spec.program.display().to_string()];
        command.extend(spec.args.iter().cloned());
        SolverEntry {
            name: spec.name.clone(),
            command,
            sandbox: spec.sandboxed,
            fresh: spec.fresh,
            question_time_limit: spec.limits.question_given.then_some(spec.limits.question.as_secs_f64()),
        }
    }

    /// The solver it names, with the question limit `default_limit` where it sets none.
    pub fn spec(&self, default_limit: Option<Duration>) -> Result<SolverSpec, InputError> {
        let mut spec = SolverSpec::of(&self.name, &self.command)?;
        spec.sandboxed = self.sandbox;
        spec.fresh = self.fresh;
        let limit = match self.question_time_limit {
            Some(s) if s.is_finite() && s > 0.0 && s <= 86_400.0 => Some(Duration::from_secs_f64(s)),
            Some(s) => {
                return Err(InputError::new(format!("`question_time_limit` must be seconds from 0 to 86400, got {s}")))
            }
            None => default_limit,
        };
        if let Some(limit) = limit {
            spec.limits.question = limit;
        }
        spec.limits.question_given = self.question_time_limit.is_some();
        Ok(spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A derived experiment's solver keeps the experiment's time limit for its questions
    /// unless a question limit was given.
    #[test]
    fn an_entry_carries_a_question_limit_only_where_one_was_given() {
        let mut spec = SolverSpec::of("s", &["/bin/sh".to_string()]).unwrap();
        let limit = Some(Duration::from_secs(45));
        assert_eq!(SolverEntry::of(&spec).spec(limit).unwrap().limits.question, Duration::from_secs(45));
        spec.limits.question = Duration::from_secs(7);
        spec.limits.question_given = true;
        let again = SolverEntry::of(&spec).spec(limit).unwrap();
        assert_eq!((again.limits.question, again.limits.question_given), (Duration::from_secs(7), true));
    }

    #[test]
    fn a_command_is_split_as_a_shell_would_and_resolved() {
        let s = SolverSpec::parse("py=sh -c 'echo hello 1 tegel x'").unwrap();
        assert_eq!(s.name, "py");
        assert!(s.program.is_absolute() && s.program.ends_with("sh") || s.program.ends_with("dash"), "{s:?}");
        assert_eq!(s.args, vec!["-c".to_string(), "echo hello 1 tegel x".to_string()]);
        assert!(s.sandboxed && !s.fresh);
    }

    #[test]
    fn bad_flags_are_refused_with_what_was_expected() {
        for (bad, says) in [
            ("mine", "expects NAME=COMMAND"),
            ("=./x", "a solver's name"),
            ("a b=./x", "a solver's name"),
            ("ok=", "the command is empty"),
            ("ok='unclosed", "cannot split"),
            ("ok=./does/not/exist", "is not an executable file"),
            ("ok=no-such-program-anywhere", "is not an executable file"),
        ] {
            let e = SolverSpec::parse(bad).unwrap_err();
            assert!(e.message.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn the_own_folders_are_those_of_the_program_and_its_file_arguments() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("solver.py");
        std::fs::write(&script, "").unwrap();
        let s = SolverSpec::of("py", &["sh".to_string(), script.display().to_string()]).unwrap();
        assert_eq!(s.own_folders(), vec![dir.path().canonicalize().unwrap()]);
    }
}
