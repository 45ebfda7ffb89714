//! SVG to PNG (resvg), for `show -o picture.png`: the same picture, rasterised, with the
//! system's fonts for the labels (a sans-serif one is preferred).

/// Most pixels rasterised (an 8000 × 8000 picture).
const MAX_PIXELS: u64 = 64_000_000;

/// Why a picture is not rasterised.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The text is not SVG resvg reads.
    #[error(transparent)]
    Svg(#[from] resvg::usvg::Error),
    /// The scaled size does not fit in pixel dimensions.
    #[error("picture too large")]
    Unscalable,
    #[error("picture too large to rasterise ({width}x{height} pixels)")]
    TooManyPixels { width: u32, height: u32 },
    #[error("picture has no area")]
    NoArea,
    /// The PNG encoder failed (its error type is the `png` crate's, not a dependency here).
    #[error(transparent)]
    Encode(Box<dyn std::error::Error + Send + Sync>),
}

/// The PNG bytes of an SVG picture drawn at `scale` (1.0: one pixel per SVG unit).
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>, PngError> {
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
    let tree = resvg::usvg::Tree::from_str(svg, &options)?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or(PngError::Unscalable)?;
    if u64::from(size.width()) * u64::from(size.height()) > MAX_PIXELS {
        return Err(PngError::TooManyPixels {
            width: size.width(),
            height: size.height(),
        });
    }
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(size.width(), size.height()).ok_or(PngError::NoArea)?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    let transform = resvg::tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| PngError::Encode(e.into()))
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
        assert!(matches!(svg_to_png("<svg", 1.0), Err(PngError::Svg(_))));
        let huge = r##"<svg xmlns="http://www.w3.org/2000/svg" width="9000" height="9000"/>"##;
        let e = svg_to_png(huge, 1.0).unwrap_err();
        assert!(matches!(
            e,
            PngError::TooManyPixels {
                width: 9000,
                height: 9000
            }
        ));
        assert_eq!(
            e.to_string(),
            "picture too large to rasterise (9000x9000 pixels)"
        );
    }
}
