//! `decode_scaled_region` against `decode_scaled` + crop, pixel for pixel: small files of every
//! sampling (grey, 4:4:4, 4:2:2, 4:4:0, 4:2:0, restart markers, progressive, odd sizes) at every
//! DCT scale and orientation, and every fixture photo at every scale (orientations in turn), over
//! regions at the edges, 1-px regions, the whole output and inner ones.

use crate::decode::Region;
use crate::source::Source;
use crate::decode::planned_size;
use crate::scaled_part;
use crate::baseline::tests::jpegs;
use std::path::Path;

/// The oriented image of a decode_scaled (`region` None) or decode_scaled_region call:
/// width, height, RGBA; None for a failed call.
fn decode(bytes: &[u8], min: (u32, u32), orientation: u32, region: Option<(u32, u32, u32, u32)>) -> Option<(u32, u32, Vec<u8>)> {
    let region = region.map(|rect| Region { rect, orientation });
    let image = scaled_part(Source::from_slice(bytes), min, orientation, region).ok()?;
    Some((image.header.width, image.header.height, image.rgba))
}

/// Regions of a `w` x `h` output: corners and edges 1 px wide, the whole, inner ones.
fn regions(w: u32, h: u32, seed: u32) -> Vec<(u32, u32, u32, u32)> {
    let mut found = vec![(0, 0, 1, 1), (w - 1, h - 1, 1, 1), (w - 1, 0, 1, 1), (0, 0, w, h), (0, h - 1, w, 1), (w - 1, 0, 1, h), (w / 3, h / 4, (w / 3).max(1), (h / 2).max(1))];
    let mut next = seed.wrapping_mul(2_654_435_761) | 1;
    for _ in 0..3 {
        next ^= next << 13;
        next ^= next >> 17;
        next ^= next << 5;
        let (x, y) = (next % w, (next >> 8) % h);
        found.push((x, y, 1 + (next >> 16) % (w - x), 1 + (next >> 4) % (h - y)));
    }
    found
}

/// Decodes `bytes` whole and region by region; answers how many regions matched.
fn check(bytes: &[u8], name: &str, min: (u32, u32), orientation: u32) -> usize {
    let (w, h, whole) = match decode(bytes, min, orientation, None) {
        Some(found) => found,
        None => {
            assert!(decode(bytes, min, orientation, Some((0, 0, 1, 1))).is_none(), "{}: a region of what does not decode", name);
            return 0;
        }
    };
    let size = planned_size(Source::from_slice(bytes), min, orientation).ok().expect("scaled_size");
    assert_eq!([size[0], size[1]], [w, h], "{}: scaled_size", name);
    let mut matched = 0;
    for (x, y, rw, rh) in regions(w, h, w * 31 + h + orientation) {
        let (gw, gh, part) = decode(bytes, min, orientation, Some((x, y, rw, rh))).unwrap_or_else(|| panic!("{}: region {:?} failed", name, (x, y, rw, rh)));
        assert_eq!((gw, gh), (rw, rh), "{}", name);
        for row in 0..rh as usize {
            let from = ((y as usize + row) * w as usize + x as usize) * 4;
            let expected = &whole[from..from + rw as usize * 4];
            let got = &part[row * rw as usize * 4..(row + 1) * rw as usize * 4];
            assert!(got == expected, "{} at {:?} orientation {} region {:?}: row {} differs", name, min, orientation, (x, y, rw, rh), row);
        }
        matched += 1;
    }
    assert!(decode(bytes, min, orientation, Some((w - 1, 0, 2, 1))).is_none(), "{}: a region past the edge", name);
    matched
}

/// The minimum sizes that pick 1/8, 1/4, 1/2 and full size for a `w` x `h` photo.
fn minimums(w: u32, h: u32) -> [(u32, u32); 4] {
    [(1, 1), (w / 8 + 1, 1), (w / 4 + 1, 1), (w, h)]
}

fn size_of(bytes: &[u8]) -> (u32, u32) {
    let mut decoder = jpeg_decoder::Decoder::new(bytes);
    decoder.read_info().map(|_| decoder.info().map_or((0, 0), |i| (i.width as u32, i.height as u32))).unwrap_or((0, 0))
}

#[test]
fn regions_equal_the_whole_decode_cropped_for_every_sampling_and_orientation() {
    let mut files = Vec::new();
    jpegs(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/baseline/testdata/region"), &mut files);
    assert!(files.len() >= 10);
    let mut matched = 0;
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        let (w, h) = size_of(&bytes);
        for min in minimums(w, h) {
            for orientation in 0..=8 {
                matched += check(&bytes, &file.display().to_string(), min, orientation);
            }
        }
    }
    eprintln!("small files: {} regions identical", matched);
    assert!(matched > files.len() * 4 * 9 * 9);
}

