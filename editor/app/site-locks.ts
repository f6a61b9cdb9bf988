// What a platform admin locked on this site (its template's locks and its own), loaded from the server, which also
// refuses any save that changes them: the editor shows them so staff know before they try.
import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { EffectiveLock } from '../../runtime/document/locks';
import { api } from './api';

export const locksAtom = atom<EffectiveLock[]>([]);

export function useLoadSiteLocks(slug: string) {
  const setLocks = useSetAtom(locksAtom);
  useEffect(() => {
    let live = true;
    api<{ locks: EffectiveLock[] }>('GET', `/tenants/${slug}/locks`).then((r) => {
      if (live) setLocks(r.ok ? r.data.locks : []);
    });
    return () => {
      live = false;
    };
  }, [slug, setLocks]);
}

/** The lock on a whole block, if any. */
export const blockLock = (locks: EffectiveLock[], id: string) => locks.find((l) => l.block === id && !l.prop);

/** Locks on single props of a block. */
export const propLocks = (locks: EffectiveLock[], id: string) => locks.filter((l) => l.block === id && l.prop);
