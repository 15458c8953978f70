//! Games and matches (filled in below).
