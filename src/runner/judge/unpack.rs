//! A submission's files, copied or unpacked into a folder of the judge's own, safely: a
//! folder, a `.zip`, a `.tgz` or a `.tar.gz`. Every entry must stay inside the folder (no
//! absolute path, no `..`), no link of any kind is followed or made, and the whole is
//! bounded in files and bytes (counted as they are written, not as the archive says).
//! Anything else refuses the submission, naming the entry.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// The most files a submission may hold.
pub const MAX_FILES: usize = 2_000;

/// The most bytes its files may hold, unpacked.
pub const MAX_BYTES: u64 = 64 << 20;

/// Why a submission was refused before it was built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The kinds of submission, by the name of the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// A folder of files.
    Folder,
    /// A `.zip` archive.
    Zip,
    /// A `.tgz` or `.tar.gz` archive.
    TarGz,
    /// Any other file (a `.rar`, a loose `.cc`): refused when it is unpacked.
    Other,
}

impl Form {
    /// The form of `path` (which exists).
    pub fn of(path: &Path) -> Form {
        let name = path.file_name().map(|n| n.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
        if path.is_dir() {
            Form::Folder
        } else if name.ends_with(".zip") {
            Form::Zip
        } else if name.ends_with(".tgz") || name.ends_with(".tar.gz") {
            Form::TarGz
        } else {
            Form::Other
        }
    }

    /// The name without its archive extension.
    pub fn stem(self, path: &Path) -> String {
        if self == Form::Other {
            return path.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        }
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let lower = name.to_ascii_lowercase();
        let cut = [".tar.gz", ".tgz", ".zip"].iter().find(|e| lower.ends_with(*e)).map_or(0, |e| e.len());
        name[..name.len() - cut].to_string()
    }
}

/// What has been written so far, against the bounds.
struct Budget {
    files: usize,
    bytes: u64,
}

impl Budget {
    fn file(&mut self, name: &str) -> Result<(), Refused> {
        self.files += 1;
        if self.files > MAX_FILES {
            return Err(Refused(format!("holds more than {MAX_FILES} files (at `{}`)", shown(name))));
        }
        Ok(())
    }
}

/// Unpacks (or copies) the submission `from` into the empty folder `to`.
pub fn unpack(from: &Path, form: Form, to: &Path) -> Result<(), Refused> {
    let mut budget = Budget { files: 0, bytes: 0 };
    let io = |e: std::io::Error| Refused(format!("cannot be read: {e}"));
    match form {
        Form::Folder => copy_folder(from, to, Path::new(""), &mut budget),
        Form::Zip => unzip(std::fs::File::open(from).map_err(io)?, to, &mut budget),
        Form::TarGz => untar(std::fs::File::open(from).map_err(io)?, to, &mut budget),
        Form::Other => Err(Refused(
            "is not a folder, a .zip, a .tgz or a .tar.gz (the assignments ask for one of them)".to_string(),
        )),
    }
}

/// `name` as a message shows it: printable, at most 200 characters.
fn shown(name: &str) -> String {
    crate::base::text::excerpt_to(&crate::base::text::printable(name), 200)
}

/// The path of entry `name` inside the folder, or the refusal naming it.
pub fn inside(name: &str) -> Result<PathBuf, Refused> {
    let outside = || Refused(format!("entry `{}` would be written outside its folder", shown(name)));
    if name.contains('\\') && (name.starts_with('\\') || name.contains("..")) {
        return Err(outside());
    }
    let mut path = PathBuf::new();
    for part in Path::new(name).components() {
        match part {
            Component::Normal(p) => path.push(p),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => return Err(outside()),
        }
    }
    if path.as_os_str().is_empty() {
        return Err(Refused(format!("entry `{}` has no name", shown(name))));
    }
    Ok(path)
}

/// Writes one file of `reader` at `relative` under `to`, counted against `budget`.
fn write_file(to: &Path, relative: &Path, reader: &mut dyn Read, budget: &mut Budget) -> Result<(), Refused> {
    let name = relative.display().to_string();
    budget.file(&name)?;
    let path = to.join(relative);
    let io = |e: std::io::Error| Refused(format!("entry `{}` cannot be written: {e}", shown(&name)));
    if let Some(parent) = path.parent() {
        make_dirs(to, parent).map_err(io)?;
    }
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(&path).map_err(io)?;
    let left = MAX_BYTES - budget.bytes;
    let copied = std::io::copy(&mut reader.take(left + 1), &mut file).map_err(io)?;
    budget.bytes += copied;
    if budget.bytes > MAX_BYTES {
        return Err(Refused(format!("holds more than {} MiB unpacked (at `{}`)", MAX_BYTES >> 20, shown(&name))));
    }
    set_mode(&path, 0o644).map_err(io)
}

/// Creates `dir` and the folders above it up to `root`, readable by everyone (a
/// sandboxed build may run as another user).
fn make_dirs(root: &Path, dir: &Path) -> std::io::Result<()> {
    if dir == root || dir.is_dir() {
        return Ok(());
    }
    if let Some(parent) = dir.parent() {
        make_dirs(root, parent)?;
    }
    std::fs::create_dir(dir)?;
    set_mode(dir, 0o755)
}

fn set_mode(path: &Path, mode: u32) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
    }
    #[cfg(not(unix))]
    {
        let _ = (path, mode);
        Ok(())
    }
}

