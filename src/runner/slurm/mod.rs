//! `harness slurm MANIFEST --shards N`: a Slurm job array that runs the manifest's shards
//! on a cluster, and a merge job that runs after every shard succeeded.
//!
//! Writes `DIR/slurm/array.sbatch` (`#SBATCH --array=0-(N-1)`, task I running
//! `harness run MANIFEST --shard I/N --threads $SLURM_CPUS_PER_TASK --out DIR/shards/I`)
//! and `DIR/slurm/merge.sbatch` (`harness merge DIR/shards/0 ... --out DIR`), prints the
//! two `sbatch` commands and, with `--submit`, submits them (the merge with
//! `--dependency=afterok:ARRAY_JOB`). Progress goes to `DIR/slurm/logs/` as plain lines.
//!
//! Each array task asks for the memory its shard needs ([`memory_need_mb`]: the largest
//! memo table of the manifest plus a margin, unless `--mem` says otherwise), and the
//! merge job for a small fixed amount ([`MERGE_MEM_MB`], [`MERGE_TIME`]). `--account` and
//! `--sbatch-line` lines go into both scripts, each line checked ([`check_sbatch_line`]).
//!
//! With `--judge SUBMISSIONS...` the array judges a class instead (docs/judge.md): task I
//! runs `harness judge MANIFEST SUBMISSIONS --shard I/N --out DIR`, every shard in the one
//! folder `DIR`, and the second job `harness judge MANIFEST SUBMISSIONS --out DIR`, which
//! judges nothing again and writes the class table ([`JUDGE_MEM_MB`] a task).

mod memory;
mod submit;

use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::base::error::{InputError, Result};
use crate::base::text::excerpt;
use crate::runner::manifest::Manifest;
use memory::run_memory_limit;
pub use memory::{memory_need_mb, MEMORY_MARGIN_MB, MERGE_MEM_MB, MERGE_TIME};
use submit::sbatch;

/// Options of `harness slurm`.
#[derive(Debug, Clone)]
pub struct SlurmOptions {
    /// The manifest.
    pub manifest: PathBuf,
    /// Array tasks (shards).
    pub shards: usize,
    /// CPUs per task (the shard's threads).
    pub cpus_per_task: usize,
    /// Wall time per task, `[D-]HH:MM:SS`.
    pub time: String,
    /// Partition, if the cluster needs one.
    pub partition: Option<String>,
    /// Account to charge, if the cluster needs one.
    pub account: Option<String>,
    /// Memory per array task in MiB (`--mem`); `None`: [`memory_need_mb`] of the manifest.
    pub mem_mb: Option<u64>,
    /// Extra `#SBATCH` options, one line each (`--qos=short`), in both scripts.
    pub sbatch_lines: Vec<String>,
    /// Results directory of the merged run (shards go to `DIR/shards/I`).
    pub out: PathBuf,
    /// Options passed on to every shard's `harness run`.
    pub run_args: Vec<String>,
    /// Submit the jobs with `sbatch` instead of only printing the commands.
    pub submit: bool,
    /// The submissions of a class to judge (`harness slurm --judge`): each task runs
    /// `harness judge MANIFEST SUBMISSIONS --shard I/N --out DIR` (every shard in the one
    /// folder `DIR`), and the second job, in place of the merge, `harness judge` of them
    /// all, which judges nothing again and writes the class table; empty: a run.
    pub judge: Vec<PathBuf>,
}

/// clap value parser of `--time`: Slurm's `[D-]HH:MM:SS`.
pub fn parse_slurm_time(s: &str) -> std::result::Result<String, String> {
    let bad = || format!("expected a wall time as HH:MM:SS or D-HH:MM:SS, got `{}`", excerpt(s));
    let (days, hms) = match s.split_once('-') {
        Some((d, rest)) => (Some(d), rest),
        None => (None, s),
    };
    if days.is_some_and(|d| d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit())) {
        return Err(bad());
    }
    let parts: Vec<&str> = hms.split(':').collect();
    let two_digits = |p: &str, max: u32| p.len() == 2 && p.parse::<u32>().is_ok_and(|v| v <= max);
    let hours_ok =
        parts.first().is_some_and(|h| !h.is_empty() && h.len() <= 3 && h.bytes().all(|b| b.is_ascii_digit()));
    if parts.len() != 3 || !hours_ok || !two_digits(parts[1], 59) || !two_digits(parts[2], 59) {
        return Err(bad());
    }
    Ok(s.to_string())
}

