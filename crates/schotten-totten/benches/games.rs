//! Benchmarks: random games per second and proof checks per second.

fn main() {}
