//! Recipe fields as bytes: fixed-width little-endian reads from fuzzer input, and the matching
//! writes for seed files.
//!
//! Every field of a recipe implements [`FieldBytes`]: `decode` reads it from an [`Unstructured`] and
//! `encode` writes bytes that decode to the same value, so named seeds can be committed as bytes
//! (`decode(encode(x)) == x` for every decoded `x`). Reads past the end give zeros, as
//! [`Unstructured::fill_buffer`] does, so decoding never fails and every byte string is a
//! recipe. Enums read one tag byte, reduced modulo the sum of their variants' weights: the
//! weight of a variant is how many of the tag values select it.

use arbitrary::{Arbitrary, Unstructured};
use rand_xoshiro::SplitMix64;
use rand_xoshiro::rand_core::{RngCore, SeedableRng};

/// A recipe field that is read from and written to bytes.
pub(crate) trait FieldBytes: Sized {
    /// Reads the field; missing bytes read as zeros.
    fn decode(u: &mut Unstructured<'_>) -> Self;
    /// Appends bytes that [`decode`](FieldBytes::decode) reads back as `self`.
    fn encode(&self, out: &mut Vec<u8>);
}

macro_rules! unsigned_field_bytes {
    ($($ty:ty),*) => {$(
        impl FieldBytes for $ty {
            fn decode(u: &mut Unstructured<'_>) -> Self {
                let mut bytes = [0; size_of::<$ty>()];
                // `fill_buffer` pads with zeros and never fails.
                let _ = u.fill_buffer(&mut bytes);
                <$ty>::from_le_bytes(bytes)
            }
            fn encode(&self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}

unsigned_field_bytes!(u8, u16, u32);

impl FieldBytes for i8 {
    fn decode(u: &mut Unstructured<'_>) -> Self {
        u8::decode(u) as i8
    }
    fn encode(&self, out: &mut Vec<u8>) {
        (*self as u8).encode(out);
    }
}

impl FieldBytes for i16 {
    fn decode(u: &mut Unstructured<'_>) -> Self {
        u16::decode(u) as i16
    }
    fn encode(&self, out: &mut Vec<u8>) {
        (*self as u16).encode(out);
    }
}

/// One byte; only its lowest bit counts.
impl FieldBytes for bool {
    fn decode(u: &mut Unstructured<'_>) -> Self {
        u8::decode(u) & 1 == 1
    }
    fn encode(&self, out: &mut Vec<u8>) {
        u8::from(*self).encode(out);
    }
}

impl<T: FieldBytes, const N: usize> FieldBytes for [T; N] {
    fn decode(u: &mut Unstructured<'_>) -> Self {
        core::array::from_fn(|_| T::decode(u))
    }
    fn encode(&self, out: &mut Vec<u8>) {
        for x in self {
            x.encode(out);
        }
    }
}

/// Reads an enum tag: the index of the variant whose weight range holds `byte % Σ weights`.
pub(crate) fn decode_variant(u: &mut Unstructured<'_>, weights: &[u8]) -> usize {
    let total: u16 = weights.iter().map(|&w| u16::from(w)).sum();
    let mut slot = u16::from(u8::decode(u)) % total;
    for (index, &w) in weights.iter().enumerate() {
        if slot < u16::from(w) {
            return index;
        }
        slot -= u16::from(w);
    }
    unreachable!("slot is below the total weight")
}

/// Writes the first tag value of variant `index`.
pub(crate) fn encode_variant(out: &mut Vec<u8>, weights: &[u8], index: usize) {
    let slot: u16 = weights[..index].iter().map(|&w| u16::from(w)).sum();
    out.push(u8::try_from(slot).expect("the weights of an enum sum to at most 256"));
}

/// An enum whose variants hold at most one [`FieldBytes`] each, with a weight per variant:
/// `Name(Payload) = weight` or `Name = weight`.
macro_rules! field_bytes_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident $(($payload:ty))? = $weight:literal
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant $(($payload))?, )*
        }

        impl $crate::check::field_bytes::FieldBytes for $name {
            fn decode(u: &mut arbitrary::Unstructured<'_>) -> Self {
                const WEIGHTS: &[u8] = &[$($weight),*];
                let mut index = $crate::check::field_bytes::decode_variant(u, WEIGHTS);
                $(
                    if index == 0 {
                        return field_bytes_enum!(@decode u, $name, $variant $(, $payload)?);
                    }
                    index -= 1;
                )*
                unreachable!("decode_variant returns a variant index, got {index}")
            }

            fn encode(&self, out: &mut Vec<u8>) {
                const WEIGHTS: &[u8] = &[$($weight),*];
                let mut index = 0;
                $(
                    field_bytes_enum!(@encode self, out, WEIGHTS, index, $name, $variant $(, $payload)?);
                    index += 1;
                )*
                unreachable!("every variant is matched above, {index} in all")
            }
        }
    };
    (@decode $u:ident, $name:ident, $variant:ident) => {
        $name::$variant
    };
    (@decode $u:ident, $name:ident, $variant:ident, $payload:ty) => {
        $name::$variant(<$payload as $crate::check::field_bytes::FieldBytes>::decode($u))
    };
    (@encode $self:ident, $out:ident, $weights:ident, $index:ident, $name:ident, $variant:ident) => {
        if let $name::$variant = $self {
            $crate::check::field_bytes::encode_variant($out, $weights, $index);
            return;
        }
    };
    (
        @encode $self:ident, $out:ident, $weights:ident, $index:ident, $name:ident, $variant:ident,
        $payload:ty
    ) => {
        if let $name::$variant(payload) = $self {
            $crate::check::field_bytes::encode_variant($out, $weights, $index);
            $crate::check::field_bytes::FieldBytes::encode(payload, $out);
            return;
        }
    };
}

/// A struct of [`FieldBytes`] fields, read and written in declaration order; it may take type
/// parameters (`struct Recipe<Extents, ...>`), which then need only be [`FieldBytes`] where it
/// is read or written.
macro_rules! field_bytes_struct {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident $(<$($param:ident),+>)? {
            $( $(#[$fmeta:meta])* $fvis:vis $field:ident: $ty:ty ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq)]
        $vis struct $name $(<$($param),+>)? {
            $( $(#[$fmeta])* $fvis $field: $ty, )*
        }

        impl $(<$($param),+>)? $crate::check::field_bytes::FieldBytes for $name $(<$($param),+>)?
        where
            $( $ty: $crate::check::field_bytes::FieldBytes, )*
        {
            fn decode(u: &mut arbitrary::Unstructured<'_>) -> Self {
                $name { $( $field: <$ty as $crate::check::field_bytes::FieldBytes>::decode(u), )* }
            }

            fn encode(&self, out: &mut Vec<u8>) {
                $( $crate::check::field_bytes::FieldBytes::encode(&self.$field, out); )*
            }
        }
    };
}

/// A newtype over one [`FieldBytes`] value (`struct Tilt(pub u16)`), read and written as it.
macro_rules! field_bytes_newtype {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident(pub $ty:ty);
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq)]
        $vis struct $name(pub $ty);

        impl $crate::check::field_bytes::FieldBytes for $name {
            fn decode(u: &mut arbitrary::Unstructured<'_>) -> Self {
                $name(<$ty as $crate::check::field_bytes::FieldBytes>::decode(u))
            }

            fn encode(&self, out: &mut Vec<u8>) {
                $crate::check::field_bytes::FieldBytes::encode(&self.0, out);
            }
        }
    };
}

pub(crate) use {field_bytes_enum, field_bytes_newtype, field_bytes_struct};

/// Decodes fuzzer bytes as `fuzz_target!` does (`arbitrary_take_rest`); never fails.
pub fn decode<'a, T: Arbitrary<'a>>(bytes: &'a [u8]) -> T {
    T::arbitrary_take_rest(Unstructured::new(bytes)).expect("every byte string decodes")
}

/// Seeded random fuzz inputs, the same on every platform (splitmix64): the targets replayed on
/// stable without libFuzzer.
#[derive(Debug, Clone)]
pub struct RandomInputs(SplitMix64);

impl RandomInputs {
    /// The inputs of this seed.
    pub fn new(seed: u64) -> Self {
        Self(SplitMix64::seed_from_u64(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// The next input, `0..max_len` random bytes, into `buffer` (short inputs exercise the zero
    /// padding of [`decode`]).
    pub fn input(&mut self, buffer: &mut Vec<u8>, max_len: u64) {
        buffer.clear();
        let len = (self.next_u64() % max_len) as usize;
        while buffer.len() < len {
            buffer.extend_from_slice(&self.next_u64().to_le_bytes());
        }
        buffer.truncate(len);
    }
}

/// A recipe as the bytes a fuzz target decodes it from.
pub trait Encode {
    /// Bytes that decode to this recipe.
    fn to_bytes(&self) -> Vec<u8>;
}

#[cfg(test)]
mod tests {
    use super::*;

    field_bytes_enum! {
        /// A test enum.
        enum Shape {
            /// Nothing.
            Empty = 1,
            /// A size.
            Sized(u16) = 3,
            /// Two flags.
            Flags([bool; 2]) = 2,
        }
    }

    fn roundtrip<T: FieldBytes + PartialEq + core::fmt::Debug>(value: T) {
        let mut bytes = Vec::new();
        value.encode(&mut bytes);
        let decoded = T::decode(&mut Unstructured::new(&bytes));
        assert_eq!(decoded, value, "{bytes:?}");
    }

    #[test]
    fn values_survive_encoding() {
        roundtrip(0xbeef_u16);
        roundtrip(-3_i8);
        roundtrip(i16::MIN);
        roundtrip([7_u32, u32::MAX]);
        roundtrip(Shape::Empty);
        roundtrip(Shape::Sized(513));
        roundtrip(Shape::Flags([true, false]));
    }

    #[test]
    fn tags_wrap_by_weight_and_missing_bytes_are_zeros() {
        // Total weight 6: tag 0 is Empty, 1..=3 Sized, 4..=5 Flags, 6 wraps to Empty.
        let decode = |bytes: &[u8]| Shape::decode(&mut Unstructured::new(bytes));
        assert_eq!(decode(&[]), Shape::Empty);
        assert_eq!(decode(&[3, 1]), Shape::Sized(1));
        assert_eq!(decode(&[5, 1, 0]), Shape::Flags([true, false]));
        assert_eq!(decode(&[6]), Shape::Empty);
    }
}
