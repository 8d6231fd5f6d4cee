//! The SVG map of one side's view (`dikast show FILE --format svg`).
//!
//! Two halves with a plain-data seam between them: a game turns a view into a
//! `MapPicture` (`Rules::map_in`: places with their discs, rings and ports, seas, links,
//! pieces *as that side may see them*, what it saw happen last turn, the legend, notes
//! and every tooltip in the game's own words), and this module lays out and draws any
//! game's picture. The drawing knows no game: it has shapes, colours by side and the
//! game's text, never a rule. Because it only ever receives the picture, it cannot show
//! what the view does not hold: hidden pieces arrive as counts per place.
//!
//! The output is deterministic: everything is drawn in the picture's order, numbers are
//! written by one formatter, and labels are placed by a fixed greedy search (no
//! randomness, no hash maps). Every piece of text is escaped, so a scenario with names
//! like `A<b>&"c"` still gives well-formed XML.

use crate::game::Seen;
use crate::lang::Lang;
use std::fmt::Write;

/// How a game describes its map for drawing. Positions are in the scenario's 1000 × 700
/// box; sides are named by id and coloured by `Dress::colours` or the palette (`neutral`,
/// or any id not among `sides`, is grey).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MapPicture {
    /// The scenario's title.
    pub title: String,
    /// The side whose view this is; empty for the whole position (every piece shown).
    pub side: String,
    /// Every side in the scenario's order, as (id, printed name); colours follow it.
    pub sides: Vec<(String, String)>,
    /// The places on land, in the scenario's order.
    pub places: Vec<Place>,
    pub seas: Vec<SeaMark>,
    /// Adjacencies, each listed once.
    pub links: Vec<Link>,
    /// The pieces the side may see whole, each a square with its face.
    pub pieces: Vec<Piece>,
    /// Pieces the side may see only as a count per place.
    pub hidden: Vec<HiddenGroup>,
    /// Short lines for the side panel, under its heading "Position".
    pub notes: Vec<String>,
    /// Last turn's routes (moves), as arrows.
    pub trails: Vec<Trail>,
    /// Last turn's happenings at a place, as badges beside it.
    pub marks: Vec<Mark>,
    /// The game's legend, roster and colours.
    pub dress: Dress,
}

/// What a game says around its pieces, in its own words: the legend's rows, the roster
/// of pieces in the side panel and its sides' colours. A picture without them has an
/// empty legend and no roster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Dress {
    /// The legend, top to bottom.
    pub legend: Vec<LegendRow>,
    /// The pieces listed by place under the notes, if the game lists them.
    pub roster: Option<Roster>,
    /// A colour (`#rrggbb`) per side id; a side not listed takes the palette's colour of
    /// its place in `MapPicture::sides`.
    pub colours: Vec<(String, String)>,
    /// The words of the whole position (the map of no side, `dikast show GAME`, every
    /// side's pieces open), where they differ from one side's; `None`: the game has none,
    /// and the whole position keeps the side's legend.
    pub whole: Option<Whole>,
}

/// What the map of the whole position says in place of one side's words: a legend that
/// speaks of no side as "yours" or "the enemy's", and the notes said of each side by
/// name. The whole position's notes are `shared` (from any side's picture), then every
/// side's `own`, in the sides' order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Whole {
    /// The legend of the whole position, top to bottom.
    pub legend: Vec<LegendRow>,
    /// The notes that are the same on every side's map (the turn, the score, the deck).
    pub shared: Vec<String>,
    /// What this side's notes say of it, by its name (its hand, its pool, ...).
    pub own: Vec<String>,
}

/// One row of the legend.
#[derive(Debug, Clone, PartialEq)]
pub enum LegendRow {
    /// A heading.
    Head(String),
    /// One swatch row per side, each with its name as the reader reads it.
    Sides,
    /// A sample mark and what it means.
    Row(Glyph, String),
    /// Space before the next row.
    Gap(f64),
}

/// A sample mark of the legend, drawn as the map draws it. Side ids pick the colours.
#[derive(Debug, Clone, PartialEq)]
pub enum Glyph {
    /// A side's colour (`neutral`: grey).
    Swatch(String),
    /// A place's disc filled with one side's colour, rimmed with another's, a label inside.
    Disc {
        fill: String,
        rim: String,
        label: String,
    },
    /// A port's anchor and its line to the sea.
    Port,
    /// A place without a disc (a small diamond).
    Open,
    /// A sea area.
    Sea,
    /// A link's line, by its class (`road`, `lane`, `coast`).
    Line(String),
    /// A dashed ring (one side's colour) round a disc (another's).
    Ring { ring: String, fill: String },
    /// A piece's square with its face.
    Piece { side: String, face: String },
    /// A hidden piece: a blank square.
    HiddenPiece(String),
    /// A piece with a dark rim.
    RimmedPiece(String),
    /// A route's arrow; `dash` is the SVG dash pattern (empty: solid).
    Arrow { side: String, dash: String },
    /// A badge, as the map puts it beside a place.
    Badge(Badge),
}

/// A badge's shape, coloured by a side: what it means is the game's to say (its legend).
#[derive(Debug, Clone, PartialEq)]
pub enum Badge {
    /// Crossed blades in a disc, rimmed in the side's colour.
    Blades(String),
    /// A sixteen-point burst in the side's colour (hollow: white inside, the colour round).
    Burst { side: String, hollow: bool },
    /// An hourglass in the side's colour.
    Hourglass(String),
    /// A flag in the side's colour.
    Flag(String),
    /// A diamond with a white bar across, in the side's colour (a chain across a harbour).
    Chain(String),
}

/// The panel's list of pieces: a heading, then each place with its pieces in words.
#[derive(Debug, Clone, PartialEq)]
pub struct Roster {
    /// The heading; `{side}` in it stands for the viewing side's name as the reader
    /// reads it.
    pub title: String,
    pub places: Vec<(String, Vec<String>)>,
}

/// A place on land: a disc if it has one, else a small diamond.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub name: String,
    pub xy: [i32; 2],
    /// Its tooltip, in the game's words.
    pub tip: String,
    pub disc: Option<Disc>,
}

/// A place's disc: a label inside, a fill and a rim by side, perhaps a dashed ring round
/// it and a port on its rim.
#[derive(Debug, Clone, PartialEq)]
pub struct Disc {
    /// Printed inside the disc (a number, short).
    pub label: String,
    /// The side whose colour fills it (`neutral`: grey, dark label).
    pub fill: String,
    /// The side whose colour rims it.
    pub rim: String,
    /// A dashed ring round the disc in this side's colour.
    pub ring: Option<String>,
    /// An anchor on the disc's rim and a line to a sea.
    pub port: Option<Port>,
}

/// A port: an anchor on its place's disc, facing its sea, and a line to it.
#[derive(Debug, Clone, PartialEq)]
pub struct Port {
    /// The sea the line goes to.
    pub sea: String,
    /// The anchor's tooltip, in the game's words.
    pub tip: String,
    /// A side whose colour bars the line: drawn thick and dashed in it, with a
    /// `Badge::Chain` on it.
    pub barred: Option<String>,
}

