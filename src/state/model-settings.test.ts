import { describe, expect, it } from 'vitest';
import { endpointOrigin, lanesModel, NO_MODEL, policyAllows, readModelSettings, writeModelSettings } from './model-settings';

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
    const settings = { protocol: 'anthropic' as const, baseUrl: 'http://localhost:8000/v1', model: 'm', apiKey: 'sk-secret', rememberKey: false, summarizeLanes: true };
    writeModelSettings(settings, storage);
    expect([...storage.items.values()].join()).not.toContain('sk-secret');
    expect(readModelSettings(storage)).toEqual({ ...settings, apiKey: '' });
    writeModelSettings({ ...settings, rememberKey: true }, storage);
    expect(readModelSettings(storage)).toEqual({ ...settings, rememberKey: true });
  });

  it('give the lanes a model only when asked to and when the endpoint and model are filled in', () => {
    const settings = { protocol: 'openai-chat' as const, baseUrl: ' http://localhost:11434/v1 ', model: ' llama3.1 ', apiKey: '', rememberKey: false, summarizeLanes: true };
    expect(lanesModel(settings)).toEqual({ protocol: 'openai-chat', baseUrl: 'http://localhost:11434/v1', model: 'llama3.1' });
    expect(lanesModel({ ...settings, apiKey: 'k' })).toEqual({ protocol: 'openai-chat', baseUrl: 'http://localhost:11434/v1', model: 'llama3.1', apiKey: 'k' });
    expect(lanesModel({ ...settings, summarizeLanes: false })).toBeNull();
    expect(lanesModel({ ...settings, baseUrl: 'localhost:11434' })).toBeNull();
    expect(lanesModel({ ...settings, model: ' ' })).toBeNull();
    expect(lanesModel(NO_MODEL)).toBeNull();
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
