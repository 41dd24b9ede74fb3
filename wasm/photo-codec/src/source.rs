//! Where the JPEG bytes come from: a slice in linear memory, or pulled in 64 KiB chunks
//! from the host through the imported `env.read_input`, so a 25 MB file never has to be
//! copied into WASM memory (which never shrinks once grown).

use std::io::{self, Read};

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "env")]
extern "C" {
    /// Copies up to `len` input bytes starting at `offset` to `dst`; returns the count copied.
    fn read_input(offset: u32, dst: *mut u8, len: u32) -> u32;
}

#[cfg(not(target_arch = "wasm32"))]
unsafe fn read_input(_offset: u32, _dst: *mut u8, _len: u32) -> u32 {
    0
}

const CHUNK: usize = 64 * 1024;

/// One reader type for both sources, so the decoder is compiled once and its byte-wise
/// reads stay inlined (a `dyn Read` would cost a virtual call per entropy-coded byte).
pub struct Source<'a> {
    /// The caller's slice (empty when streaming from the host), kept for `rewound`.
    origin: &'a [u8],
    data: &'a [u8],
    position: usize,
    /// Host streaming: the next input offset to pull and the total input length.
    host: Option<(u32, u32)>,
    buffer: Vec<u8>,
}

impl<'a> Source<'a> {
    pub fn from_slice(data: &'a [u8]) -> Self {
        Source { origin: data, data, position: 0, host: None, buffer: Vec::new() }
    }

    pub fn from_host(total_len: u32) -> Source<'static> {
        Source { origin: &[], data: &[], position: 0, host: Some((0, total_len)), buffer: Vec::new() }
    }

    /// A second reader of the same input from its first byte (the colour profile is read
    /// from the header before the decoder reads the file).
    pub fn rewound(&self) -> Source<'a> {
        match self.host {
            Some((_, total)) => Source { origin: &[], data: &[], position: 0, host: Some((0, total)), buffer: Vec::new() },
            None => Source::from_slice(self.origin),
        }
    }

    /// The unread bytes at hand (the rest of the slice, or of the current host chunk, pulling
    /// the next chunk when this one is used up); empty at the end of the input. The baseline
    /// entropy decoder reads them eight at a time (`consume` says how many it took).
    #[inline]
    pub fn chunk(&mut self) -> &[u8] {
        if self.position >= self.data.len() {
            self.refill();
        }
        &self.data[self.position..]
    }

    #[inline]
    pub fn consume(&mut self, count: usize) {
        self.position = (self.position + count).min(self.data.len());
    }

    fn refill(&mut self) {
        let (offset, total) = match self.host {
            Some(host) => host,
            None => return,
        };
        if offset >= total {
            return;
        }
        if self.buffer.len() != CHUNK {
            self.buffer = vec![0; CHUNK];
        }
        let wanted = CHUNK.min((total - offset) as usize);
        // SAFETY: the host writes at most `wanted` bytes into our own buffer.
        let got = unsafe { read_input(offset, self.buffer.as_mut_ptr(), wanted as u32) } as usize;
        let got = got.min(wanted);
        self.host = Some((if got == 0 { total } else { offset + got as u32 }, total));
        // SAFETY: `self.buffer` lives as long as `self` and is not reallocated until the
        // next refill, which happens only after every byte of this slice has been read.
        self.data = unsafe { std::slice::from_raw_parts(self.buffer.as_ptr(), got) };
        self.position = 0;
    }
}

impl<'a> Read for Source<'a> {
    /// The entropy decoder reads one byte at a time: keep that path short.
    #[inline]
    fn read_exact(&mut self, out: &mut [u8]) -> io::Result<()> {
        if out.len() == 1 && self.position < self.data.len() {
            out[0] = self.data[self.position];
            self.position += 1;
            return Ok(());
        }
        let mut filled = 0;
        while filled < out.len() {
            match self.read(&mut out[filled..])? {
                0 => return Err(io::Error::from(io::ErrorKind::UnexpectedEof)),
                count => filled += count,
            }
        }
        Ok(())
    }

    #[inline]
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.position >= self.data.len() {
            self.refill();
        }
        let available = &self.data[self.position..];
        let count = available.len().min(out.len());
        if count == 1 {
            out[0] = available[0];
        } else {
            out[..count].copy_from_slice(&available[..count]);
        }
        self.position += count;
        Ok(count)
    }
}