/// The options `harness slurm` writes itself: an extra line may not set them again (the
/// flag of the same name does, where there is one).
const OWN_OPTIONS: &[&str] = &[
    "array",
    "cpus-per-task",
    "time",
    "partition",
    "account",
    "mem",
    "mem-per-cpu",
    "mem-per-gpu",
    "output",
    "error",
    "signal",
    "job-name",
    "dependency",
];

/// Checks one `--sbatch-line`: a single long option `--NAME` or `--NAME=VALUE` (NAME in
/// lower-case letters, digits and `-`), whose value can stand in a `#SBATCH` line as it is
/// (no white space, newline or other control character, quote, backslash, `#`, `$` or
/// backquote), and not an option `harness slurm` writes itself. Returns the line as it
/// goes after `#SBATCH `.
pub fn check_sbatch_line(line: &str) -> std::result::Result<String, InputError> {
    let shown = || excerpt(&line.escape_default().to_string());
    let refuse = |why: String| InputError::new(format!("--sbatch-line `{}`: {why}", shown()));
    let line = line.trim_matches(' ');
    let Some(option) = line.strip_prefix("--") else {
        return Err(refuse("give one sbatch option as `--NAME=VALUE` or `--NAME`, e.g. `--qos=short`".into()));
    };
    let (name, value) = match option.split_once('=') {
        Some((n, v)) => (n, Some(v)),
        None => (option, None),
    };
    let name_ok = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !name_ok {
        return Err(refuse(format!(
            "`{}` is not an option name (lower-case letters, digits and `-`); one line holds one option",
            excerpt(&name.escape_default().to_string())
        )));
    }
    if value.is_some_and(|v| !sbatch_safe(v)) {
        return Err(refuse(
            "the value cannot hold white space, a newline or other control character, a quote, a backslash, `#`, \
             `%`, `$` or a backquote (sbatch reads it as it is)"
                .into(),
        ));
    }
    if let Some(own) = own_option(name) {
        let read_as = if own == name { String::new() } else { format!(" (sbatch reads `--{name}` as `--{own}`)") };
        return Err(refuse(format!(
            "`--{own}` is written by harness slurm itself{read_as}; use its own flag (harness slurm --help)"
        )));
    }
    Ok(line.to_string())
}

/// The option of [`OWN_OPTIONS`] that `--NAME` sets: the option itself, or one it
/// abbreviates (sbatch takes any unique beginning of a long option, `--ou` for
/// `--output`, so a beginning of an own option is refused even where sbatch would find
/// it ambiguous).
fn own_option(name: &str) -> Option<&'static str> {
    OWN_OPTIONS.iter().copied().find(|own| own.starts_with(name))
}

/// The job array's script: every value reaches it through the `sh` filter (quoted by
/// `shlex`) or the `sbatch` filter (checked for `#SBATCH` lines).
const ARRAY_TEMPLATE: &str = include_str!("array.sbatch.jinja");

/// The merge job's script.
const MERGE_TEMPLATE: &str = include_str!("merge.sbatch.jinja");

/// The array job of `harness slurm --judge`.
const JUDGE_ARRAY_TEMPLATE: &str = include_str!("judge-array.sbatch.jinja");

/// The job after it: the class table.
const JUDGE_MERGE_TEMPLATE: &str = include_str!("judge-merge.sbatch.jinja");

/// The memory of a judge's array task, in MiB: a build's 4 GiB address space and a margin.
pub const JUDGE_MEM_MB: u64 = 4096 + MEMORY_MARGIN_MB;

/// The most bytes the merge job's command line may take (arguments and their pointers):
/// half of Linux's usual 2 MiB limit of a command's arguments and environment together.
const MAX_COMMAND_BYTES: usize = 1 << 20;

/// Quotes `s` for a POSIX shell with `shlex`; `None` for a value no quoting makes safe in
/// a script (a control character such as a newline, or a NUL byte).
fn sh_quote(s: &str) -> Option<String> {
    if s.chars().any(char::is_control) {
        return None;
    }
    shlex::try_quote(s).ok().map(|q| q.into_owned())
}

