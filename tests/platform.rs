//! Every call into the operating system that `std` lacks lives in `src/base/os/`,
//! behind `cfg` guards, so that the crate builds on Linux, macOS and Windows alike. This
//! test reads the library, the binary, the benchmarks and the build script and fails on
//! any `libc::` outside that folder, naming the file and line.

use std::path::{Path, PathBuf};

/// The one folder allowed to name `libc::`.
const OS_MODULE: &str = "src/base/os";

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The 1-based lines of `text` whose code (comments aside) names `libc::`.
fn libc_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| line.split("//").next().unwrap_or("").contains("libc::"))
        .map(|(i, _)| i + 1)
        .collect()
}

#[test]
fn no_libc_call_outside_the_os_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("build.rs")];
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("benches"), &mut files);
    assert!(files.len() > 100, "the sources were not found under {}", root.display());
    let mut found = Vec::new();
    let os = root.join(OS_MODULE);
    for file in files.iter().filter(|f| !f.starts_with(&os)) {
        let text = std::fs::read_to_string(file).expect("a readable source file");
        for line in libc_lines(&text) {
            found.push(format!("{}:{line}", file.strip_prefix(root).unwrap_or(file).display()));
        }
    }
    assert!(
        found.is_empty(),
        "`libc::` outside {OS_MODULE} (move the call there, behind cfg guards):\n{}",
        found.join("\n")
    );
    let mut os_files = Vec::new();
    rust_files(&os, &mut os_files);
    assert!(os_files.iter().any(|f| !libc_lines(&std::fs::read_to_string(f).expect("the os module")).is_empty()));
}

#[test]
fn the_check_finds_a_call_and_skips_comments() {
    let text = "fn f() {\n    // libc::getpid() in a comment\n    unsafe { libc::getpid() };\n}\n";
    assert_eq!(libc_lines(text), [3]);
}
