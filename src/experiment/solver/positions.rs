//! The folder of position files a solver reads: the harness writes each position in the
//! assignment's own file format into a fresh private folder, which the sandbox shows the
//! solver read-only, and names the file in the `load` request.

use std::path::{Path, PathBuf};

use crate::base::error::Result;

/// A private folder of position files, removed with the value.
#[derive(Debug)]
pub struct PositionFiles {
    dir: tempfile::TempDir,
    written: usize,
}

impl PositionFiles {
    /// A new, empty folder under the system's temporary folder, readable (not writable)
    /// by others: the sandboxed solver may run as another user. Positions are no secret.
    pub fn new() -> Result<PositionFiles> {
        let dir = tempfile::Builder::new().prefix("harness-positions-").tempdir()?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))?;
        }
        Ok(PositionFiles { dir, written: 0 })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// Writes `text` as a new file named `p<N>.<extension>`; its path.
    pub fn write(&mut self, extension: &str, text: &str) -> Result<PathBuf> {
        self.written += 1;
        let path = self.dir.path().join(format!("p{}.{extension}", self.written));
        std::fs::write(&path, text)?;
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_get_fresh_names_and_go_with_the_folder() {
        let mut files = PositionFiles::new().unwrap();
        let a = files.write("txt", "g\n1 1\n").unwrap();
        let b = files.write("txt", "b\n1 1\n").unwrap();
        assert_ne!(a, b);
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "g\n1 1\n");
        let dir = files.dir().to_path_buf();
        drop(files);
        assert!(!dir.exists());
    }
}
