//! Sharded runs: any shard count merged gives a single run's CSVs (time columns aside);
//! `merge` refuses shards that do not make one whole run; `--dry-run` lists each shard's
//! items; `slurm` writes a job array and a merge job.

mod common;

use std::path::{Path, PathBuf};

use common::{csv_without_time_columns, harness, instances, stderr};

fn quick() -> String {
    instances().join("quick.toml").display().to_string()
}

fn csv_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".csv"))
        .collect();
    names.sort();
    names
}

/// The pictures of the tiling table, `(file name, text)` by name.
fn figures(dir: &Path) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = std::fs::read_dir(dir.join("figures/stenen_table"))
        .map(|d| {
            d.flatten()
                .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read_to_string(e.path()).unwrap()))
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

fn run_shards(dir: &Path, n: usize, extra: &[&str]) -> Vec<PathBuf> {
    (0..n)
        .map(|i| {
            let out = dir.join(format!("shard{i}of{n}"));
            let (shard, q) = (format!("{i}/{n}"), quick());
            let mut args = vec!["run", q.as_str(), "--shard", shard.as_str(), "--out", out.to_str().unwrap()];
            args.extend_from_slice(extra);
            let o = harness(&args);
            assert_eq!(o.status.code(), Some(0), "shard {shard}: {}", stderr(&o));
            out
        })
        .collect()
}

