//! The SVG map of a view. Placeholder until the map issue lands: it states that it
//! draws nothing yet rather than pretending.

use crate::game::ViewFile;
use crate::rules::Rules;

pub fn svg<R: Rules>(_sc: &R::Scenario, v: &ViewFile<R::View>) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"40\"><text x=\"10\" y=\"25\">map of {} turn {}: not drawn yet</text></svg>\n",
        v.game, v.turn
    )
}
