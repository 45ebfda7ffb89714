//! Typed indices into the tables of a [`crate::Game`]. All are dense and start at 0.

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[repr(transparent)]
        pub struct $name(pub u32);

        impl $name {
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
            #[inline]
            pub fn from_index(i: usize) -> Self {
                Self(u32::try_from(i).expect("index fits in u32"))
            }
        }
    };
}

id_type!(
    /// A regular player (never the keeper). Player `i` owns the score variable `VarId(i)`.
    PlayerId
);
id_type!(
    /// A piece kind.
    PieceId
);
id_type!(
    /// A bounded variable. The first `players.len()` variables are the players' scores.
    VarId
);
id_type!(
    /// A board vertex. `VertexId(0)` is the initial position.
    VertexId
);
id_type!(
    /// An edge label (direction).
    DirId
);
id_type!(
    /// A node of the rules arena ([`crate::rules::Rules`]).
    NodeId
);
