//! Statistics of paired timing samples: two variants timed in the same rounds (the
//! sequential walk and a thread count; a baseline build and a candidate), compared round
//! by round so that a drift of the machine's speed, which falls on both samples of a
//! round alike, cancels out of each round's ratio.
//!
//! Two summaries, each with its 95 % interval:
//! - [`ratio_interval`]: the geometric mean of the rounds' ratios with the Student-t
//!   interval of their logarithms, defined from 2 rounds on (the tables' speed-ups, which
//!   have 3 rounds or more);
//! - [`signed_rank`]: the Hodges–Lehmann estimate of the log ratio, the exact Wilcoxon
//!   signed-rank test of "no change" and the interval that inverts it (distribution-free;
//!   a 95 % interval exists from 6 rounds on), which `harness ab` bases its verdicts on.
//!
//! Imports only the mean and sample variance of [`super`].

use statrs::distribution::{ContinuousCDF, Normal, StudentsT};

/// Most rounds for which the signed-rank distribution is counted exactly; more rounds
/// (or tied differences) use the normal approximation with tie correction.
pub const EXACT_SIGNED_RANK_MAX: usize = 60;

/// The logarithms of the rounds' ratios `b[i] / a[i]`, over the rounds where both are
/// positive and finite (a round missing a side is dropped, not paired with another).
pub fn log_ratios(a: &[f64], b: &[f64]) -> Vec<f64> {
    a.iter()
        .zip(b)
        .filter(|(x, y)| x.is_finite() && y.is_finite() && **x > 0.0 && **y > 0.0)
        .map(|(x, y)| (y / x).ln())
        .collect()
}

/// A ratio estimated from paired rounds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairedRatio {
    /// The estimate of `b / a`.
    pub ratio: f64,
    /// Its 95 % interval; `None` with fewer rounds than the method needs.
    pub interval: Option<(f64, f64)>,
    /// Rounds that paired a sample of each side.
    pub rounds: usize,
}

/// The geometric mean of the paired ratios `b[i] / a[i]` and the 95 % Student-t interval
/// of the mean of their logarithms, taken back to ratios; no interval from one round
/// (nothing to say how far it may be off), `None` without a round.
pub fn ratio_interval(a: &[f64], b: &[f64]) -> Option<PairedRatio> {
    let d = log_ratios(a, b);
    let n = d.len();
    if n == 0 {
        return None;
    }
    let mean = super::mean(&d);
    let interval = (n >= 2).then(|| {
        let var = super::sample_variance(&d);
        let t = StudentsT::new(0.0, 1.0, (n - 1) as f64).map_or(f64::NAN, |t| t.inverse_cdf(0.975));
        let half = t * (var / n as f64).sqrt();
        ((mean - half).exp(), (mean + half).exp())
    });
    Some(PairedRatio {
        ratio: mean.exp(),
        interval: interval.filter(|(l, h)| l.is_finite() && h.is_finite()),
        rounds: n,
    })
}

/// What the signed-rank analysis of paired differences says.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SignedRank {
    /// The Hodges–Lehmann estimate: the median of the Walsh averages `(d[i] + d[j]) / 2`, `i <= j`.
    pub estimate: f64,
    /// The interval that inverts the test (order statistics of the Walsh averages), 95 %
    /// unless asked otherwise ([`signed_rank_at`]); `None` when no interval reaches its
    /// level (fewer than 6 rounds for 95 %).
    pub interval: Option<(f64, f64)>,
    /// The two-sided p-value of "the differences are symmetric about zero"; 1 when
    /// every difference is zero.
    pub p: f64,
    /// Rounds analysed.
    pub rounds: usize,
}

/// The Wilcoxon signed-rank analysis of paired differences `d` (for timings, the log
/// ratios of [`log_ratios`]): exact p-value by counting every assignment of signs to the
/// ranks when no two nonzero |d| tie and there are at most [`EXACT_SIGNED_RANK_MAX`];
/// otherwise the normal approximation with tie correction. Zero differences are dropped
/// from the test (Wilcoxon's convention) but kept in the estimate. `None` without data
/// or with a NaN.
pub fn signed_rank(d: &[f64]) -> Option<SignedRank> {
    signed_rank_at(d, 0.05)
}

