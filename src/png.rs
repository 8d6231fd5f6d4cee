//! The map as a PNG image, rendered in-process from its SVG (`dikast show VIEW --format
//! png`, and beside the SVG in every player's mail): many mail clients show no SVG.
//!
//! resvg draws the SVG; the text is set in the DejaVu Sans faces embedded in the binary
//! (`assets/fonts/`, Bitstream Vera licence), never in the machine's fonts, so the same
//! SVG gives the same PNG bytes on every machine (deterministic, like every other output)
//! and Greek, Latin and Cyrillic names all have their glyphs.

use crate::error::Failure;
use resvg::{tiny_skia, usvg};
use std::sync::{Arc, OnceLock};

/// The embedded faces: regular and bold (italic text is drawn upright in the regular).
const FONTS: [&[u8]; 2] = [
    include_bytes!("../assets/fonts/DejaVuSans.ttf"),
    include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf"),
];

/// The family every generic name (`sans-serif`, …) resolves to.
const FAMILY: &str = "DejaVu Sans";

/// The largest image drawn, in pixels per side (a hostile SVG cannot ask for more).
const MAX_SIDE: u32 = 8192;

fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        for f in FONTS {
            db.load_font_data(f.to_vec());
        }
        db.set_sans_serif_family(FAMILY);
        db.set_serif_family(FAMILY);
        db.set_monospace_family(FAMILY);
        db.set_cursive_family(FAMILY);
        db.set_fantasy_family(FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// The PNG of an SVG document at its own size (its `viewBox`, one pixel per unit).
pub fn render(svg: &str) -> Result<Vec<u8>, Failure> {
    render_scaled(svg, 1.0)
}

/// The PNG of an SVG document, `scale` pixels per unit of its `viewBox`.
pub fn render_scaled(svg: &str, scale: f32) -> Result<Vec<u8>, Failure> {
    let opt = usvg::Options {
        font_family: FAMILY.to_string(),
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opt)
        .map_err(|e| Failure::Refused(format!("the map cannot be drawn as PNG: {e}")))?;
    let size = tree.size();
    let px = |v: f32| (v * scale).ceil().clamp(1.0, MAX_SIDE as f32) as u32;
    let (w, h) = (px(size.width()), px(size.height()));
    let mut pixmap = tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| Failure::Refused(format!("the map cannot be drawn at {w}×{h}")))?;
    let sx = w as f32 / size.width();
    let sy = h as f32 / size.height();
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(sx, sy),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| Failure::Io(format!("the map's PNG cannot be encoded: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_text_with_the_embedded_font_and_the_same_bytes_twice() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 120 40"><rect width="120" height="40" fill="#ffffff"/><text x="4" y="28" font-family="sans-serif" font-size="20">Αθῆναι Афины</text></svg>"##;
        let a = render(svg).unwrap();
        assert_eq!(a, render(svg).unwrap());
        assert_eq!(&a[..8], b"\x89PNG\r\n\x1a\n");
        // Width and height from the viewBox (IHDR), though width is a percentage.
        let w = u32::from_be_bytes([a[16], a[17], a[18], a[19]]);
        let h = u32::from_be_bytes([a[20], a[21], a[22], a[23]]);
        assert_eq!((w, h), (120, 40));
        // The text was drawn: an image without it differs.
        let blank = render(&svg.replace("Αθῆναι Афины", "")).unwrap();
        assert_ne!(a, blank);
    }

    #[test]
    fn a_broken_svg_is_refused_not_a_panic() {
        assert!(render("<svg").is_err());
        assert!(render("not xml at all").is_err());
    }
}
