//! A run record kept in parts: each process's part started after the parts of the run it
//! resumes, ended, or settled as killed by the next part, and the record summed from its
//! parts.

use std::path::Path;

use super::clock::{seconds_between, utc_now};
use super::run_meta::RunMeta;
use super::run_part::RunPart;
use super::run_state::RunState;

impl RunMeta {
    /// Starts this process's part of the run: after the parts of `earlier` (the record
    /// of the run it resumes, or none for a fresh run), a part starting now.
    pub fn start_part(&mut self, earlier: Option<RunMeta>) {
        if let Some(earlier) = &earlier {
            self.shards = earlier.shards.clone();
        }
        let mut parts = earlier.map(RunMeta::into_parts).unwrap_or_default();
        parts.push(RunPart {
            started: self.started.clone(),
            finished: None,
            seconds: 0.0,
            state: RunState::Running,
            host: self.host.clone(),
            threads: self.threads,
            ran: Vec::new(),
            skipped: Vec::new(),
            timeouts: Vec::new(),
            busy: Vec::new(),
            memory_stops: Vec::new(),
            warnings: Vec::new(),
            unfinished: Vec::new(),
            merged_shards: None,
        });
        self.parts = parts;
        self.part_clock = Some(std::time::Instant::now());
        self.summarise();
    }

    /// The parts of this record; a record written before parts were kept, or by a merge,
    /// is one part (a merge's seconds are its shards' together).
    fn into_parts(self) -> Vec<RunPart> {
        if !self.parts.is_empty() {
            return self.parts;
        }
        let merged_shards = (!self.shards.is_empty()).then_some(self.shards.len());
        let seconds = match merged_shards {
            Some(_) => self.seconds,
            None => seconds_between(&self.started, self.finished.as_deref()),
        };
        vec![RunPart {
            started: self.started,
            finished: self.finished,
            seconds,
            state: self.state,
            host: self.host,
            threads: self.threads,
            ran: self.ran,
            skipped: self.skipped,
            timeouts: self.timeouts,
            busy: self.busy,
            memory_stops: self.memory_stops,
            warnings: self.warnings,
            unfinished: Vec::new(),
            merged_shards,
        }]
    }

    /// Lists in the current part's `unfinished` the experiments it began in `out` and did
    /// not finish, with the items their journals hold.
    pub fn note_unfinished(&mut self, out: &Path) {
        if let Some(part) = self.parts.last_mut() {
            part.unfinished = unfinished_work(out, part);
        }
    }

    /// Settles the parts of a record read back by the next run that found them still
    /// `running` (a run holds the directory's lock, so an earlier part still `running`
    /// ended without a word): each is marked [`RunState::Killed`], its end set to the
    /// last time it wrote a result in `out` (`run.toml`, which a run rewrites after each
    /// experiment, a journal, an experiment's metadata), its seconds up to then, and the
    /// experiments it had begun listed in `unfinished` with the items their journals hold.
    pub fn settle_killed(&mut self, out: &Path) {
        let last_write = last_write(out);
        for part in self.parts.iter_mut().filter(|p| p.state == RunState::Running) {
            let started = part.started.parse::<jiff::Timestamp>().ok();
            let end = match (started, last_write) {
                (Some(s), Some(w)) if w > s => w,
                _ => started.unwrap_or_else(jiff::Timestamp::now),
            };
            let end = end.round(jiff::Unit::Second).unwrap_or(end);
            part.finished = Some(end.to_string());
            part.seconds = seconds_between(&part.started, part.finished.as_deref());
            part.state = RunState::Killed;
            part.unfinished = unfinished_work(out, part);
        }
        if self.state == RunState::Running {
            self.state = RunState::Killed;
        }
        self.part_clock = None;
        self.summarise();
    }

    /// The current part (the last), when parts are kept.
    pub fn part(&mut self) -> Option<&mut RunPart> {
        self.parts.last_mut()
    }

    /// Ends the current part now in `state`, and the record with it ([`RunMeta::summarise`]).
    pub fn end_part(&mut self, state: RunState) {
        let now = utc_now();
        let seconds = self.part_clock.map(|c| c.elapsed().as_secs_f64());
        self.state = state;
        self.finished = Some(now.clone());
        if let Some(part) = self.parts.last_mut() {
            part.state = state;
            part.seconds = seconds.unwrap_or_else(|| seconds_between(&part.started, Some(&now)));
            part.finished = Some(now);
        }
        self.summarise();
    }

    /// Sets the record's fields from its parts: the first start, the last end, the
    /// seconds together; the experiments any part selected (a resume with another
    /// `--only` adds its own) and those any part ran (the others are skipped);
    /// the timeouts, busy items and memory stops of each experiment from the last part
    /// that ran it; every part's warnings once. Nothing when no parts are kept.
    pub fn summarise(&mut self) {
        let Some(last) = self.parts.last() else { return };
        if let Some(clock) = self.part_clock.filter(|_| last.finished.is_none()) {
            let running = clock.elapsed().as_secs_f64();
            self.seconds = self.parts[..self.parts.len() - 1].iter().map(|p| p.seconds).sum::<f64>() + running;
        } else {
            self.seconds = self.parts.iter().map(|p| p.seconds).sum();
        }
        self.started = self.parts[0].started.clone();
        self.finished = last.finished.clone();
        let mut ran: Vec<String> = Vec::new();
        let (mut timeouts, mut busy, mut memory) = (Vec::new(), Vec::new(), Vec::new());
        let mut warnings: Vec<String> = Vec::new();
        for part in &self.parts {
            for name in &part.ran {
                if !ran.contains(name) {
                    ran.push(name.clone());
                }
                for (all, of_part) in
                    [(&mut timeouts, &part.timeouts), (&mut busy, &part.busy), (&mut memory, &part.memory_stops)]
                {
                    all.retain(|item: &String| !is_item_of(item, name));
                    all.extend(of_part.iter().filter(|item| is_item_of(item, name)).cloned());
                }
            }
            for w in &part.warnings {
                if !warnings.contains(w) {
                    warnings.push(w.clone());
                }
            }
        }
        self.experiments = self.selected_by_any_part();
        self.skipped = self.experiments.iter().filter(|e| !ran.contains(e)).cloned().collect();
        (self.ran, self.timeouts, self.busy, self.memory_stops, self.warnings) =
            (ran, timeouts, busy, memory, warnings);
    }

