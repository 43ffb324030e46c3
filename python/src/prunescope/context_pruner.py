"""Seed 003's `ContextPruner`: keeps a conversation under a token budget by summarizing its middle, as the core's
`ContextPruner` does (src/core/context-pruner/), with the same defaults, selection, texts and laws."""

import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, NotRequired, Protocol, TypedDict, cast

from .links import group_messages
from .prompts import CONTEXT_SUMMARY_MARKER, content_text, find_task_index, is_context_summary
from .text import utf16_length
from .tokens import estimate_tokens

PruneUrgency = Literal["none", "soft", "hard"]
PruneSkipReason = Literal["below-soft-limit", "no-candidates", "not-smaller", "summarizer-failed"]

DEFAULTS: Mapping[str, Any] = {
    "soft_limit_tokens": 500_000,
    "hard_limit_tokens": 800_000,
    "pinned_prefix_turns": 1,
    "recent_tail_turns": 5,
    "pin_task": False,
}


class ConversationTurn(TypedDict):
    """One message with an id, a time (ms since the epoch, 0 when unknown), a pin and its token estimate."""

    id: str
    role: Literal["user", "assistant"]
    content: str | list[Any]
    timestamp: float
    pinned: bool
    token_estimate: float


class ContextWindow(TypedDict):
    """Turns and the whole request's tokens, which may exceed their sum (the system prompt and tools)."""

    turns: Sequence[ConversationTurn]
    total_token_estimate: float


class PrunerResult(TypedDict):
    """What `ContextPruner.prune` did: the window after, or the very window given and why nothing changed."""

    pruned: bool
    window: ContextWindow
    urgency: PruneUrgency
    summary: NotRequired[str]
    removed_turn_count: NotRequired[int]
    tokens_saved: NotRequired[float]
    reason: NotRequired[PruneSkipReason]
    detail: NotRequired[str]
    error: NotRequired[BaseException]


class Summarizer(Protocol):
    """Writes the text that replaces the summarized turns; the pruner adds the `[Context Summary]` line itself. An
    earlier summary can be among `turns` (its content starts with `[Context Summary]\\n`): carry its content over
    rather than quoting it, so summaries never nest."""

    async def summarize(self, turns: Sequence[ConversationTurn], task_context: str) -> str: ...


def estimate_text_tokens(text: str) -> int:
    """The default counter: characters (UTF-16 units) ÷ 4, rounded up, as the core's `charsTokenCounter`."""
    return estimate_tokens(utf16_length(text))


def urgency_for_tokens(total: float, soft: float, hard: float) -> PruneUrgency:
    """`none` up to and at the soft limit, `soft` above it, `hard` above the hard limit."""
    return "hard" if total > hard else "soft" if total > soft else "none"


def derive_summary_id(ids: Sequence[str | int]) -> str:
    """`context-summary-` and 16 hex digits: the core's `deriveSummaryId` (two FNV-1a hashes over the ids)."""
    a = 0x811C9DC5
    b = (0x01000193 ^ len(ids)) & 0xFFFFFFFF
    for item in ids:
        if isinstance(item, int):
            a = _imul(a ^ 0x10000, 0x01000193)
            a = _imul(a ^ (item & 0xFFFFFFFF), 0x01000193)
            b = _imul(b ^ 0x10001, 0x01000193)
            b = _imul(b ^ (item & 0xFFFFFFFF), 0x01000193) ^ (b >> 15)
            continue
        for unit in _utf16_units(item):
            a = _imul(a ^ unit, 0x01000193)
            b = _imul(b ^ unit, 0x01000193) ^ (b >> 15)
        a = _imul(a ^ 0xFFFF, 0x01000193)
        b = _imul(b ^ 0xFFFE, 0x01000193)
    return f"context-summary-{a:08x}{b:08x}"


def _imul(x: int, y: int) -> int:
    return (x * y) & 0xFFFFFFFF


def _utf16_units(text: str) -> list[int]:
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[i] | (data[i + 1] << 8) for i in range(0, len(data), 2)]