/// A sea area.
#[derive(Debug, Clone, PartialEq)]
pub struct SeaMark {
    pub name: String,
    pub xy: [i32; 2],
}

/// What an adjacency joins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum LinkKind {
    /// Two land areas.
    Land,
    /// A land area and a sea it touches.
    Coast,
    /// Two seas.
    Sea,
}

/// An adjacency between two places (by name).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Link {
    pub kind: LinkKind,
    pub a: String,
    pub b: String,
}

/// A piece the side may see: a square in its side's colour with its face.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    pub side: String,
    /// The place it stands in.
    pub at: String,
    /// Printed on the square (a number, short).
    pub face: String,
    /// Its tooltip, in the game's words.
    pub tip: String,
    /// Drawn with a thick dark rim.
    pub dark_rim: bool,
}

/// Pieces of a side in one place seen only as a count: blank squares, one tooltip.
#[derive(Debug, Clone, PartialEq)]
pub struct HiddenGroup {
    pub side: String,
    pub at: String,
    pub count: u32,
    /// The group's tooltip, in the game's words.
    pub tip: String,
    /// Drawn with a thick dark rim.
    pub dark_rim: bool,
}

/// One of last turn's routes: an arrow along the places, in its side's colour.
#[derive(Debug, Clone, PartialEq)]
pub struct Trail {
    /// The game's kind of it (`Seen::what`), the SVG group's class.
    pub kind: String,
    pub side: String,
    /// The places, start first.
    pub route: Vec<String>,
    /// A number drawn on the route's longest leg (0: none).
    pub count: u32,
    /// The SVG dash pattern (empty: solid).
    pub dash: String,
    /// The line's width.
    pub width: f64,
    /// Its tooltip, in the game's words.
    pub tip: String,
}

impl Trail {
    /// A last turn's happening drawn as a route.
    pub fn of(seen: &Seen, dash: &str, width: f64, tip: String) -> Trail {
        Trail {
            kind: seen.what.clone(),
            side: seen.side.clone(),
            route: seen.at.clone(),
            count: seen.count,
            dash: dash.to_string(),
            width,
            tip,
        }
    }
}

/// One of last turn's happenings at a place: a badge beside it.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    /// The game's kind of it (`Seen::what`), the SVG group's class.
    pub kind: String,
    pub at: String,
    pub badge: Badge,
    /// Its tooltip, in the game's words.
    pub tip: String,
}

impl Mark {
    /// A last turn's happening drawn as a badge at its first place.
    pub fn of(seen: &Seen, badge: Badge, tip: String) -> Mark {
        Mark {
            kind: seen.what.clone(),
            at: seen.at.first().cloned().unwrap_or_default(),
            badge,
            tip,
        }
    }
}

/// The file's own heading: which game, turn and step.
#[derive(Debug, Clone, PartialEq)]
pub struct Heading {
    pub game: String,
    pub turn: u32,
    pub step: String,
}

// ------------------------------------------------------------------ layout constants

/// The map box of the scenario's coordinates is drawn this much larger.
const SCALE: f64 = 1.5;
/// Where the map box starts on the page.
const MAP_X: f64 = 16.0;
const MAP_Y: f64 = 74.0;
const MAP_W: f64 = 1000.0 * SCALE;
const MAP_H: f64 = 700.0 * SCALE;
/// The side panel (legend, notes, roster) right of the map.
const PANEL_X: f64 = MAP_X + MAP_W + 20.0;
const PANEL_W: f64 = 400.0;
const PAGE_W: f64 = PANEL_X + PANEL_W + 16.0;
const DISC_R: f64 = 9.0;
const OPEN_R: f64 = 6.0;
const PIECE: f64 = 13.0;
const PIECE_GAP: f64 = 2.0;
const PIECES_PER_ROW: usize = 4;
const LABEL_SIZE: f64 = 12.5;
const SEA_SIZE: f64 = 11.5;
const NEUTRAL: &str = "#a39e93";
const PALETTE: [&str; 5] = ["#2457a6", "#b8312f", "#2f7d3a", "#6b3fa0", "#c77800"];

// ------------------------------------------------------------------ small helpers

/// A number as the SVG gets it: at most one decimal, never `-0`.
fn n(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    let r = if r == 0.0 { 0.0 } else { r };
    if r.fract() == 0.0 {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// Text made safe for XML content and attribute values: markup characters escaped,
/// characters XML 1.0 forbids replaced by U+FFFD.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// An estimate of a text's width in the sans-serif font the map asks for.
fn text_w(s: &str, size: f64) -> f64 {
    s.chars()
        .map(|c| match c {
            'i' | 'l' | 'j' | '\'' | '.' | ',' | ':' | ';' | '!' | '|' => 0.32,
            'f' | 't' | 'r' | ' ' | '(' | ')' | '-' => 0.42,
            'm' | 'w' | 'M' | 'W' => 0.88,
            c if c.is_uppercase() => 0.7,
            c if c.is_ascii_digit() => 0.64,
            _ => 0.6,
        })
        .sum::<f64>()
        * size
}

/// A side's colour, by its place in the scenario's order; `neutral` (or an unknown id)
/// is grey.
fn colour<'a>(pic: &'a MapPicture, side: &str) -> &'a str {
    if let Some((_, c)) = pic.dress.colours.iter().find(|(id, _)| id == side) {
        return c;
    }
    pic.sides
        .iter()
        .position(|(id, _)| id == side)
        .map(|i| PALETTE[i % PALETTE.len()])
        .unwrap_or(NEUTRAL)
}

fn side_name(pic: &MapPicture, side: &str) -> String {
    pic.sides
        .iter()
        .find(|(id, _)| id == side)
        .map(|(_, name)| name.clone())
        .unwrap_or_else(|| side.to_string())
}

/// Whose picture it is, in words: `en` or `ru` (the one of `lang`) with the viewing
/// side's name for `{}`; a picture of no side (`side` empty) is the whole position, every
/// piece shown (`dikast show GAME --format svg`, the moderator's).
fn whose(pic: &MapPicture, lang: Lang, en: &str, ru: &str) -> String {
    if pic.side.is_empty() {
        return lang.pick("the whole position", "вся позиция").to_string();
    }
    lang.pick(en, ru).replace("{}", &side_name(pic, &pic.side))
}

/// From the scenario's 1000 × 700 box to the page. Wargame maps crowd their places
/// where the war is (the few areas where most of the war is fought), so the drawing magnifies
/// around the densest place and squeezes the empty margins: a Cartesian fisheye
/// (x' = (k+1)·x / (k·x + 1) on each side of the focus, per axis), which keeps every
/// place inside the box and every left/right, above/below order as it was.
struct Proj {
    fx: f64,
    fy: f64,
}

/// How strongly the fisheye magnifies: k + 1 times at the focus.
const FISHEYE: f64 = 1.5;
/// Places within this distance (map units) count as neighbours when finding the focus.
const CROWD: f64 = 60.0;

