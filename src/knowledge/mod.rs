//! Move knowledge, shared by the search's priors and the playouts: the features of a move,
//! their learned weights, 3×3 shapes, ladder reading, the vital points of eye spaces and the status of strings at the end of
//! a game (dead, alive, seki).

pub mod features;
pub mod ladder;
pub mod nakade;
pub mod network;
pub mod pattern;
pub mod spatial;
pub mod status;
pub mod weights;