class ContextPruner:
    """Keeps a conversation under a token budget by summarizing its middle (seed 003). Above the soft limit
    (default 500,000 tokens) the turns between the pinned prefix (default 1) and the recent tail (default 5) go to
    the summarizer and are replaced by one user turn, `[Context Summary]\\n…`; above the hard limit (default 800,000)
    pruning is forced, the tail shrinking down to the last message's tool group. Tool groups are never split, pinned
    turns never reach the summarizer, an earlier summary goes to the summarizer to carry over (never nested), and a
    prune that would not shrink the window, or a summarizer that raises, leaves the window as it was, with a reason.

    Config (a mapping, every key optional): `soft_limit_tokens`, `hard_limit_tokens`, `pinned_prefix_turns`,
    `recent_tail_turns`, `pin_task`, `counter` (text → tokens, default `estimate_text_tokens`), `now` (ms, default
    the clock), `create_id` (the summarized turns → the summary's id, default `derive_summary_id` of their ids).

    Raises `TypeError` for a summarizer without `summarize` or a config field of the wrong type or unknown,
    `ValueError` for a value out of range (soft above hard, a negative limit, a tail below 1).
    """

    def __init__(self, summarizer: Summarizer, config: Mapping[str, Any] | None = None) -> None:
        if not callable(getattr(summarizer, "summarize", None)):
            raise TypeError("ContextPruner: summarizer must be an object with summarize(turns, task_context)")
        self.summarizer = summarizer
        self.config = _resolve(config)

    async def prune(self, window: ContextWindow, task_context: str = "") -> PrunerResult:
        """Prunes `window` if it is over the soft limit. Never mutates it; when nothing changes, `result["window"]`
        is `window` itself. Cancelling the task cancels the prune (asyncio's `CancelledError` is not caught).

        Raises `TypeError`/`ValueError` only for a malformed window, naming the field (`window["turns"][3]…`)."""
        config = self.config
        turns, counts, pinned = _read_window(window)
        total = window["total_token_estimate"]
        cut = select_cut(turns, counts, pinned, total, config)
        urgency = cut["urgency"]

        def unchanged(reason: PruneSkipReason, detail: str | None = None, error: BaseException | None = None) -> PrunerResult:
            result: PrunerResult = {"pruned": False, "window": window, "urgency": urgency, "reason": reason}
            if detail is not None:
                result["detail"] = detail
            if error is not None:
                result["error"] = error
            return result

        if "reason" in cut:
            return unchanged(cut["reason"], cut["detail"])
        candidates = [turns[i] for i in cut["summarized"]]
        try:
            text: object = await self.summarizer.summarize(candidates, task_context)
        except Exception as error:  # noqa: BLE001 - any failure of the caller's summarizer leaves the window as it was
            return unchanged("summarizer-failed", f"the summarizer threw: {error}", error)
        if not isinstance(text, str):
            return unchanged("summarizer-failed", f"the summarizer returned {type(text).__name__}, expected a string")
        create_id = config["create_id"]
        summary_id = create_id(candidates) if create_id is not None else derive_summary_id([t["id"] for t in candidates])
        counter = config["counter"]
        summary_content = f"{CONTEXT_SUMMARY_MARKER}\n{text}"
        tokens_after = cut["kept_tokens"] + counter(summary_content)
        if tokens_after >= cut["tokens_before"]:
            return unchanged(
                "not-smaller",
                f"the summary of {_grouped(len(candidates))} {'turn' if len(candidates) == 1 else 'turns'} would leave "
                f"{_grouped(tokens_after)} tokens, not fewer than {_grouped(cut['tokens_before'])}",
            )
        summary_turn: ConversationTurn = {
            "id": summary_id,
            "role": "user",
            "content": summary_content,
            "timestamp": config["now"](),
            "pinned": False,
            "token_estimate": 0,
        }
        fates = cut["fates"]
        before = cut["summary_before"]
        out: list[ConversationTurn] = []
        for i, turn in enumerate(turns):
            if i == before:
                out.append(summary_turn)
            if not fates[i]:
                out.append(turn)
        if before >= len(turns):
            out.append(summary_turn)
        annotated: list[ConversationTurn] = []
        new_total = _overhead(total, counts)
        for i, turn in enumerate(out):
            estimate = counter(content_text(turn["content"]))
            if not isinstance(estimate, (int, float)) or isinstance(estimate, bool) or not 0 <= estimate < math.inf:
                raise TypeError(f"ContextPruner: counter gave {estimate!r} for turns[{i}]; expected a finite count ≥ 0")
            annotated.append(cast(ConversationTurn, {**turn, "token_estimate": estimate}))
            new_total += estimate
        if new_total >= total:
            return unchanged(
                "not-smaller",
                f"recounted, the pruned window holds {_js_num(new_total)} tokens, not fewer than {_js_num(total)}",
            )
        return {
            "pruned": True,
            "window": {"turns": annotated, "total_token_estimate": new_total},
            "urgency": urgency,
            "summary": text,
            "removed_turn_count": len(candidates),
            "tokens_saved": max(0, total - new_total),
        }


def _overhead(total: float, counts: Sequence[float]) -> float:
    turn_sum = 0.0
    for count in counts:
        turn_sum += count
    return max(0.0, total - turn_sum)