    /// Every experiment this part or an earlier one selected (ran or found done), in the
    /// manifest's order; those the manifest no longer lists after them.
    fn selected_by_any_part(&self) -> Vec<String> {
        let mut selected: Vec<String> = Vec::new();
        let parts = self.parts.iter().flat_map(|p| p.ran.iter().chain(&p.skipped));
        for name in self.experiments.iter().chain(parts) {
            if !selected.contains(name) {
                selected.push(name.clone());
            }
        }
        let place = |name: &String| self.manifest_experiments.iter().position(|m| m == name).unwrap_or(usize::MAX);
        selected.sort_by_key(place);
        selected
    }
}

/// How the report describes a run of `parts` parts that ran `seconds` in all: `run in N
/// parts, S s of running`; `None` for a run in one part.
pub fn parts_phrase(parts: usize, seconds: f64) -> Option<String> {
    (parts > 1).then(|| format!("run in {parts} parts, {seconds:.0} s of running"))
}

/// [`parts_phrase`] of a run's record (its `parts` and `seconds`).
pub fn parts_phrase_of(run: &RunMeta) -> Option<String> {
    parts_phrase(run.parts.len(), run.seconds)
}

/// Whether `item` (`NAME ITEM…`, as the run lists timeouts and busy items) is one of
/// experiment `name`'s.
fn is_item_of(item: &str, name: &str) -> bool {
    item.strip_prefix(name).is_some_and(|rest| rest.starts_with(' '))
}

/// The last time anything of a run was written in `out`: `run.toml`, a journal or an
/// experiment's metadata (`None` when none can be read).
fn last_write(out: &Path) -> Option<jiff::Timestamp> {
    let listed = |sub: &str| std::fs::read_dir(out.join(sub)).into_iter().flatten().flatten().map(|e| e.path());
    let files = std::iter::once(out.join("run.toml")).chain(listed(".journal")).chain(listed("meta"));
    files
        .filter_map(|p| std::fs::symlink_metadata(p).ok()?.modified().ok())
        .filter_map(|t| jiff::Timestamp::try_from(t).ok())
        .max()
}

/// The experiments `part` began and did not finish: those whose journal in `out` was
/// written since the part started and that the part does not list as ran, each as
/// `NAME: K of N items` (the items the journal holds of those the run owns).
fn unfinished_work(out: &Path, part: &RunPart) -> Vec<String> {
    // The start is written to the second: a journal of its first half second counts.
    let Ok(started) = part.started.parse::<jiff::Timestamp>() else { return Vec::new() };
    let started = started - jiff::SignedDuration::from_secs(1);
    let mut found = Vec::new();
    for entry in std::fs::read_dir(out.join(".journal")).into_iter().flatten().flatten() {
        let path = entry.path();
        let Some(name) =
            path.file_stem().and_then(|s| s.to_str()).filter(|_| path.extension().is_some_and(|x| x == "jsonl"))
        else {
            continue;
        };
        let written =
            entry.metadata().ok().and_then(|m| m.modified().ok()).and_then(|t| jiff::Timestamp::try_from(t).ok());
        if part.ran.iter().any(|r| r == name) || written.is_none_or(|w| w < started) {
            continue;
        }
        if let Ok(Some(journal)) = super::journal::read(&path) {
            let owned = journal.header.owned.len();
            found.push(format!("{name}: {} of {owned} items", journal.entries.len()));
        }
    }
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resume_with_another_selection_keeps_every_parts_experiments() {
        let mut meta = RunMeta::new((vec![1], 1, "h".into()), 1, Path::new("m.toml"), None);
        meta.manifest_experiments = ["tegel_best", "stenen_table", "nim_formula"].map(String::from).to_vec();
        meta.start_part(None);
        meta.experiments = vec!["tegel_best".into()];
        meta.part().unwrap().ran.push("tegel_best".into());
        meta.end_part(RunState::Complete);
        let earlier = meta.clone();
        let mut resumed = RunMeta::new((vec![1], 1, "h".into()), 1, Path::new("m.toml"), None);
        resumed.manifest_experiments = earlier.manifest_experiments.clone();
        resumed.start_part(Some(earlier));
        resumed.experiments = vec!["nim_formula".into()];
        resumed.part().unwrap().ran.push("nim_formula".into());
        resumed.end_part(RunState::Complete);
        assert_eq!(
            resumed.experiments,
            ["tegel_best", "nim_formula"],
            "both parts' experiments, in the manifest's order"
        );
        assert_eq!(resumed.ran, ["tegel_best", "nim_formula"]);
        assert!(resumed.skipped.is_empty(), "{:?}", resumed.skipped);
    }
}
