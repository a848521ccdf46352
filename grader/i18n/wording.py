"""How the grader words what a student reads, for the submission's edition (``Words``)."""

from __future__ import annotations

from grader.i18n.editions import ENGLISH as ENGLISH_LANGUAGE
from grader.i18n.editions import chapter_key, language_of
from grader.i18n.interface import tr


class Words:
    """How this step words a message for the submission's edition: English as the hidden tests
    say it, or translated (``grader.i18n``: the chapter's labels, the judge's templates, ``tr``)."""

    def __init__(self, language: str = ENGLISH_LANGUAGE, chapter: str = ""):
        self.language, self.chapter = language, chapter
        self._catalogue = None

    def tr(self, text: str, **values) -> str:
        return tr(text, self.language, **values)

    def mistake(self, text: str) -> str:
        """A known mistake's explanation (a field of its header) in the edition's language."""
        if self.language == ENGLISH_LANGUAGE or not text:
            return text
        from grader.i18n.memory import chapter_memory

        return chapter_memory(self.language, self.chapter).get(text) or text

    def message(self, message: str, case=()) -> str:
        """A judge's message (its first line led by its case labels) in the edition's language."""
        if self.language == ENGLISH_LANGUAGE:
            return message
        if self._catalogue is None:
            from grader.i18n.memory import judge_memory
            from grader.i18n.message_catalogue import MessageCatalogue

            self._catalogue = MessageCatalogue(judge_memory(self.language, self.chapter).units.values())
        return self._catalogue.translate_verdict(message, case).text


ENGLISH = Words()


def words_for(assignment_id: str) -> Words:
    """The wording of a submission of ``assignment_id`` (its edition's language)."""
    return Words(language_of(assignment_id), chapter_key(assignment_id))
