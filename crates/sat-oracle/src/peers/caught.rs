//! A panic inside a peer is the peer's finding, not a crash of the checker: [`catch_peer`] runs
//! one parry call under [`std::panic::catch_unwind`] and returns the panic as a [`PeerPanic`].
//!
//! libfuzzer-sys installs a panic hook that aborts the process *before* unwinding (so libFuzzer
//! sees the crash with its stack), which would defeat `catch_unwind`. The first `catch_peer`
//! therefore wraps the hook in place: a panic raised on a thread while it is inside
//! `catch_peer` is stored for the caller and neither printed nor passed on; every other panic
//! (sat-core's, this checker's, any other thread's) goes to the previous hook unchanged, so
//! libFuzzer still aborts on it and `cargo test` still prints it.
//!
//! With `-C panic=abort` nothing can be caught: a peer panic then goes to the previous hook and
//! aborts like any other. cargo-fuzz (`cargo fuzz build`/`run`, with or without `-O`) and the
//! OSS-Fuzz/ClusterFuzzLite builders unwind.

use core::fmt;
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe, PanicHookInfo};
use std::sync::Once;

/// A panic caught inside a peer call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeerPanic {
    /// The panic message, e.g. `assertion failed: separation >= 0.0`.
    pub message: String,
    /// Where it panicked (`file:line:column`), or empty when unknown.
    pub location: String,
}

impl fmt::Display for PeerPanic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.location.is_empty() {
            write!(f, "panicked: {}", self.message)
        } else {
            write!(f, "panicked at {}: {}", self.location, self.message)
        }
    }
}

impl PeerPanic {
    fn from_hook(info: &PanicHookInfo<'_>) -> Self {
        PeerPanic {
            message: message(info.payload()),
            location: info
                .location()
                .map(|l| format!("{}:{}:{}", short_path(l.file()), l.line(), l.column()))
                .unwrap_or_default(),
        }
    }
}

/// The path from the crate directory on (`parry3d-0.31.1/src/...`), not the registry's.
fn short_path(file: &str) -> &str {
    file.rfind("/parry").map_or(file, |i| &file[i + 1..])
}

fn message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(a panic without a message)".to_owned()
    }
}

thread_local! {
    /// Whether this thread is inside `catch_peer`.
    static IN_PEER: Cell<bool> = const { Cell::new(false) };
    /// The panic the hook saw inside `catch_peer`.
    static CAUGHT: RefCell<Option<PeerPanic>> = const { RefCell::new(None) };
}

/// Wraps the current panic hook (once per process); see the module docs.
fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if cfg!(panic = "unwind") && IN_PEER.with(Cell::get) {
                CAUGHT.with(|c| *c.borrow_mut() = Some(PeerPanic::from_hook(info)));
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs one peer call; a panic inside it is returned, silently, as `Err`.
///
/// Only for peers (parry): sat-core's panics must stay fatal, so never wrap sat-core in this.
///
/// ```
/// use sat_oracle::peers::catch_peer;
///
/// assert_eq!(catch_peer(|| 1 + 1), Ok(2));
/// let caught = catch_peer(|| -> bool { panic!("parry gave up") }).unwrap_err();
/// assert_eq!(caught.message, "parry gave up");
/// assert!(caught.location.contains(".rs:"), "{caught}");
/// ```
pub fn catch_peer<T>(call: impl FnOnce() -> T) -> Result<T, PeerPanic> {
    install_hook();
    let outer = IN_PEER.with(|p| p.replace(true));
    // parry's calls read `Copy` shapes and poses: a panic leaves nothing half-updated.
    let result = panic::catch_unwind(AssertUnwindSafe(call));
    IN_PEER.with(|p| p.set(outer));
    result.map_err(|payload| {
        CAUGHT
            .with(|c| c.borrow_mut().take())
            .unwrap_or_else(|| PeerPanic {
                message: message(&*payload),
                location: String::new(),
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn returns_the_value_or_the_panic() {
        assert_eq!(catch_peer(|| 7), Ok(7));
        let e = catch_peer(|| -> u8 { panic!("peer {} failed", 3) }).unwrap_err();
        assert_eq!(e.message, "peer 3 failed");
        assert!(e.location.contains("caught.rs:"), "{e}");
        // Nothing is left over for the next call.
        assert_eq!(catch_peer(|| 8), Ok(8));
    }

    #[test]
    fn panics_outside_stay_panics() {
        // A panic outside `catch_peer` (after one was caught) still unwinds to the caller's
        // `catch_unwind`: the hook passes it on and the flag was reset.
        let _ = catch_peer(|| -> () { panic!("inside") });
        let outside = panic::catch_unwind(|| -> () { panic!("outside") });
        assert!(outside.is_err());
        assert_eq!(CAUGHT.with(|c| c.borrow().clone()), None);
        assert!(!IN_PEER.with(Cell::get));
    }

    #[test]
    fn short_paths_name_the_crate() {
        assert_eq!(
            short_path("/r/.cargo/registry/src/index/parry3d-0.31.1/src/query/sat/a.rs"),
            "parry3d-0.31.1/src/query/sat/a.rs"
        );
    }
}
