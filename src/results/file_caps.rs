//! How large each file of a results directory may be when it is read back: the caps the
//! readers hold the results CSVs, the experiments' metadata, `run.toml` and the marker to.

use crate::base::files::TextFile;

/// A results CSV read back (`report`, `run`, `compare`): a regular file of at most 256 MiB.
pub const CSV_FILE: TextFile = TextFile {
    what: "results CSV",
    max_bytes: 256 << 20,
    holds: "a results CSV holds one experiment's rows; this is not one the harness wrote",
};

/// An experiment's metadata (`meta/NAME.toml`) read back: at most 1 MiB.
pub const META_FILE: TextFile = TextFile {
    what: "experiment metadata",
    max_bytes: 1 << 20,
    holds: "experiment metadata holds a few lines of TOML",
};

/// `run.toml` read back: at most 1 MiB.
pub const RUN_FILE: TextFile =
    TextFile { what: "run.toml", max_bytes: 1 << 20, holds: "run.toml holds a few dozen lines of TOML" };

/// The marker of a results directory read back: at most 16 MiB.
pub const MARKER_FILE: TextFile = TextFile {
    what: "results directory marker",
    max_bytes: 16 << 20,
    holds: "the marker lists the report's generated files",
};
