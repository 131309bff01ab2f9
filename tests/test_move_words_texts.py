"""A move in words inside the sentences that quote it: lower-case in the middle of a sentence ("the next best move
(the 4-1 at the left end)"), and never a sentence's lower-case start, in every language."""

import re

import pytest

from engine import Draw, Pass, Position, Rules, Tile
from lessons.loader import load_library
from play.coach import WORD_KEYS
from play.review import move_message
from wording.texts import Message, placeholders

LIBRARY = load_library()
TEXTS = LIBRARY.texts
LANGUAGES = [language.code for language in LIBRARY.languages]
VIEW = Position.setup(Rules.one_vs_one(), [[Tile(4, 1)], [Tile(6, 6)]], ["3-4"]).view(0)
#: Every form a move takes in words: each play's words (as ``move_words`` makes them), drawing and passing.
MOVES = (*(Message.of(key, tile="4-1") for key in WORD_KEYS if key.startswith("coach.move.")),
         move_message(VIEW, Draw()), move_message(VIEW, Pass()))
#: What ends a sentence, so that the next word starts one (markdown's bold stars aside).
SENTENCE_END = re.compile(r"(^|[.!?…])[\s*]*$")


def hosts(lang: str) -> list[tuple[str, str]]:
    """Every (scope, key) of a language whose text quotes a move, ``{move}``."""
    return [(scope, key) for scope, table in TEXTS.tables[lang].items()
            for key, text in table.items() if "move" in placeholders(text)]


def test_the_hosts_are_found_where_the_moves_are_quoted() -> None:
    found = set(hosts("en"))
    assert {("puzzles", "puzzles.why_right"), ("puzzles", "puzzles.answer_is"), ("play", "review.decision"),
            ("play", "review.played"), ("play", "coach.advice.odds")} <= found, sorted(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_move_in_words_reads_right_where_each_sentence_puts_it(lang: str) -> None:
    checked = 0
    for move in MOVES:
        words = TEXTS.render(move, lang, "play")  # as the Play page, the review and the Puzzles page render it
        assert words[:1].isalpha(), (lang, move, words)  # else this test would check nothing
        for scope, key in hosts(lang):
            others = {name: "7" for name in placeholders(TEXTS.tables[lang][scope][key]) if name != "move"}
            sentence = TEXTS.render(Message.of(key, move=words, **others), lang, scope)
            before = sentence[:sentence.index(words)]
            shown = sentence[len(before)]
            if SENTENCE_END.search(before):
                assert shown.isupper(), f"{lang} {key}: a sentence starts in lower case: {sentence!r}"
            else:
                assert not shown.isupper(), f"{lang} {key}: a capital in mid-sentence: {sentence!r}"
            checked += 1
    assert checked >= len(MOVES) * 5
