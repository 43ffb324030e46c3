import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './content-security-policy';

const connectSrc = (policy: string) => /connect-src ([^;]*);/.exec(policy)?.[1];

describe('contentSecurityPolicy', () => {
  it('connects to this origin only by default', () => {
    expect(connectSrc(contentSecurityPolicy())).toBe("'self'");
    expect(connectSrc(contentSecurityPolicy('  '))).toBe("'self'");
    expect(contentSecurityPolicy()).toContain("script-src 'self';");
  });

  it('adds exactly the origin of a model endpoint, not its path or any other origin', () => {
    expect(connectSrc(contentSecurityPolicy('http://localhost:11434/v1'))).toBe("'self' http://localhost:11434");
    expect(connectSrc(contentSecurityPolicy('https://api.anthropic.com'))).toBe("'self' https://api.anthropic.com");
    // The rest of the policy is unchanged.
    expect(contentSecurityPolicy('http://localhost:8000').replace(' http://localhost:8000', '')).toBe(contentSecurityPolicy());
  });

  it('refuses what is not an http(s) origin, naming the variable', () => {
    expect(() => contentSecurityPolicy('localhost:11434')).toThrow(/PRUNESCOPE_MODEL_ORIGIN must be an http\(s\) URL/);
    expect(() => contentSecurityPolicy('javascript:alert(1)')).toThrow(/PRUNESCOPE_MODEL_ORIGIN must be an http\(s\) URL/);
    expect(() => contentSecurityPolicy("http://x; script-src 'unsafe-inline'")).toThrow(/PRUNESCOPE_MODEL_ORIGIN/);
  });
});
