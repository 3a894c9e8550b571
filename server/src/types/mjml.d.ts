/** mjml 4's compiler (synchronous; @types/mjml now describes mjml 5's asynchronous one). */
declare module 'mjml' {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    fonts?: Record<string, string>;
    keepComments?: boolean;
    minify?: boolean;
    beautify?: boolean;
  }
  function mjml2html(mjml: string, options?: MjmlOptions): { html: string; errors: MjmlError[] };
  export default mjml2html;
}
