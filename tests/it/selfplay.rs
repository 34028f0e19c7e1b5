//! `hijara selfplay`: output shape and reproducibility for a seed.

fn selfplay(args: &[&str]) -> String {
    let output = crate::common::hijara()
        .arg("selfplay")
        .args(args)
        .output()
        .expect("selfplay runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("utf-8 output")
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&selfplay(&all)).expect("one JSON object")
}

/// The results without the timings, which vary from run to run.
fn results(v: &serde_json::Value) -> Vec<serde_json::Value> {
    [
        "games",
        "blue_wins",
        "yellow_wins",
        "draws",
        "blue_avg",
        "yellow_avg",
    ]
    .iter()
    .map(|k| v[k].clone())
    .collect()
}

#[test]
fn json_has_exactly_the_documented_keys() {
    let v = json(&["--blue", "easy", "--yellow", "random", "--games", "4"]);
    let mut keys: Vec<&str> = v
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "blue_avg",
            "blue_ms_avg",
            "blue_ms_max",
            "blue_wins",
            "draws",
            "games",
            "yellow_avg",
            "yellow_ms_avg",
            "yellow_ms_max",
            "yellow_wins"
        ]
    );
    assert_eq!(v["games"], 4);
    let total = v["blue_wins"].as_u64().unwrap()
        + v["yellow_wins"].as_u64().unwrap()
        + v["draws"].as_u64().unwrap();
    assert_eq!(total, 4);
}

#[test]
fn the_same_seed_plays_the_same_games() {
    for (blue, yellow) in [("medium", "easy"), ("random", "medium"), ("easy", "random")] {
        let args = [
            "--blue", blue, "--yellow", yellow, "--games", "6", "--seed", "42",
        ];
        assert_eq!(
            results(&json(&args)),
            results(&json(&args)),
            "{blue} v {yellow}"
        );
    }
    // Hard with a node budget instead of the clock is reproducible too.
    let args = [
        "--blue", "hard", "--yellow", "easy", "--games", "1", "--seed", "7", "--nodes", "3000",
    ];
    assert_eq!(results(&json(&args)), results(&json(&args)));
}

#[test]
fn different_seeds_play_different_games() {
    let a = json(&[
        "--blue", "random", "--yellow", "random", "--games", "10", "--seed", "1",
    ]);
    let b = json(&[
        "--blue", "random", "--yellow", "random", "--games", "10", "--seed", "2",
    ]);
    assert_ne!(results(&a), results(&b));
}

#[test]
fn text_output_names_both_sides() {
    let out = selfplay(&["--blue", "medium", "--yellow", "random", "--games", "2"]);
    assert!(out.contains("Blue medium against Yellow random"), "{out}");
    assert!(out.contains("Draws"), "{out}");
    assert!(out.contains("ms per move"), "{out}");
}

#[test]
fn variant_corners_plays_under_the_corner_formations() {
    let args = [
        "--blue", "random", "--yellow", "random", "--games", "10", "--seed", "3",
    ];
    let standard = json(&args);
    let mut with = args.to_vec();
    with.extend(["--variant", "corners"]);
    let corners = json(&with);
    // The random level's moves depend only on the stones, so these are the same
    // games; the corner formations only add points, and over ten games some score.
    let total =
        |v: &serde_json::Value| v["blue_avg"].as_f64().unwrap() + v["yellow_avg"].as_f64().unwrap();
    assert!(
        total(&corners) > total(&standard),
        "corners {corners} standard {standard}"
    );
    let out = selfplay(&[
        "--blue",
        "easy",
        "--yellow",
        "random",
        "--games",
        "1",
        "--variant",
        "corners",
    ]);
    assert!(
        out.contains("1 game, seed 1, corners rules: Blue easy against Yellow random"),
        "{out}"
    );
    crate::common::hijara()
        .args([
            "selfplay",
            "--blue",
            "easy",
            "--yellow",
            "easy",
            "--variant",
            "chess",
        ])
        .assert()
        .failure()
        .stderr(predicates::str::contains("chess"));
}

#[test]
fn no_games_is_a_usage_error_naming_the_option() {
    let (_, err) = crate::common::outputs_of(
        &[
            "selfplay", "--blue", "easy", "--yellow", "easy", "--games", "0",
        ],
        2,
    );
    assert!(err.contains("--games"), "{err}");
}

/// `--nodes 0` was taken: hard searched its minimum, a match no one asked for (the
/// engine's `nodes 0` is refused). Zero, like a word, is a usage error
/// naming the option. So is a count past a billion: `u64::MAX` once searched
/// without end, a budget that was no budget.
#[test]
fn a_node_budget_of_zero_is_a_usage_error_naming_the_option() {
    for nodes in ["0", "lots", "1000000001", "18446744073709551615"] {
        let (_, err) = crate::common::outputs_of(
            &[
                "selfplay", "--blue", "hard", "--yellow", "easy", "--games", "1", "--nodes", nodes,
            ],
            2,
        );
        assert!(err.contains("--nodes"), "{nodes}: {err}");
        assert!(err.contains("number of nodes from 1 to"), "{nodes}: {err}");
    }
}

/// Defect (cliqa, s14): `--variant corners --json` printed the same keys as a standard
/// match, so a script could not tell which rules its figures were for (`score --json`
/// and `analyze --json` say `"variant": "corners"`). Now it does too; a standard
/// match's object is as it was.
#[test]
fn json_names_the_corners_variant_as_score_does() {
    let args = ["--blue", "random", "--yellow", "easy", "--games", "1"];
    let corners = json(&[&args[..], &["--variant", "corners"]].concat());
    assert_eq!(corners["variant"], "corners", "{corners}");
    let standard = json(&args);
    assert!(standard.get("variant").is_none(), "{standard}");
    let explicit = json(&[&args[..], &["--variant", "standard"]].concat());
    assert!(explicit.get("variant").is_none(), "{explicit}");
}
