import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  MESSAGE_TEXTS,
  isMessageCode,
  messageText,
  splitMessageCode,
  type MessageCode,
  type MessageParams,
} from '@splashboard/contract/messages';
import { ApiFailure } from './api.ts';

/** What translates: i18next, or a component's `t` with it. */
export interface Translator {
  t(key: string, params?: MessageParams): string;
  exists(key: string): boolean;
}

/** What of an error answer the dashboard words. */
export interface ErrorAnswer {
  message: string;
  code?: string;
  params?: MessageParams;
}

/** A code's translation key: the area's `errors`, named like the contract's catalogues. */
function keyOf(code: string): string | null {
  if (!isMessageCode(code)) return null;
  const { catalogue, key } = splitMessageCode(code);
  return `${catalogue}.errors.${key}`;
}

let codesByText: Map<string, string[]> | undefined;
/** The codes whose English text a message is (a text may be in more than one catalogue). */
function codesOf(message: string): string[] {
  if (!codesByText) {
    codesByText = new Map();
    for (const [code, text] of MESSAGE_TEXTS) codesByText.set(text, [...(codesByText.get(text) ?? []), code]);
  }
  return codesByText.get(message) ?? [];
}

/** An error answer in the dashboard's language when its code has a translation (loaded); else as it came. */
export function translateError(i18n: Translator, answer: ErrorAnswer): string {
  const key = answer.code ? keyOf(answer.code) : null;
  return key && i18n.exists(key) ? i18n.t(key, answer.params) : answer.message;
}

/** The lowest and highest value a number field takes, where known: a message naming one is worded by it. */
export interface Bounds {
  min?: number | null;
  max?: number | null;
}

/** A bound's message as the shared schemas fill it in ('At least 1'), worded by the bound; null for another. */
function translateBound(i18n: Translator, message: string, { min, max }: Bounds): string | null {
  const candidates: [MessageCode, number | null | undefined][] = [
    ['common.atLeast', min],
    ['common.atMost', max],
  ];
  for (const [code, n] of candidates)
    if (typeof n === 'number' && message === messageText(code, { n }))
      return translateError(i18n, { code, params: { n }, message });
  return null;
}

/**
 * A field's message (schema_errors carry the English text, no code), translated when a catalogue has it
 * as it is, or when it is the message of one of the field's `bounds`.
 */
export function translateField(i18n: Translator, message: string, bounds?: Bounds): string {
  const bound = bounds && translateBound(i18n, message, bounds);
  if (bound) return bound;
  for (const code of codesOf(message)) {
    const key = keyOf(code)!;
    if (i18n.exists(key)) return i18n.t(key);
  }
  return message;
}

/** A shared schema's issue: a catalogue's message as it is, or one of a bound by the issue's kind and bound. */
function translateIssue(i18n: Translator, issue: z.core.$ZodIssue): string {
  const bounds =
    issue.code === 'too_small' ? { min: Number(issue.minimum) } : issue.code === 'too_big' ? { max: Number(issue.maximum) } : {};
  return translateField(i18n, issue.message, bounds);
}

/** The first message per field of a failed check with a shared schema, the way the server's schema_errors name them. */
export function translateIssues(i18n: Translator, error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = translateIssue(i18n, issue);
  }
  return out;
}

/** The server's words for the page, in the dashboard's language. */
export interface ErrorTexts {
  /** A failed call's message; `fallback` for anything that is not a failed call. */
  error(err: unknown, fallback: string): string;
  field(message: string, bounds?: Bounds): string;
  /** Each field's message. */
  fields(errors: Record<string, string>): Record<string, string>;
  /** A failed check with a shared schema, as `fields` of the server's. */
  issues(error: z.ZodError): Record<string, string>;
}

export function useErrorText(): ErrorTexts {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    // `t` is the current language's: new functions when it changes.
    const words: Translator = { t, exists: (key) => i18n.exists(key) };
    return {
      error: (err, fallback) => (err instanceof ApiFailure ? translateError(words, err.error) : fallback),
      field: (message, bounds) => translateField(words, message, bounds),
      fields: (errors) => Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, translateField(words, m)])),
      issues: (error) => translateIssues(words, error),
    };
  }, [t, i18n]);
}
