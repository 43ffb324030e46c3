import { describe, expect, it } from 'vitest';
import { modifierKey } from './modifier-key';

describe('modifierKey', () => {
  it('names ⌘ on macOS and iOS, Ctrl on Windows, Linux and ChromeOS', () => {
    expect(modifierKey('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36')).toBe('⌘');
    expect(modifierKey('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('⌘');
    expect(modifierKey('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Ctrl');
    expect(modifierKey('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Ctrl');
    expect(modifierKey('Mozilla/5.0 (X11; CrOS x86_64 14541.0.0)')).toBe('Ctrl');
  });
});
