"""Checking texts across languages: every key a lesson names exists in every language, no language has keys the
others lack, placeholders agree, and the app's own ui keys are all there. Each error names the texts file to edit."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from engine import Draw, Play, parse_move
from wording.texts import REQUIRED_UI_KEYS, UI, Message, Texts, placeholders

from .errors import LessonError
from .files import SourceFile, TextFile
from .model import Lesson, Step
from .structure import LessonReading

#: Every texts file read, by (language code, scope); the scope is ``"ui"`` or a lesson id.
TextFiles = Mapping[tuple[str, str], TextFile]


def text_file(code: str, scope: str) -> str:
    """The texts file a teacher edits for one language and scope: ``lessons/texts/es/pegar.toml``."""
    return f"lessons/texts/{code}/{scope}.toml"


def _texts(files: TextFiles, code: str, scope: str) -> dict[str, str]:
    found = files.get((code, scope))
    return found.texts if found is not None else {}


def _line(files: TextFiles, code: str, scope: str, key: str) -> int | None:
    found = files.get((code, scope))
    return found.source.key_line(key) if found is not None and found.source is not None else None


def placeholder_errors(files: TextFiles, codes: Sequence[str], scope: str, lesson: str | None) -> list[LessonError]:
    """Texts whose ``{placeholders}`` differ from the first language's."""
    reference = _texts(files, codes[0], scope)
    errors = []
    for code in codes[1:]:
        for key, text in sorted(_texts(files, code, scope).items()):
            if key in reference and placeholders(text) != placeholders(reference[key]):
                errors.append(LessonError(
                    text_file(code, scope), f"text {key!r} uses {sorted(placeholders(text))}, {codes[0]!r} uses "
                    f"{sorted(placeholders(reference[key]))}", lesson, field=key, line=_line(files, code, scope, key),
                ))
    return errors


def ui_errors(files: TextFiles, codes: Sequence[str]) -> list[LessonError]:
    """The app's own texts: every required key in every language, the same keys as the first, same placeholders."""
    errors = []
    reference = _texts(files, codes[0], UI)
    for code in codes:
        table = _texts(files, code, UI)
        for key in REQUIRED_UI_KEYS:
            if key not in table:
                errors.append(LessonError(text_file(code, UI), f"text missing: {key!r}", field=key))
        for key in sorted(set(reference) - set(table) - set(REQUIRED_UI_KEYS)):
            errors.append(LessonError(text_file(code, UI), f"text missing in {code!r}: {key!r}", field=key))
        for key in sorted(set(table) - set(reference)):
            errors.append(LessonError(text_file(code, UI), f"unknown text key {key!r} (not in {codes[0]!r})",
                                      field=key, line=_line(files, code, UI, key)))
    return errors + placeholder_errors(files, codes, UI, None)


def shared_text_errors(files: TextFiles, codes: Sequence[str], scope: str) -> list[LessonError]:
    """A shared texts file (``play.toml``): once the first language has it, every language has the same keys, with
    the same placeholders, and its own errors (bad TOML, empty texts) are reported."""
    errors = [error for code in codes if (code, scope) in files for error in files[code, scope].errors]
    if (codes[0], scope) not in files:
        return errors + [LessonError(text_file(code, scope), f"{scope}.toml exists only in some languages; "
                                     f"{codes[0]!r} has none") for code in codes if (code, scope) in files]
    reference = _texts(files, codes[0], scope)
    for code in codes[1:]:
        if (code, scope) not in files:
            errors.append(LessonError(text_file(code, scope), f"text file missing for language {code!r}"))
            continue
        table = _texts(files, code, scope)
        for key in sorted(set(reference) - set(table)):
            errors.append(LessonError(text_file(code, scope), f"text missing in {code!r}: {key!r}", field=key))
        for key in sorted(set(table) - set(reference)):
            errors.append(LessonError(text_file(code, scope), f"unknown text key {key!r} (not in {codes[0]!r})",
                                      field=key, line=_line(files, code, scope, key)))
    return errors + placeholder_errors(files, codes, scope, None)


def lesson_text_errors(
    reading: LessonReading, files: TextFiles, codes: Sequence[str], data: SourceFile
) -> list[LessonError]:
    """A lesson's texts: each key it names exists in every language (a missing one names that language's file),
    each key of its texts files is used, placeholders agree."""
    lesson_id = reading.lesson_id
    data_file = data.name
    errors = []
    used = set()
    for use in reading.keys:
        used.add(use.key)
        missing = [code for code in codes
                   if use.key not in _texts(files, code, lesson_id) and use.key not in _texts(files, code, UI)]
        if len(missing) == len(codes):
            errors.append(LessonError(data_file, f"unknown text key {use.key!r}: no language has it", lesson_id,
                                      use.step, use.field, data.field_line(use.step, use.field)))
            continue
        where = f"step {use.step}, field {use.field!r}" if use.step is not None else f"field {use.field!r}"
        for code in missing:
            errors.append(LessonError(
                text_file(code, lesson_id), f"text {use.key!r} missing in {code}: {data_file} uses it ({where})",
                lesson_id, use.step, use.key,
            ))
    for code in codes:
        for key in sorted(set(_texts(files, code, lesson_id)) - used):
            errors.append(LessonError(text_file(code, lesson_id), f"unknown text key {key!r}: the lesson never uses it",
                                      lesson_id, field=key, line=_line(files, code, lesson_id, key)))
    return errors + placeholder_errors(files, codes, lesson_id, lesson_id)


