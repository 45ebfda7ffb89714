//! Move-by-move cross-check of the SBG translations: 100 random game records of every SBG
//! corpus game, played on the native engine and written in SBG notation, replay on the RBG
//! translation (`convert::sbg_to_ir`) and on the GDL translation (`convert::sbg_to_gdl`): every
//! move maps to a legal move there (`convert::moves`), the number of legal moves agrees at
//! every state, and the games end at the same move with the same scores.

use game::record::Record;
use game::GameState;
use rand::Rng as _;
use rbgtool_tests::repo_root;

const RECORDS: u64 = 100;

/// A random game on the native engine as a record (moves in notation, final scores), plus
/// the number of legal moves at every state.
fn random_record(e: &mut sbg::Engine, seed: u64) -> (Record, Vec<usize>) {
    let mut rng = game::rng_from_seed(seed);
    let mut moves = Vec::new();
    let mut played = Vec::new();
    let mut counts = Vec::new();
    loop {
        e.legal_moves(&mut moves);
        counts.push(moves.len());
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        played.push(e.move_to_text(&mv));
        e.apply(&mv);
    }
    let record = Record {
        moves: played,
        result: Some(e.scores()),
        ..Record::default()
    };
    for _ in 0..record.moves.len() {
        e.undo();
    }
    (record, counts)
}

/// Replays a record on another engine; `map` writes an SBG move in its notation.
fn replay<G: GameState>(
    g: &mut G,
    record: &Record,
    counts: &[usize],
    map: fn(&str) -> Option<String>,
) -> Result<(), String> {
    let mut moves = Vec::new();
    let mut applied = 0;
    let result = (|| {
        for (i, text) in record.moves.iter().enumerate() {
            g.legal_moves(&mut moves);
            if moves.len() != counts[i] {
                return Err(format!(
                    "before move {} ({text}): {} legal moves, SBG has {}",
                    i + 1,
                    moves.len(),
                    counts[i]
                ));
            }
            let mapped = map(text).ok_or_else(|| format!("`{text}` does not map"))?;
            let mv = g
                .move_from_text(&mapped)
                .map_err(|e| format!("move {} ({text} as {mapped}): {e}", i + 1))?;
            g.apply(&mv);
            applied += 1;
        }
        g.legal_moves(&mut moves);
        if !moves.is_empty() {
            return Err(format!("not over after {} moves", record.moves.len()));
        }
        if Some(g.scores()) != record.result {
            return Err(format!("scores {:?}, SBG {:?}", g.scores(), record.result));
        }
        Ok(())
    })();
    for _ in 0..applied {
        g.undo();
    }
    result
}

#[test]
fn sbg_records_replay_on_the_rbg_and_gdl_translations() {
    let dir = repo_root().join("corpus/sbg");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sbg"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "the SBG corpus is there");
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (g, _) = sbg::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        let mut native = sbg::Engine::new(&g).unwrap();
        let ir = convert::sbg_to_ir(&g).unwrap();
        let r = reasoner::Reasoner::new(&ir).unwrap();
        let mut rbg = r.initial_state().unwrap();
        let kif = convert::sbg_to_gdl(&g).unwrap();
        let (desc, _) = gdl::parse_and_check(&kif).unwrap();
        let mut gdl = gdl::Engine::new(&desc).unwrap();
        for seed in 0..RECORDS {
            let (record, counts) = random_record(&mut native, seed);
            let record = game::record::parse(&game::record::print(&record)).unwrap();
            if let Err(e) = replay(&mut rbg, &record, &counts, convert::moves::sbg_move_to_rbg) {
                failures.push(format!("{name} record {seed} on RBG: {e}"));
            }
            if let Err(e) = replay(&mut gdl, &record, &counts, convert::moves::sbg_move_to_gdl) {
                failures.push(format!("{name} record {seed} on GDL: {e}"));
            }
            if failures.len() > 10 {
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
