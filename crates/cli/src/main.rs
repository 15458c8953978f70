//! `plakoto`: the command line. Thin by design: parse arguments, call the
//! libraries, print. Errors go to stderr with a non-zero exit status.

mod cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "plakoto",
    version,
    about = "Plakoto (Πλακωτό), the Greek tables game of pinning: rules, play and analysis"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Moves(cmd::moves::Args),
    Perft(cmd::perft::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Moves(a) => cmd::moves::run(a),
        Command::Perft(a) => cmd::perft::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("plakoto: {e:#}");
            ExitCode::FAILURE
        }
    }
}
