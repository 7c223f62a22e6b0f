//! The wall clock as results record it: RFC 3339 times in UTC and the seconds between two.

/// Now in UTC, RFC 3339 with second resolution (`2026-11-25T03:46:00Z`).
pub fn utc_now() -> String {
    jiff::Timestamp::now()
        .round(jiff::Unit::Second)
        .map_or_else(|_| jiff::Timestamp::now().to_string(), |t| t.to_string())
}

/// Seconds from `started` to `finished` (RFC 3339), zero when either is missing or
/// unreadable.
pub fn seconds_between(started: &str, finished: Option<&str>) -> f64 {
    let parse = |t: &str| t.parse::<jiff::Timestamp>().ok();
    match (parse(started), finished.and_then(parse)) {
        (Some(a), Some(b)) => (b.as_millisecond() - a.as_millisecond()).max(0) as f64 / 1000.0,
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn now_is_rfc3339_utc_to_the_second() {
        let now = utc_now();
        assert_eq!(now.len(), 20, "{now}");
        assert!(now.ends_with('Z') && now.as_bytes()[10] == b'T', "{now}");
        assert!(now.as_str() > "2026-01-01");
    }
}
