//! The `harness` binary: the command line of [`harness::cli`].

fn main() -> std::process::ExitCode {
    harness::cli::main()
}
