//! The orders skeleton of a step: what the player may send, every form listed in
//! comments, with his own armies, hand and the cards he resolves filled in; the comments
//! in the player's language (the YAML keys and values stay as the checker reads them).

use super::words::card;
use crate::check::default_play;
use crate::check::forms::forms;
use crate::model::orders::Use;
use crate::model::scenario::CardKind;
use crate::model::scenario::Scenario;
use crate::model::sight::View;
use crate::model::state::Phase;
use dikast_core::kit::forms::template_lines_with;
use dikast_core::lang::Lang;
use std::fmt::Write;

pub fn template(sc: &Scenario, v: &View, side: &str) -> String {
    template_in(sc, v, side, Lang::En)
}

/// A card's kind in the template's words.
fn kind(k: &CardKind, lang: Lang) -> &'static str {
    match k {
        CardKind::Event => lang.pick("Event", "событие"),
        CardKind::Bonus => lang.pick("Bonus", "бонус"),
        CardKind::Surprise => lang.pick("Surprise", "сюрприз"),
    }
}

/// The orders skeleton for `side` at the view's step, its comments in `lang`.
pub fn template_in(sc: &Scenario, v: &View, side: &str, lang: Lang) -> String {
    let mut o = String::new();
    match &v.phase {
        Phase::Deal => deal(&mut o, lang),
        Phase::Ended { .. } => {
            let _ = writeln!(
                o,
                "{}",
                lang.pick(
                    "# The game is over: there is nothing to send.",
                    "# Игра окончена: присылать нечего."
                )
            );
        }
        Phase::Round => {
            o.push_str(&form_lines(
                &["surrender", "tyche", "nobody", "activation", "standing"],
                lang,
            ));
            hand(&mut o, sc, v, lang);
            tyche_and_surrender(&mut o, sc, v, lang);
            nobody(&mut o, sc, v, side, lang);
            activation(&mut o, sc, v, side, lang);
        }
    }
    o
}

/// The forms named by `keys`, listed in comments, each with its help in the reader's
/// language (the checker's phrase table has them all).
fn form_lines(keys: &[&str], lang: Lang) -> String {
    let help = |h: &str| match lang {
        Lang::En => h.to_string(),
        _ => dikast_core::kit::tr::sentence(h, crate::check::ru::tongue()),
    };
    template_lines_with(&forms(), keys, help)
}

/// Game turn I's Tyche draw: nothing to decide but standing orders.
fn deal(o: &mut String, lang: Lang) {
    let _ = writeln!(
        o,
        "{}",
        lang.pick(
            "# Game turn I begins with the Tyche draw: nothing to decide.",
            "# Игровой ход I начинается с раздачи карт Тихе: решать нечего."
        )
    );
    let _ = writeln!(
        o,
        "{}",
        lang.pick(
            "# Your `entropy` above feeds the dice; you may send standing orders.",
            "# Текст в поле `entropy` выше используется при бросках кубиков; можно прислать постоянные приказы."
        )
    );
    o.push_str(&form_lines(&["standing"], lang));
}

/// The player's hand and the reserve generals he may buy.
fn hand(o: &mut String, sc: &Scenario, v: &View, lang: Lang) {
    let _ = writeln!(o, "#\n# {}", lang.pick("Your hand:", "Карты на руке:"));
    for c in &v.hand {
        if let Some(d) = sc.card(c) {
            let _ = writeln!(
                o,
                "#   {}  ({}, {} {})",
                card(sc, c, lang),
                kind(&d.kind, lang),
                d.ops,
                lang.pick("OPs", "ОП")
            );
        }
    }
    let reserve: Vec<String> = sc
        .generals
        .iter()
        .filter(|g| g.reserve && !v.bought.contains(&g.id))
        .filter(|g| !v.armies.iter().any(|a| a.general == g.id))
        .map(|g| match lang {
            Lang::En => g.id.clone(),
            _ => format!("`{}` ({})", g.id, g.name_ru),
        })
        .collect();
    if !reserve.is_empty() {
        let _ = writeln!(
            o,
            "{}{}",
            lang.pick(
                "# Reserve generals to buy with OPs (`general: { Name: Space }`): ",
                "# Резервные генералы, которых можно купить за ОП (`general: { Имя: Зона }`): "
            ),
            reserve.join(", ")
        );
    }
}

/// The default Tyche play written out, and the Surrender segment's form.
fn tyche_and_surrender(o: &mut String, sc: &Scenario, v: &View, lang: Lang) {
    if let Some(d) = default_play(sc, v) {
        let how = match d.how {
            Use::Ops => "ops",
            _ => "discard",
        };
        let _ = writeln!(
            o,
            "tyche:\n  play: {}\n  for: {how}      # {}",
            d.card,
            lang.pick(
                "event | ops (Event) | both (Bonus) | discard (Surprise)",
                "event | ops (событие) | both (бонус) | discard (сюрприз)"
            )
        );
    }
    let _ = writeln!(
        o,
        "# surrender:\n#   assault: <{}>",
        lang.pick(
            "a space where your army stands",
            "зона, где стоит ваша армия"
        )
    );
}

/// The cards revealed for nobody that activate an army, for the player who resolves them.
fn nobody(o: &mut String, sc: &Scenario, v: &View, side: &str, lang: Lang) {
    let activating: Vec<&String> = v
        .revealed
        .iter()
        .filter(|c| sc.card(c).is_some_and(|d| d.event.activate.is_some()))
        .collect();
    if v.revealed_for.as_deref() == Some(side) && !activating.is_empty() {
        let _ = writeln!(
            o,
            "{}",
            lang.pick(
                "# You resolve the cards revealed for nobody that activate an army:",
                "# Вы разыгрываете карты, открытые как ничьи, которые активируют армию:"
            )
        );
        let _ = writeln!(o, "nobody:");
        for c in activating {
            let _ = writeln!(
                o,
                "  {c}: stay      # stay | marker | [{}]",
                lang.pick("spaces of its move", "зоны её перемещения")
            );
        }
    }
}

/// Each of the player's armies with its place, CUs and action points.
fn activation(o: &mut String, sc: &Scenario, v: &View, side: &str, lang: Lang) {
    let _ = writeln!(o, "activation:");
    for a in v.armies.iter().filter(|a| a.player == side) {
        let ap = sc.general(&a.general).map(|g| g.action_points).unwrap_or(0);
        let _ = match lang {
            Lang::En => writeln!(
                o,
                "  {}: []      # at {}, {} CUs, {ap} action points: spaces, assault, sortie, inside, {{sea: Port}}",
                a.general, a.at, a.cus
            ),
            Lang::Ru => writeln!(
                o,
                "  {}: []      # {} в {}, БЧ: {}, очков действия: {ap}; шаги: зоны, assault, sortie, inside, {{sea: Порт}}",
                a.general,
                sc.general_ru(&a.general, crate::model::scenario::Case::Nom),
                a.at,
                a.cus
            ),
        };
    }
}
