//! The `dikast` binary: a thin shell over the library.
fn main() {
    std::process::exit(dikast::cli::main_with(std::env::args_os()));
}
