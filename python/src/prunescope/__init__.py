"""prunescope: prune an LLM agent's conversation to fit a context window without ever orphaning a tool call.

A port of the TypeScript core's seed strategies (`pruneMessages` with message and token bounds, on Anthropic or
OpenAI Chat dicts), observation masking, seed 003's `ContextPruner`, `validateMessages`, `findToolPairs`,
`scoreMessage` and `repairMessages`, proven identical to it on golden cases the TypeScript side writes (see
README.md, "Parity").
"""

from .config import ALL_STRATEGIES
from .context_pruner import (
    ContextPruner,
    ContextWindow,
    ConversationTurn,
    PrunerResult,
    PruneSkipReason,
    PruneUrgency,
    Summarizer,
    derive_summary_id,
    estimate_text_tokens,
)
from .links import find_tool_pairs
from .masking import result_placeholder
from .openai_chat import MessageFormat
from .model import (
    ContentBlock,
    ImageBlock,
    ImageSource,
    Message,
    PruneStrategy,
    PrunerConfig,
    RedactedThinkingBlock,
    RepairChange,
    RepairOptions,
    RepairResult,
    Role,
    ServerToolResultBlock,
    ServerToolUseBlock,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
    UnansweredCalls,
)
from .pruner import STRATEGIES, create_summary_message, prune_messages
from .repair import repair_messages
from .scoring import score_message
from .text import message_text_length
from .tokens import TokenCounter, estimate_message_tokens, estimate_tokens
from .validate import Api, ValidationProblem, validate_messages

__all__ = [
    "ALL_STRATEGIES",
    "Api",
    "ContextPruner",
    "ContextWindow",
    "ConversationTurn",
    "MessageFormat",
    "PruneSkipReason",
    "PruneUrgency",
    "PrunerResult",
    "Summarizer",
    "TokenCounter",
    "ValidationProblem",
    "derive_summary_id",
    "estimate_message_tokens",
    "estimate_text_tokens",
    "estimate_tokens",
    "result_placeholder",
    "validate_messages",
    "STRATEGIES",
    "ContentBlock",
    "ImageBlock",
    "ImageSource",
    "Message",
    "PruneStrategy",
    "PrunerConfig",
    "RedactedThinkingBlock",
    "RepairChange",
    "RepairOptions",
    "RepairResult",
    "Role",
    "ServerToolResultBlock",
    "ServerToolUseBlock",
    "TextBlock",
    "ThinkingBlock",
    "ToolResultBlock",
    "ToolUseBlock",
    "UnansweredCalls",
    "create_summary_message",
    "find_tool_pairs",
    "message_text_length",
    "prune_messages",
    "repair_messages",
    "score_message",
]