def _grouped(value: float) -> str:
    """The core's `formatNumber(value)`: rounded (halves up), thousands grouped; counts here are never negative."""
    return f"{math.floor(value + 0.5):,}"


def _js_num(value: float) -> str:
    from .text import js_number_string

    return js_number_string(value)


def select_cut(
    turns: Sequence[Mapping[str, Any]], counts: Sequence[float], pinned: Sequence[bool], total: float, config: Mapping[str, Any]
) -> dict[str, Any]:
    """The core's `selectTokenBudgetCut`: which turns the summarizer gets, before it runs."""
    n = len(turns)
    turn_sum = 0.0
    for count in counts:
        turn_sum += count
    tokens_before = max(0.0, total - turn_sum) + turn_sum
    urgency = urgency_for_tokens(total, config["soft_limit_tokens"], config["hard_limit_tokens"])

    def unchanged(reason: str, detail: str) -> dict[str, Any]:
        return {"urgency": urgency, "reason": reason, "detail": detail, "tokens_before": tokens_before}

    if urgency == "none":
        return unchanged("below-soft-limit", f"{_js_num(total)} tokens is within the soft limit of {_js_num(config['soft_limit_tokens'])}")
    if n == 0:
        return unchanged("no-candidates", "the window has no turns")
    groups = group_messages(turns)
    group_of = groups.group_of
    group_first = [-1] * len(groups.group_size)
    group_last = [0] * len(groups.group_size)
    for i, g in enumerate(group_of):
        if group_first[g] < 0:
            group_first[g] = i
        group_last[g] = i
    prefix_end = min(config["pinned_prefix_turns"], n)
    for i in range(prefix_end):
        if is_context_summary(turns[i].get("content")):
            prefix_end = i
            break
    i = 0
    while i < prefix_end:
        end = group_last[group_of[i]] + 1
        if end > prefix_end:
            prefix_end = end
        i += 1
    pinned_group = bytearray(len(group_first))
    for i in range(n):
        if pinned[i]:
            pinned_group[group_of[i]] = 1
    if config["pin_task"]:
        task = find_task_index(turns)
        if task >= 0:
            pinned_group[group_of[task]] = 1

    def suffix_start(target: int) -> int:
        cut = n - target
        i = n - 1
        while i >= cut:
            first = group_first[group_of[i]]
            if first < cut:
                cut = first
            i -= 1
        return int(max(cut, prefix_end))

    tail_start = suffix_start(min(config["recent_tail_turns"], n))
    floor_start = suffix_start(1)
    fates = bytearray(n)
    kept_tokens = tokens_before

    def summarize_range(start: int, stop: int) -> None:
        nonlocal kept_tokens
        for i in range(start, stop):
            if pinned_group[group_of[i]]:
                continue
            fates[i] = 1
            kept_tokens -= counts[i]

    summarize_range(prefix_end, tail_start)
    if urgency == "hard":
        while kept_tokens > config["soft_limit_tokens"] and tail_start < floor_start:
            reach = -1
            nxt = tail_start
            while True:
                end = group_last[group_of[nxt]]
                if end > reach:
                    reach = end
                if reach == nxt:
                    break
                nxt += 1
            summarize_range(tail_start, nxt + 1)
            tail_start = nxt + 1
    summarized = [i for i in range(prefix_end, tail_start) if fates[i]]
    if all(is_context_summary(turns[i].get("content")) for i in summarized):
        why = (
            "only an earlier summary lies between the pinned turns and the recent tail"
            if summarized
            else f"no unpinned turn lies between the pinned prefix ({prefix_end} turns) and the recent tail (the last {n - tail_start})"
        )
        return unchanged("no-candidates", why)
    return {
        "urgency": urgency,
        "fates": fates,
        "summarized": summarized,
        "summary_before": _summary_position(group_of, fates),
        "tokens_before": tokens_before,
        "kept_tokens": kept_tokens,
    }


def _summary_position(group_of: Sequence[int], fates: bytearray) -> int:
    last = fates.rfind(1)
    if last < 0:
        return -1
    last_of = [-1] * (max(group_of) + 1 if group_of else 0)
    for i, g in enumerate(group_of):
        last_of[g] = i
    position = last + 1
    reach = -1
    i = 0
    while i < position:
        end = last_of[group_of[i]]
        if end > reach:
            reach = end
        if reach >= position:
            position = reach + 1
        i += 1
    return position


