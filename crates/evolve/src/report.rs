//! `report.html`: an inline SVG plot of best and mean fitness per generation, then the best
//! games: start position drawn as an SVG board, piece rules, goals and feature values.

use crate::run::{GenerationSummary, Individual, Options};
use std::fmt::Write;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The fitness plot.
pub fn fitness_svg(history: &[GenerationSummary]) -> String {
    let (w, h, m) = (480.0, 240.0, 36.0);
    let n = history.last().map_or(1, |g| g.generation.max(1));
    let x = |g: usize| m + (w - 2.0 * m) * g as f64 / n as f64;
    let y = |f: f64| h - m - (h - 2.0 * m) * f.clamp(0.0, 1.0);
    let mut s = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"##
    );
    let _ = write!(
        s,
        r##"<rect x="{m}" y="{m}" width="{}" height="{}" fill="none" stroke="#999"/>"##,
        w - 2.0 * m,
        h - 2.0 * m
    );
    for t in [0.0, 0.5, 1.0] {
        let _ = write!(
            s,
            r##"<text x="4" y="{}" font-size="11">{t:.1}</text>"##,
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

/// The start position of a game as an SVG board (white pieces uppercase on light discs, black
/// lowercase on dark discs).
pub fn board_svg(game: &sbg::Game) -> String {
    let c = 36.0;
    let (bw, bh) = (game.board.width, game.board.height);
    let (w, h) = (c * bw as f64, c * bh as f64);
    let mut s = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"##
    );
    for y in 0..bh {
        for x in 0..bw {
            let (px, py) = (c * x as f64, c * (bh - 1 - y) as f64);
            let fill = if (x + y) % 2 == 0 {
                "#b58863"
            } else {
                "#f0d9b5"
            };
            let _ = write!(
                s,
                r##"<rect x="{px}" y="{py}" width="{c}" height="{c}" fill="{fill}"/>"##
            );
            if let Some(p) = game.board.get(x, y) {
                let (disc, ink) = match p.side {
                    sbg::Side::White => ("#ffffff", "#000000"),
                    sbg::Side::Black => ("#222222", "#ffffff"),
                };
                let _ = write!(
                    s,
                    r##"<circle cx="{}" cy="{}" r="{}" fill="{disc}" stroke="#000"/><text x="{}" y="{}" font-size="18" text-anchor="middle" fill="{ink}" font-family="sans-serif">{}</text>"##,
                    px + c / 2.0,
                    py + c / 2.0,
                    c * 0.4,
                    px + c / 2.0,
                    py + c / 2.0 + 6.0,
                    p.letter()
                );
            }
        }
    }
    s.push_str("</svg>");
    s
}

/// The whole report.
pub fn html(options: &Options, history: &[GenerationSummary], best: &[Individual]) -> String {
    let mut s = String::from(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>rbgtool evolve report</title>\
         <style>body{font-family:sans-serif;max-width:60em;margin:1em auto}td,th{padding:2px 8px;text-align:left}\
         pre{background:#f4f4f4;padding:6px}</style></head><body>\n",
    );
    let _ = writeln!(
        s,
        "<h1>Evolution report</h1><p>{}x{} boards, population {}, {} generations, seed {}, \
         turn limit {}; alpha-beta depth {}, {} alpha-beta games, {} alpha-beta vs random games, \
         {} random playouts per game.</p>",
        options.width,
        options.height,
        options.population,
        options.generations,
        options.seed,
        options.turn_limit,
        options.sim.ab_depth,
        options.sim.ab_vs_ab,
        options.sim.ab_vs_random,
        options.sim.random_playouts
    );
    s.push_str("<h2>Fitness per generation</h2>\n");
    s.push_str(&fitness_svg(history));
    s.push_str("\n<table><tr><th>generation</th><th>best</th><th>mean</th><th>evaluated</th><th>unplayable</th><th>simulations</th><th>seconds</th></tr>\n");
    for g in history {
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td>{:.4}</td><td>{:.4}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1}</td></tr>",
            g.generation, g.best_fitness, g.mean_fitness, g.evaluated, g.unplayable, g.simulations, g.seconds
        );
    }
    s.push_str("</table>\n<h2>Best games</h2>\n");
    let last = history.last().map_or(0, |g| g.generation);
    for (k, ind) in best.iter().take(options.best_games.max(1)).enumerate() {
        let game = ind.genome.to_game(&crate::run::game_name(last, k + 1));
        let _ = writeln!(
            s,
            "<h3>{} — fitness {:.4}</h3>",
            esc(&game.name),
            ind.evaluation.fitness
        );
        s.push_str(&board_svg(&game));
        s.push_str("\n<ul>");
        for p in &ind.genome.pieces {
            let words: Vec<String> = p.blocks.iter().map(|b| b.describe()).collect();
            let _ = write!(
                s,
                "<li><b>{}</b> ({:?}): {}</li>",
                p.kind,
                p.class,
                esc(&words.join("; "))
            );
        }
        s.push_str("</ul>");
        let _ = writeln!(s, "\n<pre>{}</pre>", esc(&sbg::print(&game)));
        let f = &ind.evaluation.features;
        s.push_str("<table><tr><th>feature</th><th>value</th></tr>");
        for (name, v) in [
            ("playability", f.playability),
            ("min-max length", f.length),
            ("length difference", f.length_difference),
            ("width", f.width),
            ("min-max balance", f.minmax_balance),
            ("random balance", f.random_balance),
            ("strategy", f.strategy),
            ("complexity", f.complexity),
            ("reducibility", f.reducibility),
        ] {
            let _ = write!(s, "<tr><td>{name}</td><td>{v:.3}</td></tr>");
        }
        let st = &ind.evaluation.stats;
        let _ = writeln!(
            s,
            "</table><p>branching {:.1}; min-max length {:.2}, vs-random length {:.2} (of the turn limit); \
             min-max results W/B/D {:?}; alpha-beta wins vs random as white/black {:?} of {:?}; \
             usefulness {:?}</p>",
            st.branching,
            st.minmax_length,
            st.random_length,
            st.minmax_results,
            st.ab_wins_as,
            st.ab_games_as,
            ind.evaluation
                .feedback
                .usefulness
                .iter()
                .map(|(k, u)| format!("{k} {u:.2}"))
                .collect::<Vec<_>>()
        );
    }
    s.push_str("</body></html>\n");
    s
}