fn absolute(p: &Path) -> Result<PathBuf> {
    Ok(std::path::absolute(p).with_context(|| format!("cannot make {} absolute", p.display()))?)
}

/// The text of a path that goes into a script, or a refusal naming `what` (`--out`, the
/// manifest) when it is not UTF-8 or holds a control character (a newline would add a
/// line to the script).
fn script_text(what: &str, p: &Path) -> Result<String> {
    let text = p.to_str().ok_or_else(|| {
        InputError::new(format!("{what} `{}`: the path is not UTF-8 text; give another path", p.display()))
    })?;
    if text.chars().any(char::is_control) {
        return Err(InputError::new(format!(
            "{what} `{}`: the path holds a newline or another control character, which a job script cannot hold; \
             rename it",
            excerpt(&text.escape_default().to_string())
        ))
        .into());
    }
    Ok(text.to_string())
}

/// Refuses values that would end a `#SBATCH` line early or add a line to a script: a
/// partition that is not letters, digits and `_.,-`, an account that is not letters,
/// digits and `_.-`, and a results directory whose path
/// holds a newline, a quote or a space (`#SBATCH --output=` cannot quote).
fn check_script_values(opts: &SlurmOptions, logs: &Path) -> Result<()> {
    if let Some(p) = &opts.partition {
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_alphanumeric() || b"_.,-".contains(&b)) {
            let shown: String = p.chars().take(40).collect::<String>().escape_default().to_string();
            return Err(InputError::new(format!(
                "--partition `{shown}`: a partition name is letters, digits and `_.,-` (a comma separates several)"
            ))
            .into());
        }
    }
    if let Some(a) = &opts.account {
        if a.is_empty() || !a.bytes().all(|b| b.is_ascii_alphanumeric() || b"_.-".contains(&b)) {
            let shown: String = a.chars().take(40).collect::<String>().escape_default().to_string();
            return Err(
                InputError::new(format!("--account `{shown}`: an account name is letters, digits and `_.-`")).into()
            );
        }
    }
    let path = logs.display().to_string();
    if !sbatch_safe(&path) {
        return Err(InputError::new(format!(
            "--out `{}`: the Slurm scripts' log paths cannot hold spaces, newlines, quotes, `#` or `%`; give another \
             directory",
            path.escape_default()
        ))
        .into());
    }
    Ok(())
}

/// Whether `s` can stand in a `#SBATCH` line as it is: no white space, control
/// character, quote, backslash, `#` or `%` (sbatch neither unquotes nor escapes there).
fn sbatch_safe(s: &str) -> bool {
    !s.is_empty() && !s.chars().any(|c| c.is_whitespace() || c.is_control() || "\"'\\#%`$".contains(c))
}

/// Refuses a merge command line longer than [`MAX_COMMAND_BYTES`] (too many shards for
/// one command), saying how many shards fit.
fn check_merge_length(dirs: &[String], n: usize) -> Result<()> {
    let bytes: usize = dirs.iter().map(|d| d.len() + 1 + std::mem::size_of::<usize>()).sum();
    if bytes <= MAX_COMMAND_BYTES {
        return Ok(());
    }
    let fit = MAX_COMMAND_BYTES * n / bytes;
    Err(InputError::new(format!(
        "--shards {n}: the merge job's command line would take {bytes} bytes, over the {MAX_COMMAND_BYTES} a \
         command may take here; use at most {fit} shards (or a shorter --out)"
    ))
    .into())
}

/// A template environment whose `sh` filter quotes a value for the shell, whose `sbatch`
/// filter passes only values that are safe in a `#SBATCH` line and whose `sbatch_line`
/// filter passes only lines [`check_sbatch_line`] accepts; a string
/// printed without one of them is an error, so no value reaches a script unchecked.
fn environment() -> minijinja::Environment<'static> {
    use minijinja::value::Value;
    use minijinja::{Error as TemplateError, ErrorKind};
    let refuse = |what: &str, v: &str| {
        TemplateError::new(ErrorKind::InvalidOperation, format!("{what}: `{}`", v.escape_default()))
    };
    let mut env = minijinja::Environment::new();
    env.set_keep_trailing_newline(true);
    env.add_filter("sh", move |v: String| {
        sh_quote(&v).map(Value::from_safe_string).ok_or_else(|| refuse("cannot quote for a shell", &v))
    });
    env.add_filter("sbatch", move |v: String| {
        if sbatch_safe(&v) {
            Ok(Value::from_safe_string(v))
        } else {
            Err(refuse("cannot stand in a #SBATCH line", &v))
        }
    });
    env.add_filter("sbatch_line", move |v: String| match check_sbatch_line(&v) {
        Ok(line) => Ok(Value::from_safe_string(line)),
        Err(_) => Err(refuse("cannot stand as a #SBATCH line", &v)),
    });
    env.set_formatter(|out, state, value| {
        if value.as_str().is_some() && !value.is_safe() {
            return Err(TemplateError::new(ErrorKind::InvalidOperation, "a string printed without `sh` or `sbatch`"));
        }
        minijinja::escape_formatter(out, state, value)
    });
    env
}