/// As [`signed_rank`], with a `1 − alpha` interval (`None` where even the extremes of
/// the Walsh averages do not reach it).
pub fn signed_rank_at(d: &[f64], alpha: f64) -> Option<SignedRank> {
    if d.is_empty() || d.iter().any(|x| !x.is_finite()) {
        return None;
    }
    let mut walsh = walsh_averages(d);
    let n = walsh.len();
    let mut kth = |k: usize| *walsh.select_nth_unstable_by(k, f64::total_cmp).1;
    let estimate = if n % 2 == 1 { kth(n / 2) } else { (kth(n / 2 - 1) + kth(n / 2)) / 2.0 };
    let interval = exact_interval_rank(d.len(), alpha).map(|k| (kth(k - 1), kth(n - k)));
    Some(SignedRank { estimate, interval, p: signed_rank_p(d), rounds: d.len() })
}

/// The two-sided p-value of the signed-rank test of `d` (see [`signed_rank`]).
pub fn signed_rank_p(d: &[f64]) -> f64 {
    let mut nonzero: Vec<f64> = d.iter().copied().filter(|x| *x != 0.0).collect();
    let n = nonzero.len();
    if n == 0 {
        return 1.0;
    }
    nonzero.sort_by(|a, b| a.abs().total_cmp(&b.abs()));
    let ranks = mid_ranks(&nonzero);
    let w_plus: f64 = nonzero.iter().zip(&ranks).filter(|(x, _)| **x > 0.0).map(|(_, r)| r).sum();
    let tied = nonzero.windows(2).any(|w| w[0].abs() == w[1].abs());
    let total = (n * (n + 1)) as f64 / 2.0;
    let w = w_plus.min(total - w_plus);
    if !tied && n <= EXACT_SIGNED_RANK_MAX {
        // w is a whole number here: ranks 1..=n without ties.
        return (2.0 * lower_tail(n, w.round() as usize)).min(1.0);
    }
    let tie_term: f64 = tie_groups(&nonzero).iter().map(|&t| (t * t * t - t) as f64).sum::<f64>() / 48.0;
    let var = (n * (n + 1) * (2 * n + 1)) as f64 / 24.0 - tie_term;
    if var <= 0.0 {
        return 1.0;
    }
    let z = (w - total / 2.0) / var.sqrt();
    let normal = Normal::new(0.0, 1.0).expect("the standard normal");
    (2.0 * normal.cdf(z)).min(1.0)
}

/// `P(W+ <= w)` for `n` untied nonzero differences symmetric about zero: the share of the
/// `2^n` sign assignments whose positive ranks sum to at most `w`, counted by the
/// recurrence over ranks (rank `r` positive or not). The table of each `n` up to
/// [`EXACT_SIGNED_RANK_MAX`] is counted once per process.
pub fn lower_tail(n: usize, w: usize) -> f64 {
    let table = cumulative_tail(n);
    table[w.min(table.len() - 1)]
}

/// `P(W+ <= w)` for every `w` from 0 to `n(n+1)/2`.
fn cumulative_tail(n: usize) -> std::borrow::Cow<'static, [f64]> {
    static TABLES: [std::sync::OnceLock<Vec<f64>>; EXACT_SIGNED_RANK_MAX + 1] =
        [const { std::sync::OnceLock::new() }; EXACT_SIGNED_RANK_MAX + 1];
    match TABLES.get(n) {
        Some(cell) => std::borrow::Cow::Borrowed(cell.get_or_init(|| count_tail(n)).as_slice()),
        None => std::borrow::Cow::Owned(count_tail(n)),
    }
}

fn count_tail(n: usize) -> Vec<f64> {
    let max = n * (n + 1) / 2;
    let mut counts = vec![0f64; max + 1];
    counts[0] = 1.0;
    for r in 1..=n {
        for s in (r..=max).rev() {
            counts[s] += counts[s - r];
        }
    }
    let total: f64 = counts.iter().sum();
    let mut sum = 0.0;
    counts
        .iter()
        .map(|c| {
            sum += c;
            sum / total
        })
        .collect()
}

