/** React bindings for the inspector's, the replay's and the advisor's stores: a context and a selector hook each. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { Inspector } from './inspector-state';
import type { InspectorStore } from './inspector-store';
import type { ReplayState, ReplayStore } from './replay-store';
import type { AdvisorState, AdvisorStore } from './advisor-store';

export const InspectorContext = createContext<InspectorStore | null>(null);

export function useInspectorStore(): InspectorStore {
  const store = useContext(InspectorContext);
  if (!store) throw new Error('useInspector: wrap the app in <InspectorContext.Provider>');
  return store;
}

export function useInspector<T>(selector: (state: Inspector) => T): T {
  return useStore(useInspectorStore(), selector);
}

export const ReplayContext = createContext<ReplayStore | null>(null);

export function useReplayStore(): ReplayStore {
  const store = useContext(ReplayContext);
  if (!store) throw new Error('useReplay: wrap the app in <ReplayContext.Provider>');
  return store;
}

export function useReplay<T>(selector: (state: ReplayState) => T): T {
  return useStore(useReplayStore(), selector);
}

export const AdvisorContext = createContext<AdvisorStore | null>(null);

export function useAdvisorStore(): AdvisorStore {
  const store = useContext(AdvisorContext);
  if (!store) throw new Error('useAdvisor: wrap the app in <AdvisorContext.Provider>');
  return store;
}

export function useAdvisor<T>(selector: (state: AdvisorState) => T): T {
  return useStore(useAdvisorStore(), selector);
}
