//! The six photo effects of the spec, in integer arithmetic only, so a TypeScript
//! reference (workers/codec/effectsReference.ts) reproduces them bit for bit.
//! README.md lists every constant; change both together.

pub const NONE: u32 = 0;
pub const SEPIA: u32 = 1;
pub const SEPIABROWN: u32 = 2;
pub const GREY: u32 = 3;
pub const FADED: u32 = 4;
pub const VINTAGE: u32 = 5;

/// The W3C Filter Effects `sepia(1)` matrix in 1/1024 units (rows R, G, B).
const SEPIA_MATRIX: [[u32; 3]; 3] = [[402, 787, 194], [357, 702, 172], [279, 547, 134]];

/// Sepiabrown: a gradient map of the grey value through warm brown stops (value, R, G, B).
const SEPIABROWN_STOPS: [[i32; 4]; 3] = [[0, 20, 10, 4], [128, 134, 90, 52], [255, 250, 234, 210]];

/// Faded: 35 % towards grey (90/256), then levels squeezed into 36..232.
const FADED_GREY_SHARE: u32 = 90;
const FADED_BLACK: u32 = 36;
const FADED_WHITE: u32 = 232;

/// Vintage: contrast 1.1 around 128, then one fixed curve per channel (x, y points):
/// warm lifted reds, lifted shadows, blue raised in the shadows and lowered in the highlights.
const VINTAGE_CURVES: [[[i32; 2]; 5]; 3] = [
    [[0, 20], [64, 70], [128, 140], [192, 205], [255, 245]],
    [[0, 10], [64, 60], [128, 128], [192, 190], [255, 235]],
    [[0, 40], [64, 72], [128, 112], [192, 158], [255, 200]],
];

pub fn is_known(effect: u32) -> bool {
    effect <= VINTAGE
}

#[inline]
fn grey(r: u32, g: u32, b: u32) -> u32 {
    (77 * r + 150 * g + 29 * b + 128) >> 8
}

/// Piecewise-linear interpolation through `points` (x ascending), rounded half up.
fn interpolate(points: &[[i32; 2]], x: i32) -> u8 {
    for pair in points.windows(2) {
        let ([x0, y0], [x1, y1]) = (pair[0], pair[1]);
        if x <= x1 {
            let numerator = (y1 - y0) * (x - x0) * 2 + (x1 - x0);
            return (y0 + numerator.div_euclid(2 * (x1 - x0))).clamp(0, 255) as u8;
        }
    }
    points[points.len() - 1][1].clamp(0, 255) as u8
}

fn contrast(value: i32) -> i32 {
    (128 + ((value - 128) * 11 + 5).div_euclid(10)).clamp(0, 255)
}

/// Applies `effect` in place to RGBA pixels; alpha is left alone. Returns false for an
/// unknown effect id.
pub fn apply(effect: u32, rgba: &mut [u8]) -> bool {
    match effect {
        NONE => {}
        GREY => {
            for p in rgba.chunks_exact_mut(4) {
                let y = grey(p[0] as u32, p[1] as u32, p[2] as u32) as u8;
                p[0] = y;
                p[1] = y;
                p[2] = y;
            }
        }
        SEPIA => {
            for p in rgba.chunks_exact_mut(4) {
                let (r, g, b) = (p[0] as u32, p[1] as u32, p[2] as u32);
                for (c, row) in SEPIA_MATRIX.iter().enumerate() {
                    p[c] = ((row[0] * r + row[1] * g + row[2] * b + 512) >> 10).min(255) as u8;
                }
            }
        }
        SEPIABROWN => {
            let mut lut = [[0u8; 3]; 256];
            for (y, entry) in lut.iter_mut().enumerate() {
                for c in 0..3 {
                    let points = SEPIABROWN_STOPS.map(|s| [s[0], s[c + 1]]);
                    entry[c] = interpolate(&points, y as i32);
                }
            }
            for p in rgba.chunks_exact_mut(4) {
                let y = grey(p[0] as u32, p[1] as u32, p[2] as u32) as usize;
                p[..3].copy_from_slice(&lut[y]);
            }
        }
        FADED => {
            let mut levels = [0u8; 256];
            for (c, level) in levels.iter_mut().enumerate() {
                let span = FADED_WHITE - FADED_BLACK;
                *level = (FADED_BLACK + (c as u32 * span + 127) / 255) as u8;
            }
            for p in rgba.chunks_exact_mut(4) {
                let y = grey(p[0] as u32, p[1] as u32, p[2] as u32);
                for c in 0..3 {
                    let mixed = (y * FADED_GREY_SHARE + p[c] as u32 * (256 - FADED_GREY_SHARE) + 128) >> 8;
                    p[c] = levels[mixed as usize];
                }
            }
        }
        VINTAGE => {
            let mut lut = [[0u8; 256]; 3];
            for (c, table) in lut.iter_mut().enumerate() {
                for (v, entry) in table.iter_mut().enumerate() {
                    *entry = interpolate(&VINTAGE_CURVES[c], contrast(v as i32));
                }
            }
            for p in rgba.chunks_exact_mut(4) {
                for c in 0..3 {
                    p[c] = lut[c][p[c] as usize];
                }
            }
        }
        _ => return false,
    }
    true
}