/// The refusal of a link entry.
fn link(name: &str) -> Refused {
    Refused(format!("entry `{}` is a link; a submission holds plain files and folders only", shown(name)))
}

fn unzip(file: std::fs::File, to: &Path, budget: &mut Budget) -> Result<(), Refused> {
    let bad = |e: zip::result::ZipError| Refused(format!("is not a readable .zip: {e}"));
    let mut archive = zip::ZipArchive::new(file).map_err(bad)?;
    if archive.len() > MAX_FILES * 2 {
        return Err(Refused(format!("holds more than {MAX_FILES} files")));
    }
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).map_err(bad)?;
        let name = String::from_utf8_lossy(entry.name_raw()).into_owned();
        let relative = inside(&name)?;
        if entry.is_symlink() {
            return Err(link(&name));
        }
        if entry.is_dir() {
            make_dirs(to, &to.join(&relative)).map_err(|e| Refused(format!("`{}`: {e}", shown(&name))))?;
            continue;
        }
        write_file(to, &relative, &mut entry, budget)?;
    }
    Ok(())
}

fn untar(file: std::fs::File, to: &Path, budget: &mut Budget) -> Result<(), Refused> {
    let bad = |e: std::io::Error| Refused(format!("is not a readable .tar.gz: {e}"));
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    for entry in archive.entries().map_err(bad)? {
        let mut entry = entry.map_err(bad)?;
        let name = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        let relative = inside(&name)?;
        match entry.header().entry_type() {
            tar::EntryType::Regular | tar::EntryType::Continuous => write_file(to, &relative, &mut entry, budget)?,
            tar::EntryType::Directory => {
                make_dirs(to, &to.join(&relative)).map_err(|e| Refused(format!("`{}`: {e}", shown(&name))))?
            }
            tar::EntryType::Symlink | tar::EntryType::Link => return Err(link(&name)),
            tar::EntryType::XGlobalHeader | tar::EntryType::XHeader => {}
            other => {
                return Err(Refused(format!(
                    "entry `{}` is a {other:?}; a submission holds plain files and folders only",
                    shown(&name)
                )))
            }
        }
    }
    Ok(())
}

