/**
 * What every peer (a simulation of another system's context manager) says of itself: no bound (it acts on its own
 * trigger), pins honoured, planned per request when it has no fast replay (`slow`), and offered in "Add lane" rather
 * than opened on first load.
 */
export const PEER_TRAITS = { bounds: [], needsBound: false, honoursPins: true, slow: true, defaultLane: false } as const;
