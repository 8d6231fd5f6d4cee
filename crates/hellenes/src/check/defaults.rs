//! The documented defaults (docs/orders.md): what a side that sent no orders, or whose
//! order fell back, is taken to have ordered — the initiative card, the New Year play and
//! the Winter moves of blocks no order names.

use crate::engine::olympians;
use crate::engine::winter;
use crate::model::orders::Fallback;
use crate::model::orders::NewYearPlay;
use crate::model::orders::Orders;
use crate::model::scenario::Scenario;
use crate::model::sight::CardView;
use crate::model::sight::Sight;
use crate::model::sight::View;
use crate::model::state::Phase;
use crate::model::state::Play;
use crate::model::state::PlayedFor;
/// The documented default card play (docs/orders.md): the card with the highest Action
/// value in hand, first in hand order among equals, played for its Action value.
pub fn default_play(view: &View) -> Option<Play> {
    let mut best: Option<&CardView> = None;
    for c in &view.hand {
        if best.is_none_or(|b| c.action > b.action) {
            best = Some(c);
        }
    }
    best.map(|c| Play {
        card: c.id.clone(),
        played_for: PlayedFor::Action,
        target: None,
    })
}

pub fn default_orders(view: &View) -> Orders {
    let initiative = if view.phase == Phase::Initiative {
        default_play(view)
    } else {
        None
    };
    Orders {
        fallbacks: initiative
            .iter()
            .map(|p| Fallback::Initiative {
                card: p.card.clone(),
            })
            .collect(),
        initiative,
        standing: None,
        sent: false,
        ..Orders::default()
    }
}

/// The documented default New Year play (docs/orders.md): the card with the lowest Action
/// value in hand, first in hand order among equals, played for its Action value as a
/// sacrifice to the first Olympian (scenario order) the side has none on.
pub fn default_new_year(sc: &Scenario, view: &View) -> Option<NewYearPlay> {
    let mut best: Option<&CardView> = None;
    for c in &view.hand {
        if best.is_none_or(|b| c.action < b.action) {
            best = Some(c);
        }
    }
    best.map(|c| NewYearPlay {
        card: c.id.clone(),
        played_for: PlayedFor::Action,
        olympian: olympians::first_free(sc, &view.sacrifices, &view.side),
        target: None,
    })
}

/// The orders a side that sent none (or whose file fell back) is taken to have sent.
pub fn for_step(sc: &Scenario, view: &View) -> Orders {
    let mut o = default_orders(view);
    if view.phase == Phase::Winter {
        // 9.x: every block that must winter makes its documented default move.
        o.winter = winter::with_defaults(sc, &Sight::winter_from_view(sc, view), Vec::new());
    }
    if view.phase == Phase::NewYear {
        // 10.4, 10.4.1: the documented default New Year play (a sacrifice).
        o.new_year = default_new_year(sc, view);
        if let Some(p) = &o.new_year {
            o.fallbacks.push(Fallback::NewYear {
                card: p.card.clone(),
                olympian: p.olympian.clone(),
            });
        }
    }
    o
}
