/** React bindings for the inspector store: a context and a selector hook. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { Inspector } from './inspector-state';
import type { InspectorStore } from './inspector-store';

export const InspectorContext = createContext<InspectorStore | null>(null);

export function useInspectorStore(): InspectorStore {
  const store = useContext(InspectorContext);
  if (!store) throw new Error('useInspector: wrap the app in <InspectorContext.Provider>');
  return store;
}

export function useInspector<T>(selector: (state: Inspector) => T): T {
  return useStore(useInspectorStore(), selector);
}
