import { useSyncExternalStore } from 'react';

/** The app-wide modals (spec §4: they open and close by buttons). */
export type ModalName = 'signIn' | 'register' | 'wallet' | 'support';

let current: ModalName | null = null;
const listeners = new Set<() => void>();

function set(next: ModalName | null) {
  current = next;
  for (const listener of listeners) listener();
}

export const openModal = (name: ModalName) => set(name);
export const closeModal = () => set(null);
/** The modal open now, for code outside React. */
export const currentModal = (): ModalName | null => current;

export function useOpenModal(): ModalName | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
