//! Reading the text files the harness and the games load (manifests, tile-game files,
//! stones files): read no further than a size cap (so `/dev/zero` ends at once), a UTF-8
//! byte-order mark skipped, and every refusal naming the file, and the line and column of
//! a byte that is not UTF-8.

use std::io::Read;
use std::path::Path;

use crate::base::error::InputError;

/// One kind of text file: what messages call it and what it holds.
#[derive(Debug, Clone, Copy)]
pub struct TextFile<'a> {
    /// What messages call the file (`game file`, `stones file`, `manifest`).
    pub what: &'a str,
    /// The largest file read, in bytes.
    pub max_bytes: u64,
    /// What such a file holds, said when a file is refused as too large or not text.
    pub holds: &'a str,
}

impl TextFile<'_> {
    /// The text of `path`: refuses what is not a regular file (a directory, FIFO, socket
    /// or device: it is never opened, so it cannot block), a file that cannot be opened, one larger than
    /// [`TextFile::max_bytes`], and one holding a byte that is not UTF-8 (naming its line
    /// and column). A leading UTF-8 byte-order mark is dropped.
    pub fn read(&self, path: &Path) -> Result<String, InputError> {
        let bytes = self.read_bytes(path)?;
        let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
        match std::str::from_utf8(body) {
            Ok(text) => Ok(text.to_string()),
            Err(e) => {
                let good = &body[..e.valid_up_to()];
                let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
                let column = good.len() - good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
                let bad = body[e.valid_up_to()];
                Err(InputError::at(
                    path,
                    line,
                    format!("byte 0x{bad:02x} at column {column} is not UTF-8 text; {}", self.holds),
                ))
            }
        }
    }
}

impl TextFile<'_> {
    /// The bytes of `path`, with the refusals of [`TextFile::read`] but no check of the
    /// text (for files whose last line may be torn mid-character, such as a journal). The
    /// file is opened without blocking (`O_NONBLOCK`) and checked again once open, so a
    /// FIFO put in its place between the two checks cannot block either.
    pub fn read_bytes(&self, path: &Path) -> Result<Vec<u8>, InputError> {
        let file = self.open_checked(path)?;
        let mut bytes = Vec::new();
        let cannot =
            |e: std::io::Error| InputError::in_file(path, format!("cannot open the {} for reading: {e}", self.what));
        file.take(self.max_bytes + 1).read_to_end(&mut bytes).map_err(cannot)?;
        if bytes.len() as u64 > self.max_bytes {
            return Err(self.too_large(path));
        }
        Ok(bytes)
    }

    /// `path` opened without blocking, refused unless a regular file both before and after
    /// opening (a FIFO put in its place between the two checks cannot block either).
    fn open_checked(&self, path: &Path) -> Result<std::fs::File, InputError> {
        let cannot =
            |e: std::io::Error| InputError::in_file(path, format!("cannot open the {} for reading: {e}", self.what));
        self.check_regular(path, &std::fs::metadata(path).map_err(cannot)?)?;
        let mut options = std::fs::OpenOptions::new();
        options.read(true);
        super::os::non_blocking(&mut options);
        let file = options.open(path).map_err(cannot)?;
        self.check_regular(path, &file.metadata().map_err(cannot)?)?;
        Ok(file)
    }

    fn too_large(&self, path: &Path) -> InputError {
        InputError::in_file(path, format!("larger than {}; {}", size_text(self.max_bytes), self.holds))
    }

    /// `path` opened for reading as a stream (for files read record by record rather than
    /// whole), with the refusals of [`TextFile::read_bytes`]: not a regular file, cannot
    /// be opened, larger than [`TextFile::max_bytes`] (by its size once open). The stream
    /// ends at the cap even if the file grows meanwhile. The text is not checked.
    pub fn open_capped(&self, path: &Path) -> Result<std::io::Take<std::fs::File>, InputError> {
        let file = self.open_checked(path)?;
        let len = file
            .metadata()
            .map_err(|e| InputError::in_file(path, format!("cannot read the {}: {e}", self.what)))?
            .len();
        if len > self.max_bytes {
            return Err(self.too_large(path));
        }
        Ok(file.take(self.max_bytes))
    }

    /// Refuses what is not a regular file (a directory, FIFO, socket or device).
    fn check_regular(&self, path: &Path, meta: &std::fs::Metadata) -> Result<(), InputError> {
        if meta.is_file() {
            return Ok(());
        }
        let kind = if meta.is_dir() { "a directory" } else { "not a regular file (a FIFO, socket or device)" };
        Err(InputError::in_file(path, format!("the {} is {kind}; give a regular file", self.what)))
    }
}

/// `1 MiB`, `64 KiB` or `1000 bytes`.
fn size_text(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIND: TextFile = TextFile { what: "test file", max_bytes: 16, holds: "a test file holds a few words" };

    fn file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("harness-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn text_is_read_without_its_byte_order_mark() {
        assert_eq!(KIND.read(&file("bom", b"\xEF\xBB\xBFab\ncd")).unwrap(), "ab\ncd");
    }

    #[test]
    fn refusals_name_the_file_line_and_column() {
        let e = KIND.read(&file("bad", b"ok\nab\xffc")).unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.message.contains("byte 0xff at column 3 is not UTF-8 text"), "{}", e.message);
        let e = KIND.read(&file("big", &[b'x'; 17])).unwrap_err();
        assert!(e.message.contains("larger than 16 bytes; a test file holds a few words"), "{}", e.message);
        let e = KIND.read(Path::new("/nonexistent/x")).unwrap_err();
        assert!(e.message.contains("cannot open the test file for reading"), "{}", e.message);
        assert_eq!(size_text(1 << 20), "1 MiB");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let e = KIND.read(&fifo).unwrap_err();
        assert!(e.message.contains("not a regular file"), "{}", e.message);
        assert!(KIND.read(dir.path()).unwrap_err().message.contains("is a directory"));
    }
}
