//! `harness slurm` on a real one-node Slurm (scripts/slurm-local.sh), started once for two
//! phases: a 3-task job array of instances/quick.toml and the merge job, each granted the
//! memory its `#SBATCH --mem` asks for, give a single run's CSVs; and a class of 6
//! generated hand-ins judged with `harness slurm --judge` as a 3-task array and the table
//! job gives the verdicts, style findings and class table of a single local
//! `harness judge`. Ignored by default (it installs and starts daemons as root);
//! `.ci/run` runs it. Where Slurm cannot start on the machine the script exits 3 and the
//! test says so instead of failing.

#[test]
#[ignore = "starts Slurm daemons (root); run by .ci/run"]
fn slurm_job_arrays_of_a_run_and_of_a_class_judge_equal_a_single_run_and_judge() {
    let dir = tempfile::tempdir().unwrap();
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/slurm-local.sh");
    let out = std::process::Command::new("bash")
        .arg(&script)
        .arg(dir.path())
        .arg("run,judge")
        .env("HARNESS_BIN", env!("CARGO_BIN_EXE_harness"))
        .output()
        .expect("run slurm-local.sh");
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) => {
            for line in stderr.lines().filter(|l| l.starts_with("slurm-local: ") && !l.starts_with("slurm-local: ---"))
            {
                eprintln!("{line}");
            }
            assert!(stderr.contains("merged results of the 3-task array equal a single run's"), "{stderr}");
            assert!(stderr.contains("the class table of the 3-task judge array equals a single judge's"), "{stderr}");
            assert!(
                stderr.contains("rows of 6 submissions (build-failed 1, built 5)"),
                "the class is judged as made: {stderr}"
            );
        }
        Some(3) => eprintln!("Slurm could not be started on this machine; not tested here:\n{stderr}"),
        code => panic!("slurm-local.sh exited {code:?}:\n{stderr}"),
    }
}
