import grapesjs, { type Editor, type EditorConfig } from 'grapesjs';
import grapesjsMjml, { type MjmlParser } from 'grapesjs-mjml';
import mjml2html from 'mjml-browser';
import 'grapesjs/dist/css/grapes.min.css';
// GrapesJS and its MJML plugin draw some icons with Font Awesome 4 classes: the font is bundled, not fetched.
import 'font-awesome/css/font-awesome.min.css';
import './editor-contrast.css';

export type EditorMode = 'email' | 'web';
/** What the editor gives back: the page or email as HTML, and the project to open it again. */
export interface EditorContent {
  html: string;
  json: Record<string, unknown>;
}

export const DEVICES = [
  { id: 'desktop', name: 'desktop', width: '1024px' },
  { id: 'phone', name: 'phone', width: '375px', widthMedia: '480px' },
] as const;
export type DeviceId = (typeof DEVICES)[number]['id'];

const EMPTY_MJML = '<mjml><mj-body><mj-section><mj-column><mj-text></mj-text></mj-column></mj-section></mj-body></mjml>';

/** MJML to HTML without web fonts: MJML links Google Fonts for its default fonts, and nothing may leave the server. */
export const compileMjml = (source: string, options: Record<string, unknown> = {}) =>
  mjml2html(source, { ...options, fonts: {}, validationLevel: 'soft' });

/** The editor's own texts in the dashboard's language (GrapesJS' and its MJML plugin's locale files). */
async function localeMessages(language: string): Promise<Record<string, unknown> | null> {
  if (!language.startsWith('es')) return null;
  const [core, mjml] = await Promise.all([import('grapesjs/locale/es.mjs'), import('grapesjs-mjml/locale/es')]);
  return { ...core.default, ...(mjml.default as Record<string, unknown>) };
}

/**
 * Starts GrapesJS in `container`: MJML components for an email, plain HTML blocks for a web page; no
 * storage (the page saves through the API), no telemetry, phone and desktop widths to preview at.
 */
/** Names for what GrapesJS leaves unnamed to assistive technology: its canvas frame and its device select. */
export interface EditorLabels {
  canvas: string;
  devices: string;
}

export async function startEditor(
  container: HTMLElement,
  mode: EditorMode,
  language: string,
  labels: EditorLabels,
): Promise<Editor> {
  const messages = await localeMessages(language);
  const config: EditorConfig = {
    container,
    height: '640px',
    width: 'auto',
    telemetry: false,
    // Its default is Font Awesome from a CDN: the font is bundled above instead.
    cssIcons: '',
    storageManager: false,
    fromElement: false,
    deviceManager: { devices: DEVICES.map((d) => ({ ...d })) },
    assetManager: { upload: false },
    i18n: messages ? { locale: 'es', detectLocale: false, messages: { es: messages } } : { locale: 'en', detectLocale: false },
  };
  if (mode === 'email') {
    const mjmlParser = ((source: string, options: Record<string, unknown>) =>
      compileMjml(source, options)) as unknown as MjmlParser;
    config.plugins = [grapesjsMjml];
    config.pluginsOpts = {
      [grapesjsMjml as unknown as string]: {
        mjmlParser,
        resetDevices: false,
        imagePlaceholderSrc: '',
        // Social icons are images on Mailjet's servers: left out.
        blocks: [
          'mj-1-column',
          'mj-2-columns',
          'mj-3-columns',
          'mj-text',
          'mj-button',
          'mj-image',
          'mj-divider',
          'mj-spacer',
          'mj-hero',
          'mj-wrapper',
        ],
      },
    };
  } else {
    config.blockManager = { blocks: WEB_BLOCKS };
  }
  const editor = grapesjs.init(config);
  // The MJML plugin's own device buttons name devices we do not have: the page's preview toggle does this.
  if (editor.Panels.getPanel('devices-c')) editor.Panels.removePanel('devices-c');
  const name = () => {
    editor.Canvas.getFrameEl()?.setAttribute('title', labels.canvas);
    for (const select of container.querySelectorAll('select.gjs-devices')) select.setAttribute('aria-label', labels.devices);
    // A panel that scrolls must take the keyboard's focus to be scrolled without a mouse.
    for (const panel of container.querySelectorAll('.gjs-pn-views-container')) panel.setAttribute('tabindex', '0');
  };
  name();
  editor.on('load', name);
  return editor;
}

/** Plain HTML blocks for a web page (a splash-page ad). */
const WEB_BLOCKS = [
  { id: 'heading', label: 'H1', content: '<h1 style="margin:0 0 12px">Heading</h1>' },
  { id: 'text', label: 'Text', content: '<p style="margin:0 0 12px">Text</p>' },
  { id: 'image', label: 'Image', content: { type: 'image', style: { 'max-width': '100%' } } },
  {
    id: 'button',
    label: 'Button',
    content:
      '<a href="#" style="display:inline-block;padding:12px 24px;background:#1976d2;color:#fff;border-radius:4px;text-decoration:none">Button</a>',
  },
  { id: 'section', label: 'Section', content: '<section style="padding:24px;text-align:center"></section>' },
];

/** `<mj-divider />` as `<mj-divider></mj-divider>`: GrapesJS reads MJML as HTML, where a custom tag never closes itself. */
const closeTags = (mjml: string) => mjml.replace(/<(mj-[a-z-]+)((?:\s[^>]*?)?)\s*\/>/g, '<$1$2></$1>');

/** Opens what was saved: an email from its MJML, a web page from its GrapesJS project or else its HTML. */
export function load(editor: Editor, mode: EditorMode, json: Record<string, unknown> | null | undefined, source: string) {
  if (mode === 'email') {
    const mjml = typeof json?.mjml === 'string' && json.mjml ? json.mjml : source || EMPTY_MJML;
    editor.setComponents(closeTags(mjml));
  } else if (json && Array.isArray(json.pages)) editor.loadProjectData(json);
  else editor.setComponents(source);
}

/** The content as the API stores it: an email's HTML compiled from its MJML, kept in the project as `mjml`. */
export function contentOf(editor: Editor, mode: EditorMode): EditorContent {
  const project = editor.getProjectData() as Record<string, unknown>;
  if (mode === 'web') return { html: `${editor.getHtml()}<style>${editor.getCss() ?? ''}</style>`, json: project };
  const mjml = editor.getHtml();
  return { html: compileMjml(mjml).html, json: { ...project, mjml } };
}

/** Puts `text` where the operator is typing, or at the end of the selected text; false when neither. */
export function insertText(editor: Editor, text: string): boolean {
  const rte = editor.RichTextEditor.globalRte;
  if (editor.getEditing() && rte) {
    rte.insertHTML(text);
    return true;
  }
  const selected = editor.getSelected();
  if (!selected || (!selected.is('text') && !String(selected.get('type')).startsWith('mj-text'))) return false;
  selected.components().add({ type: 'textnode', content: text });
  return true;
}
