import { describe, expect, it } from 'vitest';
import { parseGovernorConfig } from './parse-governor-config';
import { resolveGovernorProfile } from './resolve-governor-profile';
import { GOVERNOR_PROFILES } from './governor-profiles';
import { TASK_INTENTS, UNIT_TYPES } from './constants';

describe('the seven profiles', () => {
  it('carry the seed weights exactly where the seed gives them', () => {
    expect(GOVERNOR_PROFILES.code_generation.typeWeights).toMatchObject({ file: 1.0, snippet: 0.9, message: 0.5, documentation: 0.4 });
    expect(GOVERNOR_PROFILES.debugging.typeWeights).toMatchObject({ error: 1.0, tool_result: 0.9, file: 0.8, message: 0.6 });
    expect(GOVERNOR_PROFILES.explanation.typeWeights).toMatchObject({ documentation: 1.0, message: 0.8, file: 0.7, example: 0.9 });
    expect(GOVERNOR_PROFILES.search.weights).toMatchObject({ relevance: 0.6, priority: 0.2, recency: 0.2 });
    expect(GOVERNOR_PROFILES.generic.weights).toMatchObject({ priority: 0.4, relevance: 0.4, recency: 0.2 });
    expect(GOVERNOR_PROFILES.generic.typeWeights).toMatchObject({ file: 1.0, message: 0.7, tool_result: 0.8 });
  });

  it('name the seed strategies and preserve what the seed table says', () => {
    expect(TASK_INTENTS.map((i) => GOVERNOR_PROFILES[i].name)).toEqual([
      'Code-First', 'Error-First', 'Context-Rich', 'Relevance-First', 'Goal-First', 'Diff-First', 'Balanced',
    ]);
    expect(GOVERNOR_PROFILES.code_generation.preserved).toEqual(['file', 'snippet', 'example']);
    expect(GOVERNOR_PROFILES.debugging.preserved).toContain('error');
    expect(GOVERNOR_PROFILES.explanation.preserved).toContain('documentation');
    expect(GOVERNOR_PROFILES.search.preserved).toEqual(['search_result']);
    expect(GOVERNOR_PROFILES.planning.preserved).toEqual(['requirement']);
    expect(GOVERNOR_PROFILES.review.preserved).toContain('diff');
    expect(GOVERNOR_PROFILES.generic.preserved).toEqual([]);
  });

  it('weigh every type, from 0 to 1, with 1 for the type each profile is first about', () => {
    for (const intent of TASK_INTENTS) {
      const weights = GOVERNOR_PROFILES[intent].typeWeights;
      expect(Object.keys(weights).sort()).toEqual([...UNIT_TYPES].sort());
      for (const w of Object.values(weights)) expect(w >= 0 && w <= 1).toBe(true);
      expect(Math.max(...Object.values(weights))).toBe(1);
    }
  });
});

describe('resolveGovernorProfile', () => {
  it('lays custom weights over the profile, keeping what is not given', () => {
    const profile = resolveGovernorProfile('debugging', { relevance: 0.7, type_bonus: 0 }, { documentation: 0.9 });
    expect(profile.weights).toEqual({ priority: 0.4, relevance: 0.7, recency: 0.4, typeBonus: 0 });
    expect(profile.typeWeights.documentation).toBe(0.9);
    expect(profile.typeWeights.error).toBe(1);
    expect(GOVERNOR_PROFILES.debugging.typeWeights.documentation).toBe(0.3);
  });
});

describe('parseGovernorConfig', () => {
  it("reads the seed's example", () => {
    const config = parseGovernorConfig({
      pruning: {
        strategy: 'hybrid',
        weights: { priority: 0.4, relevance: 0.4, recency: 0.2 },
        type_weights: { file: 1.0, message: 0.7, tool_result: 0.8 },
      },
    });
    expect(config).toEqual({
      weights: { priority: 0.4, relevance: 0.4, recency: 0.2 },
      typeWeights: { file: 1.0, message: 0.7, tool_result: 0.8 },
    });
  });

  it.each([
    ['auto', undefined],
    ['debugging', 'debugging'],
    ['Error-First', 'debugging'],
    ['relevance-first', 'search'],
    [' Goal-First ', 'planning'],
  ])('strategy %j → intent %s', (strategy, intent) => {
    expect(parseGovernorConfig({ pruning: { strategy } }).intent).toBe(intent);
  });

  it('accepts an empty config', () => {
    expect(parseGovernorConfig({})).toEqual({});
    expect(parseGovernorConfig({ pruning: {} })).toEqual({});
  });

  it.each([
    [null, TypeError, /governor config must be an object like \{ "pruning": \{ … \} \}, got null/],
    [{ prune: {} }, TypeError, /unknown key "prune"; the only key is "pruning"/],
    [{ pruning: [] }, TypeError, /pruning must be an object with strategy, weights, type_weights, got an array/],
    [{ pruning: { mode: 'x' } }, TypeError, /pruning\.mode is not a setting; allowed keys are strategy, weights, type_weights/],
    [{ pruning: { strategy: 'fastest' } }, TypeError, /pruning\.strategy "fastest" is not known; expected auto, hybrid, code_generation, .* or a profile name \(Code-First, /],
    [{ pruning: { strategy: 3 } }, TypeError, /pruning\.strategy must be a string: .*; got number 3/],
    [{ pruning: { weights: { priority: '0.4' } } }, TypeError, /pruning\.weights\.priority must be a number from 0 up, got "0\.4"/],
    [{ pruning: { weights: { novelty: 1 } } }, TypeError, /pruning\.weights\.novelty is not a known weight; allowed keys are priority, relevance, recency, type_bonus/],
    [{ pruning: { weights: { recency: -1 } } }, RangeError, /pruning\.weights\.recency must be a finite number from 0 up, got -1/],
    [{ pruning: { type_weights: { files: 1 } } }, TypeError, /pruning\.type_weights\.files is not a known weight; allowed keys are file, snippet, error, tool_result, message, documentation, diff, search_result, requirement, example/],
    [{ pruning: { type_weights: { file: Infinity } } }, RangeError, /pruning\.type_weights\.file must be a finite number from 0 up, got Infinity/],
  ])('rejects %j', (config, kind, message) => {
    expect(() => parseGovernorConfig(config)).toThrow(kind);
    expect(() => parseGovernorConfig(config)).toThrow(message);
  });
});
