"""How much text a message sends, counted exactly as the TypeScript core counts it.

The TypeScript core measures strings with JavaScript's `length`, which counts UTF-16 code units: an emoji is 2,
while Python's `len` says 1. Numbers inside tool inputs count as JavaScript prints them (`String(1.0)` is `"1"`,
`String(1e21)` is `"1e+21"`). Both matter: the importance score caps length at 1,000 units, and a port that
counted code points would rank some messages differently from the TypeScript core.
"""

import math
from collections.abc import Mapping

# Tool results nest blocks one level in practice; the depth cap only guards against hostile (or cyclic) input.
MAX_DEPTH = 32

# Integers past 2**53 are not exact in JavaScript: they are printed from the nearest double.
_EXACT_INTEGERS = 2**53


JS_WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
"""What JavaScript's `trim()` and `\\s` take as whitespace. Not Python's (`str.strip()`, `str.isspace()`), which
also takes U+001C to U+001F and U+0085 but not U+FEFF: repair decides by it what text is blank, as the core does."""


def js_trim(text: str) -> str:
    """JavaScript's `text.trim()`."""
    return text.strip(JS_WHITESPACE)


def js_trim_end(text: str) -> str:
    """JavaScript's `text.trimEnd()`."""
    return text.rstrip(JS_WHITESPACE)


def utf16_length(text: str) -> int:
    """JavaScript's `text.length`: UTF-16 code units, so a character outside the BMP counts 2."""
    if text.isascii():
        return len(text)
    # surrogatepass: a lone surrogate (valid in JSON, and so in transcripts) is one code unit, as in JavaScript.
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def js_number_string(value: float) -> str:
    """JavaScript's `String(value)` for a number (ECMAScript Number::toString), from Python's shortest repr."""
    if isinstance(value, int) and abs(value) < _EXACT_INTEGERS:
        return str(value)
    try:
        number = float(value)
    except OverflowError:
        number = math.inf if value > 0 else -math.inf
    if math.isnan(number):
        return "NaN"
    if math.isinf(number):
        return "Infinity" if number > 0 else "-Infinity"
    if number == 0:
        return "0"
    sign = "-" if number < 0 else ""
    mantissa, _, exponent = repr(abs(number)).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = whole + fraction
    # point: where the decimal point sits relative to the start of `digits` (ECMAScript's n).
    point = len(whole) + (int(exponent) if exponent else 0)
    significant = digits.lstrip("0")
    point -= len(digits) - len(significant)
    significant = significant.rstrip("0")
    count = len(significant)
    if count <= point <= 21:
        return sign + significant + "0" * (point - count)
    if 0 < point <= 21:
        return sign + significant[:point] + "." + significant[point:]
    if -6 < point <= 0:
        return sign + "0." + "0" * -point + significant
    shown = point - 1
    exponent_text = ("+" if shown >= 0 else "-") + str(abs(shown))
    if count == 1:
        return sign + significant + "e" + exponent_text
    return sign + significant[0] + "." + significant[1:] + "e" + exponent_text


def _key_length(key: object) -> int:
    # JavaScript object keys are strings; a Python mapping's keys count as JavaScript would print them.
    if type(key) is str:
        return len(key) if key.isascii() else utf16_length(key)
    if isinstance(key, str):
        return utf16_length(key)
    if isinstance(key, bool):
        return 4 if key else 5
    if isinstance(key, (int, float)):
        return len(js_number_string(key))
    return utf16_length(str(key))


def _structured_length(value: object, depth: int) -> int:
    """Tool inputs and server tool results: the characters of their keys and values (JSON without punctuation)."""
    if isinstance(value, str):
        return utf16_length(value)
    # JSON's own types by type() first: isinstance against an ABC costs several times more.
    if type(value) is dict:
        if depth >= MAX_DEPTH:
            return 0
        return sum(_key_length(key) + _structured_length(item, depth + 1) for key, item in value.items())
    if isinstance(value, bool):
        return 4 if value else 5
    if isinstance(value, (int, float)):
        return len(js_number_string(value))
    if depth >= MAX_DEPTH:
        return 0
    if isinstance(value, (list, tuple)):
        return sum(_structured_length(item, depth + 1) for item in value)
    if isinstance(value, Mapping):
        return sum(_key_length(key) + _structured_length(item, depth + 1) for key, item in value.items())
    return 0


def _nested_length(content: object, depth: int) -> int:
    if isinstance(content, str):
        return utf16_length(content)
    if not isinstance(content, (list, tuple)) or depth >= MAX_DEPTH:
        return 0
    return sum(block_text_length(inner, depth + 1) for inner in content)


def block_text_length(block: object, depth: int = 0) -> int:
    """Characters of text in one content block, by `message_text_length`'s rules; `depth` starts at 0."""
    if type(block) is not dict and not isinstance(block, Mapping):
        return 0
    kind = block.get("type")
    if kind == "text":
        text = block.get("text")
        return utf16_length(text) if isinstance(text, str) else 0
    if kind == "thinking":
        thinking = block.get("thinking")
        return utf16_length(thinking) if isinstance(thinking, str) else 0
    if kind == "compaction":
        # Server-side compaction: `content` is the summary the model reads from here on, or null when it failed.
        content = block.get("content")
        return utf16_length(content) if isinstance(content, str) else 0
    if kind == "image" or kind == "redacted_thinking":
        return 0
    if kind == "tool_use" or kind == "server_tool_use" or kind == "mcp_tool_use":
        name = block.get("name")
        return (utf16_length(name) if isinstance(name, str) else 0) + _structured_length(block.get("input"), depth)
    if kind == "tool_result":
        return _nested_length(block.get("content"), depth)
    if isinstance(kind, str) and kind.endswith("_tool_result"):
        return _structured_length(block.get("content"), depth)
    text = block.get("text")
    return utf16_length(text) if isinstance(text, str) else 0


def message_text_length(message: Mapping[str, object]) -> int:
    """The number of characters of text a message sends, in UTF-16 code units as the TypeScript core counts.

    Text, thinking and compaction summaries, tool results' text (nested blocks included), and for tool inputs and server tool results
    the characters of their keys and values. Images and redacted thinking count 0: their bytes are base64 or
    ciphertext, and counting them would rank a screenshot above a page of prose.
    """
    content = message.get("content") if type(message) is dict or isinstance(message, Mapping) else None
    if isinstance(content, str):
        return utf16_length(content)
    if not isinstance(content, (list, tuple)):
        return 0
    return sum(block_text_length(block) for block in content)