#[test]
fn regions_equal_the_whole_decode_cropped_on_every_fixture() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    jpegs(&root.join("../../../shared/fixtures/photos"), &mut files);
    assert!(files.len() > 40, "fixtures not found: {}", files.len());
    let mut matched = 0;
    for (index, file) in files.iter().enumerate() {
        let bytes = std::fs::read(file).unwrap();
        let (w, h) = size_of(&bytes);
        if w == 0 {
            continue;
        }
        for (turn, min) in minimums(w, h).into_iter().enumerate() {
            matched += check(&bytes, &file.display().to_string(), min, (index + turn) as u32 % 8 + 1);
        }
    }
    eprintln!("fixtures: {} regions identical", matched);
    assert!(matched > files.len() * 10);
}

/// A placed session's rows from the part kept as planes (`placed_part`) against the same
/// session over the part decoded and oriented whole (`scaled_part`): every row of the placed
/// image, taken in bands of uneven heights, is byte for byte the same. Answers whether the
/// planes were kept (a baseline file), or None when the file does not decode.
fn check_placed(bytes: &[u8], name: &str, min: (u32, u32), orientation: u32) -> Option<bool> {
    use crate::placed::{Axis, Part, PlacedRows};
    let (w, h, _) = decode(bytes, min, orientation, None)?;
    let rect = (w / 5, h / 7, (w - w / 5).max(1), (h - h / 7).max(1));
    let (part, meta) = crate::placed_part(Source::from_slice(bytes), min, orientation, rect).ok()?;
    let kept_planes = matches!(part, Part::Planes { .. });
    let image = scaled_part(Source::from_slice(bytes), min, orientation, Some(Region { rect, orientation })).ok()?;
    let whole = Part::Oriented(crate::orient::Oriented::from_rgba(image.header.width as usize, image.header.height as usize, image.rgba));
    // a reduction of 1.37 with an offset: every output row reads a few rows of the part
    let out = ((((rect.2 as f64) / 1.37) as usize).max(1), (((rect.3 as f64) / 1.37) as usize).max(1));
    let axes = (Axis { ratio: 1.37, offset: 0.2 }, Axis { ratio: 1.37, offset: 0.1 });
    let planes = PlacedRows::new(part, out, axes, meta).ok().expect("planes session");
    let oriented = PlacedRows::new(whole, out, axes, meta).ok().expect("oriented session");
    let mut top = 0;
    for band in [1, 7, 16, 3, 64].iter().cycle() {
        if top >= out.1 {
            break;
        }
        let count = (*band).min(out.1 - top);
        let (a, b) = (planes.rows(top, count).ok().expect("planes rows"), oriented.rows(top, count).ok().expect("oriented rows"));
        assert!(a.rgba == b.rgba, "{} at {:?} orientation {}: placed rows {}..{} differ", name, min, orientation, top, top + count);
        top += count;
    }
    Some(kept_planes)
}

#[test]
fn placed_rows_from_kept_planes_equal_those_from_the_decoded_part() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    jpegs(&root.join("src/baseline/testdata/region"), &mut files);
    let small = files.len();
    jpegs(&root.join("../../../shared/fixtures/photos"), &mut files);
    assert!(files.len() > small + 40, "fixtures not found: {}", files.len());
    let (mut planes, mut decoded) = (0, 0);
    for (index, file) in files.iter().enumerate() {
        let bytes = std::fs::read(file).unwrap();
        let (w, h) = size_of(&bytes);
        if w == 0 {
            continue;
        }
        let minimums = minimums(w, h);
        // the small files at every scale and orientation; the fixtures at one scale, orientations in turn
        let cases: Vec<((u32, u32), u32)> = if index < small {
            minimums.iter().flat_map(|&min| (1..=8).map(move |o| (min, o))).collect()
        } else {
            vec![(minimums[index % 3 + 1], index as u32 % 8 + 1)]
        };
        for (min, orientation) in cases {
            match check_placed(&bytes, &file.display().to_string(), min, orientation) {
                Some(true) => planes += 1,
                Some(false) => decoded += 1,
                None => {}
            }
        }
    }
    eprintln!("placed sessions: {} from planes, {} from decoded parts, all rows identical", planes, decoded);
    assert!(planes > small * 4 * 8 / 2, "the planes were kept in only {} sessions", planes);
}
