"""Theme music: a loop of chords, bass, a seeded melody and drums (8 bars at 22050 Hz for a
theme's music; a feature's loop is shorter, faster and busier, see a theme.yaml's ``feature_music``).

The loop is seamless: whatever rings past the end (reverb, release tails) is folded
back onto the start, and the last bar's notes stop early so the loop point sits near silence.
"""

from __future__ import annotations

import numpy as np

from .sound import (
    Array,
    additive,
    env,
    fm_bell,
    hat,
    kick,
    midi_hz,
    noise,
    perc,
    phase,
    place,
    pulse,
    reverb,
    saw,
    sleigh,
    snare,
    square,
    woodblock,
)
from .theme_data import MusicSpec

MUSIC_RATE = 22050
# A feature loop plays only during its feature, and is stored 4-bit (IMA ADPCM, ``build.py``)
# at this rate so its few seconds stay small: a theme's sprites and sounds are held under
# 5 MB (tests/test_assets.py, per theme). It is rendered at twice the rate and filtered down, so
# nothing above the new Nyquist frequency folds back as a false tone.
FEATURE_MUSIC_RATE = 12000
BARS = 8  # a theme loop's length, the default of ``MusicSpec.bars``
def instrument(kind: str, note: float, seconds: float, rate: int = MUSIC_RATE) -> Array:
    n = max(1, int(seconds * rate))
    f = midi_hz(note)
    if kind == "square":
        return square(phase(f, n, rate), f, rate, 8) * env(n, rate, 0.004, 0.08, 0.55, 0.05) * 0.5
    if kind == "pulse":
        return pulse(phase(f, n, rate), 0.25) * env(n, rate, 0.002, 0.05, 0.6, 0.03) * 0.3
    if kind == "koto":
        t = np.arange(n) / rate
        ph = phase(f * (1 + 0.01 * np.exp(-t / 0.03)), n, rate)
        return additive(ph, [1, 0.5, 0.4, 0.2, 0.15, 0.1], [0.5, 0.3, 0.2, 0.12, 0.08, 0.05], rate) \
            * perc(n, rate, 0.6) * 0.6
    if kind == "bells":
        return fm_bell(f, seconds, rate, 3.5, 2.0, 0.5) * 0.5 + fm_bell(f * 2, seconds, rate, 1.4, 1.0, 0.3) * 0.15
    if kind == "flute":
        t = np.arange(n) / rate
        vib = 1 + 0.006 * np.sin(2 * np.pi * 5.5 * t) * np.clip(t / 0.2, 0, 1)
        ph = phase(f * vib, n, rate)
        breath = np.convolve(noise(n, int(note * 7)), np.ones(8) / 8, mode="same") * 0.03
        return (additive(ph, [1, 0.25, 0.08]) + breath) * env(n, rate, 0.04, 0.1, 0.75, 0.08) * 0.45
    if kind == "theremin":
        t = np.arange(n) / rate
        vib = 1 + 0.015 * np.sin(2 * np.pi * 6 * t)
        return additive(phase(f * vib, n, rate), [1, 0.15, 0.05]) * env(n, rate, 0.06, 0.1, 0.8, 0.1) * 0.45
    if kind == "pluck_bass":
        return additive(phase(f, n, rate), [1, 0.5, 0.25, 0.12], [0.4, 0.2, 0.1, 0.06], rate) \
            * perc(n, rate, 0.35) * 0.7
    if kind == "square_bass":
        return square(phase(f, n, rate), f, rate, 6) * env(n, rate, 0.003, 0.05, 0.7, 0.03) * 0.4
    if kind == "soft_bass":
        return additive(phase(f, n, rate), [1, 0.3, 0.1]) * env(n, rate, 0.02, 0.1, 0.7, 0.08) * 0.6
    if kind == "organ":
        return additive(phase(f, n, rate), [1, 0.5, 0.3, 0.2, 0, 0.1]) * env(n, rate, 0.03, 0.1, 0.8, 0.12) * 0.16
    if kind == "bowed":
        return saw(phase(f, n, rate), f, rate, 6) * env(n, rate, 0.25, 0.2, 0.8, 0.3) * 0.14
    if kind == "chip_arp":
        return pulse(phase(f, n, rate), 0.5) * env(n, rate, 0.002, 0.04, 0.5, 0.02) * 0.12
    if kind == "celesta":  # a music box's short bright bell, for running figures
        return fm_bell(f, seconds, rate, 4.0, 1.2, 0.18) * 0.3
    if kind == "pluck":  # a plucked string, short
        return additive(phase(f, n, rate), [1, 0.6, 0.3, 0.15], [0.12, 0.08, 0.05, 0.03], rate) \
            * perc(n, rate, 0.15) * 0.35
    raise ValueError(kind)


