/**
 * What makes an ad's HTML unsafe to show on the splash page (a script, an event handler, a javascript: or
 * data: link, a frame or a form), named for the message; null when it is safe.
 */
export function unsafeAdHtml(html: string): string | null {
  const checks: [RegExp, string][] = [
    [/<\s*script\b/i, '<script>'],
    [/<\s*(iframe|frame|object|embed|form|base|meta)\b/i, 'frame, form or meta'],
    [/\son[a-z]+\s*=/i, 'on… attribute'],
    [/(href|src|action)\s*=\s*["']?\s*(javascript|vbscript|data(?!:image\/(png|gif|jpe?g|webp);)):/i, 'javascript: link'],
  ];
  for (const [pattern, name] of checks) if (pattern.test(html)) return name;
  return null;
}
