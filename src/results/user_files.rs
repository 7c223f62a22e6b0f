//! Files a user names outside any results directory: the page of `harness compare --html
//! FILE` and the man pages of `harness man -o DIR`. They are written as the results
//! directory's files are: a temporary file beside the target, renamed over it, so the
//! target is its old or its new contents and a link at its place is never written
//! through. A target that is a symbolic link, not a plain file, a file the harness did not
//! write (judged by its first bytes), or a file inside a results directory is refused
//! with a message naming it; folders the user did not name are never created.

use std::io::Read;
use std::path::Path;

use super::atomic::replace_atomic;
use super::dir_marker::MARKER;
use crate::base::error::{InputError, Result};

/// Bytes of an existing target read to judge whether the harness wrote it.
const HEAD_BYTES: u64 = 4096;

/// What a file the harness writes for a user is, and how to tell one it wrote before.
#[derive(Debug, Clone, Copy)]
pub struct UserFile {
    /// What the file is, for messages: `a comparison page`, `a man page`.
    pub what: &'static str,
    /// Whether the first bytes (up to 4 KiB) of an existing file show the harness wrote
    /// it as this kind of file.
    pub ours: fn(&[u8]) -> bool,
}

/// The page of `harness compare --html`: its title says so.
pub const COMPARE_PAGE: UserFile = UserFile {
    what: "a comparison page",
    ours: |head| head.starts_with(b"<!DOCTYPE html>") && contains(head, b"<title>harness compare</title>"),
};

/// The page of `harness ab --html`: its title says so.
pub const AB_PAGE: UserFile = UserFile {
    what: "an A/B page",
    ours: |head| head.starts_with(b"<!DOCTYPE html>") && contains(head, b"<title>harness ab</title>"),
};

/// A man page of `harness man -o`: its title line names a harness command.
pub const MAN_PAGE: UserFile = UserFile { what: "a man page", ours: |head| contains(head, b"\n.TH harness") };

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Writes `bytes` to `path`, a file of kind `kind` the user named: its folder must exist
/// (it is not created), and an existing `path` must be a plain file the harness wrote as
/// this kind and lie outside any results directory; otherwise an [`InputError`] (exit
/// code 2) names it and nothing is written. The write is atomic and replaces the entry at
/// `path`, never a file a link points to.
pub fn write_user_file(path: &Path, bytes: &[u8], kind: UserFile) -> Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !dir.is_dir() {
        let why = format!("cannot write {}: its folder does not exist (create it first)", kind.what);
        return Err(InputError::in_file(path, why).into());
    }
    refuse_inside_results(path, dir, kind)?;
    check_target(path, kind)?;
    replace_atomic(path, bytes)?;
    Ok(())
}

/// The results directory `folder` lies in: itself or a folder above it (links
/// resolved), if any.
fn results_dir_holding(folder: &Path) -> Option<std::path::PathBuf> {
    let folder = std::fs::canonicalize(folder).ok()?;
    folder.ancestors().find(|a| a.join(MARKER).exists()).map(Path::to_path_buf)
}

/// Refuses `path` (of kind `kind`, in the existing folder `dir`) when `dir` lies in a
/// results directory, at its top or in any of its folders (`meta/`, `tex/`, ...).
fn refuse_inside_results(path: &Path, dir: &Path, kind: UserFile) -> Result<()> {
    let Some(results) = results_dir_holding(dir) else { return Ok(()) };
    let why = format!(
        "is in the results directory {}, which only run, merge and report write: give {} a name outside it",
        results.display(),
        kind.what
    );
    Err(InputError::in_file(path, why).into())
}

/// Refuses an existing `path` that is a link, not a plain file, or a file the harness
/// did not write as `kind`.
fn check_target(path: &Path, kind: UserFile) -> Result<()> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(InputError::in_file(path, format!("cannot read it: {e}")).into()),
    };
    let refuse = |why: String| -> Result<()> {
        Err(InputError::in_file(path, format!("{why}; remove it or give another name")).into())
    };
    if meta.file_type().is_symlink() {
        return refuse(format!("is a symbolic link: {} is not written through it", kind.what));
    }
    if !meta.is_file() {
        return refuse(format!("is not a plain file: {} is not written over it", kind.what));
    }
    let mut head = Vec::new();
    let read = std::fs::File::open(path).and_then(|f| f.take(HEAD_BYTES).read_to_end(&mut head));
    if read.is_err() || !(kind.ours)(&head) {
        return refuse(format!("is not {} the harness wrote: it is not written over", kind.what));
    }
    Ok(())
}

