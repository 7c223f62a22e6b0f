//! The lists of a run's record that name experiments or their rows (`NAME`, `NAME ROW`
//! or `NAME: warning`), at the top and in each part, and keeping some of their entries.

use super::run_meta::RunMeta;
use super::run_part::RunPart;

impl RunMeta {
    /// The record's lists of experiments, items and warnings.
    pub fn experiment_lists(&mut self) -> [&mut Vec<String>; 8] {
        [
            &mut self.experiments,
            &mut self.ran,
            &mut self.skipped,
            &mut self.manifest_experiments,
            &mut self.timeouts,
            &mut self.busy,
            &mut self.memory_stops,
            &mut self.warnings,
        ]
    }

    /// Keeps in every list of experiments, items and warnings, at the top and in each
    /// part, the entries `keep` accepts, and the parts that still ran an experiment.
    pub fn retain_entries(&mut self, keep: impl Fn(&str) -> bool) {
        for list in self.experiment_lists() {
            list.retain(|e| keep(e));
        }
        for part in &mut self.parts {
            for list in part.experiment_lists() {
                list.retain(|e| keep(e));
            }
        }
        self.parts.retain(|p| !p.ran.is_empty());
    }
}

impl RunPart {
    /// The part's lists of experiments, items and warnings.
    pub fn experiment_lists(&mut self) -> [&mut Vec<String>; 6] {
        [
            &mut self.ran,
            &mut self.skipped,
            &mut self.timeouts,
            &mut self.busy,
            &mut self.memory_stops,
            &mut self.warnings,
        ]
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::results::run_state::RunState;

    #[test]
    fn entries_kept_at_the_top_and_in_each_part_and_empty_parts_dropped() {
        let mut meta = RunMeta::new((vec![1], 1, "h".into()), 1, Path::new("m.toml"), None);
        meta.start_part(None);
        meta.part().unwrap().ran = vec!["a".into()];
        meta.part().unwrap().warnings = vec!["a: w".into(), "b: w".into()];
        meta.end_part(RunState::Interrupted);
        let earlier = meta.clone();
        meta.start_part(Some(earlier));
        meta.part().unwrap().ran = vec!["b".into()];
        meta.end_part(RunState::Complete);
        meta.retain_entries(|e| e.starts_with('a'));
        assert_eq!(meta.ran, ["a"]);
        assert_eq!(meta.warnings, ["a: w"]);
        assert_eq!(meta.parts.len(), 1, "the part that ran only b is left out");
        assert_eq!(meta.parts[0].warnings, ["a: w"]);
    }
}
