"""Pictures as reproducible as text: the same PNG bytes from every build, on every x86-64 machine.

Three things make a drawing differ between machines, and each is fixed for the kernels that
execute the solutions (``reproducible_env``):

- **fonts**: ``MATPLOTLIBRC`` points at ``matplotlibrc`` beside this file, which names only the
  DejaVu fonts matplotlib ships (a machine's own fonts are never picked);
- **round-off in what is drawn**: numpy picks SIMD code for ``exp``, ``log``, ``tanh``, ... by
  CPU (AVX-512 or AVX2 give other last bits, and a finite-difference error curve in its round-off
  region is made of exactly those bits), OpenBLAS picks its matrix kernels by CPU, and torch its
  vector code. The kernels run numpy's baseline code (``NPY_DISABLE_CPU_FEATURES`` lists every
  target this numpy dispatches to), OpenBLAS's generic x86-64 kernels (``OPENBLAS_CORETYPE``) and
  torch's default kernels (``ATEN_CPU_CAPABILITY``); their results do not depend on the number of
  threads either, which the build test checks (one thread against ``make build``'s two);
- **PNG metadata**: ``normalise_png`` keeps only the chunks that carry the picture (no
  ``Software`` text, no time).

What still differs: another processor family (ARM) or another version of numpy, OpenBLAS, torch
or matplotlib than the lock's.
"""

from __future__ import annotations

import base64
import struct
import zlib
from pathlib import Path

import nbformat

MATPLOTLIBRC = Path(__file__).resolve().with_name("matplotlibrc")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: The chunks that make the picture; text, time and the rest are dropped.
KEPT_CHUNKS = {b"IHDR", b"PLTE", b"tRNS", b"IDAT", b"IEND", b"pHYs", b"gAMA", b"sRGB", b"cHRM"}


def numpy_dispatch_targets() -> list[str]:
    """The CPU targets this numpy chooses between at run time (beyond its baseline)."""
    try:
        from numpy._core._multiarray_umath import __cpu_dispatch__
    except ImportError:  # pragma: no cover - numpy 1.x
        from numpy.core._multiarray_umath import __cpu_dispatch__
    return list(__cpu_dispatch__)


def reproducible_env() -> dict[str, str]:
    """The environment of a kernel whose drawings and numbers do not depend on the machine."""
    return {
        "MATPLOTLIBRC": str(MATPLOTLIBRC),
        "NPY_DISABLE_CPU_FEATURES": " ".join(numpy_dispatch_targets()),
        "OPENBLAS_CORETYPE": "Prescott",
        "ATEN_CPU_CAPABILITY": "default",
        "MKL_CBWR": "COMPATIBLE",
    }


def normalise_png(data: bytes) -> bytes:
    """The PNG ``data`` with only the chunks that carry the picture."""
    if not data.startswith(PNG_SIGNATURE):
        return data
    out, at = [PNG_SIGNATURE], len(PNG_SIGNATURE)
    while at + 8 <= len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind = data[at + 4:at + 8]
        chunk = data[at:at + 12 + length]
        if kind in KEPT_CHUNKS:
            out.append(chunk)
        at += 12 + length
        if kind == b"IEND":
            break
    return b"".join(out)


def normalise_pictures(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Every embedded PNG of ``nb``'s outputs normalised, in place; returns ``nb``."""
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "image/png" in data:
                raw = base64.b64decode(data["image/png"])
                data["image/png"] = base64.b64encode(normalise_png(raw)).decode("ascii")
    return nb


def png_chunks(data: bytes) -> list[bytes]:
    """The chunk types of a PNG, in order (for tests and for looking)."""
    kinds, at = [], len(PNG_SIGNATURE)
    while at + 8 <= len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kinds.append(data[at + 4:at + 8])
        at += 12 + length
    return kinds


def png_pixels_crc(data: bytes) -> int:
    """A checksum of a PNG's compressed pixel data (equal pixels, equal encoder: equal checksum)."""
    return zlib.crc32(b"".join(_chunks_of(data, b"IDAT")))


def _chunks_of(data: bytes, kind: bytes) -> list[bytes]:
    found, at = [], len(PNG_SIGNATURE)
    while at + 8 <= len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        if data[at + 4:at + 8] == kind:
            found.append(data[at + 8:at + 8 + length])
        at += 12 + length
    return found
