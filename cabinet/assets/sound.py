"""Sound synthesis on numpy: oscillators, envelopes, a small reverb, and the cabinet's effects.

Every effect is a function returning float samples at RATE; ``write_wav`` normalises,
fades the ends (no clicks) and writes 16-bit mono. All noise is seeded: same bytes every run.
"""

from __future__ import annotations

import math
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

Array = np.ndarray
RATE = 44100
PEAK = 0.89  # about -1 dBFS: loud, never clipping


# ----------------------------------------------------------------------------- primitives

def times(seconds: float, rate: int = RATE) -> Array:
    return np.arange(int(round(seconds * rate)), dtype=np.float64) / rate


def midi_hz(note: float) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)


def env(n: int, rate: int, attack: float = 0.005, decay: float = 0.1, sustain: float = 0.6,
        release: float = 0.05) -> Array:
    """ADSR over n samples; the release finishes exactly at the end."""
    out = np.full(n, sustain, dtype=np.float64)
    a, d, r = (int(attack * rate), int(decay * rate), int(release * rate))
    a = min(a, n)
    out[:a] = np.linspace(0, 1, a, endpoint=False) if a else out[:a]
    d = min(d, n - a)
    if d > 0:
        out[a:a + d] = np.linspace(1, sustain, d, endpoint=False)
    r = min(r, n)
    if r > 0:
        out[n - r:] *= np.linspace(1, 0, r)
    return out


def perc(n: int, rate: int, decay: float, attack: float = 0.002) -> Array:
    """An exponential hit: quick rise, decay time constant `decay` seconds, tail faded to zero."""
    t = np.arange(n) / rate
    e = np.exp(-t / decay)
    a = max(1, int(attack * rate))
    e[:a] *= np.linspace(0, 1, a)
    tail = min(n, int(0.01 * rate))
    e[n - tail:] *= np.linspace(1, 0, tail)
    return e


def phase(freq: Array | float, n: int, rate: int) -> Array:
    """Running phase (radians) for a constant or per-sample frequency."""
    f = np.broadcast_to(np.asarray(freq, dtype=np.float64), (n,))
    return 2 * np.pi * np.cumsum(f) / rate


def additive(ph: Array, amps: list[float], decays: list[float] | None = None, rate: int = RATE) -> Array:
    """Harmonic partials with optional per-partial exponential decay (seconds)."""
    out = np.zeros_like(ph)
    t = np.arange(len(ph)) / rate
    for k, a in enumerate(amps, start=1):
        part = a * np.sin(ph * k)
        if decays is not None:
            part *= np.exp(-t / decays[k - 1])
        out += part
    return out


def square(ph: Array, f0: float, rate: int, bright: int = 15) -> Array:
    """A band-limited square: odd harmonics below Nyquist."""
    n = max(1, min(bright, int(rate / 2 / max(f0, 1) / 2)))
    return additive(ph, [(1 / k if k % 2 else 0.0) for k in range(1, 2 * n)], rate=rate)


def saw(ph: Array, f0: float, rate: int, bright: int = 12) -> Array:
    n = max(1, min(bright, int(rate / 2 / max(f0, 1))))
    return additive(ph, [1 / k for k in range(1, n + 1)], rate=rate)


def pulse(ph: Array, duty: float = 0.25) -> Array:
    """A raw chiptune pulse (its aliasing is part of the sound)."""
    return np.where((ph / (2 * np.pi)) % 1.0 < duty, 1.0, -1.0)


def fm_bell(f0: float, seconds: float, rate: int = RATE, ratio: float = 3.5, index: float = 3.0,
            decay: float = 0.6) -> Array:
    n = int(seconds * rate)
    t = np.arange(n) / rate
    e = perc(n, rate, decay)
    mod = index * np.exp(-t / (decay * 0.5)) * np.sin(2 * np.pi * f0 * ratio * t)
    return e * np.sin(2 * np.pi * f0 * t + mod)


def noise(n: int, seed: int) -> Array:
    return np.random.default_rng(seed).uniform(-1, 1, n)