def scale_note(spec: MusicSpec, degree: int) -> int:
    """The MIDI note of a scale degree (may be negative or beyond one octave)."""
    k = len(spec.scale)
    octave, idx = divmod(degree, k)
    return spec.root + 12 * octave + spec.scale[idx]


def chord(spec: MusicSpec, degree: int) -> list[int]:
    return [scale_note(spec, degree + i) for i in (0, 2, 4)]


def melody(spec: MusicSpec) -> list[tuple[int, float, float]]:
    """(note, beat, beats) over ``spec.bars`` bars: a two-bar motif, repeated with variations, ending
    on the tonic."""
    rng = np.random.default_rng(spec.seed)
    bpb = spec.beats_per_bar
    rhythms: list[list[float]] = [[1, 1, 1, 1], [0.5, 0.5, 1, 2], [1.5, 0.5, 1, 1], [0.5, 0.5, 0.5, 0.5, 2], [1, 0.5, 0.5, 2],
               [2, 1, 1]]
    motif_rhythm = [rhythms[int(rng.integers(len(rhythms)))] for _ in range(2)]
    notes: list[tuple[int, float, float]] = []
    prev = 7 if len(spec.scale) == 7 else 5  # start an octave above the root
    bars = spec.bars
    for bar in range(bars):
        degs = spec.progression[bar % len(spec.progression)]
        chord_tones = {degs % len(spec.scale), (degs + 2) % len(spec.scale), (degs + 4) % len(spec.scale)}
        rh = motif_rhythm[bar % 2] if bar % 4 != 3 else rhythms[int(rng.integers(len(rhythms)))]
        if bar == bars - 1:
            rh = [1, 1, 1.5]  # resolve and leave half a beat of air before the loop point
        beat = 0.0
        for i, ln in enumerate(rh):
            if bar == bars - 1 and i == len(rh) - 1:
                deg = len(spec.scale)  # the tonic, an octave up
            else:
                step = int(rng.choice([-2, -1, -1, 1, 1, 2, 0, 3, -3]))
                deg = int(np.clip(prev + step, 2, 2 * len(spec.scale)))
                if i == 0 or ln >= 1.5:  # strong beats land on chord tones
                    for d in (0, 1, -1, 2, -2):
                        if (deg + d) % len(spec.scale) in chord_tones:
                            deg += d
                            break
            notes.append((scale_note(spec, deg), bar * bpb + beat, ln))
            prev = deg
            beat += ln
    return notes


def drum_hits(style: str, bpb: int) -> list[tuple[str, float]]:
    """One bar's pattern: (drum, beat)."""
    if style == "chip":
        return [("kick", 0), ("hat", 0.5), ("snare", 1), ("hat", 1.5), ("kick", 2), ("kick", 2.5), ("snare", 3),
                ("hat", 3.5)]
    if style == "swing":
        return [("kick", 0), ("hat", 1), ("snare", 1), ("hat", 1.66), ("kick", 2), ("hat", 3), ("snare", 3),
                ("hat", 3.66)]
    if style == "temple":
        return [("wood", 0), ("wood", 1.5), ("woodlo", 2), ("wood", 3), ("woodlo", 3.5)]
    if style == "sleigh":
        return [("kick", 0), ("bells", 0.5), ("bells", 1), ("bells", 1.5), ("kick", 2), ("bells", 2.5),
                ("bells", 3), ("bells", 3.5)]
    if style == "spooky":
        return [("kick", 0), ("kick", 1.5), ("snare", 2), ("hat", 3), ("hat", 3.5)]
    # The features' busier patterns: a kick on every beat under running eighths or sixteenths.
    if style == "gallop":  # sleigh bells at a gallop
        return [("kick", b) for b in range(bpb)] + [("snare", 1), ("snare", 3)] + \
            [("bells", b / 4) for b in range(bpb * 4) if b % 4]
    if style == "drive":  # four on the floor, open eighths
        return [("kick", b) for b in range(bpb)] + [("snare", 1), ("snare", 3)] + \
            [("hat", b + 0.5) for b in range(bpb)] + [("hat", b + 0.25) for b in range(bpb) if b % 2]
    if style == "chip_drive":
        return [("kick", 0), ("kick", 0.75), ("snare", 1), ("kick", 2), ("kick", 2.5), ("snare", 3),
                ("snare", 3.75)] + [("hat", b / 2) for b in range(bpb * 2) if b % 2]
    if style == "taiko":  # drums and woodblocks of a festival
        return [("kick", 0), ("kick", 1.5), ("kick", 2), ("kick", 3), ("kick", 3.5)] + \
            [("wood", b / 2) for b in range(bpb * 2) if b % 2] + [("woodlo", 1), ("woodlo", 3)]
    if style == "spooky_drive":
        return [("kick", 0), ("kick", 0.75), ("kick", 2), ("kick", 2.75), ("snare", 1), ("snare", 3)] + \
            [("hat", b / 2) for b in range(bpb * 2)]
    return []


