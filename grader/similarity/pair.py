"""Any one pair of students, on demand: ``python -m grader similarity OUT --pair A B``.

``similarity.csv`` lists the pairs worth looking at first; this shows any other pair, for every
chapter both students handed in (or one), unit by unit: the score, the longest copied slice, the
ranking score of the whole notebook and where it comes from, and the lines they share. A pair the
fingerprint index never matched shares no distinctive code: its score is 0.
"""

from __future__ import annotations

from pathlib import Path

from grader.similarity.class_comparison import compare_class, submitted_notebooks
from grader.similarity.compare import Settings, score_two
from grader.similarity.outputs import excerpt


def describe_pair(out: Path, a: str, b: str, chapter: str | None = None, course_dir: Path | None = None,
                  settings: Settings | None = None) -> str:
    """The comparison of students ``a`` and ``b`` in the class graded into ``out``, as text."""
    settings = settings or Settings()
    from grader.i18n.editions import chapter_key

    if a == b:
        return f"--pair needs two different students (got {a} twice)"
    submitted = {key: folder for key, folder in submitted_notebooks(Path(out)).items()
                 if chapter is None or chapter_key(key[1]) == chapter_key(chapter)}
    students = {s for s, _ in submitted}
    missing = [s for s in (a, b) if s not in students]
    if missing:
        return f"no graded notebook of {', '.join(missing)}" + (f" in {chapter}" if chapter else "") + \
            f" in {out} (students: {', '.join(sorted(students)) or 'none'})"
    lines = []
    pair = frozenset({a, b})
    for result in compare_class(Path(out), submitted, course_dir, settings).units:
        answers = result.answers
        if a not in answers or b not in answers:
            continue
        found = next((p for p in result.pairs if frozenset({p.a, p.b}) == pair), None)
        if found is None:
            found = score_two(answers[a], answers[b], settings)
        line = f"{result.unit.assignment_id} / {result.unit.name}: score {found.score:.3f}, " \
               f"longest copied slice {found.longest} tokens"
        if result.ranked.get(pair):
            ranked = result.ranked[pair]
            line += f", ranking {ranked.score:.3f} (from {ranked.why})"
        lines.append(line)
        shared = excerpt(answers[found.a], found)
        if shared:
            lines.append(f"    shared: {shared}")
    return "\n".join(lines) if lines else f"{a} and {b} have no answer in common to compare"

