//! Mail delivery of a turn's reports. Not implemented yet: it refuses honestly.

use crate::campaign::Layout;
use crate::error::Failure;

pub fn send_turn(_layout: &Layout, turn: u32, _dry_run: bool) -> Result<String, Failure> {
    Err(Failure::Mail(format!("turn {turn} was written, but mail delivery is not implemented yet; send the reports by hand")))
}
