"""Generate the app's sound effects as small WAV files, from code only.

Writes 16-bit mono 44.1 kHz files to ``art/sounds/``: ``roll``, ``click``,
``place``, ``cross``, ``bonus``, ``error`` and ``win``.  Each sound is built from
sines, decaying envelopes and filtered noise; all noise is seeded, so every run
writes identical bytes.  Standard library only.

Run: ``.venv/bin/python tools/make_sounds.py``
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path
from typing import Callable

SOUNDS = Path(__file__).resolve().parent.parent / "art" / "sounds"

RATE = 44100
PEAK = 10 ** (-3 / 20)     # -3 dBFS
FADE = 0.004               # seconds of fade at each end, so playback never starts or stops with a click
SEED = 7311

Signal = list[float]


# ---------------------------------------------------------------- building blocks

def silence(seconds: float) -> Signal:
    return [0.0] * int(seconds * RATE)


def mix_into(out: Signal, sound: Signal, at: float, gain: float = 1.0) -> None:
    """Add `sound` into `out` starting at `at` seconds (clipped to the end of `out`)."""
    start = int(at * RATE)
    for i, s in enumerate(sound[: max(0, len(out) - start)]):
        out[start + i] += s * gain


def tone(freq: float, seconds: float, decay: float, attack: float = 0.002,
         partials: tuple[tuple[float, float], ...] = ((1.0, 1.0),), glide: float = 0.0,
         vibrato: float = 0.0) -> Signal:
    """A decaying tone: partials are (frequency ratio, amplitude); `decay` is the e-folding
    time in seconds; `glide` bends the pitch by that ratio over the sound (e.g. -0.2 falls)."""
    out = []
    phases = [0.0] * len(partials)
    n = int(seconds * RATE)
    for i in range(n):
        t = i / RATE
        f = freq * (1 + glide * i / n) * (1 + vibrato * math.sin(2 * math.pi * 5.5 * t))
        env = min(1.0, t / attack) * math.exp(-t / decay)
        sample = 0.0
        for k, (ratio, amp) in enumerate(partials):
            phases[k] += 2 * math.pi * f * ratio / RATE
            sample += amp * math.sin(phases[k])
        out.append(sample * env)
    return out


def noise(rng: random.Random, seconds: float) -> Signal:
    return [rng.uniform(-1, 1) for _ in range(int(seconds * RATE))]


def lowpass(signal: Signal, cutoff: float) -> Signal:
    """One-pole low-pass filter."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for x in signal:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(signal: Signal, cutoff: float) -> Signal:
    low = lowpass(signal, cutoff)
    return [x - l for x, l in zip(signal, low)]


def bandpass(signal: Signal, low: float, high: float) -> Signal:
    return lowpass(highpass(signal, low), high)


def envelope(signal: Signal, shape: Callable[[float], float]) -> Signal:
    """Multiply by shape(t) with t in seconds."""
    return [s * shape(i / RATE) for i, s in enumerate(signal)]


def finish(signal: Signal) -> Signal:
    """Fade both ends, remove DC and normalise the peak to -3 dBFS."""
    fade = int(FADE * RATE)
    window = [min(1.0, i / fade, (len(signal) - 1 - i) / fade) for i in range(len(signal))]
    out = [s * w for s, w in zip(signal, window)]
    # Take the mean out in the shape of the fade window, so the ends stay exactly at zero.
    dc = sum(out) / sum(window)
    out = [s - dc * w for s, w in zip(out, window)]
    peak = max(abs(s) for s in out) or 1.0
    return [s * PEAK / peak for s in out]


def write_wav(path: Path, signal: Signal) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    frames = struct.pack(f"<{len(signal)}h", *(max(-32767, min(32767, round(s * 32767))) for s in signal))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


# ---------------------------------------------------------------- the sounds

def knock(rng: random.Random, loudness: float) -> Signal:
    """One die hitting the felt: a muffled noise tap plus a short resonant ping of the die."""
    tap = envelope(bandpass(noise(rng, 0.006), 400, 3500), lambda t: math.exp(-t / 0.0015))
    ping = tone(rng.uniform(1500, 3000), 0.04, rng.uniform(0.005, 0.011), attack=0.0004,
                partials=((1.0, 1.0), (2.32, 0.35)))
    thump = tone(rng.uniform(140, 200), 0.03, 0.008, attack=0.0008)
    out = silence(0.045)
    mix_into(out, tap, 0, 1.0)
    mix_into(out, ping, 0.0005, 0.35)
    mix_into(out, thump, 0, 0.5)
    return [s * loudness for s in out]


