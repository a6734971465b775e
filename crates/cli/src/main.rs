//! The `spieltisch` command.

fn main() {
    println!("spieltisch");
}