# ----------------------------------------------------------------------------------------------------- hints


def _has(text: str, needle: str) -> bool:
    """Whether ``needle`` stands in ``text`` as a word or a number of its own (case does not matter)."""
    return re.search(rf"(?<![\w-]){re.escape(needle)}(?![\w-])", text, re.IGNORECASE) is not None


def _answer_needles(step: Step, texts: Texts, code: str, lesson: str) -> tuple[list[tuple[str, ...]], bool]:
    """What a hint that shows the answer names, as groups of ways to write each part (all parts named: the answer
    is shown), and whether the first hint must not name it (naming a yes, a no or a kind of move is no giveaway)."""
    if step.kind == "act":
        plays = [move for move in map(parse_move, step.solution) if isinstance(move, Play)]
        if plays:
            tile = plays[0].tile
            return [(f"{tile.high}-{tile.low}", f"{tile.low}-{tile.high}")], True
        button = "button.draw" if isinstance(parse_move(step.solution[0]), Draw) else "button.pass"
        return [(texts.render(Message(button), code, lesson),)], False
    query_type = step.query.kind.type if step.query is not None else ""
    answer = step.answer
    if query_type == "number":
        return [(str(answer),)], True
    if query_type == "numbers" and answer:
        return [(str(n),) for n in answer], True
    label = next(texts.render(o.label, code, lesson) for o in step.options if o.value == answer)
    own_seat = query_type == "seat" and answer == step.viewer
    return [(label,)], query_type in ("seat", "side", "side_or_none") and not own_seat


def _names(text: str, groups: list[tuple[str, ...]]) -> bool:
    return all(any(_has(text, way) for way in group) for group in groups)


def _hint_error(code: str, files: TextFiles, lesson: Lesson, step: Step, key: str, message: str) -> LessonError:
    scope = lesson.id if key in _texts(files, code, lesson.id) else UI
    return LessonError(text_file(code, scope), message, lesson.id, step.number, key, _line(files, code, scope, key))


def hint_errors(lesson: Lesson, texts: Texts, codes: Sequence[str], files: TextFiles) -> list[LessonError]:
    """Hints are graded: the first nudges (it does not name the answer), the second shows (it names it) —
    the tile of the move, the number, the seat, the side, the yes or no — in every language."""
    errors = []
    variants = [variant for base in lesson.steps for _, variant in base.variants]
    for step in (*lesson.steps, *variants):
        if step.hints is None or step.drill:
            continue
        first_key, second_key = (hint.key for hint in step.hints)
        for code in codes:
            groups, checks_first = _answer_needles(step, texts, code, lesson.id)
            shown = " / ".join(group[0] for group in groups)
            if checks_first and _names(texts.render(step.hints[0], code, lesson.id), groups):
                errors.append(_hint_error(code, files, lesson, step, first_key, f"the first hint {first_key!r} "
                                          f"names the answer ({shown}): the first hint nudges, the second shows"))
            if not _names(texts.render(step.hints[1], code, lesson.id), groups):
                errors.append(_hint_error(code, files, lesson, step, second_key, f"the second hint {second_key!r} "
                                          f"does not name the answer ({shown}): the first hint nudges, the second "
                                          "shows"))
    return errors


def _step_keys(step: Step) -> list[str]:
    """Every text key a step shows the learner: its text, feedback, hints and the feedback of its mistakes."""
    keys = [key for key in (step.text, step.feedback) if key is not None]
    keys += [hint.key for hint in step.hints or ()]
    return keys + [wrong.feedback for wrong in step.wrong]


def way_errors(lesson: Lesson, texts: Texts, codes: Sequence[str], files: TextFiles) -> list[LessonError]:
    """A step leading on from an act step that accepts several ways names no tile of the solution's moves that
    another way does not play: a learner who took that way would read of a move they never made."""
    errors = []
    for step in lesson.steps:
        if not step.variants or step.follows is None:
            continue
        solution = lesson.step(step.follows).solution
        played = {move.tile for move in map(parse_move, solution) if isinstance(move, Play)}
        for way, _ in step.variants:
            missing = played - {move.tile for move in map(parse_move, way) if isinstance(move, Play)}
            for tile, key, code in ((t, k, c) for t in sorted(missing) for k in _step_keys(step) for c in codes):
                text = texts.render(Message(key), code, lesson.id)
                if _has(text, f"{tile.high}-{tile.low}") or _has(text, f"{tile.low}-{tile.high}"):
                    errors.append(_hint_error(code, files, lesson, step, key, (
                        f"text {key!r} names the {tile} of step {step.follows}'s solution, but step {step.follows} "
                        f"also accepts {list(way)}: a learner who played that would read of a move not made. Let "
                        f"step {step.follows} accept only the move this step builds on (and explain the others "
                        "under 'wrong'), or word this step for every way")))
    return errors
