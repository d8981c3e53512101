"""The email board picture, before and after (issue 17): CPU per board and bytes, by
game, for the old way (resvg-py, a font database and text shaping per call, a 32-bit
PNG) and today's ``mail.sending.pictures`` (LunaSVG, fonts once per process, a palette PNG
whose palette is shared by pictures of the same colours) drawn whole, then as a worker
draws it, from the board's layers with their parts kept ("layers ms"), and the two
pictures side by side for a look. A second table follows ``--positions`` positions of each game: the
palette chosen per picture (as until issue 17's second pass) against the shared one,
its CPU and how many pixels end up more than a shade away from the drawing's own.

    .venv/bin/python benchmarks/mail_pictures.py [--repeat 20] [--out var/pictures]

No database: each game's position is dealt from a fixed seed and played on by a
few fixed moves. CPU is this thread's time, the median of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = (("triad", 2), ("trias", 3), ("tritarea", 2))


def old_rasterise(svg: str) -> bytes:
    """What ``mail.sending.compose.rasterise`` did before: resvg-py, 560 px on white."""
    import resvg_py

    folder = "/usr/share/fonts/truetype/dejavu/"
    files = [
        f for f in (folder + "DejaVuSans.ttf", folder + "DejaVuSans-Bold.ttf") if Path(f).is_file()
    ]
    fonts = (
        {"skip_system_fonts": True, "font_files": files, "font_family": "DejaVu Sans",
         "sans_serif_family": "DejaVu Sans"}
        if files else {}
    )  # fmt: skip
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=560, background="#ffffff", **fonts))


def cpu_ms(repeat: int, fn, *args) -> float:
    fn(*args)  # warm: fonts, caches
    times = []
    for _ in range(repeat):
        start = time.thread_time()
        fn(*args)
        times.append(time.thread_time() - start)
    return statistics.median(times) * 1000


def per_picture_palette(image):
    """The palette as chosen until the shared one: per picture, on a copy a quarter the
    size, then every pixel mapped to it."""
    from PIL import Image

    rgb = image.convert("RGB")
    chosen = rgb.reduce(4).quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return rgb.quantize(palette=chosen, dither=Image.Dither.NONE)


def off_by_a_shade(drawn, quantized, shade: int = 16) -> float:
    """The share of pixels with a channel more than ``shade`` away from the drawing."""
    from PIL import ImageChops

    diff = ImageChops.difference(drawn, quantized.convert("RGB")).convert("L")
    histogram = diff.point(lambda v: 255 if v > shade // 3 else 0).histogram()
    # (L is a weighted mean of the channels, so a third of the shade flags a channel)
    return histogram[255] / (drawn.width * drawn.height)


def position_view(engine: str, players: int, moves: int = 3) -> tuple[dict, int]:
    from games.engines import get_engine

    module = get_engine(engine)
    state = module.new_game(players, 5, module.validate_options(players, {}))
    for _ in range(moves):
        seat = module.to_move(state)[0]
        if not module.to_move(state):
            break
        state = module.apply(state, seat, module.legal_actions(state, seat)[0])
    seat = module.to_move(state)[0]
    return module.view(state, seat), seat


def position_svg(engine: str, players: int, moves: int = 3) -> str:
    from games import boards

    view, seat = position_view(engine, players, moves)
    return boards.render_svg(engine, view, seat=seat, actions=())


def position_layers(engine: str, players: int, moves: int = 3):
    from games import boards

    view, seat = position_view(engine, players, moves)
    return boards.layers(engine, view, seat=seat)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--out", default=str(ROOT / "var" / "pictures"))
    parser.add_argument("--positions", type=int, default=20)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from django.conf import settings

    if not settings.configured:  # (the boards ask for the language: English, no catalogue)
        settings.configure(USE_I18N=False)
    from PIL import Image

    from mail.sending import pictures

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Machine: {os.cpu_count()} CPUs, load average {load}; median of {args.repeat} runs")
    print(f"{'game':10s} {'before ms':>10s} {'after ms':>9s} {'pixels':>7s} {'palette':>8s} "
          f"{'PNG':>5s} {'layers ms':>10s} {'before kB':>10s} {'after kB':>9s}")  # fmt: skip
    for engine, players in GAMES:
        svg = position_svg(engine, players)
        before, after = old_rasterise(svg), pictures.rasterise(svg)
        image = pictures.pixels(svg)
        key = pictures.palette_key(svg)
        chosen = pictures.palette(image, key)
        # How a worker draws it (games.boards.layers; warm: its parts kept).
        layers = position_layers(engine, players)
        layers_key = pictures.layers_key(layers)
        print(
            f"{engine:10s} {cpu_ms(args.repeat, old_rasterise, svg):10.1f} "
            f"{cpu_ms(args.repeat, pictures.rasterise, svg):9.1f} "
            f"{cpu_ms(args.repeat, pictures.pixels, svg):7.1f} "
            f"{cpu_ms(args.repeat, pictures.palette, image, key):8.1f} "
            f"{cpu_ms(args.repeat, pictures.encode, chosen):5.1f} "
            f"{cpu_ms(args.repeat, pictures.rasterise_layers, layers, layers_key):10.1f} "
            f"{len(before) / 1000:10.1f} {len(after) / 1000:9.1f}"
        )
        old, new = (Image.open(io.BytesIO(png)).convert("RGB") for png in (before, after))
        pair = Image.new("RGB", (old.width + new.width + 12, max(old.height, new.height)), "#c00")
        pair.paste(old, (0, 0))
        pair.paste(new, (old.width + 12, 0))
        pair.save(out / f"{engine}-before-after.png")
    print(f"Side by side (before | after): {out}/<game>-before-after.png")
    print(
        f"\nPalettes over {args.positions} positions of each game (ms per picture; pixels "
        f"more than a shade off the drawing):"
    )
    print(f"{'game':10s} {'colour sets':>11s} {'per picture':>12s} {'shared':>7s} "
          f"{'off, per picture':>17s} {'off, shared':>12s}")  # fmt: skip
    for engine, players in GAMES:
        pictures._palettes.clear()  # each game's first picture chooses its palette
        svgs = [position_svg(engine, players, moves) for moves in range(0, 3 * args.positions, 3)]
        keys = [pictures.palette_key(svg) for svg in svgs]
        drawn = [pictures.pixels(svg) for svg in svgs]
        old_ms, new_ms, old_off, new_off = [], [], [], []
        for image, key in zip(drawn, keys, strict=True):
            first = key not in pictures._palettes
            shared = pictures.palette(image, key)
            if not first:  # (a first picture chooses its palette once per process)
                new_ms.append(cpu_ms(3, pictures.palette, image, key))
            old_ms.append(cpu_ms(3, per_picture_palette, image))
            old_off.append(off_by_a_shade(image, per_picture_palette(image)))
            new_off.append(off_by_a_shade(image, shared))
        print(
            f"{engine:10s} {len(set(keys)):11d} {statistics.median(old_ms):12.2f} "
            f"{statistics.median(new_ms) if new_ms else 0:7.2f} "
            f"{statistics.mean(old_off) * 100:16.2f}% {statistics.mean(new_off) * 100:11.2f}%"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
