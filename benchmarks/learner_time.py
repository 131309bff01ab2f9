"""How long a new learner takes through the ten La Plaza lessons: a model walk through the real lessons.

The learner reads every text the page shows them (each step's text, the options of a question, the feedback to
each action, the remember box's points) at 200 words a minute, looks at each table for a few seconds, makes one
mistake in every three interactive steps (a declared wrong move or answer where the lesson has one, else the
first wrong option or a move the engine refuses) and reads its explanation, and watches the scripted replies play.
Prints minutes per lesson and in all, per language. Run: ``.venv/bin/python benchmarks/learner_time.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Play
from lessons import Lesson, LessonRunner, Library, load_library
from practice.drills import make_drill
from wording.texts import Feedback, Message

WORDS_PER_MINUTE = 200
LOOK_SECONDS = 4.0  # taking in a table picture before acting
MOVE_SECONDS = 3.0  # lifting a tile and tapping its end, or tapping draw / pass
CHOOSE_SECONDS = 3.0  # picking one option of a question
REPLY_SECONDS = 0.7  # each scripted reply stands this long (the app's LAPLAZA_REPLY_DELAY)
ANSWER_SECONDS = 0.3  # the server's answer to a tap (measured: about 0.3 s)
MISTAKE_EVERY = 3
SEED = 11
LANGUAGES = ("pap", "es", "en", "el", "eo")


class Walk:
    """One learner's clock and word count through the lessons in one language."""

    def __init__(self, library: Library, lang: str) -> None:
        self.library, self.lang = library, lang
        self.seconds = 0.0
        self.words = 0
        self.interactive = 0

    def read(self, lesson: Lesson, message: Message | Feedback) -> None:
        """Read a text as the page shows it."""
        text = self.library.texts.render(message, self.lang, lesson.id)
        count = len(text.split())
        self.words += count
        self.seconds += count * 60 / WORDS_PER_MINUTE

    def feedback(self, lesson: Lesson, feedback: Feedback) -> None:
        """The server answers an action and the learner reads the answer."""
        self.seconds += ANSWER_SECONDS
        self.read(lesson, feedback)

    def lesson(self, lesson: Lesson) -> float:
        """Walk one lesson; its seconds."""
        start = self.seconds
        runner = LessonRunner(lesson, seed=SEED, drills=make_drill)
        self.read(lesson, _title(lesson))
        while True:
            self.step(lesson, runner)
            if not runner.next():
                break
        return self.seconds - start

    def step(self, lesson: Lesson, runner: LessonRunner) -> None:
        """Read a step, make the planned mistake, then do it right."""
        view = runner.view()
        step = runner.step
        if view.prompt is not None:
            self.read(lesson, view.prompt)
        elif view.text is not None:
            self.read(lesson, _message(view.text))
        if view.position is not None:
            self.seconds += LOOK_SECONDS
        self.seconds += REPLY_SECONDS * sum(1 for frame in view.frames if not frame.prelude)
        for point in view.points:
            self.read(lesson, _message(point))
        if step.kind == "question":
            for option in view.options:
                self.read(lesson, option.label)
        if not step.interactive:
            return
        self.interactive += 1
        if self.interactive % MISTAKE_EVERY == 0:
            self.mistake(lesson, runner)
        if step.kind == "act":
            for move in runner.remaining_solution():
                self.seconds += MOVE_SECONDS
                self.feedback(lesson, runner.act(move))
            self.seconds += REPLY_SECONDS * len(step.replies)
        else:
            self.seconds += CHOOSE_SECONDS
            self.feedback(lesson, runner.answer_value(step.answer))

    def mistake(self, lesson: Lesson, runner: LessonRunner) -> None:
        """One wrong action and the reading of its explanation."""
        step = runner.step
        if step.kind == "question":
            wrong = next(i for i, option in enumerate(step.options) if option.value != step.answer)
            self.seconds += CHOOSE_SECONDS
            self.feedback(lesson, runner.answer(wrong))
            return
        declared = next((w for w in step.wrong if len(w.moves) == 1), None)
        if declared is not None:
            move = declared.moves[0]
        else:
            position = runner.state.position
            assert position is not None
            move = next((str(Play(tile, end)) for tile in position.hands[position.to_move]
                         for end in ("left", "right") if position.check(Play(tile, end)) is not None),
                        str(runner.remaining_solution()[0]))
        self.seconds += MOVE_SECONDS
        feedback = runner.act(move)
        self.feedback(lesson, feedback)
        if feedback.kind != "error":  # a refused tile we could not find: the step goes on from this move
            runner.retry()


def _message(key: str) -> Message:
    """A text shown without arguments."""
    return Message(key)


def _title(lesson: Lesson) -> Message:
    """The lesson's title, read first."""
    return _message(lesson.title)


def main() -> None:
    library = load_library()
    lessons = [lesson for lesson in library.lessons if lesson.course == "la_plaza"]
    print(f"{len(lessons)} La Plaza lessons; {WORDS_PER_MINUTE} words/min, one mistake in {MISTAKE_EVERY} "
          f"interactive steps, {LOOK_SECONDS:.0f} s per table, {MOVE_SECONDS:.0f} s per move")
    for lang in LANGUAGES:
        walk = Walk(library, lang)
        per_lesson = [walk.lesson(lesson) for lesson in lessons]
        longest = max(zip(per_lesson, lessons, strict=True), key=lambda pair: pair[0])
        print(f"{lang:>3}: {walk.seconds / 60:5.1f} min in all, {walk.words:5d} words read, "
              f"{walk.interactive} interactive steps; longest lesson {longest[1].id} {longest[0] / 60:.1f} min")


if __name__ == "__main__":
    main()
