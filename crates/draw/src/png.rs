//! SVG to PNG (resvg), for `show -o picture.png`: the same picture, rasterised, with the
//! system's fonts for the labels (a sans-serif one is preferred).

/// The PNG bytes of an SVG picture drawn at `scale` (1.0: one pixel per SVG unit).
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>, String> {
    let mut options = resvg::usvg::Options::default();
    let db = options.fontdb_mut();
    db.load_system_fonts();
    // fontdb's generic families name fonts (Arial, Times New Roman, ...) that free systems
    // rarely have: map them to a family this system has.
    let families: Vec<String> = db
        .faces()
        .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
        .collect();
    let prefer = ["DejaVu Sans", "Liberation Sans", "Noto Sans", "FreeSans"];
    let sans = prefer
        .iter()
        .find(|p| families.iter().any(|f| f == *p))
        .map(|p| p.to_string())
        .or_else(|| families.first().cloned());
    if let Some(family) = sans {
        db.set_sans_serif_family(family.clone());
        db.set_serif_family(family);
    }
    let tree = resvg::usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or("picture too large")?;
    if u64::from(size.width()) * u64::from(size.height()) > 64_000_000 {
        return Err(format!(
            "picture too large to rasterise ({}x{} pixels)",
            size.width(),
            size.height()
        ));
    }
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("picture has no area")?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    let transform = resvg::tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_becomes_a_png_of_its_size() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect x="0" y="0" width="20" height="10" fill="#000"/></svg>"##;
        let png = svg_to_png(svg, 2.0).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        // IHDR width and height, big-endian, at bytes 16..24.
        assert_eq!(u32::from_be_bytes(png[16..20].try_into().unwrap()), 40);
        assert_eq!(u32::from_be_bytes(png[20..24].try_into().unwrap()), 20);
        assert!(svg_to_png("<svg", 1.0).is_err());
    }
}
