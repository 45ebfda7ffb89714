//! `report.html`: an inline SVG plot of best and mean fitness per generation, then the best
//! games: start position drawn as an SVG board, piece rules, goals and feature values.

use crate::model::{GenerationSummary, Individual, Options};

use std::fmt::Write;

/// The fitness plot.
pub fn fitness_svg(history: &[GenerationSummary]) -> String {
    let (w, h, m) = (480.0, 240.0, 36.0);
    let n = history.last().map_or(1, |g| g.generation.max(1));
    let x = |g: usize| m + (w - 2.0 * m) * g as f64 / n as f64;
    // The y axis starts a little below the lowest mean, so progress near 1 stays visible.
    let lowest = history
        .iter()
        .map(|g| g.mean_fitness)
        .fold(1.0f64, f64::min);
    let lo = ((lowest * 10.0).floor() / 10.0).clamp(0.0, 0.9);
    let y = |f: f64| h - m - (h - 2.0 * m) * ((f - lo) / (1.0 - lo)).clamp(0.0, 1.0);
    let mut s = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"##
    );
    let _ = write!(
        s,
        r##"<rect x="{m}" y="{m}" width="{}" height="{}" fill="none" stroke="#999"/>"##,
        w - 2.0 * m,
        h - 2.0 * m
    );
    for t in [lo, (lo + 1.0) / 2.0, 1.0] {
        let _ = write!(
            s,
            r##"<text x="4" y="{}" font-size="11">{t:.2}</text>"##,
            y(t) + 4.0
        );
    }
    let last = history.last().map_or(0, |g| g.generation);
    let mut ticks = vec![0, last / 2, last];
    ticks.dedup();
    for t in ticks {
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="11" text-anchor="middle">{t}</text>"##,
            x(t),
            h - m + 14.0
        );
    }
    let _ = write!(
        s,
        r##"<text x="{}" y="{}" font-size="11">generation</text>"##,
        w / 2.0 - 30.0,
        h - 8.0
    );
    for (label, colour, get) in [
        (
            "best",
            "#c0392b",
            (|g: &GenerationSummary| g.best_fitness) as fn(&_) -> f64,
        ),
        ("mean", "#2471a3", |g: &GenerationSummary| g.mean_fitness),
    ] {
        let pts: Vec<String> = history
            .iter()
            .map(|g| format!("{:.1},{:.1}", x(g.generation), y(get(g))))
            .collect();
        let _ = write!(
            s,
            r##"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"><title>{label}</title></polyline>"##,
            pts.join(" ")
        );
    }
    let _ = write!(
        s,
        r##"<text x="{}" y="20" font-size="12" fill="#c0392b">best</text><text x="{}" y="20" font-size="12" fill="#2471a3">mean</text></svg>"##,
        m,
        m + 50.0
    );
    s
}

/// The whole report.
pub fn html(options: &Options, history: &[GenerationSummary], best: &[Individual]) -> String {
    let mut s = String::from(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>rbgtool evolve report</title>\
         <style>body{font-family:sans-serif;max-width:60em;margin:1em auto}td,th{padding:2px 8px;text-align:left}\
         pre{background:#f4f4f4;padding:6px}</style></head><body>\n",
    );
    let sim = &options.sim;
    let _ = writeln!(
        s,
        "<h1>Evolution report</h1><p>{}x{} boards, population {}, {} generations, seed {}, \
         turn limit {}; per evaluation {} games between equal alpha-beta:{} players, {} \
         alpha-beta:{} vs alpha-beta:{}, {} alpha-beta:{} vs random ({} random opening plies); \
         each individual evaluated up to {} times.</p>",
        options.width,
        options.height,
        options.population,
        options.generations,
        options.seed,
        options.turn_limit,
        sim.equal_games,
        sim.strong_depth,
        sim.gradient_games,
        sim.strong_depth,
        sim.weak_depth,
        sim.strategy_games,
        sim.strong_depth,
        sim.opening_plies,
        options.evaluations
    );
    s.push_str("<h2>Fitness per generation</h2>\n");
    s.push_str(&fitness_svg(history));
    s.push_str(&crate::report_designer::trends_table(history));
    s.push_str(&crate::report_designer::best_games(options, history, best));
    s.push_str("</body></html>\n");
    s
}
