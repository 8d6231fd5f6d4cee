//! Embeds `orders-examples/` in the binary (a listing of `include_bytes!`), so that
//! `dikast demo` runs from any folder; the folder stays the one source of the examples.

use std::fs;
use std::path::{Path, PathBuf};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let ex = root.join("orders-examples");
    println!("cargo:rerun-if-changed=orders-examples");
    let mut files = Vec::new();
    walk(&ex, &mut files);
    let mut src = String::from("/// Every file of orders-examples/, by its path there (`/`-separated).\npub static EXAMPLES: &[(&str, &[u8])] = &[\n");
    for f in &files {
        let rel = f.strip_prefix(&ex).expect("under the folder");
        let rel: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        src.push_str(&format!(
            "    ({:?}, include_bytes!({:?})),\n",
            rel.join("/"),
            f.display().to_string()
        ));
    }
    src.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("examples.rs");
    fs::write(out, src).expect("OUT_DIR is writable");
}
