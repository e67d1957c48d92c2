"""Whitespace and comment stripping for the client's JS and CSS at collectstatic.

rjsmin and rcssmin do the stripping; neither renames anything. Template
literals are set aside whole while rjsmin runs: it reads nested ones wrongly
(inside `` `${a ? ` b` : ""}` `` it takes the inner template for code and drops
its leading space). Each result is then checked against its source by a
second, independent reading, and a file whose check fails is shipped as
written (``minify`` says so), never changed:

- JS: both texts are split into tokens by ``js_tokens`` below, which knows
  nested template literals. The tokens
  (names, punctuators by longest match, every string, template part and regex
  literal byte for byte) must be the same, and so must the line breaks that
  automatic semicolon insertion reads after ``return``/``throw``/``break``/
  ``continue``/``yield`` and before ``++``/``--``.
- CSS: both texts with comments dropped and white space cut only where CSS
  ignores it (around ``{ } ; , >`` and after ``:``, and a semicolon just
  before ``}``) must be equal, strings byte for byte.
"""

import re

import rcssmin
import rjsmin

_PUNCTUATORS = sorted(
    """>>>= ... === !== **= <<= >>= >>> &&= ||= ??= => == != <= >= && || ?? ?. ++ -- += -= *= %= &= |= ^= /=
    ** << >> { } ( ) [ ] ; , < > + - * / % & | ^ ! ~ ? : = . @ #""".split(),
    key=len, reverse=True,
)
_PUNCTUATOR = re.compile("|".join(re.escape(p) for p in _PUNCTUATORS))
_NAME = re.compile(r"[\w$\u0080-\uffff]+")
_SPACE = re.compile(r"[ \t\r\n\f\v\ufeff\u00a0\u2028\u2029]+")
# After one of these a "/" starts a regex literal; after anything else it divides.
_BEFORE_REGEX_WORDS = {"return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw",
                       "case", "do", "else", "yield", "await"}
_RESTRICTED = {"return", "throw", "break", "continue", "yield"}


class TokenError(ValueError):
    pass


def _string(text: str, i: int) -> int:
    quote = text[i]
    i += 1
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == quote:
            return i + 1
        if c == "\n":
            break
        i += 1
    raise TokenError(f"unterminated string at {i}")


def _template_part(text: str, i: int) -> tuple[int, bool]:
    """From just after a backtick or a template's closing brace to just after its
    closing backtick (False) or its next ``${`` (True)."""
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "`":
            return i + 1, False
        if c == "$" and text.startswith("${", i):
            return i + 2, True
        i += 1
    raise TokenError("unterminated template literal")


def _regex(text: str, i: int) -> int:
    i += 1
    in_class = False
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "\n":
            break
        if c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        elif c == "/" and not in_class:
            i += 1
            while i < len(text) and (text[i].isalnum() or text[i] == "_"):
                i += 1
            return i
        i += 1
    raise TokenError(f"unterminated regex literal at {i}")


def _scan(text: str):
    """Each token of a script as (start, end, whether a line break that ASI reads
    stands before it, how many template literals are open after it)."""
    braces: list[bool] = []  # per open "{": True when it is a template's "${"
    i, newline, prev = 0, False, None
    while i < len(text):
        c = text[i]
        space = _SPACE.match(text, i)
        if space:
            newline = newline or any(ch in "\r\n\u2028\u2029" for ch in space.group())
            i = space.end()
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise TokenError("unterminated comment")
            newline = newline or "\n" in text[i:end]
            i = end + 2
            continue
        start = i
        if c in "\"'":
            i = _string(text, i)
        elif c == "`" or (c == "}" and braces and braces[-1]):
            if c == "}":
                braces.pop()
            i, opened = _template_part(text, i + 1)
            if opened:
                braces.append(True)
        elif c == "/" and (prev is None or prev in _BEFORE_REGEX_WORDS
                           or (_PUNCTUATOR.fullmatch(prev) and prev not in (")", "]", "}"))):
            i = _regex(text, i)
        elif name := _NAME.match(text, i):
            i = name.end()
        elif punct := _PUNCTUATOR.match(text, i):
            i = punct.end()
            if punct.group() == "{":
                braces.append(False)
            elif punct.group() == "}" and braces:
                braces.pop()
        else:
            raise TokenError(f"unexpected {c!r} at {i}")
        token = text[start:i]
        reads_newline = prev in _RESTRICTED or token in ("++", "--")
        yield start, i, newline and reads_newline, sum(braces)
        prev, newline = token, False


def js_tokens(text: str) -> list[tuple[str, bool]]:
    """The tokens of a script as (text, whether a line break that ASI reads stands before it)."""
    return [(text[start:end], asi) for start, end, asi, _ in _scan(text)]


def _templates(text: str) -> list[tuple[int, int]]:
    """Where each outermost template literal starts and ends."""
    spans, open_at = [], None
    for start, end, _, depth in _scan(text):
        if open_at is None and text[start] == "`":
            open_at = start
        if open_at is not None and depth == 0 and text[end - 1] == "`":
            spans.append((open_at, end))
            open_at = None
    return spans


def _jsmin(text: str) -> str:
    """rjsmin with each template literal set aside whole (rjsmin reads nested ones wrongly)."""
    spans = _templates(text)
    tag = "fcTemplate"
    while tag in text:
        tag += "_"
    held = [text[a:b] for a, b in spans]
    for index, (a, b) in reversed(list(enumerate(spans))):
        text = f"{text[:a]}{tag}{index}x{text[b:]}"
    small = rjsmin.jsmin(text)
    return re.sub(rf"{tag}(\d+)x", lambda m: held[int(m.group(1))], small)


_CSS_PIECE = re.compile(r"""/\*.*?\*/|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|[^"'/]+|/""", re.S)
_CSS_SPACE = re.compile(r"\s+")
_CSS_CUT = re.compile(r" ?([{};,>]) ?|(:) ")
_CSS_LAST = re.compile(r";+}")


def css_shape(text: str) -> str:
    """A stylesheet without comments and with white space only where CSS reads it."""
    parts, code = [], []
    for piece in _CSS_PIECE.findall(text):
        if piece[0] in "\"'":  # strings are kept whole, white space and all
            parts += [_cut("".join(code)), piece]
            code = []
        else:
            code.append(" " if piece.startswith("/*") else piece)
    parts.append(_cut("".join(code)))
    return "".join(parts).strip()


def _cut(code: str) -> str:
    # A declaration's last semicolon is optional: "a:b;}" reads as "a:b}".
    return _CSS_LAST.sub("}", _CSS_CUT.sub(r"\1\2", _CSS_SPACE.sub(" ", code)))


def minify(name: str, text: str) -> tuple[str, bool]:
    """(the stripped text, True), or (the text as written, False) when the check fails."""
    if name.endswith(".js"):
        try:
            small = _jsmin(text)
            same = js_tokens(small) == js_tokens(text)
        except TokenError:
            same = False
    elif name.endswith(".css"):
        small = rcssmin.cssmin(text)
        same = css_shape(small) == css_shape(text)
    else:
        return text, False
    return (small, True) if same else (text, False)