def roll(rng: random.Random) -> Signal:
    """Dice tumbling on the felt tray, slowing down and settling (~0.7 s)."""
    out = silence(0.7)
    t, gap, loud = 0.01, 0.034, 1.0
    # The dice slow down: gaps grow and knocks fade; sometimes two dice hit almost together.
    while t < 0.5:
        mix_into(out, knock(rng, loud * rng.uniform(0.75, 1.0)), t)
        if rng.random() < 0.3:
            mix_into(out, knock(rng, loud * 0.6), t + rng.uniform(0.006, 0.014))
        t += gap * rng.uniform(0.75, 1.25)
        gap *= 1.16
        loud *= 0.85
    # The last die rocks on its edge and settles: two quick, quiet clicks.
    t = min(t, 0.56)
    for settle in (0.0, 0.032):
        mix_into(out, knock(rng, loud * 0.5), t + settle)
    return out


def click(rng: random.Random) -> Signal:
    """A soft UI click (40 ms)."""
    out = silence(0.04)
    mix_into(out, tone(1700, 0.03, 0.006, attack=0.0008, partials=((1.0, 1.0), (2.0, 0.2))), 0)
    mix_into(out, envelope(lowpass(noise(rng, 0.004), 4000), lambda t: math.exp(-t / 0.001)), 0, 0.4)
    return lowpass(out, 6000)   # soft: no harsh top end


def place(rng: random.Random) -> Signal:
    """A die set down on the board: a short wooden tock (120 ms)."""
    out = silence(0.12)
    wood = tone(420, 0.12, 0.028, attack=0.001, partials=((1.0, 1.0), (2.7, 0.25), (5.1, 0.08)), glide=-0.08)
    mix_into(out, wood, 0)
    mix_into(out, envelope(bandpass(noise(rng, 0.005), 800, 5000), lambda t: math.exp(-t / 0.0012)), 0, 0.5)
    return out


def cross(rng: random.Random) -> Signal:
    """A quill scratching a cross into a cell (200 ms)."""
    seconds = 0.2
    raw = bandpass(noise(rng, seconds), 1800, 6000)
    # Scratchy grain: the nib catches the paper fibres in irregular bursts.
    grain, level = [], 0.5
    for i in range(len(raw)):
        if i % 220 == 0:
            level = rng.uniform(0.35, 1.0)
        grain.append(level)
    # The stroke swells in and trails off.
    return [r * g * math.sin(math.pi * i / len(raw)) ** 0.7 for i, (r, g) in enumerate(zip(raw, grain))]


def bonus(rng: random.Random) -> Signal:
    """A bright magical chime of three rising notes (450 ms)."""
    out = silence(0.45)
    bell = ((1.0, 1.0), (2.0, 0.3), (3.0, 0.12), (4.2, 0.06))
    for i, freq in enumerate((1046.5, 1318.5, 1568.0)):   # C6 E6 G6, rising
        mix_into(out, tone(freq, 0.45 - 0.08 * i, 0.12, attack=0.004, partials=bell), 0.08 * i, 0.8)
    sparkle = envelope(bandpass(noise(rng, 0.45), 5000, 9000), lambda t: 0.06 * math.exp(-t / 0.1))
    mix_into(out, sparkle, 0)
    return out


def error(rng: random.Random) -> Signal:
    """A gentle low bonk for a move that is not allowed (180 ms)."""
    out = silence(0.18)
    mix_into(out, tone(190, 0.18, 0.05, attack=0.003, partials=((1.0, 1.0), (2.0, 0.25), (3.0, 0.08)),
                       glide=-0.25), 0)
    return lowpass(out, 1500)


def win(rng: random.Random) -> Signal:
    """A short major-key fanfare (1.2 s)."""
    out = silence(1.2)
    brass = ((1.0, 1.0), (2.0, 0.5), (3.0, 0.3), (4.0, 0.15), (5.0, 0.08))

    def note(freq: float, at: float, seconds: float, gain: float = 1.0) -> None:
        mix_into(out, tone(freq, seconds, seconds * 0.6, attack=0.012, partials=brass, vibrato=0.004), at, gain)

    # A rising C major arpeggio, then the full triad held.
    for i, freq in enumerate((392.0, 523.25, 659.25)):     # G4 C5 E5
        note(freq, 0.12 * i, 0.16)
    for freq in (523.25, 659.25, 783.99, 1046.5):            # C5 E5 G5 C6
        note(freq, 0.38, 0.82, 0.55)
    # Let the held chord die away over the last 0.25 s instead of stopping short.
    return envelope(lowpass(out, 5000), lambda t: min(1.0, (1.2 - t) / 0.25))


# Every maker takes its own seeded random source, used or not, so adding noise to one
# sound never changes the others.
MAKERS: dict[str, Callable[[random.Random], Signal]] = {
    "roll": roll, "click": click, "place": place, "cross": cross, "bonus": bonus, "error": error, "win": win,
}


def main() -> None:
    for i, (name, make) in enumerate(MAKERS.items()):
        signal = finish(make(random.Random(SEED + i)))
        path = SOUNDS / f"{name}.wav"
        write_wav(path, signal)
        print(f"wrote art/sounds/{name}.wav ({len(signal) / RATE:.2f} s)")


if __name__ == "__main__":
    main()