/// The rank `k` (1-based) such that the `k`-th smallest and `k`-th largest of the `n(n+1)/2`
/// Walsh averages bound a two-sided `1 - alpha` interval: the largest `k` with
/// `P(W+ <= k - 1) <= alpha / 2`; `None` when even the extremes do not reach it.
pub fn exact_interval_rank(n: usize, alpha: f64) -> Option<usize> {
    if n == 0 || n > EXACT_SIGNED_RANK_MAX {
        return normal_interval_rank(n, alpha);
    }
    let table = cumulative_tail(n);
    let k = table.iter().take_while(|p| **p <= alpha / 2.0).count();
    (k >= 1).then_some(k)
}

/// The normal approximation of [`exact_interval_rank`] for many rounds.
fn normal_interval_rank(n: usize, alpha: f64) -> Option<usize> {
    if n == 0 {
        return None;
    }
    let z = Normal::new(0.0, 1.0).expect("the standard normal").inverse_cdf(1.0 - alpha / 2.0);
    let nf = n as f64;
    let k = nf * (nf + 1.0) / 4.0 - z * (nf * (nf + 1.0) * (2.0 * nf + 1.0) / 24.0).sqrt();
    (k >= 1.0).then(|| k.floor() as usize)
}

/// Every `(d[i] + d[j]) / 2` with `i <= j`.
fn walsh_averages(d: &[f64]) -> Vec<f64> {
    let mut w = Vec::with_capacity(d.len() * (d.len() + 1) / 2);
    for i in 0..d.len() {
        for j in i..d.len() {
            w.push((d[i] + d[j]) / 2.0);
        }
    }
    w
}

