//! Position counting for the exhaustive searches, with a [`Budget`] check every
//! [`TICK`] positions (never per node).

use crate::harness::{Budget, Stopped};

/// Positions between two budget checks.
pub const TICK: u64 = 1 << 16;

/// Counts the positions one search thread visits and checks its budget now and then.
#[derive(Debug)]
pub struct Ticker<'a> {
    budget: &'a Budget,
    pending: u64,
    reported: u64,
}

impl<'a> Ticker<'a> {
    /// A counter at zero reporting into `budget`.
    pub fn new(budget: &'a Budget) -> Self {
        Ticker { budget, pending: 0, reported: 0 }
    }

    /// Counts one position; `Err` once the budget says stop.
    #[inline(always)]
    pub fn visit(&mut self) -> Result<(), Stopped> {
        self.pending += 1;
        if self.pending >= TICK {
            self.flush()?;
        }
        Ok(())
    }

    /// Counts `n` positions at once; `Err` once the budget says stop.
    #[inline(always)]
    pub fn visit_many(&mut self, n: u64) -> Result<(), Stopped> {
        self.pending += n;
        if self.pending >= TICK {
            self.flush()?;
        }
        Ok(())
    }

    /// Reports the pending positions to the budget.
    pub fn flush(&mut self) -> Result<(), Stopped> {
        let n = std::mem::take(&mut self.pending);
        self.reported += n;
        self.budget.tick(n)
    }

    /// Positions counted so far.
    pub fn total(&self) -> u64 {
        self.reported + self.pending
    }
}
