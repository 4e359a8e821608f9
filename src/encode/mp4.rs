//! The MP4 container (ISO base media file format, ISO/IEC 14496-12 and -15) of one H.264 video
//! track, written by hand: `ftyp`, then `moov` (the track's sample table: `avc1` with its `avcC`
//! and `colr`, `stts`, `stss`, `stsz`, `stsc`, `stco`), then `mdat` with the samples.
//!
//! Each sample is one picture with its own duration in milliseconds (the timescale is 1000), so a
//! picture held for three seconds is one sample, not ninety copies. The `moov` box goes before the
//! samples, which players that stream a file (browsers, slide programs) need to start at once; its
//! sample table is only known once every picture is encoded, so the samples wait in a temporary
//! file, not in memory, and only eight bytes a sample (size and duration) are kept until the end.

use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};

use crate::error::{Error, Result};
use crate::scene::Description;

/// The clock of the track and the movie: milliseconds.
const TIMESCALE: u32 = 1000;

/// NAL unit types of H.264 (Table 7-1).
const NAL_SPS: u8 = 7;
const NAL_PPS: u8 = 8;

/// How the pictures' colours were turned into Y'CbCr, as the `colr` box (and the stream's own VUI)
/// says: BT.709 primaries and transfer (those of sRGB screens), BT.601 matrix, limited range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColourInfo {
    pub primaries: u16,
    pub transfer: u16,
    pub matrix: u16,
    pub full_range: bool,
}

/// Writes an MP4 file of one H.264 track.
pub struct Mp4Writer<W: Write> {
    out: W,
    samples: File,
    width: u32,
    height: u32,
    colour: ColourInfo,
    sps: Option<Vec<u8>>,
    pps: Option<Vec<u8>>,
    /// Bytes and milliseconds of each sample.
    sizes: Vec<u32>,
    durations: Vec<u32>,
    /// 1-based numbers of the samples that start a group of pictures (IDR).
    sync: Vec<u32>,
    mdat: u64,
    sample: Vec<u8>,
    /// The video in words, for the `udta` metadata.
    about: Option<Description>,
}

/// What [`Mp4Writer::finish`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mp4Stats {
    pub frames: u32,
    pub bytes: u64,
}

impl<W: Write> Mp4Writer<W> {
    /// Starts a `width` x `height` video (both even) whose colours `colour` describes.
    pub fn new(out: W, width: u32, height: u32, colour: ColourInfo) -> Result<Self> {
        if width == 0 || height == 0 || width > u32::from(u16::MAX) || height > u32::from(u16::MAX)
        {
            return Err(Error::TooLarge(format!(
                "an MP4 picture is 1 to 65535 pixels on each side, not {width} x {height}"
            )));
        }
        let samples = tempfile::tempfile().map_err(|e| Error::io("a temporary file", e))?;
        Ok(Mp4Writer {
            out,
            samples,
            width,
            height,
            colour,
            sps: None,
            pps: None,
            sizes: Vec::new(),
            durations: Vec::new(),
            sync: Vec::new(),
            mdat: 0,
            sample: Vec::new(),
            about: None,
        })
    }

