"""The chapter's kernel library: autograd_lib without the answers the chapter grades.

``autograd_lib`` is the course's reference solution, so a kernel that imports all of it holds the
answers of the very exercises it is graded on: whatever the notebook does, it could hand the judge
values the library computed. So each chapter is graded against a *build* of the library that
holds what earlier chapters built and this chapter's scaffolding, and none of the answers of this
chapter or of a later one (``references.answer_functions``: the functions with a solution region,
and every copy of them the headers name).

The build is a source transformation. Every module keeps its path, its names and its line
numbers; in each withheld function the body after the docstring becomes one statement that raises
``autograd_lib._withheld.Withheld`` (a ``NotImplementedError`` that names the exercise and the
chapter that writes the function), and blank lines, so a traceback through any other code reads
exactly as with the installed library. A function that the chapter needs before its own exercise
is graded (the ops every chapter-2 cell runs on, the engine behind ``Tensor.backward``) is kept,
and listed in ``KEPT`` with why; SECURITY.md lists them with what covers them.

The answers of this chapter come back one exercise at a time, from the trusted side, once that
exercise's last test cell has been judged (``grader.judge.releases``), so the rest of the
chapter runs on the library's code as the course says ("from here on the notebook uses the
library's ``topological_order``"). ``releases.json`` holds what is sent: for each exercise and
module, a *skeleton* of the module (its withheld functions at their own lines, in their classes,
everything else blank) that the kernel's agent compiles under the module's path.

A build is a folder::

    lib/autograd_lib/...   the package the kernel imports (the only part the kernel sees)
    without/torch/...      for a chapter whose kernel goes without a package (``WITHOUT``): a stub
                           of each of its top-level modules, which raises ``ModuleNotFoundError``
    lib/autograd_lib/_withheld.py, _withheld.json
                           the withheld stub (``withheld_stub.py``, copied) and its tables
    releases.json          exercise -> skeletons (the trusted side sends them)
    withheld.json          every withheld function: its reference, chapter and exercise
    without.json           the packages the kernel goes without, why, and their modules

Builds are made once per course version, with the run's template (``grader.pipeline.template_course``).

The room, one job per module: ``withholding`` (the policy's tables: ``KEPT``, ``WHILE_JUDGED``,
``STAND_IN``, ``WITHOUT``), ``transform`` (the source transformation), ``layout`` (a build's files
and how a kernel is pointed at them), ``packages_without`` (the stubs of packages a kernel goes
without), ``builder`` (writing and caching builds) and ``withheld_stub`` (the code that runs in the
kernel, a file copied into each build). This face names what the rest of the grader uses.
"""

from grader.course.kernel_library.builder import build, build_all, build_key, cached_builds
from grader.course.kernel_library.layout import (
    LIB,
    PACKAGE,
    STUB_MODULE,
    installed_package,
    kernel_binds,
    kernel_pythonpath,
    library_path,
    package_folder,
    read_releases,
    read_while_judged,
    read_withheld,
    read_without,
)
from grader.course.kernel_library.packages_without import (
    distribution_modules,
    refuse_in_notebook,
    stubs_first,
    without_message,
)
from grader.course.kernel_library.transform import definitions
from grader.course.kernel_library.withholding import (
    KEPT,
    STAND_IN,
    WHILE_JUDGED,
    WITHOUT,
    Withheld,
    course_answers,
    withheld_from,
)

__all__ = ["KEPT", "LIB", "PACKAGE", "STAND_IN", "STUB_MODULE", "WHILE_JUDGED", "WITHOUT", "Withheld", "build",
           "build_all", "build_key", "cached_builds", "course_answers", "definitions", "distribution_modules",
           "installed_package", "kernel_binds", "kernel_pythonpath", "library_path", "package_folder",
           "read_releases", "read_while_judged", "read_withheld", "read_without", "refuse_in_notebook",
           "stubs_first", "without_message", "withheld_from"]