impl Proj {
    /// The focus is the place with the most places within `CROWD` of it (the first such
    /// in the picture's order).
    fn for_picture(pic: &MapPicture) -> Proj {
        let pts: Vec<[i32; 2]> = pic
            .places
            .iter()
            .map(|a| a.xy)
            .chain(pic.seas.iter().map(|s| s.xy))
            .collect();
        let mut best = (0usize, [500, 350]);
        for p in &pts {
            let near = pts
                .iter()
                .filter(|q| {
                    let (dx, dy) = (f64::from(q[0] - p[0]), f64::from(q[1] - p[1]));
                    (dx * dx + dy * dy).sqrt() <= CROWD
                })
                .count();
            if near > best.0 {
                best = (near, *p);
            }
        }
        Proj {
            fx: f64::from(best.1[0]).clamp(1.0, 999.0),
            fy: f64::from(best.1[1]).clamp(1.0, 699.0),
        }
    }

    fn axis(v: f64, focus: f64, len: f64) -> f64 {
        let v = v.clamp(0.0, len);
        let (span, d, sign) = if v >= focus {
            (len - focus, v - focus, 1.0)
        } else {
            (focus, focus - v, -1.0)
        };
        let x = d / span;
        focus + sign * span * (FISHEYE + 1.0) * x / (FISHEYE * x + 1.0)
    }

    /// A map position on the page.
    fn at(&self, xy: [i32; 2]) -> (f64, f64) {
        (
            MAP_X + Self::axis(f64::from(xy[0]), self.fx, 1000.0) * SCALE,
            MAP_Y + Self::axis(f64::from(xy[1]), self.fy, 700.0) * SCALE,
        )
    }
}

/// An axis-aligned box: x0, y0, x1, y1.
#[derive(Debug, Clone, Copy)]
struct Rect(f64, f64, f64, f64);

impl Rect {
    fn around(cx: f64, cy: f64, r: f64) -> Rect {
        Rect(cx - r, cy - r, cx + r, cy + r)
    }
    fn overlap(&self, o: &Rect) -> f64 {
        let w = self.2.min(o.2) - self.0.max(o.0);
        let h = self.3.min(o.3) - self.1.max(o.1);
        if w > 0.0 && h > 0.0 {
            w * h
        } else {
            0.0
        }
    }
    /// Area outside the map box.
    fn outside(&self) -> f64 {
        let inner = Rect(MAP_X, MAP_Y, MAP_X + MAP_W, MAP_Y + MAP_H);
        (self.2 - self.0) * (self.3 - self.1) - self.overlap(&inner)
    }
}

/// The greedy placer: each new box goes to the first of its candidate spots that
/// overlaps least with what is already placed (fixed order: deterministic).
struct Placer {
    taken: Vec<Rect>,
}

impl Placer {
    /// Picks among `spots` (top-left corners) for a box of `w` × `h`; returns the corner.
    fn place(&mut self, w: f64, h: f64, spots: &[(f64, f64)]) -> (f64, f64) {
        let mut best = (f64::INFINITY, 0usize);
        for (i, &(x, y)) in spots.iter().enumerate() {
            let r = Rect(x, y, x + w, y + h);
            let cost = self.taken.iter().map(|t| r.overlap(t)).sum::<f64>()
                + 4.0 * r.outside()
                + i as f64 * 2.0;
            if cost < best.0 {
                best = (cost, i);
            }
        }
        let (x, y) = spots.get(best.1).copied().unwrap_or((0.0, 0.0));
        self.taken.push(Rect(x, y, x + w, y + h));
        (x, y)
    }
}

/// Top-left corners for a `w` × `h` box around a symbol of radius `r` at (cx, cy): beside,
/// below, above, then the corners, then the same farther out.
fn spots_around(cx: f64, cy: f64, r: f64, w: f64, h: f64) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for d in [3.0, 12.0, 24.0] {
        let right = cx + r + d;
        let left = cx - r - d - w;
        let mid_y = cy - h / 2.0;
        let below = cy + r + d;
        let above = cy - r - d - h;
        let mid_x = cx - w / 2.0;
        out.extend([
            (right, mid_y),
            (mid_x, below),
            (left, mid_y),
            (mid_x, above),
            (right, below - h / 2.0),
            (left, below - h / 2.0),
            (right, above + h / 2.0),
            (left, above + h / 2.0),
        ]);
    }
    out
}

// ------------------------------------------------------------------ the drawing

/// One leg of a route on the page: from, to.
type Leg = ((f64, f64), (f64, f64));

/// Where a place is drawn and how big its symbol is.
struct Spot {
    x: f64,
    y: f64,
    r: f64,
}

fn spot(p: &Proj, pic: &MapPicture, name: &str) -> Option<Spot> {
    if let Some(a) = pic.places.iter().find(|a| a.name == name) {
        let (x, y) = p.at(a.xy);
        let r = if a.disc.is_some() { DISC_R } else { OPEN_R };
        return Some(Spot { x, y, r });
    }
    pic.seas.iter().find(|s| s.name == name).map(|s| {
        let (x, y) = p.at(s.xy);
        Spot {
            x,
            y,
            r: sea_half(&s.name).1,
        }
    })
}

/// Half-width and half-height of a sea's oval.
fn sea_half(name: &str) -> (f64, f64) {
    (text_w(name, SEA_SIZE) / 2.0 + 9.0, 11.0)
}

/// The pieces drawn at one place: the open ones first, then the hidden ones.
struct Stack<'a> {
    place: &'a str,
    open: Vec<&'a Piece>,
    hidden: Vec<&'a HiddenGroup>,
}

impl Stack<'_> {
    fn squares(&self) -> usize {
        self.open.len() + self.hidden.iter().map(|h| h.count as usize).sum::<usize>()
    }
    fn size(&self) -> (f64, f64) {
        let n = self.squares().max(1);
        let cols = n.min(PIECES_PER_ROW);
        let rows = n.div_ceil(PIECES_PER_ROW);
        (
            cols as f64 * (PIECE + PIECE_GAP) - PIECE_GAP,
            rows as f64 * (PIECE + PIECE_GAP) - PIECE_GAP,
        )
    }
}

/// The picture as an SVG document, its headings and panel in `lang`.
pub fn render(pic: &MapPicture, head: &Heading, lang: Lang) -> String {
    let p = Proj::for_picture(pic);
    let mut s = String::new();
    page(&mut s, pic, head, lang);
    let mut placer = symbols_taken(&p, pic);
    links(&mut s, &p, pic);
    seas(&mut s, &p, pic);
    trails(&mut s, &p, pic);
    ports(&mut s, &p, pic, &mut placer);
    discs(&mut s, &p, pic);
    marks(&mut s, &p, pic, &mut placer);
    // Pieces first (they must sit next to their place), then the names.
    pieces(&mut s, &p, pic, &mut placer);
    names(&mut s, &p, pic, &mut placer);
    panel(&mut s, pic, lang);
    s.push_str("</svg>\n");
    s
}

