//! What the three games' move generators share: the bit tricks on the
//! packed board (`bits`).

pub(crate) mod bits;
