//! The progressive path against jpeg-decoder's own decode at every DCT scale: fixture photos
//! and the benchmark's 24 MP file made progressive, and files made here with `jpegtran` and
//! ImageMagick in the usual layouts (greyscale, 4:4:4, 4:2:2, 4:4:0, 4:2:0), with restart
//! intervals, odd sizes and a hand-written scan script with several refinement passes.

use super::decode;
use crate::baseline::tests::reference;
use crate::source::Source;
use jpeg_decoder::Decoder;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Decodes `bytes` both ways at every scale; answers how many decodes took the progressive path.
fn compare(name: &str, bytes: &[u8]) -> usize {
    let mut taken = 0;
    for eighths in [1u32, 2, 4, 8] {
        let (expected, scale) = match reference(bytes, eighths) {
            Some(found) => found,
            None => {
                assert!(decode(Source::from_slice(bytes), eighths as usize).is_none(), "{}: decoded what jpeg-decoder refuses", name);
                continue;
            }
        };
        if let Some(pixels) = decode(Source::from_slice(bytes), scale as usize) {
            let first = pixels.iter().zip(&expected).position(|(a, b)| a != b);
            assert!(pixels.len() == expected.len() && first.is_none(), "{} at {}/8: length {} vs {}, first difference at {:?}", name, eighths, pixels.len(), expected.len(), first);
            taken += 1;
        }
    }
    taken
}

fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/progressive-tests");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `convert SOURCE ARGS... OUT` then `jpegtran JT_ARGS OUT` (empty: ImageMagick's own output).
fn make(source: &Path, name: &str, convert: &[&str], jpegtran: &[&str]) -> Vec<u8> {
    let dir = scratch();
    let plain = dir.join(format!("{}-plain.jpg", name));
    let status = Command::new("convert").arg(source).args(convert).arg(&plain).status().expect("ImageMagick's convert");
    assert!(status.success(), "convert {}", name);
    if jpegtran.is_empty() {
        return std::fs::read(&plain).unwrap();
    }
    let out = Command::new("jpegtran").args(jpegtran).arg(&plain).output().expect("jpegtran");
    assert!(out.status.success(), "jpegtran {}", name);
    out.stdout
}

/// A scan script with successive approximation in DC and AC, split bands, and a DC scan of
/// the chroma components without Y (G.1.1.1).
const SCRIPT: &str = "0: 0 0 0 2; 1 2: 0 0 0 2; 0: 1 2 0 3; 0: 3 9 0 3; 0: 10 63 0 3; 2: 1 63 0 2; 1: 1 63 0 2; \
0: 1 63 3 2; 0: 1 5 2 1; 0: 6 63 2 1; 0 1 2: 0 0 2 1; 0 1 2: 0 0 1 0; 1: 1 63 2 1; 1: 1 63 1 0; 2: 1 63 2 1; 2: 1 63 1 0; 0: 1 63 1 0;";

#[test]
fn gives_jpeg_decoders_pixels_on_made_progressive_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let photo = root.join("../../../shared/fixtures/photos/orientation/Landscape_1.jpg");
    assert!(photo.exists(), "fixture missing: {}", photo.display());
    let script = scratch().join("script.txt");
    std::fs::write(&script, SCRIPT).unwrap();
    let script = script.to_str().unwrap().to_owned();
    let mut cases: Vec<(String, Vec<u8>)> = Vec::new();
    for (sampling, size) in [("1x1", "301x199!"), ("2x1", "257x131!"), ("1x2", "129x263!"), ("2x2", "333x217!"), ("2x2", "17x9!"), ("2x2", "8x8!")] {
        let resize = ["-resize", size, "-sampling-factor", sampling, "-quality", "90"];
        let name = format!("{}-{}", sampling, size.trim_end_matches('!'));
        cases.push((format!("{}-jpegtran", name), make(&photo, &name, &resize, &["-progressive"])));
        cases.push((format!("{}-restart", name), make(&photo, &name, &resize, &["-progressive", "-restart", "3B"])));
        cases.push((format!("{}-script", name), make(&photo, &name, &resize, &["-scans", &script])));
        let mut magick = resize.to_vec();
        magick.extend(["-interlace", "JPEG", "-define", "jpeg:restart-interval=2"]);
        cases.push((format!("{}-magick", name), make(&photo, &format!("{}-m", name), &magick, &[])));
    }
    let grey = ["-resize", "203x157!", "-colorspace", "Gray", "-quality", "88"];
    cases.push(("grey-jpegtran".into(), make(&photo, "grey", &grey, &["-progressive"])));
    cases.push(("grey-restart".into(), make(&photo, "grey", &grey, &["-progressive", "-restart", "1"])));
    cases.push(("full-size".into(), make(&photo, "full", &["-quality", "95"], &["-progressive"])));
    for (name, bytes) in &cases {
        assert_eq!(compare(name, bytes), 4, "{}: not every scale took the progressive path", name);
    }
}

