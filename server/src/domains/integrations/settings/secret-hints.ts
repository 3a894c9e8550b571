/** What the form shows of a stored secret: its last four characters, or '' when none is stored. */
export function secretHint(value: string | undefined): string {
  if (!value) return '';
  // A short secret would be given away by its last four characters: it shows as set, nothing more.
  return value.length > 8 ? `••••${value.slice(-4)}` : '••••';
}
