//! The `judge` binary: see [`judge::cli`].

fn main() -> std::process::ExitCode {
    quiet_output_errors();
    judge::cli::main()
}

/// Output that can't be written is not a bug: a reader that closed the pipe (`judge test | head`)
/// ends the program quietly with the status a shell shows for a broken pipe (128 + SIGPIPE);
/// any other write error (a full disk) is exit 2 with a message. Everything else that panics is
/// a bug and keeps the default report.
fn quiet_output_errors() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let msg = info.payload().downcast_ref::<String>().map(String::as_str).or_else(|| info.payload().downcast_ref::<&str>().copied()).unwrap_or("");
        if let Some(why) = msg.strip_prefix("failed printing to stdout: ") {
            if why.starts_with("Broken pipe") {
                std::process::exit(141);
            }
            eprintln!("error: cannot write the output: {why}");
            std::process::exit(2);
        }
        default(info);
    }));
}
