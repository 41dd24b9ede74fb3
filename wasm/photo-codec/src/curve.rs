//! ICC tone reproduction curves (rTRC, gTRC, bTRC, kTRC): device value 0..1 to linear 0..1.
//! 'curv' (identity, a u8.8 gamma, or a table of u16 samples) and 'para' (ICC.1 10.18,
//! function types 0-4), as in v2 and v4 profiles.

/// Longest table accepted: larger ones only cost memory and time, never precision we keep.
pub const MAX_TABLE: usize = 1 << 16;

#[derive(Clone, Debug, PartialEq)]
pub enum Curve {
    Gamma(f64),
    /// Equally spaced samples over 0..1, scaled to 0..1.
    Table(Vec<f64>),
    /// ICC parametric curve: [g, a, b, c, d, e, f] (missing ones as the type implies).
    Parametric { kind: u16, p: [f64; 7] },
}

fn u16_at(data: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(data.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(data: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?))
}

/// s15Fixed16Number.
pub fn s15f16_at(data: &[u8], at: usize) -> Option<f64> {
    Some(u32_at(data, at)? as i32 as f64 / 65536.0)
}

/// Parses a curve tag's bytes (starting at its type signature); None when malformed.
pub fn parse(tag: &[u8]) -> Option<Curve> {
    match tag.get(..4)? {
        b"curv" => {
            let count = u32_at(tag, 8)? as usize;
            match count {
                0 => Some(Curve::Gamma(1.0)),
                1 => {
                    let gamma = u16_at(tag, 12)? as f64 / 256.0;
                    (gamma > 0.0).then(|| Curve::Gamma(gamma))
                }
                _ if count > MAX_TABLE => None,
                _ => {
                    let samples = tag.get(12..12 + count * 2)?;
                    Some(Curve::Table(samples.chunks_exact(2).map(|s| u16::from_be_bytes([s[0], s[1]]) as f64 / 65535.0).collect()))
                }
            }
        }
        b"para" => {
            let kind = u16_at(tag, 8)?;
            let count = match kind {
                0 => 1,
                1 => 3,
                2 => 4,
                3 => 5,
                4 => 7,
                _ => return None,
            };
            let mut p = [0.0; 7];
            for (i, value) in p.iter_mut().take(count).enumerate() {
                *value = s15f16_at(tag, 12 + i * 4)?;
            }
            if !p.iter().all(|v| v.is_finite()) || p[0] <= 0.0 || (kind > 0 && p[1] == 0.0) {
                return None;
            }
            Some(Curve::Parametric { kind, p })
        }
        _ => None,
    }
}

/// Device value `x` in 0..1 to linear light, clamped to 0..1.
pub fn eval(curve: &Curve, x: f64) -> f64 {
    let y = match curve {
        Curve::Gamma(g) => x.powf(*g),
        Curve::Table(samples) => {
            let last = samples.len() - 1;
            let position = x.clamp(0.0, 1.0) * last as f64;
            let index = (position.floor() as usize).min(last);
            let next = (index + 1).min(last);
            let t = position - index as f64;
            samples[index] + (samples[next] - samples[index]) * t
        }
        Curve::Parametric { kind, p } => {
            let [g, a, b, c, d, e, f] = *p;
            let power = |x: f64| {
                let base = a * x + b;
                if base > 0.0 {
                    base.powf(g)
                } else {
                    0.0
                }
            };
            match kind {
                0 => x.powf(g),
                1 => if x >= -b / a { power(x) } else { 0.0 },
                2 => if x >= -b / a { power(x) + c } else { c },
                3 => if x >= d { power(x) } else { c * x },
                _ => if x >= d { power(x) + e } else { c * x + f },
            }
        }
    };
    if y.is_finite() {
        y.clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// Linear to sRGB device value.
pub fn linear_to_srgb(y: f64) -> f64 {
    if y <= 0.0031308 {
        y * 12.92
    } else {
        1.055 * y.powf(1.0 / 2.4) - 0.055
    }
}

/// True when the curve matches sRGB's to within a quarter of an 8-bit step on every code.
pub fn is_srgb(curve: &Curve) -> bool {
    (0..256).all(|i| {
        let x = i as f64 / 255.0;
        (linear_to_srgb(eval(curve, x)) - x).abs() * 255.0 < 0.25
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn curv(values: &[u16]) -> Vec<u8> {
        let mut tag = b"curv\0\0\0\0".to_vec();
        tag.extend((values.len() as u32).to_be_bytes());
        values.iter().for_each(|v| tag.extend(v.to_be_bytes()));
        tag
    }

    #[test]
    fn parses_curv_gamma_identity_and_table() {
        assert_eq!(parse(&curv(&[])), Some(Curve::Gamma(1.0)));
        assert_eq!(parse(&curv(&[0x0233])), Some(Curve::Gamma(563.0 / 256.0)));
        assert_eq!(parse(&curv(&[0])), None);
        let table = parse(&curv(&[0, 65535, 0])).unwrap();
        assert!((eval(&table, 0.25) - 0.5).abs() < 1e-9);
        assert!((eval(&table, 0.5) - 1.0).abs() < 1e-9);
        assert!(parse(&curv(&[0, 1])[..14]).is_none());
    }

    #[test]
    fn parametric_type_3_is_srgb() {
        let mut tag = b"para\0\0\0\0\0\x03\0\0".to_vec();
        for v in [2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045] {
            tag.extend(((v * 65536.0f64).round() as i32).to_be_bytes());
        }
        let curve = parse(&tag).unwrap();
        assert!(is_srgb(&curve));
        assert!(!is_srgb(&Curve::Gamma(2.2)));
        assert!(!is_srgb(&Curve::Gamma(1.8)));
        assert!(parse(&tag[..20]).is_none());
    }

    #[test]
    fn eval_never_leaves_0_to_1() {
        let odd = Curve::Parametric { kind: 4, p: [0.5, -1.0, 2.0, -3.0, 0.2, 5.0, -7.0] };
        for i in 0..=100 {
            let y = eval(&odd, i as f64 / 100.0);
            assert!((0.0..=1.0).contains(&y));
        }
    }
}
