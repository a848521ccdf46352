"""The translators' tools: where an edition stands (``status``), the website's pages (``pages``),
the glossary and the style checks, the pictures' words, the edition's build (``edition_build``,
with its pinned font), the interface's strings, and a sample class for a reader (``sample``).
Their command is ``python -m grader.i18n``; what grading needs of an edition is in ``grader.i18n``."""
