//! The Hellenes order forms as one `kit::forms` table: the JSON Schema and the template's
//! list are made from it, and `check` agrees with it on every shape (the agreement test
//! in tests/schema.rs runs every example, case and bad-input orders file through both).
//! What a shape cannot know (a city on the map, a block of one's own, the step's rules)
//! stays in the checks.

use dikast_core::kit::forms::{Field, Form, Forms, Shape, Verb};

fn names() -> Shape {
    Shape::one_or_list(Shape::Name)
}

/// A name or a list of names that may be empty (an empty list clears a standing order).
fn names_or_none() -> Shape {
    Shape::Either(vec![Shape::Name, Shape::list(Shape::Name)])
}

fn path() -> Shape {
    Shape::one_or_list(Shape::Name)
}

fn combat() -> Shape {
    Shape::list(Shape::Verbs(vec![
        Verb {
            name: "assault",
            shape: Shape::Name,
            fields: vec![],
            help: "8.1: assault a city you besiege",
        },
        Verb {
            name: "attrition",
            shape: Shape::Name,
            fields: vec![],
            help: "8.2: siege attrition against a city you besiege or blockade",
        },
        Verb {
            name: "sortie",
            shape: Shape::Record(vec![
                Field::required("from", Shape::Name, "the besieged city"),
                Field::required("blocks", names(), "the blocks that sortie"),
            ]),
            fields: vec![],
            help: "8.3: besieged blocks attack their besiegers",
        },
    ]))
}

fn appeals() -> Shape {
    let at_least = || Shape::Int { min: 0 };
    Shape::list(Shape::Record(vec![
        Field::required("olympian", Shape::Name, "the Olympian appealed to"),
        Field::optional("on", Shape::Text, "a dice label; `*` stands for any text"),
        Field::optional(
            "as",
            Shape::Word(&["attacker", "defender"]),
            "only in battles where you attack, or defend",
        ),
        Field::optional(
            "when",
            Shape::Record(vec![
                Field::optional("my_hits_at_most", at_least(), ""),
                Field::optional("my_routs_at_most", at_least(), ""),
                Field::optional("enemy_hits_at_least", at_least(), ""),
                Field::optional("enemy_routs_at_least", at_least(), ""),
                Field::optional("hand_value_at_most", at_least(), ""),
                Field::optional("drawn", names(), ""),
            ]),
            "the condition under which the appeal is made",
        ),
    ]))
}

/// A card played (1.0): the card, what for, the Event's target, and `extra` fields.
fn card_play(extra: Vec<Field>) -> Shape {
    let mut f = vec![
        Field::required("card", Shape::Name, "a card id or name from your hand"),
        Field::optional(
            "for",
            Shape::Word(&["action", "event"]),
            "its Action value or its Event",
        ),
        Field::optional(
            "target",
            Shape::Name,
            "1.0: what the Event is played on (a place or an Olympian), when the card asks for one",
        ),
    ];
    f.extend(extra);
    Shape::Record(f)
}

/// The actions of a player turn: move, sail, build, pillage.
fn actions() -> Shape {
    Shape::list(Shape::Verbs(vec![
        Verb {
            name: "move",
            shape: names(),
            fields: vec![Field::required(
                "path",
                path(),
                "the start (optional), then each place entered",
            )],
            help: "2.0: land blocks standing together",
        },
        Verb {
            name: "sail",
            shape: names(),
            fields: vec![
                Field::required(
                    "path",
                    path(),
                    "the start (optional), then each sea entered",
                ),
                Field::optional("carry", names(), "5.21: land blocks carried"),
                Field::optional(
                    "into",
                    Shape::Word(&["walls", "field"]),
                    "7.4: at your own besieged port, join the besieged (walls, the default) or land and attack (field)",
                ),
            ],
            help: "2.0, 5.21: fleets standing together",
        },
        Verb {
            name: "build",
            shape: Shape::Either(vec![
                Shape::Name,
                Shape::Record(vec![Field::required(
                    "garrison",
                    Shape::Name,
                    "4.2.3: the city",
                )]),
            ]),
            fields: vec![],
            help: "4.2: a step for a block, a new block in a city, or a garrison",
        },
        Verb {
            name: "pillage",
            shape: Shape::Name,
            fields: vec![],
            help: "5.5: an enemy city you besiege",
        },
    ]))
}

/// The Winter step's moves: quarter, return, stay.
fn winter() -> Shape {
    Shape::list(Shape::Verbs(
        ["quarter", "return"]
            .into_iter()
            .map(|name| Verb {
                name,
                shape: names(),
                fields: vec![
                    Field::optional("to", Shape::Name, "the city"),
                    Field::optional("path", path(), "the places entered, the city last"),
                    Field::optional("carry", names(), "land blocks carried by fleets"),
                ],
                help: if name == "quarter" {
                    "9.x: into an adjacent friendly-controlled city"
                } else {
                    "9.x: to the blocks' home city"
                },
            })
            .chain([Verb {
                name: "stay",
                shape: names(),
                fields: vec![],
                help: "9.x: no move",
            }])
            .collect(),
    ))
}

/// The standing orders: fortify, capitulate, losses, retreat, escape, appeals.
fn standing() -> Shape {
    Shape::Record(vec![
        Field::optional(
            "fortify",
            Shape::map(Shape::Either(vec![
                Shape::Word(&["walls", "field"]),
                Shape::nonempty_list(Shape::Name),
            ])),
            "7.1: withdraw into the city, or fight outside, or the blocks that withdraw",
        ),
        Field::optional(
            "capitulate",
            names_or_none(),
            "8.1.3: cities that capitulate if assaulted",
        ),
        Field::optional(
            "losses",
            names_or_none(),
            "who takes hits first among equals",
        ),
        Field::optional(
            "retreat",
            Shape::map(Shape::Name),
            "preferred retreat routes",
        ),
        Field::optional(
            "escape",
            Shape::map(names()),
            "blocks that leave a city before a siege",
        ),
        Field::optional("appeals", appeals(), "11.0: appeals to the Olympians"),
    ])
}

/// Every Hellenes order form, in the template's order.
pub fn forms() -> Forms {
    Forms {
        forms: vec![
            Form {
                key: "initiative",
                shape: card_play(vec![]),
                rule: "1.0",
                help: "the card you play this season",
            },
            Form {
                key: "new_year",
                shape: card_play(vec![Field::optional(
                    "sacrifice",
                    Shape::Name,
                    "10.4.1: the Olympian (with for: action)",
                )]),
                rule: "10.4, 10.4.1",
                help: "the card you play at New Year",
            },
            Form {
                key: "actions",
                shape: actions(),
                rule: "1.0, 2.0, 4.2, 5.5, 5.21",
                help: "the acting side's actions in a player turn, at most the card's Action value",
            },
            Form {
                key: "combat",
                shape: combat(),
                rule: "8.0-8.3",
                help: "siege combat in the acting side's Combat phase, and in Winter",
            },
            Form {
                key: "winter",
                shape: winter(),
                rule: "9.x",
                help: "overwintering moves in the Winter step",
            },
            Form {
                key: "peace",
                shape: Shape::Word(&["offer", "yes", "true", "no", "false"]),
                rule: "10.2, 14.2.2",
                help: "at the end of the year, offer peace if you then may",
            },
            Form {
                key: "discard",
                shape: names_or_none(),
                rule: "9.53",
                help: "at the end of the year, continuing Events of yours to discard",
            },
            Form {
                key: "standing",
                shape: standing(),
                rule: "7.1, 8.1.3, 11.0",
                help: "standing orders; they replace your current ones whole",
            },
        ],
    }
}
