"""Words for everything the learner reads: messages as data (a key and its arguments), their rendering in each
language with strict mode for tests, the table in words, and the names of seats and sides.

Below lessons, practice and play, above the engine only; the words themselves are data in lessons/texts/<lang>/.

>>> from wording import Message, Texts
>>> Texts({"en": {"ui": {"hello": "Hello, {name}!"}}}, ("en",)).render(Message.of("hello", name="Ana"), "en")
'Hello, Ana!'
"""

from .seats import ROLES, seat_key, side_key
from .table_words import describe_position, table_in_words
from .texts import PRAISE_KEYS, REQUIRED_UI_KEYS, Feedback, Message, Ref, TextError, Texts, refusal, refusal_args

__all__ = [
    "PRAISE_KEYS",
    "REQUIRED_UI_KEYS",
    "ROLES",
    "Feedback",
    "Message",
    "Ref",
    "TextError",
    "Texts",
    "describe_position",
    "refusal",
    "refusal_args",
    "seat_key",
    "side_key",
    "table_in_words",
]
