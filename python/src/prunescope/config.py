"""The config `prune_messages` takes, checked as the core's `normalizeConfig` checks it: every key known, each value
of its type and range, errors naming the field, the value and what is allowed."""

import math
import numbers
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .openai_chat import FORMATS, MessageFormat

ALL_STRATEGIES = ("sliding-window", "summarize", "importance", "observation-masking")
_COMMON_KEYS = ("strategy", "max_turns", "max_tokens", "token_counter", "pinned", "format", "summary_model")
_MASKING_KEYS = ("keep_recent", "min_tokens", "clear_tool_inputs", "exclude_tools")
_TYPESCRIPT_KEYS = {
    "maxTurns": "max_turns",
    "maxTokens": "max_tokens",
    "tokenCounter": "token_counter",
    "summaryModel": "summary_model",
    "keepRecent": "keep_recent",
    "minTokens": "min_tokens",
    "clearToolInputs": "clear_tool_inputs",
    "excludeTools": "exclude_tools",
}


@dataclass(frozen=True)
class Settings:
    """A checked config. `max_turns` is floored and at least 1 (`sys.maxsize` when absent); `max_tokens` is
    `math.inf` when absent."""

    strategy: str
    max_turns: int = sys.maxsize
    max_tokens: float = math.inf
    token_counter: Callable[[Any], float] | None = None
    format: MessageFormat | None = None
    pinned: tuple[int, ...] = ()
    keep_recent: int = 10
    min_tokens: int = 50
    clear_tool_inputs: bool = False
    exclude_tools: tuple[str, ...] = field(default_factory=tuple)


def check_config(config: object, overrides: Mapping[str, object]) -> Settings:
    """`config` (a mapping or None) with `overrides` (the keywords given) on top, checked."""
    if config is None:
        fields: dict[str, object] = {}
    elif isinstance(config, Mapping):
        fields = dict(config)
    else:
        raise TypeError(
            "prune_messages: config must be a mapping like {'strategy': 'sliding-window', 'max_turns': 20}, "
            f"got {_type_name(config)}"
        )
    fields.update(overrides)
    chosen = fields.get("strategy")
    if chosen not in ALL_STRATEGIES:
        given = "is missing" if "strategy" not in fields else f"{chosen!r} is unknown"
        raise TypeError(f"prune_messages: strategy {given}; expected one of {', '.join(ALL_STRATEGIES)}")
    masking = chosen == "observation-masking"
    allowed = _COMMON_KEYS + (_MASKING_KEYS if masking else ())
    for key in fields:
        if key not in allowed:
            hint = f" (did you mean {_TYPESCRIPT_KEYS[key]!r}?)" if key in _TYPESCRIPT_KEYS else ""
            raise TypeError(f"prune_messages: unknown config key {key!r}{hint}; {chosen} takes {', '.join(allowed)}")
    model = fields.get("summary_model")
    if model is not None and not isinstance(model, str):
        raise TypeError(f"prune_messages: summary_model must be a string (a model name), got {model!r}")
    fmt = fields.get("format")
    if fmt is not None and fmt not in FORMATS:
        raise TypeError(f"prune_messages: format must be one of {', '.join(FORMATS)}, got {fmt!r}")
    counter = fields.get("token_counter")
    if counter is not None and not callable(counter):
        raise TypeError(
            f"prune_messages: token_counter must be a function from a message to its tokens, got {_type_name(counter)}"
        )
    has_turns = fields.get("max_turns") is not None
    has_tokens = fields.get("max_tokens") is not None
    if masking and has_turns:
        # Masking never drops a message: a bound in messages would be ignored without a word, as the core refuses it.
        raise TypeError("prune_messages: observation-masking takes no max_turns bound; it takes max_tokens")
    if not masking and not has_turns and not has_tokens:
        raise TypeError(
            f"prune_messages: max_turns is missing: the {chosen} strategy needs max_turns or max_tokens, "
            f"for example {{'strategy': {chosen!r}, 'max_turns': 20}}"
        )
    turns = sys.maxsize
    if has_turns:
        bound = _bound("max_turns", fields["max_turns"], "a number of messages")
        turns = sys.maxsize if math.isinf(bound) else max(1, math.floor(bound))
    tokens = _bound("max_tokens", fields["max_tokens"], "a number of tokens") if has_tokens else math.inf
    pinned = _pinned(fields.get("pinned"))
    if not masking:
        return Settings(str(chosen), turns, tokens, counter, fmt, pinned)  # type: ignore[arg-type]
    return Settings(
        "observation-masking",
        turns,
        tokens,
        counter,
        fmt,  # type: ignore[arg-type]
        pinned,
        _integer(fields, "keep_recent", 10, 100_000),
        _integer(fields, "min_tokens", 50, 10_000_000),
        _boolean(fields, "clear_tool_inputs"),
        _strings(fields, "exclude_tools"),
    )


def checked_count(counter: Callable[[Any], float], message: object, index: int) -> float:
    """A `token_counter`'s answer for one message, refused unless a number 0 or more (a tokenizer returning a list
    of tokens instead of its length is the usual slip)."""
    tokens = counter(message)
    if not isinstance(tokens, numbers.Real) or isinstance(tokens, bool) or not tokens >= 0:
        where = "the summary message" if index < 0 else f"message {index}"
        raise TypeError(f"prune_messages: token_counter returned {tokens!r} for {where}; expected a number of tokens, 0 or more")
    return float(tokens)


def _bound(name: str, value: object, what: str) -> float:
    if not isinstance(value, numbers.Real) or isinstance(value, bool) or math.isnan(value):
        raise TypeError(f"prune_messages: {name} must be a number, got {value!r} ({what}, 0 or more)")
    if value < 0:
        raise ValueError(f"prune_messages: {name} must be 0 or more, got {value!r}")
    return float(value) if not isinstance(value, int) else value


def _pinned(value: object) -> tuple[int, ...]:
    if value is None:
        return ()
    if not isinstance(value, (list, tuple)) or any(not isinstance(v, int) or isinstance(v, bool) for v in value):
        raise TypeError(f"prune_messages: pinned must be a list of message indices, got {value!r}")
    return tuple(value)


def _integer(fields: Mapping[str, object], key: str, default: int, high: int) -> int:
    value = fields.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not (isinstance(value, int) or (isinstance(value, float) and value.is_integer())):
        raise TypeError(f"prune_messages: {key} must be a whole number, got {value!r}")
    if not 0 <= value <= high:
        raise ValueError(f"prune_messages: {key} must be from 0 to {high}, got {value!r}")
    return int(value)


def _boolean(fields: Mapping[str, object], key: str) -> bool:
    value = fields.get(key, False)
    if not isinstance(value, bool):
        raise TypeError(f"prune_messages: {key} must be True or False, got {value!r}")
    return value


def _strings(fields: Mapping[str, object], key: str) -> tuple[str, ...]:
    value = fields.get(key, ())
    if not isinstance(value, (list, tuple)) or any(not isinstance(item, str) for item in value):
        raise TypeError(f"prune_messages: {key} must be a list of tool names, got {value!r}")
    return tuple(value)


def _type_name(value: object) -> str:
    return "None" if value is None else type(value).__name__
