"""Who may do what, as values: learners' personal sign-in codes, teachers' passwords (Argon2 hashes only), the
signed tokens the browser keeps to reopen a record, the slow-down of failed tries, and the school's settings.

Pure Python (no Streamlit); what is stored lives in ``accounts_sql.py``. Nothing the browser sends is taken as fact:
a token only names a record, and the server checks that the record still exists and still accepts that token.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from itsdangerous import BadSignature, URLSafeTimedSerializer

#: Personal codes are typed on phones by children: consonants and digits without look-alikes (no vowels, so no
#: words; no 0/O, 1/I/L). 27 symbols, 9 of them: 27**9 ≈ 7.6e12 codes, 42.8 bits.
PERSONAL_ALPHABET = "BCDFGHJKMNPQRSTVWXZ23456789"
PERSONAL_LENGTH = 9
PERSONAL_BITS = PERSONAL_LENGTH * 4.754887502163468  # log2(27) bits a symbol
_SEPARATORS = re.compile(r"[\s\-_.·/]+")

PASSWORD_MIN, PASSWORD_MAX = 10, 200
TEACHER_NAME_MAX = 60
#: A few passwords that every guessing list starts with; a teacher's password may not be one of them.
COMMON_PASSWORDS = frozenset({
    "1234567890", "0123456789", "12345678910", "1111111111", "0000000000", "qwertyuiop", "password12",
    "password123", "password1234", "passw0rd123", "iloveyou12", "abcdefghij", "abc1234567", "qwerty1234",
    "1q2w3e4r5t", "letmein123", "welcome123", "teacher123", "teacher1234", "school1234", "dominoes12",
    "domino1234", "laplaza123", "curacao123", "aruba12345", "administrator", "changeme123",
})

LEARNER_TOKEN_DAYS = 180  # a learner's phone stays signed in for a school year's half
TEACHER_TOKEN_DAYS = 30
_TOKEN_SALT = "la-plaza-identity-v1"

#: Failed tries allowed before the slow-down starts, and the longest wait it imposes (seconds).
FREE_TRIES = 5
LONGEST_WAIT = 15 * 60
FORGET_AFTER = 60 * 60  # a scope's failures are forgotten an hour after its last failure

_HASHER = PasswordHasher()  # argon2id with the library's defaults (RFC 9106's low-memory profile)


class AccountRefused(ValueError):
    """Something about an account that cannot be done. ``code`` is stable, for the page to say it in the visitor's
    language (``"unknown_code"``, ``"password_too_short"``, ``"name_taken"``, ``"wait"`` …); ``args`` fill its
    placeholders (``wait``: seconds to wait)."""

    def __init__(self, code: str, message: str, **args: Any) -> None:
        super().__init__(message)
        self.code = code
        self.args_for_text = args


# --------------------------------------------------------------------------------------------- personal codes


def new_personal_code(rng: secrets.SystemRandom | None = None) -> str:
    """A fresh personal sign-in code, shown in three groups: ``K4M-R8X-2PQ``."""
    rng = rng or secrets.SystemRandom()
    raw = "".join(rng.choice(PERSONAL_ALPHABET) for _ in range(PERSONAL_LENGTH))
    return shown_code(raw)


def shown_code(raw: str) -> str:
    """A code's symbols in groups of three, as printed and shown."""
    return "-".join(raw[i:i + 3] for i in range(0, len(raw), 3))


def normal_personal_code(text: str) -> str | None:
    """The code's symbols as stored (``"k4m r8x-2pq"`` → ``"K4MR8X2PQ"``): any case, spaces, hyphens or dots between;
    None when the text cannot be a personal code (wrong length or symbols)."""
    symbols = _SEPARATORS.sub("", unicodedata.normalize("NFKC", str(text))).upper()
    if len(symbols) != PERSONAL_LENGTH or any(char not in PERSONAL_ALPHABET for char in symbols):
        return None
    return symbols


def code_hash(symbols: str) -> str:
    """What is stored for a personal code: the SHA-256 of its normal symbols, in hex (the code itself never is)."""
    return hashlib.sha256(f"personal:{symbols}".encode()).hexdigest()


# --------------------------------------------------------------------------------------------- names


