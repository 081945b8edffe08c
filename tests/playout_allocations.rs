//! Playing moves in a playout allocates nothing: a counting allocator watches whole playouts
//! of the random policies and of the heavy policy the search uses.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tengen::board::{Board, Color};
use tengen::playout::heavy::HeavyPolicy;
use tengen::playout::{Policy, RandomPolicy, playout};

struct Counting;

thread_local! {
    // Per thread: the test harness's own threads allocate now and then while a test runs.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // `try_with`: a thread being torn down has no counter left.
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations during 50 playouts from the empty board with `policy`, and the moves played.
fn allocations_in_playouts(size: usize, policy: &mut impl Policy) -> (usize, usize) {
    let mut rng = SmallRng::seed_from_u64(5);
    let empty = Board::new(size);
    let mut board = empty.clone();
    // The heavy policy's shape table is built once, at its first use: not counted.
    playout(&mut board, Color::Black, policy, &mut rng);
    let before = allocations();
    let mut moves = 0;
    for _ in 0..50 {
        board.clone_from(&empty);
        moves += playout(&mut board, Color::Black, policy, &mut rng);
    }
    (allocations() - before, moves)
}

#[test]
fn playouts_allocate_nothing() {
    for size in [9, 19] {
        let runs = [
            (
                "random",
                allocations_in_playouts(size, &mut RandomPolicy::default()),
            ),
            (
                "random without self-atari",
                allocations_in_playouts(
                    size,
                    &mut RandomPolicy {
                        self_atari_rejection: 1.0,
                        ..RandomPolicy::default()
                    },
                ),
            ),
            (
                "heavy",
                allocations_in_playouts(size, &mut HeavyPolicy::for_size(size)),
            ),
        ];
        for (policy, (during, moves)) in runs {
            assert!(
                moves > 50 * size * size / 2,
                "{policy}: the playouts played ({moves} moves)"
            );
            assert_eq!(
                during, 0,
                "{size}x{size} {policy}: {during} allocations in {moves} playout moves"
            );
        }
    }
}