def _read_window(window: object) -> tuple[Sequence[ConversationTurn], list[float], list[bool]]:
    where = "ContextPruner.prune"
    if not isinstance(window, Mapping):
        raise TypeError(f"{where}: window must be a ContextWindow mapping, got {type(window).__name__}")
    turns = window.get("turns")
    total = window.get("total_token_estimate")
    if not isinstance(turns, (list, tuple)):
        raise TypeError(f"{where}: window['turns'] must be a list, got {type(turns).__name__}")
    if not _is_number(total):
        raise TypeError(f"{where}: window['total_token_estimate'] must be a number, got {type(total).__name__}")
    if not 0 <= total < math.inf:  # type: ignore[operator]
        raise ValueError(f"{where}: window['total_token_estimate'] must be a finite count ≥ 0, got {total}")
    counts: list[float] = []
    pins: list[bool] = []
    for i, turn in enumerate(turns):
        at = f"{where}: window['turns'][{i}]"
        if not isinstance(turn, Mapping):
            raise TypeError(f"{at} must be a turn mapping, got {turn!r}")
        if turn.get("role") not in ("user", "assistant"):
            raise TypeError(f"{at}['role'] must be 'user' or 'assistant', got {turn.get('role')!r}")
        if not isinstance(turn.get("content"), (str, list)):
            raise TypeError(f"{at}['content'] must be a string or a list of blocks, got {type(turn.get('content')).__name__}")
        estimate = turn.get("token_estimate")
        if not _is_number(estimate):
            raise TypeError(f"{at}['token_estimate'] must be a number, got {type(estimate).__name__}")
        if not 0 <= estimate < math.inf:  # type: ignore[operator]
            raise ValueError(f"{at}['token_estimate'] must be a finite count ≥ 0, got {estimate}")
        pin = turn.get("pinned", False)
        if not isinstance(pin, bool):
            raise TypeError(f"{at}['pinned'] must be a bool, got {type(pin).__name__}")
        counts.append(estimate)  # type: ignore[arg-type]
        pins.append(pin)
    return turns, counts, pins


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_FIELDS = ("soft_limit_tokens", "hard_limit_tokens", "pinned_prefix_turns", "recent_tail_turns", "pin_task", "counter", "now", "create_id")


def _resolve(config: Mapping[str, Any] | None) -> dict[str, Any]:
    if config is None:
        config = {}
    given: Mapping[str, Any] = config
    if not isinstance(config, Mapping):
        raise TypeError(f"ContextPruner: config must be a mapping such as {{'soft_limit_tokens': 500000}}, got {type(config).__name__}")
    for key in config:
        if key not in _FIELDS:
            raise TypeError(f"ContextPruner: unknown config field {key!r}; expected one of {', '.join(_FIELDS)}")
    resolved: dict[str, Any] = {**DEFAULTS, "counter": estimate_text_tokens, "now": lambda: time.time() * 1000, "create_id": None}
    resolved.update({k: v for k, v in config.items() if v is not None})
    for key in ("soft_limit_tokens", "hard_limit_tokens"):
        value = resolved[key]
        if not _is_number(value):
            raise TypeError(f"ContextPruner: {key} must be a number of tokens, got {value!r}")
        if not 0 <= value < math.inf:
            raise ValueError(f"ContextPruner: {key} must be a finite number of tokens ≥ 0, got {value!r}")
    if resolved["soft_limit_tokens"] > resolved["hard_limit_tokens"]:
        def which(key: str) -> str:
            return "" if key in given else ", the default"

        raise ValueError(
            f"ContextPruner: soft_limit_tokens ({resolved['soft_limit_tokens']}{which('soft_limit_tokens')}) must not exceed "
            f"hard_limit_tokens ({resolved['hard_limit_tokens']}{which('hard_limit_tokens')})"
        )
    for key, low in (("pinned_prefix_turns", 0), ("recent_tail_turns", 1)):
        value = resolved[key]
        if not _is_number(value):
            raise TypeError(f"ContextPruner: {key} must be a number of turns, got {value!r}")
        if not float(value).is_integer() or not low <= value <= 2**31 - 1:
            raise ValueError(f"ContextPruner: {key} must be an integer from {low} to 2147483647, got {value!r}")
        resolved[key] = int(value)
    if not isinstance(resolved["pin_task"], bool):
        raise TypeError(f"ContextPruner: pin_task must be a bool, got {resolved['pin_task']!r}")
    for key in ("counter", "now"):
        if not callable(resolved[key]):
            raise TypeError(f"ContextPruner: {key} must be a function, got {resolved[key]!r}")
    if resolved["create_id"] is not None and not callable(resolved["create_id"]):
        raise TypeError(f"ContextPruner: create_id must be a function of the summarized turns, got {resolved['create_id']!r}")
    return resolved