/// The document's head, its title, style and background, the headings and the map's box.
fn page(s: &mut String, pic: &MapPicture, head: &Heading, lang: Lang) {
    let page_h = MAP_Y + MAP_H + 16.0;
    let _ = writeln!(
        s,
        r#"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="100%" viewBox="0 0 {w} {h}" preserveAspectRatio="xMidYMid meet" font-family="DejaVu Sans, Verdana, Arial, sans-serif">"#,
        w = n(PAGE_W),
        h = n(page_h)
    );
    let _ = writeln!(
        s,
        "<title>{}</title>",
        esc(&format!(
            "{} — {} {}: {} — {}",
            pic.title,
            lang.pick("turn", "ход"),
            head.turn,
            head.step,
            whose(pic, lang, "{}'s view", "вид стороны: {}")
        ))
    );
    s.push_str(STYLE);
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{}" height="{}" fill="#fbf8f1"/>"##,
        n(PAGE_W),
        n(page_h)
    );
    title(s, pic, head, lang);
    let _ = writeln!(
        s,
        r#"<rect class="land" x="{}" y="{}" width="{}" height="{}"/>"#,
        n(MAP_X),
        n(MAP_Y),
        n(MAP_W),
        n(MAP_H)
    );
}

/// A placer that keeps labels and pieces off every place's symbol, every sea's oval and
/// every port's anchor.
fn symbols_taken(p: &Proj, pic: &MapPicture) -> Placer {
    let mut placer = Placer { taken: Vec::new() };
    for a in &pic.places {
        let (x, y) = p.at(a.xy);
        let r = if a.disc.is_some() {
            DISC_R + 3.0
        } else {
            OPEN_R
        };
        placer.taken.push(Rect::around(x, y, r));
    }
    for sea in &pic.seas {
        let (x, y) = p.at(sea.xy);
        let (hw, hh) = sea_half(&sea.name);
        placer.taken.push(Rect(x - hw, y - hh, x + hw, y + hh));
    }
    for a in &pic.places {
        if let Some(sea) = port_of(a).and_then(|o| spot(p, pic, &o.sea)) {
            let (ax, ay) = harbour(p, a, &sea);
            placer.taken.push(Rect::around(ax, ay, HARBOUR_R));
        }
    }
    placer
}

/// A place's port, if its disc has one.
fn port_of(a: &Place) -> Option<&Port> {
    a.disc.as_ref().and_then(|d| d.port.as_ref())
}

/// The pieces of every place, in the picture's order of places, each stack beside its
/// place where it overlaps least.
fn pieces(s: &mut String, p: &Proj, pic: &MapPicture, placer: &mut Placer) {
    let mut stacks: Vec<Stack> = Vec::new();
    let places = pic
        .places
        .iter()
        .map(|a| a.name.as_str())
        .chain(pic.seas.iter().map(|s| s.name.as_str()));
    for place in places {
        let open: Vec<&Piece> = pic.pieces.iter().filter(|b| b.at == place).collect();
        let hidden: Vec<&HiddenGroup> = pic
            .hidden
            .iter()
            .filter(|h| h.at == place && h.count > 0)
            .collect();
        if !open.is_empty() || !hidden.is_empty() {
            stacks.push(Stack {
                place,
                open,
                hidden,
            });
        }
    }
    // The ids and classes (`blocks`, `own`, `steps`, `value`, `blockade`) are the first
    // map's words, kept so that every map drawn before keeps its bytes.
    s.push_str("<g id=\"blocks\">\n");
    for st in &stacks {
        let Some(sp) = spot(p, pic, st.place) else {
            continue;
        };
        let (w, h) = st.size();
        let (x, y) = placer.place(w, h, &spots_around(sp.x, sp.y, sp.r, w, h));
        stack(s, pic, st, x, y);
    }
    s.push_str("</g>\n");
}

/// Every place's name, beside it where it overlaps least.
fn names(s: &mut String, p: &Proj, pic: &MapPicture, placer: &mut Placer) {
    s.push_str("<g id=\"names\">\n");
    for a in &pic.places {
        let (x, y) = p.at(a.xy);
        let r = if a.disc.is_some() {
            DISC_R + 1.0
        } else {
            OPEN_R
        };
        let w = text_w(&a.name, LABEL_SIZE);
        let h = LABEL_SIZE + 1.0;
        let (lx, ly) = placer.place(w, h, &spots_around(x, y, r, w, h));
        let class = if a.disc.is_some() {
            "name"
        } else {
            "name open"
        };
        let _ = writeln!(
            s,
            r#"<text class="{class}" x="{}" y="{}">{}</text>"#,
            n(lx),
            n(ly + LABEL_SIZE * 0.8),
            esc(&a.name)
        );
    }
    s.push_str("</g>\n");
}

