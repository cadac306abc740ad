//! Reading JSON Lines input: numbered lines from a file or stdin, never failing on content.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// Opens `path` for reading; `None` or `-` is stdin.
pub fn open(path: Option<&Path>) -> io::Result<Box<dyn Read>> {
    match path {
        None => Ok(Box::new(io::stdin())),
        Some(p) if p.as_os_str() == "-" => Ok(Box::new(io::stdin())),
        Some(p) => File::open(p)
            .map(|f| Box::new(f) as Box<dyn Read>)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot open {}: {e}", p.display()))),
    }
}

/// Numbered lines (from 1) of a byte stream. `\n` and `\r\n` end a line; a last line without
/// a terminator still counts; bytes that are not UTF-8 make that line an error, not the stream.
pub struct Lines<R> {
    reader: BufReader<R>,
    buf: Vec<u8>,
    number: usize,
}

impl<R: Read> Lines<R> {
    /// Wraps a reader.
    pub fn new(reader: R) -> Self {
        Lines {
            reader: BufReader::new(reader),
            buf: Vec::new(),
            number: 0,
        }
    }

    /// The next line and its number, or `None` at the end of input. The line is `Err` with a
    /// reason when it is not valid UTF-8.
    pub fn next_line(&mut self) -> io::Result<Option<(usize, Result<&str, String>)>> {
        self.buf.clear();
        if self.reader.read_until(b'\n', &mut self.buf)? == 0 {
            return Ok(None);
        }
        self.number += 1;
        let mut bytes = self.buf.as_slice();
        if let Some(rest) = bytes.strip_suffix(b"\n") {
            bytes = rest.strip_suffix(b"\r").unwrap_or(rest);
        }
        let line = std::str::from_utf8(bytes).map_err(|e| format!("not valid UTF-8 ({e})"));
        Ok(Some((self.number, line)))
    }

    /// True when no input is buffered, so the next read may block: the moment to flush output
    /// for a caller that waits for each answer before sending the next case.
    pub fn drained(&self) -> bool {
        self.reader.buffer().is_empty()
    }
}
