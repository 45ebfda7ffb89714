//! Generates the SBG parser from the shared grammar folder.

fn main() {
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    lalrpop::Configuration::new()
        .set_out_dir(out_dir)
        .emit_rerun_directives(true)
        .process_file("../../grammars/sbg.lalrpop")
        .expect("the SBG grammar compiles");
}