/// Copies the folder `from` (at `relative` below the submission) into `to`, refusing links.
fn copy_folder(from: &Path, to: &Path, relative: &Path, budget: &mut Budget) -> Result<(), Refused> {
    let io = |e: std::io::Error| Refused(format!("`{}` cannot be read: {e}", shown(&relative.display().to_string())));
    let mut entries: Vec<_> =
        std::fs::read_dir(from.join(relative)).map_err(io)?.collect::<Result<_, _>>().map_err(io)?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let rel = relative.join(entry.file_name());
        let name = rel.display().to_string();
        let kind = entry.file_type().map_err(io)?;
        if kind.is_symlink() {
            return Err(link(&name));
        } else if kind.is_dir() {
            make_dirs(to, &to.join(&rel)).map_err(io)?;
            copy_folder(from, to, &rel, budget)?;
        } else if kind.is_file() {
            let mut file = std::fs::File::open(entry.path()).map_err(io)?;
            write_file(to, &rel, &mut file, budget)?;
        } else {
            return Err(Refused(format!("`{}` is not a plain file or folder", shown(&name))));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_outside_its_folder_is_refused_by_name() {
        for bad in ["../evil.cc", "a/../../evil.cc", "/etc/passwd", "..\\evil.cc"] {
            let e = inside(bad).unwrap_err();
            assert!(e.0.contains("outside its folder") && e.0.contains(bad.trim_start_matches('/')), "{e}");
        }
        assert_eq!(inside("./src/a.cc").unwrap(), PathBuf::from("src/a.cc"));
    }

    /// A .zip of `files` (name, bytes), deflated.
    fn zip_of(files: &[(String, Vec<u8>)]) -> tempfile::NamedTempFile {
        use std::io::Write;
        let file = tempfile::Builder::new().suffix(".zip").tempfile().unwrap();
        let mut w = zip::ZipWriter::new(file.reopen().unwrap());
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        for (name, bytes) in files {
            w.start_file(name.as_str(), options).unwrap();
            w.write_all(bytes).unwrap();
        }
        w.finish().unwrap();
        file
    }

    #[test]
    fn too_many_files_or_bytes_are_refused_as_they_are_written() {
        let many: Vec<(String, Vec<u8>)> = (0..=MAX_FILES).map(|i| (format!("f{i}.cc"), vec![b'x'])).collect();
        let to = tempfile::tempdir().unwrap();
        let e = unpack(zip_of(&many).path(), Form::Zip, to.path()).unwrap_err();
        assert_eq!(e.0, format!("holds more than {MAX_FILES} files (at `f{MAX_FILES}.cc`)"));
        let bomb = [("zeros.cc".to_string(), vec![0u8; (MAX_BYTES + 1) as usize])];
        let archive = zip_of(&bomb);
        assert!(archive.as_file().metadata().unwrap().len() < 1 << 20, "a small archive");
        let to = tempfile::tempdir().unwrap();
        let e = unpack(archive.path(), Form::Zip, to.path()).unwrap_err();
        assert_eq!(e.0, "holds more than 64 MiB unpacked (at `zeros.cc`)");
    }

    #[cfg(unix)]
    #[test]
    fn a_folder_with_a_link_is_refused_by_name() {
        let from = tempfile::tempdir().unwrap();
        std::fs::create_dir(from.path().join("src")).unwrap();
        std::fs::write(from.path().join("src/a.cc"), "int a;\n").unwrap();
        std::os::unix::fs::symlink("/etc/passwd", from.path().join("src/passwd")).unwrap();
        let to = tempfile::tempdir().unwrap();
        let e = unpack(from.path(), Form::Folder, to.path()).unwrap_err();
        assert_eq!(e.0, "entry `src/passwd` is a link; a submission holds plain files and folders only");
        assert!(!to.path().join("src/passwd").exists());
    }

    #[test]
    fn the_form_and_stem_come_from_the_name() {
        let p = Path::new("Jansen_de-Vries.TAR.GZ");
        assert_eq!(Form::of(p), Form::TarGz);
        assert_eq!(Form::TarGz.stem(p), "Jansen_de-Vries");
        assert_eq!(Form::of(Path::new("x.rar")), Form::Other);
    }
}
