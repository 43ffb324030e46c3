import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInspectorStore, decodeView, DEFAULT_PANEL, EMPTY_VIEW, encodeView, PANELS, panelForKey } from '../../state';
import { InspectorContext } from '../../state/react';
import { PruneClient } from '../../worker/client';
import { inProcessTransport } from '../../worker/transport';
import { SHORTCUTS } from '../help/help-dialog';
import { runShortcut } from '../keyboard/use-shortcuts';
import { PanelTabs } from './panel-tabs';

const newStore = () => createInspectorStore(new PruneClient(inProcessTransport()));

describe('the panel list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the tabs: one per panel, in its order, with its label and key', () => {
    const store = newStore();
    const html = renderToStaticMarkup(
      <InspectorContext.Provider value={store}>
        <PanelTabs />
      </InspectorContext.Provider>,
    );
    const tabs = [...html.matchAll(/<button[^>]*role="tab"[^>]*aria-keyshortcuts="([^"]*)"[^>]*>([^<]*)<\/button>/g)].map((m) => [m[2], m[1]]);
    expect(tabs).toEqual(PANELS.map((p) => [p.label, p.key]));
  });

  it('gives the keys: each panel’s key opens it, and again goes back to the first', () => {
    // Node has no DOM: the shortcut only asks whether its target is an element.
    vi.stubGlobal('HTMLElement', class {});
    const store = newStore();
    for (const panel of PANELS) {
      store.getState().setPanel(DEFAULT_PANEL);
      expect(runShortcut({ key: panel.key, target: null }, store)).toBe(true);
      expect(store.getState().panel).toBe(panel.id);
      expect(panelForKey(panel.key, panel.id)).toBe(DEFAULT_PANEL);
    }
    expect(new Set(PANELS.map((p) => p.key)).size).toBe(PANELS.length);
    expect(panelForKey('x', DEFAULT_PANEL)).toBeUndefined();
  });

  it('gives the ? list and the README keys table a line for every panel key', () => {
    const listed = SHORTCUTS.flatMap(([keys]) => keys);
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const panel of PANELS) {
      expect(listed).toContain(panel.key);
      expect(readme).toContain(`| \`${panel.key}\` |`);
    }
  });

  it('gives the URL hash: every panel survives a round trip, the first is left out, an unknown one is ignored', () => {
    for (const panel of PANELS) {
      const hash = encodeView({ ...EMPTY_VIEW, panel: panel.id });
      expect(hash).toBe(panel.id === DEFAULT_PANEL ? '' : `panel=${panel.id}`);
      expect(decodeView(hash).panel ?? DEFAULT_PANEL).toBe(panel.id);
    }
    expect(decodeView('panel=nope').panel).toBeUndefined();
  });
});
