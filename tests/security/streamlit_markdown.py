"""What Streamlit's markdown would make of a text, for the markup tests: CommonMark (markdown-it-py) and what Streamlit
adds on top of it — GFM tables and strikethrough, bare addresses linked the way remark-gfm links them (in the text
once its escapes are undone), its directives (``:red[…]``, ``:material/home:``, ``:smile:``) and ``$maths$``.

Raw HTML comes out as HTML (as with ``unsafe_allow_html``) and any link is kept, ``javascript:`` too: this renderer
finds markup wherever Streamlit might make some, so a text it shows as plain is plain in the app.

>>> rendered("[x](//ev.il)").links
['//ev.il']
>>> rendered(r"\\[x\\](//ev.il)").text
'[x](//ev.il)'
>>> rendered("see www.ev.il").links
['http://www.ev.il']
>>> rendered(":red[x]").tags
['p', 'streamlit-directive']
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass, field
from html.parser import HTMLParser

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

#: Streamlit's own inline syntax, found where an unescaped ``:`` or ``$`` starts it: a text directive with its label
#: (colours, backgrounds, badges, ``:small[…]``), a Material icon, an emoji shortcode; inline maths.
_DIRECTIVE = re.compile(r":(?:[a-z][a-z0-9-]*\[[^\]\n]*\]|material/[a-z0-9_]+:|[a-z0-9_+-]+:)")
_MATH = re.compile(r"\$(?:[^$\\\n]|\\.)+\$")
#: remark-gfm's bare addresses (mdast-util-gfm-autolink-literal): ``http(s)://…``, ``www.…`` and e-mail addresses.
_URL = re.compile(r"(https?://|www(?=\.))([-.\w]+)([^ \t\r\n]*)", re.IGNORECASE | re.ASCII)
_EMAIL = re.compile(r"([-.\w+]+)@([-\w]+(?:\.[-\w]+)+)", re.ASCII)
_JOINER = "\u2060"


@dataclass
class Rendered:
    """A text as Streamlit's markdown would show it: its HTML, the tags in it, what a reader sees, links and images."""

    html: str
    tags: list[str] = field(default_factory=list)
    text: str = ""
    links: list[str] = field(default_factory=list)
    images: list[str] = field(default_factory=list)


class _Reader(HTMLParser):
    def __init__(self, shown: Rendered) -> None:
        super().__init__(convert_charrefs=True)
        self.shown = shown
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.shown.tags.append(tag)
        found = dict(attrs)
        if tag == "a":
            self.shown.links.append(found.get("href") or "")
        if tag == "img":
            self.shown.images.append(found.get("src") or "")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def _streamlit_syntax(state: StateInline, silent: bool) -> bool:
    """A directive, an icon, an emoji or maths at an unescaped ``:`` or ``$`` (escapes are read before this rule)."""
    found = (_DIRECTIVE if state.src[state.pos] == ":" else _MATH).match(state.src, state.pos)
    if state.src[state.pos] not in ":$" or found is None:
        return False
    if not silent:
        token = state.push("html_inline", "", 0)
        kind = "streamlit-directive" if found[0].startswith(":") else "streamlit-math"
        token.content = f'<{kind} source="{html.escape(found[0])}"></{kind}>'
    state.pos = found.end()
    return True


def _previous_allows(text: str, start: int) -> bool:
    before = text[start - 1] if start else ""
    return not before or before.isspace() or unicodedata.category(before)[0] in "PS"


def _good_domain(domain: str) -> bool:
    parts = domain.split(".")
    if len(parts) < 2:
        return False
    return all(not part or ("_" not in part and re.search(r"[A-Za-z0-9]", part)) for part in parts[-2:])


def _addresses(text: str) -> list[tuple[int, int, str]]:
    """The bare addresses remark-gfm links in a text: (start, end, href)."""
    found = []
    for match in _URL.finditer(text):
        protocol, domain = match[1], match[2]
        if protocol.lower().startswith("w"):
            domain, href = protocol + domain, f"http://{match[0]}"
        else:
            href = match[0]
        if _previous_allows(text, match.start()) and _good_domain(domain):
            found.append((match.start(), match.end(), href))
    for match in _EMAIL.finditer(text):  # linked wherever it starts: stricter than remark-gfm, never laxer
        if not re.search(r"[-\d_]$", match[2]) and not any(a <= match.start() < b for a, b, _ in found):
            found.append((match.start(), match.end(), f"mailto:{match[0]}"))
    return sorted(found)


def _link_addresses(state: StateCore) -> None:
    """Link bare addresses in the text as it reads once escapes are undone, outside links, as remark-gfm does."""
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        children: list[Token] = []
        inside = 0
        for child in block.children:
            inside += {"link_open": 1, "link_close": -1}.get(child.type, 0)
            found = _addresses(child.content) if child.type == "text" and not inside else []
            if not found:
                children.append(child)
                continue
            at = 0
            for start, end, href in found:
                children += _text(child.content[at:start])
                opening = Token("link_open", "a", 1)
                opening.attrs = {"href": href}
                children += [opening, *_text(child.content[start:end]), Token("link_close", "a", -1)]
                at = end
            children += _text(child.content[at:])
        block.children = children


def _text(content: str) -> list[Token]:
    if not content:
        return []
    token = Token("text", "", 0)
    token.content = content
    return [token]


def _renderer() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])
    md.validateLink = lambda url: True  # keep javascript: links: finding one is the point
    md.inline.ruler.before("escape", "streamlit_syntax", _streamlit_syntax)
    md.core.ruler.after("text_join", "gfm_addresses", _link_addresses)
    return md


_MD = _renderer()


def rendered(markdown: str) -> Rendered:
    """``markdown`` as Streamlit's markdown would show it (the invisible word joiner left out of the text read)."""
    shown = Rendered(_MD.render(markdown))
    reader = _Reader(shown)
    reader.feed(shown.html)
    reader.close()
    shown.text = "".join(reader.parts).replace(_JOINER, "").strip()
    return shown