#[test]
fn gives_jpeg_decoders_pixels_on_fixture_photos_made_progressive() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("../../out/bench/photo-24mp-progressive.jpg")];
    for name in ["cameras/hdr_iphone_hdr_YES.jpg", "cameras/mobile_jolla.jpg", "cameras/Canon_40D.jpg", "libjpeg-turbo/testimgint.jpg"] {
        files.push(root.join("../../../shared/fixtures/photos").join(name));
    }
    let mut taken = 0;
    for file in files.iter().filter(|f| f.exists()) {
        let bytes = std::fs::read(file).unwrap();
        let out = Command::new("jpegtran").args(["-progressive", "-copy", "all"]).arg(file).output().expect("jpegtran");
        let progressive = if bytes.get(..2) == Some(&[0xff, 0xd8]) && !file.to_string_lossy().contains("progressive") { out.stdout } else { bytes };
        taken += compare(&file.display().to_string(), &progressive);
    }
    assert!(taken >= 12, "only {} decodes took the progressive path", taken);
}

#[test]
fn leaves_truncated_and_baseline_files_to_jpeg_decoder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let photo = root.join("../../../shared/fixtures/photos/orientation/Landscape_1.jpg");
    let bytes = make(&photo, "truncated", &["-resize", "120x80!"], &["-progressive"]);
    for cut in [bytes.len() - 2, bytes.len() / 2, bytes.len() / 5] {
        for scale in [1, 2, 8] {
            assert!(decode(Source::from_slice(&bytes[..cut]), scale).is_none(), "cut at {} decoded at {}", cut, scale);
        }
    }
    let baseline = std::fs::read(&photo).unwrap();
    assert!(decode(Source::from_slice(&baseline), 2).is_none());
}

/// The fuzzer's finds (testdata/*.bin, first byte: the scale; names say what they hold): each
/// decodes to jpeg-decoder's pixels or is left to it. reserved-marker.bin: a reserved marker
/// code (ff 02..bf) between segments, which jpeg-decoder refuses and this path had skipped.
#[test]
fn fuzzer_finds_give_jpeg_decoders_answer() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/progressive/testdata");
    let mut found = 0;
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let data = std::fs::read(entry.path()).unwrap();
        found += 1;
        compare(&entry.path().display().to_string(), &data[1..]);
    }
    assert!(found > 0);
}

/// `FILE=crash-… cargo test --release -- --ignored --nocapture explain_file`: a fuzzer's input
/// (first byte: the scale) through both decoders: jpeg-decoder's error, this path's answer.
#[test]
#[ignore]
fn explain_file() {
    let data = std::fs::read(std::env::var("FILE").unwrap()).unwrap();
    let bytes = &data[1..];
    for eighths in [1usize, 2, 4, 8] {
        let mut decoder = Decoder::new(bytes);
        let theirs = decoder.read_info().and_then(|_| decoder.decode()).map(|p| p.len());
        eprintln!("{}/8: jpeg-decoder (full size) {:?}, progressive path {:?}", eighths, theirs, decode(Source::from_slice(bytes), eighths).map(|p| p.len()));
    }
}
