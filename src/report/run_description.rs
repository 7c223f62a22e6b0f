//! The run as the page's header and the PDF's title page describe it, read from
//! `run.toml`: its labelled lines (version, revision, machine, seed, times, parts, the
//! machine's state) and its warnings.

use crate::base::machine::{MachineState, MemorySource};
use crate::results::run_meta::RunMeta;
use crate::results::run_record::RunRecord;

/// A field of the run's record as the header shows it (empty: left out).
type Field = fn(&RunMeta) -> String;

/// The fields of `run.toml` shown in the page's header, with their labels, in this order.
pub const RUN_FIELDS: [(&str, Field); 15] = [
    ("version", |m| m.version.clone()),
    ("revision", |m| m.git_revision.clone()),
    ("compiler", |m| m.rustc.clone()),
    ("CPU", |m| m.cpu.clone()),
    ("cores", |m| m.cores.to_string()),
    ("threads", |m| m.threads.to_string()),
    ("thread counts", |m| listed(&m.thread_counts)),
    ("seed", |m| m.seed.to_string()),
    ("started", |m| m.started.clone()),
    ("finished", |m| m.finished.clone().unwrap_or_default()),
    ("state", |m| m.state.to_string()),
    ("manifest", |m| m.manifest.clone()),
    ("the course's instance files", |m| listed(&m.course_files)),
    ("shards", |m| if m.shards.is_empty() { String::new() } else { format!("{} entries", m.shards.len()) }),
    ("host", |m| m.host.clone()),
];

/// The run's header lines from `run.toml`: the [`RUN_FIELDS`] it has (empty lists left
/// out), labelled; a results directory without `run.toml` gets one line saying so.
pub fn run_lines(run: Option<&RunRecord>) -> Vec<(String, String)> {
    let Some(run) = run else { return vec![("run".to_string(), "no run.toml in the results directory".to_string())] };
    let mut lines: Vec<(String, String)> = RUN_FIELDS
        .iter()
        .filter_map(|(label, field)| {
            let text = field(&run.meta);
            (!text.is_empty()).then(|| (label.to_string(), text))
        })
        .collect();
    if let Some(parts) = crate::results::run_in_parts::parts_phrase_of(&run.meta) {
        let at = lines.iter().position(|(label, _)| label == "finished").map_or(lines.len(), |i| i + 1);
        lines.insert(at, ("parts".to_string(), format!("{parts} (run.toml lists each part)")));
    }
    lines.extend(machine_lines(&run.meta.machine));
    lines
}

/// The run's warnings as `run.toml` lists them (`warnings`; none in a run.toml written
/// before 2026-11-26).
pub fn run_warnings(run: Option<&RunRecord>) -> Vec<String> {
    run.map(|r| r.meta.warnings.clone()).unwrap_or_default()
}

/// The header lines of the machine's state (`run.toml`'s `[machine]`): governor,
/// boost/turbo, caches, load before and after, the memory the process may use and the
/// run's memory limit, each where recorded.
fn machine_lines(machine: &MachineState) -> Vec<(String, String)> {
    let mut lines = Vec::new();
    if let Some(g) = machine.governor.clone().filter(|g| !g.is_empty()) {
        lines.push(("CPU governor".to_string(), g));
    }
    if let Some(b) = machine.boost {
        lines.push(("boost/turbo".to_string(), if b { "on" } else { "off" }.to_string()));
    }
    if let Some(c) = Some(listed(&machine.caches)).filter(|c| !c.is_empty()) {
        lines.push(("caches".to_string(), c));
    }
    let load = |v: Option<f64>| v.map_or("unknown".to_string(), |v| format!("{v:.2}"));
    if machine.load_before.is_some() || machine.load_after.is_some() {
        let both = format!("{} before, {} after", load(machine.load_before), load(machine.load_after));
        lines.push(("load average".to_string(), both));
    }
    if let Some(bytes) = machine.memory_bytes {
        let source = match machine.memory_source {
            Some(MemorySource::Cgroup) => "the control group's limit",
            _ => "physical memory",
        };
        lines.push(("memory".to_string(), format!("{:.1} GiB ({source})", bytes as f64 / f64::from(1u32 << 30))));
    }
    if let Some(limit) = machine.memory_limit_mb {
        lines.push(("memory limit".to_string(), limit.to_string()));
    }
    lines
}

/// A list's entries joined with `, `.
fn listed<T: ToString>(list: &[T]) -> String {
    list.iter().map(T::to_string).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_lines_label_known_keys() {
        let record = |text: &str| RunRecord::from_text(std::path::Path::new("run.toml"), text).unwrap();
        let run = record(
            "version = \"\"\ngit_revision = \"\"\nrustc = \"\"\ncpu = \"x\"\ncores = 2\nthreads = 1\n\
             thread_counts = [1, 2]\nseed = 7\nstarted = \"\"\nstate = \"complete\"\nmanifest = \"\"\n\
             manifest_hash = \"\"\nran = []\nskipped = []\nshards = []\nexperiments = [\"a\"]\n",
        );
        let lines = run_lines(Some(&run));
        let want: Vec<(String, String)> = [
            ("CPU", "x"),
            ("cores", "2"),
            ("threads", "1"),
            ("thread counts", "1, 2"),
            ("seed", "7"),
            ("state", "complete"),
        ]
        .map(|(k, v)| (k.into(), v.into()))
        .into();
        assert_eq!(lines, want);
        let mut with_machine = run.clone();
        with_machine.meta.warnings = vec!["x: 1 cell under 1 ms".into()];
        with_machine.meta.machine = toml::from_str(
            "governor = \"powersave\"\nboost = true\nload_before = 1.5\nmemory_bytes = 2147483648\n\
             memory_source = \"cgroup\"\nmemory_limit_mb = 512\n",
        )
        .unwrap();
        let lines = run_lines(Some(&with_machine));
        let get = |k: &str| lines.iter().find(|l| l.0 == k).map(|l| l.1.as_str());
        assert_eq!(get("CPU governor"), Some("powersave"));
        assert_eq!(get("boost/turbo"), Some("on"));
        assert_eq!(get("load average"), Some("1.50 before, unknown after"));
        assert_eq!(get("memory"), Some("2.0 GiB (the control group's limit)"));
        assert_eq!(get("memory limit"), Some("512 MiB"));
        assert_eq!(run_warnings(Some(&with_machine)), ["x: 1 cell under 1 ms"]);
        assert!(run_warnings(None).is_empty());
    }
}
