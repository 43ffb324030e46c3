import { useEffect, useState } from 'react';
import { PruneClient } from '../worker/client';
import { DEFAULT_PANEL, createAdvisorStore, createInspectorStore, createReplayStore, decodeView, encodeView, readExplainerDismissed, readThemePreference, type AdvisorStore, type InspectorStore, type ReplayStore, type ViewState } from '../state';
import { AdvisorContext, InspectorContext, ReplayContext } from '../state/react';
import { Announcer, DropOverlay, Explainer, HelpDialog, LoadStatus, PanelMain, PanelTabs, PanelToolbar, TopBar, applyTheme, useGlobalDropAndPaste, useShortcuts } from '../ui';

const SAMPLE = { path: 'samples/spotter-session.jsonl', fileName: 'spotter-session.jsonl' };

function createApp(): { store: InspectorStore; replay: ReplayStore; advisor: AdvisorStore } {
  applyTheme(readThemePreference());
  const store = createInspectorStore(new PruneClient());
  const replay = createReplayStore(store);
  const advisor = createAdvisorStore(store, replay);
  // A first visit is greeted by the explainer (what the sample, a lane, a cell, the budget, the scorecard are).
  if (!readExplainerDismissed()) store.getState().setExplainerOpen(true);
  const view = decodeView(location.hash);
  void store.getState().load(
    { kind: 'url', url: new URL(`${import.meta.env.BASE_URL}${SAMPLE.path}`, location.href).href, fileName: SAMPLE.fileName },
    view,
  );
  return { store, replay, advisor };
}

/** The view to keep in the hash: lanes by position, options that differ from their defaults. */
function currentView(store: InspectorStore): ViewState {
  const s = store.getState();
  const fates: ViewState['fates'] = {};
  s.lanes.forEach((lane, k) => {
    const list = s.filters.fates[lane.id];
    if (list?.length) fates[k] = list;
  });
  const focus = s.lanes.findIndex((lane) => lane.id === s.focus);
  return {
    ...(s.doc ? { fingerprint: s.doc.fingerprint, conversation: s.doc.conversationIndex, budget: s.budget } : {}),
    ...(s.doc?.hasBoundary && s.doc.scope === 'whole' ? { scope: 'whole' as const } : {}),
    ...(s.repair ? {} : { repair: false }),
    ...(s.panel !== DEFAULT_PANEL ? { panel: s.panel } : {}),
    lanes: s.lanes.map((lane) => ({ strategy: lane.strategy, options: lane.options, ...(lane.budget ? { budget: lane.budget } : {}) })),
    ...(s.pinned.length ? { pinned: s.pinned } : {}),
    ...(s.selected >= 0 ? { selected: s.selected } : {}),
    ...(focus >= 0 ? { focus } : {}),
    roles: s.filters.roles,
    tools: s.filters.tools,
    fates,
    matchesOnly: s.filters.matchesOnly,
  };
}

/** Keeps the URL hash in step with the view (never the transcript), and follows edits of the hash. */
function useHashSync(store: InspectorStore): void {
  useEffect(() => {
    let written = location.hash.replace(/^#/, '');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!store.getState().doc) return;
        const next = encodeView(currentView(store));
        if (next !== written) {
          written = next;
          history.replaceState(null, '', next ? `#${next}` : location.pathname + location.search);
        }
      }, 150);
    });
    const onHash = (event: HashChangeEvent) => {
      // The URL navigated to, not location.hash: the debounced writer above may have replaced the hash between
      // the navigation and this event, and reading it back would drop the view the user asked for.
      const hash = new URL(event.newURL).hash.replace(/^#/, '');
      if (hash === written) return;
      written = hash;
      store.getState().applyView(decodeView(hash));
    };
    window.addEventListener('hashchange', onHash);
    return () => {
      unsubscribe();
      clearTimeout(timer);
      window.removeEventListener('hashchange', onHash);
    };
  }, [store]);
}

export function App() {
  const [{ store, replay, advisor }] = useState(createApp);
  return (
    <InspectorContext.Provider value={store}>
      <ReplayContext.Provider value={replay}>
        <AdvisorContext.Provider value={advisor}>
          <Shell store={store} />
        </AdvisorContext.Provider>
      </ReplayContext.Provider>
    </InspectorContext.Provider>
  );
}

/** The tab says which transcript is open. */
function useDocumentTitle(store: InspectorStore): void {
  useEffect(
    () =>
      store.subscribe((s, previous) => {
        if (s.doc !== previous.doc) document.title = s.doc ? `${s.doc.fileName} · prunescope` : 'prunescope';
      }),
    [store],
  );
}

function Shell({ store }: { store: InspectorStore }) {
  useHashSync(store);
  useDocumentTitle(store);
  useShortcuts();
  const dragging = useGlobalDropAndPaste();
  return (
    <div className="flex h-full flex-col bg-white font-sans text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <TopBar />
      <LoadStatus />
      <nav aria-label="Views, search and filters" className="flex shrink-0 flex-wrap items-center gap-x-5 gap-y-2 border-b border-zinc-200 bg-zinc-50/70 px-4 py-2 dark:border-zinc-800 dark:bg-zinc-900/50">
        <PanelTabs />
        <PanelToolbar />
      </nav>
      <main className="app-main relative flex min-h-0 flex-1">
        <PanelMain />
      </main>
      <HelpDialog />
      <Explainer />
      <Announcer />
      {dragging && <DropOverlay />}
    </div>
  );
}
