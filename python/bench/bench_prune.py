"""Times `prune_messages` per strategy on a transcript in a JSON file, and prints one JSON object per strategy.

    /usr/bin/python3 python/bench/bench_prune.py TRANSCRIPT.json --max-turns 20000 [--runs 9] [--warmup 2]

`npm run bench:python` (bench/python.bench.ts) writes the seeded synthetic transcripts of bench/synthetic-transcript.ts
to a temporary JSON file, times the TypeScript core on it, then runs this on the same file: both read the same bytes.
"""

import argparse
import gc
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from prunescope import prune_messages  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("transcript", type=Path)
    parser.add_argument("--max-turns", type=int, required=True)
    parser.add_argument("--max-tokens", type=int, required=True)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--warmup", type=int, default=2)
    args = parser.parse_args()

    started = time.perf_counter()
    messages = json.loads(args.transcript.read_bytes())
    load_ms = (time.perf_counter() - started) * 1000
    print(json.dumps({"load_ms": load_ms, "messages": len(messages)}), flush=True)

    input_ids = {id(message) for message in messages}
    # The same cases, with the same labels, as bench/python.bench.ts.
    cases: list[tuple[str, dict[str, object]]] = [
        (strategy, {"strategy": strategy, "max_turns": args.max_turns}) for strategy in ("sliding-window", "summarize", "importance")
    ]
    cases += [(f"{strategy}, maxTokens", {"strategy": strategy, "max_tokens": args.max_tokens}) for strategy in ("sliding-window", "summarize", "importance")]
    cases.append(("observation-masking", {"strategy": "observation-masking"}))
    for label, config in cases:
        samples: list[float] = []
        cpu_samples: list[float] = []
        kept: list[object] = []
        for run in range(args.warmup + args.runs):
            # A full collection before each run, so one run's garbage is not collected on the next one's clock.
            gc.collect()
            # CPU time as well as wall time: on a shared machine the wall clock runs on while other processes hold
            # the cores, so the comparison with the core is of CPU time (bench/python.bench.ts).
            cpu_start = time.process_time()
            start = time.perf_counter()
            kept = prune_messages(messages, config)
            elapsed = (time.perf_counter() - start) * 1000
            cpu = (time.process_time() - cpu_start) * 1000
            if run >= args.warmup:
                samples.append(elapsed)
                cpu_samples.append(cpu)
        summarized = 1 if label.startswith("summarize") and kept and id(kept[0]) not in input_ids else 0
        print(
            json.dumps(
                {
                    "strategy": label,
                    "median_ms": statistics.median(samples),
                    "median_cpu_ms": statistics.median(cpu_samples),
                    "min_ms": min(samples),
                    "runs": len(samples),
                    "kept": len(kept) - summarized,
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
