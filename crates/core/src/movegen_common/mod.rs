//! What the three games' move generators share: the bit tricks on the
//! packed board (`bits`) and the closed counts of perft's last ply
//! (`count`).

pub(crate) mod bits;
pub(crate) mod count;
