"""What practice tests share: a question's fingerprint, everything a learner sees of it as text (the code tests
compare fingerprints across processes)."""

from __future__ import annotations

import json

from practice import Question


def fingerprint(q: Question) -> str:
    """Everything a learner sees of a question, as text."""
    return json.dumps([
        q.code, repr(q.position), [str(e) for e in q.position.history], q.viewer, sorted(q.face_up),
        repr(q.prompt), [repr(c) for c in q.options], sorted(q.correct), repr(q.reason), q.link,
        [repr(n) for n in q.notes], repr(q.badges), repr(q.loose),
    ])
