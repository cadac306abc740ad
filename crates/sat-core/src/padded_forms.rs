//! The public forms of the padded test that `sat2.rs` and `sat3.rs` write alike, as macros
//! expanded inside each file (and each precision's compilation of it), which imports them by
//! path: `intersects` and `intersects_with_margin` over the file's `classify`, and the two ways to
//! call `classify` (stored or resized half-extents).

/// `intersects` and `intersects_with_margin` of a box type of either dimension (`$obb`, extents
/// `$vec`), documented by the caller: first the box type's dispatch to wider lanes
/// ([`Dispatch`](crate::precision::Dispatch)), then `classify` on the stored extents, or on
/// extents grown by `margin`.
macro_rules! intersects_family {
    (
        $obb:ident, $vec:ident;
        $(#[$doc:meta])* intersects;
        $(#[$margin_doc:meta])* intersects_with_margin;
    ) => {
        $(#[$doc])*
        #[inline]
        pub fn intersects(&self, other: &$obb) -> bool {
            if let Some(verdict) = $crate::precision::Dispatch::intersects_on_wider_lanes(self, other) {
                return verdict;
            }
            classify_stored::<false>(self, other) != Class::Separated
        }

        $(#[$margin_doc])*
        #[inline]
        pub fn intersects_with_margin(&self, other: &$obb, margin: Real) -> bool {
            if let Some(verdict) =
                $crate::precision::Dispatch::intersects_with_margin_on_wider_lanes(self, other, margin)
            {
                return verdict;
            }
            let grown = |e: $vec| (e + $vec::splat(margin)).max($vec::ZERO);
            let (ea, eb) = (grown(self.half_extents), grown(other.half_extents));
            classify_resized::<false>(self, other, ea, eb) != Class::Separated
        }
    };
}

/// `classify` on the stored extents (`classify_stored`) and on grown or shrunk ones
/// (`classify_resized`), for a box type of either dimension (`$obb`, extents `$vec`).
macro_rules! classify_forms {
    ($obb:ident, $vec:ident) => {
        /// `classify` on the boxes as stored.
        #[inline(always)]
        pub(crate) fn classify_stored<const CERTIFY: bool>(a: &$obb, b: &$obb) -> Class {
            let (ea, eb) = (a.half_extents, b.half_extents);
            classify::<CERTIFY>(a, b, ea, eb, a.extent_norm, b.extent_norm)
        }

        /// `classify` with half-extents `ea`, `eb` (grown or shrunk) in place of the stored
        /// ones.
        #[inline(always)]
        pub(crate) fn classify_resized<const CERTIFY: bool>(
            a: &$obb,
            b: &$obb,
            ea: $vec,
            eb: $vec,
        ) -> Class {
            let (norm_a, norm_b) = (sqrt(ea.length_squared()), sqrt(eb.length_squared()));
            classify::<CERTIFY>(a, b, ea, eb, norm_a, norm_b)
        }
    };
}

pub(crate) use {classify_forms, intersects_family};
