use super::*;

#[test]
fn values_pack_round_trip_or_refuse() {
    for pair in [[0, 0], [1, 0], [0, 1], [74_545_030_871_553, 20_578_879_202_335], [u64::MAX >> 1, 1 << 40]] {
        assert_eq!(unpack(pack(pair).unwrap()), pair, "{pair:?}");
    }
    assert!(pack([u64::MAX, 1]).is_none());
    assert!(pack([1 << 60, 1 << 50]).is_none());
    let mut v = [0u64; 8];
    let xs: [u128; WAYS] = std::array::from_fn(|i| ((1u128 << VALUE_BITS) - 1) / (3 + i as u128));
    for (i, &x) in xs.iter().enumerate() {
        set_value(&mut v, i, x);
    }
    for (i, &x) in xs.iter().enumerate() {
        assert_eq!(value_at(&v, i), x, "value {i}");
    }
    set_value(&mut v, 1, 5);
    assert_eq!([value_at(&v, 0), value_at(&v, 1), value_at(&v, 2), value_at(&v, 3)], [xs[0], 5, xs[2], xs[3]]);
    assert_eq!(v[7], 0);
}

#[test]
fn stores_and_finds_exact_keys_only() {
    let t = PairTable::with_bytes(1 << 16).unwrap();
    t.store(7, [70, 1]);
    assert_eq!(t.get(7), Some([70, 1]));
    assert_eq!(t.get(8), None);
    assert_eq!(t.get(7 | 1 << 100), None);
    t.store(7, [71, 1]);
    assert_eq!(t.get(7), Some([71, 1]));
    assert_eq!(t.occupied(), 1);
}

#[test]
fn a_full_bucket_keeps_its_most_expensive_entries_and_the_newest_other() {
    let t = PairTable::with_bytes(1).unwrap();
    assert_eq!(t.capacity(), WAYS as u64);
    for k in 1..=WAYS as u64 {
        t.store(k.into(), [k * 10, 100 + k]);
    }
    t.store(99, [990, 5]);
    assert_eq!(t.get(99), Some([990, 5]), "cheaper than the kept entries: in the recent slot");
    assert_eq!(t.get(WAYS as u128), None, "the recent slot's former entry made room");
    t.store(50, [500, 1000]);
    assert_eq!(t.get(50), Some([500, 1000]));
    assert_eq!(t.get(1), Some([10, 101]), "the cheapest kept entry moved to the recent slot");
    assert_eq!(t.get(99), None, "and took its place");
    for k in 2..WAYS as u64 {
        assert_eq!(t.get(k.into()), Some([k * 10, 100 + k]));
    }
}

#[test]
fn concurrent_stores_keep_every_value_exact() {
    let t = PairTable::with_bytes(1 << 10).unwrap();
    std::thread::scope(|s| {
        for th in 0..4u64 {
            let t = &t;
            s.spawn(move || {
                for k in 1..20_000u64 {
                    let key = u128::from(k) << 64 | u128::from(k * 31);
                    t.store(key, [k * 3, k % 7 + th]);
                    if let Some([v, _]) = t.get(key) {
                        assert_eq!(v, k * 3);
                    }
                }
            });
        }
    });
    assert!(t.occupied() <= t.capacity());
}

#[test]
fn a_table_made_after_a_dropped_one_starts_empty() {
    for round in 0..3u64 {
        let t = PairTable::with_bytes(256 << 20).unwrap();
        assert_eq!(t.occupied(), 0, "round {round}");
        let n = 4 * t.buckets_in_use() as u64;
        assert!((1..=n).all(|k| t.get(u128::from(k) << 64 | u128::from(round + 1)).is_none()));
        for k in 1..=n {
            t.store(u128::from(k) << 64 | u128::from(round + 1), [k, round]);
        }
        assert!(t.buckets_in_use() > FIRST_BYTES / BUCKET_BYTES, "it grew");
    }
}

