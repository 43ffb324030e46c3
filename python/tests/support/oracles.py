"""Reference implementations written for obviousness, not speed (O(n²)), as test/support/naive-oracles.ts.

The port must agree with them; they share only `tool_block_kind` and `score_message` with it.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from prunescope.links import scan_messages, tool_block_kind
from prunescope.pruner import create_summary_message
from prunescope.scoring import score_message


def naive_links(messages: Sequence[Mapping[str, Any]]) -> tuple[list[str], list[str]]:
    """Pairs and orphans as sorted strings: each result takes the nearest preceding unanswered call, by a backwards look."""
    blocks: list[dict[str, Any]] = []
    for m, message in enumerate(messages):
        content = message.get("content") if isinstance(message, Mapping) else None
        if not isinstance(content, list):
            continue
        for b, block in enumerate(content):
            kind = tool_block_kind(block)
            if kind is None:
                continue
            block_id = block["id"] if kind == "use" else block["tool_use_id"]
            blocks.append({"m": m, "b": b, "kind": kind, "id": block_id, "answered": False})
    pairs: list[str] = []
    orphans: list[str] = []
    for k, block in enumerate(blocks):
        if block["kind"] != "result":
            continue
        for use in reversed(blocks[:k]):
            if use["kind"] == "use" and use["id"] == block["id"] and not use["answered"]:
                use["answered"] = block["answered"] = True
                pairs.append(f"{block['id']}:{use['m']}.{use['b']}->{block['m']}.{block['b']}")
                break
        else:
            orphans.append(f"result {block['id']}@{block['m']}.{block['b']}")
    orphans += [f"use {b['id']}@{b['m']}.{b['b']}" for b in blocks if b["kind"] == "use" and not b["answered"]]
    return sorted(pairs), sorted(orphans)


def naive_groups(messages: Sequence[Mapping[str, Any]]) -> list[list[int]]:
    """Connected components of the "linked by a pair" relation, each a sorted index list, by first index."""
    pairs, _ = naive_links(messages)
    edges = []
    for pair in pairs:
        use, result = pair.rsplit(":", 1)[1].split("->")
        edges.append((int(use.split(".")[0]), int(result.split(".")[0])))
    group_of = list(range(len(messages)))
    changed = True
    while changed:
        changed = False
        for a, b in edges:
            low = min(group_of[a], group_of[b])
            if group_of[a] != low or group_of[b] != low:
                group_of[a] = group_of[b] = low
                changed = True
    groups: dict[int, list[int]] = {}
    for i, g in enumerate(group_of):
        groups.setdefault(g, []).append(i)
    return list(groups.values())


def naive_units(messages: Sequence[Mapping[str, Any]]) -> list[list[int]]:
    """The units strategies keep or drop whole: the groups, with a message holding a broken block (an orphan, or one
    end of a pair split across turns or called outside an assistant message) joined to its turn (the run of its role
    around it) and the message on each side of that run."""
    pairs, orphans = naive_links(messages)
    roles = [message.get("role") if isinstance(message, Mapping) else None for message in messages]

    def turn_of(i: int) -> int:
        return sum(1 for k in range(1, i + 1) if roles[k] != roles[k - 1])

    broken = [int(orphan.split("@")[1].split(".")[0]) for orphan in orphans]
    for pair in pairs:
        use, result = (int(end.split(".")[0]) for end in pair.rsplit(":", 1)[1].split("->"))
        if turn_of(result) - turn_of(use) > 1 or roles[use] != "assistant":
            broken += [use, result]
    glue = []
    for i in broken:
        start = i
        while start > 0 and roles[start - 1] == roles[i]:
            start -= 1
        end = i
        while end < len(messages) - 1 and roles[end + 1] == roles[i]:
            end += 1
        glue.append([k for k in range(start - 1, end + 2) if 0 <= k < len(messages)])
    return _merge_overlapping(naive_groups(messages) + glue)


def _merge_overlapping(lists: list[list[int]]) -> list[list[int]]:
    """Joins lists while any two share a member, then sorts each list and the lists by their first member."""
    out = [set(members) for members in lists]
    changed = True
    while changed:
        changed = False
        for x in range(len(out)):
            for y in range(x + 1, len(out)):
                if out[x] & out[y]:
                    out[x] |= out.pop(y)
                    changed = True
                    break
            if changed:
                break
    return sorted((sorted(members) for members in out), key=lambda members: members[0])


def naive_prune(messages: Sequence[Mapping[str, Any]], strategy: str, max_turns: float) -> list[Mapping[str, Any]]:
    n = len(messages)
    target = max(1, int(max_turns // 1))
    if n <= target:
        return list(messages)
    groups = naive_units(messages)

    def group_of(i: int) -> list[int]:
        return next(g for g in groups if i in g)

    if strategy != "importance":
        cut = n - target
        while True:
            earliest = min(group_of(i)[0] for i in range(cut, n))
            if earliest >= cut:
                break
            cut = earliest
        kept: list[Mapping[str, Any]] = list(messages[cut:])
        return [create_summary_message(cut), *kept] if strategy == "summarize" and cut > 0 else kept

    scored = sorted(groups, key=lambda g: (max(score_message(messages[i], i, n) for i in g), g[0]))
    dropped: set[int] = set()
    count = n
    for g in scored:
        if count <= target:
            break
        if n - 1 in g:
            continue
        dropped.update(g)
        count -= len(g)
    return [message for i, message in enumerate(messages) if i not in dropped]


def find_added_orphans(before: Sequence[Mapping[str, Any]], after: Sequence[Mapping[str, Any]]) -> list[str]:
    """Orphan blocks of `after` that were not orphans in `before`, compared by block identity. Empty: no pair broken."""

    def block_at(messages: Sequence[Mapping[str, Any]], m: int, b: int) -> object:
        content = messages[m].get("content")
        return content[b] if isinstance(content, list) else None

    known = {id(block_at(before, o.message_index, o.block_index)) for o in scan_messages(before).orphans}
    return [
        f"{o.kind} {o.id} at output message {o.message_index} block {o.block_index}"
        for o in scan_messages(after).orphans
        if id(block_at(after, o.message_index, o.block_index)) not in known
    ]
