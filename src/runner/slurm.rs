//! `harness slurm MANIFEST --shards N`: a Slurm job array that runs the manifest's shards
//! on a cluster, and a merge job that runs after every shard succeeded.
//!
//! Writes `DIR/slurm/array.sbatch` (`#SBATCH --array=0-(N-1)`, task I running
//! `harness run MANIFEST --shard I/N --threads $SLURM_CPUS_PER_TASK --out DIR/shards/I`)
//! and `DIR/slurm/merge.sbatch` (`harness merge DIR/shards/0 ... --out DIR`), prints the
//! two `sbatch` commands and, with `--submit`, submits them (the merge with
//! `--dependency=afterok:ARRAY_JOB`). Progress goes to `DIR/slurm/logs/` as plain lines.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Context;

use crate::base::error::{InputError, Result};
use crate::base::text::excerpt;
use crate::runner::manifest::Manifest;

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
    /// Results directory of the merged run (shards go to `DIR/shards/I`).
    pub out: PathBuf,
    /// Options passed on to every shard's `harness run`.
    pub run_args: Vec<String>,
    /// Submit the jobs with `sbatch` instead of only printing the commands.
    pub submit: bool,
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

/// The job array's script: every value reaches it through the `sh` filter (quoted by
/// `shlex`) or the `sbatch` filter (checked for `#SBATCH` lines).
const ARRAY_TEMPLATE: &str = include_str!("array.sbatch.jinja");

/// The merge job's script.
const MERGE_TEMPLATE: &str = include_str!("merge.sbatch.jinja");

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
/// partition that is not letters, digits and `_.,-`, and a results directory whose path
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

/// A template environment whose `sh` filter quotes a value for the shell and whose
/// `sbatch` filter passes only values that are safe in a `#SBATCH` line; a string
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
pub fn scripts(opts: &SlurmOptions, harness: &Path) -> Result<(String, String)> {
    let out = absolute(&opts.out)?;
    let logs = out.join("slurm").join("logs");
    let n = opts.shards;
    check_script_values(opts, &logs)?;
    let manifest = script_text("the manifest", &absolute(&opts.manifest)?)?;
    let out_text = script_text("--out", &out)?;
    let bin = script_text("the harness binary", harness)?;
    let shard_dirs: Vec<String> =
        (0..n).map(|i| script_text("--out", &out.join("shards").join(i.to_string()))).collect::<Result<_>>()?;
    check_merge_length(&shard_dirs, n)?;
    let ctx = minijinja::context! {
        manifest => manifest,
        bin => bin,
        last => n.saturating_sub(1),
        shards => n,
        cpus => opts.cpus_per_task,
        time => opts.time,
        partition => opts.partition,
        logs => script_text("--out", &logs)?,
        shard_dir => script_text("--out", &out.join("shards"))?,
        run_args => opts.run_args,
        shard_dirs => shard_dirs,
        out => out_text,
    };
    Ok((render(ARRAY_TEMPLATE, ctx.clone())?, render(MERGE_TEMPLATE, ctx)?))
}