    /// Adds one picture: its NAL units (each with or without its Annex B start code), shown for
    /// `ms`; `key` when it is an IDR picture that playback may start from. The first picture's
    /// sequence and picture parameter sets go into the track's `avcC`; the same sets repeated
    /// before later IDR pictures are left out of the samples, changed ones kept.
    pub fn push<'n>(
        &mut self,
        nals: impl IntoIterator<Item = &'n [u8]>,
        key: bool,
        ms: u32,
    ) -> Result<()> {
        self.sample.clear();
        for nal in nals {
            let nal = strip_start_code(nal);
            let Some(&head) = nal.first() else { continue };
            let set = match head & 0x1f {
                NAL_SPS => Some(&mut self.sps),
                NAL_PPS => Some(&mut self.pps),
                _ => None,
            };
            if let Some(set) = set {
                match set {
                    None => {
                        *set = Some(nal.to_vec());
                        continue;
                    }
                    Some(same) if same.as_slice() == nal => continue,
                    Some(_) => {}
                }
            }
            let len = u32::try_from(nal.len())
                .map_err(|_| Error::Encode("an H.264 NAL unit over 4 GB".into()))?;
            self.sample.extend_from_slice(&len.to_be_bytes());
            self.sample.extend_from_slice(nal);
        }
        if self.sps.is_none() || self.pps.is_none() {
            return Err(Error::Encode(
                "the first H.264 picture came without its parameter sets".into(),
            ));
        }
        let size = u32::try_from(self.sample.len())
            .map_err(|_| Error::Encode("an H.264 picture over 4 GB".into()))?;
        self.samples
            .write_all(&self.sample)
            .map_err(|e| Error::io("a temporary file", e))?;
        self.sizes.push(size);
        self.durations.push(ms);
        if key {
            self.sync.push(self.sizes.len() as u32);
        }
        self.mdat += u64::from(size);
        Ok(())
    }

    /// Adds `ms` to the last picture's time (the final hold).
    pub fn extend_last(&mut self, ms: u32) {
        if let Some(last) = self.durations.last_mut() {
            *last = last.saturating_add(ms);
        }
    }

    /// Says what the whole video shows: its short part as the title (`©nam`), the whole as the
    /// description (`desc`), in the `udta` metadata that ffprobe, VLC and QuickTime show.
    pub fn describe(&mut self, about: &Description) {
        self.about = Some(about.clone());
    }

    /// Writes the file: `ftyp`, `moov`, then `mdat` with the samples.
    pub fn finish(mut self) -> Result<Mp4Stats> {
        let (Some(sps), Some(pps)) = (self.sps.take(), self.pps.take()) else {
            return Err(Error::Encode("a video needs a picture".into()));
        };
        let ftyp = ftyp();
        // The one chunk of samples starts after the `mdat` header, whose size depends on whether
        // the samples pass 4 GB; the `moov` box states that offset, so it is built twice (the
        // offset's field has the same size both times).
        let mdat_header: u64 = if self.mdat + 8 > u64::from(u32::MAX) {
            16
        } else {
            8
        };
        let probe = self.moov(&sps, &pps, 0)?;
        let offset = ftyp.len() as u64 + probe.len() as u64 + mdat_header;
        let offset = u32::try_from(offset)
            .map_err(|_| Error::TooLarge("an MP4 sample table over 4 GB".into()))?;
        let moov = self.moov(&sps, &pps, offset)?;
        let mut head = ftyp;
        head.extend_from_slice(&moov);
        if mdat_header == 16 {
            head.extend_from_slice(&1u32.to_be_bytes());
            head.extend_from_slice(b"mdat");
            head.extend_from_slice(&(self.mdat + 16).to_be_bytes());
        } else {
            head.extend_from_slice(&(self.mdat as u32 + 8).to_be_bytes());
            head.extend_from_slice(b"mdat");
        }
        let write = |e: io::Error| Error::Encode(format!("writing the MP4 failed: {e}"));
        self.out.write_all(&head).map_err(write)?;
        self.samples
            .seek(SeekFrom::Start(0))
            .map_err(|e| Error::io("a temporary file", e))?;
        io::copy(&mut self.samples, &mut self.out).map_err(write)?;
        self.out.flush().map_err(write)?;
        Ok(Mp4Stats {
            frames: self.sizes.len() as u32,
            bytes: head.len() as u64 + self.mdat,
        })
    }

    fn moov(&self, sps: &[u8], pps: &[u8], chunk_offset: u32) -> Result<Vec<u8>> {
        let duration: u64 = self.durations.iter().map(|&d| u64::from(d)).sum();
        let long = duration > u64::from(u32::MAX);
        let mut moov = Boxes::new(b"moov");
        // mvhd: times of creation and change are 0, so that the same video gives the same bytes.
        let mut mvhd = Boxes::full(b"mvhd", u8::from(long), 0);
        times(&mut mvhd, duration, long);
        mvhd.u32(0x0001_0000); // rate 1.0
        mvhd.u16(0x0100); // volume 1.0
        mvhd.zeros(10);
        matrix(&mut mvhd);
        mvhd.zeros(24);
        mvhd.u32(2); // next track ID
        moov.child(mvhd);

        let mut trak = Boxes::new(b"trak");
        // tkhd: enabled, in the movie.
        let mut tkhd = Boxes::full(b"tkhd", u8::from(long), 3);
        if long {
            tkhd.u64(0);
            tkhd.u64(0);
        } else {
            tkhd.u32(0);
            tkhd.u32(0);
        }
        tkhd.u32(1); // track ID
        tkhd.u32(0);
        if long {
            tkhd.u64(duration);
        } else {
            tkhd.u32(duration as u32);
        }
        tkhd.zeros(8);
        tkhd.u16(0); // layer
        tkhd.u16(0); // alternate group
        tkhd.u16(0); // volume: a video track has none
        tkhd.u16(0);
        matrix(&mut tkhd);
        tkhd.u32(self.width << 16);
        tkhd.u32(self.height << 16);
        trak.child(tkhd);

        let mut mdia = Boxes::new(b"mdia");
        let mut mdhd = Boxes::full(b"mdhd", u8::from(long), 0);
        times(&mut mdhd, duration, long);
        mdhd.u16(0x55c4); // language "und"
        mdhd.u16(0);
        mdia.child(mdhd);
        let mut hdlr = Boxes::full(b"hdlr", 0, 0);
        hdlr.u32(0);
        hdlr.bytes(b"vide");
        hdlr.zeros(12);
        hdlr.bytes(b"VideoHandler\0");
        mdia.child(hdlr);

        let mut minf = Boxes::new(b"minf");
        let mut vmhd = Boxes::full(b"vmhd", 0, 1);
        vmhd.zeros(8);
        minf.child(vmhd);
        let mut dinf = Boxes::new(b"dinf");
        let mut dref = Boxes::full(b"dref", 0, 0);
        dref.u32(1);
        dref.child(Boxes::full(b"url ", 0, 1)); // the samples are in this file
        dinf.child(dref);
        minf.child(dinf);
        minf.child(self.stbl(sps, pps, chunk_offset)?);
        mdia.child(minf);
        trak.child(mdia);
        moov.child(trak);
        if let Some(about) = &self.about {
            moov.child(udta(about));
        }
        Ok(moov.done())
    }

    fn stbl(&self, sps: &[u8], pps: &[u8], chunk_offset: u32) -> Result<Boxes> {
        let mut stbl = Boxes::new(b"stbl");
        let mut stsd = Boxes::full(b"stsd", 0, 0);
        stsd.u32(1);
        stsd.child(self.avc1(sps, pps)?);
        stbl.child(stsd);

        // stts: the durations, equal neighbours as one entry.
        let mut runs: Vec<(u32, u32)> = Vec::new();
        for &d in &self.durations {
            match runs.last_mut() {
                Some((count, ms)) if *ms == d => *count += 1,
                _ => runs.push((1, d)),
            }
        }
        let mut stts = Boxes::full(b"stts", 0, 0);
        stts.u32(runs.len() as u32);
        for (count, ms) in runs {
            stts.u32(count);
            stts.u32(ms);
        }
        stbl.child(stts);

        // stss: the IDR pictures (left out when every picture is one).
        if self.sync.len() < self.sizes.len() {
            let mut stss = Boxes::full(b"stss", 0, 0);
            stss.u32(self.sync.len() as u32);
            for &s in &self.sync {
                stss.u32(s);
            }
            stbl.child(stss);
        }

        // stsc and stco: all samples in one chunk, right after the `mdat` header.
        let mut stsc = Boxes::full(b"stsc", 0, 0);
        stsc.u32(1);
        stsc.u32(1);
        stsc.u32(self.sizes.len() as u32);
        stsc.u32(1);
        stbl.child(stsc);
        let mut stsz = Boxes::full(b"stsz", 0, 0);
        stsz.u32(0);
        stsz.u32(self.sizes.len() as u32);
        for &s in &self.sizes {
            stsz.u32(s);
        }
        stbl.child(stsz);
        let mut stco = Boxes::full(b"stco", 0, 0);
        stco.u32(1);
        stco.u32(chunk_offset);
        stbl.child(stco);
        Ok(stbl)
    }

    fn avc1(&self, sps: &[u8], pps: &[u8]) -> Result<Boxes> {
        if sps.len() < 4 {
            return Err(Error::Encode(
                "the H.264 sequence parameter set is too short".into(),
            ));
        }
        let mut avc1 = Boxes::new(b"avc1");
        avc1.zeros(6);
        avc1.u16(1); // data reference index
        avc1.zeros(16);
        avc1.u16(self.width as u16);
        avc1.u16(self.height as u16);
        avc1.u32(0x0048_0000); // 72 dpi
        avc1.u32(0x0048_0000);
        avc1.u32(0);
        avc1.u16(1); // one picture a sample
        let mut name = [0u8; 32];
        let label = b"chessviz";
        name[0] = label.len() as u8;
        name[1..=label.len()].copy_from_slice(label);
        avc1.bytes(&name);
        avc1.u16(0x0018); // colour, no alpha
        avc1.u16(0xffff);

        let mut avcc = Boxes::new(b"avcC");
        avcc.bytes(&[1, sps[1], sps[2], sps[3], 0xfc | 3, 0xe0 | 1]);
        avcc.u16(sps.len() as u16);
        avcc.bytes(sps);
        avcc.bytes(&[1]);
        avcc.u16(pps.len() as u16);
        avcc.bytes(pps);
        if matches!(sps[1], 100 | 110 | 122 | 144) {
            // High profiles: 4:2:0, 8 bits, no extended sets.
            avcc.bytes(&[0xfc | 1, 0xf8, 0xf8, 0]);
        }
        avc1.child(avcc);

        let c = self.colour;
        let mut colr = Boxes::new(b"colr");
        colr.bytes(b"nclx");
        colr.u16(c.primaries);
        colr.u16(c.transfer);
        colr.u16(c.matrix);
        colr.bytes(&[if c.full_range { 0x80 } else { 0 }]);
        avc1.child(colr);
        Ok(avc1)
    }
}