#[test]
fn stores_made_while_a_doubling_moves_buckets_are_found_after_it() {
    let t = PairTable::with_bytes(256 << 20).unwrap();
    let active = t.buckets_in_use();
    let doubled = 2 * active;
    let key = |k: u64| u128::from(k) << 64 | u128::from(k.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let before: Vec<u64> = (1..=4096).collect();
    for &k in &before {
        t.store(key(k), [k, 1]);
    }
    // A doubling half done, as another thread sees it: the first half of the old
    // buckets moved and published.
    t.region.zeroed(doubled * BUCKET_BYTES);
    let half = active / 2;
    for j in 0..half {
        t.move_bucket(active, doubled, j);
    }
    t.layout.store(Layout::pack(active, half), Ordering::Release);
    let during: Vec<u64> = (1_000_000_000..1_000_004_096).collect();
    for &k in &during {
        t.store(key(k), [k, 2]);
    }
    let moved_to_new = during.iter().filter(|&&k| linear_index(&key(k), active) < half).count();
    assert!(moved_to_new > during.len() / 8, "the test stores into moved buckets: {moved_to_new}");
    for j in half..active {
        t.move_bucket(active, doubled, j);
    }
    t.layout.store(Layout::pack(doubled, 0), Ordering::Release);
    for (&k, w) in before.iter().map(|k| (k, 1)).chain(during.iter().map(|k| (k, 2))) {
        assert_eq!(t.get(key(k)), Some([k, w]), "key {k}");
    }
}

#[test]
fn threads_sharing_a_doubling_move_every_chunk_and_publish_the_whole_prefix() {
    let t = PairTable::with_bytes(256 << 20).unwrap();
    let active = t.buckets_in_use();
    let doubled = 2 * active;
    let key = |k: u64| u128::from(k) << 64 | u128::from(k.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for k in 1..=20_000 {
        t.store(key(k), [k, 3]);
    }
    t.doubling.finished.store(0, Ordering::Relaxed);
    t.doubling.claim.store((active as u64) << 32, Ordering::Release);
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| t.help_double());
        }
    });
    let chunks = chunks(active, doubled);
    assert_eq!(t.doubling.finished.load(Ordering::Relaxed), chunks);
    assert!(t.doubling.moved[..chunks].iter().all(|f| f.load(Ordering::Relaxed)));
    assert_eq!(t.layout(), Layout { active, moved: doubled - active, doubled }, "the whole prefix is published");
    for k in 1..=20_000 {
        assert_eq!(t.get(key(k)), Some([k, 3]), "key {k}, addressed by the doubled count");
    }
}

#[test]
fn stores_on_four_threads_through_two_doublings_stay_exact() {
    let t = PairTable::with_bytes(256 << 20).unwrap();
    let per_thread = 1_500_000u64;
    std::thread::scope(|s| {
        for th in 0..4u64 {
            let t = &t;
            s.spawn(move || {
                for i in 1..=per_thread {
                    let k = th * per_thread + i;
                    let key = u128::from(k) << 64 | u128::from(k.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1);
                    t.store(key, [k * 5, k % 11]);
                    if let Some(v) = t.get(key) {
                        assert_eq!(v, [k * 5, k % 11]);
                    }
                }
            });
        }
    });
    assert_eq!(t.buckets_in_use() * BUCKET_BYTES, 256 << 20, "it doubled twice, to its bound");
    assert_eq!(t.layout().moved, 0, "no doubling left under way");
    let mut found = 0u64;
    for k in 1..=4 * per_thread {
        let key = u128::from(k) << 64 | u128::from(k.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1);
        if let Some(v) = t.get(key) {
            assert_eq!(v, [k * 5, k % 11]);
            found += 1;
        }
    }
    assert!(found > 2 * per_thread, "{found} of {} found", 4 * per_thread);
}

#[test]
fn a_layout_addresses_moved_buckets_by_the_doubled_count() {
    let l = Layout { active: 1024, moved: 300, doubled: 2048 };
    for k in 1..10_000u64 {
        let key = u128::from(k) << 64 | u128::from(k);
        let old = linear_index(&key, 1024);
        let expected = if old < 300 { linear_index(&key, 2048) } else { old };
        assert_eq!(l.index(key), expected);
        assert!(l.index(key) == old || l.index(key) == old + 1024);
    }
}

#[test]
fn the_buckets_in_use_double_up_to_the_bound_and_keys_stay_exact() {
    let t = PairTable::with_bytes(256 << 20).unwrap();
    let start = t.buckets_in_use();
    assert_eq!(start * BUCKET_BYTES, FIRST_BYTES);
    assert_eq!(t.allocated_bytes(), FIRST_BYTES as u64);
    let n = 8 * start as u64;
    for k in 1..=n {
        t.store(k.into(), [k * 7, 1]);
    }
    assert!(t.buckets_in_use() >= 2 * start, "{} buckets in use", t.buckets_in_use());
    let found = (1..=n).filter(|&k| t.get(k.into()).inspect(|v| assert_eq!(v[0], k * 7)).is_some()).count();
    assert!(found as u64 > n / 2, "{found} of {n} found");
    for k in 1..=4 * n {
        t.store(u128::from(k) << 70, [k, k]);
    }
    assert_eq!(t.buckets_in_use() as u64, t.capacity() / WAYS as u64);
    assert!(t.occupied() <= t.capacity());
}
