// Packages the editor uses that ship no types of their own.
declare module 'mjml-browser' {
  /** MJML 4's compiler, synchronous in the browser build. */
  export default function mjml2html(
    source: string,
    options?: Record<string, unknown>,
  ): { html: string; errors: { message: string; tagName: string; line: number }[] };
}
declare module 'grapesjs/locale/es.mjs' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module 'grapesjs-mjml/locale/es' {
  const messages: Record<string, unknown>;
  export default messages;
}