fn merge(shards: &[PathBuf], out: &Path) -> std::process::Output {
    let mut args = vec!["merge".to_string()];
    args.extend(shards.iter().map(|s| s.display().to_string()));
    args.extend(["--out".to_string(), out.display().to_string()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    harness(&args)
}

#[test]
fn one_to_four_shards_merged_equal_a_single_run() {
    let dir = tempfile::tempdir().unwrap();
    let single = dir.path().join("single");
    let o = harness(&["run", &quick(), "--out", single.to_str().unwrap(), "--threads", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let names = csv_names(&single);
    assert!(names.len() >= 10, "{names:?}");
    for n in 1..=4 {
        let shards = run_shards(dir.path(), n, &["--threads", "1"]);
        let merged = dir.path().join(format!("merged{n}"));
        let o = merge(&shards, &merged);
        assert_eq!(o.status.code(), Some(0), "{n} shards: {}", stderr(&o));
        assert_eq!(csv_names(&merged), names, "{n} shards");
        for name in &names {
            assert_eq!(
                csv_without_time_columns(&merged.join(name)),
                csv_without_time_columns(&single.join(name)),
                "{name} merged from {n} shards"
            );
        }
        let run = std::fs::read_to_string(merged.join("run.toml")).unwrap();
        assert_eq!(run.matches("[[shards]]").count(), n, "{run}");
        assert!(merged.join("tex/summary.tex").is_file(), "the report is written after merging");
        assert_eq!(figures(&merged), figures(&single), "pictures merged from {n} shards");
        assert!(!figures(&single).is_empty());
    }
}

#[test]
fn merge_refuses_what_is_not_one_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let shards = run_shards(dir.path(), 3, &[]);
    let out = dir.path().join("m");
    let refused = |o: std::process::Output, says: &str| {
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains(says), "expected `{says}` in: {}", stderr(&o));
    };
    refused(merge(&shards[..2], &out), "in no shard");
    refused(merge(&[shards[0].clone(), shards[0].clone(), shards[1].clone()], &out), "given twice");
    let other_seed = dir.path().join("seed9");
    let o = harness(&["run", &quick(), "--shard", "2/3", "--seed", "9", "--out", other_seed.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    refused(merge(&[shards[0].clone(), shards[1].clone(), other_seed], &out), "seed");
    let whole = dir.path().join("whole");
    assert_eq!(harness(&["run", &quick(), "--out", whole.to_str().unwrap()]).status.code(), Some(0));
    refused(merge(&[whole], &out), "names no shard");
    refused(merge(&[dir.path().join("nothing")], &out), "nothing");
    assert!(!out.join("run.toml").exists(), "nothing is merged from refused shards");
}

#[test]
fn dry_run_lists_every_item_in_exactly_one_shard() {
    let o = harness(&["run", &quick(), "--shard", "1/3", "--dry-run"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    for s in ["shard 0/3", "shard 1/3", "shard 2/3"] {
        assert!(text.contains(s), "{text}");
    }
    let whole = String::from_utf8(harness(&["run", &quick(), "--dry-run"]).stdout).unwrap();
    let items = |t: &str| {
        let mut v: Vec<String> = t.lines().filter(|l| l.starts_with("  ")).map(str::to_string).collect();
        v.sort();
        v
    };
    assert_eq!(items(&text), items(&whole));
}

#[test]
fn slurm_writes_an_array_and_a_merge_job() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let o = harness(&[
        "slurm",
        &quick(),
        "--shards",
        "3",
        "--cpus-per-task",
        "2",
        "--time",
        "00:30:00",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let array = std::fs::read_to_string(out.join("slurm/array.sbatch")).unwrap();
    let merge = std::fs::read_to_string(out.join("slurm/merge.sbatch")).unwrap();
    assert!(array.contains("#SBATCH --array=0-2"), "{array}");
    assert!(array.contains("--shard \"$SLURM_ARRAY_TASK_ID/3\""), "{array}");
    assert!(merge.contains(" merge ") && merge.contains("shards/2"), "{merge}");
    // The quick manifest's largest table is checkers' memo_mb = 256: 256 + 64 + 512 MiB.
    assert!(array.contains("#SBATCH --mem=832M\n"), "{array}");
    assert!(merge.contains("#SBATCH --mem=1024M\n#SBATCH --time=00:30:00\n"), "{merge}");
    let printed = String::from_utf8(o.stdout).unwrap();
    assert!(printed.contains("sbatch --parsable") && printed.contains("--dependency=afterok:"), "{printed}");
    for bad in [vec!["--shards", "0"], vec!["--shards", "2", "--time", "1h"]] {
        let q = quick();
        let mut args = vec!["slurm", q.as_str()];
        args.extend(bad.iter().copied());
        assert_eq!(harness(&args).status.code(), Some(2), "{bad:?}");
    }
}

/// `--mem`, `--account` and `--sbatch-line` reach both scripts; a bad extra line is
/// refused with exit 2 before any script is written.
#[test]
fn slurm_takes_memory_account_and_extra_lines_and_refuses_a_bad_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let q = quick();
    let args = ["slurm", q.as_str(), "--shards", "2", "--out", out.to_str().unwrap(), "--account", "proj_1"];
    let o =
        harness(&[&args[..], &["--mem", "2048", "--sbatch-line", "--qos=short", "--sbatch-line=--exclusive"]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let array = std::fs::read_to_string(out.join("slurm/array.sbatch")).unwrap();
    let merge = std::fs::read_to_string(out.join("slurm/merge.sbatch")).unwrap();
    assert!(array.contains("#SBATCH --mem=2048M\n"), "{array}");
    for script in [&array, &merge] {
        assert!(script.contains("#SBATCH --account=proj_1\n#SBATCH --qos=short\n#SBATCH --exclusive\n"), "{script}");
    }
    let fresh = dir.path().join("s");
    let args = ["slurm", q.as_str(), "--shards", "2", "--out", fresh.to_str().unwrap()];
    let o = harness(&[&args[..], &["--sbatch-line", "--qos=short\necho INJECTED"]].concat());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--sbatch-line `--qos=short\\necho INJECTED`: the value cannot hold"),
        "{}",
        stderr(&o)
    );
    assert!(!fresh.join("slurm/array.sbatch").exists());
}

/// A manifest whose path holds a newline and a shell command is refused (exit 2) before
/// any script is written: the path never becomes a line of the job script.
#[test]
fn slurm_refuses_a_manifest_path_that_would_add_a_script_line() {
    let dir = tempfile::tempdir().unwrap();
    let m = dir.path().join("m\ntouch INJECTED\n#.toml");
    std::fs::write(&m, "seed = 1\n[[experiment]]\nname = \"f\"\ngame = \"nim\"\nkind = \"formula\"\nmaxtakes = [0]\ntakes_sets = [[1]]\nheap_counts = [1]\nmax_sticks = 3\n").unwrap();
    let out = dir.path().join("o");
    let o = harness(&["slurm", m.to_str().unwrap(), "--shards", "2", "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("newline"), "{}", stderr(&o));
    assert!(!out.join("slurm/array.sbatch").exists());
}

/// `merge --out` naming one of the shards (also spelt another way) is refused and the
/// shard is left as it was.
#[test]
fn merge_into_one_of_its_shards_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let shards = run_shards(dir.path(), 2, &["--only", "nim_formula"]);
    let before = std::fs::read_to_string(shards[0].join("run.toml")).unwrap();
    for out in [shards[0].clone(), shards[0].join(".")] {
        let o = merge(&shards, &out);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("would overwrite that shard"), "{}", stderr(&o));
    }
    assert_eq!(std::fs::read_to_string(shards[0].join("run.toml")).unwrap(), before);
}