/// The ranks of `xs` sorted by absolute value, ties given the mean of their ranks.
fn mid_ranks(xs: &[f64]) -> Vec<f64> {
    let mut ranks = vec![0.0; xs.len()];
    let mut i = 0;
    while i < xs.len() {
        let mut j = i;
        while j + 1 < xs.len() && xs[j + 1].abs() == xs[i].abs() {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        ranks[i..=j].fill(rank);
        i = j + 1;
    }
    ranks
}

/// The sizes of the groups of equal |x| in `xs` sorted by absolute value.
fn tie_groups(xs: &[f64]) -> Vec<usize> {
    let mut groups = Vec::new();
    let mut i = 0;
    while i < xs.len() {
        let mut j = i;
        while j + 1 < xs.len() && xs[j + 1].abs() == xs[i].abs() {
            j += 1;
        }
        groups.push(j - i + 1);
        i = j + 1;
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-9, "{a} against {b}");
    }

    #[test]
    fn log_ratios_pair_rounds_and_drop_unmeasured_ones() {
        let d = log_ratios(&[1.0, 2.0, 0.0, 4.0], &[2.0, 1.0, 5.0, 4.0]);
        assert_eq!(d.len(), 3);
        close(d[0], 2f64.ln());
        close(d[1], 0.5f64.ln());
        close(d[2], 0.0);
    }

    /// Drift that scales both sides of a round alike leaves each round's ratio as it is:
    /// the paired ratio is exact where the ratio of medians is not.
    #[test]
    fn drift_cancels_out_of_paired_ratios() {
        let drift = [1.0, 1.3, 0.8, 1.1];
        let seq: Vec<f64> = drift.iter().map(|f| 2.0 * f).collect();
        let par: Vec<f64> = drift.iter().map(|f| 1.0 * f).collect();
        let r = ratio_interval(&par, &seq).expect("4 rounds");
        close(r.ratio, 2.0);
        let (lo, hi) = r.interval.expect("an interval");
        close(lo, 2.0);
        close(hi, 2.0);
        assert_eq!(r.rounds, 4);
    }

    /// By hand: log ratios ln 2 and ln 8 have mean ln 4, standard deviation (ln 8 − ln 2)/√2
    /// = ln 4/√2; the t quantile of 1 degree of freedom at 0.975 is 12.7062; the half
    /// width is 12.7062 · (ln 4/√2)/√2 = 12.7062 · ln 4 / 2.
    #[test]
    fn two_rounds_give_the_t_interval() {
        let r = ratio_interval(&[1.0, 1.0], &[2.0, 8.0]).expect("2 rounds");
        close(r.ratio, 4.0);
        let half = 12.706_204_736_174_7 * 4f64.ln() / 2.0;
        let (lo, hi) = r.interval.expect("an interval");
        assert!((lo.ln() - (4f64.ln() - half)).abs() < 1e-6 && (hi.ln() - (4f64.ln() + half)).abs() < 1e-6);
    }

    #[test]
    fn one_round_has_no_interval() {
        let r = ratio_interval(&[2.0], &[1.0]).expect("1 round");
        assert_eq!((r.ratio, r.interval, r.rounds), (0.5, None, 1));
        assert_eq!(ratio_interval(&[], &[]), None);
    }

    /// By hand: 4 untied differences have 16 sign assignments; W+ = 0 in one, W+ <= 1 in two,
    /// W+ <= 2 in three ({}, {1}, {2}).
    #[test]
    fn signed_rank_tail_by_hand() {
        close(lower_tail(4, 0), 1.0 / 16.0);
        close(lower_tail(4, 1), 2.0 / 16.0);
        close(lower_tail(4, 2), 3.0 / 16.0);
        close(lower_tail(4, 10), 1.0);
    }

    /// Five positive differences: W+ = 15, W- = 0; the two-sided exact p is 2/32.
    /// With one of them negative and smallest: W- = 1, p = 2 · 2/32.
    #[test]
    fn signed_rank_p_by_hand() {
        close(signed_rank_p(&[0.1, 0.2, 0.3, 0.4, 0.5]), 2.0 / 32.0);
        close(signed_rank_p(&[-0.1, 0.2, 0.3, 0.4, 0.5]), 4.0 / 32.0);
        close(signed_rank_p(&[0.0, 0.0]), 1.0);
    }

    /// The published critical values (two-sided 5 %): no interval below 6 rounds; with 6
    /// the extremes (k = 1, P(W+ <= 0) = 1/64 <= 0.025); with 10 rounds k = 9 (P(W+ <= 8)
    /// = 0.0244, P(W+ <= 9) = 0.0322).
    #[test]
    fn interval_ranks_match_the_tables() {
        assert_eq!(exact_interval_rank(5, 0.05), None);
        assert_eq!(exact_interval_rank(6, 0.05), Some(1));
        assert_eq!(exact_interval_rank(10, 0.05), Some(9));
        assert!((lower_tail(10, 8) - 0.0244).abs() < 1e-4 && (lower_tail(10, 9) - 0.0322).abs() < 1e-4);
    }

    /// Hodges–Lehmann by hand: differences 1, 2, 9 have Walsh averages 1, 1.5, 2, 5, 5.5, 9;
    /// their median is 3.5.
    #[test]
    fn hodges_lehmann_by_hand() {
        let s = signed_rank(&[1.0, 2.0, 9.0]).expect("three rounds");
        close(s.estimate, 3.5);
        assert_eq!((s.interval, s.rounds), (None, 3));
        let six = signed_rank(&[0.01, 0.02, 0.03, 0.04, 0.05, 0.06]).expect("six rounds");
        assert_eq!(six.interval, Some((0.01, 0.06)));
        close(six.p, 2.0 / 64.0);
    }

    #[test]
    fn ties_use_the_normal_approximation() {
        let p = signed_rank_p(&[0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1]);
        // W+ = 36 of 36 with all ranks 4.5: z = (0 − 18)/√(8·9·17/24 − (512 − 8)/48) = −18/√40.5.
        let z: f64 = -18.0 / 40.5f64.sqrt();
        let expected = 2.0 * Normal::new(0.0, 1.0).unwrap().cdf(z);
        close(p, expected);
    }
}