/// Writes the man pages of `command` and its subcommands ([`man_pages`]) into `dir`
/// with [`write_user_file`] as [`MAN_PAGE`]s. `dir` is created when missing, its parent
/// is not: a folder the user did not name is never made. Every page is checked before
/// the first is written, so a refusal leaves `dir` as it was.
pub fn write_man_pages(dir: &Path, command: clap::Command) -> Result<()> {
    let pages = man_pages(command)?;
    let existing =
        if dir.is_dir() { dir } else { dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")) };
    refuse_inside_results(dir, existing, MAN_PAGE)?;
    if !dir.is_dir() {
        std::fs::create_dir(dir).map_err(|e| InputError::in_file(dir, format!("cannot create the directory: {e}")))?;
    }
    for (name, _) in &pages {
        check_target(&dir.join(name), MAN_PAGE)?;
    }
    for (name, page) in &pages {
        write_user_file(&dir.join(name), page, MAN_PAGE)?;
    }
    Ok(())
}

/// The man pages of `command` and its subcommands, named as `clap_mangen::generate_to`
/// names them (`harness.1`, `harness-run.1`, ...), each file name with its roff text.
pub fn man_pages(command: clap::Command) -> Result<Vec<(String, Vec<u8>)>> {
    fn add(command: clap::Command, pages: &mut Vec<(String, Vec<u8>)>) -> std::io::Result<()> {
        for sub in command.get_subcommands().filter(|s| !s.is_hide_set()).cloned() {
            add(sub, pages)?;
        }
        let man = clap_mangen::Man::new(command);
        let mut page = Vec::new();
        man.render(&mut page)?;
        pages.push((man.get_filename(), page));
        Ok(())
    }
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let mut pages = Vec::new();
    add(command, &mut pages)?;
    Ok(pages)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &[u8] = b"<!DOCTYPE html>\n<html>\n<head>\n<title>harness compare</title>\n";

    #[test]
    fn a_new_or_own_file_is_replaced_and_anything_else_refused() {
        let dir = tempfile::tempdir().unwrap();
        let page = dir.path().join("cmp.html");
        write_user_file(&page, PAGE, COMPARE_PAGE).unwrap();
        write_user_file(&page, PAGE, COMPARE_PAGE).unwrap();
        let mine = dir.path().join("mine.html");
        std::fs::write(&mine, "my notes").unwrap();
        let e = write_user_file(&mine, PAGE, COMPARE_PAGE).unwrap_err();
        assert_eq!((e.exit_code(), std::fs::read_to_string(&mine).unwrap()), (2, "my notes".to_string()));
        assert!(e.to_string().contains("is not a comparison page the harness wrote"), "{e}");
        let e = write_user_file(&dir.path().join("no/such/cmp.html"), PAGE, COMPARE_PAGE).unwrap_err();
        assert!(e.to_string().contains("its folder does not exist"), "{e}");
        assert!(!dir.path().join("no").exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_refused_and_its_target_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, PAGE).unwrap();
        let link = dir.path().join("link.html");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        let e = write_user_file(&link, b"new", COMPARE_PAGE).unwrap_err();
        assert!(e.to_string().contains("is a symbolic link"), "{e}");
        assert_eq!(std::fs::read(&victim).unwrap(), PAGE);
        let man = dir.path().join("man");
        std::fs::create_dir(&man).unwrap();
        std::os::unix::fs::symlink(&victim, man.join("demo.1")).unwrap();
        let command = clap::Command::new("demo").subcommand(clap::Command::new("sub"));
        let e = write_man_pages(&man, command).unwrap_err();
        assert!(e.to_string().contains("is a symbolic link"), "{e}");
        assert!(!man.join("demo-sub.1").exists(), "no page is written when one is refused");
        assert_eq!(std::fs::read(&victim).unwrap(), PAGE);
    }

    #[test]
    fn a_results_directory_is_not_written_into() {
        let dir = tempfile::tempdir().unwrap();
        crate::results::dir_marker::claim(dir.path()).unwrap();
        let e = write_user_file(&dir.path().join("index.html"), PAGE, COMPARE_PAGE).unwrap_err();
        assert!(e.to_string().contains("is in the results directory"), "{e}");
        assert!(!dir.path().join("index.html").exists());
        // Nor any folder of it: its metadata, journals and tables are its own.
        for folder in ["meta", ".journal", "tex"] {
            std::fs::create_dir(dir.path().join(folder)).unwrap();
            let e = write_user_file(&dir.path().join(folder).join("x.html"), PAGE, COMPARE_PAGE).unwrap_err();
            assert!(e.to_string().contains("is in the results directory"), "{folder}: {e}");
            assert!(!dir.path().join(folder).join("x.html").exists());
        }
        let man = dir.path().join("tex").join("man");
        let e = write_man_pages(&man, clap::Command::new("demo")).unwrap_err();
        assert!(e.to_string().contains("is in the results directory"), "{e}");
        assert!(!man.exists(), "no folder is made inside a results directory");
    }
}
