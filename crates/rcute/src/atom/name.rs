//! The name of an atom, as CuTe spells its type: a short string stored inline, so that an
//! atom stays `Copy` and can be built in a `const` item.

use core::fmt;

/// The most bytes an atom's name holds.
const NAME_CAPACITY: usize = 128;

/// An atom's name, CuTe's C++ type (`SM80_16x8x16_F32F16F16F32_TN`,
/// `SM90_64x128x16_F32F16F16_SS<K,K>`, `Copy_Atom<SM75_U32x4_LDSM_N,half_t>`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct AtomName {
    bytes: [u8; NAME_CAPACITY],
    len: u8,
}

impl AtomName {
    /// The empty name.
    pub(crate) const EMPTY: AtomName = AtomName {
        bytes: [0; NAME_CAPACITY],
        len: 0,
    };

    /// `s` as a name (cut at the capacity, which no catalog name reaches).
    pub(crate) const fn new(s: &str) -> AtomName {
        AtomName::EMPTY.push(s)
    }

    /// This name followed by `s`.
    pub(crate) const fn push(mut self, s: &str) -> AtomName {
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() && (self.len as usize) < NAME_CAPACITY {
            self.bytes[self.len as usize] = b[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// This name followed by `other`.
    pub(crate) const fn push_name(mut self, other: &AtomName) -> AtomName {
        let mut i = 0;
        while i < other.len as usize && (self.len as usize) < NAME_CAPACITY {
            self.bytes[self.len as usize] = other.bytes[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// This name followed by the decimal digits of `n`.
    pub(crate) const fn push_int(self, n: u32) -> AtomName {
        let mut digits = [0u8; 10];
        let mut k = 0;
        let mut v = n;
        loop {
            digits[k] = b'0' + (v % 10) as u8;
            k += 1;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        let mut out = self;
        while k > 0 {
            k -= 1;
            if (out.len as usize) < NAME_CAPACITY {
                out.bytes[out.len as usize] = digits[k];
                out.len += 1;
            }
        }
        out
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        // only whole `&str`s are pushed, and a cut can only fall on an ASCII byte: the
        // names are ASCII (the catalog's and those built from them)
        match core::str::from_utf8(&self.bytes[..self.len as usize]) {
            Ok(s) => s,
            Err(e) => {
                // a cut through a multi-byte character: keep the valid prefix
                let valid = e.valid_up_to();
                core::str::from_utf8(&self.bytes[..valid]).unwrap_or("")
            }
        }
    }
}

impl fmt::Display for AtomName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for AtomName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}