/// Renders `template` with `ctx`; a refusal of a filter becomes an input error.
fn render(template: &str, ctx: minijinja::Value) -> Result<String> {
    environment()
        .render_str(template, ctx)
        .map_err(|e| InputError::new(format!("cannot write the Slurm script: {e:#}")).into())
}

/// The two job scripts: (array, merge). The array's tasks get SIGTERM 120 s before their
/// time limit (`--signal=B:TERM@120`): the shard stops cooperatively, journals what
/// finished and marks its `run.toml` interrupted, so submitting the array again resumes it.
///
/// The scripts come from templates; every path and argument in them is quoted with
/// `shlex`, and a value that cannot be put in a script safely (a path with a newline, a
/// partition or log path that does not fit a `#SBATCH` line, a merge command too long for
/// the kernel) is refused with an [`InputError`].
///
/// Each array task asks for `mem_mb` MiB (`#SBATCH --mem`), the merge job for
/// [`MERGE_MEM_MB`] MiB and [`MERGE_TIME`].
pub fn scripts(opts: &SlurmOptions, mem_mb: u64, harness: &Path) -> Result<(String, String)> {
    let out = absolute(&opts.out)?;
    let logs = out.join("slurm").join("logs");
    let n = opts.shards;
    check_script_values(opts, &logs)?;
    let extra: Vec<String> = opts.sbatch_lines.iter().map(|l| check_sbatch_line(l)).collect::<Result<_, _>>()?;
    let manifest = script_text("the manifest", &absolute(&opts.manifest)?)?;
    let out_text = script_text("--out", &out)?;
    let bin = script_text("the harness binary", harness)?;
    let shard_dirs: Vec<String> =
        (0..n).map(|i| script_text("--out", &out.join("shards").join(i.to_string()))).collect::<Result<_>>()?;
    check_merge_length(&shard_dirs, n)?;
    let submissions: Vec<String> =
        opts.judge.iter().map(|s| script_text("a submission", &absolute(s)?)).collect::<Result<_>>()?;
    check_merge_length(&submissions, n)?;
    let ctx = minijinja::context! {
        manifest => manifest,
        bin => bin,
        last => n.saturating_sub(1),
        shards => n,
        cpus => opts.cpus_per_task,
        time => opts.time,
        partition => opts.partition,
        account => opts.account,
        mem => mem_mb,
        merge_mem => MERGE_MEM_MB,
        merge_time => MERGE_TIME,
        extra => extra,
        logs => script_text("--out", &logs)?,
        shard_dir => script_text("--out", &out.join("shards"))?,
        run_args => opts.run_args,
        shard_dirs => shard_dirs,
        out => out_text,
        submissions => submissions,
    };
    let (array, merge) = match opts.judge.is_empty() {
        true => (ARRAY_TEMPLATE, MERGE_TEMPLATE),
        false => (JUDGE_ARRAY_TEMPLATE, JUDGE_MERGE_TEMPLATE),
    };
    Ok((render(array, ctx.clone())?, render(merge, ctx)?))
}

