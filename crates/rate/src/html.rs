//! The report as a standalone HTML page with inline SVG: shares with their intervals against
//! the thresholds, length histograms per pairing, how games ended, piece usefulness.

use crate::report::Report;
use crate::stats::{LengthStats, Share};
use std::fmt::Write as _;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A horizontal bar from 0 to 100 % with the value, its interval and the wanted zone.
fn share_svg(label: &str, s: &Share, zone: (f64, f64)) -> String {
    let (w, x0) = (400.0, 130.0);
    let x = |v: f64| x0 + w * v.clamp(0.0, 1.0);
    let mut out = format!(r#"<svg width="{}" height="28" role="img">"#, x0 + w + 90.0);
    let _ = write!(
        out,
        r##"<text x="0" y="18" font-size="13">{}</text><rect x="{x0}" y="6" width="{w}" height="16" fill="#eee"/><rect x="{:.1}" y="6" width="{:.1}" height="16" fill="#cfc"/><line x1="{:.1}" x2="{:.1}" y1="14" y2="14" stroke="#333" stroke-width="2"/><circle cx="{:.1}" cy="14" r="5" fill="#36c"/><text x="{:.1}" y="18" font-size="12">{:.0}% ({}/{})</text></svg>"##,
        esc(label),
        x(zone.0),
        x(zone.1) - x(zone.0),
        x(s.low),
        x(s.high),
        x(s.value),
        x0 + w + 6.0,
        100.0 * s.value,
        s.count,
        s.n
    );
    out
}

fn histogram_svg(l: &LengthStats) -> String {
    let peak = l.histogram.iter().copied().max().unwrap_or(0).max(1);
    let (bw, h) = (30.0, 60.0);
    let mut out = format!(
        r#"<svg width="{}" height="{}" role="img">"#,
        bw * 10.0 + 10.0,
        h + 18.0
    );
    for (i, &c) in l.histogram.iter().enumerate() {
        let bh = h * f64::from(c) / f64::from(peak);
        let _ = write!(
            out,
            r##"<rect x="{:.0}" y="{:.1}" width="{:.0}" height="{:.1}" fill="#69c"><title>{c} game{}</title></rect>"##,
            i as f64 * bw,
            h - bh,
            bw - 2.0,
            bh,
            if c == 1 { "" } else { "s" }
        );
    }
    let _ = write!(
        out,
        r#"<text x="0" y="{}" font-size="11">0</text><text x="{}" y="{}" font-size="11" text-anchor="end">{} plies</text></svg>"#,
        h + 14.0,
        bw * 10.0,
        h + 14.0,
        l.scale
    );
    out
}

/// The page.
pub fn html(r: &Report) -> String {
    let t = &r.options.thresholds;
    let mut out = format!(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>rate: {0}</title></head>\
         <body style=\"font-family:sans-serif\"><h1>{0}</h1><p>strong {1}, weak {2}, {3} random \
         opening plies, seed {4}; {5} games, {6} distinct; branching {7:.1}</p>",
        esc(&r.game),
        r.options.strong,
        r.options.weak,
        r.options.opening_plies,
        r.options.seed,
        r.games,
        r.distinct_games,
        r.branching
    );
    out.push_str("<h2>Measures (dot: value, line: 95% interval, green: wanted)</h2>");
    out.push_str(&share_svg("decisive", &r.decisiveness, (t.decisive, 1.0)));
    out.push_str("<br>");
    out.push_str(&share_svg("first player", &r.balance, t.balance));
    out.push_str("<br>");
    out.push_str(&share_svg("stronger wins", &r.skill, (t.skill, 1.0)));
    out.push_str("<br>");
    out.push_str(&share_svg("search vs random", &r.strategy, (0.5, 1.0)));
    out.push_str("<h2>Game lengths and ends</h2><table border=1 cellpadding=4>");
    out.push_str("<tr><th>pairing</th><th>lengths</th><th>min/median/max</th><th>ends</th></tr>");
    for p in &r.pairings {
        let ends: Vec<String> = p
            .ends
            .iter()
            .map(|(e, n)| format!("{}: {n}", e.describe()))
            .collect();
        let _ = write!(
            out,
            "<tr><td>{:?}<br>{} vs {}</td><td>{}</td><td>{}/{}/{}</td><td>{}</td></tr>",
            p.pairing,
            esc(&p.players[0]),
            esc(&p.players[1]),
            histogram_svg(&p.length),
            p.length.min,
            p.length.median,
            p.length.max,
            ends.join("<br>")
        );
    }
    out.push_str("</table>");
    if !r.pieces.is_empty() {
        out.push_str("<h2>Pieces</h2><table border=1 cellpadding=4><tr><th>piece</th><th>can move</th><th>can capture</th><th>usefulness</th></tr>");
        for p in &r.pieces {
            let _ = write!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.1}%</td></tr>",
                p.fixed.kind,
                p.fixed.can_move,
                p.fixed.can_capture,
                100.0 * p.usefulness
            );
        }
        out.push_str("</table>");
    }
    out.push_str("<h2>Flags</h2><ul>");
    for f in &r.flags {
        let _ = write!(out, "<li><b>{}</b>: {}</li>", f.code, esc(&f.message));
    }
    if r.flags.is_empty() {
        out.push_str("<li>none</li>");
    }
    out.push_str("</ul>");
    if let Some(s) = &r.sample {
        let _ = write!(
            out,
            "<h2>Sample game (equal players)</h2><p>{}</p><pre>{}</pre><p>{}</p>",
            esc(&s.moves.join(" ")),
            esc(s.final_position.as_deref().unwrap_or("")),
            s.end.describe()
        );
    }
    out.push_str("</body></html>\n");
    out
}
