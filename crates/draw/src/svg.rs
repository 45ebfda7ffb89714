//! A minimal SVG writer: enough for boards, no dependency.

use std::fmt::Write;

/// The outline of a cell (see [`Svg::target`]).
pub enum Area {
    Rect { x: f64, y: f64, w: f64, h: f64 },
    Circle { cx: f64, cy: f64, r: f64 },
    Polygon(Vec<(f64, f64)>),
}

pub struct Svg {
    body: String,
    width: f64,
    height: f64,
}

pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Svg {
    pub fn new(width: f64, height: f64) -> Svg {
        Svg {
            body: String::new(),
            width,
            height,
        }
    }

    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: &str) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" fill="{fill}" stroke="{stroke}"/>"#
        );
    }

    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str, stroke: &str) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>"#
        );
    }

    /// A circle with a stroke of the given width.
    pub fn circle_styled(
        &mut self,
        cx: f64,
        cy: f64,
        r: f64,
        fill: &str,
        stroke: &str,
        width: f64,
    ) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{fill}" stroke="{stroke}" stroke-width="{width:.1}"/>"#
        );
    }

    /// A path (SVG path data) with round joins.
    pub fn path(&mut self, d: &str, fill: &str, stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            r#"<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{width:.1}" stroke-linejoin="round" stroke-linecap="round"/>"#
        );
    }

    /// What follows until [`Svg::close_group`] is moved by (`x`, `y`) and scaled by `scale`.
    pub fn open_group(&mut self, x: f64, y: f64, scale: f64) {
        let _ = writeln!(
            self.body,
            r#"<g transform="translate({x:.2} {y:.2}) scale({scale:.4})">"#
        );
    }

    pub fn close_group(&mut self) {
        self.body.push_str("</g>\n");
    }

    /// A line with a width and round ends.
    pub fn thick_line(&mut self, from: (f64, f64), to: (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{stroke}" stroke-width="{width:.1}" stroke-linecap="round"/>"#,
            from.0, from.1, to.0, to.1
        );
    }

    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, stroke: &str) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}"/>"#
        );
    }

    pub fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: &str) {
        let pts: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        let _ = writeln!(
            self.body,
            r#"<polygon points="{}" fill="{fill}" stroke="{stroke}"/>"#,
            pts.join(" ")
        );
    }

    pub fn text(&mut self, x: f64, y: f64, size: f64, fill: &str, text: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size:.1}" fill="{fill}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif">{}</text>"#,
            escape(text)
        );
    }

    /// Text starting at `x` (left-aligned), for legends.
    pub fn text_start(&mut self, x: f64, y: f64, size: f64, fill: &str, text: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size:.1}" fill="{fill}" text-anchor="start" dominant-baseline="central" font-family="sans-serif">{}</text>"#,
            escape(text)
        );
    }

    /// An invisible shape over a cell, for a page that lets people click squares: `class="sq"`
    /// and `data-sq="NAME"` (the page styles and reads them), the name as its tooltip.
    pub fn target(&mut self, area: &Area, name: &str) {
        let name = escape(name);
        let shape = match area {
            Area::Rect { x, y, w, h } => {
                format!(r#"rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}""#)
            }
            Area::Circle { cx, cy, r } => format!(r#"circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}""#),
            Area::Polygon(points) => {
                let pts: Vec<String> = points
                    .iter()
                    .map(|(x, y)| format!("{x:.1},{y:.1}"))
                    .collect();
                format!(r#"polygon points="{}""#, pts.join(" "))
            }
        };
        let tag = shape.split(' ').next().unwrap_or("rect");
        let _ = writeln!(
            self.body,
            r##"<{shape} class="sq" data-sq="{name}" fill="#000" fill-opacity="0"><title>{name}</title></{tag}>"##
        );
    }

    pub fn finish(self, title: &str) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\">\n<title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{}</svg>\n",
            escape(title),
            self.body,
            w = self.width,
            h = self.height
        )
    }
}
