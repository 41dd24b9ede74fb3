//! Error codes shared with the TypeScript wrapper (workers/codec/photoCodec.ts).
//! The numbers are the ABI: never renumber, only append.

use jpeg_decoder::{Error as JpegError, UnsupportedFeature};
use std::io::ErrorKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Code {
    Ok = 0,
    /// The bytes do not start with the JPEG SOI marker (ff d8).
    NotJpeg = 1,
    /// The JPEG structure or entropy-coded data is invalid.
    Corrupt = 2,
    /// The data ends before the image is complete.
    Truncated = 3,
    /// Arithmetic entropy coding (SOF9-SOF11, SOF13-SOF15, DAC).
    Arithmetic = 4,
    /// Sample precision other than 8 bits (12-bit JPEG).
    Precision = 5,
    /// Hierarchical, lossless, DNL, odd component counts or subsampling ratios.
    Unsupported = 6,
    /// More pixels than MAX_PIXELS: refused before any large allocation.
    TooLarge = 7,
    /// A buffer could not be allocated (the WASM memory could not grow).
    OutOfMemory = 8,
    /// A bad handle, effect id, size or orientation from the caller.
    BadArgument = 9,
    /// A Rust panic: the instance trapped and must be recreated by the caller.
    Panic = 10,
    /// CMYK or YCCK pixels (print colours): refused, the codec cannot show them truly.
    Cmyk = 11,
}

pub struct CodecError {
    pub code: Code,
    pub message: String,
}

impl CodecError {
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        CodecError { code, message: message.into() }
    }
}

pub fn from_jpeg(error: JpegError) -> CodecError {
    let message = error.to_string();
    let code = match &error {
        JpegError::Format(text) if text.contains("SOI") => Code::NotJpeg,
        JpegError::Format(_) => Code::Corrupt,
        JpegError::Io(io) if io.kind() == ErrorKind::UnexpectedEof => Code::Truncated,
        JpegError::Io(_) => Code::Corrupt,
        JpegError::Unsupported(UnsupportedFeature::ArithmeticEntropyCoding) => Code::Arithmetic,
        JpegError::Unsupported(UnsupportedFeature::SamplePrecision(_)) => Code::Precision,
        JpegError::Unsupported(_) => Code::Unsupported,
        JpegError::Internal(_) => Code::Corrupt,
    };
    CodecError { code, message }
}