#: Letters of other alphabets that look like Latin ones: a nickname's look, to find two that read the same.
_LOOK_ALIKES = str.maketrans({
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "к": "k", "м": "m", "т": "t", "н": "h",
    "в": "b", "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d", "ɡ": "g", "α": "a", "ο": "o", "ρ": "p", "τ": "t", "υ": "u",
    "ν": "v", "κ": "k", "ι": "i", "χ": "x", "ε": "e", "β": "b", "η": "n", "μ": "m", "0": "o", "1": "l", "|": "l",
})


def name_look(name: str) -> str:
    """How a name reads on screen, for telling apart two learners of a class: case, accents' encoding, spacing and
    letters of other alphabets that look alike are ignored (``"Тоm"`` with a Cyrillic Т and о reads ``"tom"``)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    decomposed = unicodedata.normalize("NFKD", folded)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(plain.translate(_LOOK_ALIKES).split())


def scripts_of(name: str) -> set[str]:
    """The alphabets a name's letters come from (``{"LATIN"}``, ``{"LATIN", "CYRILLIC"}`` …)."""
    found = set()
    for char in name:
        if char.isalpha():
            found.add(unicodedata.name(char, "UNKNOWN").split(" ")[0])
    return found


def check_teacher_name(text: str) -> str:
    """A teacher's sign-in name, trimmed: 3 to 60 characters, one alphabet; `AccountRefused` otherwise."""
    name = " ".join(unicodedata.normalize("NFKC", str(text)).split())
    if len(name) < 3:
        raise AccountRefused("name_too_short", "a teacher's name has at least 3 characters")
    if len(name) > TEACHER_NAME_MAX:
        raise AccountRefused("name_too_long", f"a teacher's name has at most {TEACHER_NAME_MAX} characters",
                             max=TEACHER_NAME_MAX)
    if any(unicodedata.category(char).startswith("C") for char in name) or len(scripts_of(name)) > 1:
        raise AccountRefused("name_characters", "a teacher's name uses letters of one alphabet, digits and spaces")
    return name


def name_key(name: str) -> str:
    """The stored key of a teacher's name: two names that read the same have the same key."""
    return name_look(name)


# --------------------------------------------------------------------------------------------- passwords


def password_problem(password: str, name: str = "") -> str | None:
    """Why ``password`` may not be a teacher's password (a stable code), or None: at least 10 characters, at most
    200, not the name, not one of the passwords every guessing list starts with, not one repeated character."""
    if len(password) < PASSWORD_MIN:
        return "password_too_short"
    if len(password) > PASSWORD_MAX:
        return "password_too_long"
    folded = password.casefold()
    if len(set(folded)) <= 2 or folded in COMMON_PASSWORDS:
        return "password_common"
    if name and name_look(name).replace(" ", "") in name_look(password).replace(" ", ""):
        return "password_like_name"
    return None


def hash_password(password: str) -> str:
    """The Argon2id hash stored for a password (the password itself never is)."""
    return _HASHER.hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches the stored hash (False for no hash or a damaged one)."""
    if not stored:
        return False
    try:
        return _HASHER.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """Whether a stored hash was made with weaker settings than today's (it is replaced at the next sign-in)."""
    try:
        return _HASHER.check_needs_rehash(stored)
    except InvalidHashError:
        return True


#: Verified against when a name is unknown, so a refusal takes as long whether or not the name exists.
DUMMY_HASH = hash_password(secrets.token_urlsafe(16))


# --------------------------------------------------------------------------------------------- tokens


@dataclass(frozen=True)
class Claims:
    """What a verified token says: whose record (``kind`` "learner" or "teacher", its ``subject`` key) and the
    record's ``epoch`` when it was issued (a record whose epoch moved on no longer accepts it)."""

    kind: str
    subject: str
    epoch: int


class Tokens:
    """Signs and verifies the opaque tokens the browser keeps (``itsdangerous``, with the school's key)."""

    def __init__(self, key: str | bytes) -> None:
        self._serializer = URLSafeTimedSerializer(key, salt=_TOKEN_SALT)

    def issue(self, kind: str, subject: str, epoch: int) -> str:
        """A token that reopens ``subject``'s record of ``kind`` while its epoch is ``epoch``."""
        return str(self._serializer.dumps([kind, subject, int(epoch)]))

    def read(self, token: Any) -> Claims | None:
        """The claims of a token this server signed and that has not expired; None for anything else (forged,
        edited, truncated, expired, not a string)."""
        if not isinstance(token, str) or not token or len(token) > 1000:
            return None
        try:
            claims, issued = self._serializer.loads(token, max_age=LEARNER_TOKEN_DAYS * 86400, return_timestamp=True)
            kind, subject, epoch = claims
        except (BadSignature, ValueError, TypeError):
            return None
        if kind not in ("learner", "teacher") or not isinstance(subject, str) or not isinstance(epoch, int):
            return None
        if kind == "teacher" and datetime.now(UTC) - issued > timedelta(days=TEACHER_TOKEN_DAYS):
            return None
        return Claims(kind, subject, epoch)


