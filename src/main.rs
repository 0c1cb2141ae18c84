//! The `judge` binary: see [`judge::cli`].

fn main() -> std::process::ExitCode {
    judge::cli::main()
}
