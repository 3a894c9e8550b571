import { useCallback, useMemo, useRef, useState } from 'react';
import type { LoginField, LoginMethodPath, Site } from '@splashboard/contract';
import { ApiFailure, fieldErrors, get, put } from '../../app/api.ts';
import { errorsFor, hasChanges, planSave, type Resource } from './changes.ts';
import { availableUrl, valueOfAnswer, type ResourceRef } from './resources.ts';

export type Errors = Record<string, string>;

export interface SaveOutcome {
  ok: boolean;
  /** The site as the server answered it, when its login methods were saved. */
  site?: Site;
  /** A reason without a field (no access, say), from the first failed call. */
  message?: string;
}

/**
 * The editor's loaded settings, drafts and errors. Resources load when a part of the editor needs
 * them (a method's tab, a preview screen); a save sends each changed resource's changes in one call.
 */
export function useSplashEditor() {
  const [resources, setResources] = useState<Record<string, Resource>>({});
  const [errors, setErrors] = useState<Record<string, Errors>>({});
  const [available, setAvailable] = useState<Partial<Record<LoginMethodPath, LoginField[]>>>({});
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [canWrite, setCanWrite] = useState(false);
  const requested = useRef(new Set<string>());
  // The latest state for save(), which runs across renders.
  const current = useRef(resources);
  current.current = resources;

  const load = useCallback((refs: ResourceRef[]) => {
    const missing = refs.filter((r) => !requested.current.has(r.id));
    for (const ref of missing) {
      requested.current.add(ref.id);
      get<unknown>(ref.url).then(
        (answer) => {
          const value = valueOfAnswer(ref, answer);
          if (ref.id === 'design') setCanWrite((answer as { can_write?: boolean }).can_write === true);
          setResources((all) => ({
            ...all,
            [ref.id]: { kind: ref.kind, url: ref.url, bodyKey: ref.bodyKey, original: value, draft: value },
          }));
        },
        () => {
          requested.current.delete(ref.id);
          setFailed(true);
        },
      );
    }
  }, []);

  const loadAvailable = useCallback((siteId: number, path: LoginMethodPath) => {
    const key = `available:${path}`;
    if (requested.current.has(key)) return;
    requested.current.add(key);
    get<{ fields: LoginField[] }>(availableUrl(siteId, path)).then(
      (answer) => setAvailable((all) => ({ ...all, [path]: answer.fields })),
      () => requested.current.delete(key),
    );
  }, []);

  const draft = useCallback(<T>(id: string): T | undefined => resources[id]?.draft as T | undefined, [resources]);

  const setDraft = useCallback(<T>(id: string, change: (value: T) => T) => {
    setResources((all) => {
      const resource = all[id];
      return resource ? { ...all, [id]: { ...resource, draft: change(resource.draft as T) } } : all;
    });
  }, []);

  /** Drops some of a resource's errors (those of a field the operator changed, or all of a list after a move). */
  const clearErrors = useCallback((id: string, keep: (key: string) => boolean = () => false) => {
    setErrors((all) => {
      const mine = all[id];
      if (!mine) return all;
      return { ...all, [id]: Object.fromEntries(Object.entries(mine).filter(([k]) => keep(k))) };
    });
  }, []);

  const save = useCallback(async (): Promise<SaveOutcome> => {
    const started = current.current;
    const calls = planSave(started);
    if (!calls.length) return { ok: true };
    setSaving(true);
    const results = await Promise.allSettled(calls.map((c) => put<unknown>(c.url, c.body)));
    setSaving(false);
    const outcome: SaveOutcome = { ok: true };
    const nextErrors: Record<string, Errors> = {};
    const saved: Record<string, unknown> = {};
    results.forEach((result, i) => {
      const call = calls[i]!;
      const resource = started[call.id]!;
      if (result.status === 'fulfilled') {
        if (resource.kind === 'methods') outcome.site = result.value as Site;
        saved[call.id] = valueOfAnswer(
          { id: call.id, kind: resource.kind, url: resource.url, bodyKey: resource.bodyKey },
          result.value,
        );
        nextErrors[call.id] = {};
      } else {
        outcome.ok = false;
        nextErrors[call.id] = errorsFor(resource, fieldErrors(result.reason));
        if (!Object.keys(nextErrors[call.id]!).length && result.reason instanceof ApiFailure)
          outcome.message ??= result.reason.error.message;
      }
    });
    setResources((all) => {
      const next = { ...all };
      for (const [id, value] of Object.entries(saved)) {
        const before = all[id]!;
        // What the operator typed while the save ran stays as their draft.
        const untouched = before.draft === started[id]!.draft;
        next[id] = { ...before, original: value, draft: untouched ? value : before.draft };
      }
      return next;
    });
    setErrors((all) => ({ ...all, ...nextErrors }));
    return outcome;
  }, []);

  const dirty = useMemo(() => hasChanges(resources), [resources]);

  return {
    resources,
    load,
    loadAvailable,
    available,
    draft,
    setDraft,
    errors,
    clearErrors,
    save,
    saving,
    dirty,
    /** From the design's answer: a Read Only client sees the editor read-only. */
    canWrite,
    /** A load failed: the page says so instead of showing half an editor. */
    failed,
  };
}

export type SplashEditor = ReturnType<typeof useSplashEditor>;
