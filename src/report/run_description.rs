//! The run as the page's header and the PDF's title page describe it, read from
//! `run.toml`: its labelled lines (version, revision, machine, seed, times, parts, the
//! machine's state) and its warnings.

/// The keys of `run.toml` shown in the page's header, with their labels, in this order.
pub const RUN_KEYS: [(&str, &str); 15] = [
    ("version", "version"),
    ("git_revision", "revision"),
    ("rustc", "compiler"),
    ("cpu", "CPU"),
    ("cores", "cores"),
    ("threads", "threads"),
    ("thread_counts", "thread counts"),
    ("seed", "seed"),
    ("started", "started"),
    ("finished", "finished"),
    ("state", "state"),
    ("manifest", "manifest"),
    ("course_files", "the course's instance files"),
    ("shards", "shards"),
    ("host", "host"),
];

/// The run's header lines from `run.toml`: the [`RUN_KEYS`] it has (empty lists left
/// out), labelled; a results directory without `run.toml` gets one line saying so.
pub fn run_lines(run: Option<&toml::Table>) -> Vec<(String, String)> {
    let Some(run) = run else { return vec![("run".to_string(), "no run.toml in the results directory".to_string())] };
    let mut lines: Vec<(String, String)> = RUN_KEYS
        .iter()
        .filter_map(|(key, label)| {
            let text = scalar(run.get(*key)?)?;
            (!text.is_empty()).then(|| (label.to_string(), text))
        })
        .collect();
    if let Some(parts) = crate::results::run_in_parts::parts_phrase_of(run) {
        let at = lines.iter().position(|(label, _)| label == "finished").map_or(lines.len(), |i| i + 1);
        lines.insert(at, ("parts".to_string(), format!("{parts} (run.toml lists each part)")));
    }
    if let Some(machine) = run.get("machine").and_then(toml::Value::as_table) {
        lines.extend(machine_lines(machine));
    }
    lines
}

/// The run's warnings as `run.toml` lists them (`warnings`; none in a run.toml written
/// before 2026-11-26).
pub fn run_warnings(run: Option<&toml::Table>) -> Vec<String> {
    let list = run.and_then(|r| r.get("warnings")).and_then(toml::Value::as_array);
    list.into_iter().flatten().filter_map(|w| w.as_str().map(String::from)).collect()
}

/// The header lines of the machine's state (`run.toml`'s `[machine]`): governor,
/// boost/turbo, caches, load before and after, the memory the process may use and the
/// run's memory limit, each where recorded.
fn machine_lines(machine: &toml::Table) -> Vec<(String, String)> {
    let text = |key: &str| machine.get(key).and_then(scalar).filter(|t| !t.is_empty());
    let number = |key: &str| machine.get(key).and_then(|v| v.as_float().or(v.as_integer().map(|i| i as f64)));
    let mut lines = Vec::new();
    if let Some(g) = text("governor") {
        lines.push(("CPU governor".to_string(), g));
    }
    if let Some(b) = machine.get("boost").and_then(toml::Value::as_bool) {
        lines.push(("boost/turbo".to_string(), if b { "on" } else { "off" }.to_string()));
    }
    if let Some(c) = text("caches") {
        lines.push(("caches".to_string(), c));
    }
    let load = |v: Option<f64>| v.map_or("unknown".to_string(), |v| format!("{v:.2}"));
    if number("load_before").is_some() || number("load_after").is_some() {
        let both = format!("{} before, {} after", load(number("load_before")), load(number("load_after")));
        lines.push(("load average".to_string(), both));
    }
    if let Some(bytes) = number("memory_bytes") {
        let source = match text("memory_source").as_deref() {
            Some("cgroup") => "the control group's limit",
            _ => "physical memory",
        };
        lines.push(("memory".to_string(), format!("{:.1} GiB ({source})", bytes / f64::from(1u32 << 30))));
    }
    if let Some(mb) = number("memory_limit_mb") {
        lines.push(("memory limit".to_string(), format!("{mb} MiB")));
    }
    lines
}

fn scalar(value: &toml::Value) -> Option<String> {
    match value {
        toml::Value::String(s) => Some(s.clone()),
        toml::Value::Table(_) => None,
        toml::Value::Array(a) if a.iter().all(|v| !v.is_table() && !v.is_array()) => {
            Some(a.iter().filter_map(scalar).collect::<Vec<_>>().join(", "))
        }
        toml::Value::Array(a) => Some(format!("{} entries", a.len())),
        v => Some(v.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_lines_label_known_keys() {
        let run: toml::Table =
            toml::from_str("seed = 7\nshards = []\nthread_counts = [1, 2]\nexperiments = [\"a\"]\ncpu = \"x\"\n")
                .unwrap();
        let lines = run_lines(Some(&run));
        let want: Vec<(String, String)> =
            [("CPU", "x"), ("thread counts", "1, 2"), ("seed", "7")].map(|(k, v)| (k.into(), v.into())).into();
        assert_eq!(lines, want);
        let with_machine: toml::Table = toml::from_str(
            "warnings = [\"x: 1 cell under 1 ms\"]\n[machine]\ngovernor = \"powersave\"\nboost = true\n\
             load_before = 1.5\nmemory_bytes = 2147483648\nmemory_source = \"cgroup\"\n",
        )
        .unwrap();
        let lines = run_lines(Some(&with_machine));
        let get = |k: &str| lines.iter().find(|l| l.0 == k).map(|l| l.1.as_str());
        assert_eq!(get("CPU governor"), Some("powersave"));
        assert_eq!(get("boost/turbo"), Some("on"));
        assert_eq!(get("load average"), Some("1.50 before, unknown after"));
        assert_eq!(get("memory"), Some("2.0 GiB (the control group's limit)"));
        assert_eq!(run_warnings(Some(&with_machine)), ["x: 1 cell under 1 ms"]);
        assert!(run_warnings(None).is_empty());
    }
}
