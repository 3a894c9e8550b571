/** fontkit 2 (no types of its own): the part the reports' charts use to turn text into outlines. */
declare module 'fontkit' {
  export function create(buffer: Buffer): unknown;
}
