//! Embeds `orders-examples/` in the binary (a listing of `include_bytes!`), so that
//! `dikast demo` runs from any folder; the folder stays the one source of the examples.
//! (Each game crate prebuilds its own YAML data: `crates/<game>/build.rs`.)

use std::fs;
use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let ex = root.join("orders-examples");
    println!("cargo:rerun-if-changed=orders-examples");
    let mut files = Vec::new();
    dikast_prebuild::walk(&ex, &mut files);
    let mut src = String::from("/// Every file of orders-examples/, by its path there (`/`-separated).\npub static EXAMPLES: &[(&str, &[u8])] = &[\n");
    for f in &files {
        src.push_str(&format!(
            "    ({:?}, include_bytes!({:?})),\n",
            dikast_prebuild::rel(&ex, f),
            f.display().to_string()
        ));
    }
    src.push_str("];\n");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    fs::write(out_dir.join("examples.rs"), src).expect("OUT_DIR is writable");
}
