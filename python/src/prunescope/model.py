"""The canonical message model: the Anthropic Messages API shape, as the TypeScript core's `src/core/types.ts`.

Blocks the pruner does not know are carried through untouched; the pruner reads messages as plain mappings, so
messages loaded with `json.load`, the Anthropic SDK's `MessageParam` dicts and these TypedDicts all work. TypedDicts
cannot say "and any other key" (the TypeScript types can): a message or block with extra keys is still accepted at
runtime and passed through as it is.
"""

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Generic, Literal, NotRequired, TypedDict, TypeVar, Union

Role = Literal["user", "assistant"]

PruneStrategy = Literal["sliding-window", "summarize", "importance"]


class TextBlock(TypedDict):
    type: Literal["text"]
    text: str


class ToolUseBlock(TypedDict):
    type: Literal["tool_use"]
    id: str
    name: str
    input: object


class ToolResultBlock(TypedDict):
    type: Literal["tool_result"]
    tool_use_id: str
    content: NotRequired[Union[str, list["ContentBlock"]]]
    is_error: NotRequired[bool]


class ThinkingBlock(TypedDict):
    type: Literal["thinking"]
    thinking: str
    signature: NotRequired[str]


class RedactedThinkingBlock(TypedDict):
    type: Literal["redacted_thinking"]
    data: str


class ImageSource(TypedDict):
    type: str
    media_type: NotRequired[str]
    data: NotRequired[str]
    url: NotRequired[str]


class ImageBlock(TypedDict):
    type: Literal["image"]
    source: ImageSource


class ServerToolUseBlock(TypedDict):
    """A tool run by the API itself (web search, code execution); its result sits in the same assistant message."""

    type: Literal["server_tool_use"]
    id: str
    name: str
    input: object


class ServerToolResultBlock(TypedDict):
    """`web_search_tool_result`, `code_execution_tool_result`, …: answers a server tool use by `tool_use_id`."""

    type: str
    tool_use_id: str
    content: object


ContentBlock = Union[
    TextBlock,
    ToolUseBlock,
    ToolResultBlock,
    ThinkingBlock,
    RedactedThinkingBlock,
    ImageBlock,
    ServerToolUseBlock,
    ServerToolResultBlock,
    # Any block this package has no type for; carried through as it is.
    Mapping[str, object],
]


class Message(TypedDict):
    role: Role
    content: Union[str, list[ContentBlock]]


M = TypeVar("M", bound=Mapping[str, Any])


class PrunerConfig(TypedDict, total=False):
    """What `prune_messages` takes; the same fields can be given as keyword arguments instead. `strategy` is
    required, and the seed's strategies need `max_turns` or `max_tokens`."""

    strategy: Literal["sliding-window", "summarize", "importance", "observation-masking"]
    max_turns: float
    """Upper bound on the messages kept (a message count, not user+assistant pairs). Non-integers are floored;
    below 1 acts as 1, because the most recent message is always kept. Sliding window and summarize may keep
    more to avoid splitting a tool pair."""
    max_tokens: float
    """Upper bound on the tokens kept, each message counted by `token_counter`."""
    token_counter: Callable[[Any], float]
    """Tokens of one message; default `estimate_message_tokens` (characters ÷ 4, the core's estimate)."""
    format: Literal["anthropic", "openai-chat"]
    """The messages' shape; detected when absent."""
    pinned: Sequence[int]
    """Indices of messages importance never drops and masking never clears."""
    keep_recent: int
    min_tokens: int
    clear_tool_inputs: bool
    exclude_tools: Sequence[str]
    summary_model: str
    """Reserved for a model-written summary; the placeholder summary ignores it."""


UnansweredCalls = Literal["remove", "answer"]


class RepairOptions(TypedDict, total=False):
    """What `repair_messages` takes; the same fields can be given as keyword arguments instead."""

    unanswered_calls: UnansweredCalls
    """What to do with a `tool_use` no `tool_result` answers in the next message: `"remove"` the call (the default),
    or `"answer"` it with an `is_error` result saying the result was lost, placed right after the call."""
    keep_apart: Collection[int]
    """Input indexes of messages never merged into the message before them, such as the compact summary after a
    compaction boundary, so it stays a message of its own. Each an integer from 0 to `len(messages) - 1`."""


class RepairChange(TypedDict):
    """One thing the repair did."""

    index: int
    """The input message it concerns (for a merge, the message merged into the one before it)."""
    rule: str
    """The API rule the change fixes (`anthropic/whitespace-text-block`, `anthropic/tool-use-without-result`, …), or
    `repair/merge-same-role` and `repair/misplaced-tool-block` for what the API has no rule for."""
    detail: str
    """What was done, for people: "removed 2 whitespace-only text blocks"."""


class RepairResult(TypedDict, Generic[M]):
    """What `repair_messages` returns; plain data, so `json.dumps` takes it as it is."""

    messages: list[M | Message]
    """The repaired conversation: messages the repair did not change are the input objects themselves."""
    changes: list[RepairChange]
    """Sorted by `index` (stable: one message's changes in the order they were made); empty when nothing needed it."""
    origin: list[int]
    """`origin[k]` is the input index of output message `k` (the first one for a merge), or -1 for a message the
    repair made (the answer to calls whose results were lost, when no user message followed them)."""