const STYLE: &str = r#"<style>
.land{fill:#efe6cf;stroke:#8a7a5a;stroke-width:1.5}
.road{stroke:#9b7b4e;stroke-width:1.6;fill:none}
.lane{stroke:#5b8fc7;stroke-width:1.3;stroke-dasharray:6 4;fill:none}
.coast{stroke:#7fa8d6;stroke-width:1;stroke-dasharray:1.5 3;fill:none}
.offshore{stroke:#2f6db3;stroke-width:1.8;fill:none}
.sea{fill:#cfe2f3;stroke:#6f9fd0;stroke-width:1}
.seaname{font-size:11.5px;font-style:italic;fill:#24507f;text-anchor:middle}
.name{font-size:12.5px;fill:#2b2417;paint-order:stroke;stroke:#fbf8f1;stroke-width:3px;stroke-linejoin:round}
.open{font-style:italic;fill:#6b5f48}
.value{font-size:10.5px;font-weight:bold;text-anchor:middle}
.steps{font-size:9.5px;font-weight:bold;fill:#ffffff;text-anchor:middle}
.more{font-size:10px;font-weight:bold;fill:#2b2417}
.count{font-size:9.5px;font-weight:bold;fill:#2b2417;text-anchor:middle}
.anchor{stroke:#1d4f8a;stroke-width:1.4;fill:none;stroke-linecap:round}
.h1{font-size:22px;font-weight:bold;fill:#2b2417}
.h2{font-size:14px;fill:#4a4030}
.ph{font-size:14px;font-weight:bold;fill:#2b2417}
.pt{font-size:12px;fill:#2b2417}
.ps{font-size:11px;fill:#4a4030}
</style>
"#;

fn title(s: &mut String, pic: &MapPicture, head: &Heading, lang: Lang) {
    let _ = writeln!(
        s,
        r#"<text class="h1" x="{}" y="32">{}</text>"#,
        n(MAP_X),
        esc(&pic.title)
    );
    let _ = writeln!(
        s,
        r#"<text class="h2" x="{}" y="56">{}</text>"#,
        n(MAP_X),
        esc(&lang.pick(
            format!(
                "Game {} · turn {} · {} · {}",
                head.game,
                head.turn,
                head.step,
                whose(pic, lang, "as {} sees it", "как видит сторона: {}")
            ),
            format!(
                "Игра {} · ход {} · {} · {}",
                head.game,
                head.turn,
                head.step,
                whose(pic, lang, "as {} sees it", "как видит сторона: {}")
            )
        ))
    );
}

fn links(s: &mut String, p: &Proj, pic: &MapPicture) {
    s.push_str("<g id=\"links\">\n");
    for l in &pic.links {
        let (Some(a), Some(b)) = (spot(p, pic, &l.a), spot(p, pic, &l.b)) else {
            continue;
        };
        // A port's line to its offshore sea is drawn with the port instead.
        if l.kind == LinkKind::Coast && is_offshore(pic, &l.a, &l.b) {
            continue;
        }
        let class = match l.kind {
            LinkKind::Land => "road",
            LinkKind::Coast => "coast",
            LinkKind::Sea => "lane",
        };
        let _ = writeln!(
            s,
            r#"<line class="{class}" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            n(a.x),
            n(a.y),
            n(b.x),
            n(b.y)
        );
    }
    s.push_str("</g>\n");
}

fn is_offshore(pic: &MapPicture, a: &str, b: &str) -> bool {
    pic.places.iter().any(|ar| {
        let off = port_of(ar).map(|p| p.sea.as_str());
        (ar.name == a && off == Some(b)) || (ar.name == b && off == Some(a))
    })
}

fn seas(s: &mut String, p: &Proj, pic: &MapPicture) {
    s.push_str("<g id=\"seas\">\n");
    for sea in &pic.seas {
        let (x, y) = p.at(sea.xy);
        let (hw, hh) = sea_half(&sea.name);
        let _ = writeln!(
            s,
            r#"<g><title>{}</title><ellipse class="sea" cx="{}" cy="{}" rx="{}" ry="{}"/><text class="seaname" x="{}" y="{}">{}</text></g>"#,
            esc(&sea.name),
            n(x),
            n(y),
            n(hw),
            n(hh),
            n(x),
            n(y + SEA_SIZE * 0.35),
            esc(&sea.name)
        );
    }
    s.push_str("</g>\n");
}

/// The anchor glyph, centred on (x, y).
fn anchor(s: &mut String, x: f64, y: f64, class: &str) {
    let _ = writeln!(
        s,
        r#"<path class="{class}" d="M{} {} v9 M{} {} h6 M{} {} q5 5 10 0"/><circle class="{class}" cx="{}" cy="{}" r="1.5"/>"#,
        n(x),
        n(y - 4.0),
        n(x - 3.0),
        n(y - 1.5),
        n(x - 5.0),
        n(y + 2.5),
        n(x),
        n(y - 5.5)
    );
}

/// Where a port's anchor goes: on the disc's rim, facing its sea.
fn harbour(p: &Proj, a: &Place, sea: &Spot) -> (f64, f64) {
    let (x, y) = p.at(a.xy);
    let (dx, dy) = (sea.x - x, sea.y - y);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    (x + dx / len * (DISC_R + 8.0), y + dy / len * (DISC_R + 8.0))
}

/// Where the line from (x, y) to a sea's centre meets the sea's oval.
fn oval_edge(name: &str, sea: &Spot, x: f64, y: f64) -> (f64, f64) {
    let (hw, hh) = sea_half(name);
    let (dx, dy) = (x - sea.x, y - sea.y);
    let k = ((dx / hw).powi(2) + (dy / hh).powi(2)).sqrt();
    if k <= 1.0 {
        (sea.x, sea.y)
    } else {
        (sea.x + dx / k, sea.y + dy / k)
    }
}

/// The radius of the disc behind a port's anchor.
const HARBOUR_R: f64 = 6.5;
/// Half the width of a barred line's chain badge.
const MARK_R: f64 = 8.0;

/// Where a barred port's chain badge goes: on its line from the anchor (a) to the sea's oval
/// (e), at the first of a few points along it (the middle first) that overlaps least with
/// what is already drawn — other ports' anchors, discs, seas, earlier badges — then, if
/// every point of the line is taken, beside it. The mark's box is then taken too, so no
/// label or piece is put on it.
fn mark_spot(placer: &mut Placer, a: (f64, f64), e: (f64, f64)) -> (f64, f64) {
    let (dx, dy) = (e.0 - a.0, e.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (nx, ny) = (-dy / len, dx / len);
    let mut spots = Vec::new();
    for off in [0.0, 14.0, -14.0, 24.0, -24.0] {
        for t in [0.5, 0.62, 0.38, 0.75, 0.25, 0.88] {
            let (x, y) = (a.0 + dx * t + nx * off, a.1 + dy * t + ny * off);
            spots.push((x - MARK_R, y - MARK_R));
        }
    }
    // Any overlap costs more than going farther down the list: a clear spot always wins.
    let side = 2.0 * MARK_R;
    let mut best = (f64::INFINITY, 0usize);
    for (i, &(x, y)) in spots.iter().enumerate() {
        let r = Rect(x, y, x + side, y + side);
        let cost = 1000.0 * placer.taken.iter().map(|t| r.overlap(t)).sum::<f64>()
            + 1000.0 * r.outside()
            + i as f64;
        if cost < best.0 {
            best = (cost, i);
        }
    }
    let (x, y) = spots.get(best.1).copied().unwrap_or(a);
    placer.taken.push(Rect(x, y, x + side, y + side));
    (x + MARK_R, y + MARK_R)
}

/// Every port: its anchor on its disc and its line to the sea, stopping at the sea's oval
/// (so it never runs through the sea's name); a barred line thick and dashed in the
/// barring side's colour, with a chain on it.
fn ports(s: &mut String, p: &Proj, pic: &MapPicture, placer: &mut Placer) {
    s.push_str("<g id=\"ports\">\n");
    for a in &pic.places {
        let Some(port) = port_of(a) else { continue };
        let Some(sea) = spot(p, pic, &port.sea) else {
            continue;
        };
        let (ax, ay) = harbour(p, a, &sea);
        let (ex, ey) = oval_edge(&port.sea, &sea, ax, ay);
        let _ = writeln!(s, "<g><title>{}</title>", esc(&port.tip));
        match &port.barred {
            Some(b) => {
                let _ = writeln!(
                    s,
                    r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="3.5" stroke-dasharray="7 3"/>"#,
                    n(ax),
                    n(ay),
                    n(ex),
                    n(ey),
                    colour(pic, b)
                );
                let (mx, my) = mark_spot(placer, (ax, ay), (ex, ey));
                chain_badge(s, mx, my, colour(pic, b));
            }
            None => {
                let _ = writeln!(
                    s,
                    r#"<line class="offshore" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                    n(ax),
                    n(ay),
                    n(ex),
                    n(ey)
                );
            }
        }
        let _ = writeln!(
            s,
            r##"<circle class="harbour" cx="{}" cy="{}" r="{}" fill="#fbf8f1" stroke="#1d4f8a" stroke-width="0.8"/>"##,
            n(ax),
            n(ay),
            n(HARBOUR_R)
        );
        anchor(s, ax, ay, "anchor");
        s.push_str("</g>\n");
    }
    s.push_str("</g>\n");
}

/// The line of a move from place `a` to place `b`, cut back so that it starts and ends
/// clear of both symbols.
fn cut(a: &Spot, b: &Spot) -> Option<Leg> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = (dx * dx + dy * dy).sqrt();
    if len < a.r + b.r + 6.0 {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    // Shifted to the right of the way it goes, so that a move and a move back (a march
    // and its retreat) are two lines side by side.
    let (sx, sy) = (-uy * 3.5, ux * 3.5);
    Some((
        (a.x + ux * (a.r + 3.0) + sx, a.y + uy * (a.r + 3.0) + sy),
        (b.x - ux * (b.r + 3.0) + sx, b.y - uy * (b.r + 3.0) + sy),
    ))
}

/// Last turn's routes, as arrows along them in the side's colour, dashed as the game
/// says; the count at the middle of the route's longest leg.
fn trails(s: &mut String, p: &Proj, pic: &MapPicture) {
    s.push_str("<g id=\"last-moves\">\n");
    for t in &pic.trails {
        let spots: Vec<Spot> = t.route.iter().filter_map(|a| spot(p, pic, a)).collect();
        let legs: Vec<Leg> = spots.windows(2).filter_map(|w| cut(&w[0], &w[1])).collect();
        let Some(&(_, end)) = legs.last() else {
            continue;
        };
        let col = colour(pic, &t.side);
        let dash = if t.dash.is_empty() {
            String::new()
        } else {
            format!(r#" stroke-dasharray="{}""#, esc(&t.dash))
        };
        let _ = writeln!(
            s,
            "<g class=\"arrow {}\"><title>{}</title>",
            esc(&t.kind),
            esc(&t.tip)
        );
        for (a, b) in &legs {
            let _ = writeln!(
                s,
                r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{col}" stroke-width="{}" stroke-opacity="0.85" stroke-linecap="round"{dash}/>"#,
                n(a.0),
                n(a.1),
                n(b.0),
                n(b.1),
                n(t.width)
            );
        }
        arrow_head(s, legs[legs.len() - 1].0, end, col);
        if t.count > 0 {
            trail_count(s, &legs, t.count, col);
        }
        s.push_str("</g>\n");
    }
    s.push_str("</g>\n");
}

/// An arrow's head at `end`, on the direction from `a`.
fn arrow_head(s: &mut String, a: (f64, f64), end: (f64, f64), col: &str) {
    let (dx, dy) = (end.0 - a.0, end.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let (bx, by) = (end.0 - ux * 11.0, end.1 - uy * 11.0);
    let _ = writeln!(
        s,
        r##"<path d="M{} {} L{} {} L{} {} z" fill="{col}" stroke="#ffffff" stroke-width="0.8"/>"##,
        n(end.0),
        n(end.1),
        n(bx - uy * 5.5),
        n(by + ux * 5.5),
        n(bx + uy * 5.5),
        n(by - ux * 5.5)
    );
}

/// A route's count in a small disc at the middle of its longest leg.
fn trail_count(s: &mut String, legs: &[Leg], count: u32, col: &str) {
    let Some(&first) = legs.first() else { return };
    let (a, b) = legs
        .iter()
        .copied()
        .max_by(|l, m| {
            let d = |((x1, y1), (x2, y2)): Leg| (x2 - x1).powi(2) + (y2 - y1).powi(2);
            d(*l).total_cmp(&d(*m))
        })
        .unwrap_or(first);
    let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let _ = writeln!(
        s,
        r##"<circle cx="{}" cy="{}" r="7" fill="#ffffff" stroke="{col}" stroke-width="1.5"/><text class="count" x="{}" y="{}">{}</text>"##,
        n(mx),
        n(my),
        n(mx),
        n(my + 3.5),
        count
    );
}

/// A badge centred on (x, y).
fn badge(s: &mut String, pic: &MapPicture, b: &Badge, x: f64, y: f64) {
    match b {
        Badge::Blades(side) => blades_badge(s, x, y, colour(pic, side)),
        Badge::Burst { side, hollow } => burst_badge(s, x, y, colour(pic, side), *hollow),
        Badge::Hourglass(side) => hourglass_badge(s, x, y, colour(pic, side)),
        Badge::Flag(side) => flag_badge(s, x, y, colour(pic, side)),
        Badge::Chain(side) => chain_badge(s, x, y, colour(pic, side)),
    }
}

/// Crossed blades in a disc, rimmed in `rim`.
fn blades_badge(s: &mut String, x: f64, y: f64, rim: &str) {
    let _ = writeln!(
        s,
        r##"<circle cx="{}" cy="{}" r="8.5" fill="#fff4e0" stroke="{rim}" stroke-width="2.5"/><path d="M{} {} l10 10 M{} {} l-10 10" stroke="#8b1e1e" stroke-width="2.4" stroke-linecap="round"/>"##,
        n(x),
        n(y),
        n(x - 5.0),
        n(y - 5.0),
        n(x + 5.0),
        n(y - 5.0)
    );
}

/// A sixteen-point burst in `fill` (hollow: white inside, `fill` round it).
fn burst_badge(s: &mut String, x: f64, y: f64, fill: &str, hollow: bool) {
    let mut d = String::new();
    for i in 0..16 {
        let r = if i % 2 == 0 { 10.0 } else { 4.5 };
        let a = std::f64::consts::PI * f64::from(i) / 8.0;
        let _ = write!(
            d,
            "{}{} {} ",
            if i == 0 { "M" } else { "L" },
            n(x + r * a.sin()),
            n(y - r * a.cos())
        );
    }
    let (f, st) = if hollow {
        ("#ffffff", fill)
    } else {
        (fill, "#ffffff")
    };
    let _ = writeln!(
        s,
        r#"<path d="{d}z" fill="{f}" stroke="{st}" stroke-width="1.6"/>"#
    );
}

/// An hourglass in `fill`.
fn hourglass_badge(s: &mut String, x: f64, y: f64, fill: &str) {
    let _ = writeln!(
        s,
        r##"<path d="M{} {} h12 l-12 14 h12 z" fill="{fill}" stroke="#ffffff" stroke-width="1"/>"##,
        n(x - 6.0),
        n(y - 7.0)
    );
}

/// A flag in `fill` on its pole.
fn flag_badge(s: &mut String, x: f64, y: f64, fill: &str) {
    let _ = writeln!(
        s,
        r##"<path d="M{} {} v-16" stroke="#2b2417" stroke-width="1.6"/><path d="M{} {} l11 4 l-11 4 z" fill="{fill}" stroke="#ffffff" stroke-width="0.8"/>"##,
        n(x - 4.0),
        n(y + 8.0),
        n(x - 3.0),
        n(y - 8.0)
    );
}

/// A filled diamond with a white bar across (a chain across a harbour).
fn chain_badge(s: &mut String, x: f64, y: f64, fill: &str) {
    let _ = writeln!(
        s,
        r##"<path class="blockade" d="M{} {} l8 8 l-8 8 l-8 -8 z" fill="{fill}" stroke="#ffffff" stroke-width="1"/><path d="M{} {} h10" stroke="#ffffff" stroke-width="2"/>"##,
        n(x),
        n(y - 8.0),
        n(x - 5.0),
        n(y)
    );
}

/// Last turn's happenings, each a badge beside its place, placed (and taken) before any
/// piece or label, so none hides another place's.
fn marks(s: &mut String, p: &Proj, pic: &MapPicture, placer: &mut Placer) {
    s.push_str("<g id=\"last-events\">\n");
    for m in &pic.marks {
        let Some(sp) = spot(p, pic, &m.at) else {
            continue;
        };
        let (w, h) = (22.0, 22.0);
        let (cx, cy) = {
            let (l, t) = placer.place(w, h, &spots_around(sp.x, sp.y, sp.r, w, h));
            (l + w / 2.0, t + h / 2.0)
        };
        let _ = writeln!(
            s,
            "<g class=\"happened {}\"><title>{}</title>",
            esc(&m.kind),
            esc(&m.tip)
        );
        badge(s, pic, &m.badge, cx, cy);
        s.push_str("</g>\n");
    }
    s.push_str("</g>\n");
}

/// Every place's symbol: a disc (its dashed ring first, if any) with its label, or a
/// small diamond.
fn discs(s: &mut String, p: &Proj, pic: &MapPicture) {
    s.push_str("<g id=\"places\">\n");
    for a in &pic.places {
        let (x, y) = p.at(a.xy);
        let Some(d) = &a.disc else {
            let _ = writeln!(
                s,
                r##"<g><title>{}</title><path d="M{} {} l{} {} l{} {} l{} {} z" fill="#fbf8f1" stroke="#6b5f48" stroke-width="1.5"/></g>"##,
                esc(&a.tip),
                n(x),
                n(y - OPEN_R),
                n(OPEN_R),
                n(OPEN_R),
                n(-OPEN_R),
                n(OPEN_R),
                n(-OPEN_R),
                n(-OPEN_R)
            );
            continue;
        };
        let _ = writeln!(s, "<g><title>{}</title>", esc(&a.tip));
        if let Some(by) = &d.ring {
            let _ = writeln!(
                s,
                r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="3" stroke-dasharray="4 2.5"/>"#,
                n(x),
                n(y),
                n(DISC_R + 5.0),
                colour(pic, by)
            );
        }
        let fill = colour(pic, &d.fill);
        let text = if d.fill == "neutral" || fill == NEUTRAL {
            "#2b2417"
        } else {
            "#ffffff"
        };
        let _ = writeln!(
            s,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{}" stroke-width="2.5"/><text class="value" x="{}" y="{}" fill="{text}">{}</text></g>"#,
            n(x),
            n(y),
            n(DISC_R),
            colour(pic, &d.rim),
            n(x),
            n(y + 3.8),
            esc(&d.label)
        );
    }
    s.push_str("</g>\n");
}

const THIN_RIM: &str = r##"stroke="#ffffff" stroke-width="0.8""##;
const DARK_RIM: &str = r##"stroke="#111111" stroke-width="2""##;

/// The pieces of one place, as squares: open ones show their face; hidden ones are
/// blank, like a piece seen from behind.
fn stack(s: &mut String, pic: &MapPicture, st: &Stack, x0: f64, y0: f64) {
    let mut i = 0usize;
    let cell = |i: usize| {
        (
            x0 + (i % PIECES_PER_ROW) as f64 * (PIECE + PIECE_GAP),
            y0 + (i / PIECES_PER_ROW) as f64 * (PIECE + PIECE_GAP),
        )
    };
    for b in &st.open {
        let (x, y) = cell(i);
        i += 1;
        let rim = if b.dark_rim { DARK_RIM } else { THIN_RIM };
        let _ = writeln!(
            s,
            r#"<g><title>{}</title><rect class="own" x="{}" y="{}" width="{}" height="{}" rx="2" fill="{}" {rim}/><text class="steps" x="{}" y="{}">{}</text></g>"#,
            esc(&b.tip),
            n(x),
            n(y),
            n(PIECE),
            n(PIECE),
            colour(pic, &b.side),
            n(x + PIECE / 2.0),
            n(y + PIECE - 3.5),
            esc(&b.face)
        );
    }
    for h in &st.hidden {
        let _ = writeln!(s, "<g><title>{}</title>", esc(&h.tip));
        let rim = if h.dark_rim { DARK_RIM } else { THIN_RIM };
        for _ in 0..h.count {
            let (x, y) = cell(i);
            i += 1;
            let _ = writeln!(
                s,
                r#"<rect class="hidden" x="{}" y="{}" width="{}" height="{}" rx="2" fill="{}" fill-opacity="0.8" {rim}/>"#,
                n(x),
                n(y),
                n(PIECE),
                n(PIECE),
                colour(pic, &h.side)
            );
        }
        s.push_str("</g>\n");
    }
}

/// One legend sample at the row ending at `y` (its text's baseline), `x` the panel's left.
fn glyph(s: &mut String, pic: &MapPicture, g: &Glyph, x: f64, y: f64) {
    match g {
        Glyph::Swatch(id) => {
            let _ = writeln!(
                s,
                r#"<rect x="{}" y="{}" width="22" height="11" rx="2" fill="{}"/>"#,
                n(x + 2.0),
                n(y - 10.0),
                colour(pic, id)
            );
        }
        Glyph::Disc { fill, rim, label } => {
            let _ = writeln!(
                s,
                r##"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="{}" stroke-width="2.5"/><text class="value" x="{}" y="{}" fill="#ffffff">{}</text>"##,
                n(x + 13.0),
                n(y - 4.5),
                n(DISC_R),
                colour(pic, fill),
                colour(pic, rim),
                n(x + 13.0),
                n(y - 0.7),
                esc(label)
            );
        }
        Glyph::Ring { ring, fill } => {
            let _ = writeln!(
                s,
                r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="3" stroke-dasharray="4 2.5"/><circle cx="{}" cy="{}" r="6" fill="{}"/>"#,
                n(x + 13.0),
                n(y - 4.5),
                n(DISC_R + 2.0),
                colour(pic, ring),
                n(x + 13.0),
                n(y - 4.5),
                colour(pic, fill)
            );
        }
        Glyph::Port | Glyph::Open | Glyph::Sea | Glyph::Line(_) => ground_glyph(s, g, x, y),
        Glyph::Piece { .. } | Glyph::HiddenPiece(_) | Glyph::RimmedPiece(_) => {
            piece_glyph(s, pic, g, x, y)
        }
        Glyph::Arrow { side, dash } => arrow_glyph(s, colour(pic, side), dash, x, y),
        Glyph::Badge(b) => badge(s, pic, b, x + 13.0, y - 4.5),
    }
}

/// A legend sample of the ground, in the map's own colours: a port, open country, a sea,
/// a link's line.
fn ground_glyph(s: &mut String, g: &Glyph, x: f64, y: f64) {
    match g {
        Glyph::Port => {
            let _ = writeln!(
                s,
                r##"<line class="offshore" x1="{}" y1="{}" x2="{}" y2="{}"/><circle cx="{}" cy="{}" r="6.5" fill="#fbf8f1" stroke="#1d4f8a" stroke-width="0.8"/>"##,
                n(x + 8.0),
                n(y - 4.5),
                n(x + 28.0),
                n(y - 4.5),
                n(x + 8.0),
                n(y - 4.5)
            );
            anchor(s, x + 8.0, y - 4.5, "anchor");
        }
        Glyph::Open => {
            let _ = writeln!(
                s,
                r##"<path d="M{} {} l6 6 l-6 6 l-6 -6 z" fill="#fbf8f1" stroke="#6b5f48" stroke-width="1.5"/>"##,
                n(x + 13.0),
                n(y - 10.5)
            );
        }
        Glyph::Sea => {
            let _ = writeln!(
                s,
                r#"<ellipse class="sea" cx="{}" cy="{}" rx="13" ry="8"/>"#,
                n(x + 13.0),
                n(y - 4.5)
            );
        }
        Glyph::Line(class) => {
            let _ = writeln!(
                s,
                r#"<line class="{}" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                esc(class),
                n(x),
                n(y - 4.5),
                n(x + 26.0),
                n(y - 4.5)
            );
        }
        _ => {}
    }
}

/// A legend sample of a piece: open with its face, hidden, or with a dark rim.
fn piece_glyph(s: &mut String, pic: &MapPicture, g: &Glyph, x: f64, y: f64) {
    let (side, extra, face) = match g {
        Glyph::Piece { side, face } => (side, "", Some(face)),
        Glyph::HiddenPiece(side) => (side, r#" fill-opacity="0.8""#, None),
        Glyph::RimmedPiece(side) => (side, r##" stroke="#111111" stroke-width="2""##, None),
        _ => return,
    };
    let _ = write!(
        s,
        r#"<rect x="{}" y="{}" width="{}" height="{}" rx="2" fill="{}"{extra}/>"#,
        n(x + 6.0),
        n(y - 11.0),
        n(PIECE),
        n(PIECE),
        colour(pic, side)
    );
    if let Some(face) = face {
        let _ = write!(
            s,
            r#"<text class="steps" x="{}" y="{}">{}</text>"#,
            n(x + 6.0 + PIECE / 2.0),
            n(y - 1.5),
            esc(face)
        );
    }
    s.push('\n');
}

/// A legend sample of a route's arrow in `mover`'s colour, dashed by `dash`.
fn arrow_glyph(s: &mut String, mover: &str, dash: &str, x: f64, y: f64) {
    let dash = if dash.is_empty() {
        String::new()
    } else {
        format!(r#" stroke-dasharray="{}""#, esc(dash))
    };
    let _ = writeln!(
        s,
        r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{mover}" stroke-width="3"{dash}/><path d="M{} {} l-9 -4.5 v9 z" fill="{mover}"/>"#,
        n(x),
        n(y - 4.5),
        n(x + 18.0),
        n(y - 4.5),
        n(x + 27.0),
        n(y - 4.5)
    );
}

/// The side panel: the legend, the notes, and the roster of pieces by place.
fn panel(s: &mut String, pic: &MapPicture, lang: Lang) {
    let x = PANEL_X;
    let mut y = MAP_Y + 4.0;
    s.push_str("<g id=\"legend\">\n");
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#ffffff" stroke="#c9bfa6"/>"##,
        n(x - 8.0),
        n(MAP_Y),
        n(PANEL_W),
        n(MAP_H)
    );
    legend(s, pic, &mut y);
    if !pic.notes.is_empty() {
        y += 8.0;
        panel_head(s, &mut y, lang.pick("Position", "Положение"));
        for note in &pic.notes {
            y += 16.0;
            let _ = writeln!(
                s,
                r#"<text class="pt" x="{}" y="{}">{}</text>"#,
                n(x),
                n(y),
                esc(note)
            );
        }
    }
    if let Some(roster) = &pic.dress.roster {
        y += 8.0;
        panel_head(
            s,
            &mut y,
            &roster.title.replace("{side}", &side_name(pic, &pic.side)),
        );
        roster_places(s, roster, y, lang);
    }
    s.push_str("</g>\n");
}

/// A heading of the panel, below `y`.
fn panel_head(s: &mut String, y: &mut f64, text: &str) {
    *y += 18.0;
    let _ = writeln!(
        s,
        r#"<text class="ph" x="{}" y="{}">{}</text>"#,
        n(PANEL_X),
        n(*y),
        esc(text)
    );
    *y += 8.0;
}

/// The game's legend, row by row from `y` down.
fn legend(s: &mut String, pic: &MapPicture, y: &mut f64) {
    let x = PANEL_X;
    let line = |s: &mut String, y: &mut f64, text: &str| {
        *y += 17.0;
        let _ = writeln!(
            s,
            r#"<text class="pt" x="{}" y="{}">{}</text>"#,
            n(x + 34.0),
            n(*y),
            esc(text)
        );
    };
    for row in &pic.dress.legend {
        match row {
            LegendRow::Head(text) => panel_head(s, y, text),
            LegendRow::Sides => {
                for (id, name) in &pic.sides {
                    line(s, y, name);
                    glyph(s, pic, &Glyph::Swatch(id.clone()), x, *y);
                }
            }
            LegendRow::Gap(g) => *y += g,
            LegendRow::Row(g, text) => {
                line(s, y, text);
                glyph(s, pic, g, x, *y);
            }
        }
    }
}

/// The roster's places from `y` down, each in bold with its pieces wrapped at the commas;
/// what does not fit above the panel's bottom is counted instead.
fn roster_places(s: &mut String, roster: &Roster, mut y: f64, lang: Lang) {
    let x = PANEL_X;
    let bottom = MAP_Y + MAP_H - 10.0;
    for (shown, (place, list)) in roster.places.iter().enumerate() {
        let lines = wrapped(place, list);
        if y + 14.0 * lines.len() as f64 > bottom {
            let rest = roster.places.len() - shown;
            y += 14.0;
            let _ = writeln!(
                s,
                r#"<text class="ps" x="{}" y="{}">{}</text>"#,
                n(x),
                n(y),
                esc(&lang.pick(
                    format!("… and {rest} more places (see the report)"),
                    format!("… и ещё мест: {rest} (см. отчёт)")
                ))
            );
            break;
        }
        for (i, l) in lines.iter().enumerate() {
            y += 14.0;
            if i == 0 {
                let _ = writeln!(
                    s,
                    r#"<text class="ps" x="{}" y="{}"><tspan font-weight="bold">{}:</tspan> {}</text>"#,
                    n(x),
                    n(y),
                    esc(place),
                    esc(l)
                );
            } else {
                let _ = writeln!(
                    s,
                    r#"<text class="ps" x="{}" y="{}">{}</text>"#,
                    n(x + 12.0),
                    n(y),
                    esc(l)
                );
            }
        }
    }
}

/// A roster place's pieces as lines that fit the panel: the first after the place's name,
/// the rest indented.
fn wrapped(place: &str, list: &[String]) -> Vec<String> {
    let width = PANEL_W - 24.0;
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    let lead = text_w(&format!("{place}: "), 11.0) + 4.0;
    for (i, item) in list.iter().enumerate() {
        let piece = if i + 1 < list.len() {
            format!("{item}, ")
        } else {
            item.clone()
        };
        let room = if lines.is_empty() {
            width - lead
        } else {
            width - 12.0
        };
        if !cur.is_empty() && text_w(&(cur.clone() + &piece), 11.0) > room {
            lines.push(std::mem::take(&mut cur));
        }
        cur.push_str(&piece);
    }
    lines.push(cur);
    lines
}
