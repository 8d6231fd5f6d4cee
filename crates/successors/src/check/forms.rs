//! The Successors order forms as one `kit::forms` table: `check` dispatches through it,
//! and the JSON Schema and the template's list are made from it.

use dikast_core::kit::forms::{Field, Form, Forms, Shape};

/// One step of an army: a space (a land move), `assault`, `sortie`, `inside`, or
/// `{sea: Port}`.
pub fn step() -> Shape {
    Shape::Either(vec![
        Shape::Name,
        Shape::Record(vec![Field::required(
            "sea",
            Shape::Name,
            "a sea move to a port of the same sea",
        )]),
    ])
}

pub fn steps() -> Shape {
    Shape::list(step())
}

/// An independent army's order: `marker`, `stay`, or the spaces of its move.
pub fn independent() -> Shape {
    Shape::Either(vec![
        Shape::Word(&["marker", "stay"]),
        Shape::nonempty_list(Shape::Name),
    ])
}

const YES_NO: &[&str] = &["yes", "no", "true", "false"];

pub fn forms() -> Forms {
    Forms {
        forms: vec![surrender(), tyche(), nobody(), activation(), standing()],
    }
}

/// The Surrender segment's attempts (§4).
fn surrender() -> Form {
    Form {
        key: "surrender",
        shape: Shape::Record(vec![Field::required(
            "assault",
            Shape::one_or_list(Shape::Name),
            "the spaces your armies in the field there assault or subjugate",
        )]),
        rule: "§4",
        help: "the Surrender segment's assault/subjugation attempts, one per space",
    }
}

/// The Tyche card played this round, with its event's or OPs' orders (§1, §7, §8).
fn tyche() -> Form {
    Form {
        key: "tyche",
        shape: Shape::Record(vec![
            Field::required("play", Shape::Name, "a card of your hand"),
            Field::required(
                "for",
                Shape::Word(&["event", "ops", "both", "discard"]),
                "event / ops (Event cards), event / ops / both (Bonus), event / discard (Surprise)",
            ),
            Field::optional(
                "target",
                Shape::Name,
                "the space an event acts on: the assaulted space (Helepolis, Traitor in the City), or where your army gets an event's CUs",
            ),
            Field::optional(
                "independent",
                independent(),
                "the orders of the independent army the event activates",
            ),
            Field::optional(
                "markers",
                Shape::one_or_list(Shape::Name),
                "OPs: control markers within reach of yours",
            ),
            Field::optional(
                "train",
                Shape::one_or_list(Shape::Name),
                "OPs: a mercenary CU for each general named",
            ),
            Field::optional(
                "macedonians",
                Shape::one_or_list(Shape::Name),
                "OPs: a Loyal Macedonian CU for each general named",
            ),
            Field::optional(
                "fleet",
                Shape::Word(YES_NO),
                "OPs: a fleet upgrade (one more fleet)",
            ),
            Field::optional(
                "general",
                Shape::map(Shape::Name),
                "OPs: a new (reserve) general and the major city or fortress of yours he comes into (general: space)",
            ),
            Field::optional(
                "march",
                Shape::map(steps()),
                "OPs: force-march one army (general: steps), MPs = the OPs left",
            ),
        ]),
        rule: "§1, §7, §8",
        help: "the Tyche card you play this round",
    }
}

/// The orders of the armies activated by cards revealed for nobody (§7, §8).
fn nobody() -> Form {
    Form {
        key: "nobody",
        shape: Shape::map(independent()),
        rule: "§7, §8",
        help: "for the player with the fewest VP: orders of the armies the cards revealed for nobody activate (card: order)",
    }
}

/// The armies' activation, in the order they act (§1-§4).
fn activation() -> Form {
    Form {
        key: "activation",
        shape: Shape::map(steps()),
        rule: "§1-§4",
        help: "your armies in the order they act (general: steps)",
    }
}

/// The standing orders: reactions decided in advance (§2, §6, §7).
fn standing() -> Form {
    Form {
        key: "standing",
        shape: Shape::Record(vec![
            Field::optional(
                "avoid_battle",
                Shape::list(Shape::Name),
                "generals whose armies try to avoid battle when attacked",
            ),
            Field::optional(
                "intercept",
                Shape::list(Shape::Name),
                "generals whose armies intercept enemies moving by land next to them",
            ),
            Field::optional(
                "withdraw_inside",
                Shape::Word(YES_NO),
                "a small army attacked in its own walled city goes inside (default yes)",
            ),
            Field::optional(
                "sally",
                Shape::map(Shape::Int { min: 0 }),
                "CUs that sally from each besieged city (city: count)",
            ),
            Field::optional(
                "intercept_sea",
                Shape::Word(YES_NO),
                "intercept sea moves at ports you besiege (default yes)",
            ),
        ]),
        rule: "§2, §6, §7",
        help: "standing orders: reactions decided in advance (replace the old ones)",
    }
}
