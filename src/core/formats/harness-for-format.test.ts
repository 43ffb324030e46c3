import { describe, expect, it } from 'vitest';
import { harnessForFormat } from './harness-for-format';
import { FORMAT_REGISTRY } from './registry';

describe('harnessForFormat', () => {
  it("is the format's own harness, and undefined for a format no harness writes or an id not registered", () => {
    for (const format of FORMAT_REGISTRY) expect(harnessForFormat(format.id)).toBe(format.harness);
    expect(harnessForFormat('claude-code')).toMatchObject({ name: 'Claude Code', reinjectsAfterCompaction: true, breaksCacheOnNewPrompt: true });
    expect(harnessForFormat('anthropic')).toBeUndefined();
    expect(harnessForFormat('no-such-format')).toBeUndefined();
    expect(harnessForFormat(undefined)).toBeUndefined();
  });
});
