"""The digits milestone of ``python -m grader engine``, timed: the same 64-64-10 network, from the
same initial weights, trained on scikit-learn's bundled digits by the solutions' engine (the
course's answers assembled into a fresh autograd_lib), by the course's library and by torch.

    python benchmarks/engine_digits.py [--epochs 40]

Prints JSON: per engine the training time (s), the final training loss and the test accuracy,
and the load average before and after (the machine may be shared).
"""
import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO)]
import autograd_lib  # noqa: E402
from grader.engine import digits  # noqa: E402
from grader.engine.assembly import assemble  # noqa: E402
from grader.engine.pieces import course_pieces  # noqa: E402
from grader.engine.solved import write_solved_folder  # noqa: E402


def timed(train, *args):
    start = time.perf_counter()
    result = train(*args)
    return result, round(time.perf_counter() - start, 2)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=40)
    epochs = parser.parse_args().epochs
    load_before = os.getloadavg()
    data = digits.load()
    with tempfile.TemporaryDirectory() as folder:
        chapters = sorted({p.chapter for p in course_pieces()})
        assembly, assemble_seconds = timed(assemble, write_solved_folder(Path(folder), chapters))
    mine = [r.piece.grade_id for r in assembly.rows if r.source != "yours"]
    with assembly.engine.active() as lib:
        ours, ours_seconds = timed(digits.train_engine, lib, data, epochs)
    course, course_seconds = timed(digits.train_engine, autograd_lib, data, epochs)
    torch, torch_seconds = timed(digits.train_torch, data, ours["initial"], epochs)
    def row(result, seconds):
        return {"seconds": seconds, "final_loss": round(result["losses"][-1], 6),
                "test_accuracy": round(result["accuracy"], 4)}

    print(json.dumps({
        "epochs": epochs, "train_images": len(data["y_train"]), "test_images": len(data["y_test"]),
        "assembly_seconds": assemble_seconds, "pieces_not_yours": mine,
        "solutions_engine": row(ours, ours_seconds), "course_library": row(course, course_seconds),
        "torch_float64_one_thread": row(torch, torch_seconds),
        "load_average_before": load_before, "load_average_after": os.getloadavg(),
    }, indent=2))


if __name__ == "__main__":
    main()
