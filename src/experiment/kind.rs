//! A plug-in's experiment kinds as one table: each kind is one row holding its name (as
//! written in manifests and results metadata), the code that builds its experiment, and
//! what the report knows of it. The name is written once, so a misspelt kind cannot be
//! built by one part and described by another.

use super::spec::ExperimentSpec;
use super::Experiment;
use crate::base::error::InputError;
use crate::base::text::excerpt;

/// Builds the experiment of one manifest entry of a kind, validating its keys and loading
/// its files; nothing runs yet.
pub type Builder = fn(&ExperimentSpec) -> Result<Box<dyn Experiment>, InputError>;

/// One kind of a plug-in: its name, builder and report description `R` (the report layer's
/// type, which this layer does not know).
pub struct ExperimentKind<R: 'static> {
    /// The manifest's `kind = "..."`.
    pub name: &'static str,
    /// Builds its experiments.
    pub build: Builder,
    /// What the report knows of it.
    pub report: R,
}

/// The kind of `kinds` named `name`.
pub fn find<'k, R>(kinds: &'k [ExperimentKind<R>], name: &str) -> Option<&'k ExperimentKind<R>> {
    kinds.iter().find(|k| k.name == name)
}

/// Builds the experiment of `spec` through the row of `kinds` named by its `kind` key;
/// an unknown kind is refused on the manifest's `kind` line, listing the kinds there are.
pub fn build<R>(kinds: &[ExperimentKind<R>], spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    match find(kinds, &spec.heading.kind) {
        Some(kind) => (kind.build)(spec),
        None => {
            let names: Vec<String> = kinds.iter().map(|k| format!("`{}`", k.name)).collect();
            Err(spec.error(
                Some("kind"),
                format!(
                    "unknown kind `{}` for game {}, expected {}",
                    excerpt(&spec.heading.kind),
                    spec.heading.game,
                    names.join(", ")
                ),
            ))
        }
    }
}