/// A NAL unit without the Annex B start code in front of it.
fn strip_start_code(nal: &[u8]) -> &[u8] {
    nal.strip_prefix(&[0, 0, 0, 1])
        .or_else(|| nal.strip_prefix(&[0, 0, 1]))
        .unwrap_or(nal)
}

/// Creation and change time (0), timescale and duration, as `mvhd` and `mdhd` have them.
fn times(b: &mut Boxes, duration: u64, long: bool) {
    if long {
        b.u64(0);
        b.u64(0);
        b.u32(TIMESCALE);
        b.u64(duration);
    } else {
        b.u32(0);
        b.u32(0);
        b.u32(TIMESCALE);
        b.u32(duration as u32);
    }
}

/// The identity transformation matrix.
fn matrix(b: &mut Boxes) {
    for v in [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000u32] {
        b.u32(v);
    }
}

fn ftyp() -> Vec<u8> {
    let mut ftyp = Boxes::new(b"ftyp");
    ftyp.bytes(b"isom");
    ftyp.u32(0x200);
    for brand in [b"isom", b"iso2", b"avc1", b"mp41"] {
        ftyp.bytes(brand);
    }
    ftyp.done()
}

/// The `udta` box of iTunes-style metadata (`meta` > `ilst`, as ffmpeg writes `-metadata`):
/// `about`'s short part as the title (`©nam`) and the whole as the description (`desc`), UTF-8.
fn udta(about: &Description) -> Boxes {
    let item = |kind: &[u8; 4], text: &str| {
        let mut item = Boxes::new(kind);
        let mut data = Boxes::new(b"data");
        data.u32(1); // UTF-8 text
        data.u32(0); // no locale
        data.bytes(text.as_bytes());
        item.child(data);
        item
    };
    let mut hdlr = Boxes::full(b"hdlr", 0, 0);
    hdlr.u32(0);
    hdlr.bytes(b"mdirappl");
    hdlr.zeros(8);
    hdlr.bytes(b"\0");
    let mut ilst = Boxes::new(b"ilst");
    ilst.child(item(b"\xa9nam", &about.short));
    ilst.child(item(b"desc", &about.text()));
    let mut meta = Boxes::full(b"meta", 0, 0);
    meta.child(hdlr);
    meta.child(ilst);
    let mut udta = Boxes::new(b"udta");
    udta.child(meta);
    udta
}

