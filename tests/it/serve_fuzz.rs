//! A client that sends random bytes and absurd window sizes (a bounded loop) disturbs
//! nobody else, and the server neither panics nor stops.

use rand::{Rng, SeedableRng};

use crate::serve_common::{Player, Server, run};

#[test]
fn random_bytes_and_absurd_sizes_disturb_no_one() {
    run(async {
        let mut server = Server::start();
        let ivan = Player::join(&server, "ivan", 10, 80, 24).await;
        ivan.wait_for("q leave").await;
        let noisy = Player::join(&server, "noisy", 11, 80, 24).await;
        noisy.wait_for("q leave").await;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(19);
        let sizes = [
            (0, 0),
            (1, 1),
            (u32::MAX, u32::MAX),
            (65_535, 3),
            (3, 65_535),
            (100_000, 0),
        ];
        for round in 0..300 {
            let len = rng.random_range(1..256);
            let bytes: Vec<u8> = (0..len).map(|_| rng.random()).collect();
            noisy.send_lossy(&bytes).await;
            if round % 10 == 0 {
                let (cols, rows) = sizes[(round / 10) % sizes.len()];
                noisy.resize_lossy(cols, rows).await;
            }
        }
        assert!(server.running(), "the server stopped");
        // Ivan's lobby still answers at once.
        ivan.send(b"n").await;
        ivan.wait_for("Enter start").await;
        // And a newcomer gets in.
        let judy = Player::join(&server, "judy", 12, 80, 24).await;
        judy.wait_for("q leave").await;
        assert!(server.running(), "the server stopped");
    });
}
