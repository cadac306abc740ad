//! The candidates of the distance steps ([`distance`](crate::distance)), compiled once per precision
//! (`single.rs`, `double.rs`): a point in the frame it was found in, a candidate answer, the
//! sign options of a supporting side.

// This compilation's items (`single.rs`, `double.rs`: its precision's).
use super::Real;

/// A point of the answer, in the frame it was found in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Point<V> {
    /// Coordinates in A's frame.
    InA(V),
    /// Coordinates in B's frame.
    InB(V),
    /// `c_A + λ·(c_B − c_A)`.
    OnSegment(Real),
}

/// A candidate answer: its squared distance, its points, and the vector from A's point to B's
/// in A's frame (as computed; zero for a common point).
#[derive(Debug, Clone, Copy)]
pub(super) struct Reply<V> {
    pub(super) squared: Real,
    pub(super) a: Point<V>,
    pub(super) b: Point<V>,
    pub(super) dir: V,
}

impl<V: Default + Copy> Reply<V> {
    /// No candidate yet.
    pub(super) fn none() -> Self {
        Reply {
            squared: Real::INFINITY,
            a: Point::OnSegment(0.0),
            b: Point::OnSegment(0.0),
            dir: V::default(),
        }
    }

    /// Distance `0`, with `p` a common point.
    pub(super) fn common(p: Point<V>) -> Self {
        Reply {
            squared: 0.0,
            a: p,
            b: p,
            dir: V::default(),
        }
    }
}

/// The sign options of a supporting side: decided, or both.
#[derive(Debug, Clone, Copy)]
pub(super) enum Signs {
    Plus,
    Minus,
    Both,
}

impl Signs {
    /// The sign of an exact value: an exact zero (or NaN) leaves both sides.
    pub(super) fn of(x: Real) -> Signs {
        if x > 0.0 {
            Signs::Plus
        } else if x < 0.0 {
            Signs::Minus
        } else {
            Signs::Both
        }
    }

    pub(super) fn options(self) -> &'static [Real] {
        match self {
            Signs::Plus => &[1.0],
            Signs::Minus => &[-1.0],
            Signs::Both => &[1.0, -1.0],
        }
    }
}

/// `−1` for negative `x`, else `+1`.
#[inline(always)]
pub(super) fn sign_of(x: Real) -> Real {
    if x < 0.0 { -1.0 } else { 1.0 }
}

/// `−1` if `negative`, else `+1`.
#[inline(always)]
pub(super) fn flip(negative: bool) -> Real {
    if negative { -1.0 } else { 1.0 }
}

#[inline(always)]
pub(super) fn square(x: Real) -> Real {
    x * x
}
