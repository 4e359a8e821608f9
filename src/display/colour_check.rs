//! Colour science for choosing and checking theme colours: CIELAB lightness (L*), the CIEDE2000
//! colour difference, and the simulation of colour-vision deficiency by Machado, Oliveira and Fernandes
//! (2009) at severity 1.0.
//!
//! Greyscale copies keep colours apart by L*; readers with a colour-vision deficiency keep them apart by
//! the CIEDE2000 difference of the simulated colours. The theme rules (see the `palette_rules` tests)
//! are written in these terms, and [`lch`] builds the per-tile colours of
//! [`Theme::tile_hue`](super::theme::Theme::tile_hue) at a chosen L*.

use super::palette::Rgb;

/// The D65 white point (sRGB's), CIE XYZ with Y = 1.
const WHITE: [f64; 3] = [0.950_47, 1.0, 1.088_83];

/// sRGB (linear) to CIE XYZ, D65.
const RGB_TO_XYZ: [[f64; 3]; 3] = [
    [0.412_456_4, 0.357_576_1, 0.180_437_5],
    [0.212_672_9, 0.715_152_2, 0.072_175_0],
    [0.019_333_9, 0.119_192_0, 0.950_304_1],
];

/// CIE XYZ, D65, to sRGB (linear).
const XYZ_TO_RGB: [[f64; 3]; 3] = [
    [3.240_454_2, -1.537_138_5, -0.498_531_4],
    [-0.969_266_0, 1.876_010_8, 0.041_556_0],
    [0.055_643_4, -0.204_025_9, 1.057_225_2],
];

/// CIE's constants for the linear segment near black: epsilon = (6/29)^3, kappa = (29/3)^3.
const EPSILON: f64 = 216.0 / 24389.0;
const KAPPA: f64 = 24389.0 / 27.0;

/// An sRGB channel (0..=255) as linear light (0..=1).
pub fn to_linear(v: u8) -> f64 {
    let s = f64::from(v) / 255.0;
    if s <= 0.040_45 {
        s / 12.92
    } else {
        ((s + 0.055) / 1.055).powf(2.4)
    }
}

/// Linear light, clamped to 0..=1, as an sRGB channel.
fn to_srgb(x: f64) -> u8 {
    let x = x.clamp(0.0, 1.0);
    let s = if x <= 0.003_130_8 {
        12.92 * x
    } else {
        1.055 * x.powf(1.0 / 2.4) - 0.055
    };
    (s * 255.0).round() as u8
}

fn mul(m: &[[f64; 3]; 3], v: [f64; 3]) -> [f64; 3] {
    [0, 1, 2].map(|i| m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2])
}

/// A colour in CIELAB (D65): `l` is lightness L* (0 black to 100 white), `a` green-red, `b` blue-yellow.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lab {
    /// L*, 0..=100.
    pub l: f64,
    /// a*.
    pub a: f64,
    /// b*.
    pub b: f64,
}

impl Lab {
    /// The CIELAB coordinates of an sRGB colour.
    pub fn from_rgb(c: Rgb) -> Lab {
        Lab::from_linear(c.map(to_linear))
    }

    /// The CIELAB coordinates of linear sRGB light (channels clamped to 0..=1).
    fn from_linear(rgb: [f64; 3]) -> Lab {
        let xyz = mul(&RGB_TO_XYZ, rgb.map(|v| v.clamp(0.0, 1.0)));
        let f = |t: f64| {
            if t > EPSILON {
                t.cbrt()
            } else {
                (KAPPA * t + 16.0) / 116.0
            }
        };
        let [fx, fy, fz] = [0, 1, 2].map(|i| f(xyz[i] / WHITE[i]));
        Lab {
            l: 116.0 * fy - 16.0,
            a: 500.0 * (fx - fy),
            b: 200.0 * (fy - fz),
        }
    }

    /// Linear sRGB light of this colour; channels outside 0..=1 mean it is outside the sRGB gamut.
    fn to_linear(self) -> [f64; 3] {
        let fy = (self.l + 16.0) / 116.0;
        let fx = fy + self.a / 500.0;
        let fz = fy - self.b / 200.0;
        let inv = |t: f64| {
            if t * t * t > EPSILON {
                t * t * t
            } else {
                (116.0 * t - 16.0) / KAPPA
            }
        };
        let xyz = [inv(fx) * WHITE[0], inv(fy), inv(fz) * WHITE[2]];
        mul(&XYZ_TO_RGB, xyz)
    }