def new_key() -> str:
    """A fresh random key to sign tokens with (kept in the database unless the school's secrets set one)."""
    return secrets.token_urlsafe(32)


def new_record_key(kind: str) -> str:
    """A fresh random storage key for a learner (``"m:…"``, in a class) or a guest (``"g:…"``)."""
    return f"{kind}:{secrets.token_urlsafe(12)}"


# --------------------------------------------------------------------------------------------- slowing down


def wait_after(failures: int) -> int:
    """Seconds to wait before the next try after ``failures`` failed ones in a row: none for the first
    ``FREE_TRIES``, then 2, 4, 8 … up to ``LONGEST_WAIT``."""
    if failures < FREE_TRIES:
        return 0
    return min(2 ** (failures - FREE_TRIES + 1), LONGEST_WAIT)


# --------------------------------------------------------------------------------------------- the school's settings


SECRETS_FILE = Path(".streamlit") / "secrets.toml"


@dataclass(frozen=True)
class SchoolSettings:
    """How a school runs the app (``[teachers]`` and ``[la_plaza]`` in ``.streamlit/secrets.toml``):

    - ``sign_up``: who may make a teacher account: ``"open"`` (anyone, the default on a fresh machine),
      ``"invitation"`` (with the ``invitation`` code) or ``"closed"``;
    - ``single_sign_on``: offer "sign in with the school account" (Streamlit's ``st.login``, needs ``[auth]``),
      with ``sso_domains`` the e-mail domains whose users may become teachers (empty: any user of the provider);
    - ``secret_key``: signs the browser's tokens (else one is made and kept in the database);
    - ``behind_proxy``: trust the proxy's ``X-Forwarded-For`` for the address of a failed try.
    """

    sign_up: str = "open"
    invitation: str = ""
    single_sign_on: bool = False
    sso_provider: str | None = None
    sso_domains: tuple[str, ...] = ()
    secret_key: str = ""
    behind_proxy: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def invitation_ok(self, typed: str) -> bool:
        """Whether ``typed`` is the school's invitation code (compared in constant time)."""
        return bool(self.invitation) and secrets.compare_digest(typed.strip().encode(), self.invitation.encode())


SIGN_UP_CHOICES = ("open", "invitation", "closed")


def read_school_settings(root: Path | None = None, environ: Mapping[str, str] | None = None) -> SchoolSettings:
    """The school's settings from ``<root>/.streamlit/secrets.toml`` (defaults when the file or a key is missing;
    ``$LA_PLAZA_SECRETS`` names another file). An unknown ``sign_up`` choice closes sign-up rather than opening it."""
    environ = os.environ if environ is None else environ
    root = root or Path(__file__).resolve().parent.parent
    path = Path(environ["LA_PLAZA_SECRETS"]) if environ.get("LA_PLAZA_SECRETS") else root / SECRETS_FILE
    data: dict[str, Any] = {}
    if path.is_file():
        with path.open("rb") as file:
            data = tomllib.load(file)
    teachers = data.get("teachers", {}) if isinstance(data.get("teachers"), dict) else {}
    own = data.get("la_plaza", {}) if isinstance(data.get("la_plaza"), dict) else {}
    sign_up = str(teachers.get("sign_up", "open"))
    auth = data.get("auth", {}) if isinstance(data.get("auth"), dict) else {}
    providers = [key for key, value in auth.items() if isinstance(value, dict)]
    return SchoolSettings(
        sign_up=sign_up if sign_up in SIGN_UP_CHOICES else "closed",
        invitation=str(teachers.get("invitation", "")),
        single_sign_on=bool(teachers.get("single_sign_on", False)) and bool(auth),
        sso_provider=str(teachers.get("sso_provider", providers[0] if providers else "")) or None,
        sso_domains=tuple(str(domain).lstrip("@").casefold() for domain in teachers.get("sso_domains", [])),
        secret_key=str(own.get("secret_key", "")),
        behind_proxy=bool(own.get("behind_proxy", False)),
        extra=data,
    )