def lowpass(x: Array, cutoff: float | Array, rate: int = RATE) -> Array:
    """One-pole low-pass (cutoff may vary per sample); vectorised in chunks via a recurrence."""
    c = np.broadcast_to(np.asarray(cutoff, dtype=np.float64), x.shape)
    alpha = 1 - np.exp(-2 * np.pi * c / rate)
    y = np.empty_like(x)
    acc = 0.0
    # a plain loop is fine for the short effects this is used on
    for i in range(len(x)):
        acc += alpha[i] * (x[i] - acc)
        y[i] = acc
    return y


def fft_convolve(x: Array, ir: Array) -> Array:
    n = len(x) + len(ir) - 1
    size = 1 << (n - 1).bit_length()
    return np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(ir, size), size)[:n]


def reverb(x: Array, seconds: float = 0.8, mix: float = 0.25, seed: int = 7, rate: int = RATE,
           keep_length: bool = False) -> Array:
    """Convolution with decaying noise: a cheap, smooth room."""
    n = int(seconds * rate)
    t = np.arange(n) / rate
    # smoothed noise: a darker tail that does not hiss
    k = max(2, rate // 5000)
    ir = np.convolve(noise(n, seed), np.ones(k) / k, mode="same") * np.exp(-t / (seconds / 5))
    ir[: int(0.01 * rate)] *= np.linspace(0, 1, int(0.01 * rate))
    ir /= np.sqrt((ir ** 2).sum())
    wet = fft_convolve(x, ir)
    dry = np.concatenate([x, np.zeros(len(wet) - len(x))])
    out = dry * (1 - mix) + wet * mix * 2.0
    return out[: len(x)] if keep_length else out


def place(buf: Array, sig: Array, start: float, rate: int = RATE, gain: float = 1.0) -> None:
    """Mix sig into buf at `start` seconds (truncated at the end)."""
    i = int(round(start * rate))
    if i >= len(buf):
        return
    m = min(len(sig), len(buf) - i)
    buf[i:i + m] += sig[:m] * gain


def tone(note: float, seconds: float, kind: str = "sine", rate: int = RATE, **kw: float) -> Array:
    n = int(seconds * rate)
    f = midi_hz(note)
    ph = phase(f, n, rate)
    if kind == "sine":
        s = np.sin(ph)
    elif kind == "square":
        s = square(ph, f, rate, int(kw.get("bright", 12))) * 0.8
    elif kind == "saw":
        s = saw(ph, f, rate, int(kw.get("bright", 10))) * 0.6
    elif kind == "pulse":
        s = pulse(ph, kw.get("duty", 0.25)) * 0.5
    elif kind == "bell":
        return fm_bell(f, seconds, rate, kw.get("ratio", 3.5), kw.get("index", 2.5), kw.get("decay", 0.5))
    elif kind == "pluck":
        return additive(ph, [1, 0.6, 0.35, 0.2, 0.12], [kw.get("decay", 0.4) / k for k in range(1, 6)], rate) \
            * perc(n, rate, kw.get("decay", 0.4) * 2)
    else:
        raise ValueError(kind)
    return s * env(n, rate, kw.get("attack", 0.005), kw.get("decay", 0.08), kw.get("sustain", 0.7),
                   kw.get("release", 0.05))


def fade(x: Array, rate: int = RATE, fade_in: float = 0.004, fade_out: float = 0.012) -> Array:
    y = x.copy()
    a, b = int(fade_in * rate), int(fade_out * rate)
    if a:
        y[:a] *= np.linspace(0, 1, a) ** 2
    if b:
        y[-b:] *= np.linspace(1, 0, b) ** 2
    return y


def normalise(x: Array, peak: float = PEAK) -> Array:
    m = float(np.max(np.abs(x))) or 1.0
    return x * (peak / m)


def to_pcm(x: Array, rate: int = RATE, fades: bool = True) -> bytes:
    y = normalise(fade(x, rate) if fades else x)
    return np.clip(np.round(y * 32767), -32768, 32767).astype("<i2").tobytes()


def write_wav(path: Path, samples: Array, rate: int = RATE) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(to_pcm(samples, rate))


# ----------------------------------------------------------------------------- drums

def kick(rate: int = RATE, seconds: float = 0.35, f0: float = 120, f1: float = 45) -> Array:
    n = int(seconds * rate)
    t = np.arange(n) / rate
    f = f1 + (f0 - f1) * np.exp(-t / 0.04)
    return np.sin(phase(f, n, rate)) * perc(n, rate, 0.12) + noise(n, 3) * perc(n, rate, 0.004) * 0.3


def snare(rate: int = RATE, seconds: float = 0.25, seed: int = 4) -> Array:
    n = int(seconds * rate)
    body = np.sin(phase(190, n, rate)) * perc(n, rate, 0.05)
    nz = noise(n, seed)
    nz = nz - np.concatenate([[0], nz[:-1]]) * 0.6  # a little high-pass brightness
    return body * 0.6 + nz * perc(n, rate, 0.07) * 0.7


def hat(rate: int = RATE, seconds: float = 0.06, seed: int = 5) -> Array:
    n = int(seconds * rate)
    nz = noise(n, seed)
    nz = nz - np.concatenate([[0], nz[:-1]])
    return nz * perc(n, rate, 0.015) * 0.5


def woodblock(rate: int = RATE, note: float = 84, seconds: float = 0.12) -> Array:
    n = int(seconds * rate)
    f = midi_hz(note)
    return (np.sin(phase(f, n, rate)) + 0.4 * np.sin(phase(f * 2.7, n, rate))) * perc(n, rate, 0.025)


def sleigh(rate: int = RATE, seconds: float = 0.2, seed: int = 9) -> Array:
    n = int(seconds * rate)
    out = np.zeros(n)
    rng = np.random.default_rng(seed)
    for _ in range(6):
        f = 4000 + rng.random() * 3000
        out += np.sin(phase(f, n, rate) + rng.random() * 6) * perc(n, rate, 0.04 + rng.random() * 0.05)
    return out * 0.25


# ----------------------------------------------------------------------------- effects

def button_click() -> Array:
    n = int(0.045 * RATE)
    t = np.arange(n) / RATE
    body = np.sin(2 * np.pi * 1800 * t) * perc(n, RATE, 0.006) + np.sin(2 * np.pi * 600 * t) * perc(n, RATE, 0.012) * 0.6
    return body + noise(n, 21) * perc(n, RATE, 0.002) * 0.4


def bet_change() -> Array:
    out = np.zeros(int(0.16 * RATE))
    place(out, tone(84, 0.06, "square", bright=6, decay=0.03, sustain=0.5, release=0.02), 0)
    place(out, tone(91, 0.08, "square", bright=6, decay=0.03, sustain=0.5, release=0.03), 0.055)
    return out


def win_tick() -> Array:
    f = 2637.0
    n = int(0.09 * RATE)
    t = np.arange(n) / RATE
    return (np.sin(2 * np.pi * f * t + 1.5 * np.sin(2 * np.pi * f * 2.01 * t)) * perc(n, RATE, 0.02)
            + noise(n, 22) * perc(n, RATE, 0.002) * 0.2)


def coin_clink(f: float, seconds: float = 0.25, seed: int = 0) -> Array:
    n = int(seconds * RATE)
    t = np.arange(n) / RATE
    partials = [(1.0, 1.0, 0.08), (2.76, 0.6, 0.05), (5.4, 0.4, 0.03), (8.9, 0.25, 0.02)]
    out = np.zeros(n)
    for ratio, amp, dec in partials:
        out += amp * np.sin(2 * np.pi * f * ratio * t) * np.exp(-t / dec)
    return out * perc(n, RATE, 0.2) + noise(n, seed) * perc(n, RATE, 0.002) * 0.3


def coin_drop() -> Array:
    out = np.zeros(int(0.9 * RATE))
    gap, vol = 0.16, 1.0
    at = 0.0
    for i in range(7):
        place(out, coin_clink(2900 + 150 * (i % 3), 0.25, 30 + i), at, gain=vol)
        at += gap
        gap *= 0.68
        vol *= 0.75
    return reverb(out, 0.4, 0.15, keep_length=True)


def reel_stop() -> Array:
    out = np.zeros(int(0.28 * RATE))
    place(out, kick(RATE, 0.25, 160, 60) * 0.9, 0)
    n = int(0.03 * RATE)
    click = noise(n, 23) * perc(n, RATE, 0.004)
    place(out, click * 0.6, 0)
    place(out, np.sin(phase(900, n, RATE)) * perc(n, RATE, 0.006) * 0.3, 0)
    return out


def spin_start() -> Array:
    secs = 0.7
    n = int(secs * RATE)
    t = np.arange(n) / RATE
    nz = noise(n, 24)
    sweep = 300 + 3500 * (t / secs) ** 1.5
    whoosh = lowpass(nz, sweep) * np.sin(np.pi * np.clip(t / secs, 0, 1)) ** 1.5
    rise = np.sin(phase(220 + 440 * (t / secs), n, RATE)) * env(n, RATE, 0.02, 0.2, 0.3, 0.3) * 0.25
    out = whoosh * 1.2 + rise
    place(out, button_click() * 0.7, 0)
    return out


def respin() -> Array:
    secs = 0.45
    n = int(secs * RATE)
    t = np.arange(n) / RATE
    whoosh = lowpass(noise(n, 25), 600 + 4000 * (t / secs)) * np.sin(np.pi * t / secs) ** 2
    out = whoosh
    place(out, tone(79, 0.12, "square", bright=8, release=0.05) * 0.3, 0.02)
    place(out, tone(86, 0.18, "square", bright=8, release=0.1) * 0.3, 0.12)
    return out


def anticipation() -> Array:
    """Rising tension (~1.5 s): a trembling arpeggio climbing over a swelling drone."""
    secs = 1.5
    n = int(secs * RATE)
    t = np.arange(n) / RATE
    drone_f = midi_hz(45) * (1 + 0.12 * t / secs)
    drone = saw(phase(drone_f, n, RATE), midi_hz(45), RATE, 8) * (0.3 + 0.5 * t / secs) * 0.4
    trem = 0.6 + 0.4 * np.sin(2 * np.pi * (8 + 8 * t / secs) * t)
    out = drone * trem
    notes = [69, 72, 76, 81]
    step = 0.075
    k = 0
    while k * step < secs - 0.05:
        note = notes[k % 4] + 12 * (k * step / secs) * 0.5
        place(out, tone(note, step * 1.5, "pulse", duty=0.25, release=0.04) * (0.2 + 0.35 * k * step / secs),
              k * step)
        k += 1
    nz = lowpass(noise(n, 26), 500 + 6000 * (t / secs) ** 2) * (t / secs) ** 2 * 0.5
    return out + nz


def _fanfare(notes: Sequence[tuple[float, float, float]], chord: list[int], chord_at: float, chord_len: float,
             total: float, kind: str = "square", bells: bool = True, drums: int = 0, seed: int = 0) -> Array:
    """A jingle: (note, start, length) melody, a held chord, optional bell doubling and a drum roll."""
    out = np.zeros(int(total * RATE))
    for note, start, ln in notes:
        place(out, tone(note, ln, kind, bright=6, attack=0.005, decay=0.05, sustain=0.6, release=min(0.08, ln / 2)) * 0.35,
              start)
        if bells:
            place(out, tone(note + 12, ln + 0.6, "bell", decay=0.35, index=2.0) * 0.25, start)
    for i, note in enumerate(chord):
        place(out, tone(note, chord_len, "saw", bright=8, attack=0.02, decay=0.3, sustain=0.5, release=0.4) * 0.18,
              chord_at + i * 0.01)
        place(out, tone(note + 12, chord_len, "bell", decay=0.9, index=1.5) * 0.2, chord_at)
    for k in range(drums):
        place(out, snare(RATE, 0.2, seed + k) * (0.08 + 0.17 * k / max(drums, 1)), chord_at - drums * 0.05 + k * 0.05)
    if drums:
        place(out, kick(RATE, 0.4) * 0.8, chord_at)
    return reverb(out, 1.2, 0.22, seed=seed + 1, keep_length=True)


def win_small() -> Array:
    return _fanfare([(72, 0.0, 0.1), (76, 0.09, 0.1), (79, 0.18, 0.1), (84, 0.27, 0.3)], [72, 76, 79], 0.27, 0.4,
                    0.9, seed=40)


def big_win() -> Array:
    mel = [(67, 0.0, 0.12), (72, 0.12, 0.12), (76, 0.24, 0.12), (79, 0.36, 0.24), (76, 0.6, 0.12),
           (79, 0.72, 0.12), (84, 0.84, 0.6)]
    return _fanfare(mel, [60, 67, 72, 76, 79], 0.84, 1.0, 2.3, drums=6, seed=50)


def mega_win() -> Array:
    mel = [(67, 0.0, 0.1), (71, 0.1, 0.1), (74, 0.2, 0.1), (79, 0.3, 0.2), (77, 0.5, 0.1), (76, 0.6, 0.1),
           (74, 0.7, 0.1), (76, 0.8, 0.1), (79, 0.9, 0.2), (83, 1.1, 0.2), (86, 1.3, 0.2), (84, 1.5, 0.9)]
    return _fanfare(mel, [48, 60, 64, 67, 72, 76], 1.5, 1.4, 3.4, drums=10, seed=60)


def epic_win() -> Array:
    mel = [(60, 0.0, 0.15), (64, 0.15, 0.15), (67, 0.3, 0.15), (72, 0.45, 0.3), (67, 0.75, 0.15),
           (72, 0.9, 0.15), (76, 1.05, 0.3), (74, 1.35, 0.15), (77, 1.5, 0.15), (81, 1.65, 0.3),
           (79, 1.95, 0.15), (83, 2.1, 0.15), (86, 2.25, 0.3), (84, 2.6, 0.25), (88, 2.85, 1.2)]
    out = _fanfare(mel, [36, 48, 55, 60, 64, 67, 72, 76], 2.85, 1.8, 5.2, drums=16, seed=70)
    for k in range(4):  # timpani-like hits under the climb
        place(out, kick(RATE, 0.5, 90, 50) * 0.5, k * 0.75)
    return out


def feature_trigger() -> Array:
    secs = 1.6
    out = np.zeros(int(secs * RATE))
    scale = [72, 74, 76, 79, 81, 84, 86, 88, 91, 93, 96]
    for i, note in enumerate(scale):
        place(out, tone(note, 0.6, "bell", decay=0.35, index=2.0) * 0.35, i * 0.06)
    place(out, tone(84, 1.0, "bell", decay=0.6, ratio=1.4, index=1.5) * 0.5, len(scale) * 0.06)
    n = len(out)
    t = np.arange(n) / RATE
    shimmer = noise(n, 27) * np.exp(-((t - 0.5) / 0.35) ** 2) * 0.08
    return reverb(out + shimmer, 1.0, 0.3, seed=28, keep_length=True)


def free_spin_start() -> Array:
    mel = [(72, 0.0, 0.16), (72, 0.18, 0.08), (72, 0.28, 0.08), (77, 0.38, 0.3), (81, 0.7, 0.16),
           (79, 0.88, 0.16), (84, 1.06, 0.7)]
    return _fanfare(mel, [53, 65, 69, 72, 77], 1.06, 1.0, 2.4, drums=8, seed=80)


EFFECTS: dict[str, Callable[[], Array]] = {
    "spin_start": spin_start,
    "reel_stop": reel_stop,
    "anticipation": anticipation,
    "win_tick": win_tick,
    "win_small": win_small,
    "big_win": big_win,
    "mega_win": mega_win,
    "epic_win": epic_win,
    "feature_trigger": feature_trigger,
    "free_spin_start": free_spin_start,
    "respin": respin,
    "button_click": button_click,
    "bet_change": bet_change,
    "coin_drop": coin_drop,
}

__all__ = ["EFFECTS", "RATE", "write_wav", "tone", "place", "reverb", "kick", "snare", "hat", "woodblock",
           "sleigh", "midi_hz", "math"]
