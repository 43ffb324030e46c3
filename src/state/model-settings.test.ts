import { describe, expect, it } from 'vitest';
import { endpointOrigin, NO_MODEL, policyAllows, readModelSettings, writeModelSettings } from './model-settings';

function memory() {
  const items = new Map<string, string>();
  return { items, getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('model settings', () => {
  it('are off by default', () => {
    expect(readModelSettings(memory())).toEqual(NO_MODEL);
    expect(NO_MODEL.baseUrl).toBe('');
  });

  it('keep the key out of storage unless asked to remember it', () => {
    const storage = memory();
    const settings = { protocol: 'anthropic' as const, baseUrl: 'http://localhost:8000/v1', model: 'm', apiKey: 'sk-secret', rememberKey: false };
    writeModelSettings(settings, storage);
    expect([...storage.items.values()].join()).not.toContain('sk-secret');
    expect(readModelSettings(storage)).toEqual({ ...settings, apiKey: '' });
    writeModelSettings({ ...settings, rememberKey: true }, storage);
    expect(readModelSettings(storage)).toEqual({ ...settings, rememberKey: true });
  });

  it('ignore what they cannot read', () => {
    const storage = memory();
    storage.setItem('prunescope:model', '{"protocol":"gemini","baseUrl":3,"apiKey":"k"}');
    expect(readModelSettings(storage)).toEqual(NO_MODEL);
    storage.setItem('prunescope:model', 'not json');
    expect(readModelSettings(storage)).toEqual(NO_MODEL);
  });

  it('read an endpoint\'s origin, and only of http(s)', () => {
    expect(endpointOrigin(' http://localhost:11434/v1 ')).toBe('http://localhost:11434');
    expect(endpointOrigin('https://api.anthropic.com')).toBe('https://api.anthropic.com');
    expect(endpointOrigin('localhost:11434')).toBeUndefined();
    expect(endpointOrigin('javascript:alert(1)')).toBeUndefined();
  });

  it('tell whether the page\'s policy lets it connect to an origin', () => {
    const page = 'http://127.0.0.1:4173';
    const policy = "default-src 'self'; connect-src 'self'; worker-src 'self' blob:";
    expect(policyAllows(policy, 'http://localhost:11434', page)).toBe(false);
    expect(policyAllows(policy, page, page)).toBe(true);
    expect(policyAllows("default-src 'self'; connect-src 'self' http://localhost:11434", 'http://localhost:11434', page)).toBe(true);
    expect(policyAllows("connect-src 'self' https:", 'https://api.openai.com', page)).toBe(true);
    expect(policyAllows("default-src 'none'", 'https://api.openai.com', page)).toBe(false);
    expect(policyAllows(undefined, 'https://api.openai.com', page)).toBe(true);
  });
});
