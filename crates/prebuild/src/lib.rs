//! What dikast's build scripts share: a sorted listing of a folder and the YAML data of a
//! game crate prebuilt as JSON with the SHA-256 of each YAML text (issue 14). One copy,
//! used by the root `build.rs` (orders examples) and by each game crate's `build.rs`.

use std::fs;
use std::path::{Path, PathBuf};

/// Every file under `dir`, sorted, depth first.
pub fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
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
pub fn rel(base: &Path, file: &Path) -> String {
    let parts: Vec<String> = file
        .strip_prefix(base)
        .expect("a file listed under its folder")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    parts.join("/")
}

/// Every `*.yaml` under the calling crate's `src/` as JSON in `OUT_DIR/prebuilt/`, and the
/// table `OUT_DIR/prebuilt.rs`: (`prefix/` + path under `src/`, SHA-256 of the YAML bytes,
/// the JSON text).
pub fn prebuild_crate(prefix: &str) {
    use sha2::Digest;
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    let src = root.join("src");
    println!("cargo:rerun-if-changed=src");
    let mut files = Vec::new();
    walk(&src, &mut files);
    files.retain(|f| f.extension().is_some_and(|e| e == "yaml"));
    let dir = out_dir.join("prebuilt");
    fs::create_dir_all(&dir).expect("OUT_DIR is writable");
    let mut table = String::from(
        "/// This crate's YAML data prebuilt (`build.rs`): (path as `games/<game>/…`, SHA-256 of\n/// its YAML bytes, the same value as JSON).\npub static PREBUILT: &[(&str, &str, &str)] = &[\n",
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
            format!("{prefix}/{}", rel(&src, f)),
            json.display().to_string()
        ));
    }
    table.push_str("];\n");
    fs::write(out_dir.join("prebuilt.rs"), table).expect("OUT_DIR is writable");
}