    /// The nearest sRGB colour (channels outside the gamut clamped).
    pub fn to_rgb(self) -> Rgb {
        self.to_linear().map(to_srgb)
    }
}

/// The sRGB colour of lightness `l`, chroma `c` and hue angle `h` (degrees) in CIELAB, with the chroma
/// lowered in steps of 0.5 until the colour fits the sRGB gamut (so the lightness is kept).
pub fn lch(l: f64, c: f64, h: f64) -> Rgb {
    let (sin, cos) = h.to_radians().sin_cos();
    let mut chroma = c.max(0.0);
    loop {
        let lab = Lab {
            l,
            a: chroma * cos,
            b: chroma * sin,
        };
        let rgb = lab.to_linear();
        if chroma <= 0.0 || rgb.iter().all(|v| (-1e-9..=1.0 + 1e-9).contains(v)) {
            return rgb.map(to_srgb);
        }
        chroma -= 0.5;
    }
}

/// CIELAB lightness L* of an sRGB colour: what a greyscale copy keeps of it.
pub fn lightness(c: Rgb) -> f64 {
    Lab::from_rgb(c).l
}

/// The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation); about 1 is just noticeable,
/// differences above 10 read as different colours at a glance.
pub fn delta_e2000(x: Lab, y: Lab) -> f64 {
    let pow7 = |v: f64| v.powi(7);
    let c_bar = (x.a.hypot(x.b) + y.a.hypot(y.b)) / 2.0;
    let g = 0.5 * (1.0 - (pow7(c_bar) / (pow7(c_bar) + pow7(25.0))).sqrt());
    let (a1, a2) = ((1.0 + g) * x.a, (1.0 + g) * y.a);
    let (c1, c2) = (a1.hypot(x.b), a2.hypot(y.b));
    let hue = |b: f64, a: f64| {
        if b == 0.0 && a == 0.0 {
            0.0
        } else {
            b.atan2(a).to_degrees().rem_euclid(360.0)
        }
    };
    let (h1, h2) = (hue(x.b, a1), hue(y.b, a2));
    let dl = y.l - x.l;
    let dc = c2 - c1;
    let dh = if c1 * c2 == 0.0 {
        0.0
    } else if (h2 - h1).abs() <= 180.0 {
        h2 - h1
    } else if h2 - h1 > 180.0 {
        h2 - h1 - 360.0
    } else {
        h2 - h1 + 360.0
    };
    let big_dh = 2.0 * (c1 * c2).sqrt() * (dh / 2.0).to_radians().sin();
    let l_bar = (x.l + y.l) / 2.0;
    let cp_bar = (c1 + c2) / 2.0;
    let h_bar = if c1 * c2 == 0.0 {
        h1 + h2
    } else if (h1 - h2).abs() <= 180.0 {
        (h1 + h2) / 2.0
    } else if h1 + h2 < 360.0 {
        (h1 + h2 + 360.0) / 2.0
    } else {
        (h1 + h2 - 360.0) / 2.0
    };
    let cos = |deg: f64| deg.to_radians().cos();
    let t =
        1.0 - 0.17 * cos(h_bar - 30.0) + 0.24 * cos(2.0 * h_bar) + 0.32 * cos(3.0 * h_bar + 6.0)
            - 0.20 * cos(4.0 * h_bar - 63.0);
    let d_theta = 30.0 * (-((h_bar - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * (pow7(cp_bar) / (pow7(cp_bar) + pow7(25.0))).sqrt();
    let l50 = (l_bar - 50.0).powi(2);
    let sl = 1.0 + 0.015 * l50 / (20.0 + l50).sqrt();
    let sc = 1.0 + 0.045 * cp_bar;
    let sh = 1.0 + 0.015 * cp_bar * t;
    let rt = -(2.0 * d_theta).to_radians().sin() * rc;
    let (l, c, h) = (dl / sl, dc / sc, big_dh / sh);
    (l * l + c * c + h * h + rt * c * h).sqrt()
}

/// How a reader sees colour: normal vision or one of the three dichromacies, simulated with the
/// matrices of Machado, Oliveira and Fernandes (2009) for severity 1.0, applied to linear sRGB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vision {
    /// Normal colour vision (no simulation).
    Normal,
    /// No M cones (the most common red-green deficiency).
    Deuteranopia,
    /// No L cones (red-green; reds also look darker).
    Protanopia,
    /// No S cones (blue-yellow).
    Tritanopia,
}

impl Vision {
    /// Every kind of vision the theme rules consider.
    pub const ALL: [Vision; 4] = [
        Vision::Normal,
        Vision::Deuteranopia,
        Vision::Protanopia,
        Vision::Tritanopia,
    ];

    /// The dichromacies alone.
    pub const DEFICIENT: [Vision; 3] =
        [Vision::Deuteranopia, Vision::Protanopia, Vision::Tritanopia];

    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Vision::Normal => "normal vision",
            Vision::Deuteranopia => "deuteranopia",
            Vision::Protanopia => "protanopia",
            Vision::Tritanopia => "tritanopia",
        }
    }

    fn matrix(self) -> Option<[[f64; 3]; 3]> {
        match self {
            Vision::Normal => None,
            Vision::Deuteranopia => Some([
                [0.367_322, 0.860_646, -0.227_968],
                [0.280_085, 0.672_501, 0.047_413],
                [-0.011_820, 0.042_940, 0.968_881],
            ]),
            Vision::Protanopia => Some([
                [0.152_286, 1.052_583, -0.204_868],
                [0.114_503, 0.786_281, 0.099_216],
                [-0.003_882, -0.048_116, 1.051_998],
            ]),
            Vision::Tritanopia => Some([
                [1.255_528, -0.076_749, -0.178_779],
                [-0.078_411, 0.930_809, 0.147_602],
                [0.004_733, 0.691_367, 0.303_900],
            ]),
        }
    }

    /// The CIELAB coordinates of `c` as this reader sees it (simulated light clamped to the gamut).
    pub fn lab(self, c: Rgb) -> Lab {
        let linear = c.map(to_linear);
        match self.matrix() {
            None => Lab::from_linear(linear),
            Some(m) => Lab::from_linear(mul(&m, linear)),
        }
    }

    /// `c` as this reader sees it, as the nearest sRGB colour (for pictures of the simulation).
    pub fn simulate(self, c: Rgb) -> Rgb {
        let linear = c.map(to_linear);
        match self.matrix() {
            None => c,
            Some(m) => mul(&m, linear).map(to_srgb),
        }
    }

    /// CIEDE2000 between `x` and `y` as this reader sees them.
    pub fn delta_e(self, x: Rgb, y: Rgb) -> f64 {
        delta_e2000(self.lab(x), self.lab(y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ciede2000_matches_sharma_test_pairs() {
        // Pairs 1, 7, 17 and 25 of Sharma, Wu and Dalal's table (2005).
        let pairs = [
            ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
            ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
            ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
            (
                (60.2574, -34.0099, 36.2677),
                (60.4626, -34.1751, 39.4387),
                1.2644,
            ),
        ];
        for ((l1, a1, b1), (l2, a2, b2), want) in pairs {
            let x = Lab {
                l: l1,
                a: a1,
                b: b1,
            };
            let y = Lab {
                l: l2,
                a: a2,
                b: b2,
            };
            assert!((delta_e2000(x, y) - want).abs() < 1e-4, "{x:?} {y:?}");
            assert!((delta_e2000(y, x) - want).abs() < 1e-4, "symmetric");
        }
    }

    #[test]
    fn lab_round_trips_and_spans_black_to_white() {
        assert!(lightness([0, 0, 0]).abs() < 1e-9);
        assert!((lightness([255, 255, 255]) - 100.0).abs() < 1e-3);
        for c in [
            [12, 200, 90],
            [250, 248, 243],
            [3, 70, 123],
            [128, 128, 128],
        ] {
            assert_eq!(Lab::from_rgb(c).to_rgb(), c);
        }
        let c = lch(65.0, 20.0, 190.0);
        assert!((lightness(c) - 65.0).abs() < 0.5, "{c:?}");
    }

    #[test]
    fn simulations_keep_greys_and_merge_red_green_confusions() {
        for v in Vision::ALL {
            assert_eq!(v.simulate([128, 128, 128]), [128, 128, 128], "{v:?}");
        }
        // A red and a green that deuteranopes confuse, far apart for normal vision.
        let (red, green) = ([200, 90, 40], [120, 120, 40]);
        assert!(Vision::Normal.delta_e(red, green) > 20.0);
        assert!(Vision::Deuteranopia.delta_e(red, green) < 8.0);
        // Blue and yellow stay apart for red-green deficiencies.
        assert!(Vision::Protanopia.delta_e([40, 80, 200], [220, 200, 40]) > 40.0);
    }
}
