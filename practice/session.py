"""A practice set: N seeded questions (one skill or mixed); wrongly answered skills come back more often."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wording.texts import Message

from .codes import SEED_LIMIT, new_seed
from .generators import generate
from .mastery import AnswerLike
from .question import Question
from .skills import SKILL_IDS, get_skill

#: A skill's weight is 1 + WRONG_WEIGHT for each wrong answer among its last WEIGHT_WINDOW answers.
WEIGHT_WINDOW = 5
WRONG_WEIGHT = 2.0


def skill_weights(
    skills: Sequence[str], answers: Iterable[AnswerLike], window: int = WEIGHT_WINDOW
) -> dict[str, float]:
    """How likely each skill is to come next: more so the more of its recent answers were wrong."""
    answers = list(answers)
    weights = {}
    for skill in skills:
        recent = [a.correct for a in answers if a.skill == skill][-window:]
        weights[skill] = 1.0 + WRONG_WEIGHT * recent.count(False)
    return weights


@dataclass(frozen=True)
class Result:
    """One answered question: what was picked and whether it was right."""

    question: Question
    choice: frozenset[int]
    correct: bool

    @property
    def skill(self) -> str:
        """The question's skill."""
        return self.question.skill

    @property
    def code(self) -> str:
        """The question's code."""
        return self.question.code

    @property
    def reason(self) -> Message:
        """Why the right answer is right (the feedback text)."""
        return self.question.reason


class PracticeSet:
    """A set of ``size`` questions, seeded; ``recent`` answers (oldest first) weight the first picks too."""

    def __init__(self, size: int = 10, skills: Sequence[str] | None = None, seed: int | None = None,
                 recent: Iterable[AnswerLike] = ()) -> None:
        if not isinstance(size, int) or isinstance(size, bool) or size < 1:
            raise ValueError(f"size {size!r}: a practice set has at least one question")
        self.skills = tuple(SKILL_IDS if skills is None else skills)
        if not self.skills:
            raise ValueError("skills: name at least one skill")
        for skill in self.skills:
            get_skill(skill)
        self.size = size
        self.seed = random.SystemRandom().randrange(SEED_LIMIT) if seed is None else seed
        self._rng = random.Random(f"session-{self.seed}-{','.join(self.skills)}")
        self._recent = tuple(recent)
        self._results: list[Result] = []
        self._codes: set[str] = set()
        self._current: Question | None = self._draw()

    @property
    def current(self) -> Question | None:
        """The question to answer now (``None`` once the set is done)."""
        return self._current

    @property
    def number(self) -> int:
        """The current question's number in the set, from 1."""
        return len(self._results) + 1

    @property
    def done(self) -> bool:
        """Whether every question of the set is answered."""
        return self._current is None

    @property
    def results(self) -> tuple[Result, ...]:
        """The answers so far, in order."""
        return tuple(self._results)

    @property
    def score(self) -> int:
        """How many answers were right."""
        return sum(r.correct for r in self._results)

    @property
    def streak(self) -> int:
        """Right answers in a row, up to now."""
        count = 0
        for result in reversed(self._results):
            if not result.correct:
                break
            count += 1
        return count

    @property
    def best_streak(self) -> int:
        """The longest run of right answers in the set."""
        best = run = 0
        for result in self._results:
            run = run + 1 if result.correct else 0
            best = max(best, run)
        return best

    @property
    def mistakes(self) -> tuple[Result, ...]:
        """The wrong answers, to review at the end (each with its question, reason and lesson link)."""
        return tuple(r for r in self._results if not r.correct)

    def weights(self) -> dict[str, float]:
        """The current weight of each skill of the set."""
        return skill_weights(self.skills, [*self._recent, *self._results])

    def answer(self, choice: int | Iterable[int]) -> Result:
        """Answer the current question (an option index, or the indexes for a pick-all question) and move on."""
        question = self._current
        if question is None:
            raise ValueError("the practice set is over: start a new one")
        chosen = frozenset([choice] if isinstance(choice, int) else choice)
        result = Result(question, chosen, question.is_correct(chosen))
        self._results.append(result)
        self._current = self._draw()
        return result

    def _draw(self) -> Question | None:
        if len(self._results) >= self.size:
            return None
        weights = self.weights()
        skill = self._rng.choices(self.skills, [weights[s] for s in self.skills])[0]
        seed = new_seed(self._rng)
        while f"{skill}-{seed}" in self._codes:
            seed = new_seed(self._rng)
        self._codes.add(f"{skill}-{seed}")
        return generate(skill, seed)
