/**
 * The views the main area can show, in tab order: the one list the tabs, the keyboard shortcuts, the `?` list and
 * the URL hash read. A new panel is one entry here plus its component in `ui/panels.tsx` (the compiler asks for it).
 * The first entry is the default: the hash leaves it out, and pressing the open panel's key returns to it.
 */
export const PANELS = [
  { id: 'timeline', label: 'Timeline', key: 't', title: 'Every message and its fate in each lane' },
  { id: 'replay', label: 'Replay', key: 'r', title: 'The agent’s requests again under each lane, priced with prompt caching' },
  { id: 'advisor', label: 'Advisor', key: 'a', title: 'Which setting to run: every strategy swept, cost against loss, and a recommendation' },
] as const satisfies readonly PanelEntry[];

interface PanelEntry {
  id: string;
  /** The tab's name. */
  label: string;
  /** The shortcut that opens it (and, when it is open, goes back to the first panel). */
  key: string;
  /** The tab's tooltip and the `?` list's line. */
  title: string;
}

export type PanelId = (typeof PANELS)[number]['id'];
export type Panel = (typeof PANELS)[number];

export const DEFAULT_PANEL: PanelId = PANELS[0].id;

export function isPanelId(value: unknown): value is PanelId {
  return PANELS.some((panel) => panel.id === value);
}

/** The panel a key opens from `current`, or undefined when the key is no panel's. */
export function panelForKey(key: string, current: PanelId): PanelId | undefined {
  const panel = PANELS.find((p) => p.key === key);
  if (!panel) return undefined;
  return panel.id === current ? DEFAULT_PANEL : panel.id;
}
