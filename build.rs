//! Records the git revision and rustc version for `results/run.toml`.

use std::process::Command;

fn output(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if let Some(git_dir) = output("git", &["rev-parse", "--git-dir"]) {
        for f in ["HEAD", "logs/HEAD"] {
            let p = std::path::Path::new(&git_dir).join(f);
            if p.exists() {
                println!("cargo:rerun-if-changed={}", p.display());
            }
        }
    }
    let rev = output("git", &["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let rustc_version = output(&rustc, &["--version"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=HARNESS_GIT_REVISION={rev}");
    println!("cargo:rustc-env=HARNESS_RUSTC_VERSION={rustc_version}");
}
