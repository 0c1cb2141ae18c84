//! How replay cost grows with the number of permanents, with and without continuous effects
//! in force: a Lightning Bolt among N creatures, alone and with an anthem and a lord on the
//! battlefield (every permanent then has computed characteristics, 613). Prints the time per
//! replay for N = 500 and N = 5,000 and their ratio (10× the permanents should cost about 10×).
//! Run with `cargo bench --bench layers`.

use std::time::Instant;

use judge::diag::Source;

fn scenario(n: usize, anthems: bool) -> judge::scenario::Scenario {
    let mut text = String::from(
        "name: scale\ncards:\n  - name: Glorious Anthem\n    cost: \"{1}{W}{W}\"\n    type: Enchantment\n    text: \"Creatures you control get +1/+1.\"\n  - name: Lord of Bears\n    cost: \"{2}{G}\"\n    type: Creature — Bear\n    text: \"Other Bear creatures you control get +1/+1 and have trample.\"\n    power: 2\n    toughness: 2\nplayers:\n  - name: Alice\n    hand: [Lightning Bolt]\n    battlefield:\n      - Mountain\n",
    );
    if anthems {
        text.push_str("      - Glorious Anthem\n      - Lord of Bears\n");
    }
    text.push_str(&format!("      - {{card: Grizzly Bears, count: {n}}}\n  - name: Bob\n    battlefield:\n      - {{card: Hill Giant, id: giant}}\nactions:\n  - cast: Lightning Bolt\n    targets: [giant]\n  - resolve\n"));
    judge::scenario::load(&Source::new("scale.yaml", text)).unwrap_or_else(|d| panic!("{d:?}"))
}

fn time(s: &judge::scenario::Scenario, rounds: u32) -> f64 {
    let start = Instant::now();
    for _ in 0..rounds {
        let r = judge::run::run(s);
        assert!(r.stop.is_none() && r.verdicts.iter().all(|v| v.ok));
        std::hint::black_box(r);
    }
    start.elapsed().as_secs_f64() / f64::from(rounds)
}

fn main() {
    for anthems in [false, true] {
        let small = scenario(500, anthems);
        let large = scenario(5_000, anthems);
        let (a, b) = (time(&small, 40), time(&large, 8));
        let what = if anthems { "with an anthem and a lord" } else { "no continuous effects   " };
        println!("{what}: 500 creatures {:>8.1} µs, 5,000 creatures {:>9.1} µs, ratio {:.1}", a * 1e6, b * 1e6, b / a);
    }
}