/// Writes the job scripts, prints the `sbatch` commands and, with `--submit`, submits.
pub fn slurm(opts: &SlurmOptions) -> Result<()> {
    let manifest = Manifest::load(&opts.manifest, None, None)?;
    let need = match opts.judge.is_empty() {
        true => memory_need_mb(&manifest, run_memory_limit(&opts.run_args)),
        false => JUDGE_MEM_MB,
    };
    let mem_mb = opts.mem_mb.unwrap_or(need);
    if opts.out.exists() && !opts.out.is_dir() {
        return Err(InputError::in_file(&opts.out, "the results directory is a file, not a directory").into());
    }
    let harness = std::env::current_exe().context("cannot find the harness binary's path")?;
    let (array, merge) = scripts(opts, mem_mb, &harness)?;
    crate::results::dir_marker::claim(&absolute(&opts.out)?)?;
    let dir = absolute(&opts.out)?.join("slurm");
    let root = absolute(&opts.out)?;
    crate::results::contained_writes::real_dir(&root, &dir.join("logs"))?;
    let (array_path, merge_path) = (dir.join("array.sbatch"), dir.join("merge.sbatch"));
    crate::results::contained_writes::write(&root, &array_path, array.as_bytes())?;
    crate::results::contained_writes::write(&root, &merge_path, merge.as_bytes())?;
    let quoted = |p: &Path| sh_quote(&p.display().to_string()).unwrap_or_else(|| p.display().to_string());
    let (a, m) = (quoted(&array_path), quoted(&merge_path));
    if !opts.submit {
        println!("jobid=$(sbatch --parsable {a})");
        println!("sbatch --dependency=afterok:${{jobid%%;*}} {m}");
        return Ok(());
    }
    let job = sbatch(&["--parsable", &array_path.display().to_string()])?;
    let job = job.split(';').next().unwrap_or("").trim().to_string();
    println!("submitted array job {job}");
    let merge_job = sbatch(&["--parsable", &format!("--dependency=afterok:{job}"), &merge_path.display().to_string()])?;
    println!("submitted merge job {} (after {job})", merge_job.trim());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::memory::entry_need_mb;
    use super::*;

    #[test]
    fn wall_times() {
        for ok in ["24:00:00", "1-00:30:00", "100:00:00", "00:05:00"] {
            assert_eq!(parse_slurm_time(ok), Ok(ok.to_string()));
        }
        for bad in ["24:00", "1h", "-1:00:00", "00:60:00", "x-01:00:00", ""] {
            assert!(parse_slurm_time(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn scripts_run_every_shard_and_merge_them() {
        let opts = SlurmOptions {
            shards: 3,
            cpus_per_task: 4,
            time: "02:00:00".into(),
            partition: Some("short".into()),
            run_args: vec!["--seed".into(), "5".into()],
            ..options()
        };
        let (array, merge) = scripts(&opts, 900, Path::new("/bin/harness")).unwrap();
        assert!(array.contains("#SBATCH --array=0-2\n"), "{array}");
        assert!(array.contains("#SBATCH --cpus-per-task=4\n"), "{array}");
        assert!(array.contains("#SBATCH --partition=short\n"), "{array}");
        assert!(
            array.contains(
                "/bin/harness run /m/all.toml --shard \"$SLURM_ARRAY_TASK_ID/3\" --threads \"${SLURM_CPUS_PER_TASK:-4}\" --out /r/shards/\"$SLURM_ARRAY_TASK_ID\" --seed 5"
            ),
            "{array}"
        );
        assert!(merge.contains("/bin/harness merge /r/shards/0 /r/shards/1 /r/shards/2 --out /r\n"), "{merge}");
    }

    #[test]
    fn values_that_could_add_a_script_line_are_refused() {
        let mut opts = SlurmOptions {
            manifest: "m.toml".into(),
            cpus_per_task: 1,
            partition: Some("x\ntouch /tmp/INJ".into()),
            out: "/tmp/out".into(),
            ..options()
        };
        let e = scripts(&opts, 900, Path::new("/bin/harness")).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("--partition `x\\ntouch /tmp/INJ`"), "{e}");
        opts.partition = Some("short,long".into());
        opts.out = "/tmp/my results".into();
        assert!(scripts(&opts, 900, Path::new("/bin/harness")).unwrap_err().to_string().contains("--out"));
        opts.out = "/tmp/out".into();
        let (array, _) = scripts(&opts, 900, Path::new("/bin/harness")).unwrap();
        assert!(array.contains("#SBATCH --partition=short,long\n#SBATCH --output="), "{array}");
        assert!(array.contains("#SBATCH --signal=B:TERM@120\n"), "{array}");
    }

    #[test]
    fn a_manifest_path_with_a_newline_is_refused() {
        let mut opts = SlurmOptions {
            manifest: "/tmp/p/m\ntouch INJECTED\n#.toml".into(),
            cpus_per_task: 1,
            out: "/tmp/out".into(),
            ..options()
        };
        let e = scripts(&opts, 900, Path::new("/bin/harness")).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("the manifest `/tmp/p/m\\ntouch INJECTED"), "{e}");
        assert!(e.to_string().contains("newline"), "{e}");
        opts.manifest = "/tmp/p/it's $(touch X) `y`.toml".into();
        opts.run_args = vec!["--seed".into(), "5; touch Y".into()];
        let (array, _) = scripts(&opts, 900, Path::new("/bin/harness")).unwrap();
        let exec = array.lines().last().unwrap();
        let words = shlex::split(exec).unwrap();
        assert_eq!(words[3], "/tmp/p/it's $(touch X) `y`.toml", "{exec}");
        assert_eq!(words.last().unwrap(), "5; touch Y", "{exec}");
        let comment = array.lines().nth(1).unwrap();
        assert!(comment.starts_with("# Generated by `harness slurm`"), "{comment}");
        opts.out = "/tmp/o\nut".into();
        assert!(scripts(&opts, 900, Path::new("/bin/harness")).unwrap_err().to_string().contains("--out"));
        opts.out = "/tmp/out#x".into();
        assert!(scripts(&opts, 900, Path::new("/bin/harness")).unwrap_err().to_string().contains("--out"));
    }

    #[test]
    fn a_merge_command_over_the_kernels_limit_is_refused() {
        let opts = SlurmOptions { manifest: "/m.toml".into(), shards: 100_000, cpus_per_task: 1, ..options() };
        let e = scripts(&opts, 900, Path::new("/bin/harness")).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("--shards 100000") && e.to_string().contains("use at most"), "{e}");
        let fine = SlurmOptions { shards: 1000, ..opts };
        let (_, merge) = scripts(&fine, 900, Path::new("/bin/harness")).unwrap();
        assert!(merge.contains(" /r/shards/999 --out /r\n"), "{merge}");
    }

    #[test]
    fn quoting() {
        assert_eq!(sh_quote("/a/b").unwrap(), "/a/b");
        assert_eq!(sh_quote("a b").unwrap(), "'a b'");
        assert_eq!(sh_quote("a\nb"), None);
        assert_eq!(sh_quote("a\0b"), None);
    }

    /// Two shards of `/m/all.toml` on two CPUs for an hour into `/r`, nothing else asked.
    fn options() -> SlurmOptions {
        SlurmOptions {
            manifest: "/m/all.toml".into(),
            shards: 2,
            cpus_per_task: 2,
            time: "01:00:00".into(),
            partition: None,
            account: None,
            mem_mb: None,
            sbatch_lines: Vec::new(),
            out: "/r".into(),
            run_args: Vec::new(),
            submit: false,
            judge: Vec::new(),
        }
    }

    #[test]
    fn a_class_is_judged_in_shards_that_share_one_folder_then_its_table() {
        let opts = SlurmOptions {
            judge: vec!["/c/a b.zip".into(), "/c/x".into()],
            run_args: vec!["--question-time-limit".into(), "10".into()],
            ..options()
        };
        let (array, merge) = scripts(&opts, JUDGE_MEM_MB, Path::new("/bin/harness")).unwrap();
        assert!(array.contains("#SBATCH --array=0-1\n#SBATCH --cpus-per-task=2\n"), "{array}");
        assert!(array.contains("#SBATCH --mem=4608M\n"), "{array}");
        assert!(
            array.contains(
                "exec /bin/harness judge /m/all.toml '/c/a b.zip' /c/x --shard \"$SLURM_ARRAY_TASK_ID/2\" --out /r --question-time-limit 10\n"
            ),
            "{array}"
        );
        assert!(
            merge.contains("exec /bin/harness judge /m/all.toml '/c/a b.zip' /c/x --out /r --question-time-limit 10\n"),
            "{merge}"
        );
    }

    #[test]
    fn jobs_ask_for_their_memory_account_and_extra_lines() {
        let opts = SlurmOptions {
            account: Some("proj-42".into()),
            sbatch_lines: vec!["--qos=short".into(), "--constraint=skylake|haswell".into(), "--exclusive".into()],
            ..options()
        };
        let (array, merge) = scripts(&opts, 5632, Path::new("/bin/harness")).unwrap();
        assert!(array.contains("#SBATCH --mem=5632M\n"), "{array}");
        assert!(array.contains("#SBATCH --account=proj-42\n"), "{array}");
        assert!(
            array.contains("#SBATCH --qos=short\n#SBATCH --constraint=skylake|haswell\n#SBATCH --exclusive\n"),
            "{array}"
        );
        assert!(merge.contains("#SBATCH --mem=1024M\n#SBATCH --time=00:30:00\n"), "{merge}");
        assert!(merge.contains("#SBATCH --account=proj-42\n") && merge.contains("#SBATCH --qos=short\n"), "{merge}");
        let sbatch_lines = |s: &str| s.lines().filter(|l| l.starts_with("#SBATCH")).count();
        assert_eq!(sbatch_lines(&array), 11, "{array}");
        let (plain, _) = scripts(&options(), 512, Path::new("/bin/harness")).unwrap();
        assert!(!plain.contains("--account") && plain.contains("#SBATCH --mem=512M\n"), "{plain}");
    }

    #[test]
    fn a_bad_extra_line_or_account_is_refused() {
        for (line, why) in [
            ("--qos=short\ntouch /tmp/INJ", "the value cannot hold"),
            ("touch /tmp/INJ", "give one sbatch option"),
            ("--qos=a b", "the value cannot hold"),
            ("--qos=$(id)", "the value cannot hold"),
            ("--Qos=x", "is not an option name"),
            ("--qos short", "is not an option name"),
            ("--mem=100G", "`--mem` is written by harness slurm itself"),
            ("--array=0-9", "written by harness slurm itself"),
            ("--ou=/tmp/x", "`--output` is written by harness slurm itself (sbatch reads `--ou` as `--output`)"),
            ("--dep=afterok:1", "`--dependency` is written by harness slurm itself"),
            ("--arr=0-1000", "`--array` is written by harness slurm itself"),
            ("--acc=other", "`--account` is written by harness slurm itself"),
            ("--output=/tmp/x", "`--output` is written by harness slurm itself;"),
            ("--me=1", "`--mem` is written by harness slurm itself"),
            ("", "give one sbatch option"),
        ] {
            let opts = SlurmOptions { sbatch_lines: vec![line.into()], ..options() };
            let e = scripts(&opts, 512, Path::new("/bin/harness")).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{line}");
            assert!(e.to_string().starts_with("--sbatch-line `") && e.to_string().contains(why), "{line}: {e}");
            assert!(!e.to_string().contains("  "), "one space between words: {e}");
        }
        let opts = SlurmOptions { account: Some("a\n#SBATCH --x".into()), ..options() };
        let e = scripts(&opts, 512, Path::new("/bin/harness")).unwrap_err();
        assert!(e.to_string().contains("--account `a\\n#SBATCH --x`"), "{e}");
    }

    #[test]
    fn the_memory_need_is_the_largest_table_plus_a_quarter_and_a_margin() {
        let dir = tempfile::tempdir().unwrap();
        let entry = |name: &str, extra: &str| {
            format!("[[experiment]]\nname = \"{name}\"\ngame = \"nim\"\nkind = \"k\"\n{extra}")
        };
        let text = [
            entry("plain", ""),
            entry("memo", "memo_mb = 1024\n"),
            entry("items", "items = [{ game = \"nim\", memo_mb = 2048 }, { game = \"nim\" }]\n"),
            entry("capped", "memo_mb = 8000\nmemory_limit = 1000\n"),
        ]
        .concat();
        let path = dir.path().join("m.toml");
        std::fs::write(&path, text).unwrap();
        let m = Manifest::load(&path, None, None).unwrap();
        let needs: Vec<u64> = m.experiments.iter().map(|e| entry_need_mb(e, None)).collect();
        assert_eq!(needs, [512, 1024 + 256 + 512, 2048 + 512 + 512, 1000 + 250 + 512]);
        assert_eq!(memory_need_mb(&m, None), 3072);
        assert_eq!(memory_need_mb(&m, Some(400)), 400 + 100 + 512, "--memory-limit caps every table");
        assert_eq!(run_memory_limit(&["--seed".into(), "1".into(), "--memory-limit".into(), "400".into()]), Some(400));
        assert_eq!(run_memory_limit(&["--memory-limit=64".into()]), Some(64));
    }
}
