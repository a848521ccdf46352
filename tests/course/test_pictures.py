"""Pictures are as reproducible as text: PNGs without metadata, kernels whose numerics do not
depend on the machine's SIMD or BLAS kernels, fonts matplotlib ships (fast; the build test
compares the committed pictures byte for byte)."""

import base64
import io
import os
import subprocess
import sys

import matplotlib
import nbformat

matplotlib.use("Agg")

from grader.course.pictures import (  # noqa: E402
    MATPLOTLIBRC,
    normalise_pictures,
    normalise_png,
    png_chunks,
    png_pixels_crc,
    reproducible_env,
)


def _png() -> bytes:
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(2, 1))
    ax.plot([0, 1], [1, 0])
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", metadata={"Software": "Matplotlib 9", "Creation Time": "now"})
    plt.close(fig)
    return buffer.getvalue()


def test_a_normalised_png_keeps_its_pixels_and_loses_its_text():
    raw = _png()
    assert b"tEXt" in png_chunks(raw)
    clean = normalise_png(raw)
    assert b"tEXt" not in png_chunks(clean) and png_chunks(clean)[0] == b"IHDR" and png_chunks(clean)[-1] == b"IEND"
    assert png_pixels_crc(clean) == png_pixels_crc(raw)
    import matplotlib.image as mpimg

    assert (mpimg.imread(io.BytesIO(clean)) == mpimg.imread(io.BytesIO(raw))).all()


def test_every_png_of_a_notebook_is_normalised():
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("plot")
    cell.outputs = [nbformat.v4.new_output("display_data", data={"image/png": base64.b64encode(_png()).decode()})]
    nb.cells = [cell]
    normalise_pictures(nb)
    assert b"tEXt" not in png_chunks(base64.b64decode(nb.cells[0].outputs[0].data["image/png"]))


_DIGEST = ("import numpy as np, hashlib; x = np.linspace(0.1, 3, 100003); "
           "r = np.random.default_rng(0); a = r.standard_normal((200, 200)); "
           "print(hashlib.sha1(np.exp(x).tobytes() + np.log(x).tobytes() + np.tanh(x).tobytes() "
           "+ (a @ a).tobytes()).hexdigest())")


def _digest(env: dict) -> str:
    done = subprocess.run([sys.executable, "-c", _DIGEST], env={**os.environ, **env}, capture_output=True,
                          text=True, check=True)
    return done.stdout.strip()


def test_the_reproducible_kernel_computes_the_same_bits_whatever_the_thread_count_and_the_cpu_kernels():
    """Another machine is emulated by choosing other CPU kernels than this one's best: with the
    reproducible environment the bits are those of the baseline, whatever was asked for."""
    env = reproducible_env()
    plain = _digest({"OPENBLAS_NUM_THREADS": "2"})
    baseline = _digest({**env, "OPENBLAS_NUM_THREADS": "1"})
    assert _digest({**env, "OPENBLAS_NUM_THREADS": "2"}) == baseline
    other = {"OPENBLAS_CORETYPE": "Haswell", "NPY_DISABLE_CPU_FEATURES": env["NPY_DISABLE_CPU_FEATURES"].split()[-1]}
    assert _digest({**other, **env}) == baseline
    assert plain != baseline or not env["NPY_DISABLE_CPU_FEATURES"], "this machine's best kernels were not avoided"


def test_the_fonts_are_matplotlibs_own():
    text = MATPLOTLIBRC.read_text()
    assert "font.sans-serif: DejaVu Sans" in text
    done = subprocess.run([sys.executable, "-c", "import matplotlib; print(matplotlib.rcParams['font.sans-serif'][0])"],
                          env={**os.environ, "MATPLOTLIBRC": str(MATPLOTLIBRC)}, capture_output=True, text=True)
    assert done.stdout.strip() == "DejaVu Sans"
