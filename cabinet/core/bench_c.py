"""A plain-C yardstick for ``cabinet bench math``: the base work of a lines game (draw the
stops, read the screen, evaluate every line, add the scatter pay) in a small C loop,
compiled at bench time into a temporary folder with the machine's C compiler. Nothing of it
is needed to run the cabinet: without a compiler the bench says so and goes on.

The loop is what a hand-written engine would do per spin, no more: one 64-bit draw per reel
(splitmix64, a modulo: the bias is below 1e-17 for strips of 100), a line pays its first
symbol's run of that symbol or wilds (wilds substitute, have no pays of their own and never
start a line: the bench game's rules), the scatter pays its count anywhere. It prints the
spins, what they paid and its own CPU time, so its RTP can be set beside par's as a check
that it did the work.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from .definition import Definition
from .evaluate import pay_table

SOURCE = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t state = 0x9E3779B97F4A7C15ULL;
static inline uint64_t next(void) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int main(int argc, char **argv) {
    long spins = atol(argv[1]);
    int screen[REELS][ROWS];
    int64_t paid = 0;
    clock_t started = clock();
    for (long s = 0; s < spins; s++) {
        int scatters = 0;
        for (int r = 0; r < REELS; r++) {
            int stop = (int)(next() % (uint64_t)LENGTHS[r]);
            const int *strip = STRIPS[r];
            for (int row = 0; row < ROWS; row++) {
                int symbol = strip[(stop + row) % LENGTHS[r]];
                screen[r][row] = symbol;
                scatters += symbol == SCATTER;
            }
        }
        for (int l = 0; l < NLINES; l++) {
            int first = screen[0][LINES[l][0]];
            int count = 1;
            while (count < REELS) {
                int symbol = screen[count][LINES[l][count]];
                if (symbol != first && symbol != WILD) break;
                count++;
            }
            paid += PAYS[first][count];
        }
        paid += SCATTER_PAYS[scatters > MAXSCATTER ? MAXSCATTER : scatters] * NLINES;
    }
    double seconds = (double)(clock() - started) / CLOCKS_PER_SEC;
    printf("%ld %lld %.6f\n", spins, (long long)paid, seconds);
    return 0;
}
"""


@dataclass(frozen=True)
class Yardstick:
    spins: int
    paid_line_coins: int  # what the spins paid, in coins per line-coin
    cpu_seconds: float
    rtp: float

    @property
    def spins_per_cpu_second(self) -> int:
        return round(self.spins / max(self.cpu_seconds, 1e-9))


def compiler() -> str | None:
    """The C compiler the yardstick is built with (None: there is none)."""
    return shutil.which("gcc") or shutil.which("cc")


def c_source(defn: Definition) -> str:
    """The loop's tables for ``defn``'s base reel set, then the loop."""
    ids = list(defn.symbol_ids)
    index = {sid: i for i, sid in enumerate(ids)}
    kinds = {s.id: s.kind for s in defn.symbols}
    strips = defn.reels["base"]
    wild = next((index[s] for s in ids if kinds[s] == "wild"), -1)
    scatter = next((index[s] for s in ids if kinds[s] == "scatter"), -1)
    reels, rows = defn.grid.reels, defn.grid.rows

    def whole(value: Fraction) -> int:
        if value.denominator != 1:
            raise ValueError("the C yardstick needs whole pays")
        return value.numerator

    pays = []
    for sid in ids:
        table = pay_table(defn.pays[sid]) if sid in defn.pays and kinds[sid] == "regular" else ()
        pays.append([whole(table[min(k, len(table) - 1)]) if table else 0 for k in range(reels + 1)])
    top = reels * rows
    scatter_table = pay_table(defn.pays[ids[scatter]]) if scatter >= 0 and ids[scatter] in defn.pays else ()
    scatter_pays = [whole(scatter_table[min(k, len(scatter_table) - 1)]) if scatter_table else 0
                    for k in range(top + 1)]

    def array(values: list[int]) -> str:
        return "{" + ",".join(str(v) for v in values) + "}"

    head = [
        f"#define REELS {reels}", f"#define ROWS {rows}", f"#define NLINES {len(defn.lines)}",
        f"#define WILD {wild}", f"#define SCATTER {scatter}", f"#define MAXSCATTER {top}",
        f"static const int LENGTHS[REELS] = {array([len(s) for s in strips])};",
    ]
    for r, strip in enumerate(strips):
        head.append(f"static const int STRIP{r}[] = {array([index[s] for s in strip])};")
    head.append("static const int *STRIPS[REELS] = {" + ",".join(f"STRIP{r}" for r in range(reels)) + "};")
    head.append(f"static const int LINES[NLINES][REELS] = {{{','.join(array(list(line)) for line in defn.lines)}}};")
    head.append(f"static const int64_t PAYS[{len(ids)}][REELS + 1] = {{{','.join(array(row) for row in pays)}}};")
    head.append(f"static const int64_t SCATTER_PAYS[MAXSCATTER + 1] = {array(scatter_pays)};")
    return "\n".join(["#include <stdint.h>", *head, SOURCE])


def measure_c(defn: Definition, spins: int) -> Yardstick | None:
    """Build and run the loop on ``defn`` (None: no C compiler). Raises ``RuntimeError`` when
    the compiler or the loop fails, with what it said."""
    cc = compiler()
    if cc is None:
        return None
    with tempfile.TemporaryDirectory(prefix="cabinet-bench-c-") as folder:
        source, program = Path(folder) / "lines.c", Path(folder) / "lines"
        source.write_text(c_source(defn))
        built = subprocess.run([cc, "-O2", "-o", str(program), str(source)], capture_output=True, text=True)
        if built.returncode != 0:
            raise RuntimeError(f"the C yardstick did not compile: {built.stderr.strip()[:400]}")
        ran = subprocess.run([str(program), str(spins)], capture_output=True, text=True, timeout=600)
        if ran.returncode != 0:
            raise RuntimeError(f"the C yardstick failed: {ran.stderr.strip()[:400]}")
    count, paid, seconds = ran.stdout.split()
    return Yardstick(int(count), int(paid), float(seconds), int(paid) / (int(count) * len(defn.lines)))