def drum_sound(drum: str, bar: int, rate: int) -> Array:
    """One hit; noisy drums take a per-bar seed so repeats are not identical."""
    if drum == "kick":
        return kick(rate, 0.3)
    if drum == "snare":
        return snare(rate, 0.2, 4 + bar)
    if drum == "hat":
        return hat(rate, 0.05, 5 + bar)
    if drum in ("wood", "woodlo"):
        return woodblock(rate, 86 if drum == "wood" else 79)
    if drum == "bells":
        return sleigh(rate, 0.15, 9 + bar)
    raise ValueError(drum)


def arpeggio(tones: list[int]) -> list[int]:
    """One bar's sixteenths over a chord: up through it and an octave, and back down."""
    up = [tones[0], tones[1], tones[2], tones[0] + 12]
    return up + up[::-1][1:] + [tones[1]]


def render_feature_music(spec: MusicSpec, rate: int = FEATURE_MUSIC_RATE) -> Array:
    """A feature loop at ``rate``: rendered at twice it, low-passed under the new Nyquist
    frequency, then every second sample kept (the loop stays seamless: its length halves)."""
    from .sound import lowpass

    fine = render_music(spec, rate * 2)
    return lowpass(fine, rate * 0.45, rate * 2)[::2].copy()


def render_music(spec: MusicSpec, rate: int = MUSIC_RATE) -> Array:
    beat = 60.0 / spec.bpm
    bpb = spec.beats_per_bar
    bars = spec.bars
    length = bars * bpb * beat
    n = int(round(length * rate))
    tail = int(2.0 * rate)
    buf = np.zeros(n + tail)

    def at(b: float) -> float:
        whole, frac = divmod(b, 1.0)
        if spec.swing and abs(frac - 0.5) < 1e-6:
            frac += spec.swing
        return (whole + frac) * beat

    end_beat = bars * bpb - 0.5  # everything stops half a beat early
    for bar in range(bars):
        deg = spec.progression[bar % len(spec.progression)]
        tones = chord(spec, deg)
        b0 = bar * bpb
        last = bar == bars - 1
        # pad / comping
        if spec.pad == "chip_arp":
            for k in range(bpb * 4):
                if b0 + k * 0.25 >= end_beat:
                    break
                place(buf, instrument("chip_arp", tones[k % 3] + 12, beat * 0.24, rate), at(b0 + k * 0.25), rate)
        else:
            ln = (bpb - (0.5 if last else 0.0)) * beat
            for tnote in tones:
                place(buf, instrument(spec.pad, tnote, ln, rate), at(b0), rate)
        # bass: root on the beat, fifth on the off-beats
        for k in range(bpb):
            if b0 + k >= end_beat:
                break
            note = tones[0] - 24 if k % 2 == 0 else tones[2] - 24
            ln = min(0.9, end_beat - (b0 + k)) * beat
            place(buf, instrument(spec.bass, note, ln, rate), at(b0 + k), rate, 0.9)
        # the feature loops' running sixteenths above the chords
        if spec.arp:
            figure = arpeggio(tones)
            for k in range(bpb * 4):
                if b0 + k * 0.25 >= end_beat:
                    break
                note = figure[k % len(figure)] + 12
                place(buf, instrument(spec.arp, note, beat * 0.22, rate), at(b0 + k * 0.25), rate, 0.45)
        # drums
        for drum, b in drum_hits(spec.drums, bpb):
            if b0 + b >= end_beat:
                continue
            sig = drum_sound(drum, bar, rate)
            place(buf, sig, at(b0 + b), rate, 0.35 if drum != "kick" else 0.55)
    for note, b, ln in melody(spec):
        dur = min(ln, end_beat - b) * beat * 0.95
        if dur > 0:
            place(buf, instrument(spec.lead, note, dur, rate), at(b), rate, 0.8)
    wet = reverb(buf, 1.4, 0.2, seed=spec.seed, rate=rate, keep_length=True)
    out = wet[:n].copy()
    out[:tail] += wet[n:n + tail]  # fold the ringing tail onto the start: a seamless loop
    return out
