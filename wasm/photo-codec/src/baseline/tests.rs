//! The baseline path against jpeg-decoder's own decode, pixel for pixel, at every DCT scale,
//! on every fixture photo (and the benchmark's generated 24 MP file when it exists).

use super::{decode, jpeg_decoder_scale};
use crate::source::Source;
use jpeg_decoder::Decoder;
use std::path::{Path, PathBuf};

/// Every .jpg/.jpeg below `dir` (the region tests use it too).
pub(crate) fn jpegs(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            jpegs(&path, found);
        } else if path.extension().map_or(false, |e| e.eq_ignore_ascii_case("jpg") || e.eq_ignore_ascii_case("jpeg")) {
            found.push(path);
        }
    }
}

/// jpeg-decoder's pixels for a request of `eighths` of the size and the DCT scale it
/// decodes at, or None when it refuses the file.
pub(crate) fn reference(bytes: &[u8], eighths: u32) -> Option<(Vec<u8>, u32)> {
    let mut decoder = Decoder::new(bytes);
    decoder.read_info().ok()?;
    let info = decoder.info()?;
    let (w, h) = (info.width as u32, info.height as u32);
    let side = |s: u32| (s * eighths + 7) / 8;
    decoder.scale(side(w) as u16, side(h) as u16).ok()?;
    Some((decoder.decode().ok()?, jpeg_decoder_scale(w, h, (side(w), side(h)))))
}

#[test]
fn gives_jpeg_decoders_pixels_on_every_fixture_at_every_scale() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    jpegs(&root.join("../../../shared/fixtures/photos"), &mut files);
    jpegs(&root.join("../../workers/codec/test"), &mut files);
    let generated = root.join("../../out/bench/photo-24mp.jpg");
    if generated.exists() {
        files.push(generated);
    }
    assert!(files.len() > 40, "fixtures not found: {}", files.len());
    let mut taken = 0;
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        for eighths in [1u32, 2, 4, 8] {
            let (expected, scale) = match reference(&bytes, eighths) {
                Some(found) => found,
                None => {
                    assert!(decode(Source::from_slice(&bytes), eighths as usize).is_none(), "{}: decoded what jpeg-decoder refuses", file.display());
                    continue;
                }
            };
            if let Some(pixels) = decode(Source::from_slice(&bytes), scale as usize) {
                let first = pixels.iter().zip(&expected).position(|(a, b)| a != b);
                assert!(pixels.len() == expected.len() && first.is_none(), "{} at {}/8: length {} vs {}, first difference at {:?}", file.display(), eighths, pixels.len(), expected.len(), first);
                taken += 1;
            }
        }
    }
    eprintln!("baseline path: {} of {} file-scale pairs, identical to jpeg-decoder", taken, files.len() * 4);
    assert!(taken >= files.len() * 2, "the baseline path took only {} of {}", taken, files.len() * 4);
}

/// A fuzzer's find (first byte: the scale): `ff 00` after a segment, which jpeg-decoder reads
/// past as no marker at all while the baseline path took it for a segment and skipped it, so the
/// two read different tables (jpeg-decoder then refused the file, the baseline path decoded it).
#[test]
fn hands_ff_00_between_segments_to_jpeg_decoder() {
    let data = include_bytes!("testdata/ff00-between-segments.bin");
    let eighths = [1u32, 2, 4, 8][(data[0] & 3) as usize];
    let bytes = &data[1..];
    let pixels = decode(Source::from_slice(bytes), eighths as usize);
    assert!(pixels.is_none() || pixels == reference(bytes, eighths).map(|found| found.0), "the baseline path decoded what jpeg-decoder does not");
}

/// A fuzzer's find (first byte: the scale): a reserved marker (ff 2f) with a length among the
/// header's segments, which jpeg-decoder refuses while the baseline path skipped it as a segment.
#[test]
fn hands_reserved_markers_to_jpeg_decoder() {
    let data = include_bytes!("testdata/reserved-marker.bin");
    let eighths = [1u32, 2, 4, 8][(data[0] & 3) as usize];
    assert!(reference(&data[1..], eighths).is_none());
    assert!(decode(Source::from_slice(&data[1..]), eighths as usize).is_none(), "the baseline path decoded what jpeg-decoder refuses");
}

/// `FILE=crash-… W=<width> cargo test --release -- --ignored --nocapture compare_file`: a fuzzer's
/// input (first byte: the scale) through both decoders, with a map of the differing pixels.
#[test]
#[ignore]
fn compare_file() {
    let data = std::fs::read(std::env::var("FILE").unwrap()).unwrap();
    let eighths = [1u32, 2, 4, 8][(data[0] & 3) as usize];
    let bytes = &data[1..];
    let (expected, scale) = reference(bytes, eighths).unwrap();
    let pixels = decode(Source::from_slice(bytes), scale as usize).unwrap();
    let diffs: Vec<usize> = (0..pixels.len()).filter(|&i| pixels[i] != expected[i]).collect();
    eprintln!("scale {} len {} {} diffs {} first {:?}", scale, pixels.len(), expected.len(), diffs.len(), &diffs[..diffs.len().min(20)]);
    let width = std::env::var("W").map(|w| w.parse::<usize>().unwrap()).unwrap_or(0);
    if width > 0 {
        for row in pixels.chunks(width * 3).zip(expected.chunks(width * 3)) {
            let line: String = row.0.chunks(3).zip(row.1.chunks(3)).map(|(a, b)| if a == b { '.' } else if a[0] != b[0] { 'R' } else { 'x' }).collect();
            eprintln!("{}", line);
        }
    }
}

/// `cargo test --release -- --ignored --nocapture time_24mp`: the benchmark's 24 MP file through the
/// baseline path at 2/8 (the 1024 px preview's scale), native, for profiling (callgrind, perf).
#[test]
#[ignore]
fn time_24mp() {
    let bytes = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../out/bench/photo-24mp.jpg")).unwrap();
    let runs: usize = std::env::var("RUNS").map(|r| r.parse().unwrap()).unwrap_or(5);
    let mut times = Vec::new();
    for _ in 0..runs {
        let started = std::time::Instant::now();
        assert!(decode(Source::from_slice(&bytes), 2).is_some());
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    eprintln!("24 MP at 2/8: median {:.1} ms of {}", times[runs / 2], runs);
}
