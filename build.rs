//! Embeds `orders-examples/` in the binary (a listing of `include_bytes!`), so that
//! `dikast demo` runs from any folder; the folder stays the one source of the examples.
//! Prebuilds the YAML data embedded under `src/games/` (scenarios, word tables) as JSON
//! with the SHA-256 of each YAML text (`crate::prebuilt`): parsing 42 KB of YAML cost
//! each run more than a millisecond; the same value read from JSON costs a tenth of
//! that (issue 14). The YAML stays the one source; the JSON is made from it each build.

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

/// `file`'s path under `base`, `/`-joined whatever the platform's separator.
fn rel(base: &Path, file: &Path) -> String {
    let parts: Vec<String> = file
        .strip_prefix(base)
        .expect("a file listed under its folder")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    parts.join("/")
}

/// Every `*.yaml` under `src/games/` as JSON in `OUT_DIR/prebuilt/`, and the table
/// `prebuilt.rs`: (path under `src/`, SHA-256 of the YAML bytes, the JSON text).
fn prebuild(root: &Path, out_dir: &Path) {
    use sha2::Digest;
    let src = root.join("src");
    let games = src.join("games");
    println!("cargo:rerun-if-changed=src/games");
    let mut files = Vec::new();
    walk(&games, &mut files);
    files.retain(|f| f.extension().is_some_and(|e| e == "yaml"));
    let dir = out_dir.join("prebuilt");
    fs::create_dir_all(&dir).expect("OUT_DIR is writable");
    let mut table = String::from(
        "/// The YAML data under `src/games/` prebuilt (`build.rs`): (path under `src/`, SHA-256 of\n/// its YAML bytes, the same value as JSON).\npub static PREBUILT: &[(&str, &str, &str)] = &[\n",
    );
    for (i, f) in files.iter().enumerate() {
        let bytes = fs::read(f).expect("a file just listed is readable");
        let value: serde_json::Value = serde_yaml::from_slice(&bytes)
            .unwrap_or_else(|e| panic!("{}: not YAML that JSON can hold: {e}", f.display()));
        let json = dir.join(format!("{i}.json"));
        fs::write(
            &json,
            serde_json::to_string(&value).expect("a JSON value prints"),
        )
        .expect("OUT_DIR is writable");
        let sha: String = sha2::Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        table.push_str(&format!(
            "    ({:?}, {sha:?}, include_str!({:?})),\n",
            rel(&src, f),
            json.display().to_string()
        ));
    }
    table.push_str("];\n");
    fs::write(out_dir.join("prebuilt.rs"), table).expect("OUT_DIR is writable");
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let ex = root.join("orders-examples");
    println!("cargo:rerun-if-changed=orders-examples");
    let mut files = Vec::new();
    walk(&ex, &mut files);
    let mut src = String::from("/// Every file of orders-examples/, by its path there (`/`-separated).\npub static EXAMPLES: &[(&str, &[u8])] = &[\n");
    for f in &files {
        src.push_str(&format!(
            "    ({:?}, include_bytes!({:?})),\n",
            rel(&ex, f),
            f.display().to_string()
        ));
    }
    src.push_str("];\n");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    fs::write(out_dir.join("examples.rs"), src).expect("OUT_DIR is writable");
    prebuild(&root, &out_dir);
}
