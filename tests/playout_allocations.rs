//! Playing moves in a playout allocates nothing: a counting allocator watches whole playouts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tengen::board::{Board, Color};
use tengen::playout::{RandomPolicy, playout};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn playouts_allocate_nothing() {
    let mut rng = SmallRng::seed_from_u64(5);
    for size in [9, 19] {
        for avoid_self_atari in [false, true] {
            let empty = Board::new(size);
            let mut board = empty.clone();
            let mut policy = RandomPolicy { avoid_self_atari };
            let before = ALLOCATIONS.load(Ordering::SeqCst);
            let mut moves = 0;
            for _ in 0..50 {
                board.clone_from(&empty);
                moves += playout(&mut board, Color::Black, &mut policy, &mut rng);
            }
            let during = ALLOCATIONS.load(Ordering::SeqCst) - before;
            assert!(
                moves > 50 * size * size / 2,
                "the playouts played ({moves} moves)"
            );
            assert_eq!(
                during, 0,
                "{size}x{size}: {during} allocations in {moves} playout moves"
            );
        }
    }
}