/// One box being built: its size is filled in when it is done.
struct Boxes {
    data: Vec<u8>,
}

impl Boxes {
    fn new(kind: &[u8; 4]) -> Boxes {
        let mut data = vec![0; 4];
        data.extend_from_slice(kind);
        Boxes { data }
    }

    /// A full box: with its version and flags.
    fn full(kind: &[u8; 4], version: u8, flags: u32) -> Boxes {
        let mut b = Boxes::new(kind);
        b.u32(u32::from(version) << 24 | flags);
        b
    }

    fn u16(&mut self, v: u16) {
        self.data.extend_from_slice(&v.to_be_bytes());
    }

    fn u32(&mut self, v: u32) {
        self.data.extend_from_slice(&v.to_be_bytes());
    }

    fn u64(&mut self, v: u64) {
        self.data.extend_from_slice(&v.to_be_bytes());
    }

    fn zeros(&mut self, n: usize) {
        self.data.resize(self.data.len() + n, 0);
    }

    fn bytes(&mut self, b: &[u8]) {
        self.data.extend_from_slice(b);
    }

    fn child(&mut self, b: Boxes) {
        self.data.extend_from_slice(&b.done());
    }

    fn done(mut self) -> Vec<u8> {
        let size = self.data.len() as u32;
        self.data[..4].copy_from_slice(&size.to_be_bytes());
        self.data
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The boxes at the top of `data`: (type, offset, size).
    fn top_boxes(data: &[u8]) -> Vec<([u8; 4], usize, usize)> {
        let mut at = 0;
        let mut out = Vec::new();
        while at + 8 <= data.len() {
            let size = u32::from_be_bytes(data[at..at + 4].try_into().unwrap()) as usize;
            let kind: [u8; 4] = data[at + 4..at + 8].try_into().unwrap();
            out.push((kind, at, size));
            at += size;
        }
        out
    }

    fn find(data: &[u8], kind: &[u8; 4]) -> usize {
        data.windows(4).position(|w| w == kind).expect("box") - 4
    }

    #[test]
    fn boxes_nest_and_the_chunk_offset_points_at_the_samples() {
        let colour = ColourInfo {
            primaries: 1,
            transfer: 1,
            matrix: 6,
            full_range: false,
        };
        let mut out = Vec::new();
        let mut w = Mp4Writer::new(&mut out, 4, 2, colour).unwrap();
        let sps: &[u8] = &[0, 0, 0, 1, 0x67, 66, 0xc0, 30, 0xaa];
        let pps: &[u8] = &[0, 0, 0, 1, 0x68, 0xce];
        w.push([sps, pps, &[0, 0, 0, 1, 0x65, 1, 2, 3][..]], true, 20)
            .unwrap();
        // The same sets again are left out of the sample; a P picture.
        w.push([sps, pps, &[0, 0, 1, 0x41, 9][..]], false, 20)
            .unwrap();
        w.push([&[0, 0, 0, 1, 0x41, 8][..]], false, 30).unwrap();
        w.extend_last(3000);
        let stats = w.finish().unwrap();
        assert_eq!(stats.frames, 3);
        assert_eq!(stats.bytes, out.len() as u64);
        let top = top_boxes(&out);
        let kinds: Vec<&[u8; 4]> = top.iter().map(|(k, _, _)| k).collect();
        assert_eq!(kinds, vec![b"ftyp", b"moov", b"mdat"]);
        let (_, mdat, size) = top[2];
        assert_eq!(mdat + size, out.len());
        let stco = find(&out, b"stco");
        let offset = u32::from_be_bytes(out[stco + 16..stco + 20].try_into().unwrap()) as usize;
        assert_eq!(offset, mdat + 8);
        // Length-prefixed NAL units, without start codes or repeated sets.
        assert_eq!(
            &out[offset..],
            &[0, 0, 0, 4, 0x65, 1, 2, 3, 0, 0, 0, 2, 0x41, 9, 0, 0, 0, 2, 0x41, 8]
        );
        // stts: 2 x 20 ms, 1 x 3030 ms; stss: the first only.
        let stts = find(&out, b"stts");
        let words: Vec<u32> = out[stts + 12..stts + 32]
            .chunks(4)
            .map(|c| u32::from_be_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(words, vec![2, 2, 20, 1, 3030]);
        let stss = find(&out, b"stss");
        assert_eq!(&out[stss + 12..stss + 20], &[0, 0, 0, 1, 0, 0, 0, 1]);
        // avcC holds the sets once.
        let avcc = find(&out, b"avcC");
        assert_eq!(&out[avcc + 8..avcc + 14], &[1, 66, 0xc0, 30, 0xff, 0xe1]);
    }

    #[test]
    fn start_codes_of_both_lengths_are_removed() {
        assert_eq!(strip_start_code(&[0, 0, 0, 1, 5]), &[5]);
        assert_eq!(strip_start_code(&[0, 0, 1, 5]), &[5]);
        assert_eq!(strip_start_code(&[5]), &[5]);
    }
}
