//! Shards: a deterministic split of a manifest's items over N runs (`--shard I/N`).
//!
//! Every item of every selected experiment goes to exactly one shard. Items are taken in
//! decreasing cost estimate (ties in manifest order) and each goes to the shard with the
//! least cost so far (ties to the lowest shard): with no estimates (all 1.0) this is
//! round-robin. The split depends only on the manifest's items, never on the machine, so
//! every shard computes the same split.

use std::fmt;
use std::str::FromStr;

use crate::base::text::excerpt;

/// One shard of N: `index` in `0..count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This shard, from 0.
    pub index: usize,
    /// How many shards there are.
    pub count: usize,
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The most shards a manifest may be split into.
pub const MAX_SHARDS: usize = 100_000;

impl FromStr for Shard {
    type Err = String;

    /// Parses `I/N` with `0 <= I < N <= 100000`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("expected I/N with 0 <= I < N (e.g. 0/4), got `{}`", excerpt(s));
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || count > MAX_SHARDS {
            return Err(format!("the shard count must be from 1 to {MAX_SHARDS}, got `{}`", excerpt(s)));
        }
        if index >= count {
            return Err(format!("shard index {index} is out of range: shards of {count} are 0 to {}", count - 1));
        }
        Ok(Shard { index, count })
    }
}

/// The shard of every item: `costs[e][i]` is the estimate of item `i` of experiment `e`;
/// the result has the same shape.
pub fn assign(costs: &[Vec<f64>], shards: usize) -> Vec<Vec<usize>> {
    let mut order: Vec<(usize, usize, f64)> = costs
        .iter()
        .enumerate()
        .flat_map(|(e, items)| items.iter().enumerate().map(move |(i, &c)| (e, i, sane(c))))
        .collect();
    order.sort_by(|a, b| b.2.total_cmp(&a.2).then((a.0, a.1).cmp(&(b.0, b.1))));
    let mut load = vec![0.0f64; shards.max(1)];
    let mut out: Vec<Vec<usize>> = costs.iter().map(|items| vec![0; items.len()]).collect();
    for (e, i, c) in order {
        let least = (0..load.len()).min_by(|&a, &b| load[a].total_cmp(&load[b]).then(a.cmp(&b))).unwrap_or(0);
        load[least] += c;
        out[e][i] = least;
    }
    out
}

/// Costs are estimates: anything not finite and positive counts as 1.
fn sane(c: f64) -> f64 {
    if c.is_finite() && c > 0.0 {
        c
    } else {
        1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_refuses() {
        assert_eq!("1/3".parse::<Shard>(), Ok(Shard { index: 1, count: 3 }));
        for bad in ["3/3", "0/0", "x/2", "1", "-1/2", "1/-2", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn equal_costs_go_round_robin() {
        let a = assign(&[vec![1.0; 5], vec![1.0; 2]], 3);
        assert_eq!(a, vec![vec![0, 1, 2, 0, 1], vec![2, 0]]);
    }

    #[test]
    fn every_item_gets_one_shard_and_big_items_spread() {
        let costs = vec![vec![100.0, 1.0, 1.0, 90.0], vec![50.0, f64::NAN]];
        let a = assign(&costs, 2);
        assert_ne!(a[0][0], a[0][3], "the two biggest items go to different shards");
        for n in 1..5 {
            let a = assign(&costs, n);
            assert!(a.iter().flatten().all(|&s| s < n));
        }
    }
}
