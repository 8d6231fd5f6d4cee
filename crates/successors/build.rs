//! Prebuilds this game's embedded YAML as JSON (`dikast_prebuild`, issue 14).

fn main() {
    dikast_prebuild::prebuild_crate("games/successors");
}
