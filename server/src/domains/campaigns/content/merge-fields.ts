import { MERGE_FIELDS, type MergeField } from '@splashboard/contract';

export type MergeValues = Partial<Record<MergeField, string>>;

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;
const KNOWN = new Set<string>(MERGE_FIELDS);
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * Fills `{{first_name}}` and the other merge fields (empty when a value is unknown); in HTML the values are
 * escaped, so a guest's name can never add markup. Placeholders that are not merge fields stay as they are.
 */
export function fillMergeFields(text: string, values: MergeValues, as: 'html' | 'text'): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!KNOWN.has(name)) return whole;
    const value = values[name as MergeField] ?? '';
    return as === 'html' ? escapeHtml(value) : value;
  });
}
