//! `tavli`: the command line. Thin by design: parse arguments, call the
//! libraries, print. Errors go to stderr with a non-zero exit status.

mod cmd;
mod records;
mod user_data;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "tavli",
    version,
    about = "Tavli (Τάβλι), the Greek match of three tables games (Portes, Plakoto and Fevga): play, analysis \
             and a server"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Moves(cmd::moves::Args),
    Perft(cmd::perft::Args),
    Play(cmd::play::Args),
    Replay(cmd::replay::Args),
    Verify(cmd::verify::Args),
    Eval(cmd::eval::Args),
    Hint(cmd::hint::Args),
    Duel(cmd::duel::Args),
    Engine(cmd::engine::Args),
    Train(cmd::train::Args),
    Ensemble(cmd::train::EnsembleArgs),
    Distill(cmd::distill::Args),
    Dataset(cmd::dataset::Args),
    Bench(cmd::bench::Args),
    Serve(cmd::serve::Args),
    Bearoff(cmd::bearoff::Args),
    Rollout(cmd::rollout::Args),
    RolloutMerge(cmd::rollout::MergeArgs),
    Benchmark(cmd::benchmark::Args),
    BenchPlay(cmd::benchmark::PlayArgs),
    Review(cmd::review::Args),
    Met(cmd::met::Args),
}

/// For a command whose only output is what it prints, a closed standard
/// output (its reader, such as `head`, is done) ends the process quietly, as
/// Unix tools do; Rust ignores SIGPIPE, so `println!` would panic instead.
/// Commands that talk to other processes or to the network keep ignoring
/// it: a player or a client that goes away is an error they report.
fn end_quietly_on_closed_stdout(command: &Command) {
    let prints_only = matches!(
        command,
        Command::Moves(_)
            | Command::Perft(_)
            | Command::Replay(_)
            | Command::Verify(_)
            | Command::Eval(_)
            | Command::Hint(_)
            | Command::Bench(_)
            | Command::Bearoff(_)
            | Command::Rollout(_)
            | Command::RolloutMerge(_)
            | Command::BenchPlay(_)
            | Command::Review(_)
            | Command::Met(_)
    ) || matches!(command, Command::Distill(d) if d.prints_only());
    #[cfg(unix)]
    if prints_only {
        // SAFETY: restoring a signal's default action before any thread
        // starts has no other effect.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
    #[cfg(not(unix))]
    let _ = prints_only;
}

/// Set by the `plakoto` binary, the command's old name, when it runs this one.
const CALLED_AS_VAR: &str = "TAVLI_CALLED_AS";

/// The command line, named as it was called: `plakoto`, the old name, says so.
fn parse() -> Cli {
    use clap::{CommandFactory, FromArgMatches};
    let mut command = Cli::command();
    if std::env::var_os(CALLED_AS_VAR).is_some_and(|v| v == "plakoto") {
        command = command.name("plakoto").bin_name("plakoto").before_help(
            "`plakoto` is the old name of this command: it is `tavli` now, and `plakoto` goes away in a \
             later release.",
        );
    }
    let matches = command.try_get_matches().unwrap_or_else(|e| exit_quoting_briefly(e));
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| exit_quoting_briefly(e))
}

/// Ends the process with the argument parser's error (or its help), where
/// any long argument the error repeats is quoted as a bounded excerpt
/// (`tavli_core::quote::excerpt`): the parser quotes a bad value whole.
fn exit_quoting_briefly(e: clap::Error) -> ! {
    use tavli_core::quote::{EXCERPT_CHARS, excerpt};
    let long: Vec<String> = std::env::args().filter(|a| a.chars().count() > EXCERPT_CHARS).collect();
    if long.is_empty() || !e.use_stderr() {
        e.exit()
    }
    let mut said = e.render().to_string();
    for arg in &long {
        said = said.replace(arg.as_str(), &excerpt(arg));
    }
    eprint!("{said}");
    std::process::exit(e.exit_code())
}

fn main() -> ExitCode {
    let cli = parse();
    end_quietly_on_closed_stdout(&cli.command);
    let result = match cli.command {
        Command::Moves(a) => cmd::moves::run(a),
        Command::Perft(a) => cmd::perft::run(a),
        Command::Play(a) => cmd::play::run(a),
        Command::Replay(a) => cmd::replay::run(a),
        Command::Verify(a) => cmd::verify::run(a),
        Command::Eval(a) => cmd::eval::run(a),
        Command::Hint(a) => cmd::hint::run(a),
        Command::Duel(a) => cmd::duel::run(a),
        Command::Engine(a) => cmd::engine::run(a),
        Command::Train(a) => cmd::train::run(a),
        Command::Ensemble(a) => cmd::train::ensemble(a),
        Command::Distill(a) => cmd::distill::run(a),
        Command::Dataset(a) => cmd::dataset::run(a),
        Command::Bench(a) => cmd::bench::run(a),
        Command::Serve(a) => cmd::serve::run(a),
        Command::Bearoff(a) => cmd::bearoff::run(a),
        Command::Rollout(a) => cmd::rollout::run(a),
        Command::RolloutMerge(a) => cmd::rollout::merge(a),
        Command::Benchmark(a) => cmd::benchmark::run(a),
        Command::BenchPlay(a) => cmd::benchmark::play(a),
        Command::Review(a) => cmd::review::run(a),
        Command::Met(a) => cmd::met::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tavli: {e:#}");
            ExitCode::FAILURE
        }
    }
}
