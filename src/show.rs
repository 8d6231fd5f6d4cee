//! `dikast show` and `dikast template`: a game file or view for reading, and an orders
//! skeleton for a side. Both go through the side's view, so nothing hidden shows.

use crate::campaign::{self, Layout};
use crate::cli::Format;
use crate::error::Failure;
use crate::fsx;
use crate::game::{GameFile, Peek, ViewFile};
use crate::pipeline;
use crate::rules::Rules;
use std::path::Path;

/// The `$schema` line templates start with, so editors validate orders as they are typed.
pub const SCHEMA_LINE: &str =
    "# yaml-language-server: $schema=https://dikast.invalid/schema/orders.schema.json";

fn load_view<R: Rules>(
    file: &Path,
    bytes: &[u8],
    side: Option<&str>,
) -> Result<(R::Scenario, ViewFile<R::View>), Failure> {
    let name = file.display().to_string();
    let peek: Peek =
        serde_yaml::from_slice(bytes).map_err(|e| Failure::Refused(format!("{name}: {e}")))?;
    if peek.view_of.is_some() {
        let v: ViewFile<R::View> = pipeline::parse_file(&name, bytes, "view")?;
        if let Some(s) = side {
            if s != v.view_of {
                return Err(Failure::Refused(format!(
                    "{name} is {}'s view; it cannot show {s}'s",
                    v.view_of
                )));
            }
        }
        let sc = pipeline::load_scenario::<R>(&v.scenario, &name)?;
        return Ok((sc, v));
    }
    let g: GameFile<R::State> = pipeline::parse_file(&name, bytes, "game file")?;
    let sc = pipeline::load_scenario::<R>(&g.scenario, &name)?;
    let sides = R::sides(&sc);
    let side = match side {
        Some(s) if sides.iter().any(|x| x == s) => s.to_string(),
        Some(s) => {
            return Err(Failure::Refused(format!(
                "there is no side `{s}`; sides: {}",
                sides.join(", ")
            )))
        }
        None => {
            return Err(Failure::Refused(format!(
                "{name} is a game file (the moderator's): give --side to show one side's view"
            )))
        }
    };
    let v = pipeline::make_view::<R>(&sc, &g, bytes, &side);
    Ok((sc, v))
}

pub fn show<R: Rules>(
    file: &Path,
    bytes: &[u8],
    side: Option<&str>,
    format: Format,
) -> Result<String, Failure> {
    if format == Format::Json && side.is_none() {
        // The file as it is, in JSON (a game file stays the moderator's).
        let v: serde_yaml::Value = serde_yaml::from_slice(bytes)
            .map_err(|e| Failure::Refused(format!("{}: {e}", file.display())))?;
        return Ok(serde_json::to_string_pretty(&v).unwrap_or_default() + "\n");
    }
    let (sc, v) = load_view::<R>(file, bytes, side)?;
    Ok(match format {
        Format::Json => serde_json::to_string_pretty(&v).unwrap_or_default() + "\n",
        Format::Text | Format::Markdown => {
            format!(
                "# {} — turn {}: {}\n\nView of **{}**.\n\n{}",
                v.game,
                v.turn,
                v.step,
                R::side_name(&sc, &v.view_of),
                R::describe(&sc, &v.state, crate::lang::Lang::En)
            )
        }
        Format::Svg => crate::map::svg::<R>(&sc, &v),
    })
}

pub fn template<R: Rules>(layout: &Layout, side: &str) -> Result<String, Failure> {
    let t = campaign::pending_turn(layout)?;
    let path = layout.game(t);
    let bytes = fsx::read_limited(&path)?;
    let (sc, v) = load_view::<R>(&path, &bytes, Some(side))?;
    let mut out = format!(
        "{SCHEMA_LINE}\n# Orders of {} for turn {}: {}\n# Check them with: dikast check {side}.yaml --against view-{side}.yaml\ngame: {}\nturn: {}\nside: {side}\nbased_on: {}\nentropy: \"\"   # any text you like: it feeds the dice\n\n",
        R::side_name(&sc, side),
        v.turn,
        v.step,
        v.game,
        v.turn,
        v.based_on
    );
    out.push_str(&R::template(&sc, &v.state, side));
    Ok(out)
}