/// Writes the job scripts, prints the `sbatch` commands and, with `--submit`, submits.
pub fn slurm(opts: &SlurmOptions) -> Result<()> {
    Manifest::load(&opts.manifest, None, None)?;
    if opts.out.exists() && !opts.out.is_dir() {
        return Err(InputError::in_file(&opts.out, "the results directory is a file, not a directory").into());
    }
    let harness = std::env::current_exe().context("cannot find the harness binary's path")?;
    let (array, merge) = scripts(opts, &harness)?;
    crate::results::owned::claim(&absolute(&opts.out)?)?;
    let dir = absolute(&opts.out)?.join("slurm");
    let root = absolute(&opts.out)?;
    crate::results::inside::real_dir(&root, &dir.join("logs"))?;
    let (array_path, merge_path) = (dir.join("array.sbatch"), dir.join("merge.sbatch"));
    crate::results::inside::write(&root, &array_path, array.as_bytes())?;
    crate::results::inside::write(&root, &merge_path, merge.as_bytes())?;
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

fn sbatch(args: &[&str]) -> Result<String> {
    let out = Command::new("sbatch").args(args).output().context("cannot run sbatch (is Slurm installed here?)")?;
    if !out.status.success() {
        return Err(anyhow::anyhow!(
            "sbatch {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        )
        .into());
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

#[cfg(test)]
mod tests {
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
            manifest: "/m/all.toml".into(),
            shards: 3,
            cpus_per_task: 4,
            time: "02:00:00".into(),
            partition: Some("short".into()),
            out: "/r".into(),
            run_args: vec!["--seed".into(), "5".into()],
            submit: false,
        };
        let (array, merge) = scripts(&opts, Path::new("/bin/harness")).unwrap();
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
            shards: 2,
            cpus_per_task: 1,
            time: "01:00:00".into(),
            partition: Some("x\ntouch /tmp/INJ".into()),
            out: "/tmp/out".into(),
            run_args: Vec::new(),
            submit: false,
        };
        let e = scripts(&opts, Path::new("/bin/harness")).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("--partition `x\\ntouch /tmp/INJ`"), "{e}");
        opts.partition = Some("short,long".into());
        opts.out = "/tmp/my results".into();
        assert!(scripts(&opts, Path::new("/bin/harness")).unwrap_err().to_string().contains("--out"));
        opts.out = "/tmp/out".into();
        let (array, _) = scripts(&opts, Path::new("/bin/harness")).unwrap();
        assert!(array.contains("#SBATCH --partition=short,long\n#SBATCH --output="), "{array}");
        assert!(array.contains("#SBATCH --signal=B:TERM@120\n"), "{array}");
    }

    #[test]
    fn a_manifest_path_with_a_newline_is_refused() {
        let mut opts = SlurmOptions {
            manifest: "/tmp/p/m\ntouch INJECTED\n#.toml".into(),
            shards: 2,
            cpus_per_task: 1,
            time: "01:00:00".into(),
            partition: None,
            out: "/tmp/out".into(),
            run_args: Vec::new(),
            submit: false,
        };
        let e = scripts(&opts, Path::new("/bin/harness")).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("the manifest `/tmp/p/m\\ntouch INJECTED"), "{e}");
        assert!(e.to_string().contains("newline"), "{e}");
        opts.manifest = "/tmp/p/it's $(touch X) `y`.toml".into();
        opts.run_args = vec!["--seed".into(), "5; touch Y".into()];
        let (array, _) = scripts(&opts, Path::new("/bin/harness")).unwrap();
        let exec = array.lines().last().unwrap();
        let words = shlex::split(exec).unwrap();
        assert_eq!(words[3], "/tmp/p/it's $(touch X) `y`.toml", "{exec}");
        assert_eq!(words.last().unwrap(), "5; touch Y", "{exec}");
        let comment = array.lines().nth(1).unwrap();
        assert!(comment.starts_with("# Generated by `harness slurm`"), "{comment}");
        opts.out = "/tmp/o\nut".into();
        assert!(scripts(&opts, Path::new("/bin/harness")).unwrap_err().to_string().contains("--out"));
        opts.out = "/tmp/out#x".into();
        assert!(scripts(&opts, Path::new("/bin/harness")).unwrap_err().to_string().contains("--out"));
    }

    #[test]
    fn a_merge_command_over_the_kernels_limit_is_refused() {
        let opts = SlurmOptions {
            manifest: "/m.toml".into(),
            shards: 100_000,
            cpus_per_task: 1,
            time: "01:00:00".into(),
            partition: None,
            out: "/r".into(),
            run_args: Vec::new(),
            submit: false,
        };
        let e = scripts(&opts, Path::new("/bin/harness")).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("--shards 100000") && e.to_string().contains("use at most"), "{e}");
        let fine = SlurmOptions { shards: 1000, ..opts };
        let (_, merge) = scripts(&fine, Path::new("/bin/harness")).unwrap();
        assert!(merge.contains(" /r/shards/999 --out /r\n"), "{merge}");
    }

    #[test]
    fn quoting() {
        assert_eq!(sh_quote("/a/b").unwrap(), "/a/b");
        assert_eq!(sh_quote("a b").unwrap(), "'a b'");
        assert_eq!(sh_quote("a\nb"), None);
        assert_eq!(sh_quote("a\0b"), None);
    }
}
