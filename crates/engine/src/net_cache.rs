//! Values worked out from a network once and kept for it (its match
//! equity table, its fast kernel): found by the network's identity, its
//! allocation, and failing that by its content, so that the same weights
//! read again (a duel reads its weights file for each pair) find them too.
//! The cache holds a weak reference to each network it keeps a value for:
//! the allocation cannot be reused by another network while the entry
//! lives, so an address never hands one network another's value. Bounded:
//! the least recently used entry goes first.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, Weak};

use crate::network::Network;

/// A bounded cache of one value per network.
pub struct NetCache<V> {
    entries: Mutex<VecDeque<Entry<V>>>,
    capacity: usize,
}

struct Entry<V> {
    net: Weak<Network>,
    fingerprint: u64,
    value: V,
}

impl<V: Clone> NetCache<V> {
    /// An empty cache keeping at most `capacity` values.
    pub const fn new(capacity: usize) -> NetCache<V> {
        NetCache { entries: Mutex::new(VecDeque::new()), capacity }
    }

    /// The value kept for `net`, or `make`'s, then kept. `make` runs
    /// outside the lock (two threads may both make a value the first time;
    /// either is kept).
    pub fn get_or_make(&self, net: &Arc<Network>, make: impl FnOnce() -> V) -> V {
        let me = Arc::downgrade(net);
        if let Some(v) = self.take_where(|e| Weak::ptr_eq(&e.net, &me), None) {
            return v;
        }
        let fingerprint = net.fingerprint();
        let again = Entry { net: me.clone(), fingerprint, value: () };
        if let Some(v) = self.take_where(|e| e.fingerprint == fingerprint, Some(&again)) {
            return v;
        }
        let value = make();
        self.push(Entry { net: me, fingerprint, value: value.clone() });
        value
    }

    /// The value of the first entry `found` picks, moved to the back (most
    /// recently used); with `alias`, also kept under that network.
    fn take_where(&self, found: impl Fn(&Entry<V>) -> bool, alias: Option<&Entry<()>>) -> Option<V> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let i = entries.iter().position(found)?;
        let e = entries.remove(i)?;
        let value = e.value.clone();
        entries.push_back(e);
        drop(entries);
        if let Some(a) = alias {
            self.push(Entry { net: a.net.clone(), fingerprint: a.fingerprint, value: value.clone() });
        }
        Some(value)
    }

    fn push(&self, entry: Entry<V>) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.push_back(entry);
        while entries.len() > self.capacity.max(1) {
            entries.pop_front();
        }
    }

    /// How many values are kept.
    pub fn len(&self) -> usize {
        self.entries.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Is nothing kept?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::tavli::GameKind;

    #[test]
    fn a_network_finds_its_value_by_identity_and_the_same_weights_by_content() {
        let cache: NetCache<u32> = NetCache::new(4);
        let a = Arc::new(Network::random_for(GameKind::Portes, 8, 1));
        let mut made = 0;
        assert_eq!(cache.get_or_make(&a, || 7), 7);
        assert_eq!(cache.get_or_make(&a, || unreachable!("kept")), 7);
        // The same weights read again: found by content.
        let again = Arc::new((*a).clone());
        assert_eq!(cache.get_or_make(&again, || unreachable!("same weights")), 7);
        // Other weights get their own value, even at a reused address.
        drop(again);
        let b = Arc::new(Network::random_for(GameKind::Portes, 8, 2));
        assert_eq!(
            cache.get_or_make(&b, || {
                made += 1;
                9
            }),
            9
        );
        assert_eq!(made, 1);
    }

    #[test]
    fn the_cache_is_bounded_and_forgets_the_least_recently_used() {
        let cache: NetCache<u64> = NetCache::new(3);
        let nets: Vec<_> = (0..5).map(|s| Arc::new(Network::random_for(GameKind::Fevga, 4, s))).collect();
        for (i, n) in nets.iter().enumerate() {
            cache.get_or_make(n, || i as u64);
        }
        assert_eq!(cache.len(), 3);
        // The first two were dropped: made again.
        assert_eq!(cache.get_or_make(&nets[0], || 100), 100);
        assert_eq!(cache.get_or_make(&nets[4], || unreachable!("kept")), 4);
    }
}
