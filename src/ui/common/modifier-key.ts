/**
 * The name of the key that goes with Enter to load a paste: ⌘ on Apple's systems, where Ctrl+Enter is not what people
 * press, Ctrl elsewhere. Both keys work everywhere; only the hint differs. Read from the user agent (the one signal
 * every browser gives; `userAgentData` is Chromium's alone).
 */
export function modifierKey(userAgent: string = globalThis.navigator?.userAgent ?? ''): '⌘' | 'Ctrl' {
  return /Mac|iPhone|iPad/.test(userAgent) ? '⌘' : 'Ctrl';
}
