//! Records the build identity, git revision and rustc version for results metadata.
//!
//! The build identity names the code that computes the numbers: the git revision when
//! the compiled sources are committed, the revision and `dirty-` with a hash of the
//! compiled sources when they differ from it, and `src-` with that hash outside a git
//! checkout. Results and journals of another identity are never reused.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What is compiled in: the sources, the build script and the dependency pins.
const SOURCES: [&str; 4] = ["src", "build.rs", "Cargo.toml", "Cargo.lock"];

fn output(cmd: &str, args: &[&str]) -> Option<String> {
    let mut command = Command::new(cmd);
    if cmd == "git" {
        // `git status` otherwise refreshes `.git/index`, which would make the next build
        // run this script again (and rebuild the crate) although nothing changed.
        command.arg("--no-optional-locks");
    }
    let out = command.args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn files_under(path: &Path, into: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> =
            std::fs::read_dir(path).into_iter().flatten().flatten().map(|e| e.path()).collect();
        entries.sort();
        for e in entries {
            files_under(&e, into);
        }
    } else if path.is_file() {
        into.push(path.to_path_buf());
    }
}

/// FNV-1a 64 over every compiled-in file's path and contents, in sorted order.
fn sources_hash() -> String {
    let mut files = Vec::new();
    for s in SOURCES {
        files_under(Path::new(s), &mut files);
    }
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for f in files {
        let bytes = std::fs::read(&f).unwrap_or_default();
        for b in f.to_string_lossy().as_bytes().iter().chain([0xff].iter()).chain(&bytes).chain([0xff].iter()) {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

fn main() {
    for s in SOURCES {
        println!("cargo:rerun-if-changed={s}");
    }
    // What names the revision: HEAD, the branch it points to, the packed refs. Not the
    // index: staging changes no compiled source, and `git status` itself rewrites it.
    if let Some(git_dir) = output("git", &["rev-parse", "--git-dir"]) {
        let mut watched = vec!["HEAD".to_string(), "logs/HEAD".to_string(), "packed-refs".to_string()];
        if let Some(branch) = output("git", &["symbolic-ref", "-q", "HEAD"]) {
            watched.push(branch);
        }
        let common = output("git", &["rev-parse", "--git-common-dir"]).unwrap_or_else(|| git_dir.clone());
        for f in watched {
            for dir in [&git_dir, &common] {
                let p = Path::new(dir).join(&f);
                if p.exists() {
                    println!("cargo:rerun-if-changed={}", p.display());
                }
            }
        }
    }
    let rev = output("git", &["rev-parse", "--short=12", "HEAD"]);
    let mut status_args = vec!["status", "--porcelain", "--untracked-files=all", "--"];
    status_args.extend(SOURCES);
    let dirty = output("git", &status_args).is_none_or(|s| !s.is_empty());
    let build = match &rev {
        Some(rev) if !dirty => rev.clone(),
        Some(rev) => format!("{rev}-dirty-{}", sources_hash()),
        None => format!("src-{}", sources_hash()),
    };
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let rustc_version = output(&rustc, &["--version"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=HARNESS_GIT_REVISION={}", rev.unwrap_or_else(|| "unknown".into()));
    println!("cargo:rustc-env=HARNESS_BUILD_ID={build}");
    println!("cargo:rustc-env=HARNESS_RUSTC_VERSION={rustc_version}");
    let target = std::env::var("TARGET").unwrap_or_else(|_| "unknown".into());
    println!("cargo:rustc-env=HARNESS_TARGET={target}");
}
